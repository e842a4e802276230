//! Barbarian Attack (shared/rules/barbarian-attack.md; the Chinese text of seed 002 wins
//! where it speaks): barbarians landing on the coast and conquering hexes and buildings,
//! knights bought as cards and moved along paths, battles, prisoners and gold, a deck of
//! its own. The base game with these modules; no robber and no Largest Army.
//!
//! Hooks into the shared rules: production skips conquered hexes; building refuses their
//! edges and corners and lands barbarians after a settlement or city; points leave out
//! conquered buildings and count prisoners; the development deck is this module's; a 7
//! robs anyone; the end of the turn moves knights and checks the battles.

mod battle;
mod deck;
mod gold;
mod knights;
mod landing;
mod two_player;

pub(crate) use knights::{KnightReach, shared_knight_reach};
pub(crate) use two_player::{TOKENS, deal_trade_tokens};

use crate::event::EventSink;
use crate::game::Game;
use crate::ruleset::BarbarianRules;
use crate::state::{BarbarianCard, Barbarians, Seat, State};
use crate::topology::{CornerId, CornerSet, EdgeSet, HexId, HexSet};

/// A coastal hex with this many barbarians is conquered (BA-6).
pub const CONQUERED_AT: u8 = 3;

impl Barbarians {
    /// The pieces at the start: barbarians on their hexes and in the supply, the deck (BA-5).
    pub(crate) fn at_start(rules: &BarbarianRules) -> Barbarians {
        let mut b = Barbarians {
            supply: rules.total,
            deck: BarbarianCard::DECK,
            battle_at: u8::MAX,
            ..Default::default()
        };
        for &(i, n) in &rules.start {
            b.on[i as usize] += n;
            b.supply -= n;
        }
        b
    }

    /// The knights of `seat` on the board, by index.
    pub fn knights_of(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = (usize, crate::topology::EdgeId)> + '_ {
        self.knights[..self.knight_count as usize]
            .iter()
            .enumerate()
            .filter(move |(_, k)| k.seat == seat)
            .map(|(i, k)| (i, k.edge))
    }

    /// Edges holding a knight.
    pub fn knight_edges(&self) -> EdgeSet {
        self.knights[..self.knight_count as usize]
            .iter()
            .map(|k| k.edge.index())
            .collect()
    }
}

impl Game {
    /// BA-7: the second starting settlement, just placed on `corner`, is a city.
    pub(crate) fn second_starting_city(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) {
        if self.state.setup_step >= self.state.playing() {
            self.raise_city(seat, corner, sink);
        }
    }

    /// The Barbarian Attack rules, when this game plays them.
    #[inline]
    pub(crate) fn barbarian_rules(&self) -> Option<&BarbarianRules> {
        self.config.rules.barbarians.as_deref()
    }

    /// Coastal hexes holding three barbarians (BA-6, BA-11).
    pub fn conquered_hexes(&self) -> HexSet {
        let mut out = HexSet::new();
        if let Some(rules) = self.barbarian_rules() {
            for (i, &h) in rules.coastal.iter().enumerate() {
                if self.state.barbarians.on[i] >= CONQUERED_AT {
                    out.insert(h.index());
                }
            }
        }
        out
    }

    /// Corners where no settlement may be built, and edges where no road may be: those of
    /// conquered hexes (BA-11).
    pub(crate) fn conquered_ground(&self) -> (CornerSet, EdgeSet) {
        let t = self.topology();
        let conquered = self.conquered_hexes();
        let mut edges = EdgeSet::new();
        for h in conquered.iter() {
            edges |= *t.hex_edge_set(HexId(h as u8));
        }
        (t.corners_of(&conquered), edges)
    }

    /// BA-12: a building is conquered while every hex at its corner is a conquered coastal
    /// hex (the frame counts as sea and does not save it).
    pub fn building_conquered(&self, corner: CornerId) -> bool {
        if self.barbarian_rules().is_none() {
            return false;
        }
        let conquered = self.conquered_hexes();
        self.topology()
            .corner_hexes(corner)
            .all(|h| conquered.contains(h.index()))
    }

    /// Those of `corners` where a building is conquered (BA-12): every hex there is coastal
    /// and none of them is held. The rules ask this of a seat's buildings after each action.
    pub(crate) fn conquered_among(&self, corners: &CornerSet) -> CornerSet {
        let Some(rules) = self.barbarian_rules() else {
            return CornerSet::new();
        };
        let candidates = corners.intersection(&rules.conquerable);
        // Until the barbarians hold a hex, no building is conquered: the common case, which
        // needs no look at the corners.
        if candidates.is_empty() || !self.barbarians_hold_a_hex() {
            return CornerSet::new();
        }
        let on = &self.state.barbarians.on;
        let t = self.topology();
        let mut held = CornerSet::new();
        for (i, &h) in rules.coastal.iter().enumerate() {
            if on.get(i).is_none_or(|&n| n < CONQUERED_AT) {
                held |= *t.hex_corner_set(h);
            }
        }
        candidates.difference(&held)
    }

    /// Whether some coastal hex holds three barbarians, and so is conquered (BA-11).
    #[inline]
    fn barbarians_hold_a_hex(&self) -> bool {
        self.state.barbarians.on.iter().any(|&n| n >= CONQUERED_AT)
    }

    /// A seat's buildings that stand (not conquered).
    pub(crate) fn standing_buildings(&self, seat: Seat) -> CornerSet {
        let buildings = self.state.player(seat).buildings();
        buildings.difference(&self.conquered_among(&buildings))
    }

    /// Points from prisoners: one for every two (BA-31).
    pub(crate) fn prisoner_points(&self, seat: Seat) -> u8 {
        self.state.barbarians.prisoners[seat.index()] / 2
    }

    /// The harbors a seat can use: those at its buildings that stand (BA-12).
    #[inline]
    pub(crate) fn usable_harbors(&self, seat: Seat) -> u8 {
        let p = self.state.player(seat);
        if self.barbarian_rules().is_none() || p.harbors == 0 {
            return p.harbors;
        }
        self.harbors_not_conquered(seat)
    }

    /// `usable_harbors` where conquest may have taken some: kept out of line, so that the
    /// question costs other games next to nothing where the trades are listed.
    #[inline(never)]
    fn harbors_not_conquered(&self, seat: Seat) -> u8 {
        let p = self.state.player(seat);
        let t = self.topology();
        let harbors_at = |corners: CornerSet| {
            corners
                .iter()
                .fold(0, |m, c| m | t.corner_harbor(CornerId(c as u16)))
        };
        // Only the buildings on harbors matter: conquest is looked for among them alone.
        let at_harbors = p.buildings().intersection(t.harbor_corners());
        // Until the barbarians hold a hex every building stands, and every harbor it has
        // serves.
        if !self.barbarians_hold_a_hex() {
            debug_assert_eq!(p.harbors, harbors_at(at_harbors));
            return p.harbors;
        }
        harbors_at(at_harbors.difference(&self.conquered_among(&at_harbors)))
    }
}

/// The starting pieces of Barbarian Attack in a new state.
pub(crate) fn set_up(state: &mut State, rules: &BarbarianRules) {
    state.barbarians = Barbarians::at_start(rules);
}
