//! What the server's tests share: an HTTP client and a WebSocket client on loopback, the
//! databases to run against, a scripted human player, and the check that no message tells a
//! viewer what it may not know. Used by `crates/settlers/tests/restart.rs` too, which runs the
//! server as a separate process; each test crate uses a different part, hence:
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use settlers_server::{Server, ServerConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Long enough for any step of a test on a busy machine; a hang fails instead of blocking.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// The seed the tests give their games: long enough that its digits never turn up by
/// chance in a message.
pub const SEED: u64 = 8_071_234_567_890_123_457;

// ---------------------------------------------------------------------------------------
// Databases

/// A database for one test: an SQLite file, or a PostgreSQL database of its own.
pub struct TestDb {
    pub url: String,
    pub postgres: bool,
}

impl TestDb {
    pub fn name(&self) -> &'static str {
        if self.postgres {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    }

    /// Removes a PostgreSQL database made for the test (SQLite files stay in target/).
    pub async fn drop(self) {
        if self.postgres {
            let _ = settlers_server::db::drop_database(&self.url).await;
        }
    }
}

fn unique(name: &str) -> String {
    format!(
        "{name}_{}_{}",
        std::process::id(),
        settlers_server::token::new_game_id()
            .unwrap()
            .to_ascii_lowercase()
            .replace(['-', '_'], "x")
    )
}

/// Where this test crate keeps its files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(unique(name));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The databases every test runs against: SQLite always; PostgreSQL when
/// `SETTLERS_TEST_POSTGRES` holds a URL (of a user who may create databases): each test
/// gets a database of its own there, so no server resumes another test's games.
pub fn databases(name: &str) -> Vec<TestDb> {
    let mut out = vec![TestDb {
        url: format!("sqlite://{}", scratch(name).join("games.sqlite").display()),
        postgres: false,
    }];
    match std::env::var("SETTLERS_TEST_POSTGRES") {
        Ok(base) if !base.is_empty() => out.push(TestDb {
            url: with_database(&base, &format!("settlers_test_{}", unique(name))),
            postgres: true,
        }),
        _ => println!("note: SETTLERS_TEST_POSTGRES is not set: {name} runs on SQLite only"),
    }
    out
}

/// `base` with its database name replaced.
fn with_database(base: &str, database: &str) -> String {
    let (url, query) = match base.split_once('?') {
        Some((u, q)) => (u, Some(q)),
        None => (base, None),
    };
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    let host_end = url[scheme_end..]
        .find('/')
        .map_or(url.len(), |i| scheme_end + i);
    let mut out = format!("{}/{database}", &url[..host_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

// ---------------------------------------------------------------------------------------
// Servers

/// A server on a free loopback port, in this process; bots without a pause; seeds accepted;
/// no limit on messages a second, since the scripted players act at machine speed.
pub async fn start(url: &str) -> SocketAddr {
    let mut config = ServerConfig::new(url);
    config.bot_delay = Duration::ZERO;
    config.accept_seeds = true;
    config.max_messages_per_second = usize::MAX;
    start_with(config).await
}

pub async fn start_with(config: ServerConfig) -> SocketAddr {
    let server = Server::start(config).await.expect("the server starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(settlers_server::serve(listener, server));
    addr
}

// ---------------------------------------------------------------------------------------
// HTTP

/// One HTTP/1.1 request: the status and the body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> (u16, String) {
    request_with(addr, method, path, &[], body).await
}

/// One HTTP/1.1 request with headers of its own (`X-Forwarded-For: …`).
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> (u16, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let body = body.unwrap_or_default();
        let extra: String = headers
            .iter()
            .map(|(name, value)| format!("{name}: {value}\r\n"))
            .collect();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        // A server may answer (413) before reading a large body: a write error then is fine.
        let _ = stream.write_all(body).await;
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        raw
    };
    let raw = tokio::time::timeout(PATIENCE, exchange)
        .await
        .expect("the server answers");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("not an HTTP answer: {text}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status: {head}"));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    (
        status,
        if chunked {
            dechunk(body)
        } else {
            body.to_string()
        },
    )
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

pub async fn get_json(addr: SocketAddr, path: &str) -> (u16, Value) {
    let (status, body) = request(addr, "GET", path, None).await;
    (status, parse(&body))
}

pub async fn post_json(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, body) = request(addr, "POST", path, Some(body.to_string().as_bytes())).await;
    (status, parse(&body))
}

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// An error answer: a 4xx status and `{"error": "<words>"}`.
pub fn assert_error(answer: &(u16, Value), status: u16, words: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message: {}", answer.1));
    assert!(
        message.contains(words),
        "`{message}` does not say `{words}`"
    );
}

/// A game: the creation answer's id and seat tokens.
pub struct NewGame {
    pub id: String,
    pub answer: Value,
}

impl NewGame {
    pub fn token(&self, seat: usize) -> String {
        self.answer["seats"][seat]["token"]
            .as_str()
            .unwrap_or_else(|| panic!("seat {seat} has no token: {}", self.answer))
            .to_string()
    }
    pub fn seat_path(&self, seat: usize) -> String {
        format!(
            "/api/games/{}/ws?seat={seat}&token={}",
            self.id,
            self.token(seat)
        )
    }
    pub fn spectator_path(&self) -> String {
        format!("/api/games/{}/ws", self.id)
    }
}

/// Creates a game; `seats` are `"human"` or a bot's name.
pub async fn create(addr: SocketAddr, scenario: &str, seats: &[&str], extra: Value) -> NewGame {
    let seats: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match *s {
            "human" => json!({"kind": "human", "name": format!("Player {i}")}),
            bot => json!({"kind": "bot", "bot": bot}),
        })
        .collect();
    let mut body = json!({"scenario": scenario, "seats": seats, "seed": SEED});
    if let Value::Object(extra) = extra {
        for (k, v) in extra {
            body[k] = v;
        }
    }
    let (status, answer) = post_json(addr, "/api/games", &body).await;
    assert_eq!(status, 201, "{answer}");
    NewGame {
        id: answer["id"].as_str().unwrap().to_string(),
        answer,
    }
}

// ---------------------------------------------------------------------------------------
// WebSocket

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The seat this connection plays, if any: what `check_secrets` checks against.
    pub viewer: Option<u8>,
}

impl Client {
    pub async fn connect(addr: SocketAddr, path: &str) -> Client {
        let viewer = path
            .split_once("seat=")
            .and_then(|(_, rest)| rest.split('&').next())
            .and_then(|s| s.parse().ok());
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
            .await
            .unwrap_or_else(|e| panic!("connecting to {path}: {e}"));
        Client { ws, viewer }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_string()))
            .await
            .expect("sent");
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string()).await;
    }

    /// Sends, and says whether it went: the server may be closing the connection.
    pub async fn try_send(&mut self, message: &Value) -> bool {
        self.try_send_text(&message.to_string()).await
    }

    /// Sends text, and says whether it went: the server may close the connection before the
    /// whole of a long message is written.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text.to_string())).await.is_ok()
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::binary(bytes)).await.expect("sent");
    }

    /// The next message, checked for secrets; `None` once the server has closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the server says something in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
                    check_secrets(&text, &value, self.viewer);
                    return Some(value);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message of this type. Views come whenever anyone acts: looking for another
    /// type, views on the way are skipped.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let m = self.next().await.expect("the connection is open");
            if kind != "view" && m["type"] == "view" {
                continue;
            }
            assert_eq!(m["type"], kind, "expected a {kind} message: {m}");
            return m;
        }
    }

    /// The next error, which must be of this kind.
    pub async fn expect_error(&mut self, kind: &str) -> Value {
        let m = self.expect("error").await;
        assert_eq!(m["kind"], kind, "{m}");
        assert!(!m["message"].as_str().unwrap_or_default().is_empty(), "{m}");
        m
    }

    pub async fn ping(&mut self) {
        self.send(&json!({"type": "ping"})).await;
        self.expect("pong").await;
    }

    /// Sends a message as it is, a raw frame included.
    pub async fn send_message(&mut self, message: Message) {
        self.ws.send(message).await.expect("sent");
    }

    /// Reads until the server closes: its close frame's code and reason, if it sent one.
    pub async fn close_frame(&mut self) -> Option<(u16, String)> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the server closes in time");
            match message {
                Some(Ok(Message::Close(frame))) => {
                    return frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                }
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }
}

/// The seats the game waits for, which may act now without waiting for others: as the
/// server's bots do, answers to an offer come before the offerer, and a bot among them acts
/// before a person (the scripted person waits, so it never races a bot).
pub fn may_act(view: &Value, seat: u8, bots: &[u8]) -> bool {
    let v = &view["view"];
    let waiting: Vec<u8> = v["to_act"]
        .as_array()
        .map(|a| a.iter().map(|s| s.as_u64().unwrap() as u8).collect())
        .unwrap_or_default();
    let active = v["active"].as_u64().unwrap() as u8;
    let others: Vec<u8> = waiting.iter().copied().filter(|&s| s != active).collect();
    let candidates = if others.is_empty() { waiting } else { others };
    candidates.contains(&seat)
        && !candidates.iter().any(|s| bots.contains(s))
        && !view["legal"].is_null()
}

/// `count` cards out of `from`, taken from the largest piles first.
fn cards(from: &Value, count: u64) -> Value {
    let mut piles: Vec<(String, u64)> = from
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    let mut out = serde_json::Map::new();
    for _ in 0..count {
        piles.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let pile = &mut piles[0];
        pile.1 -= 1;
        let n = out.get(&pile.0).and_then(Value::as_u64).unwrap_or(0);
        out.insert(pile.0.clone(), json!(n + 1));
    }
    Value::Object(out)
}

/// The scripted person's choice, a function of the view alone: the cards of a discard or a
/// gold pick, else one of the listed actions picked by the action count.
pub fn choose(view: &Value) -> Value {
    let legal = &view["legal"];
    if let Some(d) = legal["discard"].as_object() {
        return json!({"action": "discard", "cards": cards(&d["from"], d["count"].as_u64().unwrap())});
    }
    if let Some(g) = legal["gold"].as_object() {
        return json!({"action": "pick_resources", "cards": cards(&g["from"], g["count"].as_u64().unwrap())});
    }
    if let Some(g) = legal["give_back"].as_object() {
        return json!({"action": "give_back", "cards": cards(&g["from"], g["count"].as_u64().unwrap())});
    }
    let actions = legal["actions"].as_array().expect("listed actions");
    assert!(
        !actions.is_empty(),
        "the seat may act but has nothing to do: {view}"
    );
    let seq = view["seq"].as_u64().unwrap();
    actions[(seq.wrapping_mul(2_654_435_761) >> 7) as usize % actions.len()].clone()
}

/// Plays `client`'s seat until the game is over, or until `stop` says so for a view in which
/// the seat may act. Returns the last view. Every message must be a view: the scripted
/// person never makes a mistake and never races a bot.
pub async fn play(client: &mut Client, bots: &[u8], stop: impl Fn(&Value) -> bool) -> Value {
    let seat = client.viewer.expect("a seat's connection");
    let mut last_sent = None;
    loop {
        let m = client.expect("view").await;
        if !m["view"]["winner"].is_null() {
            assert!(
                m["legal"].is_null(),
                "a finished game offers no action: {m}"
            );
            return m;
        }
        let seq = m["seq"].as_u64().unwrap();
        if may_act(&m, seat, bots) && last_sent != Some(seq) {
            if stop(&m) {
                return m;
            }
            last_sent = Some(seq);
            client
                .send(&json!({"type": "act", "action": choose(&m)}))
                .await;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Secrets

/// Checks that a message holds nothing its viewer may not know: no other seat's hand or
/// development cards, no deck contents, no face-down fog, no seed, no token; stolen cards and
/// bought development cards named only to those who know them.
pub fn check_secrets(text: &str, message: &Value, viewer: Option<u8>) {
    assert!(
        !text.contains(&SEED.to_string()),
        "the seed is in a message: {text}"
    );
    // A map's `extras` are the scenario's own words (the Forgotten Tribe's harbor gifts say
    // how their `token` is dealt), not the seats' tokens.
    let mut bare = message.clone();
    if let Some(map) = bare.pointer_mut("/view/map").and_then(Value::as_object_mut) {
        map.remove("extras");
    }
    for key in ["seed", "token", "token_hash"] {
        assert!(
            !has_key(&bare, key, &|_| true),
            "a message holds `{key}`: {text}"
        );
    }
    // A deck shows its size only (Barbarian Attack's `barbarians.deck`), never its cards.
    assert!(
        !has_key(message, "deck", &|v| !v.is_u64()),
        "a deck shows more than its size: {text}"
    );
    // The map's fog stacks: a view's map has none.
    let pools = &message["view"]["map"]["pools"];
    assert!(
        pools.is_null() || pools.as_object().is_some_and(|p| p.is_empty()),
        "a view shows the fog stacks: {pools}"
    );
    if message["type"] != "view" {
        return;
    }
    let view = &message["view"];
    assert_eq!(
        view["viewer"].as_u64().map(|v| v as u8),
        viewer,
        "a view for another viewer: {text}"
    );
    assert!(
        view["development_deck"].is_u64(),
        "the deck shows more than its size"
    );
    for player in view["players"].as_array().expect("players") {
        let seat = player["seat"].as_u64().unwrap() as u8;
        if Some(seat) != viewer {
            for hidden in ["hand", "development_cards", "new_development_cards"] {
                assert!(
                    player.get(hidden).is_none(),
                    "{viewer:?} sees seat {seat}'s {hidden}: {player}"
                );
            }
        } else {
            assert!(player["hand"].is_object(), "a seat sees its own hand");
        }
    }
    // The board comes on connecting and when it changed (docs/protocol.md).
    for hex in view["map"]["hexes"].as_array().into_iter().flatten() {
        if hex["terrain"] == "fog" {
            assert!(hex["number"].is_null(), "a fog hex shows its number: {hex}");
        }
    }
    for event in message["events"].as_array().expect("events") {
        match event["event"].as_str().unwrap() {
            "robbed" => {
                let knows = [&event["thief"], &event["victim"]]
                    .iter()
                    .any(|s| s.as_u64().map(|s| s as u8) == viewer);
                assert_eq!(
                    !event["resource"].is_null(),
                    knows,
                    "{viewer:?} and a stolen card: {event}"
                );
            }
            "development_card_bought" => {
                let own = event["seat"].as_u64().map(|s| s as u8) == viewer;
                assert_eq!(
                    !event["card"].is_null(),
                    own,
                    "{viewer:?} and a bought card: {event}"
                );
            }
            _ => {}
        }
    }
}

/// Whether `key` is anywhere in `value` with a value `bad` says is wrong.
fn has_key(value: &Value, key: &str, bad: &dyn Fn(&Value) -> bool) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| (k == key && bad(v)) || has_key(v, key, bad)),
        Value::Array(items) => items.iter().any(|v| has_key(v, key, bad)),
        _ => false,
    }
}

/// A view without its board, which a view carries only on connecting and when it changed.
pub fn without_map(view: &Value) -> Value {
    let mut view = view.clone();
    if let Some(v) = view.as_object_mut() {
        v.remove("map");
    }
    view
}
