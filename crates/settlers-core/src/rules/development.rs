//! Development cards: buying, timing and the five kinds (base.md B-29 to B-35).

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{DevelopmentCard, Resource, Resources, cost};
use crate::state::{Phase, Seat};

impl Game {
    /// Whether a development card can be bought: the base deck runs out (B-29), unless a
    /// module decides (the modules' hook, modules/hooks.rs).
    pub(crate) fn development_cards_left(&self) -> bool {
        self.module_deck_left()
            .unwrap_or_else(|| !self.state.deck.is_empty())
    }

    pub(crate) fn apply_buy_card(&mut self, seat: Seat) -> Result<(), RuleError> {
        if !self.development_cards_left() {
            return Err(RuleError::refused("the development deck is empty"));
        }
        self.check_cost(seat, "a development card", cost::DEVELOPMENT_CARD)?;
        self.pay(seat, &cost::DEVELOPMENT_CARD);
        // The modules' hook (modules/hooks.rs).
        self.before_drawing_a_card();
        self.state.phase = Phase::Drawing;
        Ok(())
    }

    /// Moves `card` from the deck to the active seat's cards new this turn, which it may not
    /// play before its next turn; `None` when the deck holds no such card.
    pub(crate) fn deal_new_card(&mut self, card: DevelopmentCard) -> Option<Seat> {
        if self.state.deck.get(card) == 0 {
            return None;
        }
        *self.state.deck.get_mut(card) -= 1;
        let seat = self.state.active;
        *self.state.player_mut(seat).new_cards.get_mut(card) += 1;
        Some(seat)
    }

    pub(crate) fn apply_draw(
        &mut self,
        card: DevelopmentCard,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let seat = self.deal_new_card(card).ok_or_else(|| {
            RuleError::refused(format!("the deck holds no {} card", card.title()))
        })?;
        if sink.wanted() {
            sink.push(Event::DevelopmentCardBought {
                seat,
                card: Some(card),
            });
        }
        self.state.phase = Phase::Main;
        Ok(())
    }

    /// The card plays open to `seat` now (B-30): one per turn, none bought this turn.
    pub(crate) fn legal_card_plays(&self, seat: Seat, out: &mut LegalActions) {
        if self.state.card_played {
            return;
        }
        let cards = self.state.player(seat).cards;
        // The modules' hook (modules/hooks.rs) lists a Knight's play where a module has one.
        if !self.legal_module_knight_plays(seat, out) && cards.get(DevelopmentCard::Knight) > 0 {
            out.actions.push(Action::PlayKnight);
        }
        if cards.get(DevelopmentCard::RoadBuilding) > 0 {
            out.actions.push(Action::PlayRoadBuilding);
        }
        if cards.get(DevelopmentCard::YearOfPlenty) > 0 {
            let bank = self.state.bank;
            match bank.total() {
                0 => out.actions.push(Action::PlayYearOfPlenty(Resources::EMPTY)),
                1 => out.actions.push(Action::PlayYearOfPlenty(bank)),
                _ => {
                    for (i, a) in Resource::ALL.into_iter().enumerate() {
                        for b in &Resource::ALL[i..] {
                            let mut pick = Resources::one(a);
                            *pick.get_mut(*b) += 1;
                            if bank.covers(&pick) {
                                out.actions.push(Action::PlayYearOfPlenty(pick));
                            }
                        }
                    }
                }
            }
        }
        if cards.get(DevelopmentCard::Monopoly) > 0 {
            out.actions
                .extend(Resource::ALL.into_iter().map(Action::PlayMonopoly));
        }
    }

    pub(crate) fn play_card(&mut self, seat: Seat, card: DevelopmentCard) -> Result<(), RuleError> {
        let p = self.state.player(seat);
        if self.state.card_played {
            return Err(RuleError::refused(
                "you have already played a development card this turn",
            ));
        }
        if p.cards.get(card) == 0 {
            let message = if p.new_cards.get(card) > 0 {
                format!(
                    "you cannot play the {} card on the turn you bought it",
                    card.title()
                )
            } else {
                format!("you hold no {} card", card.title())
            };
            return Err(RuleError::refused(message));
        }
        let s = &mut self.state;
        *s.player_mut(seat).cards.get_mut(card) -= 1;
        s.card_played = true;
        Ok(())
    }

    /// B-31: move the robber and steal as on a 7, without discards.
    pub(crate) fn apply_knight(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.play_card(seat, DevelopmentCard::Knight)?;
        self.state.player_mut(seat).played_knights += 1;
        if sink.wanted() {
            sink.push(Event::KnightPlayed { seat });
        }
        self.award_largest_army(seat, sink);
        self.state.phase = Phase::MovingRobber;
        Ok(())
    }

    /// B-32: up to two free roads, as many as can be placed (D-B-6).
    pub(crate) fn apply_road_building(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.play_card(seat, DevelopmentCard::RoadBuilding)?;
        if sink.wanted() {
            sink.push(Event::RoadBuildingPlayed { seat });
        }
        self.continue_road_building(seat, 2);
        Ok(())
    }

    /// B-33 and D-G-4.5: two cards of the player's choice, or what the bank has if fewer.
    pub(crate) fn apply_year_of_plenty(
        &mut self,
        seat: Seat,
        pick: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let bank = self.state.bank;
        let due = bank.total().min(2);
        if pick.total() != due {
            return Err(RuleError::refused(format!(
                "Year of Plenty takes {due} card(s) from the bank, not {}",
                pick.total()
            )));
        }
        if !bank.covers(&pick) {
            return Err(RuleError::refused(format!(
                "the bank cannot give {pick}: it holds {bank}"
            )));
        }
        self.play_card(seat, DevelopmentCard::YearOfPlenty)?;
        self.take_from_bank(seat, &pick);
        if sink.wanted() {
            sink.push(Event::YearOfPlentyPlayed {
                seat,
                resources: pick,
            });
        }
        Ok(())
    }

    /// B-34: every other player hands over all cards of the named type.
    pub(crate) fn apply_monopoly(
        &mut self,
        seat: Seat,
        r: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.play_card(seat, DevelopmentCard::Monopoly)?;
        let s = &mut self.state;
        let mut taken = 0u8;
        for other in 0..s.seats as usize {
            if other != seat.index() {
                taken += std::mem::take(s.players[other].hand.get_mut(r));
            }
        }
        *s.player_mut(seat).hand.get_mut(r) += taken;
        if sink.wanted() {
            sink.push(Event::MonopolyPlayed {
                seat,
                resource: r,
                taken,
            });
        }
        Ok(())
    }
}
