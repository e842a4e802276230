//! The named points where rule modules hook into the shared rules (ARCHITECTURE.md,
//! "Scenarios are data plus modules"). A shared rule calls the point's hook, once, and asks
//! nothing of the modules itself; the hook asks each module the game switches on, in a fixed
//! order. Static calls, always inlined (left to itself, the compiler kept some of them out of
//! line, at a cost callgrind counted in every step): a game without the modules pays one
//! test of its rules per module, as it did when the shared rules asked.
//!
//! The points so far: listing the turn's actions (`legal_module_actions_before_roll`,
//! `legal_module_actions`, `may_end_turn`), after a building (`after_building`), the ground
//! closed to building (`closed_corners`, `closed_edges`), counting points (`module_points`,
//! `uncounted_points`, `victory_point_cards`) and a win (`wins_with`).

use crate::action::LegalActions;
use crate::game::Game;
use crate::resources::DevelopmentCard;
use crate::state::Seat;
use crate::topology::{CornerId, CornerSet, EdgeSet};

/// What a seat just built and paid for in its turn (not set-up pieces or free roads).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Built {
    Road,
    Settlement(CornerId),
    City,
}

impl Game {
    /// The modules' actions before the roll, listed after the roll and the card plays:
    /// Barbarian Attack for two's trade tokens (BA2-7).
    #[inline(always)]
    pub(crate) fn legal_module_actions_before_roll(&self, seat: Seat, out: &mut LegalActions) {
        if self.two_player() {
            self.legal_token_actions(seat, out);
        }
    }

    /// The modules' actions in the turn's trade-and-build step, after the shared builds,
    /// card plays and trades, in this order (which the random bots' records depend on):
    /// repairs after an Earthquake (BAE-4), the wonders (SC8-6), the fortress attack
    /// (SC7-11), Barbarian Attack's gold exchanges (BA-28), knight moves (BA-20) and, for
    /// two, trade tokens (BA2-7).
    #[inline(always)]
    pub(crate) fn legal_module_actions(&self, seat: Seat, out: &mut LegalActions) {
        if self.event_cards() {
            self.legal_repairs(seat, out);
        }
        if self.config.rules.wonders.is_some() {
            self.legal_wonder_actions(seat, out);
        }
        if self.config.rules.pirate_islands.is_some() {
            self.legal_fortress_attack(seat, out);
        }
        if self.config.rules.barbarians.is_some() {
            self.legal_gold_exchanges(seat, out);
            self.legal_knight_moves(seat, out);
            if self.two_player() {
                self.legal_token_actions(seat, out);
            }
        }
    }

    /// Whether the active seat may end its turn: not while its knights wait in the castle
    /// (BA-20).
    #[inline(always)]
    pub(crate) fn may_end_turn(&self, seat: Seat) -> bool {
        self.config.rules.barbarians.is_none() || !self.knights_in_castle(seat)
    }

    /// After a building is paid for and placed: Barbarian Attack lands barbarians and, for
    /// two players, earns trade tokens and lets the neutral seats build (BA-8, BA2-2, BA2-4).
    #[inline(always)]
    pub(crate) fn after_building(&mut self, seat: Seat, built: Built) {
        if self.config.rules.barbarians.is_some() {
            self.barbarians_after_building(seat, built);
        }
    }

    /// Corners where no settlement may be built whatever the pieces: conquered hexes' (BA-11).
    #[inline(always)]
    pub(crate) fn closed_corners(&self) -> CornerSet {
        if self.config.rules.barbarians.is_none() {
            return CornerSet::new();
        }
        self.conquered_ground().0
    }

    /// Edges where no road may be built whatever the pieces: conquered hexes' (BA-11).
    #[inline(always)]
    pub(crate) fn closed_edges(&self) -> EdgeSet {
        if self.config.rules.barbarians.is_none() {
            return EdgeSet::new();
        }
        self.conquered_ground().1
    }

    /// The public points the modules add to buildings and awards: cloth (SC6-6), prisoners
    /// (BA-31), the Harbormaster (BAH-1).
    #[inline(always)]
    pub(crate) fn module_points(&self, seat: Seat) -> u8 {
        let s = &self.state;
        let mut points = self.cloth_points(seat);
        if self.config.rules.barbarians.is_some() {
            // Two prisoners make a point (BA-31).
            points = points.saturating_add(self.prisoner_points(seat));
        }
        if s.harbormaster == Some(seat) {
            points = points.saturating_add(crate::modules::harbormaster::HARBORMASTER_POINTS);
        }
        points
    }

    /// The points of buildings that count nothing: conquered ones (BA-31).
    #[inline(always)]
    pub(crate) fn uncounted_points(&self, seat: Seat) -> u8 {
        if self.config.rules.barbarians.is_none() {
            return 0;
        }
        self.conquered_points(seat)
    }

    /// The Victory Point cards a seat holds; the Pirate Islands have none, theirs are Knights
    /// (SC7-5).
    #[inline(always)]
    pub(crate) fn victory_point_cards(&self, seat: Seat) -> u8 {
        if self.config.rules.pirate_islands.is_some() {
            return 0;
        }
        self.state
            .player(seat)
            .all_cards()
            .get(DevelopmentCard::VictoryPoint)
    }

    /// Whether `seat`, holding `points`, has won in its own turn: the target (B-1, S-22), or
    /// a module's own conditions: the wonders' (SC8-8), the Pirate Islands' (SC7-12).
    #[inline(always)]
    pub(crate) fn wins_with(&self, seat: Seat, points: u8) -> bool {
        if self.config.rules.wonders.is_some() {
            return self.wonder_victory(seat, points);
        }
        if self.config.rules.pirate_islands.is_some() {
            return self.pirate_victory(seat, points);
        }
        points >= self.state.victory_points
    }
}
