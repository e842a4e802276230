//! Barbarian Attack for two (barbarian-attack.md BA2-1 to BA2-13, decisions D-BA2-1 to
//! D-BA2-5): two neutral players who own pieces, trade tokens, two production rolls, a
//! double landing for a double settlement, and foreign knights that never fall.

use crate::action::{Action, CardRange, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, Resources, Terrain};
use crate::state::{Barbarians, Knight, Phase, Seat, SeatSet};
use crate::topology::{CornerId, EdgeId, HexId};

/// Trade tokens in the game and each player's at the start (BA2-2).
pub const TOKENS: u8 = 20;
pub const TOKENS_AT_START: u8 = 5;
/// What a lost knight pays in the two-player game (BA2-11).
pub const KNIGHT_GOLD_FOR_TWO: u16 = 2;
/// Foreign knights roll this in every roll-off (BA2-10).
pub const FOREIGN_ROLL: u8 = 3;

/// The trade tokens at the start: five for each player, the rest in the supply (BA2-2).
pub(crate) fn deal_trade_tokens(b: &mut Barbarians) {
    b.tokens = [TOKENS_AT_START, TOKENS_AT_START, 0, 0];
    b.token_supply = TOKENS - 2 * TOKENS_AT_START;
}

impl Game {
    /// BA2-3: the second production roll's total differs from the first's (rolled again
    /// until it does). Only the two-player game keeps a first total; elsewhere it is 0,
    /// which no roll makes, as chance's outcomes (`rules/chance.rs`) read it too.
    pub(crate) fn check_second_roll(&self, total: u8) -> Result<(), RuleError> {
        if total == self.state.barbarians.first_total {
            return Err(RuleError::refused(format!(
                "the second roll must differ from the first, {total}"
            )));
        }
        Ok(())
    }

    /// BA2-3: a turn's production rolls counted, the first's total kept.
    pub(crate) fn count_two_player_roll(&mut self, total: u8) {
        let b = &mut self.state.barbarians;
        b.rolls += 1;
        if b.rolls == 1 {
            b.first_total = total;
        }
    }

    /// Whether this is the two-player game.
    #[inline]
    pub(crate) fn two_player(&self) -> bool {
        !self.state.neutral.is_empty()
    }

    /// The neutral seat that owns foreign knights (BA2-8): all of them form one faction.
    pub(crate) fn foreign_seat(&self) -> Option<Seat> {
        self.state.neutral.iter().next()
    }

    /// The other real player.
    pub(crate) fn opponent_of(&self, seat: Seat) -> Seat {
        Seat(1 - seat.0)
    }

    /// Before setup: a settlement for each neutral player on its marked corner, and five
    /// trade tokens each (BA2-1, BA2-2, D-BA2-1).
    pub(crate) fn set_up_neutrals(&mut self, corners: &[CornerId]) {
        let neutral: Vec<Seat> = self.state.neutral.iter().collect();
        for (&seat, &corner) in neutral.iter().zip(corners) {
            self.place_settlement(seat, corner, &mut ());
        }
        deal_trade_tokens(&mut self.state.barbarians);
    }

    /// After a real player built a road or a settlement: the neutral's free piece, if one
    /// can go anywhere (BA2-4).
    pub(crate) fn neutral_builds(&mut self, settlement: bool) {
        self.state.phase = Phase::NeutralBuilding { settlement };
        if !self.find_neutral_build(settlement, |_| true) {
            self.state.phase = Phase::Main;
            self.run_landings();
        }
    }

    pub(crate) fn legal_neutral_builds(&self, settlement: bool, out: &mut LegalActions) {
        self.find_neutral_build(settlement, |action| {
            out.actions.push(action);
            false
        });
    }

    /// Calls `visit` with each of the neutral players' free pieces that may go down now, in
    /// the order they are listed, until it returns true; returns whether it did. Nothing is
    /// allocated: this is asked after every road and settlement of the two-player game.
    /// Out of line, as the listing of other games does not come here.
    #[inline(never)]
    fn find_neutral_build(&self, settlement: bool, mut visit: impl FnMut(Action) -> bool) -> bool {
        let neutral = self.state.neutral;
        if settlement {
            let mut fits = false;
            for n in neutral.iter() {
                if self.state.player(n).settlements_left() > 0 {
                    for c in self.settlement_sites(n).iter() {
                        fits = true;
                        let corner = CornerId(c as u16);
                        if visit(Action::NeutralSettlement { seat: n, corner }) {
                            return true;
                        }
                    }
                }
            }
            // No settlement fits anywhere: a road instead (BA2-4).
            if fits {
                return false;
            }
        }
        for n in neutral.iter() {
            if self.state.player(n).roads_left() > 0 {
                for e in self.road_sites(n).iter() {
                    let edge = EdgeId(e as u16);
                    if visit(Action::NeutralRoad { seat: n, edge }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(crate) fn apply_neutral_build(
        &mut self,
        action: Action,
        settlement: bool,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if !self.find_neutral_build(settlement, |a| a == action) {
            return Err(RuleError::refused(
                "a neutral player's free piece goes where its own network allows it: a road from its road or settlement, a settlement touching its road and keeping the distance rule (a settlement when one fits, a road otherwise)",
            ));
        }
        self.state.phase = Phase::Main;
        match action {
            Action::NeutralRoad { seat, edge } => self.place_road(seat, edge, sink),
            Action::NeutralSettlement { seat, corner } => {
                self.place_settlement(seat, corner, sink);
                // A neutral settlement lands barbarians too (BA2-5).
                self.state.barbarians.landings_queued += 1;
            }
            _ => unreachable!("only neutral builds are legal here"),
        }
        self.run_landings();
        Ok(())
    }

    /// A real player's settlement in play earns tokens: 2 beside the desert, 1 on the coast
    /// (BA2-6, D-BA2-2), as far as the supply holds them.
    pub(crate) fn earn_tokens(&mut self, seat: Seat, corner: CornerId) {
        let t = self.topology();
        let hexes: Vec<HexId> = t.corner_hexes(corner).collect();
        let desert = hexes.iter().any(|&h| t.terrain(h) == Terrain::Desert);
        let coast = hexes.len() < 3;
        let earned = 2 * u8::from(desert) + u8::from(coast);
        let b = &mut self.state.barbarians;
        let earned = earned.min(b.token_supply);
        b.token_supply -= earned;
        b.tokens[seat.index()] += earned;
    }

    /// BA2-7: a token action costs 1, or 2 while ahead on points (D-BA2-4).
    fn token_cost(&self, seat: Seat) -> u8 {
        let mine = self.victory_points(seat);
        let theirs = self.victory_points(self.opponent_of(seat));
        if mine <= theirs { 1 } else { 2 }
    }

    pub(crate) fn legal_token_actions(&self, seat: Seat, out: &mut LegalActions) {
        let b = &self.state.barbarians;
        // The cost, 1 or 2, counts everyone's points: no need without a token, nor with two.
        let tokens = b.tokens[seat.index()];
        if b.token_used || tokens == 0 || (tokens < 2 && tokens < self.token_cost(seat)) {
            return;
        }
        let rules = self.barbarian_rules().expect("two-player Barbarian Attack");
        for (i, &h) in rules.coastal.iter().enumerate() {
            if b.on[i] > 0 {
                out.actions.push(Action::DriveAwayBarbarian(h));
            }
        }
        if !self.state.player(self.opponent_of(seat)).hand.is_empty() {
            out.actions.push(Action::ForceTrade);
        }
    }

    fn spend_token(&mut self, seat: Seat) -> Result<(), RuleError> {
        if !self.two_player() {
            return Err(RuleError::refused(
                "trade tokens belong to the two-player game",
            ));
        }
        let cost = self.token_cost(seat);
        let b = &mut self.state.barbarians;
        if b.token_used {
            return Err(RuleError::refused(
                "you have already used a trade token this turn",
            ));
        }
        if b.tokens[seat.index()] < cost {
            return Err(RuleError::refused(format!(
                "this costs {cost} trade token(s); you have {}",
                b.tokens[seat.index()]
            )));
        }
        b.tokens[seat.index()] -= cost;
        b.token_supply += cost;
        b.token_used = true;
        Ok(())
    }

    pub(crate) fn apply_drive_away(
        &mut self,
        seat: Seat,
        hex: HexId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // Only two players have tokens (BA2-7); in any other game the action is refused.
        let Some(rules) = self.barbarian_rules().filter(|_| self.two_player()) else {
            return Err(RuleError::refused(
                "trade tokens belong to the two-player game",
            ));
        };
        let Some(i) = rules
            .coastal_index(hex)
            .filter(|&i| self.state.barbarians.on[i] > 0)
        else {
            return Err(RuleError::refused(
                "drive away a barbarian from a coastal hex that holds one",
            ));
        };
        self.spend_token(seat)?;
        let b = &mut self.state.barbarians;
        b.on[i] -= 1;
        b.supply += 1;
        if sink.wanted() {
            sink.push(Event::BarbarianDrivenAway {
                seat,
                hex: self.topology().hex(hex),
            });
        }
        Ok(())
    }

    pub(crate) fn apply_force_trade(&mut self, seat: Seat) -> Result<(), RuleError> {
        // Only two players have tokens and one opponent to force (BA2-7).
        if !self.two_player() {
            return Err(RuleError::refused(
                "trade tokens belong to the two-player game",
            ));
        }
        let victim = self.opponent_of(seat);
        if self.state.player(victim).hand.is_empty() {
            return Err(RuleError::refused(format!(
                "{victim} holds no card to trade"
            )));
        }
        self.spend_token(seat)?;
        self.state.resume = self.state.phase;
        self.state.phase = Phase::ForcedTrade { victim };
        Ok(())
    }

    /// The cards chance may take: two at random from the victim's hand, or all if fewer,
    /// each pair as likely as drawing it.
    pub(crate) fn forced_trade_outcomes(&self, victim: Seat) -> Vec<(Action, u32)> {
        let hand = self.state.player(victim).hand;
        let mut out = Vec::new();
        if hand.total() <= 2 {
            out.push((Action::TakeCards(hand), 1));
            return out;
        }
        for (i, a) in Resource::ALL.into_iter().enumerate() {
            for b in &Resource::ALL[i..] {
                let (na, nb) = (u32::from(hand.get(a)), u32::from(hand.get(*b)));
                let weight = if a == *b {
                    na * na.saturating_sub(1)
                } else {
                    2 * na * nb
                };
                if weight > 0 {
                    let mut take = Resources::one(a);
                    *take.get_mut(*b) += 1;
                    out.push((Action::TakeCards(take), weight));
                }
            }
        }
        out
    }

    pub(crate) fn apply_take_cards(
        &mut self,
        victim: Seat,
        take: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if !self
            .forced_trade_outcomes(victim)
            .iter()
            .any(|(a, _)| *a == Action::TakeCards(take))
        {
            return Err(RuleError::refused(format!(
                "a forced trade takes two cards the victim holds (all if fewer), not {take}"
            )));
        }
        let seat = self.state.active;
        self.state.player_mut(victim).hand.subtract(&take);
        self.state.player_mut(seat).hand.add(&take);
        self.tracking.hidden_move(victim, seat, take);
        self.state.barbarians.give_back = take.total() as u8;
        if sink.wanted() {
            sink.push(Event::CardsTaken {
                seat,
                victim,
                count: take.total() as u8,
            });
        }
        self.state.phase = Phase::GivingBack { victim };
        Ok(())
    }

    pub(crate) fn legal_give_back(&self, seat: Seat, out: &mut LegalActions) {
        let count = self.state.barbarians.give_back;
        out.give_back = Some(CardRange {
            count,
            from: self.state.player(seat).hand,
        });
    }

    pub(crate) fn apply_give_back(
        &mut self,
        seat: Seat,
        victim: Seat,
        cards: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let count = self.state.barbarians.give_back;
        if cards.total() != u32::from(count) || !self.state.player(seat).hand.covers(&cards) {
            return Err(RuleError::refused(format!(
                "give back exactly {count} card(s) from your hand"
            )));
        }
        self.state.player_mut(seat).hand.subtract(&cards);
        self.state.player_mut(victim).hand.add(&cards);
        self.tracking.hidden_move(seat, victim, cards);
        self.state.barbarians.give_back = 0;
        if sink.wanted() {
            sink.push(Event::CardsGivenBack {
                seat,
                victim,
                count,
            });
        }
        self.resume(sink);
        Ok(())
    }

    /// After a real player's first knight: a foreign knight may join, in the castle (BA2-8).
    pub(crate) fn offer_foreign_knight(&mut self, seat: Seat) {
        let b = &mut self.state.barbarians;
        if b.first_knight.contains(seat) {
            return;
        }
        b.first_knight.insert(seat);
        let Some(foreign) = self.foreign_seat() else {
            return;
        };
        if self.knights_left(foreign) > 0 && !self.knight_sites(true).is_empty() {
            self.state.phase = Phase::ForeignKnight;
        }
    }

    pub(crate) fn legal_foreign_knight(&self, out: &mut LegalActions) {
        out.actions.push(Action::PlaceForeignKnight(None));
        for e in self.knight_sites(true).iter() {
            out.actions
                .push(Action::PlaceForeignKnight(Some(EdgeId(e as u16))));
        }
    }

    pub(crate) fn apply_foreign_knight(
        &mut self,
        edge: Option<EdgeId>,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let foreign = self.foreign_seat().expect("two-player Barbarian Attack");
        if let Some(edge) = edge {
            if edge.index() >= self.topology().edge_count()
                || !self.knight_sites(true).contains(edge.index())
            {
                return Err(RuleError::refused(
                    "a foreign knight starts on an empty path of the castle",
                ));
            }
            let b = &mut self.state.barbarians;
            b.knights[b.knight_count as usize] = Knight {
                edge,
                seat: foreign,
            };
            b.knight_count += 1;
            if sink.wanted() {
                sink.push(Event::KnightPlaced {
                    seat: foreign,
                    edge: self.topology().edge(edge),
                });
            }
        }
        self.state.phase = Phase::Main;
        Ok(())
    }

    /// The seats whose knights the active seat moves now: its own, then (two players) the
    /// foreign ones (BA2-9).
    pub(crate) fn movers(&self, seat: Seat) -> SeatSet {
        let mut movers = SeatSet::EMPTY;
        if !self.state.barbarians.foreign_moving {
            movers.insert(seat);
        }
        if self.state.neutral.is_empty() {
            return movers;
        }
        // Own knights go first: none that can leave may be left in the castle once foreign
        // ones move (a knight with no way out stays, knights.rs `knights_in_castle`).
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let own_in_castle = self
            .state
            .barbarians
            .knights_of(seat)
            .any(|(_, e)| rules.castle_paths.contains(e.index()));
        if !(own_in_castle && self.own_knights_can_leave_castle(seat)) {
            for n in self.state.neutral.iter() {
                movers.insert(n);
            }
        }
        movers
    }

    /// Whether a knight of `seat`'s own on the castle can leave it (`movers`): out of line,
    /// as it is asked only while one stands there.
    #[inline(never)]
    fn own_knights_can_leave_castle(&self, seat: Seat) -> bool {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let closed = self.closed_to_knights();
        self.state.barbarians.knights_of(seat).any(|(_, e)| {
            rules.castle_paths.contains(e.index()) && self.can_leave_castle(seat, e, &closed)
        })
    }

    /// Whether a battle's faction is the foreign one.
    pub(crate) fn is_foreign(&self, seat: Seat) -> bool {
        self.state.neutral.contains(seat)
    }

    /// The second production roll of the two-player game is due (BA2-3).
    pub(crate) fn second_roll_due(&self) -> bool {
        self.two_player() && self.state.barbarians.rolls == 1
    }
}
