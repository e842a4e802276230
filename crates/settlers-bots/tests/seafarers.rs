//! The bots in every scenario and player count: every choice legal, every game finished, the
//! records replay, and the heuristic bot beats random bots and takes to the sea.

mod common;

use common::{
    Checked, STEP_LIMIT, add, assert_chose, check_record, first_bot_wins, lineup, play, seated,
    wilson_lower,
};
use settlers_bots::Bot;
use settlers_bots::play::{GameSpec, Table};
use settlers_core::topology::{EdgeId, HexSet};
use settlers_core::{Action, Phase};
use std::collections::BTreeMap;

/// The scenarios the bots are held to: the base game and Seafarers 1 to 4, each for 3 and 4
/// players. (Scenarios still being written are left out until their rules settle.)
const SCENARIOS: [&str; 5] = [
    "base",
    "new-shores",
    "four-islands",
    "fog-islands",
    "through-the-desert",
];

/// The kinds of action the Seafarers bots must be seen to choose.
fn kind(action: &Action, phase: Phase) -> &'static str {
    match (action, phase) {
        (Action::BuildShip(_), Phase::SetupRoad { .. }) => "starting ship",
        (Action::BuildShip(_), Phase::BuildingRoads { .. }) => "free ship",
        (Action::BuildShip(_), _) => "ship",
        (Action::MoveShip { .. }, _) => "ship move",
        (Action::MovePirate { .. }, _) => "pirate",
        (Action::MoveRobber { .. }, _) => "robber",
        (Action::PickResources(_), _) => "gold",
        (Action::BuildSettlement(_), _) => "settlement",
        (Action::BuildRoad(_), _) => "road",
        (Action::BuildCity(_), _) => "city",
        _ => "other",
    }
}

fn checked(name: &str) -> Checked {
    Checked::new(name, kind)
}

#[test]
fn every_choice_of_both_bots_is_legal_in_every_scenario() {
    let mut heuristic = BTreeMap::new();
    let mut random = BTreeMap::new();
    for scenario in SCENARIOS {
        for seats in [3, 4] {
            for (first, others, games) in [
                ("heuristic", "random", 4 * u64::from(seats)),
                ("random", "random", 4),
                ("heuristic", "heuristic", 4),
            ] {
                let lineup = lineup(first, others, seats);
                play(scenario, &lineup, games, 7, false, checked, |_, _, bots| {
                    for bot in bots {
                        let total = match bot.name() {
                            "heuristic" => &mut heuristic,
                            _ => &mut random,
                        };
                        add(total, &bot.kinds);
                    }
                });
            }
        }
    }
    for (bot, kinds, expected) in [
        (
            "heuristic",
            &heuristic,
            &[
                "settlement",
                "road",
                "city",
                "robber",
                "ship",
                "starting ship",
                "free ship",
                "ship move",
                "pirate",
                "gold",
            ][..],
        ),
        (
            "random",
            &random,
            &[
                "settlement",
                "road",
                "robber",
                "ship",
                "starting ship",
                "free ship",
                "ship move",
                "pirate",
                "gold",
            ][..],
        ),
    ] {
        assert_chose(bot, kinds, expected);
    }
}

#[test]
fn the_heuristic_bot_beats_random_bots_in_every_scenario() {
    // Seated in every position in turn, so neither the first move nor a seat decides it.
    let games = 80;
    for scenario in SCENARIOS {
        for seats in [3, 4] {
            let wins = first_bot_wins(
                scenario,
                &lineup("heuristic", "random", seats),
                games,
                2024,
                checked,
            );
            // The whole 95% interval must lie above 90%, not just the observed rate.
            let lower = wilson_lower(wins, games);
            assert!(
                lower > 0.9,
                "{scenario}, {seats} players: the heuristic bot won {wins} of {games}, \
                 95% interval from {lower:.3}"
            );
        }
    }
}

#[test]
fn in_new_shores_the_heuristic_bot_sails_to_the_small_islands() {
    // Against random bots and against its own kind, which crowd the main island sooner.
    let (mut games, mut sailed, mut scored) = (0u64, 0u64, 0u64);
    for seats in [3, 4] {
        for others in ["random", "heuristic"] {
            play(
                "new-shores",
                &lineup("heuristic", others, seats),
                24,
                5,
                false,
                checked,
                |played, seat, _| {
                    let view = played.game.view(seat);
                    games += 1;
                    // Ships never leave the board: any there were built, or placed free.
                    sailed += u64::from(!view.ships(seat).is_empty());
                    // A first settlement on a small island is worth 1 special point (SC1-5).
                    scored += u64::from(view.special_victory_points(seat) > 0);
                },
            );
        }
    }
    assert!(
        2 * sailed > games,
        "ships in only {sailed} of {games} games"
    );
    assert!(
        2 * scored > games,
        "a small island settled in only {scored} of {games} games"
    );
}

#[test]
fn in_the_fog_islands_the_heuristic_bot_explores() {
    let mut games = 0u64;
    let mut explored = 0u64;
    for seats in [3, 4] {
        play(
            "fog-islands",
            &lineup("heuristic", "heuristic", seats),
            12,
            6,
            true,
            checked,
            |played, seat, _| {
                let start = played.record.as_ref().unwrap().start().unwrap();
                let fog: HexSet = start.topology().fog_hexes;
                let t = played.game.topology();
                let view = played.game.view(seat);
                let pieces = view.roads(seat).union(&view.ships(seat));
                // A piece touching a hex that was fog at the start turned it over (SC3-6).
                let touched = pieces.iter().any(|e| {
                    t.edge_corners(EdgeId(e as u16))
                        .iter()
                        .any(|&c| t.corner_hexes(c).any(|h| fog.contains(h.index())))
                });
                games += 1;
                explored += u64::from(touched);
            },
        );
    }
    assert!(
        2 * explored > games,
        "fog explored in only {explored} of {games} games"
    );
}

#[test]
fn records_of_bot_games_replay_in_every_scenario() {
    for scenario in SCENARIOS {
        for seats in [3, 4] {
            play(
                scenario,
                &lineup("heuristic", "random", seats),
                1,
                9,
                true,
                checked,
                |played, seat, _| {
                    check_record(played, seat.index(), "heuristic", scenario);
                },
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game_in_every_scenario() {
    for scenario in SCENARIOS {
        let seats = 4;
        let spec = GameSpec::new(scenario, seats).unwrap();
        let record = |table: &mut Table, seed: u64| {
            let mut bots = seated(&lineup("heuristic", "random", seats), 1, checked);
            let played = table
                .play(&spec, &mut bots, seed, STEP_LIMIT, true)
                .unwrap();
            played.record.unwrap().to_json_pretty()
        };
        let mut table = Table::new();
        let first = record(&mut table, 42);
        assert_eq!(first, record(&mut Table::new(), 42), "{scenario}");
        assert_eq!(first, record(&mut table, 42), "{scenario}");
        assert_ne!(first, record(&mut table, 43), "{scenario}");
    }
}
