//! `settlers replay --steps`, `--until` and `-`: a game compared action by action in one pass.

mod command;

use command::settlers;

use serde_json::Value;
use settlers_core::record::Record;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary run with `input` on its standard input.
fn settlers_reading(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_settlers"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn ok_text(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Records of a few games of `scenario`, written by `sim`.
fn records(scenario: &str, games: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("replay_steps_{scenario}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let dir_text = dir.to_str().unwrap();
    ok_text(&settlers(&[
        "sim",
        "--scenario",
        scenario,
        "--players",
        "heuristic,random,random",
        "--games",
        games,
        "--seed",
        "5",
        "--records",
        dir_text,
    ]));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn each_action_has_its_line_and_the_last_agrees_with_the_report() {
    for scenario in ["base", "new-shores"] {
        for file in records(scenario, "2") {
            let path = file.to_str().unwrap();
            let record = Record::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
            let out = lines(&ok_text(&settlers(&["replay", "--steps", path])));
            let (report, steps) = out.split_last().unwrap();
            assert_eq!(steps.len(), record.actions.len(), "{path}");
            assert_eq!(report["actions"], record.actions.len());
            for (i, (step, entry)) in steps.iter().zip(&record.actions).enumerate() {
                assert_eq!(step["index"], i);
                // The action as the record has it.
                let written = serde_json::to_value(entry).unwrap();
                for (key, value) in written.as_object().unwrap() {
                    assert_eq!(&step[key], value, "{path}: action {i}'s `{key}`");
                }
                for seat in step["seats"].as_array().unwrap() {
                    assert!(
                        seat["victory_points"].as_u64() >= seat["public_victory_points"].as_u64()
                    );
                    assert_eq!(seat.get("ships_left").is_some(), scenario == "new-shores");
                }
            }
            let last = steps.last().unwrap();
            assert_eq!(last["bank"], report["bank"]);
            assert_eq!(last["deck_size"], report["deck_size"]);
            assert_eq!(last["robber"], report["robber"]);
            assert_eq!(last["winner"], report["winner"]);
            assert_eq!(last["to_act"], "nobody", "{path}: the game is over");
            for (a, b) in last["seats"]
                .as_array()
                .unwrap()
                .iter()
                .zip(report["seats"].as_array().unwrap())
            {
                assert_eq!(a["resources"], b["resources"]);
                assert_eq!(a["victory_points"], b["victory_points"]);
                assert_eq!(a["road_length"], b["road_length"]);
            }
            // The bank of every step is the engine's own, replayed here in-process.
            let mut banks = Vec::new();
            record
                .replay_steps(None, &mut (), |_, game| {
                    banks.push(serde_json::to_value(game.state().bank).unwrap())
                })
                .unwrap();
            for (step, bank) in steps.iter().zip(&banks) {
                assert_eq!(&step["bank"], bank);
            }
        }
    }
}

#[test]
fn until_stops_the_replay_where_asked_and_standard_input_reads_a_record() {
    let file = records("base", "1").remove(0);
    let path = file.to_str().unwrap();
    let steps = lines(&ok_text(&settlers(&["replay", "--steps", path])));
    let n = 60;
    let report: Value = serde_json::from_str(&ok_text(&settlers(&[
        "replay", path, "--until", "60", "--json",
    ])))
    .unwrap();
    assert_eq!(report["actions"], n);
    assert_eq!(report["until"], n);
    assert_eq!(report["finished"], false);
    let after = &steps[n - 1];
    assert_eq!(report["bank"], after["bank"]);
    for (a, b) in after["seats"]
        .as_array()
        .unwrap()
        .iter()
        .zip(report["seats"].as_array().unwrap())
    {
        assert_eq!(a["resources"], b["resources"]);
    }
    let text = ok_text(&settlers(&["replay", path, "--until", "60"]));
    assert!(text.contains("60 actions (of more)"), "{text}");
    assert!(text.contains("winner: none yet"), "{text}");

    // --until past the end is refused by name.
    let total = steps.len() - 1;
    let beyond = settlers(&["replay", path, "--until", &(total + 1).to_string()]);
    assert!(!beyond.status.success());
    let error = String::from_utf8_lossy(&beyond.stderr);
    assert!(
        error.contains(&format!("the record holds {total} actions")),
        "{error}"
    );

    // `-` reads the record from standard input: the same report as from the file.
    let piped = ok_text(&settlers_reading(
        &["replay", "-", "--json"],
        &std::fs::read(&file).unwrap(),
    ));
    assert_eq!(piped, ok_text(&settlers(&["replay", path, "--json"])));

    // A broken record from standard input names where it came from.
    let out = settlers_reading(&["replay", "-"], b"{\"format\": 3");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("standard input"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
