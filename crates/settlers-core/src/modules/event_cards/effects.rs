//! What each event does before its number (barbarian-attack.md BAE-4). Events that give a
//! resource of choice use the gold-pick order of S-18; events that ask seats to choose
//! wait in `Phase::Event` until every owing seat has chosen.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, cost};
use crate::state::{EventKind, Phase, Seat, SeatSet};
use crate::topology::{CornerId, EdgeId};

impl Game {
    /// The seats that take turns.
    fn players(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.state.playing()).map(Seat)
    }

    /// The seats tied for the most of `count` among the players, when the most is at least 1.
    fn tied_for_most(&self, count: impl Fn(Seat) -> u32) -> SeatSet {
        let most = self.players().map(&count).max().unwrap_or(0);
        let mut out = SeatSet::EMPTY;
        if most > 0 {
            for seat in self.players().filter(|&s| count(s) == most) {
                out.insert(seat);
            }
        }
        out
    }

    /// Knights of a seat on the board (Conflict, Tournament: BAE-4, D-BAE-3).
    fn knights_on_board(&self, seat: Seat) -> u32 {
        self.state.barbarians.knights_of(seat).count() as u32
    }

    /// Standing buildings of a seat on harbor corners, a city counting once (Calm Sea).
    fn harbor_buildings(&self, seat: Seat) -> u32 {
        self.standing_buildings(seat)
            .iter()
            .filter(|&c| self.topology().corner_harbor(CornerId(c as u16)) != 0)
            .count() as u32
    }

    /// Players other than `seat` holding a card, whom it may take one from.
    fn card_holders_but(&self, seat: Seat) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        for other in self.players() {
            if other != seat && !self.state.player(other).hand.is_empty() {
                out.insert(other);
            }
        }
        out
    }

    /// The seats `seat` may give a card to for Neighborly Assistance: players with fewer
    /// points.
    fn poorer_than(&self, seat: Seat) -> SeatSet {
        let mine = self.public_victory_points(seat);
        let mut out = SeatSet::EMPTY;
        for other in self.players() {
            if self.public_victory_points(other) < mine {
                out.insert(other);
            }
        }
        out
    }

    /// The event of the card just revealed: its effect, or the choices it asks for first.
    pub(crate) fn start_event(&mut self, event: EventKind, sink: &mut impl EventSink) {
        let mut owed = SeatSet::EMPTY;
        let mut picks = SeatSet::EMPTY;
        match event {
            // Robber Attacks is the 7 of BA-29; Robber Flees does nothing in Barbarian
            // Attack; Epidemic acts on the production (BAE-4).
            EventKind::Calm
            | EventKind::RobberAttacks
            | EventKind::RobberFlees
            | EventKind::Epidemic => {}
            EventKind::PlentifulYear => picks = self.players().collect(),
            EventKind::Tournament if self.config.rules.tournament => {
                picks = self.tied_for_most(|s| self.knights_on_board(s));
            }
            EventKind::Tournament => {}
            EventKind::CalmSea => picks = self.tied_for_most(|s| self.harbor_buildings(s)),
            EventKind::Conflict => {
                let most = self.tied_for_most(|s| self.knights_on_board(s));
                if most.len() == 1 {
                    owed = most;
                }
            }
            EventKind::TradeAdvantage => {
                if let Some(holder) = self
                    .state
                    .longest_road
                    .filter(|s| s.0 < self.state.playing())
                {
                    owed = SeatSet::one(holder);
                }
            }
            EventKind::Earthquake => {
                for seat in self.players() {
                    let roads = self.state.player(seat).roads;
                    if !roads.difference(&self.state.events.damaged).is_empty() {
                        owed.insert(seat);
                    }
                }
            }
            EventKind::GoodNeighbors => {
                for seat in self.players() {
                    if !self.state.player(seat).hand.is_empty() {
                        owed.insert(seat);
                    }
                }
            }
            EventKind::NeighborlyAssistance => {
                let richest = self.tied_for_most(|s| u32::from(self.public_victory_points(s)));
                for seat in richest.iter() {
                    if !self.state.player(seat).hand.is_empty()
                        && !self.poorer_than(seat).is_empty()
                    {
                        owed.insert(seat);
                    }
                }
            }
        }
        // Taking a card needs someone who holds one.
        if matches!(event, EventKind::Conflict | EventKind::TradeAdvantage)
            && owed.iter().all(|s| self.card_holders_but(s).is_empty())
        {
            owed = SeatSet::EMPTY;
        }
        self.state.events.owed = owed;
        if !picks.is_empty() {
            for seat in picks.iter() {
                self.state.player_mut(seat).gold_owed += 1;
            }
            self.state.resume = Phase::Event;
            self.start_gold_picks(sink);
        } else {
            self.continue_event(sink);
        }
    }

    /// Waits for the seats still owing a choice, or goes on to the number.
    pub(crate) fn continue_event(&mut self, sink: &mut impl EventSink) {
        if self.state.events.owed.is_empty() {
            self.resolve_event_number(sink);
        } else {
            self.state.phase = Phase::Event;
        }
    }

    fn current_event(&self) -> Option<EventKind> {
        self.last_event_card().map(|c| c.event)
    }

    /// Whether the production now is an Epidemic's: cities produce one card (BAE-4).
    pub(crate) fn epidemic(&self) -> bool {
        self.event_cards() && self.current_event() == Some(EventKind::Epidemic)
    }

    pub(crate) fn legal_event_choices(&self, seat: Seat, out: &mut LegalActions) {
        if !self.state.events.owed.contains(seat) {
            return;
        }
        let hand = self.state.player(seat).hand;
        let gifts = |to: SeatSet, out: &mut LegalActions| {
            for to in to.iter() {
                for resource in Resource::ALL {
                    if hand.get(resource) > 0 {
                        out.actions.push(Action::GiveCard { to, resource });
                    }
                }
            }
        };
        match self.current_event() {
            Some(EventKind::Earthquake) => {
                let roads = self.state.player(seat).roads;
                for e in roads.difference(&self.state.events.damaged).iter() {
                    out.actions.push(Action::DamageRoad(EdgeId(e as u16)));
                }
            }
            Some(EventKind::GoodNeighbors) => {
                gifts(SeatSet::one(self.state.next_seat(seat)), out);
            }
            Some(EventKind::NeighborlyAssistance) => gifts(self.poorer_than(seat), out),
            Some(EventKind::Conflict | EventKind::TradeAdvantage) => {
                for victim in self.card_holders_but(seat).iter() {
                    out.actions.push(Action::RobPlayer(Some(victim)));
                }
            }
            _ => {}
        }
    }

    fn owes_event_choice(&self, seat: Seat, event: EventKind) -> Result<(), RuleError> {
        if self.state.events.owed.contains(seat) && self.current_event() == Some(event) {
            Ok(())
        } else {
            Err(RuleError::refused(format!(
                "you have no choice to make for {}",
                self.current_event().map_or("the event", |e| e.title())
            )))
        }
    }

    fn event_choice_made(&mut self, seat: Seat, sink: &mut impl EventSink) {
        self.state.events.owed.remove(seat);
        self.continue_event(sink);
    }

    /// Earthquake: one of the seat's roads is turned sideways (BAE-4).
    pub(crate) fn apply_damage_road(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.owes_event_choice(seat, EventKind::Earthquake)?;
        self.check_edge_on_board(edge)?;
        let name = self.topology().edge(edge);
        if !self.state.player(seat).roads.contains(edge.index()) {
            return Err(RuleError::refused(format!("you have no road on {name}")));
        }
        if self.state.events.damaged.contains(edge.index()) {
            return Err(RuleError::refused(format!(
                "your road on {name} is damaged already: turn another"
            )));
        }
        self.state.events.damaged.insert(edge.index());
        if sink.wanted() {
            sink.push(Event::RoadDamaged { seat, edge: name });
        }
        self.event_choice_made(seat, sink);
        Ok(())
    }

    /// Good Neighbors, Neighborly Assistance: a card of the giver's choice (BAE-4).
    pub(crate) fn apply_give_card(
        &mut self,
        seat: Seat,
        to: Seat,
        resource: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let event = match self.current_event() {
            Some(e @ (EventKind::GoodNeighbors | EventKind::NeighborlyAssistance)) => e,
            _ => return Err(RuleError::refused("no event asks you to give a card now")),
        };
        self.owes_event_choice(seat, event)?;
        if event == EventKind::GoodNeighbors && to != self.state.next_seat(seat) {
            return Err(RuleError::refused(format!(
                "Good Neighbors: give your card to the next player, {}",
                self.state.next_seat(seat)
            )));
        }
        if event == EventKind::NeighborlyAssistance && !self.poorer_than(seat).contains(to) {
            return Err(RuleError::refused(format!(
                "Neighborly Assistance: give your card to a player with fewer points than you, not {to}"
            )));
        }
        if self.state.player(seat).hand.get(resource) == 0 {
            return Err(RuleError::refused(format!(
                "you hold no {resource} to give"
            )));
        }
        *self.state.player_mut(seat).hand.get_mut(resource) -= 1;
        *self.state.player_mut(to).hand.get_mut(resource) += 1;
        self.tracking
            .hidden_move(seat, to, crate::resources::Resources::one(resource));
        if sink.wanted() {
            sink.push(Event::CardGiven {
                seat,
                to,
                resource: Some(resource),
            });
        }
        self.event_choice_made(seat, sink);
        Ok(())
    }

    /// Conflict, Trade Advantage: the seat names whom it takes a random card from (BAE-4).
    pub(crate) fn apply_event_rob(
        &mut self,
        seat: Seat,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        let event = match self.current_event() {
            Some(e @ (EventKind::Conflict | EventKind::TradeAdvantage)) => e,
            _ => return Err(RuleError::refused("no event lets you take a card now")),
        };
        self.owes_event_choice(seat, event)?;
        let holders = self.card_holders_but(seat);
        match victim {
            Some(v) if holders.contains(v) => {
                self.state.events.owed.remove(seat);
                self.state.phase = Phase::EventStealing {
                    taker: seat,
                    victim: v,
                };
                Ok(())
            }
            _ => Err(RuleError::refused(format!(
                "{}: take a card from another player who holds one: {}",
                event.title(),
                holders
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// Chance's card for Conflict or Trade Advantage.
    pub(crate) fn apply_event_steal(
        &mut self,
        taker: Seat,
        victim: Seat,
        r: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.state.player(victim).hand.get(r) == 0 {
            return Err(RuleError::refused(format!("{victim} holds no {r} to take")));
        }
        *self.state.player_mut(victim).hand.get_mut(r) -= 1;
        *self.state.player_mut(taker).hand.get_mut(r) += 1;
        self.tracking
            .hidden_move(victim, taker, crate::resources::Resources::one(r));
        if sink.wanted() {
            sink.push(Event::Robbed {
                thief: taker,
                victim,
                resource: Some(r),
            });
        }
        self.continue_event(sink);
        Ok(())
    }

    /// A seat with a damaged road may build no road until it is repaired (BAE-4).
    pub(crate) fn has_damaged_road(&self, seat: Seat) -> bool {
        self.event_cards()
            && self
                .state
                .player(seat)
                .roads
                .intersects(&self.state.events.damaged)
    }

    pub(crate) fn legal_repairs(&self, seat: Seat, out: &mut LegalActions) {
        let p = self.state.player(seat);
        if p.hand.covers(&cost::ROAD_REPAIR) {
            for e in p.roads.intersection(&self.state.events.damaged).iter() {
                out.actions.push(Action::RepairRoad(EdgeId(e as u16)));
            }
        }
    }

    pub(crate) fn apply_repair_road(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_edge_on_board(edge)?;
        let name = self.topology().edge(edge);
        if !self.state.player(seat).roads.contains(edge.index())
            || !self.state.events.damaged.contains(edge.index())
        {
            return Err(RuleError::refused(format!(
                "you have no damaged road on {name}"
            )));
        }
        self.check_cost(seat, "repairing a road", cost::ROAD_REPAIR)?;
        self.pay(seat, &cost::ROAD_REPAIR);
        self.state.events.damaged.remove(edge.index());
        if sink.wanted() {
            sink.push(Event::RoadRepaired { seat, edge: name });
        }
        Ok(())
    }
}
