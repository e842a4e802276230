//! A finished game in numbers (`GET /api/games/{id}/numbers`): the points of every seat as
//! each turn began, the dice totals, the resources each seat received; refused while the game
//! is played.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_core::record::Record;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_in_numbers() {
    for db in databases("numbers") {
        let addr = start(&db.url).await;
        let game = create(
            addr,
            "base",
            &["human", "heuristic", "heuristic", "heuristic"],
            json!({"seed": 5}),
        )
        .await;
        let id = &game.id;
        assert_error(
            &get_json(addr, &format!("/api/games/{id}/numbers")).await,
            409,
            "",
        );
        let mut person = Client::connect(addr, &game.seat_path(0)).await;
        let last = play(&mut person, &[1, 2, 3], |_| false).await;
        assert!(!last["view"]["winner"].is_null());

        let (status, numbers) = get_json(addr, &format!("/api/games/{id}/numbers")).await;
        assert_eq!(status, 200, "{numbers}");
        let (status, text) = request(addr, "GET", &format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, 200);
        let record = Record::from_json(&text).unwrap();
        let result = record.result.as_ref().expect("a finished record");

        // One row as each turn began, and the end: the end is the result.
        let points = numbers["points"].as_array().unwrap();
        assert_eq!(points.len(), usize::from(result.turns) + 1, "{numbers}");
        assert_eq!(points.last().unwrap(), &json!(result.victory_points));
        assert!(
            points[0].as_array().unwrap().iter().all(|p| p == 2),
            "two settlements each at the first turn: {}",
            points[0]
        );

        // Every roll of the record counted by its total.
        let rolled: Vec<u64> = record
            .actions
            .iter()
            .filter_map(|a| {
                let v = serde_json::to_value(&a.action).unwrap();
                (v["action"] == "dice")
                    .then(|| v["dice"][0].as_u64().unwrap() + v["dice"][1].as_u64().unwrap())
            })
            .collect();
        let dice: Vec<u64> = numbers["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert_eq!(dice.len(), 11);
        assert_eq!(dice.iter().sum::<u64>(), rolled.len() as u64);
        for total in 2..=12u64 {
            assert_eq!(
                dice[(total - 2) as usize],
                rolled.iter().filter(|&&t| t == total).count() as u64
            );
        }

        // Every seat received cards: the setup's at least.
        let received = numbers["received"].as_array().unwrap();
        assert_eq!(received.len(), 4);
        for r in received {
            let cards: u64 = r
                .as_object()
                .unwrap()
                .values()
                .map(|n| n.as_u64().unwrap())
                .sum();
            assert!(cards > 0, "{r}");
        }
        let _: &Value = &numbers;
        db.drop().await;
    }
}
