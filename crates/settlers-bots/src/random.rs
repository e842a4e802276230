//! The random bot: every legal action equally likely. It is the yardstick the other bots
//! are measured against and the player of the standard benchmark (`settlers bench`).
//!
//! Three kinds of choice are ranges rather than lists (`LegalActions::discard`, `::gold`,
//! `::offer`): a discard is drawn card by card from the hand, gold-field picks card by card
//! from the bank; the whole offer range counts as one more option, taken at most
//! [`OFFERS_PER_TURN`] times a turn so that games still end. Everything else, Seafarers'
//! ships, ship moves and the pirate included, is one equally likely entry of the list.

use crate::{Bot, BotRng};
use settlers_core::action::OfferRange;
use settlers_core::chance::{below, weighted};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Resources, SeatSet, TradeOffer};

/// The most domestic offers the random bot makes in one turn. Without a bound a seat could
/// offer and cancel for ever.
pub const OFFERS_PER_TURN: u8 = 2;

/// Chooses uniformly among the legal actions. Holds no buffers: nothing is allocated per
/// decision.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl RandomBot {
    pub fn new() -> RandomBot {
        RandomBot
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    #[inline]
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        if let Some(d) = legal.discard {
            return Action::Discard(random_cards(rng, d.from, u32::from(d.count)));
        }
        if let Some(g) = legal.gold {
            return Action::PickResources(random_cards(rng, g.from, u32::from(g.count)));
        }
        if let Some(g) = legal.give_back {
            return Action::GiveBack(random_cards(rng, g.from, u32::from(g.count)));
        }
        let offer = legal
            .offer
            .filter(|_| view.offers_this_turn() < OFFERS_PER_TURN);
        let options = legal.actions.len() as u32 + u32::from(offer.is_some());
        let pick = below(rng, options) as usize;
        match (legal.actions.get(pick), offer) {
            (Some(action), _) => *action,
            (None, Some(range)) => Action::OfferTrade(random_offer(rng, &range)),
            // Nothing is legal only if the engine waits for a seat that cannot act: ending the
            // turn is then refused and the caller hears of it as an error, not a panic.
            (None, None) => Action::EndTurn,
        }
    }
}

/// `count` cards drawn one at a time from `from`, each card in hand equally likely.
pub fn random_cards(rng: &mut BotRng, from: Resources, count: u32) -> Resources {
    let mut left = from;
    let mut out = Resources::EMPTY;
    for _ in 0..count {
        let Some(i) = weighted(rng, &left.0) else {
            break;
        };
        left.0[i] -= 1;
        out.0[i] += 1;
    }
    out
}

/// An offer of 1–2 cards held for 1–2 cards of other types, to a random non-empty set of the
/// opponents in range.
pub fn random_offer(rng: &mut BotRng, range: &OfferRange) -> TradeOffer {
    let giving = 1 + below(rng, 2).min(range.can_give.total().saturating_sub(1));
    let give = random_cards(rng, range.can_give, giving);
    // Giving uses at most two types, so at least three are left to ask for.
    let mut others = [0u8; 5];
    for (o, &g) in others.iter_mut().zip(give.0.iter()) {
        *o = u8::from(g == 0);
    }
    let mut get = Resources::EMPTY;
    for _ in 0..1 + below(rng, 2) {
        let i = weighted(rng, &others).expect("a type not given is left");
        get.0[i] += 1;
    }
    TradeOffer::cards(give, get, random_subset(rng, range.to))
}

/// A uniformly random non-empty subset of `seats` (which is not empty).
fn random_subset(rng: &mut BotRng, seats: SeatSet) -> SeatSet {
    let n = seats.len() as u32;
    let mut mask = 1 + below(rng, (1 << n) - 1);
    let mut out = SeatSet::EMPTY;
    for seat in seats.iter() {
        if mask & 1 == 1 {
            out.insert(seat);
        }
        mask >>= 1;
    }
    out
}
