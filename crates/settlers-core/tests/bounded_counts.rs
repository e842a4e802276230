//! Every count read from a file is bounded before anything is made from it, and no number
//! read from outside wraps (docs/map-format.md and docs/record-format.md, "Limits"). Each
//! refusal names the field, the entry and the bound, as a person fixing the file needs.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapTemplate, builtin};
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

/// A built-in map as JSON, with one edit made to it.
fn map_with(id: &str, edit: impl FnOnce(&mut Value)) -> MapFile {
    let mut value: Value = serde_json::from_str(builtin::text(id).unwrap()).unwrap();
    edit(&mut value);
    MapFile::from_json(&value.to_string()).unwrap()
}

/// The problems of a map that must be refused, as one text.
fn refused_map(file: &MapFile) -> String {
    match MapTemplate::check(file) {
        Ok(_) => panic!("the map was accepted"),
        Err(e) => e.to_string(),
    }
}

/// A game of a built-in map, laid out as printed.
fn game_on(file: &MapFile, seats: u8, options: GameOptions) -> Result<Game, SetupError> {
    let template = MapTemplate::check(file).unwrap_or_else(|e| panic!("{e}"));
    let layout = LayoutOptions {
        layout: Layout::Beginner,
        ..LayoutOptions::default()
    };
    let board = template
        .realise(&layout, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    Game::new(GameSetup {
        scenario: file.id.clone(),
        board,
        seats,
        first: Seat(0),
        options,
    })
}

// ---------------------------------------------------------------------------------------
// Pools: never more pieces than the map has places for them.

#[test]
fn a_terrain_pool_larger_than_any_map_is_refused_before_it_is_laid_out() {
    // 2^32 took 4 GB, 2^40 aborted the process, 2^63 overflowed a count.
    for count in [1u64 << 32, 1 << 40, 1 << 63, u64::MAX, 129] {
        let file = map_with("base", |v| {
            v["pools"]["terrain"]["contents"]["fields"] = json!(count);
        });
        let message = refused_map(&file);
        assert_names(
            &message,
            &[
                "pools.terrain",
                "`fields`",
                &count.to_string(),
                "at most 128",
                "hexes",
            ],
        );
    }
}

#[test]
fn a_terrain_pool_whose_entries_add_up_beyond_the_bound_is_refused() {
    let file = map_with("base", |v| {
        let contents = &mut v["pools"]["terrain"]["contents"];
        contents["fields"] = json!(100);
        contents["forest"] = json!(100);
    });
    let message = refused_map(&file);
    assert_names(
        &message,
        &["pools.terrain", "`forest`", "at most 128 in all"],
    );
}

#[test]
fn a_harbor_pool_larger_than_any_map_is_refused() {
    for count in [1u64 << 32, 1 << 40, 1 << 63, 257] {
        let file = map_with("base", |v| {
            v["pools"]["harbors"]["contents"]["3:1"] = json!(count);
        });
        let message = refused_map(&file);
        assert_names(
            &message,
            &[
                "pools.harbors",
                "`3:1`",
                &count.to_string(),
                "at most 256",
                "edges",
            ],
        );
    }
}

#[test]
fn a_number_pool_longer_than_any_map_is_refused() {
    // The fog's stack counts each number in a byte: 300 twos wrapped it.
    let file = map_with("fog-islands-3", |v| {
        v["pools"]["fog_numbers"]["contents"] = json!(vec![2; 300]);
    });
    let message = refused_map(&file);
    assert_names(
        &message,
        &["pools.fog_numbers", "300 numbers", "at most 128"],
    );
}

#[test]
fn a_gift_harbor_pool_larger_than_any_map_is_refused_by_the_check_and_the_layout() {
    for count in [1u64 << 40, 1 << 63] {
        let file = map_with("forgotten-tribe", |v| {
            v["extras"]["gift_harbor_pool"]["ore"] = json!(count);
        });
        let message = refused_map(&file);
        assert_names(
            &message,
            &["extras.gift_harbor_pool", "`ore`", "at most 256", "edges"],
        );
    }
}

#[test]
fn a_record_whose_map_has_a_huge_pool_is_refused_by_name() {
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            3,
            &LayoutOptions::default(),
            Some(Seat(0)),
            GameOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(1),
        )
        .unwrap();
    let record = Record::new(&setup, vec![SeatInfo::default(); 3]);
    let mut value: Value = serde_json::from_str(&record.to_json_pretty()).unwrap();
    value["map"]["pools"] =
        json!({"terrain": {"kind": "terrain", "contents": {"hills": 1u64 << 40}}});
    let error = Record::from_json(&value.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(matches!(error, ReplayError::Setup(_)), "{error:?}");
    assert_names(
        &error.to_string(),
        &["pools.terrain", "`hills`", "at most 128"],
    );
}

#[test]
fn a_record_with_more_seats_than_a_table_is_refused_not_wrapped() {
    // 258 seats counted in a byte made a game of 2.
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            3,
            &LayoutOptions::default(),
            Some(Seat(0)),
            GameOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(1),
        )
        .unwrap();
    let record = Record::new(&setup, vec![SeatInfo::default(); 258]);
    let error = record.replay().unwrap_err();
    assert_names(&error.to_string(), &["258 seats", "2 to 4"]);
}

/// A record of a base game about to start, as JSON.
fn an_empty_record() -> Value {
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            3,
            &LayoutOptions::default(),
            Some(Seat(0)),
            GameOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(1),
        )
        .unwrap();
    let record = Record::new(&setup, vec![SeatInfo::default(); 3]);
    serde_json::from_str(&record.to_json_pretty()).unwrap()
}

#[test]
fn a_record_version_beyond_every_number_is_named_as_written() {
    // 2^32 + 1 read as a 32-bit number was version 1.
    let mut value = an_empty_record();
    value["version"] = json!((1u64 << 32) + 1);
    let error = Record::from_json(&value.to_string()).unwrap_err();
    assert_eq!(error, ReplayError::TooNew((1 << 32) + 1));
    assert_names(&error.to_string(), &["version 4294967297", "newer"]);
}

#[test]
fn a_record_with_more_actions_than_any_game_is_refused_before_it_is_read() {
    let mut value = an_empty_record();
    // Counted before each is read: they need not even be actions.
    value["actions"] = Value::Array(vec![json!(0); record::MOST_ACTIONS + 1]);
    let error = Record::from_json(&value.to_string()).unwrap_err();
    assert_names(&error.to_string(), &["1000001 actions", "at most 1000000"]);
}

// ---------------------------------------------------------------------------------------
// Points and counts that wrapped in a byte.

#[test]
fn a_special_victory_point_option_beyond_its_range_is_refused() {
    // 255 was accepted, and a second island gave 254.
    let file = map_with("new-shores-3", |_| {});
    for value in [11u8, 200, 255] {
        let options = GameOptions {
            special_vp_value: Some(value),
            ..GameOptions::default()
        };
        let error = game_on(&file, 3, options).unwrap_err();
        assert_names(
            &error.to_string(),
            &["special_vp_value", &value.to_string(), "0 to 10"],
        );
    }
    let options = GameOptions {
        special_vp_value: Some(10),
        ..GameOptions::default()
    };
    assert!(game_on(&file, 3, options).is_ok());
}

#[test]
fn special_victory_points_of_a_map_beyond_their_range_are_refused() {
    let file = map_with("new-shores-3", |v| v["special_vp"]["value"] = json!(255));
    assert_names(
        &refused_map(&file),
        &["special_vp.value", "`255`", "0 to 10"],
    );
    let file = map_with("four-islands-3", |v| {
        v["special_vp"]["each_further_foreign"] = json!(200)
    });
    assert_names(
        &refused_map(&file),
        &["special_vp.each_further_foreign", "`200`", "0 to 10"],
    );
}

#[test]
fn fortress_chits_beyond_their_range_are_refused() {
    // 256 validated and became 0.
    for chits in [0, 11, 256] {
        let file = map_with("pirate-islands", |v| {
            v["extras"]["colours"][1]["fortress_chits"] = json!(chits)
        });
        assert_names(
            &refused_map(&file),
            &[
                "extras.colours[1].fortress_chits",
                &format!("`{chits}`"),
                "1 to 10",
            ],
        );
    }
}

#[test]
fn cloth_counts_beyond_their_range_are_refused() {
    let file = map_with("cloth-for-catan", |v| {
        v["special_vp"]["cloth_per_vp"] = json!(256)
    });
    // 256 became 0 in a byte, and the points divided by it.
    assert_names(
        &refused_map(&file),
        &["special_vp.cloth_per_vp", "`256`", "1 to 10"],
    );
    let file = map_with("cloth-for-catan", |v| {
        v["extras"]["general_cloth_supply"] = json!(300)
    });
    assert_names(
        &refused_map(&file),
        &["extras.general_cloth_supply", "`300`", "0 to 50"],
    );
    let file = map_with("cloth-for-catan", |v| {
        v["extras"]["villages"][0]["cloth"] = json!(26)
    });
    assert_names(
        &refused_map(&file),
        &["extras.villages[0].cloth", "`26`", "0 to 25"],
    );
}

/// One change to a map's JSON.
type MapEdit = Box<dyn Fn(&mut Value)>;

#[test]
fn barbarian_counts_beyond_their_range_are_refused() {
    let cases: [(&str, MapEdit, &[&str]); 4] = [
        (
            "total",
            Box::new(|v| v["barbarians"]["total"] = json!(256)),
            &["barbarians.total", "`256`", "1 to 60"],
        ),
        (
            "start",
            Box::new(|v| v["barbarians"]["start"]["0,4"] = json!(40)),
            &["barbarians.start.0,4", "`40`", "0 to 30"],
        ),
        (
            "knights",
            Box::new(|v| v["knights"] = json!({"per_player": 7})),
            &["knights.per_player", "`7`", "1 to 6"],
        ),
        (
            "battle order",
            Box::new(|v| {
                v["battle_order"].as_array_mut().unwrap().push(json!("1,1"));
            }),
            &["battle_order", "11 coastal hexes", "at most 10"],
        ),
    ];
    for (name, edit, parts) in cases {
        let file = map_with("barbarian-attack", edit);
        let message = refused_map(&file);
        assert!(
            parts.iter().all(|p| message.contains(p)),
            "{name}: the message does not name {parts:?}:\n{message}"
        );
    }
}

#[test]
fn a_victory_target_beyond_its_range_is_refused_not_wrapped() {
    // 255 and the Harbormaster's one more overflowed.
    let file = map_with("barbarian-attack", |v| v["victory_points"] = json!(255));
    assert_names(&refused_map(&file), &["victory_points", "255", "1 to 50"]);
    let file = map_with("barbarian-attack", |_| {});
    let options = GameOptions {
        victory_points: Some(51),
        ..GameOptions::default()
    };
    let error = game_on(&file, 3, options).unwrap_err();
    assert_names(&error.to_string(), &["victory target of 51", "1 to 50"]);
    let options = GameOptions {
        harbormaster: true,
        ..GameOptions::default()
    };
    let game = game_on(&file, 3, options).unwrap();
    assert_eq!(game.state().victory_points, 13);
}
