//! A game created from a saved position (`POST /api/games` with `position`): taken up where
//! the position stands, stored as a record that begins there, and brought back by a restarted
//! server; a position that is refused, or that comes with a scenario's set-up, says why.

mod common;

use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};
use settlers_core::map::LayoutOptions;
use settlers_core::{Actor, Game, GameOptions, Scenario, Seat, ToAct};

/// A base game of four with its setup placed (each seat's first listed corner and road) and
/// seat 0 to roll; seat 0 is then given 3 more ore from the bank and the turn is the 7th: a
/// position no new game starts from.
fn saved_position() -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let base = Scenario::by_name("base").unwrap();
    let setup = base
        .setup(
            4,
            &LayoutOptions::default(),
            Some(Seat(0)),
            GameOptions::default(),
            &mut rng,
        )
        .unwrap();
    let mut game = Game::new(setup).unwrap();
    while game.state().phase != settlers_core::Phase::BeforeRoll {
        match game.to_act() {
            ToAct::Chance(_) => {
                let a = game.sample_chance(&mut rng).unwrap();
                game.apply(Actor::Chance, a).unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.iter().next().unwrap();
                let first = game.legal_actions(seat).actions[0];
                game.apply(Actor::Seat(seat), first).unwrap();
            }
            ToAct::Nobody => unreachable!("setup ends in a turn"),
        }
    }
    assert_eq!(game.state().active, Seat(0));
    let mut position = serde_json::to_value(game.to_position()).unwrap();
    position["turn"] = json!(7);
    // Three ore from the bank to seat 0, so every card is still somewhere.
    let ore = |v: &Value| v["ore"].as_u64().unwrap_or(0);
    let held = ore(&position["players"][0]["hand"]);
    let bank = ore(&position["bank"]);
    position["players"][0]["hand"]["ore"] = json!(held + 3);
    position["bank"]["ore"] = json!(bank - 3);
    position
}

fn seats(kinds: &[&str]) -> Value {
    kinds
        .iter()
        .map(|k| match *k {
            "human" => json!({"kind": "human", "name": "Ada"}),
            bot => json!({"kind": "bot", "bot": bot}),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_taken_up_from_a_position_is_played_stored_and_brought_back() {
    for db in databases("from_position") {
        let addr = start(&db.url).await;
        let body = json!({
            "seats": seats(&["human", "random", "random", "random"]),
            "position": saved_position(),
            "seed": 5,
        });
        let (status, answer) = post_json(addr, "/api/games", &body).await;
        assert_eq!(status, 201, "{answer}");
        let game = NewGame {
            id: answer["id"].as_str().unwrap().to_string(),
            answer,
        };

        let mut ada = Client::connect(addr, &game.seat_path(0)).await;
        let view = ada.expect("view").await;
        let v = &view["view"];
        assert_eq!(v["turn"], 7, "{v}");
        assert_eq!(v["phase"], "before_roll");
        let position = saved_position();
        assert_eq!(v["players"][0]["hand"], position["players"][0]["hand"]);
        assert!(v["players"][0]["hand"]["ore"].as_u64().unwrap() >= 3);
        assert_eq!(v["players"][1]["settlements"].as_array().unwrap().len(), 2);

        // Played on from there.
        ada.send(&json!({"type": "act", "action": {"action": "roll_dice"}}))
            .await;
        let rolled = ada.expect("view").await;
        assert_ne!(rolled["view"]["phase"], "before_roll", "{rolled}");
        // A server started again on the same database takes the game up from its record,
        // which begins at the position: a record from the set-up would not replay the roll
        // of turn 7 (the hands and pieces differ), nor give the same count of actions.
        let again = start(&db.url).await;
        let mut back = Client::connect(again, &game.seat_path(0)).await;
        let view = back.expect("view").await;
        assert_eq!(view["view"]["turn"], 7, "{view}");
        assert_eq!(view["seq"], rolled["seq"], "{view}");
        assert_eq!(view["view"]["players"], rolled["view"]["players"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_refused_or_given_with_a_set_up_says_why() {
    let db = databases("from_position_refused").remove(0);
    let addr = start(&db.url).await;
    let four = seats(&["human", "random", "random", "random"]);
    let refused = |body: Value| async move {
        let (status, answer) = post_json(addr, "/api/games", &body).await;
        assert_eq!(status, 400, "{answer}");
        answer["error"].as_str().unwrap().to_string()
    };

    let error =
        refused(json!({"seats": four, "position": saved_position(), "scenario": "base"})).await;
    assert!(error.contains("leave out `scenario`"), "{error}");
    let error = refused(json!({"seats": four, "position": saved_position(),
                               "options": {"victory_points": 8}}))
    .await;
    assert!(error.contains("`options`"), "{error}");

    let three = seats(&["human", "random", "random"]);
    let error = refused(json!({"seats": three, "position": saved_position()})).await;
    assert!(
        error.contains("3 seats for a position of 4 players"),
        "{error}"
    );

    let mut off_board = saved_position();
    off_board["players"][2]["settlements"] = json!(["40,40,N"]);
    let error = refused(json!({"seats": four, "position": off_board})).await;
    assert!(error.starts_with("position"), "{error}");
    assert!(error.contains("40,40,N"), "{error}");

    let error = refused(json!({"seats": four, "position": [1, 2]})).await;
    assert!(error.contains("`position` is an object"), "{error}");

    let mut unknown = saved_position();
    unknown["players"][0]["gold_coins"] = json!(3);
    let error = refused(json!({"seats": four, "position": unknown})).await;
    assert!(error.contains("gold_coins"), "{error}");

    // Nothing was stored: the lobby lists no game.
    let (status, lobby) = get_json(addr, "/api/games").await;
    assert_eq!(status, 200);
    assert_eq!(lobby["games"].as_array().map_or(0, Vec::len), 0, "{lobby}");
}
