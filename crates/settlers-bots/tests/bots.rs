//! The bots play by the rules, reproducibly, and the heuristic bot beats random ones.

mod common;

use common::{Checked, add, assert_chose, check_record, play, wilson_lower};
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_bots::{BOT_NAMES, Bot, HeuristicBot, RandomBot, by_name};
use settlers_core::{Action, Phase};
use std::collections::BTreeMap;

/// The kinds of action a base game's bots must be seen to choose.
fn kind(action: &Action, _: Phase) -> &'static str {
    match action {
        Action::BuildSettlement(_) => "settlement",
        Action::BuildRoad(_) => "road",
        Action::BuildCity(_) => "city",
        Action::BuyDevelopmentCard => "buy card",
        Action::RollDice => "roll",
        Action::EndTurn => "end turn",
        Action::Discard(_) => "discard",
        Action::MoveRobber { .. } => "robber",
        Action::PlayKnight => "knight",
        Action::PlayRoadBuilding => "road building",
        Action::PlayYearOfPlenty(_) => "year of plenty",
        Action::PlayMonopoly(_) => "monopoly",
        Action::TradeWithBank { .. } => "bank trade",
        Action::OfferTrade(_) => "offer",
        Action::AcceptTrade => "accept",
        Action::RejectTrade => "reject",
        Action::ConfirmTrade(_) => "confirm",
        Action::CancelTrade => "cancel",
        _ => "chance",
    }
}

/// Plays `games` base games of `lineup`, the first bot moving one seat on each game, every
/// choice checked, and counts the kinds of action chosen.
fn play_checked(lineup: &[&str], games: u64, seed: u64) -> BTreeMap<&'static str, u64> {
    let mut kinds = BTreeMap::new();
    let checked = |name: &str| Checked::new(name, kind);
    play("base", lineup, games, seed, false, checked, |_, _, bots| {
        for b in bots {
            add(&mut kinds, &b.kinds);
        }
    });
    kinds
}

#[test]
fn random_bots_choose_only_legal_actions_of_every_kind() {
    let kinds = play_checked(&["random"; 4], 60, 11);
    let expected = [
        "settlement",
        "road",
        "city",
        "buy card",
        "discard",
        "robber",
        "knight",
        "bank trade",
        "offer",
        "accept",
        "reject",
        "confirm",
        "cancel",
        "end turn",
    ];
    assert_chose("random", &kinds, &expected);
}

#[test]
fn random_bots_offer_at_most_twice_a_turn() {
    // Three seats: a random bot gets the most chances to offer, and must still stop.
    let spec = GameSpec::new("base", 3).unwrap();
    let mut table = Table::new();
    let mut bots: [RandomBot; 3] = Default::default();
    let played = table
        .play(&spec, &mut bots, 5, 100_000, true)
        .expect("a legal game");
    let record = played.record.unwrap();
    let mut game = record.start().unwrap();
    let mut offers = 0;
    let mut turn = 0;
    for entry in &record.actions {
        let action = game.action_from_text(&entry.action).unwrap();
        if game.state().turn != turn {
            turn = game.state().turn;
            offers = 0;
        }
        if matches!(action, Action::OfferTrade(_)) {
            offers += 1;
            assert!(offers <= 2, "a third offer in turn {turn}");
        }
        game.apply(entry.actor.0, action).unwrap();
    }
}

#[test]
fn heuristic_bots_choose_only_legal_actions() {
    let kinds = play_checked(&["heuristic"; 4], 20, 3);
    assert_chose(
        "heuristic",
        &kinds,
        &["settlement", "road", "city", "buy card", "robber", "knight"],
    );
    play_checked(&["random", "heuristic", "random", "heuristic"], 20, 4);
    play_checked(&["heuristic", "random", "random"], 20, 5);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut table = Table::new();
    let record = |table: &mut Table, seed: u64| {
        let mut bots: Vec<Box<dyn Bot>> = ["random", "heuristic", "random", "random"]
            .iter()
            .map(|n| by_name(n).unwrap())
            .collect();
        let played = table.play(&spec, &mut bots, seed, 100_000, true).unwrap();
        played.record.unwrap().to_json_pretty()
    };
    let first = record(&mut table, 42);
    assert_eq!(first, record(&mut Table::new(), 42));
    assert_eq!(first, record(&mut table, 42));
    assert_ne!(first, record(&mut table, 43));
}

#[test]
fn game_seeds_differ_between_games_and_runs() {
    let seeds: std::collections::HashSet<u64> = (0..2)
        .flat_map(|run| (0..1000).map(move |i| game_seed(run, i)))
        .collect();
    assert_eq!(seeds.len(), 2000);
}

#[test]
fn records_of_bot_games_replay() {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = ["heuristic", "random", "random", "random"]
        .iter()
        .map(|n| by_name(n).unwrap())
        .collect();
    let played = Table::new()
        .play(&spec, &mut bots, 9, 100_000, true)
        .unwrap();
    check_record(&played, 0, "heuristic", "base, 4 players");
}

#[test]
fn a_game_stops_at_the_step_limit() {
    let spec = GameSpec::new("base", 4).unwrap();
    let played = Table::new()
        .play(&spec, &mut <[RandomBot; 4]>::default(), 1, 50, false)
        .unwrap();
    assert_eq!(played.steps, 50);
    assert!(!played.finished());
}

#[test]
fn bots_are_built_by_name() {
    for name in BOT_NAMES {
        assert_eq!(by_name(name).unwrap().name(), *name);
    }
    let e = by_name("grandmaster").err().unwrap().to_string();
    assert!(
        e.contains("grandmaster") && e.contains("random, heuristic"),
        "{e}"
    );
}

#[test]
fn a_wrong_number_of_bots_is_refused() {
    let spec = GameSpec::new("base", 4).unwrap();
    let e = Table::new()
        .play(
            &spec,
            &mut std::array::from_fn::<HeuristicBot, 3, _>(|_| HeuristicBot::new()),
            1,
            100,
            false,
        )
        .unwrap_err();
    assert!(e.to_string().contains("4 seats but 3 bots"), "{e}");
}

#[test]
fn the_heuristic_bot_beats_three_random_bots() {
    // Seated in every position in turn, so neither the first move nor a seat decides it.
    let spec = GameSpec::new("base", 4).unwrap();
    let mut table = Table::new();
    let games = 200u64;
    let mut wins = 0;
    for index in 0..games {
        let seat = (index % 4) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|s| by_name(if s == seat { "heuristic" } else { "random" }).unwrap())
            .collect();
        let played = table
            .play(&spec, &mut bots, game_seed(2024, index), 100_000, false)
            .unwrap();
        if played.game.winner().map(|w| w.index()) == Some(seat) {
            wins += 1;
        }
    }
    // The whole 95% interval must lie above 90%, not just the observed rate.
    let lower = wilson_lower(wins, games);
    assert!(
        lower > 0.9,
        "the heuristic bot won {wins} of {games}: 95% interval from {lower:.3}"
    );
}
