//! `settlers._settlers`: the engine as a Python extension module (docs/python.md). The
//! pure-Python side (`python/settlers/`) holds the Gymnasium and PettingZoo wrappers.

mod board;
mod bot;
mod convert;
mod game;
mod observe;
mod session;
mod space;
mod vec_env;
mod vec_rows;

use pyo3::prelude::*;

pyo3::create_exception!(
    _settlers,
    IllegalAction,
    pyo3::exceptions::PyValueError,
    "An action or action id the rules refuse, in the engine's words; the game is unchanged."
);

#[pymodule]
fn _settlers(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<bot::PyBot>()?;
    m.add_class::<vec_env::VecEnv>()?;
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add(
        "SCENARIOS",
        settlers_core::scenario::SCENARIOS
            .iter()
            .map(|s| s.name)
            .collect::<Vec<_>>(),
    )?;
    m.add("BOTS", settlers_bots::BOT_NAMES.to_vec())?;
    m.add_function(wrap_pyfunction!(bot::bot, m)?)?;
    m.add_function(wrap_pyfunction!(bot::game_seed, m)?)?;
    m.add_function(wrap_pyfunction!(game::scenario_seats, m)?)?;
    Ok(())
}
