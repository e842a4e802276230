//! The heuristic bot keeps its picture of the board between decisions (heuristic/picture.rs),
//! and in Barbarian Attack each path's steps to the coast: what it keeps must never be stale. One bot, kept across every decision of several games
//! of several scenarios, must choose what a newly made bot chooses at each of them.

use rand_core::SeedableRng;
use settlers_bots::play::{GameSpec, deciding_seat, game_seed};
use settlers_bots::{Bot, BotRng, HeuristicBot, RandomBot};
use settlers_core::{Actor, Game, ToAct};

/// Steps of one game at most: enough for most games to end.
const MOST_STEPS: u32 = 4_000;

/// Plays `games` games of `scenario`: the kept heuristic bot at seats 0 and 1 (and the
/// checks at every seat), random bots at the others, so the board changes in every way.
fn kept_matches_new(kept: &mut HeuristicBot, scenario: &str, seats: u8, games: u64) {
    let spec = GameSpec::new(scenario, seats).unwrap();
    let mut random = RandomBot::new();
    for g in 0..games {
        let mut rng = BotRng::seed_from_u64(game_seed(7, g));
        let mut game = Game::new(spec.setup(&mut rng).unwrap()).unwrap();
        for step in 0..MOST_STEPS {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                ToAct::Seats(waiting) => {
                    let seat = deciding_seat(waiting, game.state().active).unwrap();
                    let legal = game.legal_actions(seat);
                    let view = game.view(seat);
                    let mut unused = BotRng::seed_from_u64(0);
                    let fresh = HeuristicBot::new().choose(&view, &legal, &mut unused);
                    let from_kept = kept.choose(&view, &legal, &mut unused);
                    assert_eq!(
                        from_kept, fresh,
                        "{scenario}, game {g}, step {step}, seat {}: the kept picture was stale",
                        seat.0
                    );
                    let action = if seat.0 < 2 {
                        from_kept
                    } else {
                        random.choose(&view, &legal, &mut rng)
                    };
                    (Actor::Seat(seat), action)
                }
            };
            game.apply(actor, action).unwrap();
        }
    }
}

#[test]
fn a_kept_picture_chooses_as_a_new_one_in_every_kind_of_game() {
    // One bot for all, so a picture of one game must not serve the next one either.
    let mut kept = HeuristicBot::new();
    for (scenario, seats) in [
        ("base", 4),
        ("four-islands", 4),
        ("fog-islands", 3),
        ("pirate-islands", 4),
        ("cloth-for-catan", 3),
        ("wonders-of-catan", 4),
        ("barbarian-attack", 4),
        ("new-world", 4),
        ("base", 3),
    ] {
        kept_matches_new(&mut kept, scenario, seats, 3);
    }
}
