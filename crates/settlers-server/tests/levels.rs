//! The bots people choose by level (docs/protocol.md, `GET /api/levels`): the list, seats
//! given by level or by a bot's name, refusals in words, and a search bot's thinking that
//! leaves the server's async worker free for every other request.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_bots::levels::LEVELS;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_levels_are_listed_easiest_first_with_their_bots() {
    let db = databases("levels_list").remove(0);
    let addr = start(&db.url).await;
    let (status, levels) = get_json(addr, "/api/levels").await;
    assert_eq!(status, 200);
    let expected: Vec<Value> = LEVELS
        .iter()
        .map(|l| json!({"level": l.level, "title": l.title, "bot": l.bot, "about": l.about}))
        .collect();
    assert_eq!(levels, Value::Array(expected));
    let names: Vec<&str> = levels
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["level"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["easy", "medium", "hard"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_is_given_by_level_or_by_name() {
    let db = databases("levels_seats").remove(0);
    let addr = start(&db.url).await;
    let body = json!({
        "scenario": "base",
        "seed": SEED,
        "seats": [
            {"kind": "human", "name": "Ada"},
            {"kind": "bot", "level": "easy"},
            {"kind": "bot", "level": "medium", "name": "Robo"},
            {"kind": "bot", "bot": "random"},
        ],
    });
    let (status, answer) = post_json(addr, "/api/games", &body).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_str().unwrap();
    let (_, summary) = get_json(addr, &format!("/api/games/{id}")).await;
    let seats: Vec<(Value, Value, Value)> = summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["bot"].clone(), s["level"].clone(), s["name"].clone()))
        .collect();
    assert_eq!(
        seats,
        [
            (Value::Null, Value::Null, json!("Ada")),
            (json!("heuristic:noise=0.3"), json!("easy"), Value::Null),
            (json!("heuristic"), json!("medium"), json!("Robo")),
            // A bot no level plays keeps its name and no level.
            (json!("random"), Value::Null, Value::Null),
        ]
    );
    // The creation answer names the seats the same way.
    assert_eq!(answer["seats"][2]["level"], "medium");

    // A name that plays a level is that level, however the seat was asked for.
    let by_name = json!({"scenario": "base", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "mcts:ms=200"}, {"kind": "bot", "bot": "heuristic"}]});
    let (status, answer) = post_json(addr, "/api/games", &by_name).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["seats"][1]["level"], "hard");
    assert_eq!(answer["seats"][2]["level"], "medium");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_without_a_known_level_or_bot_is_refused_in_words() {
    let db = databases("levels_refused").remove(0);
    let addr = start(&db.url).await;
    let with = |bot: Value| json!({"scenario": "base", "seats": [{"kind": "human"}, {"kind": "bot"}, bot]});
    let cases = [
        (
            json!({"kind": "bot", "level": "expert"}),
            "there is no level `expert`; the levels are: easy, medium, hard",
        ),
        (
            json!({"kind": "bot", "level": "hard", "bot": "random"}),
            "`bot` or `level`, not both",
        ),
        (json!({"kind": "bot"}), "a bot seat needs `bot`"),
        (
            json!({"kind": "bot", "bot": "wizard"}),
            "there is no bot `wizard`",
        ),
        (
            json!({"kind": "bot", "level": 3}),
            "`seats[2]`: invalid type",
        ),
    ];
    for (seat, words) in cases {
        let mut body = with(seat.clone());
        // The second seat is a good one, so only the third is at fault.
        body["seats"][1] = json!({"kind": "bot", "level": "easy"});
        let answer = post_json(addr, "/api/games", &body).await;
        assert_error(&answer, 400, words);
    }
    let (_, lobby) = get_json(addr, "/api/games").await;
    assert_eq!(lobby["open_total"], 0, "no refused game was made");
}

/// The search bot thinks for its whole budget on every move after the setup. It does so on
/// a thread of its own: on a server with one async worker, requests are answered while four
/// search bots play, each well within one bot's move, and some while a bot is in the middle
/// of a move (were the bots thinking on the worker, a request would wait for the move in
/// hand, up to its 1.5 s).
#[tokio::test(flavor = "current_thread")]
async fn search_bots_thinking_leave_the_server_free() {
    const THINKS: Duration = Duration::from_millis(1500);
    let db = databases("levels_no_stall").remove(0);
    let addr = start(&db.url).await;
    let bot = format!("mcts:ms={}", THINKS.as_millis());
    let game = create(addr, "base", &[&bot, &bot, &bot, &bot], json!({})).await;
    let summary_path = format!("/api/games/{}", game.id);

    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    let (mut last_seq, mut changed, mut answered_since) = (0, Instant::now(), 0);
    loop {
        let asked = Instant::now();
        let (status, _) = get_json(addr, "/api/levels").await;
        assert_eq!(status, 200);
        let (_, summary) = get_json(addr, &summary_path).await;
        slowest = slowest.max(asked.elapsed());
        let seq = summary["seq"].as_u64().unwrap();
        if seq == last_seq {
            answered_since += 1;
        } else {
            // A move that took a whole budget, with requests answered while it was thought.
            if changed.elapsed() >= THINKS * 9 / 10 && answered_since >= 3 {
                break;
            }
            (last_seq, changed, answered_since) = (seq, Instant::now(), 0);
        }
        assert!(
            started.elapsed() < PATIENCE,
            "no search move was seen being thought"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        slowest < THINKS / 2,
        "a request waited {slowest:?} while bots thought for {THINKS:?} a move"
    );
}
