//! The server over real HTTP and WebSocket on loopback, as a page would use it: full games
//! between bots and a scripted person, tokens, bad messages, floods, HTTP errors, custom
//! maps, the web page's files. Every test runs on SQLite, and on PostgreSQL too when
//! `SETTLERS_TEST_POSTGRES` holds a URL. Every message received is checked for secrets.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_core::record::Record;
use std::time::Duration;

const BOTS_1_2_3: &[u8] = &[1, 2, 3];

/// What a spectator saw of a game: every view, and the board.
struct Watched {
    views: u64,
    /// Views that carried the board: the first, and those after it changed.
    boards: u64,
    /// The last view, with the board last sent.
    last: Value,
}

/// A spectator that reads every message until the game is won, checking each. The board
/// comes with the first view, then only when it changed (docs/protocol.md).
fn watch(mut spectator: Client) -> tokio::task::JoinHandle<Watched> {
    tokio::spawn(async move {
        let (mut views, mut boards) = (0, 0);
        let mut board: Option<Value> = None;
        loop {
            let mut m = spectator.expect("view").await;
            views += 1;
            assert!(m["legal"].is_null(), "a spectator may do nothing: {m}");
            match m["view"].get("map") {
                Some(map) => {
                    assert!(
                        board.as_ref() != Some(map),
                        "view {} sends the board again unchanged",
                        m["seq"]
                    );
                    board = Some(map.clone());
                    boards += 1;
                }
                None => assert!(board.is_some(), "the first view has no board: {m}"),
            }
            if !m["view"]["winner"].is_null() {
                m["view"]["map"] = board.expect("a board was sent");
                return Watched {
                    views,
                    boards,
                    last: m,
                };
            }
        }
    })
}

/// The replay of a finished game: its start, its end as the spectator saw it, and a step
/// past the end refused.
async fn replay_shows_what_the_spectator_saw(addr: std::net::SocketAddr, id: &str, last: &Value) {
    let total = last["seq"].as_u64().unwrap();
    let (status, start) = get_json(addr, &format!("/api/games/{id}/replay?at=0")).await;
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["at"], 0);
    assert_eq!(start["actions"], total);
    assert_eq!(start["view"]["turn"], 0);
    assert!(
        start["view"]["map"]["hexes"].is_array(),
        "a replay step has its board"
    );
    let (status, end) = get_json(addr, &format!("/api/games/{id}/replay?at={total}")).await;
    assert_eq!(status, 200, "{end}");
    assert_eq!(
        end["view"], last["view"],
        "the replay's end is what the spectator saw"
    );
    assert_error(
        &get_json(addr, &format!("/api/games/{id}/replay?at={}", total + 1)).await,
        400,
        "from 0 to",
    );
}

/// The record of a finished game, read back and replayed with the engine.
async fn finished_record(addr: std::net::SocketAddr, id: &str) -> Record {
    let (status, text) =
        common::request(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{text}");
    let record = Record::from_json(&text).expect("a record");
    record.replay().expect("the record replays");
    record
}

async fn full_game(db: &TestDb, scenario: &str) {
    let addr = start(&db.url).await;
    let game = create(
        addr,
        scenario,
        &["human", "heuristic", "heuristic", "heuristic"],
        json!({}),
    )
    .await;
    let (status, summary) = get_json(addr, &format!("/api/games/{}", game.id)).await;
    assert_eq!(status, 200);
    assert_eq!(summary["status"], "playing");
    assert_eq!(summary["seats"][0]["kind"], "human");
    assert_eq!(summary["seats"][1]["bot"], "heuristic");
    let (_, lobby) = get_json(addr, "/api/games").await;
    assert!(
        lobby["open"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str())
    );
    assert_error(
        &get_json(addr, &format!("/api/games/{}/record", game.id)).await,
        409,
        "not finished",
    );
    assert_error(
        &get_json(addr, &format!("/api/games/{}/replay?at=0", game.id)).await,
        409,
        "not finished",
    );

    let spectator = watch(Client::connect(addr, &game.spectator_path()).await);
    let mut person = Client::connect(addr, &game.seat_path(0)).await;
    let last = play(&mut person, BOTS_1_2_3, |_| false).await;
    let Watched {
        views: spectator_views,
        boards,
        last: spectator_last,
    } = spectator.await.unwrap();
    assert!(spectator_views > 10);
    // The base board never changes: it came once, with the first view; the fog's board
    // changes as hexes are turned over.
    if scenario == "fog-islands" {
        assert!(boards > 1, "fog turned over, but no new board was sent");
    } else {
        assert_eq!(boards, 1, "{scenario}: the board was sent again unchanged");
    }
    assert_eq!(spectator_last["seq"], last["seq"], "both saw the end");
    assert_eq!(spectator_last["view"]["winner"], last["view"]["winner"]);

    let record = finished_record(addr, &game.id).await;
    assert_eq!(record.actions.len() as u64, last["seq"].as_u64().unwrap());
    replay_shows_what_the_spectator_saw(addr, &game.id, &spectator_last).await;
    let result = record.result.expect("a finished record has its result");
    assert_eq!(
        result.winner.map(u64::from),
        last["view"]["winner"].as_u64()
    );
    assert_eq!(record.seats[0].name.as_deref(), Some("Player 0"));
    assert_eq!(record.seats[1].bot.as_deref(), Some("heuristic"));

    let (_, summary) = get_json(addr, &format!("/api/games/{}", game.id)).await;
    assert_eq!(summary["status"], "finished", "{summary}");
    assert_eq!(summary["winner"], last["view"]["winner"]);
    let (_, lobby) = get_json(addr, "/api/games").await;
    assert!(
        lobby["finished"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str())
    );
    assert!(
        !lobby["open"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str())
    );

    // A finished game can still be watched: its last view, and nothing to do.
    let mut late = Client::connect(addr, &game.seat_path(0)).await;
    let m = late.expect("view").await;
    assert_eq!(m["seq"], last["seq"]);
    assert!(m["legal"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_three_bots_play_a_whole_game() {
    for db in databases("full_game") {
        println!("{}", db.name());
        full_game(&db, "base").await;
        db.drop().await;
    }
}

/// The Fog Islands: fog hexes are turned over as roads and ships reach them; until then no
/// view tells what they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fog_stays_face_down_in_every_view() {
    let db = databases("fog").remove(0);
    full_game(&db, "fog-islands").await;
}

/// Every scenario, played to the end by a scripted person and bots, watched by a spectator:
/// every view of both checked for secrets, every record replayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scenario_plays_to_the_end() {
    let db = databases("every_scenario").remove(0);
    let addr = start(&db.url).await;
    let (_, scenarios) = get_json(addr, "/api/scenarios").await;
    let games = scenarios.as_array().unwrap().iter().flat_map(|s| {
        let players: Vec<u64> = s["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        // The most players, and two when a scenario takes two (Barbarian Attack for two).
        let mut counts = vec![*players.iter().max().unwrap()];
        if players.contains(&2) {
            counts.push(2);
        }
        counts
            .into_iter()
            .map(move |n| (s["name"].as_str().unwrap().to_string(), n as usize))
    });
    for (name, seats) in games {
        let name = name.as_str();
        let mut kinds = vec!["human"];
        kinds.resize(seats, "heuristic");
        let bots: Vec<u8> = (1..seats as u8).collect();
        let game = create(addr, name, &kinds, json!({})).await;
        let spectator = watch(Client::connect(addr, &game.spectator_path()).await);
        let mut person = Client::connect(addr, &game.seat_path(0)).await;
        let last = play(&mut person, &bots, |_| false).await;
        let watched = spectator.await.unwrap();
        let seen = &watched.last;
        assert_eq!(seen["seq"], last["seq"], "{name}");
        assert!(
            watched.boards < watched.views,
            "{name}: the board with every view"
        );
        // The board a new connection gets is the one the spectator put together.
        let mut late = Client::connect(addr, &game.spectator_path()).await;
        let now = late.expect("view").await;
        assert_eq!(now["view"]["map"], seen["view"]["map"], "{name}");

        replay_shows_what_the_spectator_saw(addr, &game.id, seen).await;
        let record = finished_record(addr, &game.id).await;
        assert_eq!(record.scenario, name);
        println!("{name}, {seats} seats: {} actions", record.actions.len());
    }
}

/// Plays until the person may act, and returns that view.
async fn until_my_turn(client: &mut Client, bots: &[u8]) -> Value {
    let seat = client.viewer.unwrap();
    loop {
        let m = client.expect("view").await;
        if may_act(&m, seat, bots) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_plays_its_own_seat_only() {
    for db in databases("tokens") {
        let addr = start(&db.url).await;
        let game = create(addr, "base", &["human", "human", "heuristic"], json!({})).await;
        let id = &game.id;

        let refused = [
            format!("/api/games/{id}/ws?seat=0&token=not-the-token"),
            format!("/api/games/{id}/ws?seat=1&token={}", game.token(0)),
            format!("/api/games/{id}/ws?seat=2&token={}", game.token(0)),
            format!("/api/games/{id}/ws?seat=7&token={}", game.token(0)),
            format!("/api/games/{id}/ws?seat=0"),
        ];
        for path in refused {
            let mut c = Client::connect(addr, &path).await;
            c.viewer = None;
            c.expect_error("forbidden").await;
            assert!(c.next().await.is_none(), "{path}: the connection is closed");
        }

        // The two people: whichever the game waits for acts; the other is refused.
        let mut seats = [
            Client::connect(addr, &game.seat_path(0)).await,
            Client::connect(addr, &game.seat_path(1)).await,
        ];
        // Bots act at once, until the game waits for a person only.
        let waiting = loop {
            let m = seats[0].expect("view").await;
            let to_act = m["view"]["to_act"].as_array().unwrap().clone();
            if !to_act.is_empty() && !to_act.contains(&json!(2)) {
                break to_act[0].as_u64().unwrap() as usize;
            }
        };
        let other = 1 - waiting;
        seats[other]
            .send(&json!({"type": "act", "action": {"action": "build_settlement", "corner": "1,1,N"}}))
            .await;
        let e = seats[other].expect_error("not_your_turn").await;
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .starts_with("it is not your turn"),
            "{e}"
        );

        // A spectator may not act, and stays connected.
        let mut spectator = Client::connect(addr, &game.spectator_path()).await;
        let seen = spectator.expect("view").await;
        spectator
            .send(&json!({"type": "act", "action": {"action": "end_turn"}}))
            .await;
        spectator.expect_error("forbidden").await;
        spectator.ping().await;

        // Nothing changed: a new connection sees the same game.
        let mut again = Client::connect(addr, &game.spectator_path()).await;
        let now = again.expect("view").await;
        assert_eq!(now["seq"], seen["seq"]);
        assert_eq!(without_map(&now["view"]), without_map(&seen["view"]));
        db.drop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_answered_and_change_nothing() {
    for db in databases("bad_messages") {
        let addr = start(&db.url).await;
        let game = create(
            addr,
            "base",
            &["human", "heuristic", "heuristic", "heuristic"],
            json!({}),
        )
        .await;
        let mut person = Client::connect(addr, &game.seat_path(0)).await;
        let before = until_my_turn(&mut person, BOTS_1_2_3).await;

        person.send_text("{this is not json").await;
        let e = person.expect_error("malformed").await;
        assert!(
            e["message"].as_str().unwrap().starts_with("not JSON"),
            "{e}"
        );
        person.send_text("null").await;
        let e = person.expect_error("malformed").await;
        assert_eq!(
            e["message"],
            "a message is a JSON object with a `type`, `act`, `counter`, `answer_counter` or `ping`, not null"
        );
        person.send(&json!({"type": "dance"})).await;
        let e = person.expect_error("malformed").await;
        assert!(e["message"].as_str().unwrap().contains("dance"), "{e}");
        person
            .send(&json!({"type": "act", "action": {"action": "fly"}}))
            .await;
        person.expect_error("malformed").await;
        person.send(&json!({"type": "act"})).await;
        person.expect_error("malformed").await;
        person.send_binary(vec![1, 2, 3]).await;
        person.expect_error("malformed").await;

        // Refused by the rules, in the engine's words.
        person
            .send(&json!({"type": "act", "action": {"action": "dice", "dice": [6, 6]}}))
            .await;
        let e = person.expect_error("illegal").await;
        assert_eq!(e["message"], "only chance may roll the dice");
        person
            .send(&json!({"type": "act", "action": {"action": "build_settlement", "corner": "40,40,N"}}))
            .await;
        let e = person.expect_error("illegal").await;
        assert_eq!(e["message"], "there is no corner 40,40,N on this board");
        person
            .send(&json!({"type": "act", "action": {"action": "play_monopoly", "resource": "ore"}}))
            .await;
        let e = person.expect_error("illegal").await;
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .starts_with("you cannot play Monopoly now"),
            "{e}"
        );

        // Too large: answered, not read.
        let big = format!(
            r#"{{"type": "act", "action": {{"action": "end_turn", "padding": "{}"}}}}"#,
            "x".repeat(20 * 1024)
        );
        person.send_text(&big).await;
        let e = person.expect_error("too_large").await;
        assert!(e["message"].as_str().unwrap().contains("16384"), "{e}");

        person.ping().await;

        // Nothing changed: the same game, to a new connection and to this one.
        let mut again = Client::connect(addr, &game.seat_path(0)).await;
        let now = again.expect("view").await;
        assert_eq!(now["seq"], before["seq"]);
        assert_eq!(without_map(&now["view"]), without_map(&before["view"]));
        assert_eq!(now["legal"], before["legal"]);
        drop(again);

        // And the game goes on.
        person
            .send(&json!({"type": "act", "action": choose(&before)}))
            .await;
        let next = person.expect("view").await;
        assert!(next["seq"].as_u64() > before["seq"].as_u64());
        db.drop().await;
    }
}

/// More than 20 messages in a second: the extra ones are refused, the connection stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_and_the_connection_goes_on() {
    let db = databases("flood").remove(0);
    let addr = start_with(settlers_server::ServerConfig {
        bot_delay: Duration::ZERO,
        accept_seeds: true,
        ..settlers_server::ServerConfig::new(&db.url)
    })
    .await;
    let game = create(addr, "base", &["human", "random", "random"], json!({})).await;
    let mut person = Client::connect(addr, &game.seat_path(0)).await;
    let _ = until_my_turn(&mut person, &[1, 2]).await;
    const SENT: usize = 100;
    for _ in 0..SENT {
        person.send(&json!({"type": "ping"})).await;
    }
    let (mut pongs, mut refused) = (0, 0);
    while pongs + refused < SENT {
        let m = person.next().await.expect("open");
        match m["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                assert_eq!(m["kind"], "too_fast", "{m}");
                refused += 1;
            }
            other => panic!("unexpected {other}: {m}"),
        }
    }
    assert!(pongs >= 20, "the first 20 are answered");
    assert!(refused > 0, "a flood of {SENT} is refused in part");
    // After a second's pause the connection is as good as new.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    person.ping().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_errors_are_json_with_a_4xx_status() {
    let db = databases("http_errors").remove(0);
    let addr = start_with(settlers_server::ServerConfig {
        bot_delay: Duration::ZERO,
        ..settlers_server::ServerConfig::new(&db.url)
    })
    .await;
    let bot = json!({"kind": "bot", "bot": "random"});
    let human = json!({"kind": "human"});
    let cases = [
        (
            json!({"scenario": "atlantis", "seats": [bot, bot, bot]}),
            "no scenario `atlantis`",
        ),
        (
            json!({"seats": [bot, {"kind": "bot", "bot": "genius"}, bot]}),
            "no bot `genius`",
        ),
        (json!({"seats": [bot, bot]}), "3 or 4 players"),
        (
            json!({"seats": [bot, bot, bot, bot, bot]}),
            "a game has 2 to 4 seats",
        ),
        (
            json!({"seats": [bot, bot, {"kind": "alien"}]}),
            "the body is not right",
        ),
        (
            json!({"seats": [bot, bot, bot], "colour": "red"}),
            "unknown field `colour`",
        ),
        (
            json!([]),
            "the body is a JSON object (docs/protocol.md), not an array",
        ),
        (
            json!({"seats": [bot, bot, bot], "seed": 7}),
            "draws every game's seed itself",
        ),
        (
            json!({"seats": [human, bot, {"kind": "human", "name": "x".repeat(41)}]}),
            "at most 40 characters",
        ),
        (
            json!({"seats": [bot, bot, bot], "options": {"layout": "spiral"}}),
            "unknown variant `spiral`",
        ),
        (
            json!({"seats": [bot, bot, bot], "map": {"id": "mine", "hexes": [{"hex": "0,0", "terrain": "lava"}, {"hex": "zero", "terrain": "hills"}]}}),
            "problems",
        ),
        (
            json!({"seats": [bot, bot, bot], "options": {"victory_points": 1}}),
            "`victory_points` 1: a game is played to 3 to 30 points",
        ),
        (
            json!({"scenario": "new-shores", "seats": [bot, bot, bot], "options": {"special_vp_value": 0}}),
            "`special_vp_value` 0",
        ),
        (
            // It once wrapped round: 255 made a second island give 254 (u8).
            json!({"scenario": "new-shores", "seats": [bot, bot, bot], "options": {"special_vp_value": 255}}),
            "`special_vp_value` 255: a scoring area earns 0 to 10 special victory points",
        ),
        (
            json!({"scenario": "new-shores", "seats": [bot, bot, bot], "options": {"special_vp_value": 11}}),
            "`special_vp_value` 11: a scoring area earns 0 to 10",
        ),
        (
            json!({"scenario": "new-shores", "seats": [bot, bot, bot], "options": {"special_vp_value": 256}}),
            "`options.special_vp_value`: invalid value: integer `256`, expected u8",
        ),
        (
            json!({"seats": [bot, bot, bot], "options": {"special_vp_value": 2}}),
            "this game awards no special victory points",
        ),
        (
            json!({"scenario": "barbarian-attack", "seats": [bot, bot, bot], "options": {"tournament": "none"}}),
            "it goes with `event_cards: true`",
        ),
    ];
    for (body, words) in cases {
        assert_error(&post_json(addr, "/api/games", &body).await, 400, words);
    }
    let (status, body) = common::request(addr, "POST", "/api/games", Some(b"{\"seats\": [")).await;
    assert_eq!(status, 400, "{body}");
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    let huge = vec![b' '; 2 << 20];
    let (status, body) = common::request(addr, "POST", "/api/games", Some(&huge)).await;
    assert_eq!(status, 413, "{body}");
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());

    assert_error(
        &get_json(addr, "/api/games/nosuchgame").await,
        404,
        "no game",
    );
    assert_error(
        &get_json(addr, "/api/games/nosuchgame/record").await,
        404,
        "no game",
    );
    assert_error(&get_json(addr, "/api/games/nosuchgame/ws").await, 400, "");
    assert_error(
        &get_json(addr, "/api/teapot").await,
        404,
        "no such API path",
    );
    let (status, body) = common::request(addr, "DELETE", "/api/games", None).await;
    assert_eq!(status, 405);
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    match tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/nosuchgame/ws")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 404)
        }
        other => panic!("a socket to no game: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_map_of_ones_own_and_the_options() {
    for db in databases("own_map") {
        let addr = start(&db.url).await;
        let mut map: Value =
            serde_json::from_str(settlers_core::map::builtin::text("base").unwrap()).unwrap();
        map["id"] = json!("my-island");
        let game = create(
            addr,
            "",
            &["random", "heuristic", "heuristic"],
            json!({"map": map, "options": {"victory_points": 5, "layout": "beginner", "unlimited_bank": true}}),
        )
        .await;
        let mut spectator = Client::connect(addr, &game.spectator_path()).await;
        let first = spectator.expect("view").await;
        assert_eq!(first["view"]["scenario"], "my-island");
        assert_eq!(first["view"]["victory_target"], 5);
        assert_eq!(first["view"]["unlimited_bank"], true);
        loop {
            let m = spectator.expect("view").await;
            if !m["view"]["winner"].is_null() {
                break;
            }
        }
        let record = finished_record(addr, &game.id).await;
        assert_eq!(record.scenario, "my-island");
        assert_eq!(record.options.victory_points, Some(5));
        assert!(record.options.unlimited_bank);

        // A scenario's special victory points, and its default layout.
        let game = create(
            addr,
            "new-shores",
            &["human", "heuristic", "heuristic"],
            json!({"options": {"special_vp_value": 3}}),
        )
        .await;
        let mut person = Client::connect(addr, &game.seat_path(0)).await;
        let m = person.expect("view").await;
        assert_eq!(m["view"]["scenario"], "new-shores");
        assert_eq!(m["view"]["victory_target"], 14);
        assert!(
            m["view"].get("unlimited_bank").is_none(),
            "left out when off"
        );
        db.drop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_scenarios_and_bots() {
    let db = databases("lobby").remove(0);
    let addr = start(&db.url).await;
    let (status, scenarios) = get_json(addr, "/api/scenarios").await;
    assert_eq!(status, 200);
    let scenarios = scenarios.as_array().unwrap();
    let base = scenarios
        .iter()
        .find(|s| s["name"] == "base")
        .expect("base");
    assert_eq!(base["players"], json!([3, 4]));
    assert_eq!(base["victory_points"], 10);
    assert_eq!(base["default_layout"], "variable");
    assert!(base["preview"]["hexes"].as_array().unwrap().len() >= 19);
    for s in scenarios {
        assert!(s["preview"].is_object(), "{} has a preview", s["name"]);
        let pools = &s["preview"]["pools"];
        assert!(pools.is_null() || pools.as_object().unwrap().is_empty());
    }
    let (_, bots) = get_json(addr, "/api/bots").await;
    assert_eq!(bots, json!(["random", "heuristic", "mcts"]));
    let (_, lobby) = get_json(addr, "/api/games").await;
    assert_eq!(
        lobby,
        json!({"open": [], "finished": [], "page": 0, "per_page": 50, "open_total": 0, "next_page": null})
    );
}

/// SC9-1, "players may agree to redo a poor map": the lobby previews a New World drawn from
/// a seed, draws again with another, and the game created with a seed is played on the map
/// previewed; its view starts with the harbor tokens to place (SC9-3).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_world_is_previewed_drawn_again_and_played_as_shown() {
    let db = databases("preview").remove(0);
    let addr = start(&db.url).await;
    let path = |seed: u64| format!("/api/preview?scenario=new-world&players=3&map_seed={seed}");
    let (status, one) = get_json(addr, &path(41)).await;
    assert_eq!(status, 200, "{one}");
    let (_, again) = get_json(addr, &path(41)).await;
    assert_eq!(one, again, "the same seed draws the same map");
    let (_, other) = get_json(addr, &path(42)).await;
    assert_ne!(
        one["map"]["hexes"], other["map"]["hexes"],
        "another seed, another map"
    );
    assert_eq!(one["map"]["harbor_placement"]["tokens"]["3:1"], 4);
    assert!(
        one["map"]["harbors"].is_null(),
        "the players place the harbors"
    );

    for (query, words) in [
        ("scenario=new-world&players=5&map_seed=1", "not 5"),
        ("scenario=new-world&players=3", "map_seed"),
        ("scenario=new-world&map_seed=x", "whole number"),
        ("scenario=nowhere&map_seed=1", "no scenario"),
        ("scenario=new-world&map_seed=1&colour=red", "`colour`"),
    ] {
        let (status, answer) = get_json(addr, &format!("/api/preview?{query}")).await;
        assert_eq!(status, 400, "{query}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(words),
            "{query}: {answer}"
        );
    }

    // A server that draws its games' seeds itself takes the map's.
    let body = json!({"scenario": "new-world", "map_seed": 42, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]});
    let (status, created) = post_json(addr, "/api/games", &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let mut person =
        Client::connect(addr, &format!("/api/games/{id}/ws?seat=0&token={token}")).await;
    let first = person.expect("view").await;
    assert_eq!(first["view"]["map"]["hexes"], other["map"]["hexes"]);
    let placement = &first["view"]["harbor_placement"];
    assert!(placement.is_object(), "{first}");
    let (status, answer) = post_json(
        addr,
        "/api/games",
        &json!({"map_seed": 1, "map": {"id": "x", "hexes": []},
        "seats": [{"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("map_seed"),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_page_is_served_with_its_routes() {
    let db = databases("web").remove(0);
    let web = scratch("web_dist");
    std::fs::write(web.join("index.html"), "<p>the page</p>").unwrap();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("assets/app.js"), "console.log(1)").unwrap();
    let addr = start_with(settlers_server::ServerConfig {
        web_dir: Some(web),
        ..settlers_server::ServerConfig::new(&db.url)
    })
    .await;
    for path in ["/", "/game/abcdef", "/game/abcdef?seat=0&token=x"] {
        let (status, body) = common::request(addr, "GET", path, None).await;
        assert_eq!((status, body.as_str()), (200, "<p>the page</p>"), "{path}");
    }
    let (status, body) = common::request(addr, "GET", "/assets/app.js", None).await;
    assert_eq!((status, body.as_str()), (200, "console.log(1)"));
    assert_eq!(get_json(addr, "/api/bots").await.0, 200);
}
