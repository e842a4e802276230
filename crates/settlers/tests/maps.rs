//! `settlers maps`, `sim --map` and the New World scenario, run as a user would
//! (scenarios.md SC9; docs/map-format.md, "Your own maps").

mod command;

use command::{json_of, scratch, settlers};

use serde_json::Value;
use settlers_core::Hex;
use settlers_core::map::{MapFile, builtin};
use settlers_core::scenario::SCENARIOS;
use std::path::{Path, PathBuf};
use std::process::Output;

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The Seafarers map of docs/map-format.md ("Your own maps"), written to `dir`.
fn docs_map(dir: &Path) -> PathBuf {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/map-format.md"
    ))
    .unwrap();
    let last = doc
        .split("```json\n")
        .last()
        .and_then(|b| b.split("```").next())
        .unwrap();
    let path = dir.join("two-isles.json");
    std::fs::write(&path, last).unwrap();
    path
}

/// The cell the text picture gives a hex: terrain letter and number.
fn cell(terrain: &str, number: Option<u64>) -> String {
    let code = match terrain {
        "sea" => "~~",
        "desert" => "D",
        "gold" => "G",
        "fields" => "F",
        "hills" => "H",
        "mountains" => "M",
        "pasture" => "P",
        "forest" => "W",
        "castle" => "C",
        "fog" => "?",
        other => panic!("terrain {other}"),
    };
    match number {
        Some(n) => format!("{code}{n}"),
        None if !matches!(terrain, "sea" | "desert" | "castle" | "fog") => format!("{code}_"),
        None => code.into(),
    }
}

/// Every hex of `map` is in the picture: the row `rN` lists its hexes' cells in q order.
fn assert_picture_shows(picture: &str, map: &Value) {
    let mut rows: std::collections::BTreeMap<i64, Vec<(i64, String)>> = Default::default();
    for h in map["hexes"].as_array().unwrap() {
        let hex: Hex = h["hex"].as_str().unwrap().parse().unwrap();
        let terrain = h["terrain"].as_str().unwrap();
        rows.entry(i64::from(hex.r))
            .or_default()
            .push((i64::from(hex.q), cell(terrain, h["number"].as_u64())));
    }
    for (r, mut cells) in rows {
        cells.sort();
        let label = format!("r{r}");
        let line = picture
            .lines()
            .find(|l| l.split_whitespace().next() == Some(label.as_str()))
            .unwrap_or_else(|| panic!("no row {label} in\n{picture}"));
        let shown: Vec<&str> = line.split_whitespace().skip(1).collect();
        let expected: Vec<&str> = cells.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(shown, expected, "row {label} of\n{picture}");
    }
}

#[test]
fn list_shows_every_scenario_and_built_in_map() {
    let out = stdout(&settlers(&["maps", "list"]));
    for s in SCENARIOS {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(s.name))
            .unwrap_or_else(|| panic!("no scenario {} in\n{out}", s.name));
        assert!(line.contains(s.title), "{line}");
        assert!(line.contains(&s.victory_points.to_string()), "{line}");
        // Smallest first, whatever the order of the scenario's maps.
        let players = if s.name == "barbarian-attack" {
            "2, 3 or 4"
        } else {
            "3 or 4"
        };
        assert!(line.contains(&format!(" {players} ")), "{line}");
    }
    assert!(out.contains("new-world") && out.contains("a new map every game"));
    for (id, _) in builtin::MAPS {
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().next() == Some(*id)),
            "no map {id} in\n{out}"
        );
    }
}

#[test]
fn show_prints_every_hex_and_harbor_of_a_map() {
    for id in ["new-shores-4", "base", "fog-islands-3"] {
        let out = stdout(&settlers(&["maps", "show", id]));
        let map: Value = serde_json::from_str(builtin::text(id).unwrap()).unwrap();
        assert_picture_shows(&out, &map);
        let file = MapFile::from_json(builtin::text(id).unwrap()).unwrap();
        for h in &file.harbors {
            let edge: settlers_core::Edge = h.edge.parse().unwrap();
            assert!(
                out.contains(&edge.to_string()),
                "no harbor {edge} in\n{out}"
            );
        }
    }

    // A map file, as `sim --map` lays it out; its islands and modules in words.
    let dir = scratch("show-file");
    let path = docs_map(&dir);
    let out = stdout(&settlers(&["maps", "show", path.to_str().unwrap()]));
    let map: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_picture_shows(&out, &map);
    assert!(out.contains("islands: 2"), "{out}");
    assert!(out.contains("ships, pirate, longest trade route"), "{out}");

    // A New World map, drawn from the seed.
    let out = stdout(&settlers(&["maps", "show", "new-world", "--seed", "4"]));
    let drawn = json_of(&settlers(&["maps", "new-world", "--seed", "4"]));
    assert_picture_shows(&out, &drawn);

    let out = settlers(&["maps", "show", "atlantis"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("`atlantis`"));
}

#[test]
fn show_draws_an_svg_of_every_hex_and_harbor() {
    let svg = stdout(&settlers(&["maps", "show", "base", "--svg"]));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 19);
    assert_eq!(svg.matches("data-harbor=").count(), 9);
    assert!(svg.contains(r#"data-hex="1,2""#));

    let dir = scratch("svg");
    let file = dir.join("world.svg");
    stdout(&settlers(&[
        "maps",
        "show",
        "new-world",
        "--seed",
        "2",
        "--svg",
        file.to_str().unwrap(),
    ]));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 44);
    // The players place the New World's 9 harbors in play (SC9-3): none is drawn yet.
    assert_eq!(svg.matches("data-harbor=").count(), 0);
}

#[test]
fn validate_names_every_problem_with_its_coordinate_and_fails() {
    let dir = scratch("validate");
    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        r#"{
          "id": "broken",
          "game": "base",
          "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 5},
            {"hex": "1,0", "terrain": "hills", "number": 9},
            {"hex": "2,0", "terrain": "sea", "number": 4},
            {"hex": "3,0", "terrain": "sea"},
            {"hex": "4,0", "terrain": "fields", "number": 10},
            {"hex": "5000,1", "terrain": "fields"}
          ],
          "harbors": [{"edge": "0,0,E", "type": "3:1"}],
          "areas": {"home": ["0,0", "1,0", "7,7"], "far": ["4,0"]},
          "setup": {"allowed_areas": ["home", "middle"]},
          "special_vp": {"kind": "first-settlement-per-area", "areas": ["far", "moon"]}
        }"#,
    )
    .unwrap();
    let out = settlers(&["maps", "validate", broken.to_str().unwrap()]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    for parts in [
        ["hex 2,0", "a number on a sea hex"],
        ["harbor 0,0,E", "land on both sides"],
        ["areas.home", "7,7 is off the map"],
        ["setup.allowed_areas", "`middle`"],
        ["special_vp.areas", "`moon`"],
        ["hexes[5]", "5000,1"],
        ["island 4,0", "could ever hold a settlement"],
    ] {
        assert!(
            text.lines()
                .any(|l| l.contains("error: ") && parts.iter().all(|p| l.contains(p))),
            "no error names {parts:?}:\n{text}"
        );
    }
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the map has 7 problems"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Warnings alone: printed, and the map is valid.
    let warned = dir.join("warned.json");
    std::fs::write(
        &warned,
        r#"{"id": "warned", "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 6},
            {"hex": "1,0", "terrain": "hills", "number": 8}
          ], "rules": {"wonders": true}}"#,
    )
    .unwrap();
    let text = stdout(&settlers(&["maps", "validate", warned.to_str().unwrap()]));
    assert!(
        text.contains("warning: hexes 0,0 and 1,0: a 6 or 8 next to another"),
        "{text}"
    );
    assert!(text.contains("warning: rules.wonders"), "{text}");
    assert!(text.contains("is a valid map"), "{text}");

    // Not JSON at all: where it breaks.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"id\": \"x\",\n \"hexes\": [}").unwrap();
    let out = settlers(&["maps", "validate", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
}

fn red_numbers_touch(map: &Value) -> Vec<(Hex, Hex)> {
    let red: Vec<Hex> = map["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| matches!(h["number"].as_u64(), Some(6 | 8)))
        .map(|h| h["hex"].as_str().unwrap().parse().unwrap())
        .collect();
    let mut touching = Vec::new();
    for (i, a) in red.iter().enumerate() {
        for b in &red[i + 1..] {
            if a.distance(*b) == 1 {
                touching.push((*a, *b));
            }
        }
    }
    touching
}

#[test]
fn new_world_draws_the_same_map_from_a_seed_and_others_from_other_seeds() {
    let one = stdout(&settlers(&["maps", "new-world", "--seed", "12"]));
    assert_eq!(
        one,
        stdout(&settlers(&["maps", "new-world", "--seed", "12"]))
    );
    let other = stdout(&settlers(&["maps", "new-world", "--seed", "13"]));
    let hexes = |text: &str| serde_json::from_str::<Value>(text).unwrap()["hexes"].clone();
    assert_ne!(hexes(&one), hexes(&other));

    let dir = scratch("new-world");
    for seed in 0..12 {
        let path = dir.join(format!("world-{seed}.json"));
        let players = if seed % 2 == 0 { "3" } else { "4" };
        stdout(&settlers(&[
            "maps",
            "new-world",
            "--seed",
            &seed.to_string(),
            "--players",
            players,
            "--out",
            path.to_str().unwrap(),
        ]));
        let text = stdout(&settlers(&["maps", "validate", path.to_str().unwrap()]));
        assert!(
            // The 9 harbors are the players' to place (SC9-3).
            text.contains("is a valid map: 44 hexes (23 land), 0 harbors"),
            "{text}"
        );
        let map: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(red_numbers_touch(&map), [], "seed {seed}");
        assert_eq!(
            map["players"],
            serde_json::json!([players.parse::<u8>().unwrap()])
        );
        assert_eq!(map["victory_points"], 12);
        assert!(map["areas"]["island-1"].is_array());
    }

    let out = settlers(&["maps", "new-world", "--seed", "1", "--players", "5"]);
    assert!(!out.status.success());
}

#[test]
fn sim_plays_a_map_of_ones_own_to_the_end_and_its_records_replay() {
    let dir = scratch("sim-map");
    let path = docs_map(&dir);
    let records = dir.join("records");
    let v = json_of(&settlers(&[
        "sim",
        "--map",
        path.to_str().unwrap(),
        "--players",
        "heuristic,random,random",
        "--games",
        "8",
        "--records",
        records.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["scenario"], "two-isles");
    assert_eq!(v["unfinished"], 0);
    let wins: u64 = v["wins"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(wins, 8);
    let file = records.join("game-00000.json");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["scenario"], "two-isles");
    let replay = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(replay["finished"], true);
    let winner = replay["winner"].as_u64().unwrap() as usize;
    assert!(replay["seats"][winner]["victory_points"].as_u64().unwrap() >= 8);

    let v = json_of(&settlers(&[
        "bench",
        "--map",
        path.to_str().unwrap(),
        "--games",
        "5",
        "--json",
    ]));
    assert_eq!(v["scenario"], "two-isles");
    assert_eq!(v["unfinished"], 0);

    // The map's player counts hold, and a broken map is refused with its problems.
    let out = settlers(&[
        "sim",
        "--map",
        path.to_str().unwrap(),
        "--players",
        "random,random",
        "--games",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("for 3 or 4 players, not 2"));
    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        std::fs::read_to_string(&path)
            .unwrap()
            .replace(r#""terrain": "sea"}"#, r#""terrain": "sea", "number": 5}"#),
    )
    .unwrap();
    let out = settlers(&["sim", "--map", broken.to_str().unwrap(), "--games", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("hex 3,0: a number on a sea hex"), "{err}");
}

#[test]
fn new_world_games_play_and_their_records_replay() {
    let dir = scratch("new-world-games");
    let v = json_of(&settlers(&[
        "sim",
        "--scenario",
        "new-world",
        "--players",
        "heuristic,random,random,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["scenario"], "new-world");
    assert_eq!(v["unfinished"], 0);
    let mut maps = Vec::new();
    for i in 0..4 {
        let file = dir.join(format!("game-{i:05}.json"));
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(record["scenario"], "new-world");
        assert_eq!(red_numbers_touch(&record["map"]), []);
        assert!(record["map"]["areas"]["island-1"].is_array());
        maps.push(record["map"]["hexes"].clone());
        let replay = json_of(&settlers(&["replay", file.to_str().unwrap(), "--json"]));
        assert_eq!(replay["finished"], true);
        let winner = replay["winner"].as_u64().unwrap() as usize;
        assert!(replay["seats"][winner]["victory_points"].as_u64().unwrap() >= 12);
    }
    maps.dedup();
    assert_eq!(maps.len(), 4, "every game draws its own map");
}

#[test]
fn show_says_whom_a_board_is_for_and_its_target_apart() {
    let out = stdout(&settlers(&["maps", "show", "barbarian-attack"]));
    assert_eq!(
        out.lines().nth(1),
        Some("2, 3 or 4 players · 12 victory points to win · as listed · seed 1"),
        "{out}"
    );
    let out = stdout(&settlers(&["maps", "show", "new-shores-3"]));
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("3 players · 14 victory points to win"),
        "{out}"
    );
}

#[test]
fn show_checks_the_player_count_for_every_map() {
    let dir = scratch("show-players");
    let file = docs_map(&dir);
    for (map, players) in [
        ("base", "3 or 4"),
        ("new-shores", "3 or 4"),
        ("new-shores-4", "4"),
        (file.to_str().unwrap(), "3 or 4"),
    ] {
        let out = settlers(&["maps", "show", map, "--players", "2"]);
        assert!(!out.status.success(), "{map} shown for 2 players");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("for {players} players, not 2")),
            "{map}: {err}"
        );
    }
    for map in ["base", "new-shores", file.to_str().unwrap()] {
        stdout(&settlers(&["maps", "show", map, "--players", "3"]));
    }
}

#[test]
fn validate_sums_up_warnings_of_one_kind_and_shows_every_error() {
    let dir = scratch("validate-many");
    // An 8 by 8 field of 6s, every neighbour a warning, and three errors.
    let mut hexes: Vec<String> = (0..8)
        .flat_map(|r| {
            (0..8)
                .map(move |q| format!(r#"{{"hex": "{q},{r}", "terrain": "fields", "number": 6}}"#))
        })
        .collect();
    hexes.push(r#"{"hex": "0,8", "terrain": "lava"}"#.into());
    hexes.push(r#"{"hex": "1,8", "terrain": "sea", "number": 4}"#.into());
    hexes.push(r#"{"hex": "3,3", "terrain": "hills", "number": 5}"#.into());
    let text = format!(
        r#"{{"id": "many", "players": [5], "hexes": [{}]}}"#,
        hexes.join(",")
    );
    let map: Value = serde_json::from_str(&text).unwrap();
    let pairs = red_numbers_touch(&map).len();
    assert!(pairs > 100, "{pairs}");
    let path = dir.join("many.json");
    std::fs::write(&path, &text).unwrap();

    let out = settlers(&["maps", "validate", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let errors: Vec<&str> = text.lines().filter(|l| l.contains(": error: ")).collect();
    for place in ["hex 0,8", "hex 1,8", "hex 3,3", "players"] {
        assert!(
            errors
                .iter()
                .any(|l| l.contains(&format!("error: {place}: "))),
            "no error at {place}:\n{text}"
        );
    }
    assert_eq!(errors.len(), 4, "{text}");
    let red: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("a 6 or 8 next to another"))
        .collect();
    assert_eq!(red.len(), 4, "{text}");
    assert!(red[0].contains("warning: hexes 0,0 and 1,0: "), "{text}");
    assert!(
        red[3].ends_with(&format!(
            "warning: and {} more of the same (a 6 or 8 next to another)",
            pairs - 3
        )),
        "{text}"
    );
    // A player count the engine cannot seat, when it is the map's only one: one error.
    assert!(
        errors
            .iter()
            .any(|l| l.ends_with("no player count the engine seats (2 to 4): the map is for 5")),
        "{text}"
    );
    assert!(!text.contains("never 5"), "{text}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the map has 4 problems"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn validate_counts_in_the_singular_and_the_plural() {
    let dir = scratch("validate-counts");
    let path = dir.join("three-hexes.json");
    std::fs::write(
        &path,
        r#"{"id": "three-hexes", "players": [2, 3, 4, 5], "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 6},
            {"hex": "1,0", "terrain": "hills", "number": 8},
            {"hex": "0,1", "terrain": "desert"}
          ], "harbors": [{"edge": "0,0,NE", "type": "3:1"}]}"#,
    )
    .unwrap();
    let text = stdout(&settlers(&["maps", "validate", path.to_str().unwrap()]));
    assert!(
        text.contains("is a valid map: 3 hexes (3 land), 1 harbor, 2 warnings"),
        "{text}"
    );
    // A count the engine cannot seat beside ones it can: a warning, once.
    assert_eq!(text.matches("never 5").count(), 1, "{text}");
}

#[test]
fn new_world_without_a_seed_draws_one_and_says_which() {
    let out = settlers(&["maps", "new-world", "--players", "3"]);
    let drawn = stdout(&out);
    let note = String::from_utf8_lossy(&out.stderr);
    let seed = note
        .split_whitespace()
        .skip_while(|w| *w != "--seed")
        .nth(1)
        .unwrap_or_else(|| panic!("no seed in {note:?}"));
    assert_eq!(
        drawn,
        stdout(&settlers(&[
            "maps",
            "new-world",
            "--seed",
            seed,
            "--players",
            "3"
        ]))
    );
}
