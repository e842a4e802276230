//! `settlers sim --rotate`: each deal played in every seating order, and the wins counted by
//! player wherever it sat, with their Wilson intervals.

mod command;

use command::{json_of, scratch, settlers};

use serde_json::Value;

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn every_deal_is_played_in_every_seating_order_and_wins_go_to_the_player() {
    let dir = scratch("sim-rotate");
    let games = 12u64;
    let v = json_of(&settlers(&[
        "sim",
        "--rotate",
        "--players",
        "heuristic,random,random,random",
        "--games",
        &games.to_string(),
        "--seed",
        "9",
        "--threads",
        "2",
        "--records",
        dir.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["rotate"], true);
    let mut by_player = [0u64; 4];
    for game in 0..games {
        let file = dir.join(format!("game-{game:05}.json"));
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // Game `game` moves the line-up `game mod 4` places on: the heuristic bot, player 0,
        // sits in seat -game mod 4.
        let shift = (game % 4) as usize;
        let heuristic_seat = (4 - shift) % 4;
        for seat in 0..4 {
            let expected = if seat == heuristic_seat {
                "heuristic"
            } else {
                "random"
            };
            assert_eq!(
                record["seats"][seat]["bot"], expected,
                "game {game}, seat {seat}"
            );
        }
        // The four games of a deal share its board and first seat.
        let first = dir.join(format!("game-{:05}.json", game - game % 4));
        let first: Value = serde_json::from_str(&std::fs::read_to_string(first).unwrap()).unwrap();
        assert_eq!(record["map"], first["map"], "game {game}'s board");
        assert_eq!(record["first_seat"], first["first_seat"], "game {game}");
        if let Some(w) = record["result"]["winner"].as_u64() {
            by_player[(w as usize + shift) % 4] += 1;
        }
    }
    let wins: Vec<u64> = v["wins"].as_array().unwrap().iter().map(count).collect();
    assert_eq!(wins, by_player, "wins by player, wherever it sat: {v}");
    let total: u64 = wins.iter().sum::<u64>() + count(&v["no_winner"]) + count(&v["unfinished"]);
    assert_eq!(total, games);
    for (player, interval) in v["win_interval"].as_array().unwrap().iter().enumerate() {
        let (lo, hi) = (interval[0].as_f64().unwrap(), interval[1].as_f64().unwrap());
        let rate = v["win_rate"][player].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi && 0.0 <= lo && hi <= 1.0, "{v}");
    }
}

#[test]
fn a_rotated_table_names_players_not_seats() {
    let out = settlers(&[
        "sim",
        "--rotate",
        "--players",
        "heuristic,random,random",
        "--games",
        "6",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("each deal played in all 3 seating orders"),
        "{text}"
    );
    assert!(text.contains("95% interval (Wilson)"), "{text}");
}

#[test]
fn rotate_wants_a_whole_number_of_rotations() {
    let out = settlers(&[
        "sim",
        "--rotate",
        "--players",
        "heuristic,random,random,random",
        "--games",
        "10",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--games must be a multiple of 4, not 10"),
        "{err}"
    );
}
