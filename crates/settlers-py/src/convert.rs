//! Between the engine's serde data and Python objects: through JSON text and Python's own
//! `json` module, so a Python object holds exactly what the server would send.

use crate::IllegalAction;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::Serialize;
use serde::de::DeserializeOwned;
use settlers_core::{Actor, Seat};

/// The value as Python data (dicts, lists, numbers, strings).
pub fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A value from Python data, or from JSON text.
pub fn from_py<T: DeserializeOwned>(value: &Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    let text: String = if let Ok(s) = value.cast::<PyString>() {
        s.to_str()?.to_owned()
    } else {
        value
            .py()
            .import("json")?
            .call_method1("dumps", (value,))?
            .extract()?
    };
    serde_json::from_str(&text).map_err(|e| IllegalAction::new_err(format!("not {what}: {e}")))
}

/// An actor: a seat number, or "chance".
pub fn actor(value: &Bound<'_, PyAny>) -> PyResult<Actor> {
    if let Ok(s) = value.extract::<String>() {
        return if s == "chance" {
            Ok(Actor::Chance)
        } else {
            Err(IllegalAction::new_err(format!(
                "`{s}` is not an actor: a seat number or \"chance\""
            )))
        };
    }
    let seat: u8 = value
        .extract()
        .map_err(|_| IllegalAction::new_err("an actor is a seat number (0 to 3) or \"chance\""))?;
    Ok(Actor::Seat(Seat(seat)))
}
