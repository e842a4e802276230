//! What the engine's test files share.
#![allow(dead_code)]

#[macro_use]
pub mod harness;

use harness::owed_cards;

use rand_chacha::ChaCha8Rng;
use settlers_core::chance::below;
use settlers_core::{Action, Actor, Game, GameOptions, LegalActions, Scenario, Seat, ToAct};

/// A new game of the named scenario for `seats`, laid out as the scenario is by default, with
/// `first` taking the first turn (drawn when `None`).
pub fn new_game(
    scenario: &str,
    seats: u8,
    first: Option<Seat>,
    options: GameOptions,
    rng: &mut ChaCha8Rng,
) -> Result<Game, String> {
    let scenario = Scenario::by_name(scenario).map_err(|e| e.to_string())?;
    let setup = scenario
        .setup(
            seats,
            &scenario.default_layout_options(),
            first,
            options,
            rng,
        )
        .map_err(|e| e.to_string())?;
    Game::new(setup).map_err(|e| e.to_string())
}

/// A random legal action: cards chosen at random where cards are owed, and the turn ended
/// rarely, so that turns hold builds and moves.
pub fn random_action(legal: &LegalActions, rng: &mut ChaCha8Rng) -> Action {
    if let Some(owed) = owed_cards(legal, rng) {
        return owed;
    }
    let others: Vec<Action> = legal
        .actions
        .iter()
        .copied()
        .filter(|a| *a != Action::EndTurn)
        .collect();
    if others.is_empty() || below(rng, 6) == 0 {
        legal
            .actions
            .iter()
            .copied()
            .find(|a| *a == Action::EndTurn)
            .unwrap_or(legal.actions[0])
    } else {
        others[below(rng, others.len() as u32) as usize]
    }
}

/// The next actor and action of a game stepped by hand, `None` once it is over: chance draws
/// from `rng`; the first seat to act gets its legal actions in `legal` and `choose` picks
/// from them.
pub fn next_move(
    game: &Game,
    legal: &mut LegalActions,
    rng: &mut ChaCha8Rng,
    choose: impl FnOnce(Seat, &LegalActions, &mut ChaCha8Rng) -> Action,
) -> Option<(Actor, Action)> {
    match game.to_act() {
        ToAct::Nobody => None,
        ToAct::Chance(_) => Some((Actor::Chance, game.sample_chance(rng).unwrap())),
        ToAct::Seats(seats) => {
            let seat = seats.iter().next().unwrap();
            game.legal_actions_into(seat, legal);
            Some((Actor::Seat(seat), choose(seat, legal, rng)))
        }
    }
}

/// Plays up to `steps` random actions of `game` (chance drawn from `rng`), stopping when
/// nobody is to act; `each` sees the game and every action just before it is applied.
pub fn play_random(
    game: &mut Game,
    steps: usize,
    rng: &mut ChaCha8Rng,
    mut each: impl FnMut(&Game, Actor, &Action),
) {
    let mut legal = LegalActions::default();
    for _ in 0..steps {
        let Some((actor, action)) = next_move(game, &mut legal, rng, |_, legal, rng| {
            random_action(legal, rng)
        }) else {
            return;
        };
        each(game, actor, &action);
        game.apply(actor, action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}
