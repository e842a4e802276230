//! `Game::board_key` changes whenever the board a viewer is shown changes (a fog hex turned
//! over, a gift harbor placed): the server sends the board only when the key moved.

use rand_core::SeedableRng;
use settlers_bots::play::{GameSpec, game_seed};
use settlers_bots::{Bot, BotRng, RandomBot};
use settlers_core::{Actor, Game, ToAct};

/// Plays random games of `scenario` and counts the steps at which the board changed, failing
/// at one where the key did not.
fn board_changes(scenario: &str, games: u64) -> u64 {
    let spec = GameSpec::new(scenario, 4).unwrap();
    let mut changes = 0;
    for index in 0..games {
        let mut rng = BotRng::seed_from_u64(game_seed(5, index));
        let mut game = Game::new(spec.setup(&mut rng).unwrap()).unwrap();
        let mut board = game.spectator_view().public_map();
        let mut key = game.board_key();
        for step in 0..100_000 {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                ToAct::Seats(waiting) => {
                    let seat = waiting.iter().next().unwrap();
                    let legal = game.legal_actions(seat);
                    let action = RandomBot::new().choose(&game.view(seat), &legal, &mut rng);
                    (Actor::Seat(seat), action)
                }
            };
            game.apply(actor, action).unwrap();
            let now = game.spectator_view().public_map();
            if now != board {
                assert_ne!(
                    game.board_key(),
                    key,
                    "{scenario} game {index}, step {step}: the board changed ({action:?}), its key did not"
                );
                changes += 1;
                board = now;
            }
            key = game.board_key();
        }
    }
    changes
}

#[test]
fn the_key_moves_when_fog_turns_over() {
    assert!(board_changes("fog-islands", 3) > 0, "no fog turned over");
}

#[test]
fn the_key_moves_when_a_gift_harbor_is_placed() {
    assert!(
        board_changes("forgotten-tribe", 6) > 0,
        "no gift harbor placed"
    );
}
