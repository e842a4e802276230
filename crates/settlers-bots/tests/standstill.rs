//! A game whose public scores stand still for `STANDSTILL_ROUNDS` rounds ends without a
//! winner (`rules/standstill.rs`). The Forgotten Tribe game below is one that random bots
//! used to play until the step limit.

use settlers_bots::by_name;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_core::record::Record;
use settlers_core::rules::STANDSTILL_ROUNDS;
use settlers_core::{Event, Phase};

/// Game 3552 of `settlers sim --scenario forgotten-tribe --players random,random,random,random
/// --seed 1`: every seat stuck short of 13 points while one ship route shuttles.
const STUCK_GAME: u64 = 3552;
/// Far more steps than the game takes to end by the rule, far fewer than it ran before.
const STEPS: u64 = 200_000;

fn play_stuck_game(play_on: bool) -> settlers_bots::play::Played {
    let mut spec = GameSpec::new("forgotten-tribe", 4).unwrap();
    // As `settlers sim` lays it out.
    spec.layout.layout = spec.default_layout();
    spec.options.play_on_when_standing_still = play_on;
    let mut bots: Vec<_> = ["random"; 4].iter().map(|n| by_name(n).unwrap()).collect();
    Table::new()
        .play(&spec, &mut bots, game_seed(1, STUCK_GAME), STEPS, true)
        .unwrap()
}

#[test]
fn a_forgotten_tribe_game_whose_scores_stood_still_ends_without_a_winner() {
    let played = play_stuck_game(false);
    let game = &played.game;
    let s = game.state();
    assert_eq!(s.phase, Phase::Over, "the game ends");
    assert_eq!(s.winner, None);
    assert_eq!(s.standstill.rounds, STANDSTILL_ROUNDS);
    assert!(
        s.seat_ids()
            .all(|x| game.victory_points(x) < s.victory_points),
        "nobody holds the target"
    );
    // The record says so, and replays to the same end.
    let record = played.record.expect("kept");
    let result = record
        .result
        .as_ref()
        .expect("a finished game's record has a result");
    assert_eq!(result.winner, None);
    assert_eq!(record.replay().unwrap().state(), s);
    // Events tell why.
    let mut replayed = record.start().unwrap();
    let mut events = Vec::new();
    for entry in &record.actions {
        let action = replayed.action_from_text(&entry.action).unwrap();
        events.clear();
        replayed
            .apply_with(entry.actor.0, action, &mut events)
            .unwrap();
    }
    assert_eq!(
        events.last(),
        Some(&Event::ScoresStoodStill {
            rounds: STANDSTILL_ROUNDS
        })
    );
}

#[test]
fn playing_on_the_same_game_goes_past_the_limit() {
    let played = play_stuck_game(true);
    let s = played.game.state();
    assert_ne!(s.phase, Phase::Over, "still going after {STEPS} steps");
    assert!(s.standstill.rounds > STANDSTILL_ROUNDS);
}

#[test]
fn records_before_version_3_replay_as_played_on() {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut bots: Vec<_> = ["random"; 4].iter().map(|n| by_name(n).unwrap()).collect();
    let played = Table::new().play(&spec, &mut bots, 7, STEPS, true).unwrap();
    let mut record: Record = played.record.expect("kept");
    assert_eq!(record.version, settlers_core::record::RECORD_VERSION);
    let plays_on = |r: &Record| {
        r.start()
            .unwrap()
            .config()
            .options
            .play_on_when_standing_still
    };
    assert!(!plays_on(&record));
    for version in [1, 2] {
        record.version = version;
        assert!(plays_on(&record), "version {version}");
        assert_eq!(record.replay().unwrap().state(), played.game.state());
    }
}
