//! A record may begin from a position (record version 5, docs/record-format.md): the game is
//! taken up where the position stands, and its actions replay from there to the same state.

mod common;

use common::{new_game, play_random};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::record::{RECORD_VERSION, Record, ReplayError, SeatInfo};
use settlers_core::*;

/// Plays `steps` random actions of `game`, chance included, each written into `record`.
fn play(game: &mut Game, record: &mut Record, steps: usize, rng: &mut ChaCha8Rng) {
    play_random(game, steps, rng, |game, actor, action| {
        record.push(game, actor, action)
    });
}

fn seats(n: u8) -> Vec<SeatInfo> {
    vec![SeatInfo::default(); usize::from(n)]
}

/// For each scenario, positions taken at several points of a random game (setup, the turn's
/// phases, gold picks and battles where they come) begin records that replay to the state the
/// game reached.
#[test]
fn a_record_from_a_position_replays_to_the_same_game() {
    let mut phases = std::collections::BTreeSet::new();
    for (scenario, players) in [
        ("base", 4),
        ("new-shores", 3),
        ("fog-islands", 4),
        ("cloth-for-catan", 4),
        ("pirate-islands", 4),
        ("barbarian-attack", 3),
        ("barbarian-attack", 2),
        ("new-world", 4),
    ] {
        for seed in 0..3u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = new_game(scenario, players, None, GameOptions::default(), &mut rng)
                .unwrap_or_else(|e| panic!("{scenario}: {e}"));
            let mut head = Record::new(&setup_of(&game), seats(players));
            for stop in [7usize, 40, 250, 900] {
                play(&mut game, &mut head, stop, &mut rng);
                if game.winner().is_some() {
                    break;
                }
                let position = game.to_position();
                phases.insert(
                    format!("{:?}", game.state().phase)
                        .split([' ', '{'])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                let (mut record, mut again) = Record::from_position(position, seats(players))
                    .unwrap_or_else(|e| panic!("{scenario} seed {seed} at {stop}: {e}"));
                assert_eq!(
                    again.state(),
                    game.state(),
                    "{scenario}: the position taken up"
                );
                let mut rest = ChaCha8Rng::seed_from_u64(seed ^ 0xF00D);
                play(&mut again, &mut record, 300, &mut rest);
                if again.winner().is_some() {
                    record.finish(&again);
                }
                let text = record.to_json_pretty();
                let read = Record::from_json(&text).unwrap();
                assert_eq!(read.version, RECORD_VERSION);
                assert!(read.position.is_some());
                let replayed = read
                    .replay()
                    .unwrap_or_else(|e| panic!("{scenario} seed {seed} at {stop}: {e}"));
                assert_eq!(
                    replayed.state(),
                    again.state(),
                    "{scenario} seed {seed} at {stop}"
                );
            }
        }
    }
    // The positions were taken in more phases than the turn's start alone.
    assert!(phases.len() >= 5, "phases seen: {phases:?}");
}

/// The set-up a record of `game` starts from, read back from a record of the game's start.
fn setup_of(game: &Game) -> GameSetup {
    GameSetup {
        scenario: game.config().scenario.clone(),
        board: game.board().clone(),
        seats: game.state().seats,
        first: game.state().first,
        options: game.config().options.clone(),
    }
}

#[test]
fn a_record_without_a_position_writes_none() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let game = new_game("base", 4, None, GameOptions::default(), &mut rng).unwrap();
    let record = Record::new(&setup_of(&game), seats(4));
    let text = record.to_json_pretty();
    assert!(!text.contains("\"position\""), "{text}");
    assert!(Record::from_json(&text).unwrap().position.is_none());
}

#[test]
fn a_position_with_the_wrong_seats_or_refused_is_refused_by_name() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let game = new_game("base", 4, None, GameOptions::default(), &mut rng).unwrap();
    let error = Record::from_position(game.to_position(), seats(3)).unwrap_err();
    assert!(
        matches!(&error, ReplayError::Setup(text) if text.contains("3 seats for a position of 4 players")),
        "{error}"
    );

    // A record whose position holds a settlement off the board: the replay says where.
    let (record, _) = Record::from_position(game.to_position(), seats(4)).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&record.to_json_pretty()).unwrap();
    value["position"]["players"][0]["settlements"] = serde_json::json!(["40,40,N"]);
    let error = Record::from_json(&value.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    let text = error.to_string();
    assert!(text.starts_with("the record's set-up is refused"), "{text}");
    assert!(text.contains("40,40,N"), "{text}");
}
