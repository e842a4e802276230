//! What the engine's test files share.
#![allow(dead_code)]

use rand_chacha::ChaCha8Rng;
use settlers_core::chance::below;
use settlers_core::{Action, Game, GameOptions, LegalActions, Resource, Resources, Scenario, Seat};

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

/// `count` cards out of `from`, chosen at random.
fn some_cards(from: Resources, count: u8, rng: &mut ChaCha8Rng) -> Resources {
    let mut left = from;
    let mut out = Resources::EMPTY;
    for _ in 0..count {
        let kinds: Vec<Resource> = left.kinds().collect();
        let r = kinds[below(rng, kinds.len() as u32) as usize];
        *left.get_mut(r) -= 1;
        *out.get_mut(r) += 1;
    }
    out
}

/// A random legal action: cards chosen at random where cards are owed, and the turn ended
/// rarely, so that turns hold builds and moves.
pub fn random_action(legal: &LegalActions, rng: &mut ChaCha8Rng) -> Action {
    if let Some(d) = legal.discard {
        return Action::Discard(some_cards(d.from, d.count, rng));
    }
    if let Some(g) = legal.gold {
        return Action::PickResources(some_cards(g.from, g.count, rng));
    }
    if let Some(g) = legal.give_back {
        return Action::GiveBack(some_cards(g.from, g.count, rng));
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
