//! The random bot: every legal action equally likely. It is the yardstick the other bots
//! are measured against and the player of the standard benchmark (`settlers bench`).
//!
//! Four kinds of choice are ranges rather than lists (`LegalActions::discard`, `::gold`,
//! `::give_back`, `::offer`): a discard is drawn card by card from the hand, gold-field picks
//! card by card from the bank, the cards given back after a forced trade card by card from
//! the hand; the whole offer range counts as one more option, taken at most
//! [`OFFERS_PER_TURN`] times a turn so that games still end.
//!
//! Barbarian Attack's knight moves count as one option too, then one of them is drawn: a
//! board full of knights lists hundreds of moves, and moving one ends building for the turn
//! (BA-8), so were each move an option of its own the bot would hardly ever build. Everything
//! else, Seafarers' ships, ship moves and the pirate included, is one equally likely entry of
//! the list.
//!
//! In The Wonders of Catan a wonder is claimed with a ship from stock (SC8-6), and only a
//! wonder wins (SC8-8): a bot that put all 15 ships on the board before claiming one could
//! never win, and a table of such bots would play for ever. So while the bot holds no wonder
//! it keeps its last ship in stock: building that ship is not among its options, unless
//! nothing else is.
//!
//! In The Pirate Islands a route that runs into a dead end of its lane never reaches the
//! fortress, which the win needs (SC7-12): a ship built or moved into one is not among its
//! options either, unless nothing else is; nor is a road of its own on its lane, where its
//! ships could then never pass.

use crate::{Bot, BotRng};
use settlers_core::action::OfferRange;
use settlers_core::chance::{below, weighted};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Resources, SeatSet, TradeOffer, WaysToFortress};

/// The most domestic offers the random bot makes in one turn. Without a bound a seat could
/// offer and cancel for ever.
pub const OFFERS_PER_TURN: u8 = 2;

/// Chooses uniformly among the legal actions. Nothing is allocated per decision.
#[derive(Clone, Debug, Default)]
pub struct RandomBot {
    /// The Pirate Islands: the ways on to its fortress, kept from one decision to the next
    /// while no road or ship is placed or moved.
    ways: WaysToFortress,
}

impl RandomBot {
    pub fn new() -> RandomBot {
        RandomBot::default()
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn takes_knight_sets(&self) -> bool {
        true
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
        // The engine lists the knight moves together and says where, or gives them as sets.
        let knights = legal.knight_moves.clone();
        debug_assert_eq!(
            knights.len(),
            legal.actions.iter().filter(|a| is_knight_move(a)).count()
        );
        let moves = legal.knight_move_count();
        let keep = keeps_last_ship(view);
        // Only roads and ships can close a lane: most decisions list none.
        let lanes = match view.viewer() {
            Some(me)
                if view.rules().pirate_islands.is_some()
                    && legal.actions.iter().any(WaysToFortress::may_close) =>
            {
                view.renew_ways_to_fortress(&mut self.ways, me);
                true
            }
            _ => false,
        };
        if keep || lanes {
            let ways = &self.ways;
            let left_out = |a: &Action| {
                (keep && is_ship_build(a)) || (lanes && view.closes_way_to_fortress(ways, a))
            };
            let ships = legal.actions.iter().filter(|a| left_out(a)).count();
            if ships > 0 && (ships < legal.actions.len() || offer.is_some()) {
                return choose_without(legal, offer, ships, left_out, rng);
            }
        }
        let others = legal.actions.len() - knights.len();
        let options = others as u32 + u32::from(moves > 0) + u32::from(offer.is_some());
        let pick = below(rng, options) as usize;
        if pick < others {
            // The `pick`-th of the actions that are not knight moves.
            let at = if pick < knights.start {
                pick
            } else {
                pick + knights.len()
            };
            return legal.actions[at];
        }
        if pick == others && moves > 0 {
            let nth = below(rng, moves as u32) as usize;
            return legal
                .nth_knight_move(nth)
                .expect("nth is below the count of knight moves");
        }
        match offer {
            Some(range) => Action::OfferTrade(random_offer(rng, &range)),
            // Nothing is legal only if the engine waits for a seat that cannot act: ending the
            // turn is then refused and the caller hears of it as an error, not a panic.
            None => Action::EndTurn,
        }
    }
}

#[inline]
fn is_knight_move(action: &Action) -> bool {
    matches!(action, Action::MoveKnight { .. })
}

#[inline]
fn is_ship_build(action: &Action) -> bool {
    matches!(action, Action::BuildShip(_))
}

/// Whether the viewer keeps its last ship for a wonder (the module's comment).
#[inline]
fn keeps_last_ship(view: &View<'_>) -> bool {
    view.rules().wonders.is_some() && keeps_last_ship_for_a_wonder(view)
}

/// `keeps_last_ship` where there are wonders: out of line, so that the other games'
/// decisions do not pay for the question.
#[inline(never)]
fn keeps_last_ship_for_a_wonder(view: &View<'_>) -> bool {
    let Some(me) = view.viewer() else {
        return false;
    };
    view.ships_in_stock(me) == 1 && view.wonder_of(me).is_none()
}

/// Uniformly among the legal actions but those `left_out` (`count` of them), and the offer
/// range as one more option.
fn choose_without(
    legal: &LegalActions,
    offer: Option<OfferRange>,
    count: usize,
    left_out: impl Fn(&Action) -> bool,
    rng: &mut BotRng,
) -> Action {
    let others = legal.actions.len() - count;
    let pick = below(rng, others as u32 + u32::from(offer.is_some())) as usize;
    if pick < others {
        return *legal
            .actions
            .iter()
            .filter(|a| !left_out(a))
            .nth(pick)
            .expect("pick is below the count of other actions");
    }
    match offer {
        Some(range) => Action::OfferTrade(random_offer(rng, &range)),
        None => Action::EndTurn,
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
/// opponents in range. Where offers may hold gold (Barbarian Attack, BA-28), one in three
/// gives 1–2 gold instead of cards and one in three asks for 1–2 gold instead of cards; with
/// no card in hand, gold is all there is to give.
pub fn random_offer(rng: &mut BotRng, range: &OfferRange) -> TradeOffer {
    #[derive(PartialEq)]
    enum Gold {
        None,
        Give,
        Ask,
    }
    let gold = if !range.gold {
        Gold::None
    } else if range.can_give.is_empty() {
        Gold::Give
    } else {
        match below(rng, 3) {
            1 if range.can_give_gold > 0 => Gold::Give,
            2 => Gold::Ask,
            _ => Gold::None,
        }
    };
    let mut offer = TradeOffer::cards(Resources::EMPTY, Resources::EMPTY, SeatSet::EMPTY);
    if gold == Gold::Give {
        let most = range.can_give_gold.clamp(1, 2) as u32;
        offer.give_gold = 1 + below(rng, most) as u8;
    } else {
        let giving = 1 + below(rng, 2).min(range.can_give.total().saturating_sub(1));
        offer.give = random_cards(rng, range.can_give, giving);
    }
    if gold == Gold::Ask {
        offer.get_gold = 1 + below(rng, 2) as u8;
    } else {
        // Giving uses at most two types, so at least three are left to ask for.
        let mut others = [0u8; 5];
        for (o, &g) in others.iter_mut().zip(offer.give.0.iter()) {
            *o = u8::from(g == 0);
        }
        for _ in 0..1 + below(rng, 2) {
            let i = weighted(rng, &others).expect("a type not given is left");
            offer.get.0[i] += 1;
        }
    }
    offer.to = random_subset(rng, range.to);
    offer
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
