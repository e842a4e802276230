//! What the command line's test files share: the binary run as a user runs it, its JSON
//! answer, and a folder for a test's files.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `settlers` binary run with `args`, to its end.
pub fn settlers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_settlers"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The one JSON object a successful run printed.
pub fn json_of(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

/// A fresh folder for one test's files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
