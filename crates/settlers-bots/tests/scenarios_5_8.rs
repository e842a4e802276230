//! The bots in The Forgotten Tribe, Cloth for Catan, The Pirate Islands and The Wonders of
//! Catan (shared/rules/scenarios.md SC5 to SC8), for 3 and 4 players: 200 games of random bots
//! and 50 of the heuristic bot against random ones each, every choice legal, every game
//! finished well before the step limit `settlers sim` plays to, and the new actions of each
//! scenario chosen.

mod common;

use common::{Checked, add, lineup};
use settlers_bots::Bot;
use settlers_core::{Action, Phase};
use std::collections::BTreeMap;

/// The kinds of action of these scenarios the bots must be seen to choose.
fn kind(action: &Action, _: Phase) -> &'static str {
    match action {
        Action::ClaimWonder(_) => "claim wonder",
        Action::BuildWonderStage => "wonder stage",
        Action::PlaceGiftHarbor { .. } => "gift harbor",
        Action::BuildShip(_) => "ship",
        Action::MoveShip { .. } => "ship move",
        Action::MovePirateForCloth { .. } => "pirate takes cloth",
        Action::AttackFortress => "fortress attack",
        Action::PlayKnight => "knight",
        _ => "other",
    }
}

/// What the games of `play` came to.
struct Outcome {
    /// The kinds of action every bot chose, by bot.
    kinds: BTreeMap<&'static str, BTreeMap<&'static str, u64>>,
    /// The first bot's wins.
    wins: u64,
    /// Cloth for Catan: the villages the first bot began to trade with (SC6-4).
    villages: u64,
}

/// Plays `games` games, `first` in a seat that moves round the table, `others` in the rest.
fn play(
    scenario: &str,
    seats: u8,
    first: &'static str,
    others: &'static str,
    games: u64,
) -> Outcome {
    let mut kinds: BTreeMap<&'static str, BTreeMap<&'static str, u64>> = BTreeMap::new();
    let mut wins = 0;
    let mut villages = 0;
    let checked = |name: &str| Checked::new(name, kind);
    common::play(
        scenario,
        &lineup(first, others, seats),
        games,
        58,
        false,
        checked,
        |played, seat, bots| {
            wins += u64::from(played.game.winner() == Some(seat));
            let cloth = &played.game.state().cloth;
            villages += (0..8).filter(|&i| cloth.trades(i, seat)).count() as u64;
            for b in bots {
                add(kinds.entry(b.name()).or_default(), &b.kinds);
            }
        },
    );
    Outcome {
        kinds,
        wins,
        villages,
    }
}

fn chose(
    kinds: &BTreeMap<&'static str, BTreeMap<&'static str, u64>>,
    bot: &str,
    kind: &str,
) -> u64 {
    kinds
        .get(bot)
        .and_then(|k| k.get(kind))
        .copied()
        .unwrap_or(0)
}

#[test]
fn random_bots_finish_every_game_of_each_scenario() {
    for seats in [3, 4] {
        let Outcome { kinds, .. } = play("wonders-of-catan", seats, "random", "random", 200);
        for k in ["claim wonder", "wonder stage", "ship"] {
            assert!(
                chose(&kinds, "random", k) > 0,
                "{seats} players: no {k}: {kinds:?}"
            );
        }
        let Outcome { kinds, .. } = play("forgotten-tribe", seats, "random", "random", 200);
        for k in ["gift harbor", "ship", "ship move"] {
            assert!(
                chose(&kinds, "random", k) > 0,
                "{seats} players: no {k}: {kinds:?}"
            );
        }
        let Outcome {
            kinds, villages, ..
        } = play("cloth-for-catan", seats, "random", "random", 200);
        for k in ["pirate takes cloth", "ship", "ship move"] {
            assert!(
                chose(&kinds, "random", k) > 0,
                "{seats} players: no {k}: {kinds:?}"
            );
        }
        assert!(villages > 0, "{seats} players: no village reached");
        let Outcome { kinds, .. } = play("pirate-islands", seats, "random", "random", 200);
        for k in ["fortress attack", "knight", "ship"] {
            assert!(
                chose(&kinds, "random", k) > 0,
                "{seats} players: no {k}: {kinds:?}"
            );
        }
    }
}

#[test]
fn the_heuristic_bot_finishes_every_game_against_random_bots() {
    for scenario in [
        "wonders-of-catan",
        "forgotten-tribe",
        "cloth-for-catan",
        "pirate-islands",
    ] {
        for seats in [3, 4] {
            let Outcome {
                kinds,
                wins,
                villages,
            } = play(scenario, seats, "heuristic", "random", 50);
            // It plays the scenario rather than stumbling through it.
            assert!(
                wins > 25,
                "{scenario}, {seats} players: the heuristic bot won {wins} of 50"
            );
            if scenario == "wonders-of-catan" {
                assert!(chose(&kinds, "heuristic", "claim wonder") > 0);
                assert!(chose(&kinds, "heuristic", "wonder stage") > 0);
            }
            if scenario == "pirate-islands" {
                assert!(chose(&kinds, "heuristic", "fortress attack") > 0);
                assert!(chose(&kinds, "heuristic", "knight") > 0);
            }
            if scenario == "cloth-for-catan" {
                // It sails for the villages: at least one in each game on average.
                assert!(
                    villages >= 50,
                    "{seats} players: the heuristic bot traded with {villages} villages in 50 games"
                );
            }
        }
    }
}

/// The Forgotten Tribe, late in a game of 4 heuristic bots: every seat holds 12 of the 13
/// points it needs, 4 cities and no corner left to settle, so the Longest Road's 2 points
/// are the only way left to win. Here the bot once ended its turn for good, and the game never
/// ended; it must build the road or ship that lengthens its own.
#[test]
fn with_nothing_else_to_build_the_heuristic_bot_goes_for_the_longest_road() {
    use rand_core::SeedableRng;
    use settlers_core::position::Position;
    use settlers_core::{Game, LegalActions};

    let text = include_str!("positions/forgotten-tribe-nothing-left-but-the-road.json");
    let game = Game::from_position(&Position::from_json(text).unwrap()).unwrap();
    let seat = game.state().active;
    let mut legal = LegalActions::default();
    game.legal_actions_into(seat, &mut legal);
    let mut bot = settlers_bots::by_name("heuristic").unwrap();
    let mut rng = settlers_bots::BotRng::seed_from_u64(0);
    let chosen = bot.choose(&game.view(seat), &legal, &mut rng);
    let longer = match chosen {
        Action::BuildRoad(e) => game.road_length_with(seat, e, false),
        Action::BuildShip(e) => game.road_length_with(seat, e, true),
        other => panic!("{seat} chose {other:?}, not a road or a ship"),
    };
    assert!(
        longer > game.road_length_of(seat),
        "{chosen:?} does not lengthen {seat}'s road of {}",
        game.road_length_of(seat)
    );
}
