//! Hosting for friends (docs/hosting.md): the health check, the metrics, the links made on
//! `--public-url`, and forwarded client addresses believed only from a trusted proxy.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_server::ServerConfig;
use settlers_server::limits::Limits;
use settlers_server::proxy::{PublicUrl, TrustedProxies};
use std::cell::Cell;
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

fn config(url: &str) -> ServerConfig {
    let mut config = ServerConfig::new(url);
    config.bot_delay = Duration::ZERO;
    config.accept_seeds = true;
    config.max_messages_per_second = usize::MAX;
    config
}

/// Asks for the health check until it answers `status`, at most `PATIENCE`.
async fn health_until(addr: SocketAddr, status: u16) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (got, body) = get_json(addr, "/api/health").await;
        if got == status {
            return body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the health check answers {got}, not {status}: {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_fails_when_the_database_is_gone() {
    for db in databases("health") {
        println!("{}", db.name());
        let addr = start_with(config(&db.url)).await;
        let healthy = health_until(addr, 200).await;
        assert_eq!(healthy["status"], "ok", "{healthy}");
        assert_eq!(healthy["version"], env!("CARGO_PKG_VERSION"), "{healthy}");
        let kind = if db.postgres { "postgres" } else { "sqlite" };
        assert_eq!(healthy["database"], kind, "{healthy}");

        if db.postgres {
            // Dropped with its connections: the server's pool cannot reach it again.
            settlers_server::db::drop_database(&db.url).await.unwrap();
        } else {
            let file = db.url.strip_prefix("sqlite://").unwrap();
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{file}{suffix}"));
            }
        }
        let sick = health_until(addr, 503).await;
        assert_eq!(sick["status"], "unavailable", "{sick}");
        assert_eq!(sick["version"], env!("CARGO_PKG_VERSION"), "{sick}");
        let reason = sick["error"].as_str().unwrap_or_default();
        assert!(!reason.is_empty(), "the 503 says why: {sick}");
        if !db.postgres {
            assert!(reason.contains("no longer there"), "{reason}");
        }
        db.drop().await;
    }
}

/// `name value` of a metric without labels.
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in:\n{text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_games_connections_actions_and_their_time() {
    let db = databases("metrics").remove(0);
    let addr = start_with(config(&db.url)).await;
    let (status, text) = request(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(metric(&text, "settlers_games_in_play"), 0.0);
    assert_eq!(metric(&text, "settlers_actions_stored_total"), 0.0);

    let game = create(addr, "base", &["human", "random", "random"], json!({})).await;
    let mut person = Client::connect(addr, &game.seat_path(0)).await;
    let decisions = Cell::new(0u64);
    let last = play(&mut person, &[1, 2], |m| {
        decisions.set(decisions.get() + 1);
        m["seq"].as_u64().unwrap() >= 40
    })
    .await;
    // The last decision was to stop; every other one sent an action.
    let acted = decisions.get() - 1;
    assert!(acted > 0);
    let seq = last["seq"].as_u64().unwrap();

    // An action is counted just after its view goes out: ask until the count is there.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let text = loop {
        let (_, text) = request(addr, "GET", "/metrics", None).await;
        if metric(&text, "settlers_action_seconds_count") == acted as f64 {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "{text}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(metric(&text, "settlers_games_in_play"), 1.0);
    // The person's WebSocket and this request.
    assert!(metric(&text, "settlers_connections_open") >= 2.0, "{text}");
    // Every action the game stored, the bots' and chance's too: the game waits for the person.
    assert_eq!(metric(&text, "settlers_actions_stored_total"), seq as f64);
    assert!(text.contains("# TYPE settlers_action_seconds histogram"));
    let buckets: Vec<f64> = text
        .lines()
        .filter(|l| l.starts_with("settlers_action_seconds_bucket"))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        buckets.windows(2).all(|w| w[0] <= w[1]),
        "cumulative: {text}"
    );
    assert_eq!(buckets.last().copied(), Some(acted as f64), "{text}");
    assert!(metric(&text, "settlers_action_seconds_sum") > 0.0);
    db.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_and_sockets_are_made_on_the_public_url() {
    let db = databases("public_url").remove(0);
    let mut behind = config(&db.url);
    behind.public_url = Some(PublicUrl::parse("https://settlers.example.org/").unwrap());
    let addr = start_with(behind).await;
    let game = create(addr, "base", &["human", "random", "human"], json!({})).await;
    let (id, answer) = (&game.id, &game.answer);
    for seat in [0, 2] {
        let token = game.token(seat);
        assert_eq!(
            answer["seats"][seat]["link"],
            format!("https://settlers.example.org/game/{id}?seat={seat}&token={token}"),
            "{answer}"
        );
        assert_eq!(
            answer["seats"][seat]["socket"],
            format!("wss://settlers.example.org/api/games/{id}/ws?seat={seat}&token={token}"),
            "{answer}"
        );
    }
    assert_eq!(
        answer["spectate"],
        format!("https://settlers.example.org/game/{id}")
    );
    assert_eq!(
        answer["spectate_socket"],
        format!("wss://settlers.example.org/api/games/{id}/ws")
    );
    // The socket's path is the server's: a proxy passes it on as it is.
    let socket = answer["seats"][0]["socket"].as_str().unwrap();
    let path = socket.strip_prefix("wss://settlers.example.org").unwrap();
    let mut person = Client::connect(addr, path).await;
    assert_eq!(person.expect("view").await["view"]["viewer"], 0);

    // Without a public URL: paths on whatever address the page was opened at.
    let plain = start_with(config(&db.url)).await;
    let game = create(plain, "base", &["human", "random", "random"], json!({})).await;
    let token = game.token(0);
    let id = &game.id;
    assert_eq!(
        game.answer["seats"][0]["link"],
        format!("/game/{id}?seat=0&token={token}")
    );
    assert_eq!(
        game.answer["seats"][0]["socket"],
        format!("/api/games/{id}/ws?seat=0&token={token}")
    );
    db.drop().await;
}

async fn create_from(addr: SocketAddr, forwarded: &str) -> u16 {
    let bot = json!({"kind": "bot", "bot": "random"});
    let body = json!({"seats": [bot, bot, bot]});
    let (status, _) = request_with(
        addr,
        "POST",
        "/api/games",
        &[("X-Forwarded-For", forwarded)],
        Some(body.to_string().as_bytes()),
    )
    .await;
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_games_per_client_count_forwarded_addresses_only_from_a_trusted_proxy() {
    let db = databases("trusted_creations").remove(0);
    let one_a_minute = |trusted: &str| {
        let mut config = config(&db.url);
        config.limits = Limits {
            games_per_client_per_minute: 1,
            ..Limits::default()
        };
        config.trusted_proxies = TrustedProxies::parse(trusted).unwrap();
        config
    };
    // The tests' requests come from 127.0.0.1: the proxy, when it is trusted.
    let trusting = start_with(one_a_minute("127.0.0.1")).await;
    assert_eq!(create_from(trusting, "203.0.113.1").await, 201);
    assert_eq!(create_from(trusting, "203.0.113.1").await, 429);
    assert_eq!(create_from(trusting, "203.0.113.2").await, 201);
    // A client's own header is left of the proxy's: it does not make a new client.
    assert_eq!(
        create_from(trusting, "198.51.100.7, 203.0.113.2").await,
        429
    );

    // Not trusted (no proxy, or another one): the header is anyone's word, ignored.
    for trusted in ["", "10.0.0.0/8"] {
        let direct = start_with(one_a_minute(trusted)).await;
        assert_eq!(create_from(direct, "203.0.113.1").await, 201, "{trusted}");
        assert_eq!(create_from(direct, "203.0.113.2").await, 429, "{trusted}");
    }
    db.drop().await;
}

/// A WebSocket to `path` with `X-Forwarded-For: forwarded`, if the server takes it.
async fn socket_from(addr: SocketAddr, path: &str, forwarded: &str) -> Option<impl Send + 'static> {
    let mut request = format!("ws://{addr}{path}").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().unwrap());
    let connecting = tokio_tungstenite::connect_async(request);
    match tokio::time::timeout(PATIENCE, connecting)
        .await
        .expect("the server answers")
    {
        Ok((socket, _)) => Some(socket),
        Err(_) => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_client_count_forwarded_addresses_only_from_a_trusted_proxy() {
    let db = databases("trusted_connections").remove(0);
    let one_each = |trusted: &str| {
        let mut config = config(&db.url);
        config.limits = Limits {
            max_connections_per_client: 1,
            ..Limits::default()
        };
        config.trusted_proxies = TrustedProxies::parse(trusted).unwrap();
        config
    };
    let trusting = start_with(one_each("127.0.0.1")).await;
    let game = create(trusting, "base", &["random", "random", "random"], json!({})).await;
    let path = game.spectator_path();
    let first = socket_from(trusting, &path, "203.0.113.1").await;
    assert!(first.is_some(), "a client's first socket");
    assert!(
        socket_from(trusting, &path, "203.0.113.1").await.is_none(),
        "the same client's second, over its share"
    );
    let other = socket_from(trusting, &path, "203.0.113.2").await;
    assert!(other.is_some(), "another client's, through the same proxy");
    drop(first);
    // Its place is given back once the server sees the socket closed.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while socket_from(trusting, &path, "203.0.113.1").await.is_none() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the place comes back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Not trusted: every socket is 127.0.0.1's, whatever it says.
    let direct = start_with(one_each("")).await;
    let game = create(direct, "base", &["random", "random", "random"], json!({})).await;
    let path = game.spectator_path();
    // The request that made the game held 127.0.0.1's one place until the server saw it
    // closed, which may be a moment after its answer came.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let _held = loop {
        if let Some(socket) = socket_from(direct, &path, "203.0.113.1").await {
            break socket;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "a client's first socket"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        socket_from(direct, &path, "203.0.113.2").await.is_none(),
        "another forwarded address, from the same untrusted peer, over its share"
    );
    db.drop().await;
}
