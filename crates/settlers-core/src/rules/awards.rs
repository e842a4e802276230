//! Longest Road and Largest Army (base.md B-36, B-38).

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::Seat;

/// The shortest road that earns Longest Road, and the smallest army for Largest Army.
pub const LONGEST_ROAD_MINIMUM: u8 = 5;
pub const LARGEST_ARMY_MINIMUM: u8 = 3;

impl Game {
    /// B-38: the holder keeps the card while its length is 5+ and no one is longer; otherwise
    /// it goes to the one longest of 5+, or is set aside when there is none or a tie.
    pub(crate) fn award_longest_road(&mut self, sink: &mut impl EventSink) {
        // Some scenarios do without it (SC6-9).
        if self.config.rules.longest_route == crate::ruleset::LongestRoute::Off {
            return;
        }
        let s = &self.state;
        let longest = s
            .seat_ids()
            .map(|x| s.player(x).award_road)
            .max()
            .unwrap_or(0);
        let holder = s.longest_road;
        let keeps = holder.is_some_and(|h| {
            let l = s.player(h).award_road;
            l >= LONGEST_ROAD_MINIMUM && l == longest
        });
        if keeps {
            return;
        }
        let mut at_longest = s.seat_ids().filter(|&x| s.player(x).award_road == longest);
        let new_holder = match (at_longest.next(), at_longest.next()) {
            (Some(only), None) if longest >= LONGEST_ROAD_MINIMUM => Some(only),
            _ => None,
        };
        if new_holder != holder {
            self.state.longest_road = new_holder;
            if sink.wanted() {
                sink.push(Event::LongestRoad {
                    seat: new_holder,
                    length: longest,
                });
            }
        }
    }

    /// B-36: the first to 3 played Knights, then only by having strictly more.
    pub(crate) fn award_largest_army(&mut self, seat: Seat, sink: &mut impl EventSink) {
        let s = &self.state;
        let knights = s.player(seat).played_knights;
        if knights < LARGEST_ARMY_MINIMUM || s.largest_army == Some(seat) {
            return;
        }
        let beaten = match s.largest_army {
            None => true,
            Some(holder) => knights > s.player(holder).played_knights,
        };
        if beaten {
            self.state.largest_army = Some(seat);
            if sink.wanted() {
                sink.push(Event::LargestArmy { seat, knights });
            }
        }
    }
}
