//! A game nobody can win any more ends without a winner. The rules are silent; this is our
//! decision, written in docs/rules-coverage.md (The Pirate Islands).
//!
//! The Pirate Islands can reach such a position in play: the Knights are all played or held
//! by a seat that cannot use them, the seats whose fortress still stands have too few
//! warships ever to take a chit, and the seats whose fortress has fallen have nowhere left to
//! build the points they lack. Nothing in the game can change that, so it would go on for
//! ever. The test below is sound, never exact: it ends a game only when every seat is proven
//! unable to win, by counting what could still come, never what is likely.

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::DevelopmentCard;
use crate::ruleset::{LongestRoute, SpecialVp};
use crate::state::{Phase, Seat};
use crate::topology::{CornerId, CornerSet};

impl Game {
    /// Ends the game without a winner when no seat can win any more; checked as each turn
    /// ends.
    pub(crate) fn end_if_nobody_can_win(&mut self, sink: &mut impl EventSink) -> bool {
        if self.config.options.play_on_when_nobody_can_win || !self.nobody_can_win() {
            return false;
        }
        self.state.phase = Phase::Over;
        if sink.wanted() {
            sink.push(Event::NobodyCanWin);
        }
        true
    }

    /// Whether every seat is proven unable ever to win (SC7-11, SC7-12).
    pub fn nobody_can_win(&self) -> bool {
        if self.pirate_rules().is_none() {
            return false;
        }
        let r = &self.config.rules;
        // The count of points still to come below knows only buildings: any other source
        // of points makes it unsound.
        if r.longest_route == LongestRoute::Scores
            || r.largest_army
            || r.special_vp != SpecialVp::None
            || r.cloth.is_some()
            || r.harbormaster
        {
            return false;
        }
        !self.state.seat_ids().any(|seat| self.may_still_win(seat))
    }

    /// Whether `seat` could still, by the best luck, take its fortress and reach the target.
    pub fn may_still_win(&self, seat: Seat) -> bool {
        let s = &self.state;
        let conquered = self.fortress_conquered(seat);
        // A chit falls only to more warships than the die shows, so at least 2. Warships come
        // only from Knights (with 4 players, Victory Point cards too), held or still in the
        // deck; none comes back once lost.
        if !conquered {
            let knights = |cards: crate::resources::DevelopmentCards| {
                u32::from(cards.get(DevelopmentCard::Knight))
                    + u32::from(cards.get(DevelopmentCard::VictoryPoint))
            };
            let most_warships = self.warships(seat).len() as u32
                + knights(s.player(seat).all_cards())
                + knights(s.deck);
            if most_warships < 2 {
                return false;
            }
        }
        self.may_reach_target(seat, conquered)
    }

    /// Whether `seat` could ever hold the target: what it has, its fortress as a settlement,
    /// every city still in stock, and a settlement on each corner it could still reach and
    /// settle, as far as pieces allow.
    fn may_reach_target(&self, seat: Seat, conquered: bool) -> bool {
        let p = self.state.player(seat);
        let cities = u32::from(p.cities_left());
        let sure = u32::from(self.victory_points(seat)) + u32::from(!conquered) + cities;
        let Some(wanted) = u32::from(self.state.victory_points).checked_sub(sure) else {
            return true;
        };
        // A city hands its settlement back to stock, so settlements to place are the ones in
        // stock and those the cities still to come would free.
        let pieces = u32::from(p.settlements_left()) + cities;
        wanted == 0 || (wanted <= pieces && self.sites_in_reach(seat, wanted))
    }

    /// Whether `seat` might yet build settlements on `wanted` corners: open to it (on land,
    /// clear of the distance rule, its territory, SC7-10) and within reach of the roads it
    /// has left, or of its lane. Generous where unsure: ships that may still move are taken
    /// to move away, and every corner of a lane whose route is not done to be in reach. The
    /// search stops once it has found enough: this runs as every turn ends.
    fn sites_in_reach(&self, seat: Seat, wanted: u32) -> bool {
        let s = &self.state;
        let t = self.topology();
        let p = s.player(seat);
        let open = self.settlement_corners_open_to(seat, t.land_corners);
        let enough = |reached: &CornerSet| reached.intersection(&open).len() as u32 >= wanted;
        if !enough(&open) {
            return false;
        }
        // A route run to its conquered fortress is closed and may not pass it (S-12, SC7-6):
        // its ships stay where they are for good. Any other route may yet move, and touch any
        // corner of its lane.
        let colour = self
            .pirate_rules()
            .and_then(|r| r.colours.get(seat.index()));
        let route_done = colour.is_some_and(|c| {
            self.fortress_conquered(seat) && self.route_at_fortress(seat, c.fortress)
        });
        let mut by_road = p.reach.union(&p.road_ends);
        let mut reached = by_road.union(&p.ship_reach);
        if let Some(c) = colour
            && !route_done
        {
            reached |= c.lane_corners;
        }
        if enough(&reached) {
            return true;
        }
        // Roads already built cost nothing to pass; each new one costs a road from stock, and
        // none passes an opponent's building (B-19).
        let opponents = s.occupied.difference(&p.buildings());
        let mut roads_open = t.road_edges.difference(&s.paved);
        if let Some(no) = self.pirate_forbidden_roads(seat) {
            roads_open = roads_open.difference(no);
        }
        if route_done {
            roads_open = roads_open.difference(&p.ships);
        }
        let mut frontier = p.reach;
        for _ in 0..p.roads_left() {
            let mut next = CornerSet::new();
            frontier.for_each(|c| {
                for e in t.corner_edges(CornerId(c as u16)) {
                    if roads_open.contains(e.index()) {
                        for x in t.edge_corners(e) {
                            next.insert(x.index());
                        }
                    }
                }
            });
            next = next.difference(&by_road);
            if next.is_empty() {
                break;
            }
            by_road |= next;
            reached |= next;
            if enough(&reached) {
                return true;
            }
            frontier = next.difference(&opponents);
        }
        false
    }
}
