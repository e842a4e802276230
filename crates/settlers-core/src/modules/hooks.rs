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
//! `uncounted_points`, `victory_point_cards`) and a win (`wins_with`); set-up
//! (`check_module_setup_site`, `after_setup_settlement`); the dice (`dice_refused`,
//! `module_roll`, `rolls_move_points`); development cards (`module_deck_left`,
//! `before_drawing_a_card`, `legal_module_knight_plays`); ships (`module_ship_sites`,
//! `legal_module_ships`, `check_module_ship_move`, `after_ship_placed`); the pirate
//! (`module_allows_pirate`, `pirate_loot`), trade offers (`offers_hold_gold`), a Knight's
//! play (`module_knight_play`) and the end of a turn (`modules_end_turns`,
//! `module_end_turn`). The modules' own phases and actions are dispatched in `game.rs`.

use crate::action::{LegalActions, RuleError};
use crate::event::EventSink;
use crate::game::Game;
use crate::resources::DevelopmentCard;
use crate::state::Seat;
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet};

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

    /// Set-up: a module's refusal of a starting settlement's corner, after the shared
    /// rules': the Pirate Islands' corners closed to a colour (SC7-10, D-SC7-9), the
    /// Wonders' marked corners (SC8-3).
    #[inline(always)]
    pub(crate) fn check_module_setup_site(
        &self,
        seat: Seat,
        corner: CornerId,
    ) -> Result<(), RuleError> {
        // Each module's check passes where its module is off.
        self.check_pirate_territory(seat, corner)?;
        self.check_wonder_setup_site(corner)
    }

    /// Set-up: after a starting settlement is placed, before its road: the home island
    /// noted where foreign islands score (SC9-6); Barbarian Attack's second starting piece
    /// is a city (BA-7).
    #[inline(always)]
    pub(crate) fn after_setup_settlement(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) {
        self.note_home_island(seat, corner);
        if self.config.rules.barbarians.is_some() {
            self.second_starting_city(seat, corner, sink);
        }
    }

    /// The dice: a module that rolls no dice refuses them, before the dice are read: the
    /// event cards replace the production roll (BAE-1).
    #[inline(always)]
    pub(crate) fn dice_refused(&self) -> Option<RuleError> {
        self.event_cards().then(|| {
            RuleError::refused("this game reveals an event card in place of the production roll")
        })
    }

    /// The dice, read and before they are resolved: Barbarian Attack for two rolls twice,
    /// the second total differing from the first (BA2-3).
    #[inline(always)]
    pub(crate) fn module_roll(&mut self, total: u8) -> Result<(), RuleError> {
        self.check_second_roll(total)?;
        if self.two_player() {
            self.count_two_player_roll(total);
        }
        Ok(())
    }

    /// Whether a roll may move points beside production, a 7, gold owed, the Pirate
    /// Islands' fleet (SC7-8) and Barbarian Attack's rolls (BA-29, BA2-3), which move only
    /// cards: Cloth for Catan's rolls hand out cloth (SC6-5), which scores (SC6-6).
    #[inline(always)]
    pub(crate) fn rolls_move_points(&self) -> bool {
        self.config.rules.cloth.is_some()
    }

    /// Whether a development card can be bought, where a module decides: the Forgotten
    /// Tribe's face-down gifts are not for sale (SC5-6); Barbarian Attack's deck reshuffles
    /// its discards (BA-13). `None`: the base deck's rule (B-29).
    #[inline(always)]
    pub(crate) fn module_deck_left(&self) -> Option<bool> {
        if self.config.rules.forgotten_tribe.is_some() {
            return Some(self.development_deck_size() > 0);
        }
        self.config.rules.barbarians.is_some().then_some(true)
    }

    /// A card is paid for and about to be drawn: Barbarian Attack's discards become the
    /// deck when it is empty (BA-13).
    #[inline(always)]
    pub(crate) fn before_drawing_a_card(&mut self) {
        if self.config.rules.barbarians.is_some() {
            self.refill_barbarian_deck();
        }
    }

    /// The modules' plays of a Knight card, listed in its place: the Pirate Islands' Knights
    /// and Victory Point cards turn ships into warships (SC7-5, SC7-7). Whether a module
    /// listed them (the base Knight's play is then not listed).
    #[inline(always)]
    pub(crate) fn legal_module_knight_plays(&self, seat: Seat, out: &mut LegalActions) -> bool {
        if self.config.rules.pirate_islands.is_some() {
            self.legal_warship_card(seat, out);
            return true;
        }
        false
    }

    /// Where a module decides where `seat` may place a ship: the Pirate Islands, at the free
    /// end of its one route along its lane (SC7-6).
    #[inline(always)]
    pub(crate) fn module_ship_sites(&self, seat: Seat) -> Option<EdgeSet> {
        self.config
            .rules
            .pirate_islands
            .is_some()
            .then(|| self.lane_sites(seat))
    }

    /// The modules' ship builds (when `builds`) and moves (when `moves`) in place of the
    /// shared listing (S-6, S-13): the Pirate Islands' one route along a lane (SC7-6,
    /// D-SC7-7). Whether a module listed them.
    #[inline(always)]
    pub(crate) fn legal_module_ships(
        &self,
        seat: Seat,
        builds: bool,
        moves: bool,
        out: &mut LegalActions,
    ) -> bool {
        if self.config.rules.pirate_islands.is_some() {
            self.legal_lane_ships(seat, builds, moves, out);
            return true;
        }
        false
    }

    /// A module's refusal of a ship move the shared rules allow: the Pirate Islands' moves
    /// keep to the lane's route (SC7-6).
    #[inline(always)]
    pub(crate) fn check_module_ship_move(
        &self,
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
    ) -> Result<(), RuleError> {
        if self.config.rules.pirate_islands.is_some() {
            self.check_lane_move(seat, from, to)?;
        }
        Ok(())
    }

    /// After a ship of `seat`'s is placed, built or moved: the Pirate Islands' route end
    /// (SC7-6).
    #[inline(always)]
    pub(crate) fn after_ship_placed(&mut self, seat: Seat) {
        if self.config.rules.pirate_islands.is_some() {
            self.recompute_lane_end(seat);
        }
    }

    /// Whether a module ends the turn its own way (`module_end_turn`): Barbarian Attack's
    /// turn ends with the battle check, after the knights moved (BA-8, BA-21).
    #[inline(always)]
    pub(crate) fn modules_end_turns(&self) -> bool {
        self.config.rules.barbarians.is_some()
    }

    /// The end of the turn where `modules_end_turns`: Barbarian Attack's knights leave the
    /// castle first (BA-20), then the battles begin (BA-21).
    #[inline(always)]
    pub(crate) fn module_end_turn(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.end_turn_with_battles(seat, sink)
    }

    /// A module's play of a Knight card in place of the base one (B-31): the Pirate
    /// Islands' warship (SC7-7). `None` where no module has one.
    #[inline(always)]
    pub(crate) fn module_knight_play(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Option<Result<(), RuleError>> {
        if self.config.rules.pirate_islands.is_some() {
            return Some(self.apply_warship(seat, sink));
        }
        None
    }

    /// Whether a module lets `seat` choose the pirate now: Cloth for Catan, only once it
    /// trades with a village (SC6-7).
    #[inline(always)]
    pub(crate) fn module_allows_pirate(&self, seat: Seat) -> bool {
        !self
            .cloth_rules()
            .is_some_and(|r| r.pirate_needs_trade && !self.trades_with_a_village(seat))
    }

    /// What the pirate takes, in a player's words: with Cloth for Catan a card or a cloth
    /// (SC6-7).
    #[inline(always)]
    pub(crate) fn pirate_loot(&self) -> &'static str {
        if self.config.rules.cloth.is_some() {
            "a ship there and a card or a cloth"
        } else {
            "a ship there and a card in hand"
        }
    }

    /// Whether trade offers may hold gold coins: Barbarian Attack's (BA-28).
    #[inline(always)]
    pub(crate) fn offers_hold_gold(&self) -> bool {
        self.config.rules.barbarians.is_some()
    }
}
