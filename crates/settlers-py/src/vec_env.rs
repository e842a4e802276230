use pyo3::prelude::*;

#[pyclass(module = "settlers._settlers")]
pub struct VecEnv {}
