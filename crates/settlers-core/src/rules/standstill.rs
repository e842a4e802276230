//! A game whose scores stand still for 2,000 rounds ends without a winner. The rules are
//! silent; this is our decision, written in docs/rules-coverage.md (The whole game).
//!
//! A table can reach a position where nobody can score again, or only by a way no one will
//! ever find: in The Forgotten Tribe, a Longest Trade Route that one more point would turn
//! into a win while its holder's ships can only shuttle between routes as long. Proving such
//! a position dead takes a search through every way the ships could move; the Pirate Islands
//! have that proof (`modules/pirate_islands/dead_position.rs`), the other games a limit. No
//! game among people comes near it. Among 10,000 games of 4 random bots in each scenario,
//! those that ended of themselves had their scores stand still for at most 1,544 rounds (one
//! Forgotten Tribe game) and at most 382 in every other scenario.
//!
//! The scores are the public ones: points from hidden Victory Point cards would tell who
//! drew one. They are compared as each round ends, after the last seat's turn.

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{MAX_SEATS, Phase};

/// Rounds in a row that end with the public scores as they began, after which the game ends.
pub const STANDSTILL_ROUNDS: u16 = 2_000;

impl Game {
    /// As a round ends: counts it when the scores stood still through it, and ends the game
    /// without a winner once they have for `STANDSTILL_ROUNDS` rounds.
    pub(crate) fn end_if_standing_still(&mut self, sink: &mut impl EventSink) -> bool {
        let mut scores = [0u8; MAX_SEATS];
        for seat in self.state.seat_ids() {
            scores[seat.index()] = self.public_victory_points(seat);
        }
        let still = &mut self.state.standstill;
        if still.scores == scores {
            still.rounds = still.rounds.saturating_add(1);
        } else {
            still.scores = scores;
            still.rounds = 0;
        }
        if still.rounds < STANDSTILL_ROUNDS || self.config.options.play_on_when_standing_still {
            return false;
        }
        self.state.phase = Phase::Over;
        if sink.wanted() {
            sink.push(Event::ScoresStoodStill {
                rounds: self.state.standstill.rounds,
            });
        }
        true
    }
}
