//! `settlers serve` killed mid-game (SIGKILL) and started again on the same database: the
//! game goes on from the same state, its bots go on, and it ends exactly as the same game
//! played without interruption (chance and bots draw from the game's seed and the action's
//! index alone). On SQLite, and on PostgreSQL when `SETTLERS_TEST_POSTGRES` holds a URL.

#[path = "../../settlers-server/tests/common/mod.rs"]
mod common;

use common::*;
use serde_json::{Value, json};
use settlers_core::record::Record;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

const BOTS: &[u8] = &[1, 2, 3];

/// A `settlers serve` process, killed when dropped (a failed test leaves none behind).
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
}

impl ServerProcess {
    fn start(db: &str) -> ServerProcess {
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
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
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
