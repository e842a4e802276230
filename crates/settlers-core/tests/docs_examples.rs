//! The examples in docs/ are real: each JSON example there reads as what it claims to be.

use settlers_core::map::{LayoutOptions, MapFile, MapTemplate};
use settlers_core::position::Position;
use settlers_core::ruleset::SpecialVp;
use settlers_core::scenario::setup_on_map;
use settlers_core::{Game, GameOptions};

fn json_blocks(doc: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/../../docs/{doc}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    text.split("```json\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap().to_string())
        .collect()
}

fn generator() -> rand_chacha::ChaCha8Rng {
    <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1)
}

/// The small map of map-format.md, read and checked.
fn small_map() -> MapTemplate {
    let blocks = json_blocks("map-format.md");
    let small = blocks
        .iter()
        .find(|b| b.contains("\"three-hexes\""))
        .expect("the map format shows a small map");
    let file = MapFile::from_json(small).unwrap();
    MapTemplate::check(&file).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_small_map_of_the_map_format_reads_and_lays_out() {
    let board = small_map()
        .realise(&LayoutOptions::default(), &mut generator())
        .unwrap();
    assert_eq!(board.hexes.len(), 3);
    assert_eq!(board.robber, Some("0,1".parse().unwrap()));
}

/// The small map has no room for every starting settlement of three or four players: a seat
/// the distance rule leaves no corner, or others' roads no edge, passes over that placement
/// (`rules/setup.rs`), and the game never waits on a seat with nothing it may do.
#[test]
fn on_the_small_map_a_seat_with_no_place_left_in_setup_passes() {
    use rand_core::Rng;
    use settlers_core::{Action, Event, Phase, ToAct};
    let template = small_map();
    // Placements passed over, with three seats and with four.
    let mut passed = [0u32; 2];
    for seats in [3u8, 4] {
        for seed in 0..40 {
            let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(seed);
            let setup = setup_on_map(
                &template,
                seats,
                &LayoutOptions::default(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
            let mut game = Game::new(setup).unwrap();
            let mut placed = 0;
            while matches!(
                game.state().phase,
                Phase::SetupSettlement | Phase::SetupRoad { .. }
            ) {
                let ToAct::Seats(seats_to_act) = game.to_act() else {
                    panic!("setup waits for {:?}", game.to_act());
                };
                let seat = seats_to_act.iter().next().unwrap();
                let legal = game.legal_actions(seat).actions;
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: {seat:?} may do nothing in setup"
                );
                let action: Action = legal[rng.next_u32() as usize % legal.len()];
                let mut events: Vec<Event> = Vec::new();
                game.apply_with(settlers_core::Actor::Seat(seat), action, &mut events)
                    .unwrap();
                placed += 1;
                passed[usize::from(seats - 3)] += events
                    .iter()
                    .filter(|e| matches!(e, Event::NoPlaceInSetup { .. }))
                    .count() as u32;
            }
            // Four players' eight settlements never fit on its 13 corners.
            if seats == 4 {
                assert!(placed < 16, "seed {seed}: every piece found a place");
            }
        }
    }
    assert!(passed[1] > 0, "placements passed over: {passed:?}");
}

#[test]
fn the_seafarers_map_of_your_own_is_the_last_example_and_switches_its_modules_on() {
    let blocks = json_blocks("map-format.md");
    let last = blocks
        .last()
        .expect("the map format shows a whole map last");
    let file = MapFile::from_json(last).unwrap();
    let template = MapTemplate::check(&file).unwrap_or_else(|e| panic!("{e}"));
    assert!(template.warnings.is_empty(), "{:?}", template.warnings);
    for seats in [3, 4] {
        let setup = setup_on_map(
            &template,
            seats,
            &LayoutOptions::default(),
            None,
            GameOptions::default(),
            &mut generator(),
        )
        .unwrap();
        assert_eq!(setup.scenario, file.id);
        let game = Game::new(setup).unwrap();
        let rules = &game.config().rules;
        assert!(rules.ships && rules.pirate && rules.trade_route && !rules.fog);
        assert_eq!(game.state().victory_points, 8);
        match &rules.special_vp {
            // The islands are found on the map: the doc's map lists no areas.
            SpecialVp::ForeignIslands {
                islands,
                first: 2,
                further: 2,
            } => assert_eq!(islands.len(), 2),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn the_position_of_the_record_format_reads() {
    let blocks = json_blocks("record-format.md");
    let position = blocks
        .iter()
        .find(|b| b.contains("settlers-position"))
        .expect("the record format shows a position");
    let game = Game::from_position(&Position::from_json(position).unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.seats(), 4);
}
