//! Files the command line reads are bounded (docs/map-format.md and docs/record-format.md,
//! "Limits"): an endless or oversized file is refused by name, and a map with a pool larger
//! than any board is refused with the pool, the entry and the bound, never an abort.

mod command;

use command::{scratch, settlers};

use serde_json::{Value, json};
use settlers_core::map::builtin;
use std::process::Output;

/// Asserts that the command failed cleanly (an error, not a signal) and that its messages
/// name every one of `parts`.
fn refused_naming(out: &Output, parts: &[&str]) {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "not a clean refusal:\n{text}");
    for part in parts {
        assert!(text.contains(part), "no `{part}` in:\n{text}");
    }
}

#[test]
fn an_endless_file_is_refused_at_the_limit() {
    for args in [
        &["maps", "validate", "/dev/zero"][..],
        &["sim", "--map", "/dev/zero", "--games", "1"],
    ] {
        refused_naming(
            &settlers(args),
            &["/dev/zero is larger than 1048576 bytes", "1 MiB"],
        );
    }
    refused_naming(
        &settlers(&["replay", "/dev/zero"]),
        &["/dev/zero is larger than 67108864 bytes", "64 MiB"],
    );
}

#[test]
fn a_map_just_over_the_limit_is_refused_and_one_under_it_is_read() {
    let dir = scratch("bounded-map");
    let text = builtin::text("base").unwrap();
    // The same map padded with spaces to the limit is read; one byte more is refused.
    let padded = |size: usize| format!("{text}{}", " ".repeat(size - text.len()));
    let at_limit = dir.join("at-limit.json");
    std::fs::write(&at_limit, padded(1 << 20)).unwrap();
    let out = settlers(&["maps", "validate", at_limit.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let over = dir.join("over.json");
    std::fs::write(&over, padded((1 << 20) + 1)).unwrap();
    // `maps show` reads a regular file the same way (anything else names a built-in map).
    for command in ["validate", "show"] {
        refused_naming(
            &settlers(&["maps", command, over.to_str().unwrap()]),
            &["over.json is larger than 1048576 bytes"],
        );
    }
}

#[test]
fn a_map_or_record_with_a_huge_pool_is_refused_by_name() {
    let dir = scratch("huge-pool");
    let mut map: Value = serde_json::from_str(builtin::text("base").unwrap()).unwrap();
    map["pools"]["terrain"]["contents"]["fields"] = json!(1u64 << 40);
    let path = dir.join("huge.json");
    std::fs::write(&path, map.to_string()).unwrap();
    let parts = ["pools.terrain", "`fields`", "1099511627776", "at most 128"];
    for command in ["validate", "show"] {
        refused_naming(
            &settlers(&["maps", command, path.to_str().unwrap()]),
            &parts,
        );
    }

    // A record of a real game, its map given the same pool.
    let out = settlers(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "3",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record_path = dir.join("game-00000.json");
    let mut record: Value =
        serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    record["map"]["pools"] =
        json!({"terrain": {"kind": "terrain", "contents": {"hills": 1u64 << 63}}});
    std::fs::write(&record_path, record.to_string()).unwrap();
    refused_naming(
        &settlers(&["replay", record_path.to_str().unwrap()]),
        &[
            "pools.terrain",
            "`hills`",
            "9223372036854775808",
            "at most 128",
        ],
    );
}
