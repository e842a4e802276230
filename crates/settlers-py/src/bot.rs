//! `settlers.bot(name)`: the built-in bots, deciding from a seat's view as everywhere else.

use crate::convert::{from_py, to_py};
use crate::game::PyGame;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand_core::SeedableRng;
use settlers_bots::{Bot, BotRng};
use settlers_core::notation::ActionText;
use settlers_core::{Action, LegalActions, Seat};
use std::sync::Mutex;

#[pyclass(module = "settlers._settlers", name = "Bot")]
pub struct PyBot {
    inner: Mutex<(Box<dyn Bot>, BotRng)>,
}

/// A built-in bot ("random" or "heuristic"); its choices are drawn from `seed`'s stream
/// `stream` (seat `s` of a `VecEnv` game of seed `g` draws from `g`'s stream `1 + s`, as in
/// `settlers sim`).
#[pyfunction]
#[pyo3(signature = (name, seed = 0, stream = 0))]
pub fn bot(name: &str, seed: u64, stream: u64) -> PyResult<PyBot> {
    let b = settlers_bots::by_name(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut rng = BotRng::seed_from_u64(seed);
    rng.set_stream(stream);
    Ok(PyBot {
        inner: Mutex::new((b, rng)),
    })
}

/// The seed of game `index` of a run started from `seed` (`settlers sim`'s, and a
/// `VecEnv`'s: game `k` of slot `i` of `n` is game `k * n + i`).
#[pyfunction]
pub fn game_seed(seed: u64, index: u64) -> u64 {
    settlers_bots::play::game_seed(seed, index)
}

#[pymethods]
impl PyBot {
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.lock().expect("not poisoned").0.name()
    }

    /// The action the bot chooses for `seat` (which must be one the game waits for), as
    /// the engine writes it: pass it to `Game.apply(seat, action)`. With `allowed` (a list
    /// of actions, as `legal_actions` writes them) the bot chooses among the legal actions
    /// that list holds, and never a choice too many to list (a discard, a gold pick, a
    /// trade offer): so another engine's rules can narrow ours (docs/python.md, "Catanatron").
    #[pyo3(signature = (game, seat, allowed = None))]
    fn choose<'py>(
        &self,
        py: Python<'py>,
        game: &PyGame,
        seat: u8,
        allowed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = &game.session.game;
        if seat >= g.seats() {
            return Err(PyValueError::new_err(format!(
                "{seat} is not a seat in this game"
            )));
        }
        let seat = Seat(seat);
        let allowed: Option<Vec<Action>> = match allowed {
            None => None,
            Some(list) => {
                let texts: Vec<ActionText> = from_py(list, "a list of actions")?;
                let actions = texts
                    .iter()
                    .map(|t| g.action_from_text(t))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| PyValueError::new_err(format!("allowed: {e}")))?;
                Some(actions)
            }
        };
        let mut legal = LegalActions::default();
        let mut guard = self.inner.lock().expect("not poisoned");
        let (bot, rng) = &mut *guard;
        // Knight moves one by one when the list is narrowed: a set of them would hold moves
        // the list may not.
        legal.compact_knight_moves = allowed.is_none() && bot.takes_knight_sets();
        g.legal_actions_into(seat, &mut legal);
        if legal.is_empty() {
            return Err(PyValueError::new_err(format!(
                "seat {} has nothing to decide: {}",
                seat.0,
                g.describe_phase()
            )));
        }
        if let Some(allowed) = &allowed {
            legal.actions.retain(|a| allowed.contains(a));
            legal.knight_moves = 0..0;
            legal.discard = None;
            legal.gold = None;
            legal.give_back = None;
            legal.offer = None;
            if legal.actions.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "none of the {} allowed actions is legal for seat {}: {}",
                    allowed.len(),
                    seat.0,
                    g.describe_phase()
                )));
            }
        }
        let action = bot.choose(&g.view(seat), &legal, rng);
        to_py(py, &g.action_text(&action))
    }
}
