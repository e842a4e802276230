//! The Pirate Islands end a game nobody can win any more (`Game::nobody_can_win`). The test
//! behind it must be sound: a seat it finds unable to win never wins. Here bots play on
//! past such positions (`play_on_when_nobody_can_win`), and each game is replayed with the
//! test asked at the end of every turn.

mod common;

use common::STEP_LIMIT;
use settlers_bots::by_name;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_core::Action;

/// What the games of one lineup showed.
#[derive(Default, Debug)]
struct Seen {
    /// Seats found unable to win, each counted once a game.
    seats_out: u64,
    /// Games won by a seat after another was found unable to win.
    won_after_a_seat_was_out: u64,
    /// Games found that nobody could win.
    dead: u64,
}

fn play_on(players: &[&str], games: u64, seed: u64) -> Seen {
    let mut spec = GameSpec::new("pirate-islands", players.len() as u8).unwrap();
    spec.options.play_on_when_nobody_can_win = true;
    let mut table = Table::new();
    let mut seen = Seen::default();
    for index in 0..games {
        let mut bots: Vec<_> = players.iter().map(|n| by_name(n).unwrap()).collect();
        let played = table
            .play(&spec, &mut bots, game_seed(seed, index), STEP_LIMIT, true)
            .unwrap_or_else(|e| panic!("{players:?} game {index}: {e}"));
        let record = played.record.expect("kept");
        let mut game = record.start().unwrap();
        let mut out = [false; 4];
        let mut dead = false;
        for (step, entry) in record.actions.iter().enumerate() {
            let action = game.action_from_text(&entry.action).unwrap();
            let turn_ends = action == Action::EndTurn;
            game.apply_with(entry.actor.0, action, &mut ()).unwrap();
            if !turn_ends {
                continue;
            }
            for seat in game.state().seat_ids() {
                if !out[seat.index()] && !game.may_still_win(seat) {
                    out[seat.index()] = true;
                    seen.seats_out += 1;
                }
            }
            if !dead && game.nobody_can_win() {
                dead = true;
                seen.dead += 1;
                assert!(
                    out.iter().take(players.len()).all(|&o| o),
                    "{players:?} game {index} step {step}: nobody can win, yet not every seat is out"
                );
            }
        }
        match game.winner() {
            Some(w) => {
                assert!(
                    !out[w.index()],
                    "{players:?} game {index}: {w} won after it was found unable to win"
                );
                if out.iter().any(|&o| o) {
                    seen.won_after_a_seat_was_out += 1;
                }
            }
            None => assert!(
                dead,
                "{players:?} game {index}: no winner in {STEP_LIMIT} steps, yet never found that nobody could win"
            ),
        }
    }
    seen
}

#[test]
fn a_seat_found_unable_to_win_never_wins() {
    for players in [
        &["random", "random", "random"][..],
        &["random", "random", "random", "random"],
        &["heuristic", "random", "heuristic", "random"],
    ] {
        let seen = play_on(players, 60, 11);
        // The test must have had something to judge: seats found out, and games won by
        // another seat after that.
        assert!(
            seen.seats_out >= 10 && seen.won_after_a_seat_was_out >= 5,
            "{players:?}: too little seen to judge: {seen:?}"
        );
    }
}

#[test]
fn records_of_version_1_replay_as_played_on() {
    let spec = GameSpec::new("pirate-islands", 3).unwrap();
    let mut bots: Vec<_> = ["random"; 3].iter().map(|n| by_name(n).unwrap()).collect();
    let played = Table::new()
        .play(&spec, &mut bots, 1, STEP_LIMIT, true)
        .unwrap();
    let mut record = played.record.expect("kept");
    assert_eq!(record.version, settlers_core::record::RECORD_VERSION);
    let plays_on = |r: &settlers_core::record::Record| {
        r.start()
            .unwrap()
            .config()
            .options
            .play_on_when_nobody_can_win
    };
    assert!(!plays_on(&record));
    record.version = 1;
    assert!(plays_on(&record));
    // Everything else replays the same.
    assert_eq!(record.replay().unwrap().state(), played.game.state());
}
