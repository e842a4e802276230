//! A 7, discards, the robber, the pirate and stealing (base.md B-27, B-28, B-31;
//! seafarers.md S-14, S-15).

use crate::action::{Action, CardRange, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::geometry::Hex;
use crate::resources::{Resource, Resources};
use crate::state::{Phase, Seat, SeatSet};
use crate::topology::{CornerId, EdgeId, HexId};

/// The piece a 7 or a Knight moves.
#[derive(Clone, Copy)]
enum Mover {
    Robber,
    Pirate,
}

/// More than this many cards in hand means discarding half on a 7.
pub const SAFE_HAND: u32 = 7;

impl Game {
    /// B-27: nothing produces; everyone over 7 cards discards half, then the robber moves.
    pub(crate) fn seven_rolled(&mut self, sink: &mut impl EventSink) {
        let s = &mut self.state;
        let mut any = false;
        for seat in 0..s.seats {
            let p = &mut s.players[seat as usize];
            let total = p.hand.total();
            if total > SAFE_HAND {
                p.discard_owed = (total / 2) as u8;
                any = true;
                if sink.wanted() {
                    sink.push(Event::MustDiscard {
                        seat: Seat(seat),
                        count: p.discard_owed,
                    });
                }
            }
        }
        s.phase = if any {
            Phase::Discarding
        } else {
            Phase::MovingRobber
        };
    }

    pub(crate) fn legal_discards(&self, seat: Seat, out: &mut LegalActions) {
        let p = self.state.player(seat);
        if p.discard_owed > 0 {
            out.discard = Some(CardRange {
                count: p.discard_owed,
                from: p.hand,
            });
        }
    }

    pub(crate) fn apply_discard(
        &mut self,
        seat: Seat,
        cards: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let p = self.state.player(seat);
        if p.discard_owed == 0 {
            return Err(RuleError::refused("you have nothing to discard"));
        }
        if cards.total() != u32::from(p.discard_owed) {
            return Err(RuleError::refused(format!(
                "you must discard exactly {} cards, not {}",
                p.discard_owed,
                cards.total()
            )));
        }
        if !p.hand.covers(&cards) {
            return Err(RuleError::refused(format!(
                "you cannot discard {cards}: you hold {}",
                p.hand
            )));
        }
        self.pay(seat, &cards);
        self.state.player_mut(seat).discard_owed = 0;
        if sink.wanted() {
            sink.push(Event::Discarded {
                seat,
                resources: cards,
            });
        }
        if self.state.players.iter().all(|p| p.discard_owed == 0) {
            self.state.phase = Phase::MovingRobber;
        }
        Ok(())
    }

    /// Opponents of `seat` with a building at `hex` and at least one card (B-27.4).
    pub(crate) fn robbable(&self, seat: Seat, hex: HexId) -> SeatSet {
        let corners = self.topology().hex_corner_set(hex);
        let s = &self.state;
        let mut victims = SeatSet::EMPTY;
        if !s.occupied.intersects(corners) {
            return victims;
        }
        for other in s.seat_ids() {
            let p = s.player(other);
            if other != seat && !p.hand.is_empty() && p.buildings().intersects(corners) {
                victims.insert(other);
            }
        }
        victims
    }

    pub(crate) fn legal_robber_moves(&self, seat: Seat, out: &mut LegalActions) {
        if !self.config.rules.robber {
            // No robber (BA-29): rob any one player holding a card, or no one.
            out.actions.push(Action::RobPlayer(None));
            for other in self.state.seat_ids() {
                if other != seat && !self.state.player(other).hand.is_empty() {
                    out.actions.push(Action::RobPlayer(Some(other)));
                }
            }
            return;
        }
        let t = self.topology();
        let s = &self.state;
        // The robbable opponents with a building on each hex, as seat bits: one table
        // filled from the buildings, rather than a test of every opponent at every hex.
        let mut victims_at = [0u8; 256];
        for other in s.seat_ids() {
            let p = s.player(other);
            if other == seat || p.hand.is_empty() {
                continue;
            }
            let bit = SeatSet::one(other).0;
            p.buildings().for_each(|c| {
                for h in t.corner_hex_slots(CornerId(c as u16)) {
                    victims_at[usize::from(h)] |= bit;
                }
            });
        }
        let mut hexes = t.land_hexes.difference(&self.config.rules.robber_forbidden);
        if let Some(r) = s.robber {
            hexes.remove(r.index());
        }
        out.actions.reserve(hexes.len());
        hexes.for_each(|h| {
            let hex = HexId(h as u8);
            let victims = SeatSet(victims_at[h]);
            debug_assert_eq!(victims, self.robbable(seat, hex));
            if victims.is_empty() {
                out.actions.push(Action::MoveRobber { hex, victim: None });
            }
            for victim in victims.iter() {
                out.actions.push(Action::MoveRobber {
                    hex,
                    victim: Some(victim),
                });
            }
        });
        if self.may_move_pirate(seat) {
            self.legal_pirate_moves(seat, out);
        }
    }

    /// Whether `seat` may choose the pirate now: where the game has one and the modules'
    /// hook lets it (modules/hooks.rs).
    fn may_move_pirate(&self, seat: Seat) -> bool {
        self.config.rules.pirate && self.module_allows_pirate(seat)
    }

    /// Whether the pirate may rob `other`: a card in hand, or with Cloth for Catan a cloth
    /// (SC6-7).
    fn has_pirate_loot(&self, other: Seat) -> bool {
        !self.state.player(other).hand.is_empty() || self.state.cloth.held[other.index()] > 0
    }

    /// BA-29: after a 7 without a robber, the roller may rob any other player who holds a
    /// card, needing no building beside anything.
    pub(crate) fn apply_rob_player(
        &mut self,
        seat: Seat,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        if self.config.rules.robber {
            return Err(RuleError::refused("move the robber to rob someone"));
        }
        self.state.phase = match victim {
            None => self.resume_phase(),
            Some(v) if v == seat || v.0 >= self.state.seats => {
                return Err(RuleError::refused(format!("you cannot rob {v}")));
            }
            Some(v) if self.state.player(v).hand.is_empty() => {
                return Err(RuleError::refused(format!("{v} holds no card to take")));
            }
            Some(v) => Phase::Stealing { victim: v },
        };
        Ok(())
    }

    /// Opponents of `seat` with a ship on an edge of `hex` and at least one card (S-14.3),
    /// or a cloth (SC6-7).
    pub(crate) fn pirate_victims(&self, seat: Seat, hex: HexId) -> SeatSet {
        let edges = self.topology().hex_edge_set(hex);
        let s = &self.state;
        let mut victims = SeatSet::EMPTY;
        if !s.shipped.intersects(edges) {
            return victims;
        }
        for other in s.seat_ids() {
            let p = s.player(other);
            if other != seat && self.has_pirate_loot(other) && p.ships.intersects(edges) {
                victims.insert(other);
            }
        }
        victims
    }

    /// S-14.2: the pirate goes to any other sea hex.
    fn legal_pirate_moves(&self, seat: Seat, out: &mut LegalActions) {
        let t = self.topology();
        let s = &self.state;
        // The opponents with loot and a ship beside each hex, as seat bits: `pirate_victims`
        // for every hex at once.
        let mut victims_at = [0u8; 256];
        let mut cards = SeatSet::EMPTY;
        let mut cloth = SeatSet::EMPTY;
        for other in s.seat_ids() {
            let p = s.player(other);
            if other == seat || !self.has_pirate_loot(other) {
                continue;
            }
            let bit = SeatSet::one(other).0;
            if !p.hand.is_empty() {
                cards.insert(other);
            }
            if s.cloth.held[other.index()] > 0 {
                cloth.insert(other);
            }
            p.ships.for_each(|e| {
                for h in t.edge_hex_slots(EdgeId(e as u16)) {
                    victims_at[usize::from(h)] |= bit;
                }
            });
        }
        let mut hexes = t.sea_hexes;
        if let Some(p) = s.pirate {
            hexes.remove(p.index());
        }
        out.actions.reserve(hexes.len());
        hexes.for_each(|h| {
            let hex = HexId(h as u8);
            let victims = SeatSet(victims_at[h]);
            debug_assert_eq!(victims, self.pirate_victims(seat, hex));
            if victims.is_empty() {
                out.actions.push(Action::MovePirate { hex, victim: None });
                return;
            }
            for victim in victims.iter() {
                if cards.contains(victim) {
                    out.actions.push(Action::MovePirate {
                        hex,
                        victim: Some(victim),
                    });
                }
                if cloth.contains(victim) {
                    out.actions.push(Action::MovePirateForCloth { hex, victim });
                }
            }
        });
    }

    /// The pirate moved to `hex`, robbing `victim` of a card, or of a cloth when `cloth`
    /// (SC6-7).
    pub(crate) fn apply_move_pirate(
        &mut self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
        cloth: bool,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if !self.config.rules.pirate {
            return Err(RuleError::refused("this game has no pirate"));
        }
        if !self.may_move_pirate(seat) {
            return Err(RuleError::refused(
                "you may choose the pirate only once you trade with a village: move the robber",
            ));
        }
        let name = self.check_new_hex(hex, Mover::Pirate)?;
        let victims = self.pirate_victims(seat, hex);
        // The modules' hook (modules/hooks.rs) words the loot.
        self.check_victim(victims, victim, name, self.pirate_loot())?;
        if let Some(v) = victim {
            let p = self.state.player(v);
            if cloth && self.state.cloth.held[v.index()] == 0 {
                return Err(RuleError::refused(format!("{v} has no cloth to take")));
            }
            if !cloth && p.hand.is_empty() {
                return Err(RuleError::refused(format!(
                    "{v} holds no card to take: take a cloth"
                )));
            }
        }
        self.state.pirate = Some(hex);
        if sink.wanted() {
            sink.push(Event::PirateMoved {
                seat,
                hex: name,
                victims,
            });
        }
        self.state.phase = match victim {
            Some(victim) if cloth => {
                self.take_cloth(victim, sink);
                self.resume_phase()
            }
            Some(victim) => Phase::Stealing { victim },
            None => self.resume_phase(),
        };
        Ok(())
    }

    /// The victim named must be one of those who may be robbed, and one must be named when
    /// there is any (B-27.4, S-14.3).
    fn check_victim(
        &self,
        victims: SeatSet,
        victim: Option<Seat>,
        place: Hex,
        piece: &str,
    ) -> Result<(), RuleError> {
        match victim {
            None if !victims.is_empty() => Err(RuleError::refused(format!(
                "choose whom to rob at {place}: {}",
                victims
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
            Some(v) if !victims.contains(v) => Err(RuleError::refused(format!(
                "you cannot rob {v} at {place}: only an opponent with {piece}"
            ))),
            _ => Ok(()),
        }
    }

    /// Where the robber or the pirate goes: a hex of the board, land for the robber (S-15)
    /// and sea for the pirate (S-14.2), away from where it stands. Its name.
    fn check_new_hex(&self, hex: HexId, mover: Mover) -> Result<Hex, RuleError> {
        let t = self.topology();
        self.check_hex_on_board(hex)?;
        let name = t.hex(hex);
        let (piece, stays, ground, hexes, now) = match mover {
            Mover::Robber => (
                "robber",
                "stands on",
                "land",
                &t.land_hexes,
                self.state.robber,
            ),
            Mover::Pirate => ("pirate", "sails on", "sea", &t.sea_hexes, self.state.pirate),
        };
        if !hexes.contains(hex.index()) {
            return Err(RuleError::refused(format!(
                "the {piece} {stays} {ground}, and {name} is not {ground}"
            )));
        }
        if now == Some(hex) {
            return Err(RuleError::refused(format!(
                "the {piece} must move away from {name}"
            )));
        }
        Ok(name)
    }

    pub(crate) fn apply_move_robber(
        &mut self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // Barbarian Attack has no robber to move (BA-2, BA-29).
        if !self.config.rules.robber {
            return Err(RuleError::refused(
                "there is no robber in this game: rob a player of your choice, or no one",
            ));
        }
        let name = self.check_new_hex(hex, Mover::Robber)?;
        if self.config.rules.robber_forbidden.contains(hex.index()) {
            return Err(RuleError::refused(format!(
                "the robber may not go to {name}: once moved it never returns there"
            )));
        }
        let victims = self.robbable(seat, hex);
        self.check_victim(
            victims,
            victim,
            name,
            "a settlement or city there and a card in hand",
        )?;
        self.state.robber = Some(hex);
        if sink.wanted() {
            sink.push(Event::RobberMoved {
                seat,
                hex: name,
                victims,
            });
        }
        self.state.phase = match victim {
            Some(victim) => Phase::Stealing { victim },
            None => self.resume_phase(),
        };
        Ok(())
    }

    pub(crate) fn apply_steal(
        &mut self,
        victim: Seat,
        r: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.state.player(victim).hand.get(r) == 0 {
            return Err(RuleError::refused(format!("{victim} holds no {r} to take")));
        }
        let thief = self.state.active;
        *self.state.player_mut(victim).hand.get_mut(r) -= 1;
        *self.state.player_mut(thief).hand.get_mut(r) += 1;
        self.tracking.hidden_move(victim, thief, Resources::one(r));
        if sink.wanted() {
            sink.push(Event::Robbed {
                thief,
                victim,
                resource: Some(r),
            });
        }
        self.state.phase = self.resume_phase();
        Ok(())
    }
}
