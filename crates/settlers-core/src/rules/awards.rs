//! Longest Road and Largest Army (base.md B-36, B-38).

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::rules::routes::award_length;
use crate::state::{Seat, State};

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
        let stays = loop {
            match self.longest_road_stays() {
                Ok(stays) => break stays,
                Err(seat) => {
                    self.state.player_mut(seat).route = self.route_of(seat);
                }
            }
        };
        #[cfg(debug_assertions)]
        self.check_route_lengths(stays);
        if stays {
            return;
        }
        let s = &self.state;
        let (new_holder, longest) = longest_road_by(s, |x| s.player(x).route.low);
        if new_holder != s.longest_road {
            self.state.longest_road = new_holder;
            if sink.wanted() {
                sink.push(Event::LongestRoad {
                    seat: new_holder,
                    length: award_length(longest),
                });
            }
        }
    }

    /// Whether Longest Road stays where it is, whatever the lengths not yet worked out are:
    /// `Ok(true)` when it stays, `Ok(false)` when every length is known and it may move, and
    /// `Err(seat)` for a seat whose length must be worked out first.
    fn longest_road_stays(&self) -> Result<bool, Seat> {
        let s = &self.state;
        let route = |x: Seat| s.player(x).route;
        match s.longest_road {
            Some(h) => {
                let held = route(h).low;
                let rivals = s
                    .seat_ids()
                    .filter(|&x| x != h)
                    .map(|x| route(x).high)
                    .max()
                    .unwrap_or(0);
                if held >= LONGEST_ROAD_MINIMUM && held >= rivals {
                    return Ok(true);
                }
            }
            None => {
                // Nobody reaches 5, or two are surely tied at the top.
                let top = s.seat_ids().map(|x| route(x).high).max().unwrap_or(0);
                if top < LONGEST_ROAD_MINIMUM
                    || s.seat_ids().filter(|&x| route(x).low == top).count() >= 2
                {
                    return Ok(true);
                }
            }
        }
        // The holder's length first, then the one that may be longest.
        let unknown = |x: &Seat| route(*x).known().is_none();
        match s.longest_road.filter(unknown) {
            Some(h) => Err(h),
            None => s
                .seat_ids()
                .filter(unknown)
                .max_by_key(|&x| (route(x).high, std::cmp::Reverse(x.index())))
                .map_or(Ok(false), Err),
        }
    }

    /// Debug builds: every length lies within what is known of it, and the card goes where
    /// the lengths themselves would send it.
    #[cfg(debug_assertions)]
    fn check_route_lengths(&self, stays: bool) {
        let s = &self.state;
        let mut lengths = [0u8; crate::state::MAX_SEATS];
        for x in s.seat_ids() {
            let length = self.road_length_of(x);
            let route = s.player(x).route;
            assert!(
                route.low <= length && length <= route.high,
                "{x:?}'s route is {length}, outside {route:?}"
            );
            let p = s.player(x);
            assert!(
                route.ends.is_none_or(|ends| ends
                    .iter()
                    .all(|e| p.roads.contains(e.index()) || p.ships.contains(e.index()))),
                "{x:?}'s route ends at pieces it does not have: {route:?}"
            );
            lengths[x.index()] = length;
        }
        if stays {
            let (holder, _) = longest_road_by(s, |x| lengths[x.index()]);
            assert_eq!(holder, s.longest_road, "Longest Road should have moved");
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

/// Where Longest Road goes with each seat's route `length` (B-38), and the longest route.
fn longest_road_by(s: &State, length: impl Fn(Seat) -> u8) -> (Option<Seat>, u8) {
    let longest = s.seat_ids().map(&length).max().unwrap_or(0);
    let keeps = s
        .longest_road
        .is_some_and(|h| length(h) >= LONGEST_ROAD_MINIMUM && length(h) == longest);
    if keeps {
        return (s.longest_road, longest);
    }
    let mut at_longest = s.seat_ids().filter(|&x| length(x) == longest);
    let holder = match (at_longest.next(), at_longest.next()) {
        (Some(only), None) if longest >= LONGEST_ROAD_MINIMUM => Some(only),
        _ => None,
    };
    (holder, longest)
}
