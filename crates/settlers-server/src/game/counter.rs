//! Counter-offers (docs/protocol.md): a seat asked by the open trade offer proposes other
//! terms instead. The rules know only the active seat's offers (base.md B-39), so a
//! counter-offer is table talk that the game's task keeps for the turn, never an action of
//! its own: making one answers the offer with `reject_trade`; the offerer who takes it up
//! plays, in one step, `cancel_trade` (while its offer is still open), `offer_trade` on the
//! counter's terms to that seat alone, that seat's `accept_trade` and its own
//! `confirm_trade`. Records hold those actions only, so every record reads as before.

use super::{ActError, GameTask};
use crate::protocol::{CounterData, CounterTerms, ErrorKind};
use settlers_core::{Action, Actor, Game, Phase, Seat, SeatSet, TradeOffer};

/// A counter-offer standing in a turn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counter {
    from: Seat,
    /// The offerer, the active seat of the turn.
    to: Seat,
    turn: u16,
    terms: CounterTerms,
    refused: bool,
}

fn refused(message: impl Into<String>) -> ActError {
    ActError {
        kind: ErrorKind::Illegal,
        message: message.into(),
    }
}

impl Counter {
    /// The trade as the offerer offers it: what the counter gives, the offerer gets.
    fn as_offer(&self) -> TradeOffer {
        TradeOffer {
            give: self.terms.get,
            get: self.terms.give,
            to: SeatSet::one(self.from),
            give_gold: self.terms.get_gold,
            get_gold: self.terms.give_gold,
        }
    }

    pub(super) fn data(&self) -> CounterData {
        CounterData {
            from: self.from.0,
            to: self.to.0,
            terms: self.terms,
            refused: self.refused,
        }
    }

    /// The actions that make the trade in `game`, with the seat that plays each.
    fn taken_up(&self, game: &Game) -> Vec<(Seat, Action)> {
        let mut acts = Vec::with_capacity(4);
        if game.state().phase == Phase::TradeOffered {
            acts.push((self.to, Action::CancelTrade));
        }
        acts.push((self.to, Action::OfferTrade(self.as_offer())));
        acts.push((self.from, Action::AcceptTrade));
        acts.push((self.to, Action::ConfirmTrade(self.from)));
        acts
    }

    /// Whether the trade can be made in `game` now; if not, why, in the rules' words.
    fn check(&self, game: &Game) -> Result<(), String> {
        let mut trial = game.clone();
        for (seat, action) in self.taken_up(game) {
            trial
                .apply(Actor::Seat(seat), action)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

impl GameTask {
    /// What the views show of the counter-offers standing.
    pub(super) fn counter_data(&self) -> Vec<CounterData> {
        self.counters.iter().map(Counter::data).collect()
    }

    /// Counter-offers stand until their turn ends.
    pub(super) fn forget_old_counters(&mut self) {
        let s = self.game.state();
        let (turn, active) = (s.turn, s.active);
        self.counters.retain(|c| c.turn == turn && c.to == active);
    }

    /// `seat` counters the open offer with `terms`: its answer to the offer is a refusal,
    /// and the counter-offer stands for the offerer to take up or refuse.
    pub(super) async fn counter(
        &mut self,
        seat: Seat,
        terms: CounterTerms,
    ) -> Result<(), ActError> {
        let s = self.game.state();
        let Some(offer) = s.offer.offer else {
            return Err(refused("there is no trade offer to counter"));
        };
        if seat == s.active {
            return Err(refused(
                "you made this offer: cancel it and make another instead of countering it",
            ));
        }
        if !offer.to.contains(seat) {
            return Err(refused(format!("the offer was not made to {seat}")));
        }
        if s.offer.answered.contains(seat) {
            return Err(refused("you have answered this offer already"));
        }
        if terms.give == offer.get
            && terms.get == offer.give
            && terms.give_gold == offer.get_gold
            && terms.get_gold == offer.give_gold
        {
            return Err(refused(
                "a counter-offer on the offer's own terms: accept the offer instead",
            ));
        }
        let counter = Counter {
            from: seat,
            to: s.active,
            turn: s.turn,
            terms,
            refused: false,
        };
        // The trade must be one the two could make now, once this seat has answered.
        let mut answered = self.game.clone();
        answered
            .apply(Actor::Seat(seat), Action::RejectTrade)
            .map_err(|e| refused(e.to_string()))?;
        counter
            .check(&answered)
            .map_err(|why| refused(format!("this counter-offer could not be taken up: {why}")))?;
        self.counters.retain(|c| c.from != seat);
        self.counters.push(counter);
        let result = self.advance(&[(seat, Action::RejectTrade)]).await;
        if result.is_err() {
            self.counters.retain(|c| c.from != seat);
        }
        result
    }

    /// The offerer `seat` takes up (`accept`) or refuses the counter-offer from `from`.
    pub(super) async fn answer_counter(
        &mut self,
        seat: Seat,
        from: Seat,
        accept: bool,
    ) -> Result<(), ActError> {
        let Some(i) = self
            .counters
            .iter()
            .position(|c| c.from == from && c.to == seat && !c.refused)
        else {
            return Err(refused(format!(
                "there is no counter-offer from {from} to {seat} to answer"
            )));
        };
        if accept {
            self.take_up(i).await
        } else {
            self.counters[i].refused = true;
            self.broadcast(&[]);
            Ok(())
        }
    }

    /// Makes the trade of counter-offer `i`; it is gone after it, whatever came of it.
    async fn take_up(&mut self, i: usize) -> Result<(), ActError> {
        let counter = self.counters[i];
        if let Err(why) = counter.check(&self.game) {
            self.counters[i].refused = true;
            self.broadcast(&[]);
            return Err(refused(format!(
                "the counter-offer cannot be taken up now: {why}"
            )));
        }
        let acts = counter.taken_up(&self.game);
        self.counters.retain(|c| c.from != counter.from);
        let result = self.advance(&acts).await;
        if result.is_err() {
            self.counters.push(counter);
        }
        result
    }

    /// The first counter-offer a bot at `seat`, the offerer, has yet to answer.
    pub(super) fn counter_for_bot(&self, seat: Seat) -> Option<usize> {
        (self.game.state().active == seat)
            .then(|| {
                self.counters
                    .iter()
                    .position(|c| c.to == seat && !c.refused)
            })
            .flatten()
    }

    /// The bot at `seat` answers counter-offer `i`: it weighs the trade as it would offer it
    /// (`Bot::takes_counter`), on a thread of its own like its moves.
    pub(super) async fn bot_answers_counter(&mut self, seat: Seat, i: usize) {
        let Some(mut bot) = self.bots[seat.index()].take() else {
            return;
        };
        let counter = self.counters[i];
        let game = self.game.clone();
        let mut rng = super::bot_rng(self.seed, self.seq);
        let weighed = tokio::task::spawn_blocking(move || {
            let take = bot.takes_counter(
                &game.view(seat),
                counter.from,
                &counter.as_offer(),
                &mut rng,
            );
            (bot, take)
        })
        .await;
        let take = match weighed {
            Ok((bot, take)) => {
                self.bots[seat.index()] = Some(bot);
                take
            }
            Err(e) => {
                tracing::error!(game = %self.info.id, "the bot of {seat} failed weighing a counter-offer: {e}");
                self.bots[seat.index()] = Some(Box::new(settlers_bots::RandomBot::new()));
                false
            }
        };
        if !take || self.take_up(i).await.is_err() {
            if let Some(c) = self.counters.iter_mut().find(|c| c.from == counter.from) {
                c.refused = true;
            }
            self.broadcast(&[]);
        }
        self.schedule_bot();
    }
}
