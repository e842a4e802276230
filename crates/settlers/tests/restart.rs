//! `settlers serve` killed mid-game (SIGKILL) and started again on the same database: the
//! game goes on from the same state, its bots go on, and it ends exactly as the same game
//! played without interruption (chance and bots draw from the game's seed and the action's
//! index alone). Stopped by SIGTERM during a burst of actions: it finishes the writes in
//! flight and exits cleanly, and no acknowledged action is lost. On SQLite, and on
//! PostgreSQL when `SETTLERS_TEST_POSTGRES` holds a URL.

#[path = "../../settlers-server/tests/common/mod.rs"]
mod common;

use common::*;
use serde_json::{Value, json};
use settlers_core::record::Record;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const BOTS: &[u8] = &[1, 2, 3];

/// A `settlers serve` process, killed when dropped (a failed test leaves none behind).
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
}

impl ServerProcess {
    fn start(db: &str) -> ServerProcess {
        ServerProcess::start_with(db, &[], Stdio::null())
    }

    /// With more options, and its log where `log` says.
    fn start_with(db: &str, more: &[&str], log: Stdio) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_settlers"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                db,
                "--web",
                "no-web-page-here",
                "--bot-delay-ms",
                "0",
                "--accept-seeds",
                "--max-messages-per-second",
                "1000000",
            ])
            .args(more)
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("settlers serve starts");
        // The first line says where to connect: `Settlers is ready: open http://ADDR/`.
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("Settlers is ready: open http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("not the address line: {line:?}"))
            .parse()
            .unwrap();
        ServerProcess { child, addr }
    }

    /// SIGKILL: no chance to tidy up.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, as a service manager stops a service.
    fn terminate(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill only sends a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    }

    /// Waits for the process to end by itself, at most `PATIENCE`.
    fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server does not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn record(addr: SocketAddr, id: &str) -> Record {
    let (status, text) = request(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{text}");
    let record = Record::from_json(&text).unwrap();
    record.replay().expect("the record replays");
    record
}

fn seq(m: &Value) -> u64 {
    m["seq"].as_u64().unwrap()
}

async fn killed_and_restarted(db: &TestDb) {
    let seats = ["human", "heuristic", "heuristic", "heuristic"];
    let first = ServerProcess::start(&db.url);

    // The same game without interruption, for comparison.
    let reference = create(first.addr, "base", &seats, json!({})).await;
    let mut person = Client::connect(first.addr, &reference.seat_path(0)).await;
    play(&mut person, BOTS, |_| false).await;
    let expected = record(first.addr, &reference.id).await;

    // Killed while waiting for the person.
    let game = create(first.addr, "base", &seats, json!({})).await;
    let mut person = Client::connect(first.addr, &game.seat_path(0)).await;
    let before = play(&mut person, BOTS, |m| seq(m) >= 40).await;
    assert!(before["view"]["winner"].is_null());
    first.kill();

    let second = ServerProcess::start(&db.url);
    let mut person = Client::connect(second.addr, &game.seat_path(0)).await;
    let after = person.expect("view").await;
    assert_eq!(seq(&after), seq(&before));
    // The board comes on connecting only (docs/protocol.md); the rest must be the same.
    assert_eq!(
        without_map(&after["view"]),
        without_map(&before["view"]),
        "the same game after a restart"
    );
    assert_eq!(after["legal"], before["legal"]);

    // Killed just after the person acts, while the bots play on.
    person
        .send(&json!({"type": "act", "action": choose(&after)}))
        .await;
    let acted = person.expect("view").await;
    assert!(seq(&acted) > seq(&after));
    second.kill();

    let third = ServerProcess::start(&db.url);
    let (_, lobby) = get_json(third.addr, "/api/games").await;
    assert!(
        lobby["open"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str()),
        "the game is resumed at start: {lobby}"
    );
    let mut person = Client::connect(third.addr, &game.seat_path(0)).await;
    let last = play(&mut person, BOTS, |_| false).await;
    assert!(seq(&last) > seq(&acted));
    let interrupted = record(third.addr, &game.id).await;
    assert_eq!(
        interrupted.actions, expected.actions,
        "the interrupted game is the uninterrupted one"
    );
    assert_eq!(interrupted.result, expected.result);
    third.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_its_games() {
    for db in databases("restart") {
        println!("{}", db.name());
        killed_and_restarted(&db).await;
        db.drop().await;
    }
}

/// Follows a game until the server closes the connection, acting for its seat (if it has one)
/// as soon as it may: returns the last `seq` seen, an action acknowledged. Adds every view
/// to `seen`.
async fn follow(mut client: Client, bots: &'static [u8], seen: Arc<AtomicU64>) -> u64 {
    let mut last = 0;
    let mut sent = None;
    while let Some(m) = client.next().await {
        if m["type"] != "view" {
            // `unavailable`: an action sent as the game stopped, never applied.
            continue;
        }
        last = seq(&m);
        seen.fetch_add(1, Ordering::Relaxed);
        if let Some(seat) = client.viewer
            && m["view"]["winner"].is_null()
            && may_act(&m, seat, bots)
            && sent != Some(last)
        {
            sent = Some(last);
            if !client
                .try_send(&json!({"type": "act", "action": choose(&m)}))
                .await
            {
                break;
            }
        }
    }
    last
}

async fn terminated_during_a_burst(db: &TestDb, log: &Path) {
    let first = ServerProcess::start_with(
        &db.url,
        &["--log-format", "json"],
        Stdio::from(std::fs::File::create(log).unwrap()),
    );
    let mut first = first;
    // Bots at full speed in three games, a person acting as fast as they may in a fourth.
    let seen = Arc::new(AtomicU64::new(0));
    let mut games = Vec::new();
    let mut followers = Vec::new();
    for _ in 0..3 {
        let game = create(
            first.addr,
            "base",
            &["random", "random", "random", "random"],
            json!({}),
        )
        .await;
        let spectator = Client::connect(first.addr, &game.spectator_path()).await;
        followers.push(tokio::spawn(follow(spectator, &[0, 1, 2, 3], seen.clone())));
        games.push(game);
    }
    let game = create(
        first.addr,
        "base",
        &["human", "random", "random", "random"],
        json!({}),
    )
    .await;
    let person = Client::connect(first.addr, &game.seat_path(0)).await;
    followers.push(tokio::spawn(follow(person, BOTS, seen.clone())));
    games.push(game);

    let deadline = Instant::now() + PATIENCE;
    while seen.load(Ordering::Relaxed) < 200 {
        assert!(Instant::now() < deadline, "the games are played");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    first.terminate();
    let mut acknowledged = Vec::new();
    for follower in followers {
        acknowledged.push(
            tokio::time::timeout(PATIENCE, follower)
                .await
                .expect("closed")
                .unwrap(),
        );
    }
    let status = first.wait();
    assert!(
        status.success(),
        "SIGTERM ends the server cleanly: {status}"
    );
    drop(first);
    // The log: one JSON object a line, the signal and the stop among them.
    let text = std::fs::read_to_string(log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["fields"].is_object()),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l["fields"]["signal"] == "SIGTERM"),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l["fields"]["message"] == "stopped"),
        "{text}"
    );

    // Every action anyone was told of is there after a restart, and the games go on.
    let second = ServerProcess::start(&db.url);
    for (game, acknowledged) in games.iter().zip(&acknowledged) {
        assert!(*acknowledged > 0, "{}: views were seen", game.id);
        let mut spectator = Client::connect(second.addr, &game.spectator_path()).await;
        let view = spectator.expect("view").await;
        assert!(
            seq(&view) >= *acknowledged,
            "{}: {} actions stored, {acknowledged} acknowledged",
            game.id,
            seq(&view)
        );
    }
    second.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_a_burst_loses_no_acknowledged_action() {
    for db in databases("sigterm") {
        println!("{}", db.name());
        let log = scratch("sigterm_log").join("server.log");
        terminated_during_a_burst(&db, &log).await;
        db.drop().await;
    }
}
