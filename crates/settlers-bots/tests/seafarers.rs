//! The bots in every scenario and player count: every choice legal, every game finished, the
//! records replay, and the heuristic bot beats random bots and takes to the sea.

use settlers_bots::play::{GameSpec, Played, Table, game_seed};
use settlers_bots::{Bot, BotRng, by_name};
use settlers_core::topology::{EdgeId, HexSet};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Phase, Seat};
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

/// The step limit `settlers sim` plays to: a game still going there has stalled.
const STEP_LIMIT: u64 = 100_000;

/// Wraps a bot, checks that each choice is legal (`permits`) and counts the kinds chosen.
struct Checked {
    bot: Box<dyn Bot>,
    kinds: BTreeMap<&'static str, u64>,
}

impl Checked {
    fn new(name: &str) -> Checked {
        Checked {
            bot: by_name(name).unwrap(),
            kinds: BTreeMap::new(),
        }
    }
}

impl Bot for Checked {
    fn name(&self) -> &'static str {
        self.bot.name()
    }
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        assert!(!legal.is_empty(), "asked to choose with nothing legal");
        let action = self.bot.choose(view, legal, rng);
        assert!(
            legal.permits(&action),
            "{} chose {action:?}, which is not legal in {:?}: {legal:?}",
            self.bot.name(),
            view.phase()
        );
        *self.kinds.entry(kind(&action, view.phase())).or_default() += 1;
        action
    }
}

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

/// The bots of one game: `lineup[0]` sits in `seat`, the others follow it round the table.
fn seated(lineup: &[&str], seat: usize) -> Vec<Checked> {
    let n = lineup.len();
    (0..n)
        .map(|s| Checked::new(lineup[(s + n - seat) % n]))
        .collect()
}

/// Plays `games` games of `lineup`, the first bot moving one seat on each game, and hands
/// each finished game to `each` with the seat of the first bot and every seat's bot.
fn play(
    scenario: &str,
    lineup: &[&str],
    games: u64,
    seed: u64,
    record: bool,
    mut each: impl FnMut(&Played, Seat, &[Checked]),
) {
    let seats = lineup.len() as u8;
    let spec = GameSpec::new(scenario, seats).unwrap();
    let mut table = Table::new();
    for index in 0..games {
        let seat = (index % u64::from(seats)) as usize;
        let mut bots = seated(lineup, seat);
        let played = table
            .play(&spec, &mut bots, game_seed(seed, index), STEP_LIMIT, record)
            .unwrap_or_else(|e| panic!("{scenario} {lineup:?} game {index}: {e}"));
        assert!(
            played.finished(),
            "{scenario} {lineup:?} game {index} did not end in {STEP_LIMIT} steps"
        );
        each(&played, Seat(seat as u8), &bots);
    }
}

fn lineup(first: &'static str, others: &'static str, seats: u8) -> Vec<&'static str> {
    let mut out = vec![others; usize::from(seats)];
    out[0] = first;
    out
}

fn add(total: &mut BTreeMap<&'static str, u64>, kinds: &BTreeMap<&'static str, u64>) {
    for (k, n) in kinds {
        *total.entry(k).or_default() += n;
    }
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
                play(scenario, &lineup, games, 7, false, |_, _, bots| {
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
        for k in expected {
            assert!(
                kinds.get(k).copied().unwrap_or(0) > 0,
                "the {bot} bot never chose {k}: {kinds:?}"
            );
        }
    }
}

/// The lower end of the 95% Wilson interval.
fn wilson_lower(successes: u64, trials: u64) -> f64 {
    let z: f64 = 1.96;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    centre - half
}

#[test]
fn the_heuristic_bot_beats_random_bots_in_every_scenario() {
    // Seated in every position in turn, so neither the first move nor a seat decides it.
    let games = 80;
    for scenario in SCENARIOS {
        for seats in [3, 4] {
            let mut wins = 0;
            play(
                scenario,
                &lineup("heuristic", "random", seats),
                games,
                2024,
                false,
                |played, seat, _| wins += u64::from(played.game.winner() == Some(seat)),
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
                |played, seat, _| {
                    let record = played.record.as_ref().unwrap();
                    assert_eq!(record.seats[seat.index()].bot.as_deref(), Some("heuristic"));
                    assert_eq!(record.actions.len() as u64, played.steps);
                    let text = record.to_json_pretty();
                    let again = settlers_core::record::Record::from_json(&text)
                        .unwrap()
                        .replay()
                        .unwrap_or_else(|e| panic!("{scenario}: {e}"));
                    assert_eq!(again.state(), played.game.state(), "{scenario}");
                    assert_eq!(again.state().phase, Phase::Over);
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
            let mut bots = seated(&lineup("heuristic", "random", seats), 1);
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
