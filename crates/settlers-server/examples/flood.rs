//! The server under attack (a benchmark, not a test): while many half-open connections
//! (each sending only the first line of a request head, again whenever the server closes
//! it) and four clients posting 1 MiB maps of about 22,000 hexes without pause press on it, a
//! game's connection pings the server and measures each answer. Loopback only: the flood
//! comes from addresses 127.0.0.2 and up, as from many hosts. Bounded in count and time.
//!
//! ```sh
//! cargo run --release -p settlers-server --example flood -- [--connections 20000] [--map-posts 4] [--seconds 20]
//! ```
//!
//! The server runs as a child process (this program with `--serve DB`), with the limits
//! `settlers serve` has by default. Reports the ping's round trip (p50, p99, max), the flood's
//! connections accepted and closed, and the map posts' answers. docs/reliability.md has figures.

mod common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use settlers_server::ServerConfig;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// Flood connections per source address: under the per-client limit, so the server's limit
/// in all is what they meet.
const PER_ADDRESS: usize = 100;
/// The most flood connections being opened at once.
const OPENING_AT_ONCE: usize = 512;
/// The pause between two pings: under the protocol's 20 messages a second, as a page is.
const PING_EVERY: Duration = Duration::from_millis(60);

fn main() {
    let args = common::Args::read();
    let runtime = common::runtime();
    if let Some(db) = args.value("--serve") {
        runtime.block_on(serve(db));
        return;
    }
    let connections: usize = args.number("--connections", 20_000);
    let seconds: u64 = args.number("--seconds", 20);
    let map_posters: usize = args.number("--map-posts", 4);
    let dir = std::env::temp_dir().join(format!("settlers-flood-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("flood.sqlite").display());
    let connections = connections.min(room_for_connections());
    runtime.block_on(flood(
        connections,
        map_posters,
        Duration::from_secs(seconds),
        db,
    ));
    let _ = std::fs::remove_dir_all(dir);
}

/// Raises this process's limit on open files as far as it may go, and says how many flood
/// connections fit under it.
fn room_for_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        let wanted = libc::rlimit {
            rlim_cur: 65_536,
            rlim_max: limit.rlim_max.max(65_536),
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) != 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    (limit.rlim_cur as usize).saturating_sub(256)
}

/// The server with the limits of `settlers serve`; bots never act (there are none).
async fn serve(db: String) {
    let mut config = ServerConfig::new(db);
    config.accept_seeds = true;
    common::serve(config).await;
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let _ = stream.write_all(body).await;
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Posts `body` again and again until `until` on one kept-alive connection, opened before
/// the flood fills the server's connections (as a player's page holds its own); counts the
/// answers by status.
async fn post_maps(
    addr: SocketAddr,
    body: Arc<Vec<u8>>,
    until: Instant,
    answers: Arc<std::sync::Mutex<BTreeMap<u16, usize>>>,
    mut stream: TcpStream,
) {
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    while Instant::now() < until {
        let answered = async {
            stream.write_all(head.as_bytes()).await.ok()?;
            stream.write_all(&body).await.ok()?;
            // The head, then as much body as it says.
            let mut raw = Vec::new();
            let mut buffer = [0u8; 4096];
            let end = loop {
                let n = stream.read(&mut buffer).await.ok()?;
                if n == 0 {
                    return None;
                }
                raw.extend_from_slice(&buffer[..n]);
                if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                    break end + 4;
                }
            };
            let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
            let status: u16 = head.split_whitespace().nth(1)?.parse().ok()?;
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            while raw.len() < end + length {
                let n = stream.read(&mut buffer).await.ok()?;
                if n == 0 {
                    return None;
                }
                raw.extend_from_slice(&buffer[..n]);
            }
            Some(status)
        };
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, answered).await {
            Ok(Some(status)) => *answers.lock().unwrap().entry(status).or_default() += 1,
            Ok(None) => {
                // Closed by the server: note it, and wait for a place to open again.
                *answers.lock().unwrap().entry(0).or_default() += 1;
                match TcpStream::connect(addr).await {
                    Ok(again) => stream = again,
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
            Err(_) => break,
        }
    }
}

/// A map of one's own of just under 1 MiB: about 22,000 land hexes.
fn huge_map() -> Vec<u8> {
    let mut hexes = Vec::new();
    let mut size = 0;
    'rows: for r in 0..1000 {
        for q in 0..150 {
            let hex = json!({"hex": format!("{q},{r}"), "terrain": "hills", "number": 5});
            size += hex.to_string().len() + 1;
            if size > (1 << 20) - 400 {
                break 'rows;
            }
            hexes.push(hex);
        }
    }
    let map = json!({"id": "flood", "name": "A flood of hexes", "players": [3], "hexes": hexes});
    let body =
        json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "map": map});
    let bytes = body.to_string().into_bytes();
    eprintln!(
        "map posts: {} hexes, {} bytes each",
        map["hexes"].as_array().unwrap().len(),
        bytes.len()
    );
    bytes
}

#[derive(Default)]
struct Counts {
    opened: AtomicUsize,
    closed_by_server: AtomicUsize,
    failed_to_open: AtomicUsize,
}

/// One flood connection, again and again until `until`: connect from `from`, send the first
/// line of a request head, wait for the server to close.
async fn half_open(
    addr: SocketAddr,
    from: SocketAddr,
    until: Instant,
    counts: Arc<Counts>,
    gate: Arc<tokio::sync::Semaphore>,
) {
    while Instant::now() < until {
        let opened = {
            let _opening = gate.acquire().await.unwrap();
            let socket = TcpSocket::new_v4().unwrap();
            let _ = socket.set_reuseaddr(true);
            if socket.bind(from).is_err() {
                counts.failed_to_open.fetch_add(1, Ordering::Relaxed);
                return;
            }
            tokio::time::timeout(Duration::from_secs(3), socket.connect(addr)).await
        };
        let mut stream = match opened {
            Ok(Ok(stream)) => stream,
            _ => {
                counts.failed_to_open.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        counts.opened.fetch_add(1, Ordering::Relaxed);
        let _ = stream.write_all(b"GET /api/scenarios HTTP/1.1\r\n").await;
        let mut buffer = [0u8; 512];
        let left = until.saturating_duration_since(Instant::now());
        if let Ok(read) = tokio::time::timeout(left, async {
            loop {
                match stream.read(&mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        })
        .await
        {
            let () = read;
            counts.closed_by_server.fetch_add(1, Ordering::Relaxed);
        }
    }
}

async fn flood(connections: usize, map_posters: usize, length: Duration, db: String) {
    let (mut child, addr) = common::start_server(&db);
    // A game, and its seat's connection, open before the flood.
    let body = json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    let (status, answer) = http(addr, "POST", "/api/games", body.to_string().as_bytes()).await;
    assert_eq!(status, 201, "{answer}");
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let id = answer["id"].as_str().unwrap();
    let token = answer["seats"][0]["token"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/api/games/{id}/ws?seat=0&token={token}"
    ))
    .await
    .unwrap();
    let _view = ws.next().await;

    let start = Instant::now();
    let until = start + length;
    let map = Arc::new(huge_map());
    let answers = Arc::new(std::sync::Mutex::new(BTreeMap::<u16, usize>::new()));
    let mut posters = Vec::new();
    for _ in 0..map_posters {
        let stream = TcpStream::connect(addr).await.unwrap();
        posters.push(tokio::spawn(post_maps(
            addr,
            map.clone(),
            until,
            answers.clone(),
            stream,
        )));
    }
    let counts = Arc::new(Counts::default());
    let gate = Arc::new(tokio::sync::Semaphore::new(OPENING_AT_ONCE));
    let mut flooders = Vec::with_capacity(connections);
    for i in 0..connections {
        let n = 2 + i / PER_ADDRESS;
        let from = SocketAddr::from(([127, (n >> 16) as u8, (n >> 8) as u8, n as u8], 0));
        flooders.push(tokio::spawn(half_open(
            addr,
            from,
            until,
            counts.clone(),
            gate.clone(),
        )));
    }
    // The game's pings, from the first second of the flood on, on a thread and runtime of
    // their own: the flood's tasks in this process never delay them.
    let pinger = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let mut round_trips = Vec::new();
            let mut lost = Vec::new();
            while Instant::now() < until {
                let sent = Instant::now();
                ws.send(Message::text(json!({"type": "ping"}).to_string()))
                    .await
                    .expect("the game's connection is open");
                let pong = tokio::time::timeout(Duration::from_secs(5), async {
                    while let Some(Ok(message)) = ws.next().await {
                        if let Message::Text(text) = message
                            && text.contains("\"pong\"")
                        {
                            return true;
                        }
                    }
                    false
                })
                .await;
                match pong {
                    Ok(true) => round_trips.push(sent.elapsed()),
                    Ok(false) => panic!("the game's connection closed during the flood"),
                    Err(_) => lost.push(sent.duration_since(start)),
                }
                tokio::time::sleep(PING_EVERY).await;
            }
            (round_trips, lost)
        })
    });
    let (mut round_trips, lost) = tokio::task::spawn_blocking(move || pinger.join().unwrap())
        .await
        .unwrap();
    for task in flooders.into_iter().chain(posters) {
        let _ = task.await;
    }
    let _ = child.kill();
    let _ = child.wait();

    round_trips.sort();
    let at = |p: f64| {
        round_trips
            .get(((round_trips.len() as f64 * p) as usize).min(round_trips.len().saturating_sub(1)))
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "flood: {connections} half-open connections from {} addresses for {} s, {map_posters} clients posting 1 MiB maps",
        connections.div_ceil(PER_ADDRESS),
        length.as_secs()
    );
    println!(
        "  flood connections opened {}, closed by the server {}, not opened {}",
        counts.opened.load(Ordering::Relaxed),
        counts.closed_by_server.load(Ordering::Relaxed),
        counts.failed_to_open.load(Ordering::Relaxed)
    );
    println!(
        "  map posts answered: {:?} (status: count)",
        answers.lock().unwrap()
    );
    println!(
        "  game pings: {} answered, {} unanswered within 5 s (sent at {lost:?}); round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        round_trips.len(),
        lost.len(),
        at(0.5),
        at(0.99),
        round_trips
            .last()
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    );
}
