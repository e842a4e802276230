//! What a position may leave out because it follows from the rest (docs/record-format.md,
//! "Positions"): Barbarian Attack's supply of barbarians and its deck.

mod common;

use common::{new_game, play_random};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use settlers_core::position::Position;
use settlers_core::*;

/// Plays `steps` random actions, chance included.
fn play(game: &mut Game, steps: usize, rng: &mut ChaCha8Rng) {
    play_random(game, steps, rng, |_, _, _| {});
}

fn read(value: &Value) -> Result<Game, Vec<String>> {
    let position = Position::from_json(&value.to_string()).map_err(|e| e.0)?;
    Game::from_position(&position).map_err(|e| e.0)
}

#[test]
fn a_barbarian_attack_position_without_its_supply_and_deck_derives_them() {
    let mut checked = 0;
    for players in [2u8, 3, 4] {
        for seed in 0..3u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = new_game(
                "barbarian-attack",
                players,
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
            for steps in [0usize, 150, 600] {
                play(&mut game, steps, &mut rng);
                let whole = serde_json::to_value(game.to_position()).unwrap();
                let mut short = whole.clone();
                let barbarians = short["barbarians"].as_object_mut().unwrap();
                assert!(barbarians.remove("supply").is_some());
                assert!(barbarians.remove("deck").is_some());
                let derived = read(&short).unwrap_or_else(|p| panic!("{p:?}"));
                assert_eq!(serde_json::to_value(derived.to_position()).unwrap(), whole);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 27);
}

#[test]
fn what_cannot_be_derived_is_refused_by_name() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let game = new_game(
        "barbarian-attack",
        3,
        None,
        GameOptions::default(),
        &mut rng,
    )
    .unwrap();
    let mut position = serde_json::to_value(game.to_position()).unwrap();
    let barbarians = position["barbarians"].as_object_mut().unwrap();
    barbarians.remove("supply");
    barbarians.remove("deck");
    barbarians.insert("discard".into(), serde_json::json!({"knighthood": 15}));
    barbarians.insert("prisoners".into(), serde_json::json!([20, 11, 0]));
    let problems = read(&position).expect_err("refused");
    let all = problems.join("\n");
    assert_eq!(problems.len(), 2, "{all}");
    assert!(
        all.contains("15 Knighthood cards in the discards; there are 14"),
        "{all}"
    );
    assert!(
        all.contains("barbarians on the board and held prisoner; there are 30"),
        "{all}"
    );
}
