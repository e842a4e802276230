//! Fuzzing the engine's readers (docs/reliability.md, "Fuzzing the engine's readers"): map
//! files, records and positions, each fed structured mutations of real files (the built-in
//! maps, records and positions of short random games) and raw bytes. Every case must end in
//! `Ok` or `Err`: a panic fails the test, and so does an allocation beyond the bounds below,
//! which the allocator of this test binary refuses (the process then aborts).
//!
//! A file the reader accepts goes on to what follows it in use: an accepted map is laid out
//! and played for a few steps, an accepted record is replayed, an accepted position is
//! played for a few steps. That must not panic either.
//!
//! `SETTLERS_FUZZ_CASES` sets the cases per reader (256 by default, so that `cargo test`
//! stays quick); `make fuzz` runs a million each, optimised (the `fuzz` profile).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Map as JsonMap, Value};
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapTemplate, builtin};
use settlers_core::position::Position;
use settlers_core::record::{Record, SeatInfo};
use settlers_core::*;
use std::alloc::{GlobalAlloc, Layout as MemoryLayout, System};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------------------
// The memory bound: no single allocation above `MOST_AT_ONCE`, no more than `MOST_LIVE` in
// use at any time (the whole binary, tests running side by side included). The readers need
// a few megabytes; an unbounded count taken from a file asks for far more.

/// The largest single allocation the readers may make.
const MOST_AT_ONCE: usize = 256 << 20;
/// The most memory live at once in this test binary.
const MOST_LIVE: usize = 1 << 30;

struct Capped;

static LIVE: AtomicUsize = AtomicUsize::new(0);
/// The most ever live, for the report.
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl Capped {
    /// Counts `size` more bytes as live, unless that breaks a bound.
    fn admit(size: usize) -> bool {
        if size > MOST_AT_ONCE {
            return false;
        }
        let before = LIVE.fetch_add(size, Ordering::Relaxed);
        if before.saturating_add(size) > MOST_LIVE {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            return false;
        }
        PEAK.fetch_max(before + size, Ordering::Relaxed);
        true
    }
}

// SAFETY: every call is passed to `System` unchanged, or refused with a null pointer, which
// `GlobalAlloc` allows; the count of live bytes is bookkeeping only.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: MemoryLayout) -> *mut u8 {
        if !Self::admit(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract for `alloc` is passed on.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: MemoryLayout) -> *mut u8 {
        if !Self::admit(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: MemoryLayout) {
        // SAFETY: `ptr` came from this allocator with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: MemoryLayout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > MOST_AT_ONCE || (new_size > old && !Self::admit(new_size - old)) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract for `realloc` is passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            if new_size > old {
                LIVE.fetch_sub(new_size - old, Ordering::Relaxed);
            }
        } else if new_size < old {
            LIVE.fetch_sub(old - new_size, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

/// Set in the child processes of the two tests of the bound below, to the test's name.
const CHILD: &str = "SETTLERS_FUZZ_CAP_CHILD";

/// Whether this process is the child of the test `name`.
fn is_child_of(name: &str) -> bool {
    std::env::var_os(CHILD).is_some_and(|v| v == name)
}

/// Runs the test `name` alone in a child process of this binary: the bound is the whole
/// process's, so a test that fills it must not share the process with others (they would
/// be refused memory beside it).
fn run_alone(name: &str) -> std::process::Output {
    std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .unwrap()
}

#[test]
fn an_allocation_beyond_the_bound_is_refused() {
    const NAME: &str = "an_allocation_beyond_the_bound_is_refused";
    if !is_child_of(NAME) {
        let out = run_alone(NAME);
        assert!(
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
            "{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let mut one: Vec<u8> = Vec::new();
    assert!(one.try_reserve_exact(MOST_AT_ONCE + 1).is_err());
    // Within the bound, memory is given as ever.
    assert!(one.try_reserve_exact(MOST_AT_ONCE / 4).is_ok());
    // Four large ones fit one at a time, not all at once.
    let mut held: Vec<Vec<u8>> = Vec::new();
    let refused = (0..8).any(|_| {
        let mut v: Vec<u8> = Vec::new();
        let refused = v.try_reserve_exact(MOST_AT_ONCE).is_err();
        held.push(v);
        refused
    });
    assert!(
        refused,
        "8 x 256 MiB were all given, beyond the 1 GiB bound"
    );
}

#[test]
fn an_allocation_beyond_the_bound_aborts_the_process() {
    const NAME: &str = "an_allocation_beyond_the_bound_aborts_the_process";
    if is_child_of(NAME) {
        // The child: what an unbounded count from a file does. This aborts.
        let v: Vec<u8> = Vec::with_capacity(std::hint::black_box(MOST_AT_ONCE * 2));
        println!("given {} bytes", v.capacity());
        return;
    }
    let out = run_alone(NAME);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !out.status.success(),
        "the child ran on:\n{stdout}\n{stderr}"
    );
    assert!(
        stderr.contains("memory allocation of 536870912 bytes failed"),
        "the child did not fail by the allocation:\n{stdout}\n{stderr}"
    );
    assert!(!stdout.contains("given"), "{stdout}");
}

// ---------------------------------------------------------------------------------------
// Real files to mutate.

/// Cases per reader.
fn cases() -> u32 {
    std::env::var("SETTLERS_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        // A panic is what is looked for: the first is reported as found, with its input.
        max_shrink_iters: 64,
        ..Config::default()
    })
}

/// Scenarios of the seed games, with their seats: every module's fields appear in a record
/// or position.
const SEED_GAMES: &[(&str, u8)] = &[
    ("base", 3),
    ("new-shores", 3),
    ("four-islands", 4),
    ("fog-islands", 3),
    ("through-the-desert", 4),
    ("forgotten-tribe", 4),
    ("cloth-for-catan", 4),
    ("pirate-islands", 3),
    ("wonders-of-catan", 4),
    ("barbarian-attack", 4),
    ("barbarian-attack", 2),
];

/// Actions of each seed game: enough to leave the setup and play a few rounds.
const SEED_STEPS: usize = 400;

/// One step of a game chosen at random among the legal actions; `None` once over or stuck.
fn random_step(game: &Game, rng: &mut ChaCha8Rng) -> Option<(Actor, Action)> {
    match game.to_act() {
        ToAct::Nobody => None,
        ToAct::Chance(_) => Some((Actor::Chance, game.sample_chance(rng)?)),
        ToAct::Seats(seats) => {
            let seat = seats.iter().next()?;
            let legal = game.legal_actions(seat);
            let some_cards = |from: Resources, count: u8| {
                let mut out = Resources::EMPTY;
                let mut left = from;
                for _ in 0..count {
                    let kind = left.kinds().next()?;
                    *left.get_mut(kind) -= 1;
                    *out.get_mut(kind) += 1;
                }
                Some(out)
            };
            let action = if let Some(r) = legal.discard {
                Action::Discard(some_cards(r.from, r.count)?)
            } else if let Some(r) = legal.gold {
                Action::PickResources(some_cards(r.from, r.count)?)
            } else if let Some(r) = legal.give_back {
                Action::GiveBack(some_cards(r.from, r.count)?)
            } else if legal.actions.is_empty() {
                return None;
            } else {
                legal.actions[rng.next_u64() as usize % legal.actions.len()]
            };
            Some((Actor::Seat(seat), action))
        }
    }
}

/// Plays up to `steps` random actions; stops at the first refused one.
fn play(game: &mut Game, steps: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..steps {
        let Some((actor, action)) = random_step(game, rng) else {
            return;
        };
        if game.apply(actor, action).is_err() {
            return;
        }
    }
}

struct Seeds {
    maps: Vec<Value>,
    records: Vec<Value>,
    positions: Vec<Value>,
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let maps = builtin::MAPS
            .iter()
            .map(|(_, text)| serde_json::from_str(text).unwrap())
            .collect();
        let mut records = Vec::new();
        let mut positions = Vec::new();
        for (i, &(name, seats)) in SEED_GAMES.iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            let scenario = Scenario::by_name(name).unwrap();
            let setup = scenario
                .setup(
                    seats,
                    &scenario.default_layout_options(),
                    None,
                    GameOptions::default(),
                    &mut rng,
                )
                .unwrap();
            let mut record = Record::new(&setup, vec![SeatInfo::default(); usize::from(seats)]);
            let mut game = Game::new(setup).unwrap();
            for step in 0..SEED_STEPS {
                let Some((actor, action)) = random_step(&game, &mut rng) else {
                    break;
                };
                record.push(&game, actor, &action);
                game.apply(actor, action).unwrap();
                if step % 100 == 50 {
                    positions.push(serde_json::to_value(game.to_position()).unwrap());
                }
            }
            positions.push(serde_json::to_value(game.to_position()).unwrap());
            if game.is_over() {
                record.finish(&game);
            }
            records.push(serde_json::from_str(&record.to_json_pretty()).unwrap());
        }
        Seeds {
            maps,
            records,
            positions,
        }
    })
}

// ---------------------------------------------------------------------------------------
// Mutations: a path into the document, and what happens there.

/// A value a careless or hostile writer puts in a field.
#[derive(Clone, Debug)]
enum Wild {
    Number(Value),
    Text(String),
    /// An array nested this deep.
    Deep(usize),
    Null,
    Bool(bool),
    EmptyArray,
    EmptyObject,
}

impl Wild {
    fn value(&self) -> Value {
        match self {
            Wild::Number(n) => n.clone(),
            Wild::Text(t) => Value::String(t.clone()),
            Wild::Deep(depth) => {
                let mut v = Value::Array(vec![]);
                for _ in 0..*depth {
                    v = Value::Array(vec![v]);
                }
                v
            }
            Wild::Null => Value::Null,
            Wild::Bool(b) => Value::Bool(*b),
            Wild::EmptyArray => Value::Array(vec![]),
            Wild::EmptyObject => Value::Object(JsonMap::new()),
        }
    }
}

fn wild() -> impl Strategy<Value = Wild> {
    let huge = prop_oneof![
        Just(1u64 << 8),
        Just(1u64 << 16),
        Just(1u64 << 32),
        Just(1u64 << 40),
        Just(1u64 << 63),
        Just(u64::MAX),
        Just(255u64),
        Just(256u64),
        Just(65_535u64),
        Just(65_536u64),
        0u64..300,
        any::<u64>(),
    ]
    .prop_map(|n| Wild::Number(Value::from(n)));
    let negative = prop_oneof![Just(i64::MIN), Just(-1i64), -300i64..0, any::<i64>()]
        .prop_map(|n| Wild::Number(Value::from(n)));
    let fraction = prop_oneof![Just(0.5f64), Just(1e308), Just(-1e308), Just(2.5)]
        .prop_map(|f| Wild::Number(Value::from(f)));
    // Texts the readers parse: coordinates, names, with numbers at and beyond the limits.
    let text = prop_oneof![
        Just(String::new()),
        Just("1,2".to_string()),
        Just("1,2,N".to_string()),
        Just("1,2,NE".to_string()),
        Just("-1000,1000,S".to_string()),
        Just("99999999999,1".to_string()),
        Just("0,0,0".to_string()),
        Just("fields".to_string()),
        Just("sea".to_string()),
        Just("3:1".to_string()),
        Just("shuffled".to_string()),
        Just("main".to_string()),
        Just("chance".to_string()),
        Just("end_turn".to_string()),
        Just("\u{0}\u{FFFF}é".to_string()),
        (1usize..20_000).prop_map(|n| "x".repeat(n)),
        "[a-z0-9,:_ -]{0,24}",
    ]
    .prop_map(Wild::Text);
    prop_oneof![
        4 => huge,
        2 => negative,
        1 => fraction,
        3 => text,
        1 => (1usize..300).prop_map(Wild::Deep),
        1 => Just(Wild::Null),
        1 => any::<bool>().prop_map(Wild::Bool),
        1 => Just(Wild::EmptyArray),
        1 => Just(Wild::EmptyObject),
    ]
}

/// One change to a document, at the place its path leads to.
#[derive(Clone, Debug)]
enum Edit {
    /// The value there becomes another.
    Replace(Wild),
    /// The value there is removed (a key deleted, an element dropped).
    Delete,
    /// The value there is repeated: as the same element many times over, or as another key.
    Repeat(usize),
    /// A key added beside it.
    AddKey(String, Wild),
    /// A field copied from elsewhere in the document.
    Swap(Vec<u32>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        5 => wild().prop_map(Edit::Replace),
        2 => Just(Edit::Delete),
        2 => prop_oneof![1usize..4, 100usize..2_000].prop_map(Edit::Repeat),
        1 => ("[a-z_]{1,12}", wild()).prop_map(|(k, w)| Edit::AddKey(k, w)),
        1 => prop::collection::vec(any::<u32>(), 0..8).prop_map(Edit::Swap),
    ]
}

/// Edits to make, each with the path (child choices, taken modulo the children) to its place.
fn edits() -> impl Strategy<Value = Vec<(Vec<u32>, Edit)>> {
    prop::collection::vec((prop::collection::vec(any::<u32>(), 0..8), edit()), 1..5)
}

/// The value a path leads to, stopping early at a leaf.
fn walk<'a>(mut v: &'a mut Value, path: &[u32]) -> (&'a mut Value, Option<(Vec<u32>, usize)>) {
    let mut parent_at: Option<(Vec<u32>, usize)> = None;
    let mut taken = Vec::new();
    for &step in path {
        let children = match &*v {
            Value::Array(a) => a.len(),
            Value::Object(o) => o.len(),
            _ => 0,
        };
        if children == 0 {
            break;
        }
        let i = step as usize % children;
        parent_at = Some((taken.clone(), i));
        taken.push(step);
        v = match v {
            Value::Array(a) => &mut a[i],
            Value::Object(o) => o.values_mut().nth(i).unwrap(),
            _ => unreachable!(),
        };
    }
    (v, parent_at)
}

/// The value at a path, read only.
fn look(mut v: &Value, path: &[u32]) -> Value {
    for &step in path {
        let next = match v {
            Value::Array(a) if !a.is_empty() => &a[step as usize % a.len()],
            Value::Object(o) if !o.is_empty() => o.values().nth(step as usize % o.len()).unwrap(),
            _ => break,
        };
        v = next;
    }
    v.clone()
}

/// How much one edit may add to a document: the readers' files are bounded (a map file at
/// 1 MiB by the command line), and an edit copying a copy must not outgrow the test's own
/// memory bound.
const MOST_GROWTH: usize = 2 << 20;

/// How many of `n` copies of `item` fit in `MOST_GROWTH`.
fn copies(item: &Value, n: usize) -> usize {
    n.min(MOST_GROWTH / item.to_string().len().max(1))
}

fn apply_edit(doc: &mut Value, path: &[u32], edit: &Edit) {
    match edit {
        Edit::Replace(w) => *walk(doc, path).0 = w.value(),
        Edit::Swap(from) => {
            let copy = look(doc, from);
            *walk(doc, path).0 = copy;
        }
        Edit::Delete | Edit::Repeat(_) | Edit::AddKey(..) => {
            let (_, at) = walk(doc, path);
            let Some((parent_path, i)) = at else {
                return;
            };
            let (parent, _) = walk(doc, &parent_path);
            match (parent, edit) {
                (Value::Array(a), Edit::Delete) => {
                    a.remove(i);
                }
                (Value::Object(o), Edit::Delete) => {
                    let key = o.keys().nth(i).unwrap().clone();
                    o.remove(&key);
                }
                (Value::Array(a), Edit::Repeat(n)) => {
                    let item = a[i].clone();
                    for _ in 0..copies(&item, *n) {
                        a.insert(i, item.clone());
                    }
                }
                (Value::Object(o), Edit::Repeat(n)) => {
                    let (key, item) = o
                        .iter()
                        .nth(i)
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .unwrap();
                    for k in 0..copies(&item, (*n).min(50)) {
                        o.insert(format!("{key}{k}"), item.clone());
                    }
                }
                (Value::Object(o), Edit::AddKey(k, w)) => {
                    o.insert(k.clone(), w.value());
                }
                (Value::Array(a), Edit::AddKey(_, w)) => a.push(w.value()),
                _ => {}
            }
        }
    }
}

/// A document's text after its edits; now and then with a key written twice, which a
/// `Value` cannot hold (the readers must refuse or take one of them, never panic).
fn mutated_text(seed: &Value, edits: &[(Vec<u32>, Edit)], twice: Option<u32>) -> String {
    let mut doc = seed.clone();
    for (path, e) in edits {
        apply_edit(&mut doc, path, e);
    }
    let text = doc.to_string();
    match (twice, &doc) {
        (Some(n), Value::Object(o)) if !o.is_empty() => {
            let (key, value) = o.iter().nth(n as usize % o.len()).unwrap();
            let extra = format!("{}:{},", Value::String(key.clone()), value);
            format!("{{{extra}{}", &text[1..])
        }
        _ => text,
    }
}

/// Raw bytes changed in a real file: overwritten, cut or inserted, then read as text as a
/// reader gets it (invalid UTF-8 replaced).
fn byte_edits() -> impl Strategy<Value = Vec<(u32, u8, u8)>> {
    prop::collection::vec((any::<u32>(), 0u8..3, any::<u8>()), 1..8)
}

fn mutated_bytes(seed: &str, edits: &[(u32, u8, u8)]) -> String {
    let mut bytes = seed.as_bytes().to_vec();
    for &(at, kind, byte) in edits {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let i = at as usize % bytes.len();
        match kind {
            0 => bytes[i] = byte,
            1 => {
                bytes.remove(i);
            }
            _ => bytes.insert(i, byte),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What a fuzz case reads: a mutated document, mutated bytes, or random bytes.
#[derive(Clone, Debug)]
enum Input {
    Structured {
        seed: usize,
        edits: Vec<(Vec<u32>, Edit)>,
        twice: Option<u32>,
    },
    Bytes {
        seed: usize,
        edits: Vec<(u32, u8, u8)>,
    },
    Random(Vec<u8>),
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        8 => (any::<usize>(), edits(), prop::option::weighted(0.1, any::<u32>()))
            .prop_map(|(seed, edits, twice)| Input::Structured { seed, edits, twice }),
        2 => (any::<usize>(), byte_edits()).prop_map(|(seed, edits)| Input::Bytes { seed, edits }),
        1 => prop::collection::vec(any::<u8>(), 0..256).prop_map(Input::Random),
    ]
}

fn text_of(input: &Input, seeds: &[Value], texts: &[String]) -> String {
    match input {
        Input::Structured { seed, edits, twice } => {
            mutated_text(&seeds[seed % seeds.len()], edits, *twice)
        }
        Input::Bytes { seed, edits } => mutated_bytes(&texts[seed % texts.len()], edits),
        Input::Random(bytes) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Runs `case` on every input, counting how many texts the reader accepted.
fn fuzz(name: &str, seeds: &[Value], case: impl Fn(&str) -> bool) {
    let texts: Vec<String> = seeds.iter().map(|s| s.to_string()).collect();
    let accepted = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    runner()
        .run(&input(), |input| {
            let text = text_of(&input, seeds, &texts);
            if case(&text) {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    eprintln!(
        "{name}: {} cases, {} accepted, {:.1} s, 0 panics; at most {} MiB live in the binary",
        cases(),
        accepted.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        PEAK.load(Ordering::Relaxed) >> 20
    );
}

// ---------------------------------------------------------------------------------------
// The readers.

/// A map: read, checked, laid out in every layout, and played a few steps for each player
/// count it names.
fn map_case(text: &str) -> bool {
    let Ok(file) = MapFile::from_json(text) else {
        return false;
    };
    let Ok(template) = MapTemplate::check(&file) else {
        return false;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(text.len() as u64);
    for layout in [Layout::Beginner, Layout::Variable, Layout::Random] {
        let options = LayoutOptions {
            layout,
            ..LayoutOptions::default()
        };
        let Ok(board) = template.realise(&options, &mut rng) else {
            continue;
        };
        for seats in 2..=4 {
            let setup = GameSetup {
                scenario: file.id.clone(),
                board: board.clone(),
                seats,
                first: Seat(0),
                options: GameOptions::default(),
            };
            if let Ok(mut game) = Game::new(setup) {
                play(&mut game, 30, &mut rng);
            }
        }
    }
    true
}

/// A record: read and, when accepted, replayed.
fn record_case(text: &str) -> bool {
    let Ok(record) = Record::from_json(text) else {
        return false;
    };
    let _ = record.replay();
    true
}

/// A position: read, made a game, and played a few steps.
fn position_case(text: &str) -> bool {
    let Ok(position) = Position::from_json(text) else {
        return false;
    };
    let Ok(mut game) = Game::from_position(&position) else {
        return false;
    };
    let _ = game.view(Seat(0));
    let _ = game.to_position();
    play(
        &mut game,
        30,
        &mut ChaCha8Rng::seed_from_u64(text.len() as u64),
    );
    true
}

#[test]
fn fuzzed_map_files_never_panic() {
    fuzz("map files", &seeds().maps, map_case);
}

#[test]
fn fuzzed_records_never_panic() {
    fuzz("records", &seeds().records, record_case);
}

#[test]
fn fuzzed_positions_never_panic() {
    fuzz("positions", &seeds().positions, position_case);
}

#[test]
fn the_seed_files_are_read_as_they_stand() {
    // Mutations start from files the readers accept, so that a case is one edit away from
    // a valid file.
    let s = seeds();
    for m in &s.maps {
        assert!(map_case(&m.to_string()));
    }
    for r in &s.records {
        let record = Record::from_json(&r.to_string()).unwrap();
        record.replay().unwrap_or_else(|e| panic!("{e}"));
    }
    for p in &s.positions {
        assert!(position_case(&p.to_string()), "{p}");
    }
    assert_eq!(s.records.len(), SEED_GAMES.len());
    assert!(s.positions.len() > SEED_GAMES.len());
}
