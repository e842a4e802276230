//! The search bot `mcts`: Monte Carlo search over worlds drawn from its view (`search.rs`
//! says how), the heuristic bot playing ahead in each world; it keeps the heuristic bot's
//! choice unless another does clearly better in the same worlds under the same dice.
//!
//! Built by name with its settings after a colon: `mcts:ms=100` (wall time per decision),
//! `mcts:iterations=400` (reproducible from the seed), `turns=N` for how many turns a
//! playout looks ahead (`settings.rs`). A decision with one legal action is taken at once,
//! and the setup placements are the heuristic bot's.

mod candidates;
mod evaluate;
mod playout;
mod search;
pub mod settings;

use crate::{Bot, BotRng, HeuristicBot};
pub use settings::{Budget, Settings};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Phase, Seat, TradeOffer};

#[derive(Clone, Debug, Default)]
pub struct MctsBot {
    settings: Settings,
    /// Iterations run by the searches so far, for reports of its strength per cost.
    iterations: u64,
    searches: u64,
    /// Searched decisions that took another action than the heuristic bot's.
    overrides: u64,
}

impl MctsBot {
    pub fn new(settings: Settings) -> MctsBot {
        MctsBot {
            settings,
            iterations: 0,
            searches: 0,
            overrides: 0,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Decisions searched and the iterations they ran, since the bot was made.
    pub fn searched(&self) -> (u64, u64) {
        (self.searches, self.iterations)
    }

    /// Searched decisions, since the bot was made, in which it took another action than the
    /// heuristic bot's.
    pub fn overrides(&self) -> u64 {
        self.overrides
    }
}

/// Whether the decision has a single option: one action listed and no range to choose from.
fn only_one(legal: &LegalActions) -> Option<Action> {
    let ranges = legal.discard.is_some()
        || legal.gold.is_some()
        || legal.give_back.is_some()
        || legal.offer.is_some();
    (legal.actions.len() == 1 && !ranges).then(|| legal.actions[0])
}

impl Bot for MctsBot {
    fn name(&self) -> &'static str {
        "mcts"
    }

    /// A counter-offer is weighed as the heuristic bot weighs an offer made to it.
    fn takes_counter(
        &mut self,
        view: &View<'_>,
        from: Seat,
        counter: &TradeOffer,
        rng: &mut BotRng,
    ) -> bool {
        HeuristicBot::new().takes_counter(view, from, counter, rng)
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        if let Some(a) = only_one(legal) {
            return a;
        }
        let setup = matches!(
            view.phase(),
            Phase::SetupSettlement | Phase::SetupRoad { .. }
        );
        if setup || view.viewer().is_none() {
            return HeuristicBot::new().choose(view, legal, rng);
        }
        let found = search::search(view, legal, &self.settings, rng);
        self.searches += 1;
        self.iterations += u64::from(found.iterations);
        self.overrides += u64::from(found.action != found.heuristic);
        found.action
    }
}
