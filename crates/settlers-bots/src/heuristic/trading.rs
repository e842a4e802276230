//! The heuristic bot's trades with other players (base.md B-39) and its answers to offers.
//!
//! - Offers: when nothing can be built, towards the first goal (dearest first) that lacks one
//!   or two cards: a card it can spare (beyond what that goal and the dearer ones need) for a
//!   card the goal lacks, one for one; if that was turned down this turn, two for one. Only
//!   when the trade brings its goals closer, and only to the opponents who may hold the card
//!   asked for, as far as the card tracking tells (`View::hand_bounds`), and who are not
//!   about to win.
//! - Answers: by what the trade is worth to it: how much closer it brings its goals, and a
//!   little for each card more in hand while the hand stays clear of a discard. Helping the
//!   leader costs more than helping another. It never trades with a seat within
//!   `NEAR_WIN` points of winning.
//! - Counter-offers to its own offers (a person's other terms) are weighed the same way, as
//!   if the one countering had offered them.

use super::Mind;
use settlers_core::{Action, LegalActions, Resources, Seat, TradeOffer};

/// A seat this close to the target by public points gets no trade from the bot.
pub(super) const NEAR_WIN: u32 = 2;
/// Offers the bot makes in one turn: one for one, then two for one.
const OFFERS_PER_TURN: u8 = 2;

impl Mind<'_, '_> {
    /// Whether `seat` is within `NEAR_WIN` points of winning, by the points the table sees.
    pub(super) fn near_win(&self, seat: Seat) -> bool {
        self.vp(seat) + NEAR_WIN >= u32::from(self.view.victory_target())
    }

    /// What a hand is worth to me: the goals it is close to, and a little for each card up
    /// to the 7 a roll of 7 spares.
    fn hand_worth(&self, hand: &Resources) -> f32 {
        -(self.distance(hand) as f32) + 0.5 * hand.total().min(7) as f32
    }

    /// An offer to other players that brings a goal closer, if there is one to make.
    pub(super) fn offer(&self, legal: &LegalActions) -> Option<Action> {
        let range = legal.offer?;
        let round = self.view.offers_this_turn();
        if round >= OFFERS_PER_TURN {
            return None;
        }
        let now = self.distance(&self.hand);
        let mut keep = Resources::EMPTY;
        for goal in self.goals() {
            let price = goal.cost();
            for i in 0..5 {
                keep.0[i] = keep.0[i].max(price.0[i]);
            }
            let lacking: u32 = (0..5)
                .map(|i| u32::from(price.0[i].saturating_sub(self.hand.0[i])))
                .sum();
            if lacking == 0 || lacking > 2 {
                continue;
            }
            let Some(want) = (0..5).max_by_key(|&i| price.0[i].saturating_sub(self.hand.0[i]))
            else {
                continue;
            };
            // Two for one only after one for one was turned down, and only for the last card.
            let count = if round == 0 { 1 } else { 2 };
            if count == 2 && lacking > 1 {
                continue;
            }
            let mut spare = Resources::EMPTY;
            for i in 0..5 {
                spare.0[i] = self.hand.0[i].saturating_sub(keep.0[i]);
            }
            let mut give = Resources::EMPTY;
            for _ in 0..count {
                let Some(i) = (0..5)
                    .filter(|&i| spare.0[i] > 0)
                    .max_by_key(|&i| (spare.0[i], std::cmp::Reverse(self.production[i])))
                else {
                    break;
                };
                spare.0[i] -= 1;
                give.0[i] += 1;
            }
            if give.total() < count {
                continue;
            }
            let mut get = Resources::EMPTY;
            get.0[want] = 1;
            let mut after = self.hand;
            after.subtract(&give);
            after.add(&get);
            if self.distance(&after) >= now {
                continue;
            }
            let to = range
                .to
                .iter()
                .filter(|&s| !self.near_win(s) && self.view.hand_bounds(s).high.0[want] > 0)
                .collect();
            let offer = TradeOffer::cards(give, get, to);
            if range.permits(&offer) {
                return Some(Action::OfferTrade(offer));
            }
        }
        None
    }

    /// Whether a trade with `with` on these terms (what I give and get) is worth it to me: it
    /// brings my goals closer by more than it helps them, more when they lead; never with a
    /// seat about to win, nor for gold.
    fn worth_trading(&self, with: Seat, give: &Resources, get: &Resources, gold: bool) -> bool {
        if with == self.me || self.near_win(with) || gold || !self.hand.covers(give) {
            return false;
        }
        let mut after = self.hand;
        after.subtract(give);
        after.add(get);
        let gain = self.hand_worth(&after) - self.hand_worth(&self.hand);
        let help = if self.leader() == Some(with) {
            1.0
        } else {
            0.5
        };
        gain >= help
    }

    /// Whether I take up a counter-offer `from` an opponent: `counter` as I would offer it.
    pub(super) fn takes_counter(&self, from: Seat, counter: &TradeOffer) -> bool {
        let gold = counter.give_gold > 0 || counter.get_gold > 0;
        self.worth_trading(from, &counter.give, &counter.get, gold)
    }

    /// Answers an offer, or (as the offerer) confirms with the first who accepted.
    pub(super) fn answer(&self, legal: &LegalActions) -> Action {
        if let Some(a) = legal
            .actions
            .iter()
            .find(|a| matches!(a, Action::ConfirmTrade(_)))
        {
            return *a;
        }
        if legal.actions.contains(&Action::CancelTrade) {
            return Action::CancelTrade;
        }
        let (Some(offer), true) = (
            self.view.offer(),
            legal.actions.contains(&Action::AcceptTrade),
        ) else {
            return Action::RejectTrade;
        };
        let gold = offer.give_gold > 0 || offer.get_gold > 0;
        // What the trade does for the offerer, who asked for it, counts against it.
        if self.worth_trading(self.view.active(), &offer.get, &offer.give, gold) {
            Action::AcceptTrade
        } else {
            Action::RejectTrade
        }
    }
}
