//! Many games appending at once: the database writer commits waiting appends together, and
//! one that cannot be stored fails alone.

mod common;

use settlers_core::notation::ActionEntry;
use settlers_server::db::{Db, NewGame};

fn dice(a: u8, b: u8) -> ActionEntry {
    serde_json::from_str(&format!(
        r#"{{"actor": "chance", "action": "dice", "dice": [{a}, {b}]}}"#
    ))
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_from_many_games_are_stored_and_a_refused_one_fails_alone() {
    for test_db in common::databases("appends") {
        let db = Db::connect(&test_db.url).await.unwrap();
        let ids: Vec<String> = (0..40).map(|g| format!("game{g}")).collect();
        for id in &ids {
            db.create_game(&NewGame {
                id,
                scenario: "base",
                setup: "{}",
                seats: "[]",
                seed: 1,
            })
            .await
            .unwrap();
        }
        // Every game appends three times, all games at once, round by round; in the last
        // round game 0 also tries to store its first action again, in the same moment.
        let rounds = std::sync::Arc::new(tokio::sync::Barrier::new(ids.len()));
        let mut tasks = Vec::new();
        for (g, id) in ids.iter().enumerate() {
            let (db, id, rounds) = (db.clone(), id.clone(), rounds.clone());
            tasks.push(tokio::spawn(async move {
                let mut refused = 0;
                for round in 0..3u64 {
                    let entries = vec![dice(1 + round as u8, 1 + (g % 6) as u8); 2];
                    rounds.wait().await;
                    let append = db.append(&id, 2 * round, &entries, None);
                    if g == 0 && round == 2 {
                        let again = db.append(&id, 0, &entries, None);
                        let (append, again) = tokio::join!(append, again);
                        append.expect("an append with a new index is stored");
                        refused += u32::from(again.is_err());
                    } else {
                        append.await.expect("an append with a new index is stored");
                    }
                }
                refused
            }));
        }
        let refused: u32 = futures_util::future::join_all(tasks)
            .await
            .into_iter()
            .map(|r| r.unwrap())
            .sum();
        assert_eq!(
            refused,
            1,
            "{}: the repeated index is refused",
            test_db.name()
        );
        for (g, id) in ids.iter().enumerate() {
            let stored = db.load(id).await.unwrap().expect("the game is stored");
            let want: Vec<ActionEntry> = (0..3u8)
                .flat_map(|round| vec![dice(1 + round, 1 + (g % 6) as u8); 2])
                .collect();
            assert_eq!(
                serde_json::to_value(&stored.actions).unwrap(),
                serde_json::to_value(&want).unwrap(),
                "{}: {id}",
                test_db.name()
            );
        }
        test_db.drop().await;
    }
}
