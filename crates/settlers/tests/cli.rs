//! The `settlers` binary, run as a user would.

mod command;

use command::{json_of, scratch, settlers};

use rand_core::SeedableRng;
use serde_json::Value;
use settlers_bots::by_name;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_core::map::LayoutOptions;
use settlers_core::record::{Record, SeatInfo};
use settlers_core::rules::STANDSTILL_ROUNDS;
use settlers_core::{Action, Actor, ChanceKind, Game, GameOptions, Scenario, ToAct};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn sim_json_has_every_key_and_the_counts_add_up() {
    let out = settlers(&[
        "sim",
        "--players",
        "heuristic,random,random,random",
        "--games",
        "12",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    let v = json_of(&out);
    for key in [
        "games",
        "players",
        "wins",
        "win_rate",
        "unfinished",
        "mean_turns",
        "games_per_second",
        "ns_per_step",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {v}");
    }
    assert_eq!(count(&v["games"]), 12);
    assert_eq!(v["players"][0], "heuristic");
    let wins: u64 = v["wins"].as_array().unwrap().iter().map(count).sum();
    assert_eq!(wins + count(&v["unfinished"]), 12);
    assert_eq!(v["win_rate"].as_array().unwrap().len(), 4);
    assert!(v["ns_per_step"].as_f64().unwrap() > 0.0);
}

#[test]
fn sim_results_do_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        let v = json_of(&settlers(&[
            "sim",
            "--players",
            "random,random,random",
            "--games",
            "6",
            "--seed",
            "8",
            "--threads",
            threads,
            "--json",
        ]));
        (v["wins"].clone(), v["mean_turns"].clone())
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn a_game_over_the_step_limit_is_unfinished() {
    let v = json_of(&settlers(&[
        "sim",
        "--games",
        "3",
        "--max-steps",
        "40",
        "--json",
    ]));
    assert_eq!(count(&v["unfinished"]), 3);
}

#[test]
fn sim_refuses_an_unknown_bot_naming_the_known_ones() {
    let out = settlers(&["sim", "--players", "random,oracle", "--games", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("oracle") && err.contains("random, heuristic"),
        "{err}"
    );
}

#[test]
fn records_written_by_sim_replay() {
    let dir = scratch("sim-records");
    let out = settlers(&[
        "sim",
        "--games",
        "3",
        "--seed",
        "5",
        "--layout",
        "random",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]);
    json_of(&out);
    for i in 0..3 {
        let file = dir.join(format!("game-{i:05}.json"));
        assert!(file.exists(), "no {}", file.display());
        let replay = settlers(&["replay", file.to_str().unwrap()]);
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        assert!(String::from_utf8_lossy(&replay.stdout).contains("winner: seat"));
        let v = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
        let winner = count(&v["winner"]) as usize;
        assert_eq!(v["finished"], true);
        assert!(count(&v["seats"][winner]["victory_points"]) >= 10, "{v}");
        for key in [
            "resources",
            "pieces_left",
            "development_cards",
            "played_knights",
        ] {
            assert!(v["seats"][0].get(key).is_some(), "no `{key}` in {v}");
        }
        assert!(v.get("longest_road").is_some() && v.get("largest_army").is_some());
    }
}

/// A record cut at its 300th action into a position, the rest of its actions going on from
/// there, replays to the same result as the whole record.
#[test]
fn a_record_that_begins_from_a_position_replays() {
    let dir = scratch("position-records");
    json_of(&settlers(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "8",
        "--scenario",
        "four-islands",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]));
    let whole =
        Record::from_json(&std::fs::read_to_string(dir.join("game-00000.json")).unwrap()).unwrap();
    let cut = 300;
    let at = whole.replay_steps(Some(cut), &mut (), |_, _| {}).unwrap();
    let (mut taken_up, _) = Record::from_position(at.to_position(), whole.seats.clone()).unwrap();
    taken_up.actions = whole.actions[cut..].to_vec();
    taken_up.result = whole.result.clone();
    let file = dir.join("from-position.json");
    std::fs::write(&file, taken_up.to_json_pretty()).unwrap();
    let from_position = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    let from_start = json_of(&settlers(&[
        "replay",
        dir.join("game-00000.json").to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(from_position["winner"], from_start["winner"]);
    assert_eq!(from_position["seats"], from_start["seats"]);
    assert_eq!(from_position["turns"], from_start["turns"]);
}

#[test]
fn a_tampered_record_is_refused_naming_the_action() {
    let dir = scratch("tampered");
    json_of(&settlers(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "7",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]));
    let file = dir.join("game-00000.json");
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // The first roll of the dice: make it roll twice, which the rules refuse.
    let actions = record["actions"].as_array_mut().unwrap();
    let index = actions
        .iter()
        .position(|a| a["action"] == "roll_dice")
        .unwrap();
    actions[index + 1] = actions[index].clone();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    let out = settlers(&["replay", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("action {}", index + 1)),
        "the message does not name action {}: {err}",
        index + 1
    );
}

#[test]
fn bench_json_has_every_key() {
    let v = json_of(&settlers(&["bench", "--json", "--games", "20"]));
    for key in [
        "scenario",
        "games",
        "steps_per_game",
        "games_per_second",
        "ns_per_step",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {v}");
    }
    assert_eq!(v["scenario"], "base");
    assert_eq!(v["bot"], "random");
    assert_eq!(count(&v["games"]), 20);
    assert!(v["steps_per_game"].as_f64().unwrap() > 100.0);
}

/// `--bot` seats another bot at every seat: the cost of its playouts. Heuristic games are
/// shorter than random ones (the bots build and win), and every one ends.
#[test]
fn bench_measures_another_bots_playouts() {
    let random = json_of(&settlers(&["bench", "--json", "--games", "4"]));
    let heuristic = json_of(&settlers(&[
        "bench",
        "--json",
        "--games",
        "4",
        "--bot",
        "heuristic",
    ]));
    assert_eq!(heuristic["bot"], "heuristic");
    assert_eq!(count(&heuristic["unfinished"]), 0);
    assert!(
        heuristic["steps_per_game"].as_f64() < random["steps_per_game"].as_f64(),
        "{heuristic} against {random}"
    );
    let text = settlers(&["bench", "--games", "1", "--bot", "heuristic"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("4 heuristic bots"));
    let unknown = settlers(&["bench", "--games", "1", "--bot", "nobody"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("there is no bot `nobody`"));
}

#[test]
fn sim_takes_the_victory_target_and_layout_options() {
    let dir = scratch("victory-target");
    let out = settlers(&[
        "sim",
        "--games",
        "4",
        "--victory-points",
        "4",
        "--clockwise-spiral",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(count(&json_of(&out)["unfinished"]), 0);
    let file = dir.join("game-00000.json");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["options"]["victory_points"], 4);
    let replay = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    let winner = count(&replay["winner"]) as usize;
    let points = count(&replay["seats"][winner]["victory_points"]);
    assert!((4..10).contains(&points), "the winner has {points} points");

    let out = settlers(&["sim", "--games", "1", "--victory-points", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("victory target of 0"));
}

/// base.md's engine option `bank_limit` off: the records say so, and replay with it.
#[test]
fn sim_plays_with_an_unlimited_bank() {
    let dir = scratch("unlimited-bank");
    let out = settlers(&[
        "sim",
        "--games",
        "3",
        "--unlimited-bank",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]);
    let report = json_of(&out);
    assert_eq!(count(&report["unfinished"]), 0);
    assert_eq!(report["variants"], "unlimited bank");
    let file = dir.join("game-00002.json");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["options"]["unlimited_bank"], true);
    let replay = settlers(&["replay", file.to_str().unwrap(), "--json"]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
}

/// The binary run with a standard output nobody reads: the pipe's reading end is closed
/// before the program starts, so its first write finds the pipe broken.
fn settlers_unread(args: &[&str], stderr: Stdio) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_settlers"))
        .args(args)
        .stdout(writer)
        .stderr(stderr)
        .output()
        .expect("the binary runs")
}

/// A standard error nobody reads either.
fn unread_stderr() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

#[test]
fn every_subcommand_stops_quietly_when_nobody_reads_its_output() {
    let dir = scratch("unread");
    json_of(&settlers(&[
        "sim",
        "--games",
        "1",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]));
    let record = dir.join("game-00000.json");
    let record = record.to_str().unwrap();
    let warned = dir.join("warned.json");
    std::fs::write(
        &warned,
        r#"{"id": "warned", "players": [3, 4], "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 6},
            {"hex": "1,0", "terrain": "hills", "number": 8},
            {"hex": "0,1", "terrain": "fields", "number": 5},
            {"hex": "1,1", "terrain": "desert"}
          ]}"#,
    )
    .unwrap();
    let warned = warned.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["sim", "--games", "3"],
        &["sim", "--games", "3", "--json"],
        &["bench", "--games", "3"],
        &["bench", "--games", "3", "--json"],
        &["replay", record],
        &["replay", record, "--json"],
        &["maps", "list"],
        &["maps", "show", "base"],
        &["maps", "show", "base", "--svg"],
        &["maps", "validate", warned],
        &["maps", "new-world", "--seed", "3"],
        &["maps", "new-world"],
        &["--help"],
    ];
    for args in commands {
        let out = settlers_unread(args, Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && !err.contains("panicked"),
            "settlers {}: {:?}\n{err}",
            args.join(" "),
            out.status
        );
    }
    // Warnings and errors go to standard error: nobody reading it is no panic either.
    let out = settlers_unread(
        &[
            "sim",
            "--map",
            warned,
            "--players",
            "random,random,random",
            "--games",
            "1",
            "--max-steps",
            "200",
        ],
        unread_stderr(),
    );
    assert!(out.status.success(), "{:?}", out.status);
    let out = settlers_unread(&["replay", "no-such-record.json"], unread_stderr());
    assert_eq!(out.status.code(), Some(1), "an error, not a panic");
}

/// `settlers serve` killed when dropped, so that a failed test leaves no server behind.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_goes_on_serving_when_nobody_reads_its_address() {
    let dir = scratch("serve-unread");
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let db = format!("sqlite://{}", dir.join("games.sqlite").display());
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut server = Serving(
        Command::new(env!("CARGO_BIN_EXE_settlers"))
            .args([
                "serve",
                "--addr",
                &addr,
                "--db",
                &db,
                "--web",
                "no-web-page-here",
            ])
            .stdout(writer)
            .stderr(Stdio::null())
            .spawn()
            .expect("settlers serve starts"),
    );
    // The address line is written before the server answers anyone: an answer means the
    // server got past it.
    let started = Instant::now();
    loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            panic!("settlers serve stopped: {status}");
        }
        if let Ok(mut stream) = TcpStream::connect(&addr) {
            stream
                .write_all(b"GET /api/bots HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                .unwrap();
            let mut answer = String::new();
            let _ = stream.read_to_string(&mut answer);
            if answer.starts_with("HTTP/1.1 200") {
                assert!(answer.contains("heuristic"), "{answer}");
                break;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "settlers serve never answered"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A base game whose seats never build after setup: the first legal action in setup, then
/// each turn a roll of 2 and the end of the turn, until the engine ends the game.
fn record_of_a_game_standing_still() -> Record {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            3,
            &LayoutOptions::default(),
            None,
            GameOptions::default(),
            &mut rng,
        )
        .unwrap();
    let mut game = Game::new(setup.clone()).unwrap();
    let mut record = Record::new(&setup, vec![SeatInfo::default(); 3]);
    loop {
        let (actor, action) = match game.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance(ChanceKind::Dice) => (Actor::Chance, Action::Dice(1, 1)),
            ToAct::Chance(other) => panic!("chance asked for {other:?}"),
            ToAct::Seats(_) => {
                let seat = game.state().active;
                let legal = game.legal_actions(seat).actions;
                let action = [Action::RollDice, Action::EndTurn]
                    .into_iter()
                    .find(|a| legal.contains(a))
                    .unwrap_or(legal[0]);
                (Actor::Seat(seat), action)
            }
        };
        record.push(&game, actor, &action);
        game.apply(actor, action).unwrap();
    }
    record.finish(&game);
    record
}

#[test]
fn replay_says_a_game_ended_without_a_winner_because_its_scores_stood_still() {
    let record = record_of_a_game_standing_still();
    assert_eq!(record.result.as_ref().unwrap().winner, None);
    let dir = scratch("standstill");
    let file = dir.join("standstill.json");
    std::fs::write(&file, record.to_json_pretty()).unwrap();
    let out = settlers(&["replay", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let winner = text.lines().find(|l| l.starts_with("winner:")).unwrap();
    assert_eq!(
        winner,
        format!(
            "winner: none (the scores stood still for {STANDSTILL_ROUNDS} rounds, so the game ended there)"
        )
    );
    let v = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["no_winner"], "scores_stood_still");

    // The same record stopped a turn short is not over.
    let mut short = record.clone();
    short.result = None;
    short.actions.truncate(short.actions.len() - 2);
    let file = dir.join("short.json");
    std::fs::write(&file, short.to_json_pretty()).unwrap();
    let out = settlers(&["replay", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("winner: none (the record stops before the game ends)"),
        "{text}"
    );
    let v = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(v["finished"], false);
    assert!(v.get("no_winner").is_none(), "{v}");
}

/// Game 775 of `settlers sim --scenario pirate-islands --players random,random,random
/// --seed 1`, the first of those 10,000 games that nobody could win any more.
const GAME_NOBODY_CAN_WIN: u64 = 775;

#[test]
fn replay_says_a_game_ended_without_a_winner_because_nobody_could_win() {
    let mut spec = GameSpec::new("pirate-islands", 3).unwrap();
    // As `settlers sim` lays it out.
    spec.layout.layout = spec.default_layout();
    let mut bots: Vec<_> = ["random"; 3].iter().map(|n| by_name(n).unwrap()).collect();
    let played = Table::new()
        .play(
            &spec,
            &mut bots,
            game_seed(1, GAME_NOBODY_CAN_WIN),
            100_000,
            true,
        )
        .unwrap();
    assert!(played.game.is_over() && played.game.nobody_can_win());
    let dir = scratch("nobody-can-win");
    let file = dir.join("pirate-islands.json");
    std::fs::write(&file, played.record.unwrap().to_json_pretty()).unwrap();
    let out = settlers(&["replay", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l == "winner: none (nobody could win any more, so the game ended there)"),
        "{text}"
    );
    let v = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(v["finished"], true);
    assert_eq!(v["no_winner"], "nobody_can_win");
}

#[test]
fn sim_help_lists_the_bots() {
    let out = settlers(&["sim", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    let names = settlers_bots::BOT_NAMES.join(", ");
    assert!(
        help.contains(&format!("[possible values: {names}]")),
        "{help}"
    );
    assert!(!help.contains("BOT_NAMES"), "{help}");
}

/// Digits of a report, which change from run to run and machine to machine, left out.
fn shape(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn the_readme_shows_what_sim_prints() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let section = readme.split("## The command line").nth(1).unwrap();
    let command = section
        .split("```sh\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let sample = section
        .split("```text\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let mut args: Vec<&str> = command
        .split_whitespace()
        .filter(|w| *w != "\\")
        .skip_while(|w| *w != "--")
        .skip(1)
        .collect();
    let games = args.iter().position(|a| *a == "--games").unwrap() + 1;
    args[games] = "20";
    // The thread count is the machine's unless given.
    args.extend(["--threads", "2"]);
    let out = settlers(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(shape(sample), shape(&String::from_utf8_lossy(&out.stdout)));
}

/// A database that cannot be opened is named with its cause, once: the database library's
/// errors repeat their causes' words.
#[test]
fn serve_names_a_database_it_cannot_open_once() {
    let out = settlers(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "sqlite:///nonexistent-directory/x.sqlite",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("opening the database sqlite:///nonexistent-directory/x.sqlite"),
        "{err}"
    );
    assert_eq!(
        err.matches("unable to open database file").count(),
        1,
        "{err}"
    );
}
