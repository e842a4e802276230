//! Trade: with the bank and harbors (base.md B-40), and between players (B-39, D-G-4.4).

use crate::action::{Action, LegalActions, OfferRange, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::map::HarborKind;
use crate::resources::{Resource, Resources};
use crate::state::{OpenOffer, Phase, Seat, SeatSet, TradeOffer};

impl Game {
    /// How many cards of `give` the seat pays the bank for one card (B-40).
    pub fn bank_rate(&self, seat: Seat, give: Resource) -> u8 {
        rate_with(self.usable_harbors(seat), give)
    }

    pub(crate) fn legal_trades(&self, seat: Seat, out: &mut LegalActions) {
        let s = &self.state;
        let hand = s.player(seat).hand;
        // Rates are 2, 3 or 4: a hand holding no type twice trades nothing with the bank,
        // harbors matter only for a type held 2 or 3 times, and with Barbarian Attack
        // finding the usable harbors is not free.
        if hand.0.iter().any(|&n| n >= 2) {
            let harbors = if hand.0.iter().any(|&n| n == 2 || n == 3) {
                self.usable_harbors(seat)
            } else {
                0
            };
            // What the bank can give, found once for every type given.
            let mut gets = [Resource::Brick; 5];
            let mut kinds = 0;
            for get in Resource::ALL {
                if s.bank.get(get) > 0 {
                    gets[kinds] = get;
                    kinds += 1;
                }
            }
            for give in Resource::ALL {
                if hand.get(give) < rate_with(harbors, give) {
                    continue;
                }
                for &get in &gets[..kinds] {
                    if get != give {
                        out.actions.push(Action::TradeWithBank { give, get });
                    }
                }
            }
        }
        // With gold coins a player holding no card may still offer gold for cards (BA-28).
        let gold = s.barbarians.gold[seat.index()];
        if !hand.is_empty() || gold > 0 {
            let mut opponents = SeatSet((1u8 << s.playing()) - 1);
            opponents.remove(seat);
            out.offer = Some(OfferRange {
                can_give: hand,
                to: opponents,
                can_give_gold: gold,
                // The modules' hook (modules/hooks.rs).
                gold: self.offers_hold_gold(),
            });
        }
    }

    pub(crate) fn apply_bank_trade(
        &mut self,
        seat: Seat,
        give: Resource,
        get: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if give == get {
            return Err(RuleError::refused(format!(
                "you cannot trade {give} for {get}"
            )));
        }
        let rate = self.bank_rate(seat, give);
        if self.state.player(seat).hand.get(give) < rate {
            return Err(RuleError::refused(format!(
                "trading {give} with the bank takes {rate} {give}"
            )));
        }
        if self.state.bank.get(get) == 0 {
            return Err(RuleError::refused(format!("the bank has no {get} left")));
        }
        let mut gave = Resources::EMPTY;
        *gave.get_mut(give) = rate;
        let got = Resources::one(get);
        self.pay(seat, &gave);
        self.take_from_bank(seat, &got);
        if sink.wanted() {
            sink.push(Event::TradedWithBank { seat, gave, got });
        }
        Ok(())
    }

    pub(crate) fn apply_offer(
        &mut self,
        seat: Seat,
        offer: TradeOffer,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let s = &self.state;
        let gold = self.offers_hold_gold();
        if !gold && (offer.give_gold > 0 || offer.get_gold > 0) {
            return Err(RuleError::refused("this game has no gold coins to trade"));
        }
        // With gold coins, gold counts as a side of the trade but gold for gold does not
        // (BA-28).
        if (offer.give.is_empty() && offer.give_gold == 0)
            || (offer.get.is_empty() && offer.get_gold == 0)
        {
            return Err(RuleError::refused(if gold {
                "both sides of a trade give at least one card or some gold (no gifts)"
            } else {
                "both sides of a trade give at least one card (no gifts)"
            }));
        }
        if offer.give_gold > 0 && offer.get_gold > 0 {
            return Err(RuleError::refused("a trade cannot swap gold for gold"));
        }
        if u16::from(offer.give_gold) > s.barbarians.gold[seat.index()] {
            return Err(RuleError::refused(format!(
                "you cannot offer {} gold: you have {}",
                offer.give_gold,
                s.barbarians.gold[seat.index()]
            )));
        }
        if offer.give.shares_a_type_with(&offer.get) {
            return Err(RuleError::refused(
                "a trade cannot swap cards of the same type",
            ));
        }
        if !s.player(seat).hand.covers(&offer.give) {
            return Err(RuleError::refused(format!(
                "you cannot offer {}: you hold {}",
                offer.give,
                s.player(seat).hand
            )));
        }
        if offer.get.0.iter().any(|&n| n > crate::action::MOST_ASKED) {
            return Err(RuleError::refused("there are only 19 cards of each type"));
        }
        if offer.to.is_empty() {
            return Err(RuleError::refused(
                "offer the trade to at least one opponent",
            ));
        }
        if let Some(bad) = offer.to.iter().find(|&x| x == seat || x.0 >= s.playing()) {
            return Err(RuleError::refused(format!(
                "you can offer a trade only to opponents at the table, not {bad}"
            )));
        }
        self.state.offer = OpenOffer {
            offer: Some(offer),
            answered: SeatSet::EMPTY,
            accepted: SeatSet::EMPTY,
        };
        self.state.offers_this_turn = self.state.offers_this_turn.saturating_add(1);
        self.state.phase = Phase::TradeOffered;
        if sink.wanted() {
            sink.push(Event::offered(seat, &offer));
        }
        Ok(())
    }

    pub(crate) fn legal_answers(&self, seat: Seat, out: &mut LegalActions) {
        let s = &self.state;
        let Some(offer) = s.offer.offer else { return };
        if seat == s.active {
            out.actions.push(Action::CancelTrade);
            out.actions
                .extend(s.offer.accepted.iter().map(Action::ConfirmTrade));
        } else if offer.to.contains(seat) && !s.offer.answered.contains(seat) {
            if s.player(seat).hand.covers(&offer.get)
                && s.barbarians.gold[seat.index()] >= u16::from(offer.get_gold)
            {
                out.actions.push(Action::AcceptTrade);
            }
            out.actions.push(Action::RejectTrade);
        }
    }

    pub(crate) fn apply_answer(
        &mut self,
        seat: Seat,
        accept: bool,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let s = &self.state;
        let Some(offer) = s.offer.offer else {
            return Err(RuleError::refused("there is no trade offer"));
        };
        if seat == s.active {
            return Err(RuleError::refused(
                "you made this offer: confirm it with a player who accepted, or cancel it",
            ));
        }
        if accept && !s.player(seat).hand.covers(&offer.get) {
            return Err(RuleError::refused(format!(
                "you cannot accept: the offer asks for {}, you hold {}",
                offer.get,
                s.player(seat).hand
            )));
        }
        if accept && s.barbarians.gold[seat.index()] < u16::from(offer.get_gold) {
            return Err(RuleError::refused(format!(
                "you cannot accept: the offer asks for {} gold, you have {}",
                offer.get_gold,
                s.barbarians.gold[seat.index()]
            )));
        }
        let s = &mut self.state;
        s.offer.answered.insert(seat);
        if accept {
            s.offer.accepted.insert(seat);
        }
        if sink.wanted() {
            sink.push(if accept {
                Event::TradeAccepted { seat }
            } else {
                Event::TradeRejected { seat }
            });
        }
        // Everyone said no: the offer is over.
        if s.offer.answered == offer.to && s.offer.accepted.is_empty() {
            s.offer = OpenOffer::default();
            s.phase = Phase::Main;
        }
        Ok(())
    }

    pub(crate) fn apply_confirm(
        &mut self,
        seat: Seat,
        with: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let s = &self.state;
        let Some(offer) = s.offer.offer else {
            return Err(RuleError::refused("there is no trade offer"));
        };
        if seat != s.active {
            return Err(RuleError::refused(
                "only the player who made the offer confirms it",
            ));
        }
        if !s.offer.accepted.contains(with) {
            return Err(RuleError::refused(format!(
                "{with} has not accepted the offer"
            )));
        }
        let s = &mut self.state;
        s.player_mut(seat).hand.subtract(&offer.give);
        s.player_mut(seat).hand.add(&offer.get);
        s.player_mut(with).hand.subtract(&offer.get);
        s.player_mut(with).hand.add(&offer.give);
        let gold = &mut s.barbarians.gold;
        gold[seat.index()] =
            gold[seat.index()] - u16::from(offer.give_gold) + u16::from(offer.get_gold);
        gold[with.index()] =
            gold[with.index()] - u16::from(offer.get_gold) + u16::from(offer.give_gold);
        s.offer = OpenOffer::default();
        s.phase = Phase::Main;
        if sink.wanted() {
            sink.push(Event::Traded {
                seat,
                with,
                gave: offer.give,
                got: offer.get,
            });
        }
        Ok(())
    }

    pub(crate) fn apply_cancel(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if seat != self.state.active {
            return Err(RuleError::refused(
                "only the player who made the offer cancels it",
            ));
        }
        self.state.offer = OpenOffer::default();
        self.state.phase = Phase::Main;
        if sink.wanted() {
            sink.push(Event::TradeCancelled { seat });
        }
        Ok(())
    }
}

/// The bank's rate for `give` to a seat with these usable harbors (B-40).
#[inline]
fn rate_with(harbors: u8, give: Resource) -> u8 {
    if harbors & HarborKind::Special(give).bit() != 0 {
        2
    } else if harbors & HarborKind::Generic.bit() != 0 {
        3
    } else {
        4
    }
}
