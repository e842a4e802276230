//! Bad input gets a clear error that names the problem, and changes nothing (ARCHITECTURE.md:
//! "a refused action leaves the game exactly as it was and says why in words a player
//! understands"; positions and maps are "validated with every reason listed").
//!
//! Files are read from text, as a user would hand them over, and each refusal is checked for
//! the words a person needs to find and fix the problem: the coordinate, the seat, the index.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapTemplate};
use settlers_core::notation::ActionText;
use settlers_core::position::Position;
use settlers_core::record::{Record, ReplayError, SeatInfo};
use settlers_core::*;

/// Asserts that `message` contains every one of `parts`, showing the whole message if not.
fn assert_names(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(
            message.contains(part),
            "the message does not name `{part}`:\n{message}"
        );
    }
}

/// Asserts that each of `expected` (the parts of one problem) is named by one of `problems`,
/// and that there are no other problems, showing them all if not.
fn assert_problems_are(problems: &[String], expected: &[&[&str]]) {
    for parts in expected {
        assert!(
            problems
                .iter()
                .any(|p| parts.iter().all(|part| p.contains(part))),
            "no problem names {parts:?}; the problems are:\n{}",
            problems.join("\n")
        );
    }
    assert_eq!(
        problems.len(),
        expected.len(),
        "the problems are:\n{}",
        problems.join("\n")
    );
}

/// A game from a position written as JSON text, as a saved game or a test fixture is.
fn game_from(text: &str) -> Game {
    let position = Position::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"))
}

/// The problems `from_position` lists for a position written as JSON text.
fn position_problems(text: &str) -> Vec<String> {
    let position = Position::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    match Game::from_position(&position) {
        Ok(_) => panic!("the position was accepted:\n{text}"),
        Err(SetupError(problems)) => problems,
    }
}

/// Applies an action that must be refused: the refusal names every one of `parts`, the
/// legal actions do not permit it, and the game is exactly as before.
fn refused(game: &mut Game, seat: Seat, action: Action, parts: &[&str]) -> String {
    let before = game.clone();
    assert!(
        !game.legal_actions(seat).permits(&action),
        "{action:?} is listed as legal for {seat}"
    );
    let error = game
        .apply(Actor::Seat(seat), action)
        .expect_err("the action should be refused");
    let message = error.to_string();
    assert_names(&message, parts);
    assert_eq!(
        game.state(),
        before.state(),
        "a refused action changed the game"
    );
    message
}

fn corner(game: &Game, text: &str) -> topology::CornerId {
    game.topology()
        .corner_id(text.parse().unwrap())
        .unwrap_or_else(|| panic!("{text} is not on the board"))
}

fn edge(game: &Game, text: &str) -> topology::EdgeId {
    game.topology()
        .edge_id(text.parse().unwrap())
        .unwrap_or_else(|| panic!("{text} is not on the board"))
}

/// The record as JSON text, with one edit made to it as a user would make it by hand.
fn record_text_with(record: &Record, edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(&record.to_json_pretty()).unwrap();
    edit(&mut value);
    serde_json::to_string_pretty(&value).unwrap()
}

/// A short real game on the beginner board with three seats: seats 0 and 1 have placed
/// their first settlement and road (actions 0 to 3); seat 2 is to place.
fn a_short_record() -> (Record, Game) {
    let options = LayoutOptions {
        layout: Layout::Beginner,
        ..LayoutOptions::default()
    };
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            3,
            &options,
            Some(Seat(0)),
            GameOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(1),
        )
        .unwrap();
    let mut record = Record::new(&setup, vec![SeatInfo::default(); 3]);
    let mut game = Game::new(setup).unwrap();
    let steps = [
        (0, "build_settlement", "1,2,N"),
        (0, "build_road", "1,2,NE"),
        (1, "build_settlement", "-1,3,N"),
        (1, "build_road", "-1,3,NE"),
    ];
    for (seat, action, place) in steps {
        let key = if action == "build_road" {
            "edge"
        } else {
            "corner"
        };
        let text: ActionText =
            serde_json::from_str(&format!(r#"{{"action": "{action}", "{key}": "{place}"}}"#))
                .unwrap();
        let action = game.action_from_text(&text).unwrap();
        record.push(&game, Actor::Seat(Seat(seat)), &action);
        game.apply(Actor::Seat(Seat(seat)), action).unwrap();
    }
    (record, game)
}

// ---------------------------------------------------------------------------------------
// Malformed files.

#[test]
fn a_truncated_record_says_where_it_stops() {
    let (record, _) = a_short_record();
    let text = record.to_json_pretty();
    for cut in [0, 1, text.len() / 3, text.len() / 2, text.len() - 3] {
        let error = Record::from_json(&text[..cut]).expect_err("a truncated record is refused");
        assert!(matches!(error, ReplayError::Malformed(_)), "{error:?}");
        assert_names(&error.to_string(), &["not a record", "EOF", "line"]);
    }
}

#[test]
fn a_record_with_a_wrong_type_names_the_value_and_what_was_expected() {
    let (record, _) = a_short_record();
    let wrong = record_text_with(&record, |v| v["first_seat"] = json!("zero"));
    let error = Record::from_json(&wrong).expect_err("a string for a seat is refused");
    assert_names(&error.to_string(), &["not a record", "\"zero\"", "u8"]);

    let wrong = record_text_with(&record, |v| v["actions"][1]["edge"] = json!(12));
    let error = Record::from_json(&wrong).expect_err("a number for an edge is refused");
    assert_names(&error.to_string(), &["not a record", "12"]);

    let wrong = record_text_with(&record, |v| v["actions"][1]["edge"] = json!("1,2,N"));
    let error = Record::from_json(&wrong).expect_err("a corner for an edge is refused");
    assert_names(&error.to_string(), &["`1,2,N` is not an edge"]);

    let wrong = record_text_with(&record, |v| v["actions"][2]["actor"] = json!("robber"));
    let error = Record::from_json(&wrong).expect_err("an unknown actor is refused");
    assert_names(&error.to_string(), &["`robber` is not an actor"]);

    let wrong = record_text_with(&record, |v| v["actions"][0]["action"] = json!("fly"));
    let error = Record::from_json(&wrong).expect_err("an unknown action is refused");
    assert_names(&error.to_string(), &["`fly`", "build_settlement"]);
}

#[test]
fn a_record_with_a_wrong_type_says_which_field_holds_it() {
    // A long record with one bad value is hopeless to fix if the error does not say where
    // the value is: it must give the field's name or the line and column.
    let (record, _) = a_short_record();
    let wrong = record_text_with(&record, |v| v["first_seat"] = json!("zero"));
    let message = Record::from_json(&wrong).unwrap_err().to_string();
    assert!(
        message.contains("first_seat") || message.contains("line"),
        "the error does not say where the bad value is: {message}"
    );
}

#[test]
fn a_record_of_another_format_or_a_newer_version_says_so() {
    let (record, _) = a_short_record();
    let newer = record_text_with(&record, |v| v["version"] = json!(7));
    let error = Record::from_json(&newer).expect_err("a newer record is refused");
    assert_eq!(error, ReplayError::TooNew(7));
    let up_to = format!("up to {}", settlers_core::record::RECORD_VERSION);
    assert_names(&error.to_string(), &["version 7", "newer", &up_to]);

    let other = record_text_with(&record, |v| v["format"] = json!("settlers-position"));
    let error = Record::from_json(&other).expect_err("a position is not a record");
    assert_names(
        &error.to_string(),
        &["`settlers-position`", "not a `settlers-record`"],
    );

    let error = Record::from_json(r#"{"actions": []}"#).expect_err("no format, no record");
    assert_names(&error.to_string(), &["no `format` field"]);

    let error = Record::from_json("[1, 2, 3]").expect_err("a list is not a record");
    assert!(!error.to_string().trim().is_empty());
}

#[test]
fn a_truncated_or_mistyped_position_says_what_and_where() {
    let text = r#"{"map": "base", "phase": "main", "players": [{}, {}, {}]}"#;
    game_from(text);
    for cut in [0, 10, text.len() - 1] {
        let SetupError(problems) =
            Position::from_json(&text[..cut]).expect_err("a truncated position is refused");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_names(&problems[0], &["not a position", "EOF", "line 1"]);
    }
    let wrong = r#"{"map": "base", "phase": "main", "players": "three"}"#;
    let SetupError(problems) = Position::from_json(wrong).expect_err("players must be a list");
    assert_names(&problems[0], &["\"three\"", "sequence", "column"]);

    let wrong =
        r#"{"map": "base", "phase": "main", "players": [{"settlements": ["1,2,X"]}, {}, {}]}"#;
    let SetupError(problems) = Position::from_json(wrong).expect_err("a bad corner text");
    assert_names(&problems[0], &["`1,2,X` is not a corner", "column"]);

    let wrong = r#"{"map": "base", "phase": "main", "players": [{"hand": {"gold": 2}}, {}, {}]}"#;
    let SetupError(problems) = Position::from_json(wrong).expect_err("gold is no resource");
    assert_names(&problems[0], &["`gold` is not a resource"]);

    let wrong = r#"{"map": "base", "phase": "main", "players": [{}, {}, {}], "colour": "red"}"#;
    let SetupError(problems) = Position::from_json(wrong).expect_err("an unknown field");
    assert_names(&problems[0], &["colour"]);
}

/// Version 1 named the gold-field picks a seat still owes `gold`; version 2
/// `gold_picks_owed`. A version-1 file reads as it did, and writes in version 2's words.
#[test]
fn a_version_1_position_reads_its_gold_picks_under_their_old_name() {
    let position = |version: u32, field: &str| {
        format!(
            r#"{{"format": "settlers-position", "version": {version},
              "scenario": "new-shores", "map": "new-shores-4", "active": 0,
              "phase": "picking_gold", "resume": "main",
              "players": [{{"settlements": ["3,3,S", "4,3,S"], {field}}},
                          {{"settlements": ["-1,5,S"]}}, {{"settlements": ["0,3,N"]}},
                          {{"settlements": ["-2,6,S"]}}]}}"#
        )
    };
    let old = game_from(&position(1, r#""gold": 2"#));
    let new = game_from(&position(2, r#""gold_picks_owed": 2"#));
    assert_eq!(old.state().player(Seat(0)).gold_owed, 2);
    assert_eq!(old.state(), new.state());
    let written = serde_json::to_value(old.to_position()).unwrap();
    assert_eq!(written["version"], 2);
    assert_eq!(written["players"][0]["gold_picks_owed"], 2);
    assert!(written["players"][0].get("gold").is_none());

    let problems = position_problems(&position(2, r#""gold": 1, "gold_picks_owed": 2"#));
    assert_names(
        &problems[0],
        &["seat 0", "`gold_picks_owed`", "`gold`", "version-1"],
    );
}

#[test]
fn a_truncated_or_mistyped_map_says_what_and_where() {
    let text = map::builtin::text("base").unwrap();
    let error = MapFile::from_json(&text[..text.len() / 2]).expect_err("a truncated map");
    assert_names(&error.to_string(), &["EOF", "line"]);

    let error = MapFile::from_json(r#"{"id": "x", "hexes": {"hex": "0,0"}}"#)
        .expect_err("hexes must be a list");
    assert_names(&error.to_string(), &["invalid type", "sequence", "column"]);

    let error = MapFile::from_json(r#"{"id": "x", "hexes": [{"hex": "0,0", "number": "six"}]}"#)
        .expect_err("a number must be a number");
    assert_names(&error.to_string(), &["\"six\"", "column"]);
}

// ---------------------------------------------------------------------------------------
// Maps.

#[test]
fn a_map_with_many_problems_lists_them_all_with_their_places() {
    let text = r#"{
      "id": "broken",
      "name": "Every problem at once",
      "hexes": [
        {"hex": "0,0", "terrain": "fields", "number": 5},
        {"hex": "1,0", "terrain": "desert", "number": 6},
        {"hex": "0,1", "terrain": "hills", "number": 7},
        {"hex": "2,0", "terrain": "lava", "number": 4},
        {"hex": "0,0", "terrain": "forest", "number": 9},
        {"hex": "a,b", "terrain": "pasture", "number": 3},
        {"hex": "1,1", "terrain": null, "pool": "terrain"}
      ],
      "pools": {"terrain": {"kind": "terrain", "contents": {"mountains": 3}}},
      "harbors": [
        {"edge": "5,5,E", "type": "3:1"},
        {"edge": "0,0,E", "type": "ore"}
      ]
    }"#;
    let file = MapFile::from_json(text).unwrap();
    let before = file.clone();
    let errors = MapTemplate::check(&file).expect_err("the map is broken");
    assert_eq!(file, before, "checking a map changed it");
    let problems: Vec<String> = errors
        .0
        .iter()
        .filter(|p| !p.warning)
        .map(|p| p.to_string())
        .collect();
    let expected: [&[&str]; 8] = [
        &["hex 2,0", "`lava` is not a terrain"],
        &["hex 1,0", "a number on a desert hex"],
        &["hex 0,1", "7 is not a number token"],
        &["harbor 5,5,E", "touches no land"],
        &["harbor 0,0,E", "land on both sides"],
        &["hex 0,0", "listed twice"],
        &["hexes[5]", "`a,b` is not a hex"],
        &["pools.terrain", "holds 3 tiles for 1 hexes"],
    ];
    assert_problems_are(&problems, &expected);
    assert_names(&errors.to_string(), &["the map has 8 problems"]);
}

#[test]
fn a_map_problem_carries_the_board_positions_it_stands_at() {
    use settlers_core::geometry::{Edge, Hex};
    use settlers_core::map::MapPlace;
    let text = r#"{
      "id": "placed",
      "hexes": [
        {"hex": "0,0", "terrain": "fields", "number": 6},
        {"hex": "1,0", "terrain": "hills", "number": 8},
        {"hex": "2,0", "terrain": "lava"},
        {"hex": "3,0", "terrain": "sea"},
        {"hex": "0,1", "terrain": null, "pool": "terrain"}
      ],
      "harbors": [{"edge": "5,5,E", "type": "3:1"}],
      "robber": {"start": "3,0"},
      "pools": {"terrain": {"kind": "terrain", "contents": {"forest": 2}}}
    }"#;
    let errors = MapTemplate::check(&MapFile::from_json(text).unwrap()).expect_err("broken");
    let places_of = |at: &str| -> Vec<MapPlace> {
        errors
            .0
            .iter()
            .find(|p| p.at == at)
            .unwrap_or_else(|| panic!("no problem at {at}: {errors}"))
            .places
            .clone()
    };
    let hex = |t: &str| MapPlace::Hex(t.parse::<Hex>().unwrap());
    assert_eq!(places_of("hex 2,0"), vec![hex("2,0")]);
    assert_eq!(
        places_of("harbor 5,5,E"),
        vec![MapPlace::Edge("5,5,E".parse::<Edge>().unwrap())]
    );
    // The robber's field names the hex it stands on.
    assert_eq!(places_of("robber.start"), vec![hex("3,0")]);
    // A field of the file is no place on the board.
    assert_eq!(places_of("pools.terrain"), vec![]);
    // A warning about two hexes names both.
    let warned = MapTemplate::check(
        &MapFile::from_json(
            r#"{"id": "red", "hexes": [
              {"hex": "0,0", "terrain": "fields", "number": 6},
              {"hex": "1,0", "terrain": "hills", "number": 8}]}"#,
        )
        .unwrap(),
    )
    .expect("a 6 beside an 8 is a warning only");
    let red = warned
        .warnings
        .iter()
        .find(|w| w.message.contains("6 or 8"))
        .expect("the red numbers are warned about");
    assert_eq!(red.places, vec![hex("0,0"), hex("1,0")]);
    assert_eq!(
        serde_json::to_value(&red.places).unwrap(),
        json!([{"hex": "0,0"}, {"hex": "1,0"}])
    );
}

#[test]
fn a_position_on_a_broken_map_lists_the_map_problems() {
    let text = r#"{
      "map": {"id": "tiny", "hexes": [
        {"hex": "0,0", "terrain": "fields", "number": 7},
        {"hex": "1,0", "terrain": "volcano"}
      ]},
      "phase": "main",
      "players": [{}, {}]
    }"#;
    let problems = position_problems(text);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_names(
        &problems.join("\n"),
        &["hex 0,0", "7", "hex 1,0", "`volcano`"],
    );
}

// ---------------------------------------------------------------------------------------
// Positions.

#[test]
fn an_impossible_position_lists_every_problem() {
    // Seat 0 has six settlements and 12 brick; seat 1 builds next to seat 0 on 2,1,S, holds
    // a road far from its buildings and 8 more brick (20 in all); seat 2 builds on a corner
    // of seat 0; the robber stands off the board.
    let text = r#"{
      "map": "base",
      "phase": "main",
      "players": [
        {"settlements": ["1,0,N", "3,0,N", "0,1,N", "2,1,N", "-1,2,N", "1,2,N"],
         "hand": {"brick": 12}},
        {"settlements": ["2,1,S"], "roads": ["2,1,SE", "-1,4,SE"], "hand": {"brick": 8}},
        {"settlements": ["3,0,N"]}
      ],
      "robber": "9,9"
    }"#;
    let problems = position_problems(text);
    let expected: [&[&str]; 6] = [
        &["seat 0", "6 settlements", "5"],
        &["1,2,N", "2,1,S", "distance rule"],
        &["seat 1", "-1,4,SE", "not connected"],
        &["20 brick", "19"],
        &["two players", "3,0,N"],
        &["robber", "9,9", "not on the board"],
    ];
    assert_problems_are(&problems, &expected);
}

#[test]
fn positions_with_pieces_off_the_board_name_them() {
    let problems = position_problems(
        r#"{"map": "base", "phase": "main",
            "players": [{"settlements": ["8,8,N"], "cities": ["1,2,N"], "roads": ["8,8,E"]}, {}, {}]}"#,
    );
    assert_names(
        &problems.join("\n"),
        &["settlement on 8,8,N", "road on 8,8,E", "not on the board"],
    );
}

#[test]
fn positions_with_impossible_counts_name_them() {
    let problems = position_problems(
        r#"{"map": "base", "phase": "main",
            "players": [{"development_cards": {"monopoly": 2}, "new_development_cards": {"monopoly": 1}},
                        {"played_knights": 15}, {}],
            "bank": {"brick": 19, "lumber": 19, "wool": 19, "grain": 19, "ore": 18}}"#,
    );
    assert_names(
        &problems.join("\n"),
        &["3 Monopoly", "15 Knight", "18 ore", "19"],
    );
    let problems =
        position_problems(r#"{"map": "base", "phase": "main", "players": [{}, {}, {}, {}, {}]}"#);
    assert_names(&problems.join("\n"), &["5 players", "2 to 4"]);
}

// ---------------------------------------------------------------------------------------
// Actions.

/// Seat 0 on its turn, after rolling: a settlement on 1,2,N with a road to 2,1,S; seat 1 on
/// -1,3,N; seat 2 on 3,1,N.
const MAIN_PHASE: &str = r#"{
  "map": "base",
  "phase": "main",
  "active": 0,
  "players": [
    {"settlements": ["1,2,N"], "roads": ["1,2,NE"], "hand": {"brick": 2, "lumber": 2, "wool": 1, "grain": 1}},
    {"settlements": ["-1,3,N"], "roads": ["-1,3,NE"], "hand": {"ore": 2}},
    {"settlements": ["3,1,N"], "roads": ["3,1,NE"]}
  ]
}"#;

#[test]
fn a_coordinate_off_the_board_is_named() {
    let mut game = game_from(MAIN_PHASE);
    let before = game.clone();
    for (text, parts) in [
        (
            r#"{"action": "build_settlement", "corner": "9,9,N"}"#,
            ["corner", "9,9,N"],
        ),
        (
            r#"{"action": "build_road", "edge": "1,-2,E"}"#,
            ["edge", "1,-2,E"],
        ),
        (
            r#"{"action": "move_robber", "hex": "7,-3"}"#,
            ["hex", "7,-3"],
        ),
        (
            r#"{"action": "build_city", "corner": "4,4,S"}"#,
            ["corner", "4,4,S"],
        ),
    ] {
        let action: ActionText = serde_json::from_str(text).unwrap();
        let error = game
            .action_from_text(&action)
            .expect_err("a place off the board is refused");
        assert_names(&error.to_string(), &parts);
        assert_names(&error.to_string(), &["there is no", "on this board"]);
        let error = game
            .apply_text(Actor::Seat(Seat(0)), &action)
            .expect_err("a place off the board is refused");
        assert_names(&error.to_string(), &parts);
        assert_eq!(game.state(), before.state());
    }
}

#[test]
fn ids_off_the_board_are_refused_without_a_panic() {
    let mut game = game_from(MAIN_PHASE);
    let t = game.topology();
    let (corners, edges, hexes) = (t.corner_count(), t.edge_count(), t.hex_count());
    for action in [
        Action::BuildSettlement(topology::CornerId(corners as u16)),
        Action::BuildCity(topology::CornerId(u16::MAX)),
        Action::BuildRoad(topology::EdgeId(edges as u16)),
        Action::BuildRoad(topology::EdgeId(u16::MAX)),
    ] {
        refused(
            &mut game,
            Seat(0),
            action,
            &["there is no", "on this board"],
        );
    }
    let mut robbing = game_from(&MAIN_PHASE.replace("\"main\"", "\"moving_robber\""));
    for hex in [hexes as u8, u8::MAX] {
        let action = Action::MoveRobber {
            hex: topology::HexId(hex),
            victim: None,
        };
        refused(
            &mut robbing,
            Seat(0),
            action,
            &["there is no hex", "on this board"],
        );
    }
}

#[test]
fn a_road_away_from_your_network_names_the_edge() {
    let mut game = game_from(MAIN_PHASE);
    let far = edge(&game, "3,2,E");
    refused(
        &mut game,
        Seat(0),
        Action::BuildRoad(far),
        &["you have no road or settlement touching 3,2,E"],
    );
    // A road on a place already taken says so too.
    let taken = edge(&game, "-1,3,NE");
    refused(
        &mut game,
        Seat(0),
        Action::BuildRoad(taken),
        &["-1,3,NE", "taken"],
    );
}

#[test]
fn a_settlement_next_to_another_cites_the_distance_rule() {
    let mut game = game_from(MAIN_PHASE);
    let next_door = corner(&game, "2,1,S");
    refused(
        &mut game,
        Seat(0),
        Action::BuildSettlement(next_door),
        &["2,1,S", "1,2,N", "distance rule"],
    );
    // Far from any road of seat 0: not connected, named.
    let alone = corner(&game, "-1,4,S");
    refused(
        &mut game,
        Seat(0),
        Action::BuildSettlement(alone),
        &["-1,4,S", "no road"],
    );
}

#[test]
fn building_without_the_cards_names_what_is_missing() {
    let mut game = game_from(MAIN_PHASE);
    let own = corner(&game, "1,2,N");
    refused(
        &mut game,
        Seat(0),
        Action::BuildCity(own),
        &["a city", "2 grain, 3 ore", "missing 1 grain, 3 ore"],
    );
    refused(
        &mut game,
        Seat(0),
        Action::BuyDevelopmentCard,
        &["development card", "missing 1 ore"],
    );
    refused(
        &mut game,
        Seat(0),
        Action::TradeWithBank {
            give: Resource::Ore,
            get: Resource::Brick,
        },
        &["4 ore"],
    );
    // A city is built on one's own settlement, and the message says whose it is not.
    let theirs = corner(&game, "-1,3,N");
    refused(
        &mut game,
        Seat(0),
        Action::BuildCity(theirs),
        &["no settlement on -1,3,N"],
    );
}

#[test]
fn a_card_bought_this_turn_cannot_be_played() {
    let mut game = game_from(&MAIN_PHASE.replace(
        r#""hand": {"brick": 2, "lumber": 2, "wool": 1, "grain": 1}"#,
        r#""hand": {"wool": 1, "grain": 1, "ore": 1}"#,
    ));
    game.apply(Actor::Seat(Seat(0)), Action::BuyDevelopmentCard)
        .unwrap();
    game.apply(
        Actor::Chance,
        Action::DrawDevelopmentCard(DevelopmentCard::Knight),
    )
    .unwrap();
    refused(
        &mut game,
        Seat(0),
        Action::PlayKnight,
        &["Knight", "the turn you bought it"],
    );
    // Holding no card at all is a different refusal.
    refused(
        &mut game,
        Seat(0),
        Action::PlayMonopoly(Resource::Ore),
        &["no Monopoly card"],
    );
}

#[test]
fn a_second_card_in_one_turn_is_refused() {
    let mut game = game_from(&MAIN_PHASE.replace(
        r#""roads": ["1,2,NE"], "hand""#,
        r#""roads": ["1,2,NE"], "development_cards": {"knight": 1, "monopoly": 1}, "hand""#,
    ));
    game.apply(Actor::Seat(Seat(0)), Action::PlayMonopoly(Resource::Ore))
        .unwrap();
    refused(
        &mut game,
        Seat(0),
        Action::PlayKnight,
        &["already played a development card this turn"],
    );
}

#[test]
fn acting_out_of_turn_says_whose_turn_it_is() {
    let mut game = game_from(MAIN_PHASE);
    let road = edge(&game, "-1,3,SE");
    for action in [
        Action::EndTurn,
        Action::BuildRoad(road),
        Action::RollDice,
        Action::PlayKnight,
    ] {
        refused(
            &mut game,
            Seat(1),
            action,
            &["not your turn", "seat 0 trades and builds"],
        );
    }
    // Rolling again after the roll, and chance's own actions taken by a seat.
    refused(&mut game, Seat(0), Action::RollDice, &["cannot roll"]);
    refused(
        &mut game,
        Seat(0),
        Action::Dice(6, 6),
        &["only chance may roll the dice"],
    );
    let before = game.clone();
    let error = game
        .apply(Actor::Chance, Action::EndTurn)
        .expect_err("chance cannot end a turn");
    assert_names(&error.to_string(), &["chance cannot"]);
    let error = game
        .apply(Actor::Chance, Action::Dice(3, 4))
        .expect_err("the dice are not being rolled");
    assert_names(&error.to_string(), &["chance cannot roll the dice now"]);
    let error = game
        .apply(Actor::Seat(Seat(5)), Action::EndTurn)
        .expect_err("seat 5 is not at the table");
    assert_names(&error.to_string(), &["5 is not a seat"]);
    assert_eq!(game.state(), before.state());
}

#[test]
fn impossible_dice_are_refused() {
    let mut game = game_from(&MAIN_PHASE.replace("\"main\"", "\"rolling\""));
    let before = game.clone();
    for (a, b) in [(0, 3), (7, 1), (3, 0), (6, 7)] {
        let error = game
            .apply(Actor::Chance, Action::Dice(a, b))
            .expect_err("a die shows 1 to 6");
        assert_names(
            &error.to_string(),
            &["1 to 6", &a.to_string(), &b.to_string()],
        );
        assert_eq!(game.state(), before.state());
    }
}

// ---------------------------------------------------------------------------------------
// Records.

#[test]
fn a_record_with_a_refused_action_gives_its_index_and_reason() {
    let (record, _) = a_short_record();
    // Seat 1's settlement moved next to seat 0's: the third action (index 2) is refused.
    let text = record_text_with(&record, |v| v["actions"][2]["corner"] = json!("2,1,S"));
    let broken = Record::from_json(&text).unwrap();
    let error = broken.replay().expect_err("the record cannot be replayed");
    match &error {
        ReplayError::Action { index, reason, .. } => {
            assert_eq!(*index, 2);
            assert_names(reason, &["2,1,S", "distance rule"]);
        }
        other => panic!("expected a refused action, got {other:?}"),
    }
    assert_names(
        &error.to_string(),
        &["action 2", "seat 1", "refused", "distance rule"],
    );

    // A place off the board is an index and a name too.
    let text = record_text_with(&record, |v| v["actions"][3]["edge"] = json!("9,9,E"));
    let error = Record::from_json(&text).unwrap().replay().unwrap_err();
    assert_names(
        &error.to_string(),
        &["action 3", "there is no edge 9,9,E on this board"],
    );

    // An action by the wrong seat.
    let text = record_text_with(&record, |v| v["actions"][2]["actor"] = json!(2));
    let error = Record::from_json(&text).unwrap().replay().unwrap_err();
    assert_names(&error.to_string(), &["action 2", "seat 2", "not your turn"]);
}

#[test]
fn a_record_whose_result_does_not_follow_says_what_differs() {
    let (mut record, game) = a_short_record();
    record.finish(&game);
    Record::from_json(&record.to_json_pretty())
        .unwrap()
        .replay()
        .unwrap();
    let claimed = record_text_with(&record, |v| v["result"]["winner"] = json!(1));
    let error = Record::from_json(&claimed).unwrap().replay().unwrap_err();
    assert!(
        matches!(error, ReplayError::ResultMismatch { .. }),
        "{error:?}"
    );
    assert_names(&error.to_string(), &["\"winner\":1", "\"winner\":null"]);
}

#[test]
fn a_record_with_a_broken_map_or_set_up_says_so() {
    let (record, _) = a_short_record();
    let text = record_text_with(&record, |v| {
        let hexes = v["map"]["hexes"].as_array_mut().unwrap();
        let centre = hexes.iter_mut().find(|h| h["hex"] == "1,2").unwrap();
        centre["terrain"] = json!("swamp");
    });
    let error = Record::from_json(&text).unwrap().replay().unwrap_err();
    assert!(matches!(error, ReplayError::Setup(_)), "{error:?}");
    assert_names(&error.to_string(), &["`swamp` is not a terrain", "hex 1,2"]);

    let text = record_text_with(&record, |v| v["first_seat"] = json!(3));
    let error = Record::from_json(&text).unwrap().replay().unwrap_err();
    assert_names(&error.to_string(), &["first seat 3", "not at the table"]);
}

#[test]
fn set_up_mistakes_in_a_real_game_are_named() {
    // Seats 0 and 1 have placed; seat 2 places its first settlement now.
    let (_, mut game) = a_short_record();
    let next_door = corner(&game, "2,1,S");
    refused(
        &mut game,
        Seat(2),
        Action::BuildSettlement(next_door),
        &["2,1,S", "1,2,N", "distance rule"],
    );
    let taken = corner(&game, "-1,3,N");
    refused(
        &mut game,
        Seat(2),
        Action::BuildSettlement(taken),
        &["-1,3,N", "already taken"],
    );
    let settlement = corner(&game, "3,1,N");
    refused(
        &mut game,
        Seat(0),
        Action::BuildSettlement(settlement),
        &["not your turn", "seat 2 places a starting settlement"],
    );
    let road = edge(&game, "3,1,NE");
    refused(
        &mut game,
        Seat(2),
        Action::BuildRoad(road),
        &["cannot", "road", "seat 2 places a starting settlement"],
    );
    game.apply(Actor::Seat(Seat(2)), Action::BuildSettlement(settlement))
        .unwrap();
    let away = edge(&game, "3,2,E");
    refused(
        &mut game,
        Seat(2),
        Action::BuildRoad(away),
        &["must touch the settlement you just placed on 3,1,N"],
    );
    refused(
        &mut game,
        Seat(2),
        Action::EndTurn,
        &["cannot end", "seat 2 places a starting road"],
    );
}

#[test]
fn a_position_with_a_seat_not_at_the_table_is_refused_without_a_panic() {
    // Every phase that reads the active seat's pieces or hand: seat 9 must be refused, in
    // each, as not at the table.
    let mut wrong = Vec::new();
    for phase in [
        r#""main""#,
        r#""discarding""#,
        r#"{"step": "setup_road", "settlement": "1,2,N"}"#,
        r#""trade_offered", "offer": {"give": {"ore": 1}, "get": {"wool": 1}, "to": [1]}"#,
        r#"{"step": "stealing", "victim": 1}"#,
        r#"{"step": "building_roads", "left": 2}"#,
    ] {
        let text = format!(
            r#"{{"map": "base", "phase": {phase}, "active": 9,
                "players": [{{"settlements": ["1,2,N"], "hand": {{"ore": 8}}}},
                            {{"hand": {{"wool": 1}}}}, {{}}]}}"#
        );
        let position = Position::from_json(&text).unwrap();
        let outcome = std::panic::catch_unwind(|| Game::from_position(&position));
        match outcome {
            Ok(Err(SetupError(problems))) => {
                let all = problems.join("\n");
                if !all.contains("active seat 9") || !all.contains("not at the table") {
                    wrong.push(format!("phase {phase}: {all}"));
                }
            }
            Ok(Ok(_)) => wrong.push(format!("phase {phase}: accepted")),
            Err(_) => wrong.push(format!("phase {phase}: from_position panicked")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether someone is waiting to act who has nothing to do: a game that cannot go on.
fn stuck(game: &Game) -> bool {
    match game.to_act() {
        ToAct::Chance(_) => game.chance_outcomes().is_empty(),
        ToAct::Seats(seats) => seats.iter().any(|s| game.legal_actions(s).is_empty()),
        ToAct::Nobody => false,
    }
}

#[test]
fn a_position_that_cannot_go_on_is_refused() {
    // Play never reaches these: a card is bought only from a non-empty deck, and Road
    // Building ends when no road can be placed (D-B-6).
    let cases = [
        (
            r#"{"map": "base", "phase": "drawing", "development_deck": {},
                "players": [{"settlements": ["1,2,N"]}, {}, {}]}"#,
            "deck",
        ),
        (
            r#"{"map": "base", "phase": {"step": "building_roads", "left": 2},
                "players": [{}, {"settlements": ["1,2,N"]}, {}]}"#,
            "road",
        ),
    ];
    let mut wrong = Vec::new();
    for (text, word) in cases {
        let position = Position::from_json(text).unwrap();
        match Game::from_position(&position) {
            Ok(game) => wrong.push(format!(
                "accepted, waiting for {:?}, which has nothing to do{}: {text}",
                game.to_act(),
                if stuck(&game) { "" } else { " (not stuck?)" }
            )),
            Err(e) if !e.to_string().contains(word) => {
                wrong.push(format!("refused without naming the {word}: {e}"))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_position_with_the_game_already_won_or_not_won_is_refused() {
    let cases = [
        // Seat 0 has 2 points of 2 in its own turn: the game would have ended (B-42).
        r#"{"map": "base", "phase": "main", "victory_points": 2,
            "players": [{"settlements": ["1,2,N", "3,0,N"]}, {}, {}]}"#,
        // Seat 1 won with no points at all.
        r#"{"map": "base", "phase": "over", "winner": 1, "active": 1,
            "players": [{}, {}, {}]}"#,
    ];
    let mut wrong = Vec::new();
    for text in cases {
        let position = Position::from_json(text).unwrap();
        match Game::from_position(&position) {
            Ok(game) => wrong.push(format!(
                "accepted ({:?}, winner {:?}): {text}",
                game.state().phase,
                game.winner()
            )),
            Err(e) if !e.to_string().contains("point") && !e.to_string().contains("target") => {
                wrong.push(format!("refused without naming the points: {e}"))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_position_with_an_unknown_phase_or_a_broken_map_says_what_is_wrong() {
    let cases = [
        (
            r#"{"map": "base", "phase": "lunch", "players": [{}, {}, {}]}"#,
            "lunch",
        ),
        (
            r#"{"map": "base", "phase": {"step": "stealing", "victim": "x"}, "players": [{}, {}, {}]}"#,
            "victim",
        ),
        (
            r#"{"map": {"id": "x"}, "phase": "main", "players": [{}, {}, {}]}"#,
            "hexes",
        ),
    ];
    let mut unclear = Vec::new();
    for (text, word) in cases {
        let SetupError(problems) = Position::from_json(text).expect_err("a broken position");
        let message = problems.join("; ");
        if !message.contains(word) || message.contains("untagged") {
            unclear.push(format!(
                "{text}\n  gives `{message}`, which should name `{word}`"
            ));
        }
    }
    assert!(unclear.is_empty(), "{}", unclear.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Seafarers.

/// The other three seats of the Seafarers positions below: a settlement each on the main
/// island of new-shores-4, away from where seat 0 plays.
const OTHER_SEATS: &str =
    r#"{"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}"#;

/// A position on new-shores-4 (seafarers.md §7 uses this map for its worked examples) with
/// seat 0 in its trade-and-build step.
fn new_shores(seat_0: &str, extra: &str) -> String {
    format!(
        r#"{{"scenario": "new-shores", "map": "new-shores-4", "phase": "main", "active": 0,
            "players": [{seat_0}, {OTHER_SEATS}]{extra}}}"#
    )
}

#[test]
fn a_seafarers_position_with_pieces_in_the_wrong_places_lists_each_with_its_place() {
    // 1,3,E lies between the main island's hexes 1,3 and 2,3 (land on both sides, S-3); 3,3,SE
    // between the sea hexes 3,3 and 3,4; 2,2 is mountains; seat 1 has no building on 4,3,S.
    let text = new_shores(
        r#"{"settlements": ["3,3,S"], "ships": ["1,3,E"], "roads": ["3,3,SE"]}"#,
        r#", "pirate": "2,2", "chits": [{"seat": 1, "corner": "4,3,S", "value": 1}]"#,
    );
    let problems = position_problems(&text);
    let expected: [&[&str]; 4] = [
        &["seat 0", "ship on 1,3,E", "no sea"],
        &["seat 0", "road on 3,3,SE", "touches no land"],
        &["pirate on 2,2", "not sea"],
        &["chit of seat 1 on 4,3,S", "no building"],
    ];
    assert_problems_are(&problems, &expected);
}

#[test]
fn a_revealing_phase_without_fog_to_reveal_is_refused() {
    let revealing =
        r#", "phase": {"step": "revealing", "edge": "3,3,SE", "seat": 0}, "resume": "main""#;
    // New Shores has no fog at all: the ship on 3,3,SE touches none.
    let text = new_shores(
        r#"{"settlements": ["3,3,S"], "ships": ["3,3,SE"]}"#,
        revealing,
    )
    .replace(r#""phase": "main", "#, "");
    let problems = position_problems(&text);
    assert_names(&problems.join("\n"), &["revealing", "touches no fog"]);
    // On the Fog Islands, a ship on -1,3,NE touches no fog either.
    let problems = position_problems(
        r#"{"scenario": "fog-islands", "map": "fog-islands-3", "active": 0,
            "phase": {"step": "revealing", "edge": "-1,3,NE", "seat": 0}, "resume": "main",
            "players": [{"settlements": ["-1,3,N"], "ships": ["-1,3,NE"]}, {}, {}]}"#,
    );
    assert_names(&problems.join("\n"), &["revealing", "touches no fog"]);
    // No piece on the edge, or no phase to go back to afterwards: each is named.
    let problems = position_problems(
        r#"{"scenario": "fog-islands", "map": "fog-islands-3", "active": 0,
            "phase": {"step": "revealing", "edge": "1,4,E", "seat": 0}, "resume": "main",
            "players": [{"settlements": ["0,4,N"]}, {}, {}]}"#,
    );
    assert_names(&problems.join("\n"), &["no road or ship on 1,4,E"]);
    let problems = position_problems(
        r#"{"scenario": "fog-islands", "map": "fog-islands-3", "active": 0,
            "phase": {"step": "revealing", "edge": "1,4,E", "seat": 0},
            "players": [{"settlements": ["0,4,N"], "ships": ["1,4,E"]}, {}, {}]}"#,
    );
    assert_names(&problems.join("\n"), &["revealing", "resume"]);
}

#[test]
fn a_ship_away_from_your_ships_and_buildings_names_the_edge() {
    // Worked example W-C: seat 0's roads end on the empty corner 3,2,S; a road does not carry
    // a ship (S-7, S-9).
    let mut game = game_from(&new_shores(
        r#"{"settlements": ["3,3,S"], "roads": ["2,4,NE", "2,3,E"],
            "hand": {"lumber": 2, "wool": 2}}"#,
        "",
    ));
    let sea = edge(&game, "3,2,SE");
    refused(
        &mut game,
        Seat(0),
        Action::BuildShip(sea),
        &[
            "3,2,SE",
            "no ship, settlement or city touching",
            "a road does not carry a ship",
        ],
    );
    // A ship on land, and a road on the sea, name their edges too (S-3).
    let land = edge(&game, "1,3,E");
    refused(
        &mut game,
        Seat(0),
        Action::BuildShip(land),
        &["1,3,E", "land on both sides"],
    );
    let open_sea = edge(&game, "3,3,SE");
    refused(
        &mut game,
        Seat(0),
        Action::BuildRoad(open_sea),
        &["3,3,SE", "touches no land"],
    );
}

#[test]
fn a_ship_beside_the_pirate_is_refused() {
    // Worked example W-E: the pirate on the sea hex 3,4 blocks its six edges (S-14.4).
    let mut game = game_from(&new_shores(
        r#"{"settlements": ["3,3,S"], "ships": ["3,3,SE", "3,4,NE"],
            "hand": {"lumber": 2, "wool": 2}}"#,
        r#", "pirate": "3,4""#,
    ));
    let blocked = edge(&game, "2,4,E");
    refused(
        &mut game,
        Seat(0),
        Action::BuildShip(blocked),
        &["pirate", "2,4,E"],
    );
    let (from, to) = (edge(&game, "3,4,NE"), edge(&game, "3,3,E"));
    refused(
        &mut game,
        Seat(0),
        Action::MoveShip { from, to },
        &["pirate", "3,4,NE"],
    );
    // A ship away from the pirate is still built.
    let free = edge(&game, "2,4,NE");
    game.apply(Actor::Seat(Seat(0)), Action::BuildShip(free))
        .unwrap();
}

#[test]
fn a_ship_on_a_closed_route_never_moves() {
    // Worked example W-D: the route 3,3,SE, 3,4,NE joins seat 0's settlements on 3,3,S and
    // 4,3,S, so both ships are closed (S-12).
    let mut game = game_from(&new_shores(
        r#"{"settlements": ["3,3,S", "4,3,S"], "ships": ["3,3,SE", "3,4,NE"]}"#,
        "",
    ));
    let (from, to) = (edge(&game, "3,4,NE"), edge(&game, "3,3,E"));
    refused(
        &mut game,
        Seat(0),
        Action::MoveShip { from, to },
        &["3,4,NE", "closed route"],
    );
}

#[test]
fn a_second_ship_move_in_one_turn_is_refused() {
    // Worked example W-E with the branch: 3,4,NE and 3,3,E are both end ships.
    let mut game = game_from(&new_shores(
        r#"{"settlements": ["3,3,S"], "ships": ["3,3,SE", "3,4,NE", "3,3,E"]}"#,
        "",
    ));
    let (first, to) = (edge(&game, "3,4,NE"), edge(&game, "2,4,NE"));
    game.apply(Actor::Seat(Seat(0)), Action::MoveShip { from: first, to })
        .unwrap();
    let (second, to) = (edge(&game, "3,3,E"), edge(&game, "2,4,E"));
    refused(
        &mut game,
        Seat(0),
        Action::MoveShip { from: second, to },
        &["already moved a ship this turn"],
    );
}

#[test]
fn a_ship_built_this_turn_does_not_move() {
    let mut game = game_from(&new_shores(
        r#"{"settlements": ["3,3,S"], "hand": {"lumber": 1, "wool": 1}}"#,
        "",
    ));
    let built = edge(&game, "3,3,SE");
    game.apply(Actor::Seat(Seat(0)), Action::BuildShip(built))
        .unwrap();
    let to = edge(&game, "2,4,NE");
    refused(
        &mut game,
        Seat(0),
        Action::MoveShip { from: built, to },
        &["3,3,SE", "placed this turn"],
    );
    // Nor does a ship the seat does not have.
    let none = edge(&game, "2,4,E");
    refused(
        &mut game,
        Seat(0),
        Action::MoveShip { from: none, to },
        &["no ship on 2,4,E"],
    );
}

#[test]
fn the_pirate_sails_on_sea_and_the_robber_stands_on_land() {
    let mut game = game_from(
        &new_shores(r#"{"settlements": ["3,3,S"]}"#, "")
            .replace(r#""phase": "main""#, r#""phase": "moving_robber""#),
    );
    let land = game.topology().hex_id("2,2".parse().unwrap()).unwrap();
    let sea = game.topology().hex_id("3,4".parse().unwrap()).unwrap();
    refused(
        &mut game,
        Seat(0),
        Action::MovePirate {
            hex: land,
            victim: None,
        },
        &["pirate", "2,2", "not sea"],
    );
    refused(
        &mut game,
        Seat(0),
        Action::MoveRobber {
            hex: sea,
            victim: None,
        },
        &["robber", "3,4", "not land"],
    );
}

/// Barbarian Attack's options on another scenario: each refusal names the option, and a
/// position asking for all of them gets every reason at once.
#[test]
fn barbarian_attack_options_elsewhere_are_refused_by_name() {
    let problems = position_problems(
        r#"{"scenario": "base", "map": "base", "phase": "main",
            "players": [{}, {}, {}], "event_cards": true, "harbormaster": true,
            "win_off_turn": true}"#,
    );
    let all = problems.join("\n");
    assert_names(&all, &["event cards", "Harbormaster", "`win_off_turn`"]);
    assert_eq!(problems.len(), 3, "{all}");
}

/// A trade token's action (BA2-7) outside the two-player game is refused as such: it
/// panicked when the game had no barbarians at all.
#[test]
fn a_trade_token_action_outside_the_two_player_game_is_refused() {
    for (scenario, players) in [("base", "{}, {}, {}"), ("barbarian-attack", "{}, {}, {}")] {
        let mut game = game_from(&format!(
            r#"{{"scenario": "{scenario}", "map": "{scenario}", "phase": "main",
                "players": [{players}]}}"#
        ));
        for action in [
            Action::DriveAwayBarbarian(topology::HexId(0)),
            Action::ForceTrade,
        ] {
            let before = game.clone();
            let error = game.apply(Actor::Seat(Seat(0)), action).unwrap_err();
            assert_names(&error.to_string(), &["two-player game"]);
            assert_eq!(game.state(), before.state());
        }
    }
}

/// Treason's moves on a battle order shorter than the board's ten coastal hexes: only the
/// hexes listed (it read past the end of the list).
#[test]
fn treason_on_a_short_battle_order_moves_among_the_hexes_listed() {
    let mut map: Value =
        serde_json::from_str(map::builtin::text("barbarian-attack").unwrap()).unwrap();
    map["battle_order"].as_array_mut().unwrap().pop();
    let text = json!({
        "scenario": "barbarian-attack",
        "map": map,
        "phase": "main",
        "players": [{"hand": {"wool": 1, "grain": 1, "ore": 1}}, {}, {}],
        "barbarians": {
            "on": {"0,4": 1, "3,1": 1},
            "supply": 28,
            "deck": {"knighthood": 14, "black_knight": 4, "treason": 4, "intrigue": 4}
        }
    });
    let mut game = game_from(&text.to_string());
    game.apply(Actor::Seat(Seat(0)), Action::BuyDevelopmentCard)
        .unwrap();
    game.apply(
        Actor::Chance,
        Action::DrawBarbarianCard(state::BarbarianCard::Treason),
    )
    .unwrap();
    let legal = game.legal_actions(Seat(0));
    let to: Vec<String> = legal
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::TreasonMove { to, .. } => Some(game.topology().hex(*to).to_string()),
            _ => None,
        })
        .collect();
    assert!(!to.is_empty());
    assert!(!to.contains(&"0,1".to_string()), "{to:?}");
}

/// BA2-2: a two-player position that leaves the trade tokens out starts with them as the
/// game does; tokens given must make the game's 20, and only two players have them.
#[test]
fn trade_tokens_in_a_position() {
    // Barbarians all in the supply, the deck whole, and `tokens` as given.
    let barbarians = |tokens: &str| {
        format!(
            r#"{{"supply": 30, "deck": {{"knighthood": 14, "black_knight": 4, "treason": 4, "intrigue": 4}}{tokens}}}"#
        )
    };
    let two = |tokens: &str| {
        format!(
            r#"{{"scenario": "barbarian-attack", "map": "barbarian-attack", "phase": "main",
                "neutral": [2, 3], "players": [{{}}, {{}}, {{}}, {{}}],
                "barbarians": {}}}"#,
            barbarians(tokens)
        )
    };
    let game = game_from(&two(""));
    let b = &game.state().barbarians;
    assert_eq!((b.tokens, b.token_supply), ([5, 5, 0, 0], 10));
    let written = game.to_position();
    let back = game_from(&serde_json::to_string(&written).unwrap());
    assert_eq!(back.state().barbarians.tokens, [5, 5, 0, 0]);

    let problems = position_problems(&two(r#", "tokens": [5, 5], "token_supply": 9"#));
    assert_names(
        &problems.join("\n"),
        &["barbarians.tokens", "make 19", "has 20"],
    );
    let problems = position_problems(&two(r#", "tokens": [4, 4, 2], "token_supply": 10"#));
    assert_names(
        &problems.join("\n"),
        &["one number for each of the two players, not 3"],
    );
    let problems = position_problems(&format!(
        r#"{{"scenario": "barbarian-attack", "map": "barbarian-attack", "phase": "main",
            "players": [{{}}, {{}}, {{}}], "barbarians": {}}}"#,
        barbarians(r#", "tokens": [5, 5, 5]"#)
    ));
    assert_names(&problems.join("\n"), &["played by two players only"]);
}
