//! Cards into and out of the bank (base.md B-5), and the engine option of an unlimited bank
//! (base.md section 10, `bank_limit` off: `GameOptions::unlimited_bank`).
//!
//! An unlimited bank stays at 19 of each resource whatever leaves it, so that every check of
//! "the bank holds it" passes; only production needs telling (B-26, `production.rs`), since a
//! roll may pay out more than 19 of one resource.

use crate::game::Game;
use crate::resources::Resources;
use crate::state::Seat;

impl Game {
    /// Whether the bank never runs short (`GameOptions::unlimited_bank`).
    #[inline]
    pub(crate) fn bank_is_unlimited(&self) -> bool {
        self.config.options.unlimited_bank
    }

    /// `seat` pays `price` into the bank.
    #[inline]
    pub(crate) fn pay(&mut self, seat: Seat, price: &Resources) {
        self.state.player_mut(seat).hand.subtract(price);
        if !self.bank_is_unlimited() {
            self.state.bank.add(price);
        }
    }

    /// `seat` takes `cards` from the bank, which holds them.
    #[inline]
    pub(crate) fn take_from_bank(&mut self, seat: Seat, cards: &Resources) {
        if !self.bank_is_unlimited() {
            self.state.bank.subtract(cards);
        }
        self.state.player_mut(seat).hand.add(cards);
    }
}
