//! The Harbormaster card (shared/rules/barbarian-attack.md BAH-1 to BAH-3, decision
//! D-BAH-1): 2 points to the player with the most harbor points, at least 3; reassigned as
//! Longest Road is (B-38).

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::Seat;
use crate::topology::CornerId;

/// Harbor points needed to take the card (BAH-2).
pub const HARBORMASTER_MINIMUM: u8 = 3;
/// Points the card is worth (BAH-2).
pub const HARBORMASTER_POINTS: u8 = 2;

impl Game {
    /// BAH-1: a settlement on a harbor corner gives 1, a city 2; a conquered building 0.
    pub fn harbor_points(&self, seat: Seat) -> u8 {
        let p = self.state.player(seat);
        self.standing_buildings(seat)
            .iter()
            .filter(|&c| self.topology().corner_harbor(CornerId(c as u16)) != 0)
            .map(|c| if p.cities.contains(c) { 2 } else { 1 })
            .sum()
    }

    /// BAH-2: the holder keeps the card while it has 3+ and no one has more; otherwise it
    /// goes to the one leader with 3+, or is set aside.
    pub(crate) fn award_harbormaster(&mut self, sink: &mut impl EventSink) {
        if !self.config.rules.harbormaster {
            return;
        }
        let players = self.state.playing();
        let mut points = [0u8; crate::state::MAX_SEATS];
        for seat in 0..players {
            points[usize::from(seat)] = self.harbor_points(Seat(seat));
        }
        let most = points.iter().copied().max().unwrap_or(0);
        let holder = self.state.harbormaster;
        if holder.is_some_and(|h| {
            let mine = points[h.index()];
            mine >= HARBORMASTER_MINIMUM && mine == most
        }) {
            return;
        }
        let mut leaders = (0..players).map(Seat).filter(|s| points[s.index()] == most);
        let new_holder = match (leaders.next(), leaders.next()) {
            (Some(only), None) if most >= HARBORMASTER_MINIMUM => Some(only),
            _ => None,
        };
        if new_holder != holder {
            self.state.harbormaster = new_holder;
            if sink.wanted() {
                sink.push(Event::Harbormaster {
                    seat: new_holder,
                    points: most,
                });
            }
        }
    }
}
