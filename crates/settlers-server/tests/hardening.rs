//! What the network may send and the server survives (docs/reliability.md): connections that
//! never finish, too many of them, a flood of new games, games left alone, and messages that
//! are not quite the protocol's.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_server::ServerConfig;
use settlers_server::limits::Limits;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

/// A test server's config: bots without a pause, seeds accepted, no message rate limit, and
/// the limits given.
fn config(url: &str, limits: Limits) -> ServerConfig {
    let mut config = ServerConfig::new(url);
    config.bot_delay = Duration::ZERO;
    config.accept_seeds = true;
    config.max_messages_per_second = usize::MAX;
    config.limits = limits;
    config
}

/// Whether the server has closed `stream`: a read ends (EOF or reset) before `PATIENCE`.
async fn closed_by_server(stream: &mut TcpStream) -> bool {
    let mut buffer = [0u8; 4096];
    let read = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                // An answer (408) before closing is fine: read on.
                Ok(_) => continue,
            }
        }
    };
    tokio::time::timeout(PATIENCE, read).await.is_ok()
}

/// Whether `stream` is still open after `wait`: nothing closed it.
async fn still_open(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0u8; 1];
    tokio::time::timeout(wait, stream.read(&mut buffer))
        .await
        .is_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_head_never_finished_is_closed() {
    let db = databases("head_timeout").remove(0);
    let limits = Limits {
        request_head_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;

    // Nothing sent at all.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    assert!(closed_by_server(&mut silent).await);
    // The first line of a head only, as a slow attacker sends it.
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/bots HTTP/1.1\r\n").await.unwrap();
    assert!(closed_by_server(&mut half).await);
    // A kept-alive connection waiting for its next request.
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(format!("GET /api/bots HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    assert!(closed_by_server(&mut kept).await);

    // The server goes on answering.
    let (status, _) = get_json(addr, "/api/bots").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_holds_at_most_its_share_of_connections() {
    let db = databases("connections_per_client").remove(0);
    let limits = Limits {
        max_connections_per_client: 3,
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    // Let the server count them before the next one comes.
    for stream in &mut held {
        assert!(still_open(stream, Duration::from_millis(100)).await);
    }
    let mut fourth = TcpStream::connect(addr).await.unwrap();
    assert!(closed_by_server(&mut fourth).await);
    for stream in &mut held {
        assert!(still_open(stream, Duration::from_millis(10)).await);
    }
    // One closes: a new connection is served again.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = get_json(addr, "/api/bots").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_holds_at_most_its_connections_in_all() {
    let db = databases("connections_in_all").remove(0);
    let limits = Limits {
        max_connections: 4,
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;
    // Four clients (four loopback addresses), one connection each.
    let mut held = Vec::new();
    for last in 2..6u8 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::from(([127, 0, 0, last], 0)))
            .unwrap();
        held.push(socket.connect(addr).await.unwrap());
    }
    for stream in &mut held {
        assert!(still_open(stream, Duration::from_millis(100)).await);
    }
    let mut fifth = TcpStream::connect(addr).await.unwrap();
    assert!(closed_by_server(&mut fifth).await);
    drop(held);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = get_json(addr, "/api/bots").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_that_answers_nothing_is_closed() {
    let db = databases("idle_websocket").remove(0);
    let limits = Limits {
        idle_timeout: Duration::from_millis(400),
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;
    let game = create(addr, "base", &["human", "random", "random"], json!({})).await;
    // The client reads nothing, so it never answers the server's pings.
    let mut silent = Client::connect(addr, &game.seat_path(0)).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (code, reason) = silent.close_frame().await.expect("a close frame");
    assert_eq!(code, 1001, "{reason}");
    assert!(reason.contains("nothing heard"), "{reason}");

    // A client that reads answers the pings and stays.
    let mut reading = Client::connect(addr, &game.seat_path(0)).await;
    reading.expect("view").await;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(1500);
    while tokio::time::Instant::now() < deadline {
        reading.ping().await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    reading.ping().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_games_are_limited_per_client_and_in_all() {
    let db = databases("creation_limits").remove(0);
    let limits = Limits {
        games_per_client_per_minute: 3,
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;
    for _ in 0..3 {
        create(addr, "base", &["random", "random", "random"], json!({})).await;
    }
    let body = json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    let answer = post_json(addr, "/api/games", &body).await;
    assert_error(&answer, 429, "at most 3 new games a minute");

    let db = databases("open_games_limit").remove(0);
    let limits = Limits {
        max_open_games: 2,
        ..Limits::default()
    };
    let addr = start_with(config(&db.url, limits)).await;
    let people = ["human", "human", "human"];
    create(addr, "base", &people, json!({})).await;
    create(addr, "base", &people, json!({})).await;
    let answer = post_json(addr, "/api/games", &body).await;
    assert_error(&answer, 503, "2 games being played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_comes_in_pages() {
    let db = databases("lobby_pages").remove(0);
    let addr = start(&db.url).await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let game = create(addr, "base", &["human", "human", "human"], json!({})).await;
        ids.push(game.id);
        // Creation times are in seconds: the order among equal times is by id.
    }
    let mut seen = Vec::new();
    let mut page = Some(0);
    while let Some(n) = page {
        let (status, lobby) = get_json(addr, &format!("/api/games?page={n}&per_page=2")).await;
        assert_eq!(status, 200, "{lobby}");
        assert_eq!(lobby["open_total"], 5);
        let open = lobby["open"].as_array().unwrap();
        assert!(open.len() <= 2);
        seen.extend(open.iter().map(|g| g["id"].as_str().unwrap().to_string()));
        page = lobby["next_page"].as_u64();
        assert!(page.is_none_or(|p| p == n + 1));
    }
    seen.sort();
    ids.sort();
    assert_eq!(seen, ids, "every open game on exactly one page");

    let (status, lobby) = get_json(addr, "/api/games").await;
    assert_eq!(status, 200);
    assert_eq!(lobby["per_page"], 50);
    assert_eq!(lobby["open"].as_array().unwrap().len(), 5);
    assert!(lobby["next_page"].is_null());
    assert_error(
        &get_json(addr, "/api/games?per_page=100000").await,
        400,
        "`per_page=100000`: a number from 0 to 100",
    );
    assert_error(
        &get_json(addr, "/api/games?sort=old").await,
        400,
        "not `sort`",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_touched_is_abandoned() {
    for db in databases("abandoned") {
        let addr = start(&db.url).await;
        let left = create(addr, "base", &["human", "human", "human"], json!({})).await;
        // Creation times are whole seconds: let one pass, so the game is older than "now".
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let limits = Limits {
            abandon_after: Duration::ZERO,
            ..Limits::default()
        };
        // A restart with games abandoned at once: this one is, and stays so.
        let addr = start_with(config(&db.url, limits)).await;
        let summary = get_json(addr, &format!("/api/games/{}", left.id)).await;
        assert_error(&summary, 410, "abandoned");
        let (status, lobby) = get_json(addr, "/api/games").await;
        assert_eq!(status, 200);
        assert!(
            lobby["open"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g["id"] != left.id.as_str()),
            "{lobby}"
        );
        let url = format!("ws://{addr}/api/games/{}/ws", left.id);
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status().as_u16(), 410)
            }
            other => panic!("an abandoned game's socket opens: {other:?}"),
        }
        db.drop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_when_its_creator_closes_every_connection() {
    let db = databases("creator_leaves").remove(0);
    let addr = start(&db.url).await;
    let game = create(
        addr,
        "base",
        &["heuristic", "heuristic", "heuristic"],
        json!({}),
    )
    .await;
    let mut watcher = Client::connect(addr, &game.spectator_path()).await;
    let first = watcher.expect("view").await;
    drop(watcher);
    // Nobody is connected: the bots play on, and the game ends with a winner.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, summary) = get_json(addr, &format!("/api/games/{}", game.id)).await;
        assert_eq!(status, 200, "{summary}");
        if summary["status"] == "finished" {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the game ends");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (status, record) = get_json(addr, &format!("/api/games/{}/record", game.id)).await;
    assert_eq!(status, 200);
    let played = record["actions"].as_array().unwrap().len() as u64;
    assert!(
        played > first["seq"].as_u64().unwrap(),
        "the bots played on alone"
    );
    assert!(record["result"]["winner"].is_u64(), "{}", record["result"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_map_far_larger_than_the_engine_takes_is_refused_by_its_size_alone() {
    let db = databases("huge_map").remove(0);
    let addr = start(&db.url).await;
    let hexes: Vec<Value> = (0..20_000)
        .map(
            |i| json!({"hex": format!("{},{}", i % 150, i / 150), "terrain": "hills", "number": 5}),
        )
        .collect();
    let body = json!({
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
        "map": {"id": "huge", "name": "Huge", "players": [3], "hexes": hexes},
    });
    let answer = post_json(addr, "/api/games", &body).await;
    // Only the count is named: its corners, edges and islands were never worked out.
    assert_error(
        &answer,
        400,
        "the map has 1 problem:\n  - hexes: 20000 hexes; the engine takes at most",
    );
}

/// POST with a body of the given content type.
async fn post_typed(addr: SocketAddr, content_type: &str, body: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_bodies_are_json_of_the_protocol_shape_only() {
    let db = databases("strict_http").remove(0);
    let addr = start(&db.url).await;
    let seats = r#"{"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}"#;
    // Another site's form can send text/plain from a player's browser: refused.
    let answer = post_typed(addr, "text/plain", seats).await;
    assert_error(&answer, 415, "Content-Type: application/json");
    let answer = post_typed(addr, "application/x-www-form-urlencoded", seats).await;
    assert_error(&answer, 415, "application/json");
    assert_eq!(
        post_typed(addr, "application/json; charset=utf-8", seats)
            .await
            .0,
        201
    );

    // serde would read a struct from an array of its fields.
    let people = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let answer = post_json(
        addr,
        "/api/games",
        &json!({"seats": people, "options": [5]}),
    )
    .await;
    assert_error(&answer, 400, "`options` is an object, not an array");
    let answer = post_json(
        addr,
        "/api/games",
        &json!({"seats": [["human"], {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    assert_error(&answer, 400, "`seats[0]` is an object");
    let answer = post_json(addr, "/api/games", &json!({"seats": people, "map": [1, 2]})).await;
    assert_error(&answer, 400, "`map` is an object, not an array");

    // A path that is no game id is answered in JSON too.
    for path in [
        "/api/games/%ff",
        "/api/games/%ff/record",
        "/api/games/%ff/ws",
    ] {
        let (status, body) = request(addr, "GET", path, None).await;
        assert!((400..500).contains(&status), "{path}: {status}");
        let body: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    let long = format!("/api/games/{}", "x".repeat(5000));
    assert_error(&get_json(addr, &long).await, 404, "there is no game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_messages_are_read_exactly() {
    let db = databases("strict_ws").remove(0);
    let addr = start(&db.url).await;
    let game = create(addr, "base", &["human", "human", "human"], json!({})).await;
    let mut person = Client::connect(addr, &game.seat_path(0)).await;
    let before = person.expect("view").await;

    let refused = [
        (
            json!({"type": "act", "action": ["build_settlement", "1,-1,S"]}),
            "`action` is an object",
        ),
        (json!({"type": "act", "action": 5}), "`action` is an object"),
        (
            json!({"type": "ping", "extra": 1}),
            "`ping` has no field `extra`",
        ),
        (
            json!({"type": "act", "action": {"action": "end_turn"}, "x": 1}),
            "`act` has no field `x`",
        ),
        (
            json!({"type": "act", "action": {"action": "roll_dice", "dice": [6, 6]}}),
            "`roll_dice` takes no fields",
        ),
        (
            json!({"type": "act", "action": {"action": "build_settlement", "corner": "1,-1,S", "x": 1}}),
            "unknown field",
        ),
        (json!({"type": 5}), "`type` is a string"),
        (json!({"action": "end_turn"}), "a message has a `type`"),
    ];
    for (message, words) in refused {
        person.send(&message).await;
        let e = person.expect_error("malformed").await;
        let said = e["message"].as_str().unwrap();
        assert!(
            said.contains(words),
            "{message}: `{said}` does not say `{words}`"
        );
    }
    // Nothing changed.
    let mut again = Client::connect(addr, &game.seat_path(0)).await;
    let now = again.expect("view").await;
    assert_eq!(now["seq"], before["seq"]);
    person.ping().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_errors_close_with_their_code() {
    let db = databases("close_codes").remove(0);
    let addr = start(&db.url).await;
    let game = create(addr, "base", &["human", "human", "human"], json!({})).await;

    // Larger than the largest message read at all: 1009, with the limit in words.
    let mut big = Client::connect(addr, &game.seat_path(0)).await;
    big.expect("view").await;
    // The server refuses the message from its header and closes; the rest of it may then
    // meet a closed connection, so whether the sending finished is not asked.
    big.try_send_text(&"x".repeat(2 << 20)).await;
    let (code, reason) = big.close_frame().await.expect("a close frame");
    assert_eq!(code, 1009, "{reason}");
    assert!(reason.contains("1048576"), "{reason}");

    // A text message that is no UTF-8: 1007.
    let mut garbled = Client::connect(addr, &game.seat_path(0)).await;
    garbled.expect("view").await;
    let frame = Frame::message(vec![0xff, 0xfe, 0x22], OpCode::Data(Data::Text), true);
    garbled.send_message(Message::Frame(frame)).await;
    let (code, reason) = garbled.close_frame().await.expect("a close frame");
    assert_eq!(code, 1007, "{reason}");

    // A frame the protocol forbids (a continuation with nothing to continue): 1002.
    let mut broken = Client::connect(addr, &game.seat_path(0)).await;
    broken.expect("view").await;
    let frame = Frame::message(b"x".to_vec(), OpCode::Data(Data::Continue), true);
    broken.send_message(Message::Frame(frame)).await;
    let (code, reason) = broken.close_frame().await.expect("a close frame");
    assert_eq!(code, 1002, "{reason}");

    // The game is untouched and answers.
    let mut fine = Client::connect(addr, &game.seat_path(0)).await;
    fine.expect("view").await;
    fine.ping().await;
}
