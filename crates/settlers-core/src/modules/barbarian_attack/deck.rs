//! Barbarian Attack's deck: bought and resolved at once, several a turn, reshuffled when
//! empty (BA-13 to BA-17, D-BA-4, D-BA-13, D-BA-14, D-G-4.3).

use super::CONQUERED_AT;
use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{BarbarianCard, Knight, Phase, Seat};
use crate::topology::{EdgeId, EdgeSet, HexId};

/// Gold Treason gives (BA-16).
const TREASON_GOLD: u16 = 2;
/// Barbarians Treason moves (BA-16).
const TREASON_MOVES: u8 = 2;

impl Game {
    /// Before a card is bought from an empty deck, the discards become the deck (BA-13).
    pub(crate) fn refill_barbarian_deck(&mut self) {
        let b = &mut self.state.barbarians;
        if b.deck.iter().all(|&n| n == 0) {
            b.deck = b.discard;
            b.discard = [0; 4];
        }
    }

    pub(crate) fn barbarian_card_outcomes(&self) -> Vec<(Action, u32)> {
        let deck = self.state.barbarians.deck;
        BarbarianCard::ALL
            .into_iter()
            .filter(|c| deck[*c as usize] > 0)
            .map(|c| (Action::DrawBarbarianCard(c), u32::from(deck[c as usize])))
            .collect()
    }

    /// Chance drew `card` for the active seat: it is resolved at once and discarded.
    pub(crate) fn apply_barbarian_card(
        &mut self,
        card: BarbarianCard,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.state.barbarians.deck[card as usize] == 0 {
            return Err(RuleError::refused(format!(
                "the deck holds no {} card",
                card.title()
            )));
        }
        let seat = self.state.active;
        let b = &mut self.state.barbarians;
        b.deck[card as usize] -= 1;
        b.discard[card as usize] += 1;
        if sink.wanted() {
            sink.push(Event::BarbarianCardDrawn { seat, card });
        }
        self.state.phase = Phase::Main;
        match card {
            BarbarianCard::Knighthood | BarbarianCard::BlackKnight => {
                let castle_only = card == BarbarianCard::Knighthood;
                // A knight card with no knight left or no place for it is lost (D-BA-13).
                if self.knights_left(seat) > 0 && !self.knight_sites(castle_only).is_empty() {
                    self.state.phase = Phase::PlacingKnight { castle_only };
                }
            }
            BarbarianCard::Treason => self.start_treason(seat),
            BarbarianCard::Intrigue => {
                if self.state.barbarians.on.iter().all(|&n| n == 0) {
                    // No barbarian to take: the next card, free (BA-17).
                    self.refill_barbarian_deck();
                    self.state.phase = Phase::Drawing;
                } else {
                    self.state.phase = Phase::Intrigue;
                }
            }
        }
        Ok(())
    }

    pub(crate) fn knights_left(&self, seat: Seat) -> u8 {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        rules.knights - self.state.barbarians.knights_of(seat).count() as u8
    }

    /// Empty paths a new knight may take: the castle's, or any (BA-14, BA-15, BA-18).
    pub(crate) fn knight_sites(&self, castle_only: bool) -> EdgeSet {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let taken = self.state.barbarians.knight_edges();
        let paths = if castle_only {
            rules.castle_paths
        } else {
            rules.paths
        };
        paths.difference(&taken)
    }

    pub(crate) fn legal_knight_placements(&self, castle_only: bool, out: &mut LegalActions) {
        for e in self.knight_sites(castle_only).iter() {
            out.actions.push(Action::PlaceKnight(EdgeId(e as u16)));
        }
    }

    pub(crate) fn apply_place_knight(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        castle_only: bool,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let t = self.topology();
        self.check_edge_on_board(edge)?;
        if !self.knight_sites(castle_only).contains(edge.index()) {
            let name = t.edge(edge);
            return Err(RuleError::refused(if castle_only {
                format!(
                    "Knighthood places the knight on an empty path of the castle, and {name} is not one"
                )
            } else {
                format!("{name} already holds a knight")
            }));
        }
        let b = &mut self.state.barbarians;
        b.knights[b.knight_count as usize] = Knight { edge, seat };
        b.knight_count += 1;
        if sink.wanted() {
            sink.push(Event::KnightPlaced {
                seat,
                edge: self.topology().edge(edge),
            });
        }
        self.state.phase = Phase::Main;
        if self.two_player() {
            self.offer_foreign_knight(seat);
        }
        Ok(())
    }

    /// BA-16: 2 gold, then two barbarians move, one from each of two hexes that held some
    /// when the card was resolved, or from the supply for any missing source.
    fn start_treason(&mut self, seat: Seat) {
        let b = &mut self.state.barbarians;
        b.gold[seat.index()] += TREASON_GOLD;
        let sources: u16 = (0..10).filter(|&i| b.on[i] > 0).fold(0, |m, i| m | 1 << i);
        let from_hexes = (sources.count_ones() as u8).min(TREASON_MOVES);
        let from_supply = (TREASON_MOVES - from_hexes).min(b.supply);
        b.treason_sources = sources;
        b.treason_used = 0;
        b.treason_destination = 0;
        b.treason_left = from_hexes + from_supply;
        b.treason_supply = from_supply;
        if !self.treason_move_left() {
            self.end_treason();
        } else {
            self.state.phase = Phase::Treason;
        }
    }

    /// Calls `visit` with each move Treason allows now, as (source index or the supply,
    /// destination index), until it returns true; returns whether it did. Nothing is
    /// allocated: the moves are gone through at every step of a Treason.
    fn find_treason_move(&self, mut visit: impl FnMut(Option<usize>, usize) -> bool) -> bool {
        let b = &self.state.barbarians;
        if b.treason_left == 0 {
            return false;
        }
        // A battle order may list fewer coastal hexes than the board's ten.
        let coastal = self.barbarian_rules().map_or(0, |r| r.coastal.len());
        let from_hexes_left = b.treason_left - b.treason_supply;
        let hexes = (0..coastal)
            .filter(|&i| {
                from_hexes_left > 0
                    && b.treason_sources >> i & 1 == 1
                    && b.treason_used >> i & 1 == 0
            })
            .map(Some);
        let supply = (b.treason_supply > 0).then_some(None);
        for from in hexes.chain(supply) {
            // Neither destination may be a source of this card, nor the other destination
            // (D-G-4.3); the source chosen now must leave a source for a move still owed.
            let used = b.treason_used | from.map_or(0, |i| 1 << i);
            for to in 0..coastal {
                if used >> to & 1 == 1 || b.on[to] >= CONQUERED_AT {
                    continue;
                }
                let later_hex_moves = from_hexes_left - u8::from(from.is_some());
                let blocked = used | 1 << to;
                let sources_left = (b.treason_sources & !blocked).count_ones() as u8;
                if later_hex_moves > sources_left {
                    continue;
                }
                if visit(from, to) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether Treason allows a move now.
    fn treason_move_left(&self) -> bool {
        self.find_treason_move(|_, _| true)
    }

    fn end_treason(&mut self) {
        let b = &mut self.state.barbarians;
        b.treason_sources = 0;
        b.treason_used = 0;
        b.treason_destination = 0;
        b.treason_left = 0;
        b.treason_supply = 0;
    }

    pub(crate) fn legal_treason_moves(&self, out: &mut LegalActions) {
        let rules = self
            .barbarian_rules()
            .expect("Treason belongs to Barbarian Attack");
        self.find_treason_move(|from, to| {
            out.actions.push(Action::TreasonMove {
                from: from.map(|i| rules.coastal[i]),
                to: rules.coastal[to],
            });
            false
        });
    }

    pub(crate) fn apply_treason_move(
        &mut self,
        seat: Seat,
        from: Option<HexId>,
        to: HexId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let rules = self
            .barbarian_rules()
            .expect("Treason belongs to Barbarian Attack");
        let index = |h: HexId| rules.coastal_index(h);
        let t = self.topology();
        let name = |h: HexId| {
            if h.index() < t.hex_count() {
                t.hex(h).to_string()
            } else {
                format!("#{}", h.0)
            }
        };
        let Some(to_i) = index(to) else {
            return Err(RuleError::refused(format!(
                "barbarians go to coastal hexes, and {} is not one",
                name(to)
            )));
        };
        let from_i =
            match from {
                None => None,
                Some(h) => Some(index(h).ok_or_else(|| {
                    RuleError::refused(format!("{} is not a coastal hex", name(h)))
                })?),
            };
        if !self.find_treason_move(|from, to| (from, to) == (from_i, to_i)) {
            return Err(RuleError::refused(format!(
                "Treason cannot move a barbarian from {} to {}: each source must have held one when the card was drawn and be used once, and each destination must be a coastal hex not conquered, not a source, not the other destination",
                from.map_or("the supply".into(), name),
                name(to)
            )));
        }
        let b = &mut self.state.barbarians;
        match from_i {
            Some(i) => b.on[i] -= 1,
            None => {
                b.supply -= 1;
                b.treason_supply -= 1;
            }
        }
        b.on[to_i] += 1;
        b.treason_used |= from_i.map_or(0, |i| 1 << i) | 1 << to_i;
        b.treason_destination |= 1 << to_i;
        b.treason_left -= 1;
        if sink.wanted() {
            sink.push(Event::BarbarianMoved {
                seat,
                from: from.map(|h| self.topology().hex(h)),
                to: self.topology().hex(to),
            });
        }
        if !self.treason_move_left() {
            self.end_treason();
            self.state.phase = Phase::Main;
        }
        Ok(())
    }

    pub(crate) fn legal_intrigue(&self, out: &mut LegalActions) {
        let rules = self
            .barbarian_rules()
            .expect("Intrigue belongs to Barbarian Attack");
        for (i, &h) in rules.coastal.iter().enumerate() {
            if self.state.barbarians.on[i] > 0 {
                out.actions.push(Action::TakePrisoner(h));
            }
        }
    }

    pub(crate) fn apply_take_prisoner(
        &mut self,
        seat: Seat,
        hex: HexId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let rules = self
            .barbarian_rules()
            .expect("Intrigue belongs to Barbarian Attack");
        let i = rules
            .coastal_index(hex)
            .filter(|&i| self.state.barbarians.on[i] > 0);
        let Some(i) = i else {
            return Err(RuleError::refused(
                "Intrigue takes a barbarian from a coastal hex that holds one",
            ));
        };
        let b = &mut self.state.barbarians;
        b.on[i] -= 1;
        b.prisoners[seat.index()] += 1;
        if sink.wanted() {
            sink.push(Event::PrisonerTaken {
                seat,
                hex: self.topology().hex(hex),
            });
        }
        self.state.phase = Phase::Main;
        Ok(())
    }
}
