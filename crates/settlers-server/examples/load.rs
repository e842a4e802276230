//! The server under load (a benchmark, not a test): N games at once, every seat played by a
//! client over a real WebSocket on loopback, choosing at random among the legal actions the
//! server lists. The server runs as a child process (this same program with `--serve`), so
//! its memory is measured alone.
//!
//! ```sh
//! cargo run --release -p settlers-server --example load -- --games 100 [--max-actions 4000] [--think-ms 0]
//! ```
//!
//! `--think-ms N` makes every client wait about N ms (from N/2 to 3N/2) before each action,
//! as a person or the server's own bots (400 ms) would: many games at a playing pace rather than a few at machine
//! speed. Reports the seat actions a second, the latency from an action sent to its view received
//! (p50, p99, max), and the server's memory per game (resident set growth / N).

mod common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use settlers_server::ServerConfig;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

fn main() {
    let args = common::Args::read();
    let runtime = common::runtime();
    if let Some(db) = args.value("--serve") {
        runtime.block_on(serve(db));
        return;
    }
    let games: usize = args.number("--games", 100);
    let max_actions: u64 = args.number("--max-actions", 4000);
    let think = Duration::from_millis(args.number("--think-ms", 0));
    let dir = std::env::temp_dir().join(format!("settlers-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = args
        .value("--db")
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("load.sqlite").display()));
    runtime.block_on(load(games, max_actions, think, db));
    let _ = std::fs::remove_dir_all(dir);
}

/// The server, as `settlers serve` runs it but with no pause for bots (there are none) and no
/// limit on messages a second (the clients play at machine speed).
async fn serve(db: String) {
    let mut config = ServerConfig::new(db);
    config.bot_delay = Duration::ZERO;
    config.accept_seeds = true;
    config.max_messages_per_second = usize::MAX;
    common::serve(config).await;
}

/// The processor time a process has used (user and system), in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces): utime and stime are the 12th
    // and 13th, in clock ticks (100 a second on Linux).
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// The resident set of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

async fn post(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1).unwrap()
}

/// A small generator for the clients' choices (xorshift): the benchmark needs no more.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn cards(pick: &mut Pick, from: &Value, count: u64) -> Value {
    let mut piles: Vec<(String, u64)> = from
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .filter(|(_, n)| *n > 0)
        .collect();
    let mut out = serde_json::Map::new();
    for _ in 0..count {
        let i = pick.below(piles.len());
        let n = out.get(&piles[i].0).and_then(Value::as_u64).unwrap_or(0);
        out.insert(piles[i].0.clone(), json!(n + 1));
        piles[i].1 -= 1;
        if piles[i].1 == 0 {
            piles.remove(i);
        }
    }
    Value::Object(out)
}

/// A message from the server, as far as a client reads it: everything else in it (most of a
/// view) is skipped while parsing, without building it, so that the 4N clients, which share
/// the machine with the server, spend as little of it as they can.
#[derive(serde::Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seq: u64,
    view: Option<ViewHead>,
    #[serde(default)]
    legal: Value,
}

/// The parts of a view a client needs.
#[derive(serde::Deserialize)]
struct ViewHead {
    to_act: Vec<u64>,
    active: u64,
    winner: Option<u64>,
}

/// The seat that acts next: as the server's own bots decide, one seat at a time, so the
/// first view after an action sent is that action's.
fn deciding(view: &ViewHead) -> Option<u64> {
    let waiting = &view.to_act;
    let others: Vec<u64> = waiting
        .iter()
        .copied()
        .filter(|&s| s != view.active)
        .collect();
    if others.is_empty() {
        waiting.first().copied()
    } else {
        others.first().copied()
    }
}

fn choose(pick: &mut Pick, legal: &Value) -> Value {
    if let Some(d) = legal["discard"].as_object() {
        return json!({"action": "discard", "cards": cards(pick, &d["from"], d["count"].as_u64().unwrap())});
    }
    if let Some(g) = legal["gold"].as_object() {
        return json!({"action": "pick_resources", "cards": cards(pick, &g["from"], g["count"].as_u64().unwrap())});
    }
    if let Some(g) = legal["give_back"].as_object() {
        return json!({"action": "give_back", "cards": cards(pick, &g["from"], g["count"].as_u64().unwrap())});
    }
    let actions = legal["actions"].as_array().unwrap();
    actions[pick.below(actions.len())].clone()
}

#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    errors: u64,
    last_seq: u64,
    won: bool,
}

/// One seat's client: plays until the game is won or has `max_actions` actions.
async fn seat(
    addr: SocketAddr,
    id: String,
    seat: usize,
    token: String,
    max_actions: u64,
    think: Duration,
    ready: Arc<tokio::sync::Barrier>,
) -> Played {
    let url = format!("ws://{addr}/api/games/{id}/ws?seat={seat}&token={token}");
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connects");
    ready.wait().await;
    // A different sequence for every seat of every game; never zero, which xorshift keeps.
    let mut pick = Pick(
        id.bytes()
            .fold(0x9E37_79B9_7F4A_7C15 ^ (seat as u64 + 1), |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
            })
            | 1,
    );
    let mut played = Played::default();
    let mut sent: Option<Instant> = None;
    while let Some(Ok(message)) = ws.next().await {
        let Message::Text(text) = message else {
            continue;
        };
        let m: Incoming = serde_json::from_str(&text).unwrap();
        if let Some(at) = sent.take() {
            played.latencies.push(at.elapsed());
        }
        if m.kind == "error" {
            played.errors += 1;
        }
        let (true, Some(view)) = (m.kind == "view", m.view) else {
            continue;
        };
        played.last_seq = m.seq;
        if view.winner.is_some() {
            played.won = true;
            break;
        }
        if played.last_seq >= max_actions {
            break;
        }
        if deciding(&view) == Some(seat as u64) && !m.legal.is_null() {
            let action = choose(&mut pick, &m.legal);
            if !think.is_zero() {
                // People do not act in step: each pause is drawn from half to one and a
                // half times the given one.
                let jitter = 500 + pick.below(1001) as u32;
                tokio::time::sleep(think * jitter / 1000).await;
            }
            sent = Some(Instant::now());
            ws.send(Message::text(
                json!({"type": "act", "action": action}).to_string(),
            ))
            .await
            .unwrap();
        }
    }
    let _ = ws.close(None).await;
    played
}

async fn load(games: usize, max_actions: u64, think: Duration, db: String) {
    let (mut child, addr) = common::start_server(&db);
    let pid = child.id();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_idle = rss_kib(pid);

    let human = json!({"kind": "human"});
    let ready = Arc::new(tokio::sync::Barrier::new(games * 4 + 1));
    let mut clients = Vec::new();
    for g in 0..games {
        let created = post(
            addr,
            "/api/games",
            &json!({"scenario": "base", "seats": [human, human, human, human], "seed": g}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        for s in 0..4 {
            let token = created["seats"][s]["token"].as_str().unwrap().to_string();
            clients.push(tokio::spawn(seat(
                addr,
                id.clone(),
                s,
                token,
                max_actions,
                think,
                ready.clone(),
            )));
        }
    }
    ready.wait().await;
    let rss_open = rss_kib(pid);
    let cpu_before = cpu_seconds(pid);
    let started = Instant::now();
    let mut latencies = Vec::new();
    let (mut errors, mut won, mut stored) = (0, 0, 0);
    for (i, c) in clients.into_iter().enumerate() {
        let p = c.await.unwrap();
        latencies.extend(p.latencies);
        errors += p.errors;
        if i % 4 == 0 {
            won += u64::from(p.won);
            stored += p.last_seq;
        }
    }
    let elapsed = started.elapsed();
    let rss_end = rss_kib(pid);
    let server_cpu = cpu_seconds(pid) - cpu_before;
    let _ = child.kill();
    let _ = child.wait();

    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{games} games at once, 4 WebSocket clients each (random legal actions, {} ms to think), {db}",
        think.as_millis()
    );
    println!("finished          {won} of {games} (the rest stopped at {max_actions} actions)");
    println!("seat actions      {}", latencies.len());
    println!("stored actions    {stored} (chance included)");
    println!("errors            {errors}");
    println!("time              {:.1} s", elapsed.as_secs_f64());
    println!(
        "seat actions/s    {:.0}",
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "stored actions/s  {:.0}",
        stored as f64 / elapsed.as_secs_f64()
    );
    println!(
        "server CPU        {server_cpu:.1} s ({:.0} µs a seat action; the clients share the machine)",
        server_cpu * 1e6 / latencies.len() as f64
    );
    println!("latency p50       {:.2} ms", ms(at(0.5)));
    println!("latency p99       {:.2} ms", ms(at(0.99)));
    println!("latency max       {:.2} ms", ms(at(1.0)));
    println!(
        "server RSS        {:.1} MiB idle, {:.1} MiB with the games open, {:.1} MiB at the end",
        rss_idle as f64 / 1024.0,
        rss_open as f64 / 1024.0,
        rss_end as f64 / 1024.0
    );
    println!(
        "memory per game   {:.0} KiB (open - idle) / {games}",
        (rss_open.saturating_sub(rss_idle)) as f64 / games as f64
    );
}
