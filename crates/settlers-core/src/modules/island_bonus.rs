//! Special victory points for settling other islands (seafarers.md S-19; scenarios.md SC1-5,
//! SC2-4, SC4-4, SC9-6; decisions D-SC1-1, D-SC2-1, D-SC4-1, D-SC9-1). Hook: after a
//! settlement is built in play.

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::ruleset::SpecialVp;
use crate::state::{Chit, MAX_CHITS, Seat};
use crate::topology::CornerId;

impl Game {
    /// Setup: the islands of a player's starting settlements are its home islands.
    pub(crate) fn note_home_island(&mut self, seat: Seat, corner: CornerId) {
        let rules = &self.config.rules.special_vp;
        if !matches!(rules, SpecialVp::ForeignIslands { .. }) {
            return;
        }
        let areas = rules.areas_at(corner.index());
        self.state.player_mut(seat).home_areas |= areas;
    }

    /// A settlement built on `corner` in play: the first in each scoring area earns a chit.
    pub(crate) fn island_bonus(&mut self, seat: Seat, corner: CornerId, sink: &mut impl EventSink) {
        let rules = &self.config.rules.special_vp;
        let p = self.state.player(seat);
        let new = rules.areas_at(corner.index()) & !p.scored_areas & !p.home_areas;
        if new == 0 {
            return;
        }
        let mut value = 0u8;
        let mut scored = p.scored_areas;
        for bit in (0..16).filter(|b| new >> b & 1 == 1) {
            // At most MOST_AREAS areas of MOST_SPECIAL_VP each: never near a byte's limit.
            value = value.saturating_add(match rules {
                SpecialVp::None => 0,
                SpecialVp::FirstPerArea { value, .. } => *value,
                SpecialVp::ForeignIslands { first, further, .. } => {
                    if scored == 0 {
                        *first
                    } else {
                        *further
                    }
                }
            });
            scored |= 1 << bit;
        }
        let p = self.state.player_mut(seat);
        p.scored_areas = scored;
        p.special_vp = p.special_vp.saturating_add(value);
        let s = &mut self.state;
        if (s.chit_count as usize) < MAX_CHITS {
            s.chits[s.chit_count as usize] = Chit {
                seat,
                corner,
                value,
            };
            s.chit_count += 1;
        }
        if sink.wanted() {
            sink.push(Event::SpecialVictoryPoints {
                seat,
                corner: self.topology().corner(corner),
                value,
            });
        }
    }
}
