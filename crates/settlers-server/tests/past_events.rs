//! A page connecting to a game in play gets the game's last events with its first view
//! (`"past": true`), as its seat may see them: a reloaded page's log holds the turns before
//! it, from a running game and from one a restarted server brought back from its record.

mod common;

use common::*;
use serde_json::{Value, json};

fn event_names(message: &Value) -> Vec<String> {
    message["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["event"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connecting_page_gets_the_turns_before_it() {
    for db in databases("past_events") {
        let addr = start(&db.url).await;
        let game = create(
            addr,
            "base",
            &["human", "heuristic", "heuristic", "heuristic"],
            json!({"seed": 11}),
        )
        .await;
        let bots = [1, 2, 3];
        let mut watching = Client::connect(addr, &game.spectator_path()).await;
        let opening = watching.expect("view").await;
        assert_eq!(opening["past"], true, "the first view of a connection");
        drop(watching);
        let mut first = Client::connect(addr, &game.seat_path(0)).await;
        // Play into the third turn: the setup and two rolls are behind us.
        let now = play(&mut first, &bots, |m| m["view"]["turn"].as_u64() >= Some(3)).await;

        // A reload: a new connection of the same seat (check_secrets checks each event is as
        // seat 0 may see it).
        let mut again = Client::connect(addr, &game.seat_path(0)).await;
        let reloaded = again.expect("view").await;
        assert_eq!(reloaded["past"], true);
        assert_eq!(reloaded["seq"], now["seq"]);
        let names = event_names(&reloaded);
        for wanted in [
            "settlement_built",
            "road_built",
            "dice_rolled",
            "turn_started",
        ] {
            assert!(
                names.iter().any(|n| n == wanted),
                "no {wanted} in {names:?}"
            );
        }
        // A spectator gets the same events, with no secret in them (check_secrets).
        let mut spectator = Client::connect(addr, &game.spectator_path()).await;
        let seen = spectator.expect("view").await;
        assert_eq!(seen["past"], true);
        assert_eq!(event_names(&seen), names);

        // A restarted server brings the game back from its record, and the same past with it
        // (the game waits for seat 0, so no bot acts there meanwhile).
        let restarted = start(&db.url).await;
        let mut after = Client::connect(restarted, &game.seat_path(0)).await;
        let back = after.expect("view").await;
        assert_eq!(back["past"], true);
        assert_eq!(back["events"], reloaded["events"]);
        // The next message is an ordinary one again: what happened since.
        first
            .send(&json!({"type": "act", "action": choose(&now)}))
            .await;
        let next = again.expect("view").await;
        assert!(next.get("past").is_none(), "only the first view: {next}");

        db.drop().await;
    }
}
