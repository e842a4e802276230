//! What the engine's test files share.
#![allow(dead_code)]

use rand_chacha::ChaCha8Rng;
use settlers_core::{Game, GameOptions, Scenario, Seat};

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
