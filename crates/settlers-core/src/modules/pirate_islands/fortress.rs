//! Warships and fortresses (SC7-5, SC7-7, SC7-11, D-SC7-3, D-SC7-5, D-SC7-10).
//!
//! A Knight (with 4 players, a Victory Point card as well) lays the ship farthest along the
//! route that is not yet a warship flat. A route ending beside its fortress may attack it,
//! once a turn, and the attack ends the turn: chance rolls a die against the warships.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::DevelopmentCard;
use crate::state::{Phase, Seat};
use crate::topology::{CornerId, EdgeId};

impl Game {
    /// The ship a Knight would turn into a warship: the farthest along the route that is not
    /// one yet (D-SC7-3).
    pub fn next_warship(&self, seat: Seat) -> Option<EdgeId> {
        let route = self.lane_route(seat)?;
        let warships = self.warships(seat);
        route
            .ships()
            .iter()
            .rev()
            .find(|e| !warships.contains(e.index()))
            .copied()
    }

    /// SC7-7: a Knight, or a Victory Point card, is playable when a ship is left to turn.
    pub(crate) fn legal_warship_card(&self, seat: Seat, out: &mut LegalActions) {
        let cards = self.state.player(seat).cards;
        if cards.get(DevelopmentCard::Knight) + cards.get(DevelopmentCard::VictoryPoint) > 0
            && self.has_ship_to_turn(seat)
        {
            out.actions.push(Action::PlayKnight);
        }
    }

    /// Whether `next_warship` finds a ship, without walking the route: every ship of a seat
    /// is on its route (SC7-6), which grows and shrinks at its end only.
    fn has_ship_to_turn(&self, seat: Seat) -> bool {
        let ships = self.state.player(seat).ships;
        let some = !ships.difference(&self.warships(seat)).is_empty();
        debug_assert_eq!(some, self.next_warship(seat).is_some());
        some
    }

    /// Plays a Knight, or failing one a Victory Point card, as a warship (SC7-7). The card
    /// played is shown.
    pub(crate) fn apply_warship(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let Some(ship) = self.next_warship(seat) else {
            return Err(RuleError::refused(
                "every ship of yours is a warship already: a Knight has nothing to turn",
            ));
        };
        // With 3 players the deck holds no Victory Point cards (SC7-5), so only 4 play them.
        let cards = self.state.player(seat).cards;
        let card = if cards.get(DevelopmentCard::Knight) == 0
            && cards.get(DevelopmentCard::VictoryPoint) > 0
        {
            DevelopmentCard::VictoryPoint
        } else {
            DevelopmentCard::Knight
        };
        self.play_card(seat, card)?;
        if card == DevelopmentCard::Knight {
            // Counted as played, though it gives no army (SC7-4, SC7-7).
            self.state.player_mut(seat).played_knights += 1;
        }
        self.state.pirates.warships.insert(ship.index());
        if sink.wanted() {
            sink.push(Event::WarshipMade {
                seat,
                edge: self.topology().edge(ship),
                card,
            });
        }
        Ok(())
    }

    /// Whether `seat` may attack its fortress now: its route ends on it and chits are left
    /// (SC7-11).
    pub(crate) fn may_attack_fortress(&self, seat: Seat) -> bool {
        let Some(colour) = self
            .pirate_rules()
            .and_then(|r| r.colours.get(seat.index()))
        else {
            return false;
        };
        self.state.pirates.chits[seat.index()] > 0 && self.route_at_fortress(seat, colour.fortress)
    }

    /// Whether `seat`'s route ends on `fortress`: whether any of its ships touches it. Every
    /// ship is on the route (SC7-6) and the route never passes the fortress, so a ship there
    /// is the route's last; this spares walking the route on every listing. The scenario
    /// tests check it against `lane_route` at every step of random games.
    pub fn route_at_fortress(&self, seat: Seat, fortress: CornerId) -> bool {
        let ships = &self.state.player(seat).ships;
        self.topology()
            .corner_edges(fortress)
            .any(|e| ships.contains(e.index()))
    }

    pub(crate) fn legal_fortress_attack(&self, seat: Seat, out: &mut LegalActions) {
        if self.may_attack_fortress(seat) {
            out.actions.push(Action::AttackFortress);
        }
    }

    pub(crate) fn apply_attack_fortress(&mut self, seat: Seat) -> Result<(), RuleError> {
        if self.pirate_rules().is_none() {
            return Err(RuleError::refused("this game has no fortresses"));
        }
        if !self.may_attack_fortress(seat) {
            return Err(RuleError::refused(
                "your ship route must end beside your fortress, which must still stand, to attack it",
            ));
        }
        self.state.phase = Phase::FortressBattle;
        Ok(())
    }

    /// SC7-11: the fortress die against the warships. More warships: a chit goes, and with
    /// the last the fortress is the attacker's settlement. Fewer: the route's last 2 ships go
    /// back to stock. As many: the last one does. Then the turn ends (D-SC7-5).
    pub(crate) fn apply_fortress_die(
        &mut self,
        die: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if !(1..=6).contains(&die) {
            return Err(RuleError::refused(format!("a die shows 1 to 6, not {die}")));
        }
        let seat = self.state.active;
        let warships = self.warships(seat).len() as u8;
        let config = self.config.clone();
        let t = &config.topology;
        let fortress =
            self.pirate_rules().expect("a fortress battle").colours[seat.index()].fortress;
        let lost = match warships.cmp(&die) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
        };
        if sink.wanted() {
            sink.push(Event::FortressAttacked {
                seat,
                die,
                warships,
                chits_left: self.state.pirates.chits[seat.index()] - u8::from(lost == 0),
                ships_lost: lost,
            });
        }
        if lost == 0 {
            self.state.pirates.chits[seat.index()] -= 1;
            if self.state.pirates.chits[seat.index()] == 0 {
                self.conquer_fortress(seat, fortress, sink);
            }
        } else {
            let route = self
                .lane_route(seat)
                .expect("the route reaches the fortress");
            for &e in route.ships().iter().rev().take(usize::from(lost)) {
                self.remove_ship(seat, e);
                if sink.wanted() {
                    sink.push(Event::ShipLost {
                        seat,
                        edge: t.edge(e),
                    });
                }
            }
            self.route_changed(seat, sink);
        }
        // A conquest may win the game in the attacker's turn (SC7-12), before it ends.
        self.check_victory(sink);
        if self.state.phase != Phase::Over {
            self.apply_end_turn(sink);
        }
        Ok(())
    }

    /// The fortress becomes `seat`'s settlement: the same piece, no new one from stock
    /// (D-SC7-10).
    fn conquer_fortress(
        &mut self,
        seat: Seat,
        fortress: crate::topology::CornerId,
        sink: &mut impl EventSink,
    ) {
        let config = self.config.clone();
        let t = &config.topology;
        let p = self.state.player_mut(seat);
        p.settlements.insert(fortress.index());
        p.settlements_retired = 0;
        p.harbors |= t.corner_harbor(fortress);
        self.recompute_reach(seat);
        self.recompute_closed_ships(seat);
        if sink.wanted() {
            sink.push(Event::FortressConquered {
                seat,
                corner: t.corner(fortress),
            });
        }
        // The seat's ships and roads now join at its settlement there (S-9).
        self.route_changed(seat, sink);
        self.fleet_may_leave(sink);
    }

    /// Takes a ship off the board back to stock; a warship is an ordinary ship again (SC7-7).
    fn remove_ship(&mut self, seat: Seat, e: EdgeId) {
        let s = &mut self.state;
        s.player_mut(seat).ships.remove(e.index());
        s.shipped.remove(e.index());
        s.new_ships.remove(e.index());
        s.pirates.warships.remove(e.index());
        self.recompute_ship_reach(seat);
        self.recompute_closed_ships(seat);
        self.recompute_lane_end(seat);
    }
}
