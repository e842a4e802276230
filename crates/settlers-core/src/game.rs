//! The game: a static description (board, options) kept apart from the state of one game,
//! and the four verbs of ARCHITECTURE.md: `new`, `to_act`, `legal_actions`, `apply`.

use crate::action::{Action, Actor, ChanceKind, LegalActions, RuleError, ToAct};
use crate::event::{Event, EventSink};
use crate::map::Board;
use crate::resources::{DevelopmentCards, Resources};
use crate::ruleset::{MOST_SPECIAL_VP, MOST_VICTORY_POINTS, RuleSet};
use crate::state::{
    Chit, MAX_CHITS, MAX_SEATS, OpenOffer, Phase, PlayerState, Seat, SeatSet, State,
};
use crate::topology::{CornerSet, EdgeSet, Topology};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Options of a game that are not part of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameOptions {
    /// The victory target (B-1); the scenario's when not given.
    pub victory_points: Option<u8>,
    /// The special victory points of a first settlement in a scoring area, in place of the
    /// map's value (`nsho_svp`, `ttd_svp` of decisions D-SC1-1, D-SC4-1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special_vp_value: Option<u8>,
    /// Barbarian Attack: event cards replace the production dice (BAE-1 to BAE-4).
    #[serde(skip_serializing_if = "is_false")]
    pub event_cards: bool,
    /// With event cards, what Tournament does (decision D-BAE-3).
    #[serde(skip_serializing_if = "is_default")]
    pub tournament: TournamentMode,
    /// Barbarian Attack: the Harbormaster card, and a target one higher (BAH-1 to BAH-3).
    #[serde(skip_serializing_if = "is_false")]
    pub harbormaster: bool,
    /// Barbarian Attack: the game ends the moment any seat holds the target, in another's
    /// turn too; the active seat first, then the others in turn order (BA-31's engine
    /// option; the rule without it is B-42's, decision D-BA-17).
    #[serde(skip_serializing_if = "is_false")]
    pub win_off_turn: bool,
    /// An unlimited bank: no resource ever runs short (base.md's engine option `bank_limit`
    /// off, which is not the official rule). The bank stays at 19 of each, whatever leaves
    /// it, and B-5's limit and B-26's shortages do not apply.
    #[serde(skip_serializing_if = "is_false")]
    pub unlimited_bank: bool,
    /// Play on in a position nobody can win any more, rather than end the game there
    /// (`Game::nobody_can_win`). Records of version 1, written before such games ended,
    /// replay with it on.
    #[serde(skip_serializing_if = "is_false")]
    pub play_on_when_nobody_can_win: bool,
    /// Play on however long the scores stand still, rather than end the game after
    /// `STANDSTILL_ROUNDS` rounds (`rules/standstill.rs`). Records of versions 1 and 2,
    /// written before such games ended, replay with it on.
    #[serde(skip_serializing_if = "is_false")]
    pub play_on_when_standing_still: bool,
}

/// What the Tournament event does in Barbarian Attack, which has no played Knights (D-BAE-3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentMode {
    /// Those tied for the most knights on the board take a resource of their choice.
    #[default]
    KnightsOnBoard,
    /// Nothing.
    None,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// Everything needed to start a game: a realised board, the seats, who starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub scenario: String,
    pub board: Board,
    pub seats: u8,
    pub first: Seat,
    pub options: GameOptions,
}

/// Why a game could not be set up, with every reason found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game cannot start: {}", .0.join("; "))]
pub struct SetupError(pub Vec<String>);

/// What stays the same for the whole game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    pub scenario: String,
    pub options: GameOptions,
    pub topology: Topology,
    pub rules: RuleSet,
}

/// One game. Cloning copies the state and shares the configuration.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) config: Arc<GameConfig>,
    pub(crate) state: State,
    /// What each viewer can know of the others' cards (`card_tracking.rs`).
    pub(crate) tracking: crate::card_tracking::CardTracking,
    /// Whether the victory check has seen the state as it is, points and all: false for a
    /// game set up, read from a position or imagined (`worlds.rs`) until its first action.
    /// An action that leaves every point as it was may then skip the check (`victory.rs`).
    pub(crate) victory_checked: bool,
}

/// How many tiles of each terrain (in `Terrain::ALL` order) a stack holds.
pub(crate) fn count_terrain(tiles: &[crate::resources::Terrain]) -> [u8; 10] {
    let mut counts = [0u8; 10];
    for t in tiles {
        counts[*t as usize] += 1;
    }
    counts
}

/// The default victory target of a board: one more with the Harbormaster (BAH-3).
fn victory_target(board: &Board, options: &GameOptions) -> u8 {
    options.victory_points.unwrap_or_else(|| {
        board
            .victory_points
            .unwrap_or(10)
            .saturating_add(u8::from(options.harbormaster))
    })
}

impl Game {
    /// A new game at the start of setup.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let mut problems = Vec::new();
        if !(2..=MAX_SEATS as u8).contains(&setup.seats) {
            problems.push(format!(
                "{} seats: a game has 2 to {MAX_SEATS}",
                setup.seats
            ));
        }
        let board = &setup.board;
        if !board.players.is_empty() && !board.players.contains(&setup.seats) {
            problems.push(format!(
                "{} players: the map `{}` is for {} players",
                setup.seats,
                board.id,
                crate::scenario::player_counts_text(board.players.iter().copied())
            ));
        }
        if setup.first.0 >= setup.seats {
            problems.push(format!(
                "the first seat {} is not at the table",
                setup.first.0
            ));
        }
        let target = victory_target(&setup.board, &setup.options);
        if !(1..=MOST_VICTORY_POINTS).contains(&target) {
            problems.push(format!(
                "a victory target of {target}: the engine plays to 1 to {MOST_VICTORY_POINTS}"
            ));
        }
        if let Some(n) = setup.options.special_vp_value
            && n > MOST_SPECIAL_VP
        {
            problems.push(format!(
                "`special_vp_value` {n}: a scoring area earns 0 to {MOST_SPECIAL_VP} special victory points"
            ));
        }
        let barbarian_attack = board.game.as_deref() == Some("barbarian-attack");
        if setup.options.event_cards && !barbarian_attack {
            problems.push(
                "event cards are played with Barbarian Attack only: the base game's robber events are not written"
                    .into(),
            );
        }
        if setup.options.harbormaster && !barbarian_attack {
            problems.push("the Harbormaster is played with Barbarian Attack only".into());
        }
        if setup.options.win_off_turn && !barbarian_attack {
            problems.push(
                "winning in another's turn (`win_off_turn`) is an option of Barbarian Attack only: elsewhere points count in your own turn (B-42)"
                    .into(),
            );
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let fog_hexes_left = count_terrain(&setup.board.fog_terrain);
        let mut fog_numbers_left = [0u8; 13];
        for &n in &setup.board.fog_numbers {
            fog_numbers_left[n as usize] += 1;
        }
        let topology = Topology::new(setup.board);
        let rules = RuleSet::of(&topology, &setup.options);
        // Barbarian Attack for two adds two neutral seats after the players (BA2-1).
        let two_player = rules.barbarians.is_some() && setup.seats == 2;
        let mut neutral = SeatSet::EMPTY;
        if two_player {
            neutral.insert(Seat(2));
            neutral.insert(Seat(3));
        }
        let robber = topology.board.robber.and_then(|h| topology.hex_id(h));
        let state = State {
            seats: setup.seats + neutral.len() as u8,
            phase: Phase::SetupSettlement,
            active: setup.first,
            first: setup.first,
            setup_step: 0,
            turn: 0,
            rolled: false,
            card_played: false,
            dice: None,
            players: [PlayerState::default(); MAX_SEATS],
            bank: Resources::FULL_BANK,
            deck: DevelopmentCards::BASE_DECK,
            robber,
            longest_road: None,
            largest_army: None,
            offer: OpenOffer::default(),
            offers_this_turn: 0,
            victory_points: target,
            winner: None,
            occupied: CornerSet::new(),
            crowded: CornerSet::new(),
            paved: EdgeSet::new(),
            shipped: EdgeSet::new(),
            new_ships: EdgeSet::new(),
            ship_moved: false,
            pirate: topology.board.pirate.and_then(|h| topology.hex_id(h)),
            chits: [Chit::default(); MAX_CHITS],
            chit_count: 0,
            resume: Phase::Main,
            fog_hexes_left,
            fog_numbers_left,
            barbarians: Default::default(),
            events: Default::default(),
            harbormaster: None,
            neutral,
            wonders: Default::default(),
            gifts: Default::default(),
            harbor_tokens: crate::modules::harbor_placement::face_down(
                &topology.board.harbor_tokens,
            ),
            cloth: rules
                .cloth
                .as_deref()
                .map(crate::modules::cloth::Cloth::start)
                .unwrap_or_default(),
            shared_winners: SeatSet::EMPTY,
            pirates: Default::default(),
            standstill: Default::default(),
        };
        let mut state = state;
        if let Some(b) = rules.barbarians.as_deref() {
            crate::modules::barbarian_attack::set_up(&mut state, b);
            // Its own deck replaces the base one (BA-2).
            state.deck = DevelopmentCards::default();
        }
        let mut rules = rules;
        rules.pirate_islands =
            crate::modules::pirate_islands::PirateRules::of(&topology, setup.seats).map(Box::new);
        if let Some(pirates) = rules.pirate_islands.as_deref() {
            state.deck = pirates.deck();
        }
        let mut game = Game {
            config: Arc::new(GameConfig {
                scenario: setup.scenario,
                options: setup.options,
                topology,
                rules,
            }),
            state,
            tracking: Default::default(),
            victory_checked: false,
        };
        if two_player {
            let t = game.topology();
            let corners: Vec<_> = t
                .board
                .other
                .get("two_player")
                .and_then(|v| v.get("neutral_start_corners"))
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
                .filter_map(|c| t.corner_id(c.as_str()?.parse().ok()?))
                .collect();
            game.set_up_neutrals(&corners);
        }
        game.set_up_pirate_islands();
        // On a map whose harbors the players place, that comes first (SC9-3).
        if game.config.rules.harbor_placement.is_some() {
            game.next_harbor_token(setup.first, &mut ());
        }
        game.pass_setup_places_left_empty(&mut ());
        Ok(game)
    }

    #[inline]
    pub fn topology(&self) -> &Topology {
        &self.config.topology
    }
    pub fn board(&self) -> &Board {
        &self.config.topology.board
    }

    /// A key that changes whenever the board does: the board changes in play only when a
    /// fog hex is turned over (SC3-6), a gift harbor is placed (SC5-7) or a harbor token
    /// before setup (SC9-3). Cheaper than comparing boards, for a server that sends the
    /// board only when it changed.
    pub fn board_key(&self) -> u32 {
        let s = &self.state;
        let face_down: u32 = s.fog_hexes_left.iter().map(|&n| u32::from(n)).sum();
        let placed = s.gifts.placed.iter().filter(|p| p.is_some()).count() as u32;
        face_down << 16 | s.harbor_tokens.left() << 8 | placed
    }
    pub fn config(&self) -> &GameConfig {
        &self.config
    }
    /// The full state. It holds hidden information: views are how it leaves a server.
    #[inline]
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn seats(&self) -> u8 {
        self.state.seats
    }
    pub fn winner(&self) -> Option<Seat> {
        self.state.winner
    }
    pub fn is_over(&self) -> bool {
        matches!(self.state.phase, Phase::Over)
    }

    /// Who must act now. Always inlined: `apply_seat` asks it before every seat's action and
    /// wants the seats alone, and a caller's loop asks it before every action.
    #[inline(always)]
    pub fn to_act(&self) -> ToAct {
        let s = &self.state;
        match s.phase {
            Phase::Over => ToAct::Nobody,
            Phase::Rolling if self.event_cards() => ToAct::Chance(ChanceKind::EventCard),
            Phase::Rolling => ToAct::Chance(ChanceKind::Dice),
            Phase::Event => ToAct::Seats(s.events.owed),
            Phase::EventStealing { victim, .. } => {
                ToAct::Chance(ChanceKind::StolenResource { victim })
            }
            Phase::Drawing if self.config.rules.barbarians.is_some() => {
                ToAct::Chance(ChanceKind::BarbarianCard)
            }
            Phase::Drawing => ToAct::Chance(ChanceKind::DevelopmentCard),
            Phase::Landing => ToAct::Chance(ChanceKind::Landing),
            Phase::Battle => ToAct::Chance(self.battle_chance()),
            Phase::ForcedTrade { victim } => ToAct::Chance(ChanceKind::ForcedTrade { victim }),
            Phase::Stealing { victim } => ToAct::Chance(ChanceKind::StolenResource { victim }),
            Phase::DrawingGift => ToAct::Chance(ChanceKind::GiftCard),
            Phase::DrawingHarbor => ToAct::Chance(ChanceKind::HarborToken),
            Phase::FleetPlunder { seat } => ToAct::Chance(ChanceKind::FleetPlunder { seat }),
            Phase::FortressBattle => ToAct::Chance(ChanceKind::FortressDie),
            Phase::FleetReward { seat } => ToAct::Seats(SeatSet::one(seat)),
            Phase::Revealing { edge, .. } => match self.next_fog(edge) {
                Some(hex) => ToAct::Chance(ChanceKind::FogHex { hex }),
                None => ToAct::Nobody,
            },
            Phase::PickingGold => {
                ToAct::Seats(self.gold_picker().map_or(SeatSet::EMPTY, SeatSet::one))
            }
            Phase::Discarding => {
                let mut seats = SeatSet::EMPTY;
                for seat in s.seat_ids() {
                    if s.player(seat).discard_owed > 0 {
                        seats.insert(seat);
                    }
                }
                ToAct::Seats(seats)
            }
            Phase::TradeOffered => {
                let mut seats = SeatSet(s.offer.offer.map_or(0, |o| o.to.0) & !s.offer.answered.0);
                seats.insert(s.active);
                ToAct::Seats(seats)
            }
            _ => ToAct::Seats(SeatSet::one(s.active)),
        }
    }

    /// Every legal action of `seat` (empty when it need not act).
    pub fn legal_actions(&self, seat: Seat) -> LegalActions {
        let mut out = LegalActions::default();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// `legal_actions` into a buffer the caller reuses: no allocation once it has grown.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut LegalActions) {
        out.clear();
        if seat.0 >= self.state.seats {
            return;
        }
        let s = &self.state;
        let active = seat == s.active;
        match s.phase {
            Phase::SetupSettlement if active => self.legal_setup_settlements(out),
            Phase::SetupRoad { settlement } if active => self.legal_setup_roads(settlement, out),
            Phase::BeforeRoll if active => {
                out.actions.push(Action::RollDice);
                self.legal_card_plays(seat, out);
                // The modules' actions before the roll (modules/hooks.rs).
                self.legal_module_actions_before_roll(seat, out);
            }
            Phase::Discarding => self.legal_discards(seat, out),
            Phase::MovingRobber if active => self.legal_robber_moves(seat, out),
            Phase::Main if active => {
                if self.may_end_turn(seat) {
                    out.actions.push(Action::EndTurn);
                }
                self.legal_builds(seat, out);
                self.legal_card_plays(seat, out);
                self.legal_trades(seat, out);
                // The modules' actions in the turn, after the shared ones (modules/hooks.rs).
                self.legal_module_actions(seat, out);
            }
            Phase::PlacingKnight { castle_only } if active => {
                self.legal_knight_placements(castle_only, out)
            }
            Phase::Treason if active => self.legal_treason_moves(out),
            Phase::Intrigue if active => self.legal_intrigue(out),
            Phase::NeutralBuilding { settlement } if active => {
                self.legal_neutral_builds(settlement, out)
            }
            Phase::ForeignKnight if active => self.legal_foreign_knight(out),
            Phase::GivingBack { .. } if active => self.legal_give_back(seat, out),
            Phase::MovingKnights if active => {
                if !self.knights_in_castle(seat) {
                    out.actions.push(Action::EndTurn);
                }
                self.legal_knight_moves(seat, out);
            }
            Phase::BuildingRoads { .. } if active => self.legal_free_roads(seat, out),
            Phase::PlacingGiftHarbor if active => self.legal_gift_harbors(seat, out),
            Phase::PlacingHarbor if active => self.legal_harbor_placements(out),
            Phase::FleetReward { seat: due } if due == seat => self.legal_fleet_reward(out),
            Phase::PickingGold => self.legal_gold_picks(seat, out),
            Phase::TradeOffered => self.legal_answers(seat, out),
            Phase::Event => self.legal_event_choices(seat, out),
            _ => {}
        }
    }

    /// Applies an action, or refuses it and changes nothing.
    pub fn apply(&mut self, actor: Actor, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_with(actor, action, &mut events)?;
        Ok(events)
    }

    /// `apply`, putting the events into `sink` (pass `&mut ()` to skip them).
    pub fn apply_with(
        &mut self,
        actor: Actor,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // `matches!`, not `==`: the derived comparison of phases is a call.
        if matches!(self.state.phase, Phase::Over) {
            return Err(RuleError::GameOver);
        }
        let hands = self.hands();
        self.tracking.begin();
        let points_stay = self.action_leaves_points_alone(actor, &action);
        match actor {
            Actor::Chance => self.apply_chance(action, sink)?,
            Actor::Seat(seat) => {
                if seat.0 >= self.state.seats {
                    return Err(RuleError::NoSuchSeat(seat.0));
                }
                if action.is_chance() {
                    return Err(RuleError::OnlyChance(self.describe_chance_action(&action)));
                }
                self.apply_seat(seat, action, sink)?;
            }
        }
        if matches!(
            self.state.phase,
            Phase::SetupSettlement | Phase::SetupRoad { .. }
        ) {
            self.pass_setup_places_left_empty(sink);
        }
        self.gift_harbors_due();
        self.award_harbormaster(sink);
        if !(points_stay && self.victory_checked) {
            self.check_victory(sink);
        }
        if self.tracking.has_work(&hands, &self.state.players) {
            self.tracking
                .record(&hands, &self.hands(), self.state.seats);
        }
        Ok(())
    }

    /// Every seat's resource cards, by seat.
    #[inline]
    pub(crate) fn hands(&self) -> [Resources; MAX_SEATS] {
        std::array::from_fn(|i| self.state.players[i].hand)
    }

    /// What `viewer` (`None`: a spectator) can know of `seat`'s resource cards
    /// (`card_tracking.rs`): exact for its own hand.
    pub fn hand_bounds(
        &self,
        viewer: Option<Seat>,
        seat: Seat,
    ) -> crate::card_tracking::HandBounds {
        self.tracking
            .bounds(viewer, seat, self.state.player(seat).hand)
    }

    fn apply_chance(&mut self, action: Action, sink: &mut impl EventSink) -> Result<(), RuleError> {
        match (self.state.phase, action) {
            (Phase::Rolling, Action::Dice(a, b)) => self.apply_dice(a, b, sink),
            (Phase::Rolling, Action::RevealEvent(card)) if self.event_cards() => {
                self.apply_reveal_event(card, sink)
            }
            (Phase::EventStealing { taker, victim }, Action::StealResource(r)) => {
                self.apply_event_steal(taker, victim, r, sink)
            }
            (Phase::Drawing, Action::DrawDevelopmentCard(card)) => self.apply_draw(card, sink),
            (Phase::Stealing { victim }, Action::StealResource(r)) => {
                self.apply_steal(victim, r, sink)
            }
            (Phase::Revealing { edge, seat }, a @ Action::RevealFog { .. }) => {
                self.apply_reveal(edge, seat, a, sink)
            }
            (Phase::Landing, Action::LandBarbarian(total)) => self.apply_landing(total, sink),
            (Phase::Drawing, Action::DrawBarbarianCard(card))
                if self.config.rules.barbarians.is_some() =>
            {
                self.apply_barbarian_card(card, sink)
            }
            (Phase::DrawingGift, Action::RevealGiftCard(card)) => self.apply_gift_card(card, sink),
            (Phase::DrawingHarbor, Action::TurnOverHarbor(kind)) => {
                self.apply_turn_over_harbor(kind, sink)
            }
            (Phase::FleetPlunder { seat }, Action::FleetPlunder(take)) => {
                self.apply_fleet_plunder(seat, take, sink)
            }
            (Phase::FortressBattle, Action::FortressDie(die)) => self.apply_fortress_die(die, sink),
            (Phase::Battle, Action::RollOff(dice)) => self.apply_roll_off(dice, sink),
            (Phase::Battle, Action::Casualties(die)) => self.apply_casualties(die, sink),
            (Phase::ForcedTrade { victim }, Action::TakeCards(take)) => {
                self.apply_take_cards(victim, take, sink)
            }
            (_, a) if a.is_chance() => Err(RuleError::NotForChance(format!(
                "{} now: {}",
                self.describe_chance_action(&a),
                self.describe_phase()
            ))),
            _ => Err(RuleError::NotForChance("take a seat's action".into())),
        }
    }

    fn apply_seat(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let s = &self.state;
        let waiting = match self.to_act() {
            ToAct::Seats(seats) => seats,
            _ => SeatSet::EMPTY,
        };
        if !waiting.contains(seat) {
            return Err(RuleError::NotYourTurn {
                waiting: self.describe_phase(),
            });
        }
        match (s.phase, action) {
            (Phase::SetupSettlement, Action::BuildSettlement(c)) => {
                self.apply_setup_settlement(seat, c, sink)
            }
            (Phase::SetupRoad { settlement }, Action::BuildRoad(e)) => {
                self.apply_setup_road(seat, settlement, e, sink)
            }
            (Phase::BeforeRoll, Action::RollDice) => {
                self.state.phase = Phase::Rolling;
                Ok(())
            }
            (Phase::Discarding, Action::Discard(cards)) => self.apply_discard(seat, cards, sink),
            (Phase::MovingRobber, Action::MoveRobber { hex, victim }) => {
                self.apply_move_robber(seat, hex, victim, sink)
            }
            // The modules' hooks (modules/hooks.rs) for a turn a module ends its own way.
            (Phase::Main | Phase::MovingKnights, Action::EndTurn) if self.modules_end_turns() => {
                self.module_end_turn(seat, sink)
            }
            (Phase::Main, Action::EndTurn) => {
                self.apply_end_turn(sink);
                Ok(())
            }
            (Phase::PlacingKnight { castle_only }, Action::PlaceKnight(e)) => {
                self.apply_place_knight(seat, e, castle_only, sink)
            }
            (Phase::Treason, Action::TreasonMove { from, to }) => {
                self.apply_treason_move(seat, from, to, sink)
            }
            (Phase::Intrigue, Action::TakePrisoner(hex)) => {
                self.apply_take_prisoner(seat, hex, sink)
            }
            (Phase::Main | Phase::MovingKnights, Action::MoveKnight { from, to })
                if self.config.rules.barbarians.is_some() =>
            {
                self.apply_move_knight(seat, from, to, sink)
            }
            (Phase::Main, Action::BuyWithGold(r)) => self.apply_buy_with_gold(seat, r, sink),
            (Phase::MovingRobber, Action::RobPlayer(victim)) => self.apply_rob_player(seat, victim),
            (Phase::Event, Action::RobPlayer(victim)) => self.apply_event_rob(seat, victim),
            (Phase::Event, Action::DamageRoad(edge)) => self.apply_damage_road(seat, edge, sink),
            (Phase::Event, Action::GiveCard { to, resource }) => {
                self.apply_give_card(seat, to, resource, sink)
            }
            (Phase::Main, Action::RepairRoad(edge)) if self.event_cards() => {
                self.apply_repair_road(seat, edge, sink)
            }
            (
                Phase::NeutralBuilding { settlement },
                a @ (Action::NeutralRoad { .. } | Action::NeutralSettlement { .. }),
            ) => self.apply_neutral_build(a, settlement, sink),
            (Phase::ForeignKnight, Action::PlaceForeignKnight(edge)) => {
                self.apply_foreign_knight(edge, sink)
            }
            (Phase::BeforeRoll | Phase::Main, Action::DriveAwayBarbarian(hex)) => {
                self.apply_drive_away(seat, hex, sink)
            }
            (Phase::BeforeRoll | Phase::Main, Action::ForceTrade) => self.apply_force_trade(seat),
            (Phase::GivingBack { victim }, Action::GiveBack(cards)) => {
                self.apply_give_back(seat, victim, cards, sink)
            }
            (Phase::Main, Action::BuildRoad(e)) => self.apply_build_road(seat, e, sink),
            (Phase::BuildingRoads { left }, Action::BuildRoad(e)) => {
                self.apply_free_road(seat, e, left, sink)
            }
            (Phase::Main, Action::BuildSettlement(c)) => self.apply_build_settlement(seat, c, sink),
            (Phase::Main, Action::BuildCity(c)) => self.apply_build_city(seat, c, sink),
            (Phase::SetupRoad { settlement }, Action::BuildShip(e)) => {
                self.apply_setup_ship(seat, settlement, e, sink)
            }
            (Phase::Main, Action::BuildShip(e)) => self.apply_build_ship(seat, e, sink),
            (Phase::BuildingRoads { left }, Action::BuildShip(e)) => {
                self.apply_free_ship(seat, e, left, sink)
            }
            (Phase::Main, Action::MoveShip { from, to }) => {
                self.apply_move_ship(seat, from, to, sink)
            }
            (Phase::MovingRobber, Action::MovePirate { hex, victim }) => {
                self.apply_move_pirate(seat, hex, victim, false, sink)
            }
            (Phase::MovingRobber, Action::MovePirateForCloth { hex, victim }) => {
                self.apply_move_pirate(seat, hex, Some(victim), true, sink)
            }
            (Phase::PickingGold, Action::PickResources(cards)) => {
                self.apply_gold_pick(seat, cards, sink)
            }
            (Phase::Main, Action::BuyDevelopmentCard) => self.apply_buy_card(seat),
            (Phase::Main, Action::ClaimWonder(w)) => self.apply_claim_wonder(seat, w, sink),
            (Phase::Main, Action::BuildWonderStage) => self.apply_build_wonder_stage(seat, sink),
            (Phase::PlacingGiftHarbor, Action::PlaceGiftHarbor { edge, kind }) => {
                self.apply_place_gift_harbor(seat, edge, kind, sink)
            }
            (Phase::PlacingHarbor, Action::PlaceHarbor(edge)) => {
                self.apply_place_harbor(seat, edge, sink)
            }
            (phase, Action::PlaceHarbor(_)) => Err(RuleError::refused(format!(
                "you hold no harbor token to place{}: {}",
                if phase == Phase::DrawingHarbor || self.state.harbor_tokens.left() > 0 {
                    ""
                } else {
                    " (every harbor is on the board)"
                },
                self.describe_phase()
            ))),
            // The modules' hook (modules/hooks.rs) plays a Knight where a module has a play.
            (Phase::Main | Phase::BeforeRoll, Action::PlayKnight) => {
                match self.module_knight_play(seat, sink) {
                    Some(played) => played,
                    None => self.apply_knight(seat, sink),
                }
            }
            (Phase::Main, Action::AttackFortress) => self.apply_attack_fortress(seat),
            (Phase::FleetReward { .. }, Action::PickResources(pick)) => {
                self.apply_fleet_reward(seat, pick, sink)
            }
            (Phase::Main | Phase::BeforeRoll, Action::PlayRoadBuilding) => {
                self.apply_road_building(seat, sink)
            }
            (Phase::Main | Phase::BeforeRoll, Action::PlayYearOfPlenty(cards)) => {
                self.apply_year_of_plenty(seat, cards, sink)
            }
            (Phase::Main | Phase::BeforeRoll, Action::PlayMonopoly(r)) => {
                self.apply_monopoly(seat, r, sink)
            }
            (Phase::Main, Action::TradeWithBank { give, get }) => {
                self.apply_bank_trade(seat, give, get, sink)
            }
            (Phase::Main, Action::OfferTrade(offer)) => self.apply_offer(seat, offer, sink),
            (Phase::TradeOffered, Action::AcceptTrade) => self.apply_answer(seat, true, sink),
            (Phase::TradeOffered, Action::RejectTrade) => self.apply_answer(seat, false, sink),
            (Phase::TradeOffered, Action::ConfirmTrade(with)) => {
                self.apply_confirm(seat, with, sink)
            }
            (Phase::TradeOffered, Action::CancelTrade) => self.apply_cancel(seat, sink),
            (_, a) => Err(RuleError::NotNow {
                action: self.describe_action_kind(&a).into(),
                now: self.describe_phase(),
            }),
        }
    }

    /// The phase to go back to after the robber, a Road Building card or a card draw.
    pub(crate) fn resume_phase(&self) -> Phase {
        if !self.state.rolled {
            Phase::BeforeRoll
        } else if self.second_roll_due() {
            // Two-player Barbarian Attack rolls twice (BA2-3).
            Phase::Rolling
        } else {
            Phase::Main
        }
    }

    /// What the game is waiting for, in a player's words.
    pub fn describe_phase(&self) -> String {
        let s = &self.state;
        let a = s.active;
        match s.phase {
            Phase::DrawingHarbor => format!("the next harbor token is being turned over for {a}"),
            Phase::PlacingHarbor => match s.harbor_tokens.in_hand {
                Some(kind) => format!("{a} places the {kind} harbor token on a coast edge"),
                None => format!("{a} places a harbor token on a coast edge"),
            },
            Phase::SetupSettlement => format!("{a} places a starting settlement"),
            Phase::SetupRoad { .. } => format!("{a} places a starting road"),
            Phase::BeforeRoll => format!("{a} rolls the dice (or plays a development card first)"),
            Phase::Rolling if self.event_cards() => "an event card is being revealed".into(),
            Phase::Rolling => "the dice are being rolled".into(),
            Phase::Event => {
                let event = self
                    .last_event_card()
                    .map_or("the event", |c| c.event.title());
                let seats: Vec<String> = s.events.owed.iter().map(|x| x.to_string()).collect();
                format!("{} choose for {event}", seats.join(", "))
            }
            Phase::EventStealing { taker, victim } => {
                format!("{taker} is taking a card from {victim}")
            }
            Phase::Discarding => {
                let seats: Vec<String> = s
                    .seat_ids()
                    .filter(|&x| s.player(x).discard_owed > 0)
                    .map(|x| format!("{x} discards {}", s.player(x).discard_owed))
                    .collect();
                seats.join(", ")
            }
            Phase::MovingRobber => format!("{a} moves the robber"),
            Phase::Stealing { victim } => format!("{a} is taking a card from {victim}"),
            Phase::Main => format!("{a} trades and builds, then ends the turn"),
            Phase::BuildingRoads { left } => format!("{a} places {left} free road(s)"),
            Phase::Drawing => format!("{a} is drawing a development card"),
            Phase::PickingGold => match self.gold_picker() {
                Some(seat) => format!(
                    "{seat} chooses {} card(s) for gold",
                    s.player(seat).gold_owed.min(s.bank.total() as u8)
                ),
                None => "gold picks are done".into(),
            },
            Phase::Revealing { seat, .. } => format!("the fog {seat} reached is being revealed"),
            Phase::DrawingGift => format!("the gift card {a} claimed is being turned over"),
            Phase::PlacingGiftHarbor => format!("{a} places a gift harbor"),
            Phase::FleetPlunder { seat } => format!("the pirate fleet takes cards from {seat}"),
            Phase::FleetReward { seat } => {
                format!("{seat} beat the pirate fleet and takes a resource from the bank")
            }
            Phase::FortressBattle => format!("the die is rolled for the fortress {a} attacks"),
            Phase::Landing => "barbarians are landing".into(),
            Phase::PlacingKnight { castle_only: true } => {
                format!("{a} places a knight on a path of the castle")
            }
            Phase::PlacingKnight { castle_only: false } => format!("{a} places the Black Knight"),
            Phase::Treason => format!("{a} moves barbarians (Treason)"),
            Phase::Intrigue => format!("{a} takes a barbarian prisoner (Intrigue)"),
            Phase::MovingKnights => format!("{a} moves knights, then ends the turn"),
            Phase::Battle => "the knights fight the barbarians".into(),
            Phase::NeutralBuilding { settlement: true } => {
                format!("{a} places a free settlement for a neutral player")
            }
            Phase::NeutralBuilding { settlement: false } => {
                format!("{a} places a free road for a neutral player")
            }
            Phase::ForeignKnight => format!("{a} may put a foreign knight in the castle"),
            Phase::ForcedTrade { victim } => format!("{a} takes cards from {victim}"),
            Phase::GivingBack { victim } => format!("{a} gives cards back to {victim}"),
            Phase::TradeOffered => {
                let pending = SeatSet(s.offer.offer.map_or(0, |o| o.to.0) & !s.offer.answered.0);
                if pending.is_empty() {
                    format!("{a} confirms or cancels the trade")
                } else {
                    let seats: Vec<String> = pending.iter().map(|x| x.to_string()).collect();
                    let verb = if seats.len() == 1 {
                        "answers"
                    } else {
                        "answer"
                    };
                    format!("{} {verb} the trade offer of {a}", seats.join(", "))
                }
            }
            Phase::Over => "the game is over".into(),
        }
    }

    fn describe_action_kind(&self, action: &Action) -> &'static str {
        match action {
            Action::BuildSettlement(_) => "build a settlement",
            Action::BuildRoad(_) => "build a road",
            Action::BuildCity(_) => "build a city",
            Action::BuildShip(_) => "build a ship",
            Action::MoveShip { .. } => "move a ship",
            Action::MovePirate { .. } | Action::MovePirateForCloth { .. } => "move the pirate",
            Action::PickResources(_) => "pick cards for gold",
            Action::RevealFog { .. } => "reveal fog",
            Action::PlaceKnight(_) => "place a knight",
            Action::MoveKnight { .. } => "move a knight",
            Action::TreasonMove { .. } => "move a barbarian",
            Action::TakePrisoner(_) => "take a prisoner",
            Action::BuyWithGold(_) => "buy with gold",
            Action::RobPlayer(_) => "rob a player",
            Action::NeutralRoad { .. } => "build a neutral road",
            Action::NeutralSettlement { .. } => "build a neutral settlement",
            Action::PlaceForeignKnight(_) => "place a foreign knight",
            Action::DriveAwayBarbarian(_) => "drive away a barbarian",
            Action::ForceTrade => "force a trade",
            Action::GiveBack(_) => "give cards back",
            Action::TakeCards(_) => "take cards",
            Action::DamageRoad(_) => "damage a road",
            Action::RepairRoad(_) => "repair a road",
            Action::GiveCard { .. } => "give a card",
            Action::RevealEvent(_) => "reveal an event card",
            Action::LandBarbarian(_) => "land barbarians",
            Action::DrawBarbarianCard(_) => "draw a card",
            Action::RollOff(_) => "roll off",
            Action::Casualties(_) => "roll for casualties",
            Action::BuyDevelopmentCard => "buy a development card",
            Action::RollDice => "roll the dice",
            Action::EndTurn => "end the turn",
            Action::Discard(_) => "discard",
            Action::MoveRobber { .. } => "move the robber",
            Action::PlayKnight => "play a Knight",
            Action::PlayRoadBuilding => "play Road Building",
            Action::PlayYearOfPlenty(_) => "play Year of Plenty",
            Action::PlayMonopoly(_) => "play Monopoly",
            Action::TradeWithBank { .. } => "trade with the bank",
            Action::OfferTrade(_) => "offer a trade",
            Action::AcceptTrade => "accept a trade",
            Action::RejectTrade => "reject a trade",
            Action::ConfirmTrade(_) => "confirm a trade",
            Action::CancelTrade => "cancel a trade",
            Action::Dice(..) => "set the dice",
            Action::DrawDevelopmentCard(_) => "draw a development card",
            Action::StealResource(_) => "pick a stolen card",
            Action::ClaimWonder(_) => "claim a wonder",
            Action::BuildWonderStage => "build a wonder stage",
            Action::PlaceGiftHarbor { .. } => "place a gift harbor",
            Action::PlaceHarbor(_) => "place a harbor",
            Action::TurnOverHarbor(_) => "turn over a harbor token",
            Action::RevealGiftCard(_) => "turn over a gift card",
            Action::AttackFortress => "attack your fortress",
            Action::FleetPlunder(_) => "take cards for the pirate fleet",
            Action::FortressDie(_) => "roll the fortress die",
        }
    }

    fn describe_chance_action(&self, action: &Action) -> String {
        match action {
            Action::Dice(..) => "roll the dice".into(),
            Action::DrawDevelopmentCard(_) => "draw development cards".into(),
            Action::RevealFog { .. } => "reveal fog".into(),
            Action::LandBarbarian(_) => "land barbarians".into(),
            Action::DrawBarbarianCard(_) => "draw development cards".into(),
            Action::RollOff(_) | Action::Casualties(_) => "roll the battle dice".into(),
            Action::TakeCards(_) => "take cards for a forced trade".into(),
            Action::RevealEvent(_) => "reveal event cards".into(),
            Action::RevealGiftCard(_) => "turn over gift cards".into(),
            Action::FleetPlunder(_) => "take cards for the pirate fleet".into(),
            Action::FortressDie(_) => "roll the fortress die".into(),
            Action::TurnOverHarbor(_) => "turn over harbor tokens".into(),
            _ => "pick the stolen card".into(),
        }
    }
}
