//! The actions the search weighs at a decision: not the whole list, which may hold hundreds
//! of placements and the whole space of trade offers, but the heuristic bot's own choice, every
//! action of a few kinds that change a game most (building a city or a settlement, cards,
//! trades with players, ending the turn), and a sample of the rest.

use crate::random::random_cards;
use crate::{Bot, BotRng, HeuristicBot};
use settlers_core::action::CardRange;
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Resources, TradeOffer};

/// The most actions weighed at one decision: with a few hundred iterations, each gets a
/// few dozen.
pub const MOST_CANDIDATES: usize = 10;
/// Other ways of choosing cards (a discard, gold picks, cards given back) beside the
/// heuristic's.
const OTHER_CARD_CHOICES: usize = 4;
/// Offers to players the bot makes in one turn at most: with no bound, offers turned down
/// could follow one another for ever.
const OFFERS_PER_TURN: u8 = 2;
/// Simple one-for-one offers beside the heuristic's offer.
const OTHER_OFFERS: usize = 2;

/// The candidates at a decision of the viewer of `view`, the heuristic's choice first.
pub fn candidates(view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Vec<Action> {
    let favourite = HeuristicBot::new().choose(view, legal, rng);
    let mut out = vec![favourite];
    let push = |out: &mut Vec<Action>, action: Action| {
        if out.len() < MOST_CANDIDATES && !out.contains(&action) {
            out.push(action);
        }
    };
    if let Some(range) = legal.discard {
        card_choices(&mut out, range, Action::Discard, rng);
    }
    if let Some(range) = legal.gold {
        card_choices(&mut out, range, Action::PickResources, rng);
    }
    if let Some(range) = legal.give_back {
        card_choices(&mut out, range, Action::GiveBack, rng);
    }
    for a in legal.actions.iter().filter(|a| weighs_much(a)) {
        push(&mut out, *a);
    }
    if legal.offer.is_some() && view.offers_this_turn() < OFFERS_PER_TURN {
        for a in offers(view, legal) {
            push(&mut out, a);
        }
    }
    // A sample of the rest: placements, bank trades, robber and knight moves.
    let rest: Vec<Action> = legal
        .actions
        .iter()
        .filter(|a| !weighs_much(a))
        .copied()
        .collect();
    let mut order: Vec<usize> = (0..rest.len()).collect();
    settlers_core::chance::shuffle(&mut order, rng);
    for i in order {
        if out.len() >= MOST_CANDIDATES {
            break;
        }
        push(&mut out, rest[i]);
    }
    out
}

/// Actions of the kinds always weighed: few at a time, and each changes the game much.
fn weighs_much(action: &Action) -> bool {
    matches!(
        action,
        Action::BuildCity(_)
            | Action::BuildSettlement(_)
            | Action::BuyDevelopmentCard
            | Action::RollDice
            | Action::EndTurn
            | Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayMonopoly(_)
            | Action::AcceptTrade
            | Action::RejectTrade
            | Action::ConfirmTrade(_)
            | Action::CancelTrade
            | Action::AttackFortress
            | Action::ClaimWonder(_)
            | Action::BuildWonderStage
            | Action::ForceTrade
    )
}

/// Other ways of choosing `range.count` cards beside the heuristic's, drawn at random.
fn card_choices(
    out: &mut Vec<Action>,
    range: CardRange,
    make: fn(Resources) -> Action,
    rng: &mut BotRng,
) {
    for _ in 0..OTHER_CARD_CHOICES * 2 {
        if out.len() > OTHER_CARD_CHOICES {
            break;
        }
        let action = make(random_cards(rng, range.from, u32::from(range.count)));
        if !out.contains(&action) {
            out.push(action);
        }
    }
}

/// Offers to other players: the heuristic's (heuristic/trading.rs), and one card of a kind
/// held twice or more for one of a kind not held, to everyone the offer may go to.
fn offers(view: &View<'_>, legal: &LegalActions) -> Vec<Action> {
    let Some(range) = legal.offer else {
        return Vec::new();
    };
    let mut out: Vec<Action> = HeuristicBot::trade_offer(view, legal).into_iter().collect();
    let hand = view.hand().unwrap_or_default();
    let mut made = 0;
    for give in (0..5).filter(|&i| hand.0[i] >= 2) {
        for get in (0..5).filter(|&i| hand.0[i] == 0) {
            if made >= OTHER_OFFERS {
                return out;
            }
            let (mut g, mut w) = (Resources::EMPTY, Resources::EMPTY);
            g.0[give] = 1;
            w.0[get] = 1;
            let offer = TradeOffer::cards(g, w, range.to);
            if range.permits(&offer) {
                out.push(Action::OfferTrade(offer));
                made += 1;
            }
        }
    }
    out
}
