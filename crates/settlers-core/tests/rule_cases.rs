//! Rule cases: the rules of `shared/rules/base.md`, `seafarers.md`, `scenarios.md`
//! (scenarios 1-8) and `barbarian-attack.md` (the scenario and its two-player
//! variant), the worked examples of `seafarers.md` and `examples.md`, and the decisions of
//! `decisions.md` a position can show, each shown as a position a player could set up on a
//! table, the actions taken, and what must follow. The cases are JSON files in `tests/cases/`;
//! `docs/rules-coverage.md` says which case shows which rule.
//!
//! Run them with `cargo test -p settlers-core --test rule_cases`; set `RULE_CASE=b27` to run
//! only the files whose name contains `b27`.
//!
//! # A case file
//!
//! ```json
//! {
//!   "rules": ["B-17", "EX-1"],
//!   "title": "Distance rule in setup",
//!   "note": "optional words for the reader",
//!   "position": { "map": "base", "phase": "setup_settlement", "players": [{}, {}, {}, {}] },
//!   "given": { "victory_points": [1, 0, 0, 0] },
//!   "steps": [
//!     {"actor": 1, "action": "build_settlement", "corner": "1,2,N", "refused": "distance rule"},
//!     {"actor": 1, "action": "build_settlement", "corner": "2,1,S"}
//!   ],
//!   "expect": { "position": { "players": [{}, {"settlements": ["2,1,S"]}, {}, {}] } }
//! }
//! ```
//!
//! - Seats are numbered in turn order; the examples' colours are Red 0, Blue 1, White 2 and
//!   Orange 3.
//! - `position` is a settlers-position (`src/position.rs` documents every field and default).
//!   `position_refused` instead says that the position must not load, and with a message
//!   containing the given text; such a case has no steps.
//! - A step is an action entry of a record: `actor` (a seat, or `"chance"` for dice, card
//!   draws and stolen cards) and the action's fields. A step is applied unless it says
//!   `"refused": "text"`: then the refusal must contain the text, and the position must be
//!   exactly as before. Whatever the outcome, it must agree with `legal_actions` (or, for
//!   chance, `chance_outcomes`), as ARCHITECTURE.md promises. A step may carry an `expect`,
//!   checked right after it, and a `note`. Chance's fog reveals (`reveal_fog`) are steps
//!   too, so a case decides what each fog hex turns out to be.
//! - `given` is checked on the position as loaded, before the first step: what the rules make
//!   of the position (points, road lengths, who holds an award) before anything happens.
//! - `expect`, checked after the last step (every field optional):
//!   - `position`: part of `to_position()` as JSON. Every key given must match; a key the
//!     position leaves out (an empty list, no winner, no dice) matches `null`, `[]` and
//!     `{}`. Arrays are sets (any order, the same size, each element matched by a different
//!     one), except `players`, `dice` and the per-seat `gold`, `prisoners` and `tokens` of
//!     Barbarian Attack, which are in order. A count (`hand`, `bank`, `development_cards`,
//!     `new_development_cards`, `development_deck`, `give`, `get`, a map pool's `contents`,
//!     and Barbarian Attack's barbarians `on` each hex and its `deck` and `discard`) is whole:
//!     a type or hex it does not name must be 0.
//!   - `phase`: as in a position (`"main"`, `{"step": "building_roads", "left": 1}`).
//!   - `hexes`: what the board shows at some hexes, `{"2,2": {"terrain": "hills",
//!     "number": 5}}`, matched against those entries of the position's `map.hexes` (a fog
//!     hex once revealed, a hex of a randomised layout).
//!   - `to_act`: the seats that must act (`[1, 3]`), `"chance"` or `"nobody"`.
//!   - `winner`: a seat, or `"none"`.
//!   - `victory_points`, `road_length`: one number per seat (`null` skips a seat). With ships
//!     on, `road_length` is the longest trade route (S-16).
//!   - `closed_ships`, `movable_ships`: one list of edges per seat (`null` skips a seat),
//!     compared as sets: the seat's ships on closed routes (`Game::closed_ships`, S-12), and
//!     the ships its legal actions may move now (the `from` of every `move_ship`, S-13).
//!   - `legal`: a list of `{"seat": 0, "includes": [..], "excludes": [..]}`, actions as in
//!     steps without `actor`. With `"kind": "build_road"`, `exactly` (a list) and `count` (a
//!     number) compare the listed actions of that kind; without `kind`, every listed action.
//!   - `views`: a list of `{"seat": 1, "expect": {..}}`: part of what that seat sees
//!     (`View::to_data`), matched as `position` is; without `seat`, a spectator's view.

use serde::Deserialize;
use serde_json::{Map, Value};
use settlers_core::notation::{ActionEntry, ActionText};
use settlers_core::position::Position;
use settlers_core::topology::EdgeId;
use settlers_core::{Action, Actor, Edge, Game, Hex, Scenario, Seat, ToAct};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rules: Vec<String>,
    title: String,
    /// Words for the reader; the harness does not read them.
    #[serde(default, rename = "note")]
    _note: Option<Value>,
    position: Value,
    #[serde(default)]
    position_refused: Option<String>,
    #[serde(default)]
    given: Option<Expect>,
    #[serde(default)]
    steps: Vec<Value>,
    #[serde(default)]
    expect: Option<Expect>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    position: Option<Value>,
    #[serde(default)]
    phase: Option<Value>,
    #[serde(default)]
    to_act: Option<ToActText>,
    #[serde(default)]
    winner: Option<SeatOrNone>,
    #[serde(default)]
    victory_points: Option<Vec<Option<u8>>>,
    #[serde(default)]
    road_length: Option<Vec<Option<u8>>>,
    #[serde(default)]
    hexes: BTreeMap<Hex, Value>,
    #[serde(default)]
    closed_ships: Option<Vec<Option<Vec<Edge>>>>,
    #[serde(default)]
    movable_ships: Option<Vec<Option<Vec<Edge>>>>,
    #[serde(default)]
    legal: Vec<LegalCheck>,
    #[serde(default)]
    views: Vec<ViewCheck>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ToActText {
    Seats(Vec<u8>),
    Word(String),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SeatOrNone {
    Seat(u8),
    Word(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegalCheck {
    seat: u8,
    #[serde(default)]
    includes: Vec<ActionText>,
    #[serde(default)]
    excludes: Vec<ActionText>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    exactly: Option<Vec<ActionText>>,
    #[serde(default)]
    count: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewCheck {
    #[serde(default)]
    seat: Option<u8>,
    expect: Value,
}

/// One step: the action, and whether (and why) it must be refused.
struct Step {
    entry: ActionEntry,
    refused: Option<String>,
    expect: Option<Expect>,
}

fn parse_step(raw: &Value) -> Result<Step, String> {
    let mut fields: Map<String, Value> = raw
        .as_object()
        .cloned()
        .ok_or("a step is an object: {\"actor\": .., \"action\": .., ..}")?;
    let refused = match fields.remove("refused") {
        None => None,
        Some(Value::String(text)) if !text.is_empty() => Some(text),
        Some(other) => {
            return Err(format!(
                "`refused` is the text the refusal must contain, not {other}"
            ));
        }
    };
    let expect = fields
        .remove("expect")
        .map(serde_json::from_value::<Expect>)
        .transpose()
        .map_err(|e| format!("its `expect`: {e}"))?;
    fields.remove("note");
    let entry = serde_json::from_value::<ActionEntry>(Value::Object(fields))
        .map_err(|e| format!("not an action entry: {e}"))?;
    Ok(Step {
        entry,
        refused,
        expect,
    })
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

/// Every case file, sorted by name.
fn case_files() -> Vec<PathBuf> {
    let dir = cases_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn read_case(path: &Path) -> Result<Case, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let case: Case = serde_json::from_str(&text).map_err(|e| format!("not a rule case: {e}"))?;
    if case.rules.is_empty() {
        return Err("`rules` names no rule".into());
    }
    if let Some(bad) = case.rules.iter().find(|r| !is_rule_id(r)) {
        return Err(format!(
            "`{bad}` is not a rule id like B-17, EX-1, D-B-6 or D-G-4.4"
        ));
    }
    if case.title.trim().is_empty() {
        return Err("the case has no title".into());
    }
    if case.position_refused.is_some()
        && (!case.steps.is_empty() || case.expect.is_some() || case.given.is_some())
    {
        return Err("a refused position has no `given`, steps or `expect`".into());
    }
    if case.position_refused.is_none() && case.steps.is_empty() && case.expect.is_none() {
        return Err("the case checks nothing: give steps, `expect` or `position_refused`".into());
    }
    Ok(case)
}

/// A rule id of `shared/rules`: upper-case parts joined by `-`, ending in a number that may
/// have sub-numbers (`B-17`, `EX-1`, `D-B-6`, `D-G-4.4`, `S-14.4`, `BA2-8`), or a worked
/// example of seafarers.md §7, a `W-` and one letter (`W-A` to `W-F`).
fn is_rule_id(id: &str) -> bool {
    let Some((prefix, number)) = id.rsplit_once('-') else {
        return false;
    };
    if prefix == "W" {
        return number.len() == 1 && number.bytes().all(|b| b.is_ascii_uppercase());
    }
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    number.split('.').all(numeric)
        && prefix.split('-').all(|part| {
            part.starts_with(|c: char| c.is_ascii_uppercase())
                && part
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        })
}

fn position_json(game: &Game) -> Value {
    serde_json::to_value(game.to_position()).expect("a position serialises")
}

/// Runs one case and returns every way it fails.
fn run_case(path: &Path) -> Vec<String> {
    let case = match read_case(path) {
        Ok(case) => case,
        Err(e) => return vec![e],
    };
    let position: Position = match serde_json::from_value(case.position.clone()) {
        Ok(p) => p,
        Err(e) => return vec![format!("`position` is not a settlers-position: {e}")],
    };
    let loaded = Game::from_position(&position);
    if let Some(text) = &case.position_refused {
        return match loaded {
            Ok(_) => vec![format!(
                "the position loaded, but it must be refused with a message containing {text:?}"
            )],
            Err(e) if e.to_string().contains(text.as_str()) => Vec::new(),
            Err(e) => vec![format!(
                "the position was refused with \"{e}\", which does not contain {text:?}"
            )],
        };
    }
    let mut game = match loaded {
        Ok(game) => game,
        Err(e) => return vec![format!("the position does not load: {e}")],
    };
    let mut failures = Vec::new();
    if let Some(given) = &case.given {
        for f in check(&game, given) {
            failures.push(format!("given: {f}"));
        }
    }
    for (i, raw) in case.steps.iter().enumerate() {
        let n = i + 1;
        let step = match parse_step(raw) {
            Ok(step) => step,
            Err(e) => {
                failures.push(format!("step {n}: {e}"));
                return failures;
            }
        };
        let shown = raw_action(raw);
        if let Err(e) = run_step(&mut game, &step) {
            failures.push(format!("step {n} {shown}: {e}"));
            return failures;
        }
        if let Some(expect) = &step.expect {
            for f in check(&game, expect) {
                failures.push(format!("after step {n} {shown}: {f}"));
            }
        }
    }
    if let Some(expect) = &case.expect {
        failures.extend(check(&game, expect));
    }
    failures
}

/// The step as it reads in the file, without its expectations.
fn raw_action(raw: &Value) -> String {
    let mut shown = raw.clone();
    if let Some(fields) = shown.as_object_mut() {
        fields.remove("expect");
        fields.remove("note");
    }
    shown.to_string()
}

/// Applies a step and checks its outcome; an unexpected outcome stops the case.
fn run_step(game: &mut Game, step: &Step) -> Result<(), String> {
    let actor = step.entry.actor.0;
    let before = position_json(game);
    let listed = is_listed(game, actor, &step.entry.action);
    let outcome = game.apply_text(actor, &step.entry.action);
    match (&outcome, &step.refused) {
        (Ok(_), None) => {}
        (Ok(_), Some(text)) => {
            return Err(format!(
                "it was applied, but it must be refused with a message containing {text:?}"
            ));
        }
        (Err(e), None) => return Err(format!("refused: {e}")),
        (Err(e), Some(text)) => {
            if !e.to_string().contains(text.as_str()) {
                return Err(format!(
                    "refused with \"{e}\", which does not contain {text:?}"
                ));
            }
            let after = position_json(game);
            if after != before {
                let mut changes = Vec::new();
                differences(&before, &after, "position", &mut changes);
                return Err(format!(
                    "refused, but the position changed: {}",
                    changes.join("; ")
                ));
            }
        }
    }
    if listed != outcome.is_ok() {
        return Err(if listed {
            "legal_actions lists it, but apply refused it".into()
        } else {
            "apply accepted it, but legal_actions does not list it".into()
        });
    }
    Ok(())
}

/// Whether the action is among the actor's legal actions (chance: among its outcomes).
fn is_listed(game: &Game, actor: Actor, text: &ActionText) -> bool {
    let Ok(action) = game.action_from_text(text) else {
        return false;
    };
    match actor {
        Actor::Seat(seat) => game.legal_actions(seat).permits(&action),
        Actor::Chance => game
            .chance_outcomes()
            .iter()
            .any(|(a, weight)| *a == action && *weight > 0),
    }
}

/// Every difference between what is expected and the game.
fn check(game: &Game, expect: &Expect) -> Vec<String> {
    let mut out = Vec::new();
    let position = position_json(game);
    if let Some(expected) = &expect.position {
        compare(expected, &position, "position", "", &mut out);
    }
    if let Some(expected) = &expect.phase {
        compare(expected, &position["phase"], "phase", "phase", &mut out);
    }
    for (hex, expected) in &expect.hexes {
        let name = hex.to_string();
        let entry = position["map"]["hexes"]
            .as_array()
            .and_then(|hexes| hexes.iter().find(|h| h["hex"] == name.as_str()));
        match entry {
            Some(entry) => compare(expected, entry, &format!("hex {name}"), "", &mut out),
            None => out.push(format!("hex {name}: not on the board")),
        }
    }
    if let Some(expected) = &expect.to_act {
        let actual = to_act_text(game.to_act());
        let wanted = match expected {
            ToActText::Seats(seats) => {
                let mut seats = seats.clone();
                seats.sort();
                format!("{seats:?}")
            }
            ToActText::Word(w) => w.clone(),
        };
        if actual != wanted {
            out.push(format!("to act: expected {wanted}, found {actual}"));
        }
    }
    if let Some(expected) = &expect.winner {
        let wanted = match expected {
            SeatOrNone::Seat(s) => Some(Seat(*s)),
            SeatOrNone::Word(w) if w == "none" => None,
            SeatOrNone::Word(w) => {
                out.push(format!("winner: `{w}` is not a seat or \"none\""));
                None
            }
        };
        if game.winner() != wanted {
            out.push(format!(
                "winner: expected {}, found {}",
                seat_or_none(wanted),
                seat_or_none(game.winner())
            ));
        }
    }
    if let Some(points) = &expect.victory_points {
        per_seat(game, "victory points", points, &mut out, |s| {
            game.victory_points(s)
        });
    }
    if let Some(lengths) = &expect.road_length {
        per_seat(game, "road length", lengths, &mut out, |s| {
            game.road_length_of(s)
        });
    }
    if let Some(expected) = &expect.closed_ships {
        edges_per_seat(game, "closed ships", expected, &mut out, |s| {
            let t = game.topology();
            game.closed_ships(s)
                .iter()
                .map(|e| t.edge(EdgeId(e as u16)))
                .collect()
        });
    }
    if let Some(expected) = &expect.movable_ships {
        edges_per_seat(game, "movable ships", expected, &mut out, |s| {
            game.legal_actions(s)
                .actions
                .iter()
                .filter_map(|a| match a {
                    Action::MoveShip { from, .. } => Some(game.topology().edge(*from)),
                    _ => None,
                })
                .collect()
        });
    }
    for legal in &expect.legal {
        check_legal(game, legal, &mut out);
    }
    for view in &expect.views {
        let data = match view.seat {
            Some(s) => game.view(Seat(s)).to_data(),
            None => game.spectator_view().to_data(),
        };
        let actual = serde_json::to_value(data).expect("a view serialises");
        let name = match view.seat {
            Some(s) => format!("view of seat {s}"),
            None => "spectator view".into(),
        };
        compare(&view.expect, &actual, &name, "", &mut out);
    }
    out
}

fn seat_or_none(seat: Option<Seat>) -> String {
    seat.map_or("none".into(), |s| s.0.to_string())
}

fn to_act_text(to_act: ToAct) -> String {
    match to_act {
        ToAct::Seats(seats) => format!("{:?}", seats.iter().map(|s| s.0).collect::<Vec<_>>()),
        ToAct::Chance(_) => "chance".into(),
        ToAct::Nobody => "nobody".into(),
    }
}

fn per_seat(
    game: &Game,
    what: &str,
    expected: &[Option<u8>],
    out: &mut Vec<String>,
    actual: impl Fn(Seat) -> u8,
) {
    if expected.len() != usize::from(game.seats()) {
        out.push(format!(
            "{what}: {} numbers given for {} seats",
            expected.len(),
            game.seats()
        ));
        return;
    }
    for (i, wanted) in expected.iter().enumerate() {
        let found = actual(Seat(i as u8));
        if let Some(wanted) = wanted
            && *wanted != found
        {
            out.push(format!(
                "{what} of seat {i}: expected {wanted}, found {found}"
            ));
        }
    }
}

/// A set of edges for each seat (`None` skips a seat), compared as sets.
fn edges_per_seat(
    game: &Game,
    what: &str,
    expected: &[Option<Vec<Edge>>],
    out: &mut Vec<String>,
    actual: impl Fn(Seat) -> BTreeSet<Edge>,
) {
    if expected.len() != usize::from(game.seats()) {
        out.push(format!(
            "{what}: {} lists given for {} seats",
            expected.len(),
            game.seats()
        ));
        return;
    }
    let shown = |set: &BTreeSet<Edge>| {
        set.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (i, wanted) in expected.iter().enumerate() {
        let Some(wanted) = wanted else { continue };
        let wanted: BTreeSet<Edge> = wanted.iter().copied().collect();
        let found = actual(Seat(i as u8));
        if wanted != found {
            out.push(format!(
                "{what} of seat {i}: expected {{{}}}, found {{{}}}",
                shown(&wanted),
                shown(&found)
            ));
        }
    }
}

fn action_json(text: &ActionText) -> Value {
    serde_json::to_value(text).expect("an action serialises")
}

fn check_legal(game: &Game, check: &LegalCheck, out: &mut Vec<String>) {
    let seat = Seat(check.seat);
    let legal = game.legal_actions(seat);
    let permits = |text: &ActionText| game.action_from_text(text).is_ok_and(|a| legal.permits(&a));
    for text in &check.includes {
        if !permits(text) {
            out.push(format!(
                "legal actions of seat {}: {} is not among them",
                check.seat,
                action_json(text)
            ));
        }
    }
    for text in &check.excludes {
        if permits(text) {
            out.push(format!(
                "legal actions of seat {}: {} is among them, and must not be",
                check.seat,
                action_json(text)
            ));
        }
    }
    if check.exactly.is_none() && check.count.is_none() {
        return;
    }
    let of_kind = |a: &Action| {
        let text = action_json(&game.action_text(a));
        check.kind.as_ref().is_none_or(|k| text["action"] == **k)
    };
    let listed: BTreeSet<String> = legal
        .actions
        .iter()
        .filter(|a| of_kind(a))
        .map(|a| action_json(&game.action_text(a)).to_string())
        .collect();
    let kind = check.kind.as_deref().unwrap_or("any kind");
    if let Some(exactly) = &check.exactly {
        let wanted: BTreeSet<String> = exactly
            .iter()
            .map(|t| {
                // Through the board and back, so that any name of a place compares equal.
                game.action_from_text(t)
                    .map(|a| action_json(&game.action_text(&a)))
                    .unwrap_or_else(|_| action_json(t))
                    .to_string()
            })
            .collect();
        let missing: Vec<&String> = wanted.difference(&listed).collect();
        let extra: Vec<&String> = listed.difference(&wanted).collect();
        if !missing.is_empty() || !extra.is_empty() {
            out.push(format!(
                "legal actions of seat {} ({kind}): missing {missing:?}, not expected {extra:?}",
                check.seat
            ));
        }
    }
    if let Some(count) = check.count
        && listed.len() != count
    {
        out.push(format!(
            "legal actions of seat {} ({kind}): expected {count}, found {}",
            check.seat,
            listed.len()
        ));
    }
}

/// Card counts: compared whole, a type not named being 0.
const COUNTS: &[&str] = &[
    "hand",
    "bank",
    "development_cards",
    "new_development_cards",
    "development_deck",
    "give",
    "get",
    // A pool's `{"name": count}` (the fog stacks of scenarios.md SC3-2).
    "contents",
    // Barbarian Attack: barbarians by hex, its deck and discards by card.
    "on",
    "deck",
    "discard",
];

/// Arrays whose order means something; every other array is a set. Barbarian Attack's gold,
/// prisoners and trade tokens are one number per seat.
const ORDERED: &[&str] = &["players", "dice", "gold", "prisoners", "tokens"];

/// What a missing key stands for: the position leaves out empty lists and absent values.
fn is_empty_value(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn same_scalar(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        _ => expected == actual,
    }
}

/// Subset match of `expected` against `actual` (see the module comment).
fn compare(expected: &Value, actual: &Value, path: &str, key: &str, out: &mut Vec<String>) {
    match expected {
        Value::Object(wanted) if COUNTS.contains(&key) => {
            let Some(found) = actual.as_object() else {
                out.push(format!("{path}: expected {expected}, found {actual}"));
                return;
            };
            let names: BTreeSet<&String> = wanted.keys().chain(found.keys()).collect();
            let count = |m: &Map<String, Value>, k: &str| m.get(k).and_then(Value::as_u64);
            let differs = names
                .iter()
                .any(|k| count(wanted, k).unwrap_or(0) != count(found, k).unwrap_or(0));
            if differs {
                out.push(format!("{path}: expected {expected}, found {actual}"));
            }
        }
        Value::Object(wanted) => {
            let Some(found) = actual.as_object() else {
                out.push(format!("{path}: expected {expected}, found {actual}"));
                return;
            };
            for (k, v) in wanted {
                let at = format!("{path}.{k}");
                match found.get(k) {
                    Some(a) => compare(v, a, &at, k, out),
                    None if is_empty_value(v) => {}
                    None => out.push(format!("{at}: expected {v}, but it is not there")),
                }
            }
        }
        Value::Array(wanted) => {
            let Some(found) = actual.as_array() else {
                out.push(format!("{path}: expected {expected}, found {actual}"));
                return;
            };
            if ORDERED.contains(&key) {
                if wanted.len() != found.len() {
                    out.push(format!(
                        "{path}: expected {} entries, found {}",
                        wanted.len(),
                        found.len()
                    ));
                    return;
                }
                for (i, (w, a)) in wanted.iter().zip(found).enumerate() {
                    compare(w, a, &format!("{path}[{i}]"), "", out);
                }
            } else {
                compare_sets(wanted, found, path, out);
            }
        }
        _ if same_scalar(expected, actual) => {}
        _ if actual.is_null() && is_empty_value(expected) => {}
        _ => out.push(format!("{path}: expected {expected}, found {actual}")),
    }
}

fn fits(expected: &Value, actual: &Value) -> bool {
    let mut out = Vec::new();
    compare(expected, actual, "", "", &mut out);
    out.is_empty()
}

/// Arrays as sets: the same size, and each expected element matched by a different actual
/// one (a maximum bipartite matching, so the order of the file never matters).
fn compare_sets(wanted: &[Value], found: &[Value], path: &str, out: &mut Vec<String>) {
    let edges: Vec<Vec<usize>> = wanted
        .iter()
        .map(|w| (0..found.len()).filter(|&j| fits(w, &found[j])).collect())
        .collect();
    let mut partner: Vec<Option<usize>> = vec![None; found.len()];
    fn augment(
        i: usize,
        edges: &[Vec<usize>],
        seen: &mut [bool],
        partner: &mut [Option<usize>],
    ) -> bool {
        for &j in &edges[i] {
            if seen[j] {
                continue;
            }
            seen[j] = true;
            if partner[j].is_none_or(|k| augment(k, edges, seen, partner)) {
                partner[j] = Some(i);
                return true;
            }
        }
        false
    }
    let mut unmatched = Vec::new();
    for i in 0..wanted.len() {
        let mut seen = vec![false; found.len()];
        if !augment(i, &edges, &mut seen, &mut partner) {
            unmatched.push(i);
        }
    }
    if unmatched.is_empty() && wanted.len() == found.len() {
        return;
    }
    let missing: Vec<String> = unmatched.iter().map(|&i| wanted[i].to_string()).collect();
    let extra: Vec<String> = (0..found.len())
        .filter(|&j| partner[j].is_none())
        .map(|j| found[j].to_string())
        .collect();
    let mut message = if wanted.len() == found.len() {
        format!("{path}: not the expected set")
    } else {
        format!(
            "{path}: expected {} entries, found {}",
            wanted.len(),
            found.len()
        )
    };
    if !missing.is_empty() {
        let _ = write!(message, "; not found: {}", missing.join(", "));
    }
    if !extra.is_empty() {
        let _ = write!(message, "; not expected: {}", extra.join(", "));
    }
    out.push(message);
}

/// Where two positions differ, for the report of a refused step that changed something.
fn differences(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let at = format!("{path}.{k}");
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => differences(p, q, &at, out),
                    (p, q) => out.push(format!(
                        "{at}: {} became {}",
                        p.unwrap_or(&Value::Null),
                        q.unwrap_or(&Value::Null)
                    )),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                differences(p, q, &format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(format!("{path}: {a} became {b}")),
        _ => {}
    }
}

#[test]
fn rule_cases() {
    let files = case_files();
    assert!(
        !files.is_empty(),
        "there are no rule cases in {}",
        cases_dir().display()
    );
    let only = std::env::var("RULE_CASE").ok();
    let mut ran = 0;
    let mut report = String::new();
    let mut failed = 0;
    for path in &files {
        let name = file_name(path);
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        ran += 1;
        let failures = run_case(path);
        if !failures.is_empty() {
            failed += 1;
            let _ = writeln!(report, "tests/cases/{name}:");
            for f in failures {
                let _ = writeln!(report, "  - {f}");
            }
        }
    }
    assert!(ran > 0, "no rule case matches RULE_CASE={only:?}");
    assert!(
        failed == 0,
        "{failed} of {ran} rule cases failed:\n{report}"
    );
}

/// Rules that must each be shown by at least one case: base.md, the base examples, and the
/// base-game decisions that a position can show (D-B-2 and D-B-3 are layout options, shown
/// by `tests/layouts.rs`); then every Seafarers id in scope (`seafarers_rule_ids`) and every
/// Barbarian Attack id in scope (`barbarian_rule_ids`).
fn rules_needing_a_case() -> Vec<String> {
    let mut ids: Vec<String> = (1..=42).map(|n| format!("B-{n}")).collect();
    ids.extend((1..=10).map(|n| format!("EX-{n}")));
    ids.extend(["D-B-1", "D-B-4", "D-B-5", "D-B-6"].map(String::from));
    ids.extend((4..=6).map(|n| format!("D-G-4.{n}")));
    ids.extend(seafarers_rule_ids());
    ids.extend(barbarian_rule_ids());
    ids
}

/// The Barbarian Attack ids these cases cover, as the rules files define them: the scenario
/// and its two-player variant (barbarian-attack.md `BA-n`, `BA2-n`), the examples of
/// examples.md tagged with one of those rules, their decisions (decisions.md `D-BA-n`,
/// `D-BA2-n`) and the reading of Treason they lean on (D-G-4.3); the event-card variant and
/// the Harbormaster combination (`BAE-n`, `BAH-n`, `D-BAE-n`, `D-BAH-n`) likewise.
///
/// Read from the rules files when they are at hand, else from the list below, as
/// `seafarers_rule_ids` is; `the_barbarian_ids_are_those_of_the_rules_files` keeps the two the
/// same.
fn barbarian_rule_ids() -> Vec<String> {
    match rules_dir() {
        Some(dir) => barbarian_ids_in_rules_files(&dir),
        None => embedded_barbarian_ids(),
    }
}

/// The Barbarian Attack ids as the rules files defined them when these cases were written.
fn embedded_barbarian_ids() -> Vec<String> {
    let mut ids: Vec<String> = (1..=31).map(|n| format!("BA-{n}")).collect();
    ids.extend((1..=13).map(|n| format!("BA2-{n}")));
    ids.extend((30..=43).map(|n| format!("EX-{n}")));
    ids.extend((1..=17).map(|n| format!("D-BA-{n}")));
    ids.extend((1..=5).map(|n| format!("D-BA2-{n}")));
    ids.push("D-G-4.3".into());
    ids.extend((1..=4).map(|n| format!("BAE-{n}")));
    ids.extend((1..=3).map(|n| format!("BAH-{n}")));
    ids.push("EX-44".into());
    ids.extend((1..=4).map(|n| format!("D-BAE-{n}")));
    ids.push("D-BAH-1".into());
    ids.sort();
    ids
}

/// The ids of `barbarian_rule_ids`, read from the rules files in `dir`.
fn barbarian_ids_in_rules_files(dir: &Path) -> Vec<String> {
    let rules = read_rules_file(dir, "barbarian-attack.md");
    let examples = read_rules_file(dir, "examples.md");
    let decisions = read_rules_file(dir, "decisions.md");
    let in_scope = |id: &str| {
        ["BA-", "BA2-", "BAE-", "BAH-"]
            .iter()
            .any(|p| id.starts_with(p))
    };
    let mut ids = Vec::new();
    for prefix in ["BA-", "BA2-", "BAE-", "BAH-"] {
        ids.extend(bold_ids(&rules, prefix));
    }
    ids.extend(tagged_examples(&examples, in_scope));
    for prefix in ["D-BA-", "D-BA2-", "D-BAE-", "D-BAH-"] {
        ids.extend(bold_ids(&decisions, prefix));
    }
    ids.push("D-G-4.3".into());
    ids.sort();
    ids.dedup();
    ids
}

/// The examples of examples.md with a rule in scope in their brackets:
/// `**EX-21 …** ✔ [S-16, D-S-11]`, `**EX-33 …** [BA-22 to BA-26]`.
fn tagged_examples(examples: &str, in_scope: impl Fn(&str) -> bool) -> Vec<String> {
    let mut ids = Vec::new();
    for line in examples.lines().filter(|l| l.starts_with("**EX-")) {
        let tags = line
            .rsplit_once('[')
            .map_or("", |(_, t)| t.trim_end().trim_end_matches(']'));
        if tags.split(',').any(|t| in_scope(t.trim())) {
            ids.extend(bold_ids(line, "EX-"));
        }
    }
    ids
}

/// The Seafarers ids these cases cover, as the rules files define them: the general rules
/// and their bold sub-rules (seafarers.md `S-n`, `S-n.m`), its worked examples (`W-A` to
/// `W-F`), the rules of scenarios 1 to 8 (scenarios.md `SC1-n` to `SC8-n`),
/// the examples of examples.md tagged with one of those rules, the Seafarers decisions for
/// the general rules and those scenarios (decisions.md `D-S-n`, `D-SC-1`, `D-SC1-n` to
/// `D-SC8-n`), and the general decisions they lean on (D-G-3, D-G-4.1, D-G-4.2).
///
/// The rules live outside this repository (`shared/rules`, or `SETTLERS_RULES`): when they are
/// at hand the ids are read from them, so that a rule added there needs a case here; on a
/// clean clone without them, the list below stands in, and
/// `the_seafarers_ids_are_those_of_the_rules_files` keeps the two the same.
fn seafarers_rule_ids() -> Vec<String> {
    match rules_dir() {
        Some(dir) => ids_in_rules_files(&dir),
        None => embedded_seafarers_ids(),
    }
}

/// The Seafarers ids as the rules files defined them when these cases were written.
fn embedded_seafarers_ids() -> Vec<String> {
    let mut ids: Vec<String> = (1..=23).map(|n| format!("S-{n}")).collect();
    ids.extend((1..=5).map(|n| format!("S-14.{n}")));
    ids.extend(('A'..='F').map(|x| format!("W-{x}")));
    for (k, last) in [
        (1, 6),
        (2, 6),
        (3, 9),
        (4, 6),
        (5, 9),
        (6, 11),
        (7, 13),
        (8, 10),
    ] {
        ids.extend((1..=last).map(|n| format!("SC{k}-{n}")));
    }
    ids.extend((11..=29).map(|n| format!("EX-{n}")));
    ids.extend((1..=12).map(|n| format!("D-S-{n}")));
    ids.push("D-SC-1".into());
    for (k, last) in [
        (1, 2),
        (2, 1),
        (3, 5),
        (4, 2),
        (5, 4),
        (6, 5),
        (7, 11),
        (8, 4),
    ] {
        ids.extend((1..=last).map(|n| format!("D-SC{k}-{n}")));
    }
    ids.extend(["D-G-3", "D-G-4.1", "D-G-4.2"].map(String::from));
    ids.sort();
    ids
}

/// The Seafarers scenarios whose rules (`SCk-n`) and decisions (`D-SCk-n`) need cases.
const SCENARIOS_IN_SCOPE: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// `shared/rules`: where `SETTLERS_RULES` points, or beside this workspace.
fn rules_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("SETTLERS_RULES") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules"),
    };
    dir.join("seafarers.md").is_file().then_some(dir)
}

fn read_rules_file(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.join(name).display()))
}

/// Every id written in bold (`**S-14.1 Start.**`) in `text` that starts with `prefix`.
fn bold_ids(text: &str, prefix: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for (at, _) in text.match_indices(&format!("**{prefix}")) {
        let rest = &text[at + 2..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
            .unwrap_or(rest.len());
        let id = rest[..end].trim_end_matches('.');
        if is_rule_id(id) {
            ids.push(id.to_string());
        }
    }
    ids
}

/// The ids of `seafarers_rule_ids`, read from the rules files in `dir`.
fn ids_in_rules_files(dir: &Path) -> Vec<String> {
    let seafarers = read_rules_file(dir, "seafarers.md");
    let scenarios = read_rules_file(dir, "scenarios.md");
    let examples = read_rules_file(dir, "examples.md");
    let decisions = read_rules_file(dir, "decisions.md");
    let in_scope = |id: &str| {
        id.starts_with("S-")
            || SCENARIOS_IN_SCOPE
                .iter()
                .any(|k| id.starts_with(&format!("SC{k}-")))
    };
    let mut ids = bold_ids(&seafarers, "S-");
    ids.extend(bold_ids(&seafarers, "W-"));
    ids.extend(
        bold_ids(&scenarios, "SC")
            .into_iter()
            .filter(|id| in_scope(id)),
    );
    ids.extend(tagged_examples(&examples, in_scope));
    ids.extend(bold_ids(&decisions, "D-S-"));
    ids.extend(bold_ids(&decisions, "D-SC").into_iter().filter(|id| {
        id == "D-SC-1"
            || SCENARIOS_IN_SCOPE
                .iter()
                .any(|k| id.starts_with(&format!("D-SC{k}-")))
    }));
    // D-G-4 is one decision with numbered readings; these are the two about ships.
    ids.extend(["D-G-3", "D-G-4.1", "D-G-4.2"].map(String::from));
    ids.sort();
    ids.dedup();
    ids
}

#[test]
fn every_rule_has_a_case() {
    let mut shown = BTreeSet::new();
    for path in case_files() {
        if let Ok(case) = read_case(&path) {
            shown.extend(case.rules);
        }
    }
    let missing: Vec<String> = rules_needing_a_case()
        .into_iter()
        .filter(|id| !shown.contains(id))
        .collect();
    assert!(missing.is_empty(), "no rule case shows {missing:?}");
}

/// The list that stands in for the rules files on a clean clone is the one they define;
/// and base.md still numbers its rules B-1 to B-42. Without the rules files at hand there is
/// nothing to compare, and the test says so.
#[test]
fn the_seafarers_ids_are_those_of_the_rules_files() {
    let Some(dir) = rules_dir() else {
        eprintln!(
            "shared/rules not found (set SETTLERS_RULES): the embedded ids were not compared"
        );
        return;
    };
    assert_eq!(ids_in_rules_files(&dir), embedded_seafarers_ids());
    let base: Vec<String> = bold_ids(&read_rules_file(&dir, "base.md"), "B-");
    let expected: Vec<String> = (1..=42).map(|n| format!("B-{n}")).collect();
    assert_eq!(base, expected, "base.md's rule ids");
}

/// The same for Barbarian Attack: the list that stands in for the rules files is the one they
/// define.
#[test]
fn the_barbarian_ids_are_those_of_the_rules_files() {
    let Some(dir) = rules_dir() else {
        eprintln!(
            "shared/rules not found (set SETTLERS_RULES): the embedded ids were not compared"
        );
        return;
    };
    assert_eq!(barbarian_ids_in_rules_files(&dir), embedded_barbarian_ids());
}

/// `docs/rules-coverage.md` names every case file, and every case file it names exists.
#[test]
fn the_coverage_table_names_every_case() {
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules-coverage.md");
    let doc = std::fs::read_to_string(&doc_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", doc_path.display()));
    let files: BTreeSet<String> = case_files().iter().map(|p| file_name(p)).collect();
    let mut named = BTreeSet::new();
    for (at, _) in doc.match_indices(".json") {
        let start = doc[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .map_or(0, |i| i + 1);
        // `maps/base.json` and the like are other files, named by their path.
        if start < at && !doc[..start].ends_with('/') {
            named.insert(format!("{}.json", &doc[start..at]));
        }
    }
    let unnamed: Vec<&String> = files.difference(&named).collect();
    let unknown: Vec<&String> = named.difference(&files).collect();
    assert!(
        unnamed.is_empty() && unknown.is_empty(),
        "docs/rules-coverage.md does not name the cases {unnamed:?}, and names cases that do not exist: {unknown:?}"
    );
}

/// B-1 at the table: the base scenario seats 3 or 4 players, no fewer and no more.
#[test]
fn the_base_scenario_seats_three_or_four() {
    let base = Scenario::by_name("base").expect("the base scenario");
    for seats in 1..=6 {
        assert_eq!(
            base.template(seats).is_ok(),
            seats == 3 || seats == 4,
            "{seats} players"
        );
    }
}

/// BA-1 at the table: Barbarian Attack seats 3 or 4 players, and 2 with the variant of BA2.
#[test]
fn the_barbarian_scenario_seats_two_to_four() {
    let scenario = Scenario::by_name("barbarian-attack").expect("the Barbarian Attack scenario");
    for seats in 1..=6 {
        assert_eq!(
            scenario.template(seats).is_ok(),
            (2..=4).contains(&seats),
            "{seats} players"
        );
    }
}

/// BA-3: the variable set-up shuffles the coastal stack (2 forest, 2 hills, 3 pasture,
/// 1 mountains, 2 fields) over the ten coastal hexes and the inner stack (1 forest, 1 hills,
/// 1 pasture, 2 mountains, 2 fields) over the seven inner ones, never one into the other; the
/// castle, the desert and every number token stay.
#[test]
fn the_barbarian_board_shuffles_each_stack_apart() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    use settlers_core::Terrain;
    use settlers_core::map::{Layout, LayoutOptions};
    let coastal = [
        "1,0", "2,0", "3,1", "3,2", "2,3", "1,4", "0,4", "-1,3", "-1,2", "0,1",
    ];
    let inner = ["1,1", "2,1", "0,2", "1,2", "2,2", "0,3", "1,3"];
    // Terrain counts, indexed as `Terrain::ALL`.
    let index = |t: Terrain| {
        Terrain::ALL
            .iter()
            .position(|x| *x == t)
            .expect("a terrain")
    };
    let stack = |forest, hills, pasture, mountains, fields| {
        let mut counts = [0usize; Terrain::ALL.len()];
        for (t, n) in [
            (Terrain::Forest, forest),
            (Terrain::Hills, hills),
            (Terrain::Pasture, pasture),
            (Terrain::Mountains, mountains),
            (Terrain::Fields, fields),
        ] {
            counts[index(t)] = n;
        }
        counts
    };
    let template = Scenario::by_name("barbarian-attack")
        .and_then(|s| s.template(3))
        .expect("the Barbarian Attack map");
    let options = LayoutOptions {
        layout: Layout::Variable,
        ..Default::default()
    };
    let mut seen_coast = BTreeSet::new();
    for seed in 0..40 {
        let board = template
            .realise(&options, &mut ChaCha8Rng::seed_from_u64(seed))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let at = |h: &str| {
            let hex: Hex = h.parse().expect("a hex");
            *board
                .hexes
                .iter()
                .find(|b| b.hex == hex)
                .unwrap_or_else(|| panic!("seed {seed}: {h} is not on the board"))
        };
        let terrains = |hexes: &[&str]| {
            let mut counts = [0usize; Terrain::ALL.len()];
            for h in hexes {
                counts[index(at(h).terrain)] += 1;
            }
            counts
        };
        assert_eq!(
            terrains(&coastal),
            stack(2, 2, 3, 1, 2),
            "seed {seed}: coastal"
        );
        assert_eq!(terrains(&inner), stack(1, 1, 1, 2, 2), "seed {seed}: inner");
        assert_eq!(at("-1,4").terrain, Terrain::Castle, "seed {seed}");
        assert_eq!(at("3,0").terrain, Terrain::Desert, "seed {seed}");
        assert_eq!(board.hexes.len(), 19, "seed {seed}");
        assert_eq!(at("2,0").number, Some(4), "seed {seed}");
        assert_eq!(at("1,2").number, Some(10), "seed {seed}");
        seen_coast.insert(coastal.map(|h| index(at(h).terrain)));
    }
    assert!(
        seen_coast.len() > 1,
        "the coastal terrain is never shuffled"
    );
}

#[test]
fn rule_ids_are_checked() {
    for id in [
        "B-1", "B-42", "EX-10", "D-B-6", "D-G-4.4", "S-14.4", "BA2-8", "SC1-5", "W-A", "W-F",
        "D-SC-1",
    ] {
        assert!(is_rule_id(id), "{id}");
    }
    for id in [
        "B17", "b-17", "B-", "-17", "B-17a", "EX-1.", "D-g-4.4", "W-1", "W-a", "W-AB", "X-A",
    ] {
        assert!(!is_rule_id(id), "{id}");
    }
    // Bold ids in a rules file, sub-rules included, and nothing else.
    let text = "**S-14.1 Start.** x **S-2 Hex classes.** S-3 **W-A (picture A)** **Sx-1**";
    assert_eq!(bold_ids(text, "S-"), ["S-14.1", "S-2"]);
    assert_eq!(bold_ids(text, "W-"), ["W-A"]);
}

/// The harness itself: a check that can never fail is no check.
#[test]
fn subset_matching_notices_differences() {
    let actual: Value = serde_json::json!({
        "players": [{"hand": {"wool": 2}, "settlements": ["1,0,N", "2,0,S"]}, {"hand": {}}],
        "robber": "1,2",
        "winner": null
    });
    let ok = |expected: Value| {
        let mut out = Vec::new();
        compare(&expected, &actual, "position", "", &mut out);
        out
    };
    assert!(ok(serde_json::json!({"robber": "1,2", "winner": null, "offer": null})).is_empty());
    assert!(
        ok(serde_json::json!({"players": [{"settlements": ["2,0,S", "1,0,N"]}, {}]})).is_empty()
    );
    assert!(!ok(serde_json::json!({"robber": "1,1"})).is_empty());
    assert!(!ok(serde_json::json!({"players": [{"settlements": ["1,0,N"]}, {}]})).is_empty());
    assert!(!ok(serde_json::json!({"players": [{}, {"hand": {}}, {}]})).is_empty());
    // A count is whole: 2 wool is not 2 wool and 1 ore, and an empty hand is not 2 wool.
    assert!(!ok(serde_json::json!({"players": [{"hand": {"wool": 2, "ore": 1}}, {}]})).is_empty());
    assert!(!ok(serde_json::json!({"players": [{"hand": {}}, {}]})).is_empty());
    assert!(ok(serde_json::json!({"players": [{"hand": {"wool": 2, "ore": 0}}, {}]})).is_empty());
    // A missing key is not a number: no winner is not seat 0.
    assert!(!ok(serde_json::json!({"winner": 0})).is_empty());
}

/// Barbarian Attack's counts are whole and its per-seat lists ordered: barbarians left out of
/// `on` must be absent, and gold is matched seat by seat.
#[test]
fn barbarian_checks_notice_differences() {
    let actual = serde_json::json!({
        "barbarians": {
            "on": {"3,2": 3, "1,0": 1},
            "gold": [3, 0, 6],
            "prisoners": [1, 2, 0],
            "deck": {"knighthood": 13, "treason": 4},
            "knights": [{"seat": 0, "edge": "1,0,E"}, {"seat": 1, "edge": "2,0,SE"}]
        }
    });
    let failures = |expected: Value| {
        let mut out = Vec::new();
        compare(&expected, &actual, "position", "", &mut out);
        out
    };
    assert!(
        failures(serde_json::json!({"barbarians": {
            "on": {"1,0": 1, "3,2": 3},
            "gold": [3, 0, 6],
            "deck": {"treason": 4, "knighthood": 13, "intrigue": 0},
            "knights": [{"seat": 1, "edge": "2,0,SE"}, {"seat": 0}]
        }}))
        .is_empty()
    );
    for wrong in [
        serde_json::json!({"barbarians": {"on": {"3,2": 3}}}),
        serde_json::json!({"barbarians": {"gold": [6, 0, 3]}}),
        serde_json::json!({"barbarians": {"prisoners": [2, 1, 0]}}),
        serde_json::json!({"barbarians": {"deck": {"knighthood": 13}}}),
        serde_json::json!({"barbarians": {"knights": [{"seat": 0, "edge": "1,0,E"}]}}),
    ] {
        assert!(!failures(wrong.clone()).is_empty(), "{wrong}");
    }
}

/// The Seafarers checks of the harness notice a wrong expectation too.
#[test]
fn seafarers_checks_notice_differences() {
    let position: Position = serde_json::from_value(serde_json::json!({
        "map": "new-shores-4",
        "phase": "main",
        "players": [
            {"settlements": ["3,3,S", "4,3,S"], "ships": ["3,3,SE", "3,4,NE", "3,3,E"]},
            {}, {}, {}
        ]
    }))
    .expect("a position");
    let game = Game::from_position(&position).expect("it loads");
    let failures =
        |expect: Value| check(&game, &serde_json::from_value(expect).expect("an expect"));
    assert!(
        failures(serde_json::json!({
            "closed_ships": [["3,3,SE", "3,4,NE"], [], [], []],
            "movable_ships": [["3,3,E"], null, [], []],
            "hexes": {"4,3": {"terrain": "gold", "number": 10}, "3,3": {"terrain": "sea"}},
            "position": {"map": {"pools": null}}
        }))
        .is_empty()
    );
    for wrong in [
        serde_json::json!({"closed_ships": [["3,3,SE"], [], [], []]}),
        serde_json::json!({"closed_ships": [["3,3,SE", "3,4,NE", "3,3,E"], [], [], []]}),
        serde_json::json!({"closed_ships": [[], [], []]}),
        serde_json::json!({"movable_ships": [[], [], [], []]}),
        serde_json::json!({"movable_ships": [["3,3,E", "3,4,NE"], [], [], []]}),
        serde_json::json!({"hexes": {"4,3": {"terrain": "gold", "number": 9}}}),
        serde_json::json!({"hexes": {"9,9": {"terrain": "sea"}}}),
    ] {
        assert!(!failures(wrong.clone()).is_empty(), "{wrong}");
    }
    // A pool's `contents` is a whole count, like a hand.
    let actual = serde_json::json!({"contents": {"sea": 2, "gold": 2}});
    let mut out = Vec::new();
    compare(
        &serde_json::json!({"contents": {"sea": 2}}),
        &actual,
        "pool",
        "",
        &mut out,
    );
    assert!(!out.is_empty());
}
