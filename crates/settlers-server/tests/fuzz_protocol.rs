//! Structured random input for the server's readers: WebSocket messages and the bodies of
//! `POST /api/games` (maps of one's own included). Every input is answered, none panics or
//! allocates beyond the bound below, and an HTTP answer is never a server error.
//!
//! `SETTLERS_FUZZ_CASES` sets the number of cases per reader (a few hundred by default, so
//! `cargo test` stays quick); `make fuzz` runs a million. docs/reliability.md has the figures.

use axum::body::Body;
use axum::http::Request;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};
use settlers_server::limits::Limits;
use settlers_server::protocol::ClientMessage;
use settlers_server::{Server, ServerConfig};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use tower::Service;

// ---------------------------------------------------------------------------------------
// A memory bound: an allocation beyond it fails, which aborts the test binary.

/// The largest single allocation any reader may make for an input of at most 1 MiB.
const MOST_IN_ONE_ALLOCATION: usize = 64 << 20;
/// The most memory live at once in this test binary.
const MOST_LIVE: usize = 2 << 30;

struct Bounded;

static LIVE: AtomicUsize = AtomicUsize::new(0);

impl Bounded {
    fn take(size: usize) -> bool {
        if size > MOST_IN_ONE_ALLOCATION {
            return false;
        }
        if LIVE.fetch_add(size, Ordering::Relaxed) + size > MOST_LIVE {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            return false;
        }
        true
    }
}

// SAFETY: every call goes to the system allocator; the count only decides whether it does.
unsafe impl GlobalAlloc for Bounded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !Bounded::take(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && !Bounded::take(new_size - layout.size()) {
            return std::ptr::null_mut();
        }
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if moved.is_null() {
            if new_size > layout.size() {
                LIVE.fetch_sub(new_size - layout.size(), Ordering::Relaxed);
            }
        } else if new_size < layout.size() {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Bounded = Bounded;

#[test]
fn the_memory_bound_refuses_a_huge_allocation() {
    // `try_reserve` reports the refusal instead of aborting: the bound is in force.
    let mut huge: Vec<u8> = Vec::new();
    assert!(huge.try_reserve(MOST_IN_ONE_ALLOCATION + 1).is_err());
    let mut fine: Vec<u8> = Vec::new();
    assert!(fine.try_reserve(1 << 20).is_ok());
}

// ---------------------------------------------------------------------------------------
// Inputs

fn cases(default: u32) -> u32 {
    std::env::var("SETTLERS_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Words of the protocol and of the game: random JSON made of them reaches deeper into the
/// readers than random text.
const WORDS: &[&str] = &[
    "type",
    "act",
    "ping",
    "action",
    "build_settlement",
    "build_road",
    "build_city",
    "build_ship",
    "move_ship",
    "roll_dice",
    "end_turn",
    "discard",
    "move_robber",
    "offer_trade",
    "trade_with_bank",
    "play_knight",
    "corner",
    "edge",
    "hex",
    "victim",
    "cards",
    "give",
    "get",
    "to",
    "from",
    "brick",
    "lumber",
    "wool",
    "grain",
    "ore",
    "gold",
    "1,-1,S",
    "1,2,N",
    "0,0,E",
    "2,2",
    "40,40,N",
    "seats",
    "kind",
    "human",
    "bot",
    "name",
    "random",
    "heuristic",
    "scenario",
    "base",
    "new-shores",
    "new-world",
    "barbarian-attack",
    "options",
    "victory_points",
    "layout",
    "special_vp_value",
    "event_cards",
    "tournament",
    "harbormaster",
    "win_off_turn",
    "unlimited_bank",
    "map",
    "hexes",
    "pools",
    "terrain",
    "numbers",
    "harbors",
    "contents",
    "players",
    "extras",
    "seed",
    "",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (0u64..300).prop_map(|n| json!(n)),
        Just(json!(u64::MAX)),
        Just(json!(1u64 << 40)),
        Just(json!(-1)),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(WORDS).prop_map(str::to_string),
        ".{0,24}",
        (0usize..5000).prop_map(|n| "x".repeat(n)),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..8)
                .prop_map(|fields| Value::Object(fields.into_iter().collect())),
        ]
    })
}

/// Every place inside `value`, as a path of keys and indices.
fn places(value: &Value, here: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(here.clone());
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                here.push(json!(key));
                places(field, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                here.push(json!(i));
                places(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Value::String(key) => &mut v[key.as_str()],
        Value::Number(i) => &mut v[i.as_u64().unwrap() as usize],
        _ => unreachable!(),
    })
}

/// How one place of a valid input is spoiled.
#[derive(Clone, Debug)]
enum Spoil {
    Replace(Value),
    Remove,
    AddField(String, Value),
    Duplicate,
}

fn spoil() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        4 => json_value().prop_map(Spoil::Replace),
        1 => Just(Spoil::Remove),
        2 => (text(), json_value()).prop_map(|(k, v)| Spoil::AddField(k, v)),
        1 => Just(Spoil::Duplicate),
    ]
}

/// `valid` with up to three places spoiled, chosen by `picks`.
fn spoiled(mut valid: Value, spoils: &[(prop::sample::Index, Spoil)]) -> Value {
    for (pick, how) in spoils {
        let mut all = Vec::new();
        places(&valid, &mut Vec::new(), &mut all);
        let path = pick.get(&all).clone();
        match how {
            Spoil::Replace(v) => *at(&mut valid, &path) = v.clone(),
            Spoil::Remove => {
                if let Some((last, parent)) = path.split_last() {
                    match (at(&mut valid, parent), last) {
                        (Value::Object(fields), Value::String(key)) => {
                            fields.remove(key);
                        }
                        (Value::Array(items), Value::Number(i)) => {
                            items.remove(i.as_u64().unwrap() as usize);
                        }
                        _ => {}
                    }
                }
            }
            Spoil::AddField(key, v) => {
                if let Value::Object(fields) = at(&mut valid, &path) {
                    fields.insert(key.clone(), v.clone());
                }
            }
            Spoil::Duplicate => {
                let place = at(&mut valid, &path);
                if let Value::Array(items) = place
                    && let Some(first) = items.first().cloned()
                {
                    // A list made long: the readers bound what they take from it.
                    items.extend(std::iter::repeat_n(first, 300));
                }
            }
        }
    }
    valid
}

// ---------------------------------------------------------------------------------------
// WebSocket messages

fn valid_messages() -> Vec<Value> {
    vec![
        json!({"type": "ping"}),
        json!({"type": "act", "action": {"action": "end_turn"}}),
        json!({"type": "act", "action": {"action": "build_settlement", "corner": "1,-1,S"}}),
        json!({"type": "act", "action": {"action": "move_robber", "hex": "2,2", "victim": 1}}),
        json!({"type": "act", "action": {"action": "discard", "cards": {"brick": 2, "ore": 1}}}),
        json!({"type": "act", "action": {"action": "trade_with_bank", "give": "wool", "get": "ore"}}),
        json!({"type": "act", "action": {"action": "move_ship", "from": "0,0,E", "to": "1,2,N"}}),
    ]
}

fn message() -> impl Strategy<Value = String> {
    let spoils = prop::collection::vec((any::<prop::sample::Index>(), spoil()), 0..4);
    prop_oneof![
        3 => (prop::sample::select(valid_messages()), spoils)
            .prop_map(|(valid, spoils)| spoiled(valid, &spoils).to_string()),
        2 => json_value().prop_map(|v| v.to_string()),
        1 => ".{0,64}",
        1 => prop::collection::vec(any::<u8>(), 0..64)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

#[test]
fn every_websocket_message_is_read_or_refused_in_words() {
    let mut runner = runner(cases(2000));
    let read = std::cell::Cell::new(0usize);
    runner
        .run(&message(), |text| {
            match ClientMessage::read(&text) {
                Ok(_) => read.set(read.get() + 1),
                Err(why) => prop_assert!(!why.is_empty()),
            }
            Ok(())
        })
        .unwrap();
    println!("{} of the messages were read as the protocol's", read.get());
}

// ---------------------------------------------------------------------------------------
// `POST /api/games`

fn valid_bodies() -> Vec<Value> {
    let map: Value =
        serde_json::from_str(include_str!("../../settlers-core/maps/new-shores-3.json"))
            .expect("the built-in map reads");
    let people = json!([{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}]);
    vec![
        json!({"scenario": "base", "seats": people}),
        json!({"scenario": "new-shores", "seats": people, "options": {"victory_points": 12, "special_vp_value": 2}}),
        json!({"scenario": "barbarian-attack", "seats": people, "options": {"event_cards": true, "tournament": "none", "harbormaster": true}}),
        json!({"scenario": "pirate-islands", "seats": people, "options": {"layout": "variable", "unlimited_bank": true}}),
        json!({"seats": people, "map": map}),
    ]
}

fn body() -> impl Strategy<Value = String> {
    let spoils = prop::collection::vec((any::<prop::sample::Index>(), spoil()), 0..4);
    prop_oneof![
        6 => (prop::sample::select(valid_bodies()), spoils)
            .prop_map(|(valid, spoils)| spoiled(valid, &spoils).to_string()),
        1 => json_value().prop_map(|v| v.to_string()),
        1 => ".{0,64}",
    ]
}

#[test]
fn every_new_game_body_is_answered_and_never_with_a_server_error() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz_bodies_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A server whose games all stay open holds them in memory: a fresh one (and database)
    // every `GAMES_PER_SERVER` games keeps the test within its memory bound, and every body
    // still reaches the map check and the setup.
    const GAMES_PER_SERVER: usize = 500;
    let start = |generation: usize| {
        let url = format!(
            "sqlite://{}",
            dir.join(format!("games-{generation}.sqlite")).display()
        );
        let mut config = ServerConfig::new(url);
        config.accept_seeds = true;
        config.bot_delay = std::time::Duration::from_secs(3600);
        config.limits = Limits {
            games_per_client_per_minute: usize::MAX,
            max_open_games: usize::MAX,
            ..Limits::default()
        };
        runtime.block_on(Server::start(config)).unwrap().router()
    };
    // The router, the games it made, and its generation.
    let server = std::cell::RefCell::new((start(0), 0usize, 0usize));
    let mut runner = runner(cases(200));
    let created = std::cell::Cell::new(0usize);
    runner
        .run(&body(), |body| {
            let request = Request::builder()
                .method("POST")
                .uri("/api/games")
                .header("content-type", "application/json")
                .body(Body::from(body.clone()))
                .unwrap();
            let router = server.borrow().0.clone();
            let (status, answer) = runtime.block_on(async {
                let response = router.clone().call(request).await.unwrap();
                let status = response.status();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
                    .await
                    .unwrap();
                (status, bytes)
            });
            let answer: Value = serde_json::from_slice(&answer)
                .map_err(|e| TestCaseError::fail(format!("not JSON ({e}) for {body}")))?;
            prop_assert!(
                status.as_u16() == 201 || status.is_client_error(),
                "{status} for {body}: {answer}"
            );
            if status.as_u16() == 201 {
                created.set(created.get() + 1);
                let mut server = server.borrow_mut();
                server.1 += 1;
                if server.1 == GAMES_PER_SERVER {
                    let generation = server.2 + 1;
                    *server = (start(generation), 0, generation);
                }
            } else {
                prop_assert!(answer["error"].is_string(), "{answer}");
            }
            Ok(())
        })
        .unwrap();
    println!("{} of the bodies made a game", created.get());
    let _ = std::fs::remove_dir_all(&dir);
}
