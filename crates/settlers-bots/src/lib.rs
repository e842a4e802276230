//! Bots that play Settlers from a seat's view (ARCHITECTURE.md: bots are clients of the
//! rules crate and hold no rule of their own; they decide from a `View` and the legal
//! actions, never from the full state).
//!
//! Every decision draws its randomness from the generator it is handed, so a game is
//! reproducible from its seed (see [`play`]).

pub mod heuristic;
pub mod levels;
pub mod mcts;
pub mod noisy;
pub mod play;
pub mod random;
pub mod stats;

pub use heuristic::HeuristicBot;
pub use mcts::MctsBot;
pub use random::RandomBot;

use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Seat, TradeOffer};

/// The generator bots draw from. A concrete type rather than `dyn Rng`: the simulator's hot
/// path makes millions of draws, and ChaCha8 is both fast and reproducible across machines.
pub type BotRng = rand_chacha::ChaCha8Rng;

/// A player that decides from what its seat may see.
pub trait Bot: Send {
    /// The name the bot is built by (see [`by_name`]), written into records.
    fn name(&self) -> &'static str;

    /// One legal action for the viewer of `view`. `legal` is never empty: the game waits
    /// for this seat. A discard, when `legal.discard` is set, or a trade offer within
    /// `legal.offer`, may be chosen too.
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action;

    /// Whether it takes Barbarian Attack's knight moves as sets (`LegalActions::knight_sets`)
    /// rather than listed one by one: cheaper for a bot that only samples them.
    fn takes_knight_sets(&self) -> bool {
        false
    }

    /// Whether the bot, the active seat, takes up a counter-offer `from` an opponent it made
    /// an offer to: `counter` is the trade as the bot would offer it (what the bot gives and
    /// gets). A counter-offer is table talk, not an action of the rules: the server plays
    /// the trade for both when the bot takes it (docs/protocol.md). By default a bot refuses.
    fn takes_counter(
        &mut self,
        view: &View<'_>,
        from: Seat,
        counter: &TradeOffer,
        rng: &mut BotRng,
    ) -> bool {
        let _ = (view, from, counter, rng);
        false
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    #[inline]
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        (**self).choose(view, legal, rng)
    }
    fn takes_knight_sets(&self) -> bool {
        (**self).takes_knight_sets()
    }
    fn takes_counter(
        &mut self,
        view: &View<'_>,
        from: Seat,
        counter: &TradeOffer,
        rng: &mut BotRng,
    ) -> bool {
        (**self).takes_counter(view, from, counter, rng)
    }
}

/// The bots [`by_name`] knows. `mcts` takes settings after a colon: `mcts:ms=100`,
/// `mcts:iterations=400,turns=4` (`mcts/settings.rs`).
pub const BOT_NAMES: &[&str] = &["random", "heuristic", "mcts"];

/// Why no bot could be built from a name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownBot {
    #[error("there is no bot `{name}`; the bots are: {}", BOT_NAMES.join(", "))]
    Name { name: String },
    #[error("the bot `{name}` takes no settings, but `{settings}` was given")]
    NoSettings { name: String, settings: String },
    #[error("the bot `{name}`: {problem}")]
    Settings { name: String, problem: String },
}

/// A new bot of the kind named, with its settings after a colon where it takes any.
pub fn by_name(name: &str) -> Result<Box<dyn Bot>, UnknownBot> {
    let (kind, settings) = match name.split_once(':') {
        Some((kind, settings)) => (kind, Some(settings)),
        None => (name, None),
    };
    let plain = |bot: Box<dyn Bot>| match settings {
        None => Ok(bot),
        Some(settings) => Err(UnknownBot::NoSettings {
            name: kind.into(),
            settings: settings.into(),
        }),
    };
    match kind {
        "random" => plain(Box::new(RandomBot::new())),
        "heuristic" => match settings {
            None => Ok(Box::new(HeuristicBot::new())),
            // `heuristic:noise=P`: a random action instead of its own with chance P (the
            // lobby's Easy, `levels.rs`).
            Some(settings) => {
                let noise = settings
                    .strip_prefix("noise=")
                    .ok_or_else(|| {
                        format!("`{settings}`: the heuristic bot takes one setting, `noise=P`")
                    })
                    .and_then(noisy::parse_noise)
                    .map_err(|problem| UnknownBot::Settings {
                        name: kind.into(),
                        problem,
                    })?;
                Ok(Box::new(noisy::Noisy::new(
                    HeuristicBot::new(),
                    noise,
                    "heuristic (noisy)",
                )))
            }
        },
        "mcts" => {
            let settings = mcts::Settings::parse(settings.unwrap_or("")).map_err(|problem| {
                UnknownBot::Settings {
                    name: kind.into(),
                    problem,
                }
            })?;
            Ok(Box::new(MctsBot::new(settings)))
        }
        _ => Err(UnknownBot::Name { name: name.into() }),
    }
}
