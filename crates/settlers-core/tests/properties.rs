//! Properties that must hold at every step of every game (ARCHITECTURE.md, "The rules crate,
//! in four verbs" and "Hidden information"), checked over thousands of random games of every
//! scenario of `SCENARIOS` for 3 and 4 players: the base game on its beginner, variable and
//! random layouts, each Seafarers scenario with a built-in map (seafarers.md; scenarios.md
//! SC1 to SC4) on its printed and variable layouts, and New World (SC9) on a new map drawn
//! for every game.
//!
//! Engine deviations from the rules that the suites step around, so as to go on checking
//! everything else, are each shown on their own by an ignored test whose reason names them.
//!
//! Each game is driven by one seed, and everything random in it (the board, the players'
//! choices, chance, which candidate actions are probed) comes from generators seeded by it,
//! so a failure names the seed and `SETTLERS_PROPERTY_SEED=<seed>` replays exactly that game
//! with every check at every step. `SETTLERS_PROPERTY_GAMES=<n>` changes the number of games
//! per test, for a longer hunt than CI affords.
//!
//! The checks recompute what they check from the public rules (base.md, seafarers.md,
//! scenarios.md, decisions.md) and the text geometry, not from the engine's own helpers, so
//! that a wrong helper cannot vouch for itself. The expensive ones (every listed action
//! applied, the build lists brute-forced, views serialised, every action of the board tried)
//! run on sampled steps; the cheap ones at every step.

#[macro_use]
mod common;

use common::harness::{
    Check, Pick, Taken, assert_no_game_broken, chance_choice, check_against,
    check_chance_acts_when_due, check_chance_outcome_applies, check_listed_action_applies,
    check_no_hidden_cards, check_record_replays, draw_kind, env_number, find_card_sets, owed_cards,
    pips, play_caught, random_actor, random_sub_hand, suite_seeds, take_checked, view_of,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use settlers_core::geometry::{Corner, Edge, Hex};
use settlers_core::map::{Board, Layout, LayoutOptions, SpiralDirection};
use settlers_core::position::Position;
use settlers_core::record::{Record, SeatInfo};
use settlers_core::state::PlayerState;
use settlers_core::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId};
use settlers_core::*;
use std::collections::{HashSet, VecDeque};

/// Games per test (a scenario and a player count, over its layouts). A base game stops at a
/// low target most of the time and takes a couple of hundred steps; a Seafarers game needs
/// ships to reach its islands and runs longer, so fewer of them fit in the time CI affords.
const BASE_GAMES: u64 = 300;
const SEAFARERS_GAMES: u64 = 140;
/// A random game takes a few hundred to a couple of thousand steps with the policy below;
/// far more means the game is stuck.
const MOST_STEPS: usize = 30_000;
/// The expensive checks (every listed action applied, the build lists brute-forced, many
/// probes) run on about one step in this many, and always at the last step.
const DEEP_EVERY: u64 = 30;
/// Views are serialised and searched on about one step in this many, and at the last step.
const VIEWS_EVERY: u64 = 250;
/// Every action of the board tried by every actor on about one step in this many.
const EVERY_ACTION_EVERY: u64 = 500;
/// A position round trip on about one step in this many.
const POSITION_EVERY: u64 = 150;

// ---------------------------------------------------------------------------------------
// Settings, and the test entry points: one per scenario and player count, so each failure
// names its scenario; the layouts of a scenario share its test, and each failure names its
// layout too.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Setting {
    scenario: &'static str,
    players: u8,
    layout: Layout,
}

const fn setting(scenario: &'static str, players: u8, layout: Layout) -> Setting {
    Setting {
        scenario,
        players,
        layout,
    }
}

const SETTINGS: [Setting; 24] = [
    setting("base", 3, Layout::Beginner),
    setting("base", 3, Layout::Variable),
    setting("base", 3, Layout::Random),
    setting("base", 4, Layout::Beginner),
    setting("base", 4, Layout::Variable),
    setting("base", 4, Layout::Random),
    setting("new-shores", 3, Layout::Beginner),
    setting("new-shores", 3, Layout::Variable),
    setting("new-shores", 4, Layout::Beginner),
    setting("new-shores", 4, Layout::Variable),
    setting("four-islands", 3, Layout::Beginner),
    setting("four-islands", 3, Layout::Variable),
    setting("four-islands", 4, Layout::Beginner),
    setting("four-islands", 4, Layout::Variable),
    setting("fog-islands", 3, Layout::Beginner),
    setting("fog-islands", 3, Layout::Variable),
    setting("fog-islands", 4, Layout::Beginner),
    setting("fog-islands", 4, Layout::Variable),
    setting("through-the-desert", 3, Layout::Beginner),
    setting("through-the-desert", 3, Layout::Variable),
    setting("through-the-desert", 4, Layout::Beginner),
    setting("through-the-desert", 4, Layout::Variable),
    // A new map is drawn for every game (SC9-1): the layout is the random one.
    setting("new-world", 3, Layout::Random),
    setting("new-world", 4, Layout::Random),
];

#[test]
fn base_three_players() {
    run_suite("base", 3);
}

#[test]
fn base_four_players() {
    run_suite("base", 4);
}

#[test]
fn new_shores_three_players() {
    run_suite("new-shores", 3);
}

#[test]
fn new_shores_four_players() {
    run_suite("new-shores", 4);
}

#[test]
fn four_islands_three_players() {
    run_suite("four-islands", 3);
}

#[test]
fn four_islands_four_players() {
    run_suite("four-islands", 4);
}

#[test]
fn fog_islands_three_players() {
    run_suite("fog-islands", 3);
}

#[test]
fn fog_islands_four_players() {
    run_suite("fog-islands", 4);
}

#[test]
fn through_the_desert_three_players() {
    run_suite("through-the-desert", 3);
}

#[test]
fn through_the_desert_four_players() {
    run_suite("through-the-desert", 4);
}

#[test]
fn new_world_three_players() {
    run_suite("new-world", 3);
}

#[test]
fn new_world_four_players() {
    run_suite("new-world", 4);
}

/// Scenarios whose properties are not written here yet, and why: the checks below are the
/// base game's and Seafarers'.
const NOT_PLAYED_HERE: [(&str, &str); 5] = [
    (
        "barbarian-attack",
        "played in properties_barbarian.rs, whose checks know its 26-card deck, knights, gold \
         coins, prisoners and trade tokens, which the checks here do not",
    ),
    (
        "forgotten-tribe",
        "the Forgotten Tribe's gifts give special points with no chit under a building, deal \
         face-down cards out of the deck and add harbors in play, which the points, chits and \
         harbor checks here do not know (tests/scenarios_5_8.rs and the sc5-* rule cases \
         check them)",
    ),
    (
        "cloth-for-catan",
        "Cloth for Catan scores cloth, ends when the villages run dry and may end in a shared \
         win, which the points and victory checks here do not know (tests/scenarios_5_8.rs and \
         the sc6-* rule cases check them)",
    ),
    (
        "pirate-islands",
        "The Pirate Islands place pieces before setup, keep each player's ships on one lane, \
         move a fleet instead of a pirate and are won only with one's fortress, which the \
         setup, ship and victory checks here do not know (tests/scenarios_5_8.rs and the \
         sc7-* rule cases check them)",
    ),
    (
        "wonders-of-catan",
        "the Wonders of Catan is won by a wonder's stages, not by the target alone, and a \
         wonder takes a ship out of play, which the victory and piece checks here do not \
         know (tests/scenarios_5_8.rs and the sc8-* rule cases check them)",
    ),
];

/// A scenario added to `SCENARIOS`, or a player count added to one, must be played here
/// too, on its default layout and, for a built-in map, the variable one; or be listed in
/// `NOT_PLAYED_HERE` with the reason.
#[test]
fn every_scenario_player_count_and_layout_is_played() {
    for scenario in settlers_core::scenario::SCENARIOS {
        if NOT_PLAYED_HERE
            .iter()
            .any(|(name, _)| *name == scenario.name)
        {
            continue;
        }
        let built_in = matches!(scenario.map, settlers_core::scenario::MapSource::BuiltIn(_));
        for players in scenario.players() {
            let layouts: Vec<Layout> = SETTINGS
                .iter()
                .filter(|s| s.scenario == scenario.name && s.players == players)
                .map(|s| s.layout)
                .collect();
            assert!(
                layouts.contains(&scenario.default_layout_options().layout)
                    && (!built_in || layouts.contains(&Layout::Variable)),
                "{} for {players} players is not played on its default and variable layouts",
                scenario.name
            );
        }
    }
    for (name, _) in NOT_PLAYED_HERE {
        assert!(
            Scenario::by_name(name).is_ok() && SETTINGS.iter().all(|s| s.scenario != name),
            "{name} is listed as not played here, but it is played, or is no scenario"
        );
    }
    for s in SETTINGS {
        let scenario = Scenario::by_name(s.scenario).expect("a listed scenario");
        assert!(
            scenario.players().any(|n| n == s.players),
            "{s:?}: the scenario is not for {} players",
            s.players
        );
    }
}

/// The setting a seed plays: the seed alone reproduces a game.
fn setting_of(seed: u64) -> Setting {
    SETTINGS[(seed % SETTINGS.len() as u64) as usize]
}

fn run_suite(scenario: &str, players: u8) {
    let count = SETTINGS.len() as u64;
    let indices: Vec<u64> = (0..count)
        .filter(|&i| {
            let s = SETTINGS[i as usize];
            s.scenario == scenario && s.players == players
        })
        .collect();
    assert!(!indices.is_empty(), "no setting plays {scenario}");
    let default_games = if scenario == "base" {
        BASE_GAMES
    } else {
        SEAFARERS_GAMES
    };
    let n = indices.len() as u64;
    let seeds = suite_seeds(
        default_games,
        |seed| indices.contains(&(seed % count)),
        |k| (k / n) * count + indices[(k % n) as usize],
    );
    let thorough = env_number("SETTLERS_PROPERTY_SEED").is_some();
    let started = std::time::Instant::now();
    let mut failures: Vec<String> = Vec::new();
    let mut steps = 0usize;
    let mut seen = 0u64;
    for &seed in &seeds {
        let failure = match play_caught(|| play_one(seed, thorough)) {
            Ok((n, features)) => {
                steps += n;
                seen |= features;
                continue;
            }
            Err(message) => message,
        };
        let s = setting_of(seed);
        failures.push(format!(
            "seed {seed} ({}, {} players, {:?} layout): {failure}\n    \
             replay with SETTLERS_PROPERTY_SEED={seed} cargo test -p settlers-core --test properties",
            s.scenario, s.players, s.layout
        ));
    }
    let missed: Vec<&str> = FEATURES
        .iter()
        .enumerate()
        .filter(|(i, (_, reach))| reach.applies(scenario, players) && seen >> i & 1 == 0)
        .map(|(_, (name, _))| *name)
        .collect();
    eprintln!(
        "{scenario}, {players} players: {} games, {steps} steps, {:.1} s; not reached: {missed:?}",
        seeds.len(),
        started.elapsed().as_secs_f64()
    );
    assert_no_game_broken(&failures, seeds.len());
    // The properties are only as good as the games they run over: a change to the players
    // below (or to the engine) that stops reaching part of the rules must fail here, not
    // pass quietly.
    if !thorough && seeds.len() as u64 >= default_games {
        assert!(
            missed.is_empty(),
            "{scenario}, {players} players: no game reached {missed:?}"
        );
    }
}

/// Which scenarios must reach a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Every,
    /// Every scenario with four players: three rarely empty the bank's stock of a resource.
    FourPlayers,
    /// The base game with four players: the hands of an unlimited bank's game go past 19 of
    /// a resource only in long games with many seats producing.
    BaseFourPlayers,
    Base,
    Seafarers,
    /// Scenarios with gold fields, on the map or in the fog stack (S-18).
    Gold,
    /// Scenarios that award special victory points (S-19).
    Chits,
    Fog,
}

impl Reach {
    fn applies(self, scenario: &str, players: u8) -> bool {
        match self {
            Reach::Every => true,
            Reach::FourPlayers => players == 4,
            Reach::BaseFourPlayers => scenario == "base" && players == 4,
            Reach::Base => scenario == "base",
            Reach::Seafarers => scenario != "base",
            Reach::Gold => matches!(
                scenario,
                "new-shores" | "fog-islands" | "through-the-desert"
            ),
            Reach::Chits => matches!(
                scenario,
                "new-shores" | "four-islands" | "through-the-desert" | "new-world"
            ),
            Reach::Fog => scenario == "fog-islands",
        }
    }
}

/// What the games of a suite must reach between them.
const FEATURES: [(&str, Reach); 34] = [
    ("discarding after a 7", Reach::Every),
    ("moving the robber", Reach::Every),
    ("stealing", Reach::Every),
    ("Road Building", Reach::Every),
    ("drawing a development card", Reach::Every),
    ("a trade offer", Reach::Every),
    ("a confirmed trade", Reach::Every),
    ("Longest Road held", Reach::Every),
    ("Largest Army held", Reach::Every),
    ("a city", Reach::Every),
    ("a Monopoly", Reach::Every),
    ("a Year of Plenty", Reach::Every),
    ("all settlements of a seat on the board", Reach::Base),
    ("the bank out of a resource", Reach::FourPlayers),
    (
        "an unlimited bank giving more than 19 of a resource",
        Reach::BaseFourPlayers,
    ),
    ("a random probe accepted", Reach::Every),
    ("a random probe refused", Reach::Every),
    ("a winner at the scenario's target", Reach::Every),
    ("a winner holding a Victory Point card", Reach::Base),
    ("a position round trip", Reach::Every),
    ("a starting ship", Reach::Seafarers),
    ("a ship built", Reach::Seafarers),
    ("a Road Building ship", Reach::Seafarers),
    ("a ship moved", Reach::Seafarers),
    ("a closed ship", Reach::Seafarers),
    ("the pirate moved", Reach::Seafarers),
    ("robbing a ship's owner", Reach::Seafarers),
    ("a settlement reached by ship", Reach::Seafarers),
    ("a trade route of roads and ships held", Reach::Seafarers),
    ("gold picked", Reach::Gold),
    ("a chit earned", Reach::Chits),
    ("fog revealed", Reach::Fog),
    ("a fog reward", Reach::Fog),
    ("gold picked for fog", Reach::Fog),
];

fn feature(name: &str) -> u64 {
    1 << FEATURES
        .iter()
        .position(|(f, _)| *f == name)
        .expect("a listed feature")
}

// ---------------------------------------------------------------------------------------
// One game.

/// What the test saw of the current turn: the ships placed in it and the ship moves made in
/// it (S-13.2, S-13.5), kept apart from the engine's own bookkeeping.
#[derive(Clone, Debug, Default)]
struct TurnLog {
    turn: u16,
    placed: Vec<Edge>,
    moves: u32,
}

/// What the piece and board checks, the road lengths and the closed routes depend on: the
/// summaries of the pieces, every seat's pieces, and the fog still unrevealed. Nothing else
/// changes them, so they are checked again when this changes.
type BoardKey = (
    (CornerSet, EdgeSet, EdgeSet, EdgeSet),
    Vec<(CornerSet, CornerSet, EdgeSet, EdgeSet)>,
    usize,
);

fn board_key(game: &Game) -> BoardKey {
    let s = game.state();
    (
        (s.occupied, s.paved, s.shipped, s.new_ships),
        s.players
            .iter()
            .map(|p| (p.settlements, p.cities, p.roads, p.ships))
            .collect(),
        s.fog_hexes_left.iter().map(|&n| usize::from(n)).sum(),
    )
}

struct Run {
    setting: Setting,
    game: Game,
    record: Record,
    /// The players' choices and chance.
    play: ChaCha8Rng,
    /// Which steps are checked deeply and which candidate actions are probed: apart from
    /// `play`, so probing never changes the course of the game.
    probe: ChaCha8Rng,
    /// Probes for the checks that only a replay of one seed runs, apart from `probe`.
    extra: ChaCha8Rng,
    step: usize,
    thorough: bool,
    /// Progress cards played so far, by kind: they leave the game (B-6 conservation).
    played: [u32; 5],
    last_board: Option<BoardKey>,
    /// The `FEATURES` this game reached.
    seen: u64,
    /// Each seat's longest trail (trade route) by brute force, redone when the board changes.
    lengths: Vec<usize>,
    /// Each seat's closed ships by brute force, redone when the board changes.
    closed: Vec<Vec<Edge>>,
    /// Each seat's roads and ships when its route and closed ships were last worked out.
    routes: Vec<(EdgeSet, EdgeSet)>,
    /// The terrain of every position, redone when fog is revealed.
    ground: Ground,
    rules: MapRules,
    /// Each seat's buildings when setup ended: its starting settlements (SC2-4's home
    /// islands, SC1-3's setup areas).
    home: Option<Vec<Vec<Corner>>>,
    turn: TurnLog,
    /// A fog reveal gave a gold pick not yet chosen.
    fog_gold: bool,
    /// The last action taken, as text, for the failure messages.
    last: String,
    /// The legal actions of every seat and chance's outcomes at this step.
    verdicts: Verdicts,
}

fn play_one(seed: u64, thorough: bool) -> Result<(usize, u64), String> {
    let setting = setting_of(seed);
    let scenario = Scenario::by_name(setting.scenario).map_err(|e| e.to_string())?;
    let seafarers = setting.scenario != "base";
    let mut play = ChaCha8Rng::seed_from_u64(seed);
    let probe = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_CAFE_F00D_D00D);
    let options = LayoutOptions {
        layout: setting.layout,
        spiral_direction: if play.chance(2) {
            SpiralDirection::Clockwise
        } else {
            SpiralDirection::Counterclockwise
        },
        spiral_start: None,
        red_numbers_apart: !play.chance(4),
    };
    let first = if play.chance(2) {
        Some(Seat(play.below(setting.players as usize) as u8))
    } else {
        None
    };
    // One game in six (base) or eight (Seafarers, whose games are longer) plays to the
    // scenario's target (10 to 14), reaching the late game (pieces, deck and bank used up,
    // awards changing hands); the others stop earlier, so that thousands of games fit in the
    // time a CI run affords. Seafarers games stop later than base games: their points are in
    // the islands, reached by ship.
    let victory_points = if play.chance(if seafarers { 8 } else { 6 }) {
        None
    } else if seafarers {
        Some(5 + play.below(4) as u8)
    } else {
        Some(3 + play.below(4) as u8)
    };
    // The option that changes the special victory points of a first settlement (D-SC1-1,
    // D-SC4-1), now and then.
    let special_vp_value = (seafarers && play.chance(4)).then(|| 1 + play.below(3) as u8);
    // base.md's engine option `bank_limit` off, now and then.
    let unlimited_bank = play.chance(6);
    let setup = scenario
        .setup(
            setting.players,
            &options,
            first,
            GameOptions {
                victory_points,
                special_vp_value,
                unlimited_bank,
                ..GameOptions::default()
            },
            &mut play,
        )
        .map_err(|e| format!("setup refused: {e}"))?;
    let record = Record::new(&setup, vec![SeatInfo::default(); setting.players as usize]);
    let game = Game::new(setup).map_err(|e| format!("Game::new refused: {e}"))?;
    let rules = map_rules(&game)?;
    let mut run = Run {
        setting,
        ground: Ground::of(game.board()),
        rules,
        game,
        record,
        play,
        probe,
        extra: ChaCha8Rng::seed_from_u64(!seed),
        step: 0,
        thorough,
        played: [0; 5],
        last_board: None,
        seen: 0,
        lengths: Vec::new(),
        closed: Vec::new(),
        routes: Vec::new(),
        home: None,
        turn: TurnLog::default(),
        fog_gold: false,
        last: "none yet".into(),
        verdicts: Verdicts::default(),
    };
    run.play_to_the_end()?;
    Ok((run.step, run.seen))
}

impl Run {
    fn play_to_the_end(&mut self) -> Check {
        loop {
            self.step += 1;
            let step = self.step;
            let last = self.last.clone();
            let at = |e: String| format!("step {step} (after {last}): {e}");
            ensure!(
                step <= MOST_STEPS,
                "no winner after {MOST_STEPS} steps: {}",
                self.game.describe_phase()
            );
            let over = matches!(self.game.to_act(), ToAct::Nobody);
            self.check_every_step(over).map_err(at)?;
            if over {
                return self.check_the_end().map_err(at);
            }
            if self.probe.chance(POSITION_EVERY) || self.thorough {
                self.check_position_round_trip().map_err(at)?;
            }
            let (actor, action) = self.choose().map_err(at)?;
            self.take(actor, action).map_err(at)?;
        }
    }

    fn check_every_step(&mut self, over: bool) -> Check {
        let game = &self.game;
        check_conservation(game, &self.played)?;
        check_fog(game, &self.ground)?;
        check_robber_and_pirate(game, &self.ground)?;
        check_gold(game)?;
        // The sampling draws come first and the same in every mode, so that a replay of one
        // seed with every check on meets exactly the probes that failed.
        let deep = self.probe.chance(DEEP_EVERY) || over;
        let views = self.probe.chance(VIEWS_EVERY) || over;
        let sweep = self.probe.chance(EVERY_ACTION_EVERY);
        let viewer = Seat(self.probe.below(usize::from(game.seats())) as u8);
        let key = board_key(game);
        if deep || self.thorough || self.last_board.as_ref() != Some(&key) {
            check_pieces(game)?;
            check_board(game, &self.ground)?;
            check_pieces_beside_fog(game, &self.ground)?;
            // A seat's route and closed ships change with its own roads and ships, and with
            // anyone's buildings.
            let pieces = BoardPieces::of(game);
            let buildings_moved = self.last_board.as_ref().is_none_or(|k| k.0.0 != key.0.0);
            for (i, p) in players(game).iter().enumerate() {
                let mine = (p.roads, p.ships);
                if self.thorough || buildings_moved || self.routes.get(i) != Some(&mine) {
                    self.routes.resize(i + 1, mine);
                    self.routes[i] = mine;
                    self.lengths.resize(i + 1, 0);
                    self.lengths[i] = route_length_of(&pieces, i);
                    self.closed.resize(i + 1, Vec::new());
                    self.closed[i] = closed_ships_of(&pieces, i);
                }
            }
            check_road_lengths(game, &self.lengths)?;
            check_closed_ships(game, &self.closed)?;
            check_special(game, &self.rules, self.home.as_deref())?;
            self.last_board = Some(key);
        }
        check_points(game)?;
        check_awards(game, &self.lengths)?;
        let (closed, turn) = (&self.closed, &self.turn);
        check_who_acts(game, &mut self.verdicts, &mut |seat, legal| {
            check_listed_moves(game, seat, legal, closed, turn)
        })?;
        let probes = if deep { 12 } else { 1 };
        for _ in 0..probes {
            let (actor, action) = random_candidate(game, &mut self.probe);
            let expected = self.verdicts.expects(actor, &action);
            self.seen |= if check_against(game, actor, action, expected)? {
                feature("a random probe accepted")
            } else {
                feature("a random probe refused")
            };
        }
        if deep || self.thorough {
            check_build_lists(game, &self.ground, &self.rules, &self.closed, &self.turn)?;
        }
        if deep {
            check_listed_actions_apply(game, &mut self.probe)?;
        }
        if over || self.thorough {
            check_views(game, &self.lengths, &self.closed, &all_viewers(game))?;
        } else if views {
            // A seat's view and the spectator's: five views of a big map every time cost
            // more than the rest of the checks together.
            check_views(game, &self.lengths, &self.closed, &[Some(viewer), None])?;
        }
        if sweep || self.thorough {
            check_every_action(game, &mut self.probe)?;
        }
        if self.thorough && !deep {
            for _ in 0..24 {
                let (actor, action) = random_candidate(game, &mut self.extra);
                check_candidate(game, actor, action)?;
            }
            check_listed_actions_apply(game, &mut self.extra)?;
        }
        Ok(())
    }

    fn check_position_round_trip(&mut self) -> Check {
        self.seen |= feature("a position round trip");
        let direct = Game::from_position(&self.game.to_position())
            .map_err(|e| format!("to_position gives a position from_position refuses: {e}"))?;
        ensure!(
            direct.state() == self.game.state(),
            "from_position(to_position) changed the state ({}):\nbefore {:?}\nafter  {:?}",
            self.game.describe_phase(),
            self.game.state(),
            direct.state()
        );
        check_same_board(self.game.board(), &direct, "from_position(to_position)")?;
        let text = self.game.to_position().to_json_pretty();
        let position = Position::from_json(&text)
            .map_err(|e| format!("a saved position does not read back: {e}\n{text}"))?;
        let again = Game::from_position(&position)
            .map_err(|e| format!("a saved position is refused: {e}\n{text}"))?;
        ensure!(
            again.state() == self.game.state(),
            "a position through JSON text changed the state ({}):\nbefore {:?}\nafter  {:?}",
            self.game.describe_phase(),
            self.game.state(),
            again.state()
        );
        check_same_board(self.game.board(), &again, "a position through JSON text")?;
        Ok(())
    }

    /// The next actor and action: chance draws from its generator (now and then a test
    /// forces one of its outcomes instead); a seat picks from its legal actions, favouring
    /// building so that games end in a few hundred steps.
    fn choose(&mut self) -> Result<(Actor, Action), String> {
        let game = &self.game;
        match game.to_act() {
            ToAct::Nobody => Err("choose called on a finished game".into()),
            ToAct::Chance(kind) => {
                Ok((Actor::Chance, chance_choice(game, kind, 5, &mut self.play)?))
            }
            ToAct::Seats(seats) => {
                let seats: Vec<Seat> = seats.iter().collect();
                let seat = seats[self.play.below(seats.len())];
                let legal = &self.verdicts.legal[seat.index()];
                let action = choose_for_seat(game, seat, legal, &mut self.play)?;
                ensure!(
                    legal.permits(&action),
                    "the test chose {action:?} for {seat}, which legal_actions does not permit"
                );
                Ok((Actor::Seat(seat), action))
            }
        }
    }

    fn take(&mut self, actor: Actor, action: Action) -> Check {
        let Taken { before, text, .. } =
            take_checked(&mut self.game, &mut self.record, actor, action)?;
        self.last = text;
        if let Actor::Seat(_) = actor {
            let kind = match action {
                Action::PlayRoadBuilding => Some(DevelopmentCard::RoadBuilding),
                Action::PlayYearOfPlenty(_) => Some(DevelopmentCard::YearOfPlenty),
                Action::PlayMonopoly(_) => Some(DevelopmentCard::Monopoly),
                _ => None,
            };
            if let Some(kind) = kind {
                self.played[kind.index()] += 1;
            }
        }
        check_board_change(&before, &self.game, action)?;
        if let Action::RevealFog { .. } = action {
            check_reveal(&before, &self.game, action)?;
            self.ground = Ground::of(self.game.board());
        }
        check_gold_change(&before, &self.game, action)?;
        self.note_turn(&before, action)?;
        self.note_features(&before, action);
        Ok(())
    }

    /// Keeps the test's own log of the turn, and notes the starting settlements when setup
    /// ends.
    fn note_turn(&mut self, before: &Game, action: Action) -> Check {
        // The action belongs to the turn it was taken in; the last starting ship is placed
        // in setup, not in the first turn it starts (S-13.5).
        let t = before.topology();
        match action {
            Action::BuildShip(e) => self.turn.placed.push(t.edge(e)),
            Action::MoveShip { .. } => self.turn.moves += 1,
            _ => {}
        }
        let s = self.game.state();
        if s.turn != self.turn.turn {
            self.turn = TurnLog {
                turn: s.turn,
                ..TurnLog::default()
            };
        }
        if self.home.is_none() && s.turn >= 1 {
            let home: Vec<Vec<Corner>> = players(&self.game)
                .iter()
                .map(|p| corners_of(&self.game, p.buildings()))
                .collect();
            check_setup_areas(&self.rules, &home)?;
            self.home = Some(home);
        }
        Ok(())
    }

    fn note_features(&mut self, before: &Game, action: Action) {
        let s = self.game.state();
        let mut seen = match s.phase {
            Phase::Discarding => feature("discarding after a 7"),
            Phase::MovingRobber => feature("moving the robber"),
            Phase::Stealing { .. } => feature("stealing"),
            Phase::BuildingRoads { .. } => feature("Road Building"),
            Phase::Drawing => feature("drawing a development card"),
            Phase::TradeOffered => feature("a trade offer"),
            _ => 0,
        };
        let was = before.state().phase;
        seen |= match action {
            Action::ConfirmTrade(_) => feature("a confirmed trade"),
            Action::PlayMonopoly(_) => feature("a Monopoly"),
            Action::PlayYearOfPlenty(_) => feature("a Year of Plenty"),
            Action::BuildShip(_) => match was {
                Phase::SetupRoad { .. } => feature("a starting ship"),
                Phase::BuildingRoads { .. } => feature("a Road Building ship"),
                _ => feature("a ship built"),
            },
            Action::MoveShip { .. } => feature("a ship moved"),
            Action::MovePirate { victim, .. } => {
                feature("the pirate moved")
                    | if victim.is_some() {
                        feature("robbing a ship's owner")
                    } else {
                        0
                    }
            }
            Action::PickResources(_) => {
                let fog = std::mem::take(&mut self.fog_gold);
                feature("gold picked")
                    | if fog {
                        feature("gold picked for fog")
                    } else {
                        0
                    }
            }
            Action::RevealFog { terrain, .. } => {
                if terrain == Terrain::Gold {
                    self.fog_gold = true;
                }
                let rewarded = match was {
                    Phase::Revealing { seat, .. } => {
                        s.player(seat).hand.total() > before.state().player(seat).hand.total()
                    }
                    _ => false,
                };
                feature("fog revealed") | if rewarded { feature("a fog reward") } else { 0 }
            }
            Action::BuildSettlement(c) if was == Phase::Main => {
                let seat = before.state().active;
                let p = before.state().player(seat);
                let by_road = before
                    .topology()
                    .corner_edges(c)
                    .any(|e| p.roads.contains(e.index()));
                if by_road {
                    0
                } else {
                    feature("a settlement reached by ship")
                }
            }
            _ => 0,
        };
        if let Some(h) = s.longest_road {
            seen |= feature("Longest Road held");
            // A trail longer than all the holder's roads, and longer than all its ships,
            // holds both.
            let p = s.player(h);
            let length = self.lengths.get(h.index()).copied().unwrap_or(0);
            if length > p.roads.len() && length > p.ships.len() {
                seen |= feature("a trade route of roads and ships held");
            }
        }
        if s.largest_army.is_some() {
            seen |= feature("Largest Army held");
        }
        if players(&self.game).iter().any(|p| !p.cities.is_empty()) {
            seen |= feature("a city");
        }
        if players(&self.game).iter().any(|p| p.settlements.len() == 5) {
            seen |= feature("all settlements of a seat on the board");
        }
        if self.closed.iter().any(|c| !c.is_empty()) {
            seen |= feature("a closed ship");
        }
        if s.chit_count > 0 {
            seen |= feature("a chit earned");
        }
        if s.bank.0.contains(&0) {
            seen |= feature("the bank out of a resource");
        }
        let held = |r: Resource| -> u32 {
            players(&self.game)
                .iter()
                .map(|p| u32::from(p.hand.get(r)))
                .sum()
        };
        if Resource::ALL.into_iter().any(|r| held(r) > 19) {
            seen |= feature("an unlimited bank giving more than 19 of a resource");
        }
        if let Some(w) = s.winner {
            let target = Scenario::by_name(self.setting.scenario)
                .map(|sc| sc.victory_points)
                .unwrap_or(0);
            if s.victory_points == target {
                seen |= feature("a winner at the scenario's target");
            }
            if s.player(w).all_cards().get(DevelopmentCard::VictoryPoint) > 0 {
                seen |= feature("a winner holding a Victory Point card");
            }
        }
        self.seen |= seen;
    }

    fn check_the_end(&mut self) -> Check {
        let game = &self.game;
        let s = game.state();
        match game.winner() {
            Some(winner) => {
                ensure!(
                    winner == s.active,
                    "{winner} won during the turn of {} (B-42, S-22: only on one's own turn)",
                    s.active
                );
                let points = expected_points(game, winner, true);
                ensure!(
                    points >= u32::from(s.victory_points),
                    "{winner} won with {points} points; the target is {}",
                    s.victory_points
                );
            }
            // The Pirate Islands end a game nobody can win any more.
            None => ensure!(
                game.nobody_can_win(),
                "the game is over without a winner, though a seat could still win"
            ),
        }
        ensure!(game.is_over(), "the game ended, but is_over() is false");
        for seat in s.seat_ids() {
            ensure!(
                game.legal_actions(seat).is_empty(),
                "{seat} has legal actions after the game ended"
            );
        }

        let replayed = check_record_replays(&mut self.record, game)?;
        // The fog revealed the same way: the board is the board as played.
        let differences = board_differences(game.board(), replayed.board());
        ensure!(
            differences.is_empty(),
            "the record replays on a different board: {differences:?}"
        );
        self.check_position_round_trip()
    }
}

/// What differs between two boards, field by field: empty when they are the same.
fn board_differences(a: &Board, b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, same: bool, left: String, right: String| {
        if !same {
            out.push(format!("{name}: {left} / {right}"));
        }
    };
    field("id", a.id == b.id, a.id.clone(), b.id.clone());
    field("name", a.name == b.name, a.name.clone(), b.name.clone());
    field(
        "game",
        a.game == b.game,
        format!("{:?}", a.game),
        format!("{:?}", b.game),
    );
    field(
        "players",
        a.players == b.players,
        format!("{:?}", a.players),
        format!("{:?}", b.players),
    );
    field(
        "victory_points",
        a.victory_points == b.victory_points,
        format!("{:?}", a.victory_points),
        format!("{:?}", b.victory_points),
    );
    let hexes: Vec<String> = a
        .hexes
        .iter()
        .zip(&b.hexes)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| {
            format!(
                "{} {} {:?} / {} {:?}",
                x.hex, x.terrain, x.number, y.terrain, y.number
            )
        })
        .collect();
    field(
        "hexes",
        hexes.is_empty() && a.hexes.len() == b.hexes.len(),
        format!("{hexes:?}"),
        format!("{} / {} hexes", a.hexes.len(), b.hexes.len()),
    );
    field(
        "harbors",
        a.harbors == b.harbors,
        format!("{:?}", a.harbors),
        format!("{:?}", b.harbors),
    );
    field(
        "robber",
        a.robber == b.robber,
        format!("{:?}", a.robber),
        format!("{:?}", b.robber),
    );
    field(
        "pirate",
        a.pirate == b.pirate,
        format!("{:?}", a.pirate),
        format!("{:?}", b.pirate),
    );
    field(
        "fog_terrain",
        a.fog_terrain == b.fog_terrain,
        format!("{:?}", a.fog_terrain),
        format!("{:?}", b.fog_terrain),
    );
    field(
        "fog_numbers",
        a.fog_numbers == b.fog_numbers,
        format!("{:?}", a.fog_numbers),
        format!("{:?}", b.fog_numbers),
    );
    let keys: Vec<&String> = a
        .other
        .keys()
        .chain(b.other.keys())
        .filter(|k| a.other.get(*k) != b.other.get(*k))
        .collect();
    field("other", keys.is_empty(), format!("{keys:?}"), String::new());
    field(
        "dealt",
        a.dealt == b.dealt,
        format!("{:?}", a.dealt),
        format!("{:?}", b.dealt),
    );
    out
}

/// A game read back from its position is on the same board as the game it was saved
/// from: the same hexes (fog revealed the same way), harbors and scenario sheet. Only the
/// fog stacks may differ: a new game's board keeps the stacks it started with, a position
/// keeps what is left of them (`fog_hexes_left`, `fog_numbers_left`), and that is what the
/// board read back holds. `a_position_round_trip_keeps_the_fog_stacks_of_the_board` shows
/// the difference on its own.
fn check_same_board(board: &Board, again: &Game, how: &str) -> Check {
    let differences: Vec<String> = board_differences(board, again.board())
        .into_iter()
        .filter(|d| !d.starts_with("fog_terrain") && !d.starts_with("fog_numbers"))
        .collect();
    ensure!(
        differences.is_empty(),
        "{how} changed the board: {differences:?}"
    );
    let s = again.state();
    let mut tiles = [0u8; 10];
    for terrain in &again.board().fog_terrain {
        tiles[Terrain::ALL.iter().position(|x| x == terrain).unwrap()] += 1;
    }
    let mut numbers = [0u8; 13];
    for &n in &again.board().fog_numbers {
        numbers[usize::from(n).min(12)] += 1;
    }
    ensure!(
        tiles == s.fog_hexes_left && numbers == s.fog_numbers_left,
        "{how} gives a board whose fog stacks {:?} {:?} are not what is left of them, {:?} {:?}",
        again.board().fog_terrain,
        again.board().fog_numbers,
        s.fog_hexes_left,
        s.fog_numbers_left
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The players.

fn choose_for_seat(
    game: &Game,
    seat: Seat,
    legal: &LegalActions,
    rng: &mut ChaCha8Rng,
) -> Result<Action, String> {
    // Discards, and gold picks: any cards the bank holds (S-18).
    if let Some(action) = owed_cards(legal, rng) {
        return Ok(action);
    }
    // Settlements go where the dice pay most, more often than not: random players who
    // settle on the coast take hundreds of turns to finish.
    if matches!(legal.actions.first(), Some(Action::BuildSettlement(_))) && !rng.chance(4) {
        let best = legal
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::BuildSettlement(c) => Some((pips(game, *c), *a)),
                _ => None,
            })
            .max_by_key(|(p, _)| *p);
        if let Some((_, action)) = best {
            return Ok(action);
        }
    }
    // Pick a kind of action by weight, then one action of that kind. Building comes first,
    // and bank trades that lead to a build are favoured: that keeps games short enough to
    // play thousands.
    let s = game.state();
    let player = s.player(seat);
    let hand = player.hand;
    let useful = |give: Resource, get: Resource| {
        let rate = game.bank_rate(seat, give);
        [
            cost::SETTLEMENT_COST,
            cost::ROAD_COST,
            cost::CITY_COST,
            cost::SHIP_COST,
        ]
        .iter()
        .any(|goal| hand.get(get) < goal.get(get) && hand.get(give) >= goal.get(give) + rate)
    };
    // Roads and ships only while there is nowhere to settle: random routes starve
    // settlements of brick, lumber and wool.
    let site_open = !game.view(seat).settlement_sites(seat).is_empty();
    let saving = site_open && s.turn > 0 && player.settlements.len() + player.cities.len() < 5;
    let kind = |a: &Action| -> usize {
        match a {
            Action::BuildCity(_) | Action::BuildSettlement(_) => 0,
            Action::BuildRoad(_) | Action::BuildShip(_) => 1,
            Action::BuyDevelopmentCard => 2,
            Action::PlayKnight | Action::PlayRoadBuilding => 3,
            Action::PlayYearOfPlenty(_) | Action::PlayMonopoly(_) => 4,
            Action::TradeWithBank { give, get } if useful(*give, *get) => 5,
            Action::TradeWithBank { .. } => 6,
            Action::RollDice => 7,
            Action::EndTurn => 8,
            Action::ConfirmTrade(_) => 9,
            Action::CancelTrade => 10,
            Action::MoveShip { .. } => 12,
            _ => 11,
        }
    };
    let weights: [u32; 13] = [
        100,
        if saving { 1 } else { 40 },
        10,
        15,
        5,
        80,
        2,
        80,
        8,
        60,
        20,
        50,
        6,
    ];
    let offer_weight = match legal.offer {
        Some(_) if s.offers_this_turn == 0 => 2,
        _ => 0,
    };
    let Some((k, of_kind)) = draw_kind(legal, kind, &weights, offer_weight, seat, rng)? else {
        let range = legal.offer.expect("the rest of the weight is the offer's");
        return Ok(Action::OfferTrade(random_permitted_offer(
            range.can_give,
            range.to,
            rng,
        )));
    };
    // Routes mostly head for the nearest free corner, by land or by sea: random ships drift
    // about the sea and never reach an island.
    let in_play = matches!(s.phase, Phase::Main | Phase::BuildingRoads { .. });
    if k == 1 && in_play && !rng.chance(4) {
        return Ok(toward_sites(game, &of_kind, rng));
    }
    Ok(of_kind[rng.below(of_kind.len())])
}

/// Of these road and ship builds, one that comes nearest to a corner where a settlement may
/// still stand.
fn toward_sites(game: &Game, builds: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let t = game.topology();
    let s = game.state();
    // Walking distances from every free land corner at once.
    let mut distance = vec![u32::MAX; t.corner_count()];
    let mut queue = VecDeque::new();
    for c in t.land_corners.difference(&s.crowded).iter() {
        distance[c] = 0;
        queue.push_back(CornerId(c as u16));
    }
    while let Some(c) = queue.pop_front() {
        for n in t.corner_neighbours(c) {
            if distance[n.index()] == u32::MAX {
                distance[n.index()] = distance[c.index()] + 1;
                queue.push_back(n);
            }
        }
    }
    let score = |a: &Action| match a {
        Action::BuildRoad(e) | Action::BuildShip(e) => t
            .edge_corners(*e)
            .iter()
            .map(|c| distance[c.index()])
            .min()
            .unwrap_or(u32::MAX),
        _ => u32::MAX,
    };
    let best = builds.iter().map(score).min().unwrap_or(u32::MAX);
    let nearest: Vec<Action> = builds
        .iter()
        .copied()
        .filter(|a| score(a) == best)
        .collect();
    nearest[rng.below(nearest.len())]
}

/// Building costs (B-9, S-5), written out here rather than taken from the engine.
mod cost {
    use settlers_core::Resources;
    pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
    pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);
    pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
    pub const SHIP_COST: Resources = Resources::new(0, 1, 1, 0, 0);
}

/// Pieces per player (B-8, S-5), written out here too.
const SETTLEMENTS: usize = 5;
const CITIES: usize = 4;
const ROADS: usize = 15;
const SHIPS: usize = 15;

/// An offer inside the range: one or two cards the seat holds, for one or two of other
/// types, to a non-empty subset of the opponents in range.
fn random_permitted_offer(can_give: Resources, to: SeatSet, rng: &mut ChaCha8Rng) -> TradeOffer {
    let give = random_sub_hand(can_give, 1 + rng.below(2) as u32, rng);
    let others: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|r| give.get(*r) == 0)
        .collect();
    let mut get = Resources::EMPTY;
    for _ in 0..1 + rng.below(2) {
        *get.get_mut(others[rng.below(others.len())]) += 1;
    }
    let opponents: Vec<Seat> = to.iter().collect();
    let mut chosen = SeatSet::EMPTY;
    // An empty range of opponents gives an empty `to`, which the range must then refuse.
    while chosen.is_empty() && !opponents.is_empty() {
        for &o in &opponents {
            if rng.chance(2) {
                chosen.insert(o);
            }
        }
    }
    TradeOffer::cards(give, get, chosen)
}

// ---------------------------------------------------------------------------------------
// Legal ⇔ applies.

/// Applies a candidate on a copy: it must succeed exactly when the legal actions permit it
/// (for chance: when it is one of `chance_outcomes`), and a refusal changes nothing and says
/// why.
fn check_candidate(game: &Game, actor: Actor, action: Action) -> Result<bool, String> {
    let expected = match actor {
        Actor::Seat(seat) => game.legal_actions(seat).permits(&action),
        Actor::Chance => game.chance_outcomes().iter().any(|(a, _)| *a == action),
    };
    check_against(game, actor, action, expected)
}

/// Every action listed for every seat and every chance outcome applies; samples from the
/// discard, gold and offer ranges apply; listed actions tried by anyone else are refused
/// unless they are legal for them too.
fn check_listed_actions_apply(game: &Game, rng: &mut ChaCha8Rng) -> Check {
    let seats = game.seats();
    let mut actors: Vec<Actor> = (0..seats).map(|s| Actor::Seat(Seat(s))).collect();
    actors.push(Actor::Chance);
    actors.push(Actor::Seat(Seat(seats)));
    for seat in (0..seats).map(Seat) {
        let legal = game.legal_actions(seat);
        let mut seen = HashSet::new();
        for &action in &legal.actions {
            ensure!(seen.insert(action), "{seat}: {action:?} is listed twice");
            check_listed_action_applies(game, seat, action)?;
            // The same action by someone else: refused unless legal for them too.
            let other = actors[rng.below(actors.len())];
            if other != Actor::Seat(seat) {
                check_candidate(game, other, action)?;
            }
        }
        for (range, kind) in [(legal.discard, "discard"), (legal.gold, "gold")] {
            let Some(range) = range else { continue };
            for _ in 0..4 {
                let cards = random_sub_hand(range.from, u32::from(range.count), rng);
                let action = if kind == "discard" {
                    Action::Discard(cards)
                } else {
                    Action::PickResources(cards)
                };
                ensure!(
                    legal.permits(&action),
                    "{seat}: the {kind} range does not permit {cards}, drawn from it"
                );
                check_candidate(game, Actor::Seat(seat), action)?;
            }
        }
        if let Some(range) = legal.offer {
            for _ in 0..4 {
                let offer = random_permitted_offer(range.can_give, range.to, rng);
                check_candidate(game, Actor::Seat(seat), Action::OfferTrade(offer))?;
            }
        }
    }
    for (action, weight) in game.chance_outcomes() {
        check_chance_outcome_applies(game, action, weight)?;
        for seat in (0..seats).map(Seat) {
            check_candidate(game, Actor::Seat(seat), action)?;
        }
    }
    Ok(())
}

/// Every hand of exactly `count` cards that `from` covers.
fn every_hand(from: Resources, count: u32) -> Vec<Resources> {
    fn fill(from: &Resources, i: usize, left: u32, hand: &mut Resources, out: &mut Vec<Resources>) {
        if i == 5 {
            if left == 0 {
                out.push(*hand);
            }
            return;
        }
        for n in 0..=left.min(u32::from(from.0[i])) {
            hand.0[i] = n as u8;
            fill(from, i + 1, left - n, hand, out);
        }
        hand.0[i] = 0;
    }
    let mut out = Vec::new();
    let mut hand = Resources::EMPTY;
    fill(&from, 0, count, &mut hand, &mut out);
    out
}

/// Every action of every actor that is not too many to list (everything but discards and
/// offers, which the random probes cover), on every place of the board and one place past
/// its end: `apply` accepts exactly those the legal actions permit. A seat nobody waits for
/// must refuse them all alike, so a sample of them does for it.
fn check_every_action(game: &Game, rng: &mut ChaCha8Rng) -> Check {
    let t = game.topology();
    let seats = game.seats();
    let s = game.state();
    let mut space: Vec<Action> = vec![
        Action::BuyDevelopmentCard,
        Action::RollDice,
        Action::EndTurn,
        Action::PlayKnight,
        Action::PlayRoadBuilding,
        Action::AcceptTrade,
        Action::RejectTrade,
        Action::CancelTrade,
    ];
    for c in 0..=t.corner_count() as u16 {
        space.push(Action::BuildSettlement(CornerId(c)));
        space.push(Action::BuildCity(CornerId(c)));
    }
    for e in 0..=t.edge_count() as u16 {
        space.push(Action::BuildRoad(EdgeId(e)));
        space.push(Action::BuildShip(EdgeId(e)));
    }
    for h in 0..=t.hex_count() as u8 {
        for victim in std::iter::once(None).chain((0..=seats).map(|v| Some(Seat(v)))) {
            space.push(Action::MoveRobber {
                hex: HexId(h),
                victim,
            });
            space.push(Action::MovePirate {
                hex: HexId(h),
                victim,
            });
        }
    }
    for give in Resource::ALL {
        space.push(Action::PlayMonopoly(give));
        for get in Resource::ALL {
            space.push(Action::TradeWithBank { give, get });
            let mut two = Resources::one(give);
            *two.get_mut(get) += 1;
            space.push(Action::PlayYearOfPlenty(two));
        }
        space.push(Action::PlayYearOfPlenty(Resources::one(give)));
    }
    space.push(Action::PlayYearOfPlenty(Resources::EMPTY));
    space.extend((0..=seats).map(|v| Action::ConfirmTrade(Seat(v))));
    let mut chance_space: Vec<Action> = Vec::new();
    for a in 0..=7 {
        chance_space.extend((0..=7).map(|b| Action::Dice(a, b)));
    }
    chance_space.extend(DevelopmentCard::ALL.map(Action::DrawDevelopmentCard));
    chance_space.extend(Resource::ALL.map(Action::StealResource));
    // Every hex turned over as every terrain, with a number at random; the hex due now as
    // every terrain with every number and none.
    for h in 0..=t.hex_count() as u8 {
        for terrain in Terrain::ALL {
            let number = (!rng.chance(3)).then(|| rng.below(14) as u8);
            chance_space.push(Action::RevealFog {
                hex: HexId(h),
                terrain,
                number,
            });
        }
    }
    if let ToAct::Chance(ChanceKind::FogHex { hex }) = game.to_act() {
        for terrain in Terrain::ALL {
            for number in std::iter::once(None).chain((0..=13).map(Some)) {
                chance_space.push(Action::RevealFog {
                    hex,
                    terrain,
                    number,
                });
            }
        }
    }

    let to_act = game.to_act();
    for seat in (0..seats).map(Seat) {
        let legal = game.legal_actions(seat);
        let waited = matches!(to_act, ToAct::Seats(w) if w.contains(seat));
        let offset = rng.below(8);
        for (i, &action) in space.iter().enumerate() {
            if waited || i % 8 == offset {
                check_against(game, Actor::Seat(seat), action, legal.permits(&action))?;
            }
        }
        // Every ship of the seat to every edge, when it may move one; a sample otherwise.
        let ships: Vec<EdgeId> = s
            .player(seat)
            .ships
            .iter()
            .map(|e| EdgeId(e as u16))
            .chain([EdgeId(t.edge_count() as u16)])
            .collect();
        let moving = waited && s.phase == Phase::Main;
        for &from in &ships {
            for to in 0..=t.edge_count() as u16 {
                if moving || rng.chance(40) {
                    let action = Action::MoveShip {
                        from,
                        to: EdgeId(to),
                    };
                    check_against(game, Actor::Seat(seat), action, legal.permits(&action))?;
                }
            }
        }
        // Every pick of the right size from the bank, and some of the wrong sizes.
        if let Some(range) = legal.gold {
            let count = u32::from(range.count);
            let mut picks = every_hand(range.from, count);
            picks.extend(every_hand(range.from, count + 1).into_iter().take(10));
            if count > 0 {
                picks.extend(every_hand(range.from, count - 1).into_iter().take(10));
            }
            for cards in picks {
                let action = Action::PickResources(cards);
                check_against(game, Actor::Seat(seat), action, legal.permits(&action))?;
            }
        }
    }
    let outcomes = game.chance_outcomes();
    for &action in &chance_space {
        let expected = outcomes.iter().any(|(a, _)| *a == action);
        check_against(game, Actor::Chance, action, expected)?;
    }
    Ok(())
}

/// What the legal actions and chance's outcomes say of every actor now, worked out once a
/// step: the verdicts the probes are held to.
#[derive(Default)]
struct Verdicts {
    /// Each seat's legal actions, and one seat past the table's.
    legal: Vec<LegalActions>,
    outcomes: Vec<(Action, u32)>,
}

impl Verdicts {
    fn expects(&self, actor: Actor, action: &Action) -> bool {
        match actor {
            Actor::Seat(seat) => self
                .legal
                .get(seat.index())
                .is_some_and(|l| l.permits(action)),
            Actor::Chance => self.outcomes.iter().any(|(a, _)| a == action),
        }
    }
}

/// Who must act matches who has something to do; `inspect` sees each seat's legal actions,
/// which stay in `verdicts`.
fn check_who_acts(
    game: &Game,
    verdicts: &mut Verdicts,
    inspect: &mut dyn FnMut(Seat, &LegalActions) -> Check,
) -> Check {
    let to_act = game.to_act();
    verdicts.outcomes = game.chance_outcomes();
    check_chance_acts_when_due(game, &verdicts.outcomes)?;
    verdicts
        .legal
        .resize_with(usize::from(game.seats()) + 1, LegalActions::default);
    for seat in (0..game.seats() + 1).map(Seat) {
        let buffer = &mut verdicts.legal[seat.index()];
        game.legal_actions_into(seat, buffer);
        let waited_for = matches!(to_act, ToAct::Seats(s) if s.contains(seat));
        ensure!(
            buffer.is_empty() != waited_for,
            "{seat}: to_act is {to_act:?} but its legal actions are {:?}",
            buffer
        );
        if seat.0 < game.seats() {
            inspect(seat, buffer)?;
        }
    }
    Ok(())
}

/// S-12 and S-13 on the listed ship moves, at every step: only the active seat's, after the
/// roll, one a turn, never a ship placed this turn, never a closed one.
fn check_listed_moves(
    game: &Game,
    seat: Seat,
    legal: &LegalActions,
    closed: &[Vec<Edge>],
    turn: &TurnLog,
) -> Check {
    let s = game.state();
    let t = game.topology();
    for a in &legal.actions {
        let Action::MoveShip { from, to } = *a else {
            continue;
        };
        let (from, to) = (t.edge(from), t.edge(to));
        ensure!(
            s.phase == Phase::Main && seat == s.active,
            "{seat} may move the ship on {from} now ({}): only in its own turn after the roll \
             (S-13.1)",
            game.describe_phase()
        );
        ensure!(
            turn.moves == 0,
            "{seat} may move the ship on {from} to {to}, but it has moved a ship this turn \
             already (S-13.2)"
        );
        ensure!(
            !turn.placed.contains(&from),
            "{seat} may move the ship on {from}, which was placed this turn (S-13.5)"
        );
        ensure!(
            !closed.get(seat.index()).is_some_and(|c| c.contains(&from)),
            "{seat} may move the ship on {from}, which is on a closed route (S-12)"
        );
        ensure!(from != to, "{seat} may move the ship on {from} onto itself");
    }
    Ok(())
}

/// A random action by a random actor, mostly not legal: ids on and off the board, random
/// cards and offers, dice from 0 to 7, fog of every kind, seats that are not at the table.
fn random_candidate(game: &Game, rng: &mut ChaCha8Rng) -> (Actor, Action) {
    let t = game.topology();
    let s = game.state();
    let seats = game.seats() as usize;
    let actor = random_actor(game, &[seats as u8, 4, 7, 200], rng);
    let corner = |rng: &mut ChaCha8Rng| {
        CornerId(match rng.below(8) {
            0 => (t.corner_count() + rng.below(10)) as u16,
            1 => u16::MAX,
            _ => rng.below(t.corner_count()) as u16,
        })
    };
    let edge = |rng: &mut ChaCha8Rng| {
        EdgeId(match rng.below(8) {
            0 => (t.edge_count() + rng.below(10)) as u16,
            1 => u16::MAX,
            _ => rng.below(t.edge_count()) as u16,
        })
    };
    let hex = |rng: &mut ChaCha8Rng| {
        HexId(match rng.below(6) {
            0 => (t.hex_count() + rng.below(5)) as u8,
            1 => u8::MAX,
            _ => rng.below(t.hex_count()) as u8,
        })
    };
    let resource = |rng: &mut ChaCha8Rng| Resource::ALL[rng.below(5)];
    let seat = |rng: &mut ChaCha8Rng| Seat(rng.below(seats + 2) as u8);
    let own = match actor {
        Actor::Seat(a) if (a.0 as usize) < seats => Some(s.player(a)),
        _ => None,
    };
    let own_hand = own.map_or(Resources::EMPTY, |p| p.hand);
    let action = match rng.below(28) {
        0 => Action::BuildSettlement(corner(rng)),
        1 => Action::BuildRoad(edge(rng)),
        2 => Action::BuildCity(corner(rng)),
        3 => Action::BuyDevelopmentCard,
        4 => Action::RollDice,
        5 => Action::EndTurn,
        6 => {
            // Random sizes, sometimes the right size, mostly from the hand.
            let owed = own.map_or(0, |p| u32::from(p.discard_owed));
            let size = match rng.below(3) {
                0 => owed,
                1 => owed + 1,
                _ => rng.below(12) as u32,
            };
            if rng.chance(3) {
                Action::Discard(random_resources(rng, size as usize + 1))
            } else {
                Action::Discard(random_sub_hand(own_hand, size, rng))
            }
        }
        7 => Action::MoveRobber {
            hex: hex(rng),
            victim: if rng.chance(3) { None } else { Some(seat(rng)) },
        },
        8 => Action::PlayKnight,
        9 => Action::PlayRoadBuilding,
        10 => Action::PlayYearOfPlenty(random_resources(rng, 4)),
        11 => Action::PlayMonopoly(resource(rng)),
        12 => Action::TradeWithBank {
            give: resource(rng),
            get: resource(rng),
        },
        13 => {
            let give = if rng.chance(2) {
                random_sub_hand(own_hand, rng.below(3) as u32, rng)
            } else {
                random_resources(rng, 4)
            };
            let mut get = random_resources(rng, 4);
            if rng.chance(10) {
                *get.get_mut(resource(rng)) = 20;
            }
            let to = SeatSet(if rng.chance(8) {
                0xFF
            } else {
                rng.below(1 << (seats + 1)) as u8
            });
            Action::OfferTrade(TradeOffer::cards(give, get, to))
        }
        14 => Action::AcceptTrade,
        15 => Action::RejectTrade,
        16 => Action::ConfirmTrade(seat(rng)),
        17 => Action::CancelTrade,
        18 => {
            // Dice from 0 to 7: only 1 to 6 are faces.
            Action::Dice(rng.below(8) as u8, rng.below(8) as u8)
        }
        19 => Action::Dice([0, 7][rng.below(2)], 1 + rng.below(6) as u8),
        20 => Action::DrawDevelopmentCard(DevelopmentCard::ALL[rng.below(5)]),
        21 => Action::StealResource(resource(rng)),
        22 => Action::BuildShip(edge(rng)),
        23 | 24 => {
            // Mostly one of the actor's own ships, to anywhere.
            let ships: Vec<usize> = own.map(|p| p.ships.iter().collect()).unwrap_or_default();
            let from = if !ships.is_empty() && !rng.chance(4) {
                EdgeId(ships[rng.below(ships.len())] as u16)
            } else {
                edge(rng)
            };
            Action::MoveShip {
                from,
                to: edge(rng),
            }
        }
        25 => Action::MovePirate {
            hex: hex(rng),
            victim: if rng.chance(3) { None } else { Some(seat(rng)) },
        },
        26 => {
            // Gold picks of random sizes, sometimes the size owed, mostly from the bank.
            let owed = own
                .map_or(0, |p| u32::from(p.gold_owed))
                .min(s.bank.total());
            let size = match rng.below(4) {
                0 | 1 => owed,
                2 => owed + 1,
                _ => rng.below(6) as u32,
            };
            if rng.chance(3) {
                Action::PickResources(random_resources(rng, size as usize + 1))
            } else {
                Action::PickResources(random_sub_hand(s.bank, size, rng))
            }
        }
        _ => {
            // Fog: the hex due or another, any terrain, any number or none.
            let due = match game.to_act() {
                ToAct::Chance(ChanceKind::FogHex { hex }) if rng.chance(2) => hex,
                _ => hex(rng),
            };
            Action::RevealFog {
                hex: due,
                terrain: Terrain::ALL[rng.below(Terrain::ALL.len())],
                number: (!rng.chance(4)).then(|| rng.below(14) as u8),
            }
        }
    };
    (actor, action)
}

/// Up to `most - 1` random cards.
fn random_resources(rng: &mut ChaCha8Rng, most: usize) -> Resources {
    let mut out = Resources::EMPTY;
    for _ in 0..rng.below(most) {
        *out.get_mut(Resource::ALL[rng.below(5)]) += 1;
    }
    out
}

// ---------------------------------------------------------------------------------------
// The board in text geometry, and what the map file says, read as a player reads them.

/// What lies at a position (S-2): the frame is every position the map does not list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Land,
    Sea,
    Fog,
    Frame,
}

/// The terrain of every listed position, looked up by its coordinates, and every edge and
/// corner of the listed positions.
#[derive(Clone, Debug)]
struct Ground {
    cells: Vec<Option<Terrain>>,
    edges: Vec<Edge>,
    corners: Vec<Corner>,
}

/// The positions `Ground` holds: far more than any map's.
const GRID: i32 = 64;

impl Ground {
    fn of(board: &Board) -> Ground {
        let mut cells = vec![None; (GRID * GRID) as usize];
        for h in &board.hexes {
            if let Some(i) = Ground::index(h.hex) {
                cells[i] = Some(h.terrain);
            }
        }
        let mut edges: Vec<Edge> = board.hexes.iter().flat_map(|h| h.hex.edges()).collect();
        edges.sort();
        edges.dedup();
        let mut corners: Vec<Corner> = board.hexes.iter().flat_map(|h| h.hex.corners()).collect();
        corners.sort();
        corners.dedup();
        Ground {
            cells,
            edges,
            corners,
        }
    }

    fn index(h: Hex) -> Option<usize> {
        let (q, r) = (i32::from(h.q) + GRID / 2, i32::from(h.r) + GRID / 2);
        ((0..GRID).contains(&q) && (0..GRID).contains(&r)).then(|| (r * GRID + q) as usize)
    }

    fn terrain(&self, h: Hex) -> Option<Terrain> {
        Ground::index(h).and_then(|i| self.cells[i])
    }

    fn side(&self, h: Hex) -> Side {
        match self.terrain(h) {
            None => Side::Frame,
            Some(Terrain::Sea) => Side::Sea,
            Some(Terrain::Fog) => Side::Fog,
            Some(_) => Side::Land,
        }
    }

    fn sides(&self, e: Edge) -> [Side; 2] {
        e.hexes().map(|h| self.side(h))
    }

    /// B-18, S-3, SC3-7: a road needs land on one side (fog is not land).
    fn takes_road(&self, e: Edge) -> bool {
        self.sides(e).contains(&Side::Land)
    }

    /// S-3, S-6, SC3-7, D-S-8: a ship needs sea or the frame on one side, and something on
    /// the map on the other.
    fn takes_ship(&self, e: Edge) -> bool {
        let sides = self.sides(e);
        sides.iter().any(|s| matches!(s, Side::Sea | Side::Frame)) && sides != [Side::Frame; 2]
    }

    /// S-3: a settlement or city stands on a corner touching land.
    fn land_corner(&self, c: Corner) -> bool {
        c.hexes().iter().any(|h| self.side(*h) == Side::Land)
    }

    fn on_map(&self, h: Hex) -> bool {
        self.terrain(h).is_some()
    }
}

/// What the map file's scenario sheet says about special victory points and setup
/// (`special_vp`, `areas`, `setup.allowed_areas`; shared/rules/maps/README.md).
#[derive(Clone, Debug)]
struct MapRules {
    special: Special,
    /// Where starting settlements may stand (SC1-3, SC3-4, SC4-3); anywhere when `None`.
    setup_corners: Option<Vec<Corner>>,
}

#[derive(Clone, Debug)]
enum Special {
    None,
    /// SC1-5, SC4-4: a seat's first settlement in each of these areas earns `value`.
    PerArea {
        areas: Vec<Vec<Corner>>,
        value: u32,
    },
    /// SC2-4: a seat's first settlement on each island holding none of its starting
    /// settlements earns `first` for the first such island, `further` for each other.
    Foreign {
        islands: Vec<Vec<Corner>>,
        first: u32,
        further: u32,
    },
}

fn map_rules(game: &Game) -> Result<MapRules, String> {
    let other = &game.board().other;
    let area = |name: &str| -> Result<Vec<Corner>, String> {
        let hexes = other
            .get("areas")
            .and_then(|a| a.get(name))
            .and_then(Value::as_array)
            .ok_or_else(|| format!("the map names an area `{name}` it does not list"))?;
        let mut corners = Vec::new();
        for h in hexes {
            let hex: Hex = h
                .as_str()
                .ok_or_else(|| format!("area {name}: `{h}` is not a hex"))?
                .parse()
                .map_err(|e| format!("area {name}: {e}"))?;
            corners.extend(hex.corners());
        }
        corners.sort();
        corners.dedup();
        Ok(corners)
    };
    let names = |v: Option<&Value>| -> Vec<String> {
        v.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|n| n.as_str().map(String::from))
            .collect()
    };
    let setup_corners = match other.get("setup").and_then(|s| s.get("allowed_areas")) {
        Some(list) => {
            let mut all = Vec::new();
            for name in names(Some(list)) {
                all.extend(area(&name)?);
            }
            all.sort();
            all.dedup();
            Some(all)
        }
        None => None,
    };
    let sheet = other.get("special_vp");
    let number = |name: &str| -> Result<u32, String> {
        sheet
            .and_then(|s| s.get(name))
            .and_then(Value::as_u64)
            .map(|n| n as u32)
            .ok_or_else(|| format!("special_vp has no number `{name}`"))
    };
    let areas = || -> Result<Vec<Vec<Corner>>, String> {
        names(sheet.and_then(|s| s.get("areas")))
            .iter()
            .map(|n| area(n))
            .collect()
    };
    let special = match sheet.and_then(|s| s.get("kind")).and_then(Value::as_str) {
        None => Special::None,
        Some("first-settlement-per-area") => Special::PerArea {
            areas: areas()?,
            value: match game.config().options.special_vp_value {
                Some(v) => u32::from(v),
                None => number("value")?,
            },
        },
        Some("foreign-island-escalating") => Special::Foreign {
            islands: areas()?,
            first: number("first_foreign")?,
            further: number("each_further_foreign")?,
        },
        Some(kind) => {
            return Err(format!(
                "the map's special victory points are of kind `{kind}`, which this test does \
                 not know yet: teach `check_special` its rule"
            ));
        }
    };
    Ok(MapRules {
        special,
        setup_corners,
    })
}

/// Every seat's pieces in text form, for the brute forces.
struct BoardPieces {
    buildings: Vec<Vec<Corner>>,
    roads: Vec<Vec<Edge>>,
    ships: Vec<Vec<Edge>>,
}

impl BoardPieces {
    fn of(game: &Game) -> BoardPieces {
        let all = players(game);
        BoardPieces {
            buildings: all
                .iter()
                .map(|p| corners_of(game, p.buildings()))
                .collect(),
            roads: all.iter().map(|p| edges_of(game, p.roads)).collect(),
            ships: all.iter().map(|p| edges_of(game, p.ships)).collect(),
        }
    }

    fn owner(&self, c: Corner) -> Option<usize> {
        self.buildings.iter().position(|b| b.contains(&c))
    }

    /// Whether a road or ship stands on `e`, not counting the ship on `except`.
    fn taken(&self, e: Edge, except: Option<Edge>) -> bool {
        self.roads.iter().any(|r| r.contains(&e))
            || self
                .ships
                .iter()
                .any(|s| s.contains(&e) && Some(e) != except)
    }
}

fn players(game: &Game) -> &[PlayerState] {
    &game.state().players[..game.seats() as usize]
}

fn corners_of(game: &Game, set: CornerSet) -> Vec<Corner> {
    set.iter()
        .map(|c| game.topology().corner(CornerId(c as u16)))
        .collect()
}

fn edges_of(game: &Game, set: EdgeSet) -> Vec<Edge> {
    set.iter()
        .map(|e| game.topology().edge(EdgeId(e as u16)))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Invariants of the state.

/// B-5: 19 cards of each resource between the bank and the hands (gold picks and fog
/// rewards come out of the bank too); an unlimited bank stays at 19 of each. B-6: 25
/// development cards between the deck, the hands and the played Knights, less progress cards
/// played.
fn check_conservation(game: &Game, played: &[u32; 5]) -> Check {
    let s = game.state();
    let players = players(game);
    for r in Resource::ALL {
        let held: u32 = players.iter().map(|p| u32::from(p.hand.get(r))).sum();
        let bank = u32::from(s.bank.get(r));
        if game.config().options.unlimited_bank {
            ensure!(bank == 19, "{r}: an unlimited bank holds {bank}, not 19");
            continue;
        }
        ensure!(
            held + bank == 19,
            "{r}: bank {bank} + hands {held} = {}, not 19",
            held + bank
        );
    }
    const COMPOSITION: [(DevelopmentCard, u32); 5] = [
        (DevelopmentCard::Knight, 14),
        (DevelopmentCard::VictoryPoint, 5),
        (DevelopmentCard::RoadBuilding, 2),
        (DevelopmentCard::YearOfPlenty, 2),
        (DevelopmentCard::Monopoly, 2),
    ];
    for (card, count) in COMPOSITION {
        let deck = u32::from(s.deck.get(card));
        let held: u32 = players
            .iter()
            .map(|p| u32::from(p.cards.get(card)) + u32::from(p.new_cards.get(card)))
            .sum();
        let out = if card == DevelopmentCard::Knight {
            players.iter().map(|p| u32::from(p.played_knights)).sum()
        } else {
            0
        };
        ensure!(
            deck + held + out <= count,
            "{}: deck {deck} + held {held} + played {out} exceed the {count} cards",
            card.title()
        );
        ensure!(
            deck + held + out + played[card.index()] == count,
            "{}: deck {deck} + held {held} + played Knights {out} + played progress {} \
             is not the {count} cards",
            card.title(),
            played[card.index()]
        );
    }
    Ok(())
}

/// B-8, B-16, S-5, S-6: pieces in stock, one piece per place (a road or a ship, never
/// both); the state's summaries agree.
fn check_pieces(game: &Game) -> Check {
    let s = game.state();
    let t = game.topology();
    let mut occupied = CornerSet::new();
    let mut paved = EdgeSet::new();
    let mut shipped = EdgeSet::new();
    for (i, p) in players(game).iter().enumerate() {
        for (what, count, most) in [
            ("settlements", p.settlements.len(), SETTLEMENTS),
            ("cities", p.cities.len(), CITIES),
            ("roads", p.roads.len(), ROADS),
            ("ships", p.ships.len(), SHIPS),
        ] {
            ensure!(
                count <= most,
                "seat {i} has {count} {what}; a player has {most}"
            );
        }
        ensure!(
            !p.settlements.intersects(&p.cities),
            "seat {i} has a settlement and a city on one corner"
        );
        if let Some(c) = p.buildings().intersection(&occupied).iter().next() {
            return Err(format!(
                "two seats have a building on {}",
                t.corner(CornerId(c as u16))
            ));
        }
        occupied |= p.buildings();
        for (what, mine) in [("road", p.roads), ("ship", p.ships)] {
            let clash = mine.intersection(&paved.union(&shipped));
            if let Some(e) = clash.iter().next() {
                return Err(format!(
                    "seat {i}'s {what} on {} shares its edge with another road or ship (S-6)",
                    t.edge(EdgeId(e as u16))
                ));
            }
        }
        if let Some(e) = p.roads.intersection(&p.ships).iter().next() {
            return Err(format!(
                "seat {i} has a road and a ship on {} (S-6)",
                t.edge(EdgeId(e as u16))
            ));
        }
        paved |= p.roads;
        shipped |= p.ships;
    }
    for p in &s.players[game.seats() as usize..] {
        ensure!(
            *p == PlayerState::default(),
            "an empty seat holds something: {p:?}"
        );
    }
    ensure!(
        s.occupied == occupied,
        "the occupied corners {:?} are not the buildings {:?}",
        s.occupied,
        occupied
    );
    ensure!(
        s.paved == paved,
        "the paved edges {:?} are not the roads {:?}",
        s.paved,
        paved
    );
    ensure!(
        s.shipped == shipped,
        "the edges with ships {:?} are not the ships {:?}",
        s.shipped,
        shipped
    );
    ensure!(
        s.new_ships.difference(&shipped).is_empty(),
        "ships placed this turn {:?} are not all on the board",
        s.new_ships
    );
    Ok(())
}

/// B-17 to B-19, S-3, S-6, SC3-7 from the text geometry: the distance rule between every
/// two buildings; land under every building; land beside every road; sea or the frame
/// beside every ship, so no piece between two fog positions, no road between sea and fog,
/// no ship between land and fog; every road joined through its owner's roads to its
/// owner's building.
fn check_board(game: &Game, ground: &Ground) -> Check {
    // Plain vectors rather than hash sets: a board has a few dozen pieces, and hashing
    // dominates the run time of an unoptimised test build.
    let s = game.state();
    let mut buildings: Vec<(Corner, usize)> = Vec::new();
    for (i, p) in players(game).iter().enumerate() {
        let own = corners_of(game, p.buildings());
        for c in &own {
            ensure!(
                ground.land_corner(*c),
                "seat {i}'s building on {c} touches no land"
            );
            buildings.push((*c, i));
        }
        let roads = edges_of(game, p.roads);
        for e in &roads {
            ensure!(
                ground.takes_road(*e),
                "seat {i}'s road on {e} lies between {:?}: a road needs land on one side",
                ground.sides(*e)
            );
        }
        for e in edges_of(game, p.ships) {
            ensure!(
                ground.takes_ship(e),
                "seat {i}'s ship on {e} lies between {:?}: a ship needs sea or the frame on \
                 one side",
                ground.sides(e)
            );
        }
        // Grow from the buildings along the seat's own roads; every road must be reached.
        let mut reached = own;
        let mut left = roads;
        loop {
            let before = left.len();
            left.retain(|e| {
                let [a, b] = e.corners();
                if reached.contains(&a) || reached.contains(&b) {
                    reached.extend([a, b]);
                    false
                } else {
                    true
                }
            });
            if left.len() == before {
                break;
            }
        }
        ensure!(
            left.is_empty(),
            "seat {i}'s roads {left:?} join none of its buildings"
        );
    }
    for (k, (a, i)) in buildings.iter().enumerate() {
        for (b, j) in &buildings[k + 1..] {
            ensure!(a != b, "seats {i} and {j} both build on {a}");
            ensure!(
                !a.neighbours().contains(b),
                "seat {i}'s building on {a} and seat {j}'s on {b} break the distance rule"
            );
        }
    }
    // The engine's summary of where the distance rule forbids a settlement.
    let mut crowded = corners_of(game, s.crowded);
    let mut expected: Vec<Corner> = buildings
        .iter()
        .flat_map(|(c, _)| std::iter::once(*c).chain(c.neighbours()))
        .filter(|c| c.hexes().iter().any(|h| ground.on_map(*h)))
        .collect();
    crowded.sort();
    expected.sort();
    expected.dedup();
    ensure!(
        crowded == expected,
        "the crowded corners {crowded:?} are not the buildings and their neighbours {expected:?}"
    );
    Ok(())
}

/// S-14.2, S-15, SC3-8: the robber stands on land and the pirate on sea, never on fog (or
/// either beside the board).
fn check_robber_and_pirate(game: &Game, ground: &Ground) -> Check {
    let s = game.state();
    let t = game.topology();
    if let Some(h) = s.robber {
        let hex = t.hex(h);
        ensure!(
            ground.side(hex) == Side::Land,
            "the robber stands on {hex}, which is {:?}, not land (S-15, SC3-8)",
            ground.side(hex)
        );
    }
    if let Some(h) = s.pirate {
        let hex = t.hex(h);
        ensure!(
            ground.side(hex) == Side::Sea,
            "the pirate stands on {hex}, which is {:?}, not sea (S-14.2, SC3-8)",
            ground.side(hex)
        );
    }
    Ok(())
}

/// A seat's special victory points as its chits add them up.
fn chit_points(game: &Game, seat: Seat) -> u32 {
    let s = game.state();
    s.chits[..s.chit_count as usize]
        .iter()
        .filter(|c| c.seat == seat)
        .map(|c| u32::from(c.value))
        .sum()
}

/// B-41, S-19: a seat's points from the board, its chits and the awards, and (when `all`)
/// its Victory Point cards.
fn expected_points(game: &Game, seat: Seat, all: bool) -> u32 {
    let s = game.state();
    let p = s.player(seat);
    let mut points =
        p.settlements.len() as u32 + 2 * p.cities.len() as u32 + chit_points(game, seat);
    if s.longest_road == Some(seat) {
        points += 2;
    }
    if s.largest_army == Some(seat) {
        points += 2;
    }
    if all {
        points += u32::from(p.all_cards().get(DevelopmentCard::VictoryPoint));
    }
    points
}

/// B-41, S-19, S-22: the points are the board's, the chits', the awards' and the Victory
/// Point cards'; nobody holds the target on their own turn while the game goes on.
fn check_points(game: &Game) -> Check {
    let s = game.state();
    for seat in s.seat_ids() {
        let all = expected_points(game, seat, true);
        let public = expected_points(game, seat, false);
        ensure!(
            u32::from(game.victory_points(seat)) == all,
            "{seat} has {} points; the board, chits, awards and cards give {all}",
            game.victory_points(seat)
        );
        ensure!(
            u32::from(game.public_victory_points(seat)) == public,
            "{seat} shows {} public points; the board, chits and awards give {public}",
            game.public_victory_points(seat)
        );
        if !game.is_over() && s.turn > 0 {
            ensure!(
                s.active != seat || u32::from(s.victory_points) > all,
                "{seat} has {all} points on its own turn, the target is {}, and the game goes on",
                s.victory_points
            );
        }
    }
    Ok(())
}

/// B-36 and B-38 (S-16 with ships): who may hold Largest Army and Longest Road, given each
/// seat's route length by brute force.
fn check_awards(game: &Game, lengths: &[usize]) -> Check {
    let s = game.state();
    let knights: Vec<u8> = players(game).iter().map(|p| p.played_knights).collect();
    let most = knights.iter().copied().max().unwrap_or(0);
    match s.largest_army {
        Some(h) => ensure!(
            knights[h.index()] >= 3 && knights[h.index()] == most,
            "{h} holds Largest Army with {} Knights; the most is {most}",
            knights[h.index()]
        ),
        None => ensure!(
            most < 3,
            "nobody holds Largest Army, but a seat has played {most} Knights"
        ),
    }
    let longest = lengths.iter().copied().max().unwrap_or(0);
    let at_longest = lengths.iter().filter(|&&l| l == longest).count();
    match s.longest_road {
        Some(h) => ensure!(
            lengths[h.index()] >= 5 && lengths[h.index()] == longest,
            "{h} holds Longest Road with a route of {}; the longest is {longest} (lengths {lengths:?})",
            lengths[h.index()]
        ),
        None => ensure!(
            longest < 5 || at_longest > 1,
            "Longest Road is set aside, but one seat alone has the longest route, {longest} \
             (lengths {lengths:?})"
        ),
    }
    Ok(())
}

/// S-19 and the scenario's special victory points (SC1-5, SC2-4, SC4-4): each seat's chits
/// lie under its own buildings and add up to its special points; no seat scores an area
/// twice; and the points are what the board alone gives: a first settlement in each
/// scoring area (SC2: each island without a starting settlement of the seat). `home` is
/// each seat's buildings at the end of setup, `None` during setup.
fn check_special(game: &Game, rules: &MapRules, home: Option<&[Vec<Corner>]>) -> Check {
    let s = game.state();
    let t = game.topology();
    let chits = &s.chits[..s.chit_count as usize];
    for c in chits {
        ensure!(
            c.seat.0 < s.seats,
            "a chit belongs to {}, who is not at the table",
            c.seat
        );
    }
    for (i, p) in players(game).iter().enumerate() {
        let seat = Seat(i as u8);
        let mine: Vec<(Corner, u8)> = chits
            .iter()
            .filter(|c| c.seat == seat)
            .map(|c| (t.corner(c.corner), c.value))
            .collect();
        let sum: u32 = mine.iter().map(|(_, v)| u32::from(*v)).sum();
        ensure!(
            sum == u32::from(p.special_vp),
            "{seat} has {} special victory points, but its chits add up to {sum} (S-19)",
            p.special_vp
        );
        let buildings = corners_of(game, p.buildings());
        for (c, v) in &mine {
            ensure!(
                buildings.contains(c),
                "{seat}'s chit on {c} lies under none of its buildings (S-19)"
            );
            ensure!(*v > 0, "{seat}'s chit on {c} is worth nothing");
        }
        let (areas, value) = match &rules.special {
            Special::None => {
                ensure!(
                    mine.is_empty(),
                    "{seat} has chits {mine:?}, but this scenario awards none"
                );
                continue;
            }
            Special::PerArea { areas, value } => (areas, *value),
            Special::Foreign { islands, .. } => (islands, 0),
        };
        let areas_at = |c: &Corner| -> Vec<usize> {
            (0..areas.len()).filter(|&k| areas[k].contains(c)).collect()
        };
        let mut scored: Vec<usize> = Vec::new();
        for (c, _) in &mine {
            let at = areas_at(c);
            ensure!(!at.is_empty(), "{seat}'s chit on {c} is in no scoring area");
            for k in at {
                ensure!(
                    !scored.contains(&k),
                    "{seat} has scored area {k} twice: chits {mine:?}"
                );
                scored.push(k);
            }
        }
        let Some(home) = home else {
            ensure!(
                mine.is_empty(),
                "{seat} has chits {mine:?} during setup: setup earns none"
            );
            continue;
        };
        let mut settled: Vec<usize> = buildings.iter().flat_map(areas_at).collect();
        settled.sort();
        settled.dedup();
        let (mut earned, expected) = match &rules.special {
            Special::Foreign { first, further, .. } => {
                let homes: Vec<usize> = home[i].iter().flat_map(areas_at).collect();
                let foreign: Vec<usize> = settled
                    .iter()
                    .copied()
                    .filter(|k| !homes.contains(k))
                    .collect();
                let points = match foreign.len() as u32 {
                    0 => 0,
                    k => first + further * (k - 1),
                };
                (foreign, points)
            }
            _ => (settled.clone(), value * settled.len() as u32),
        };
        earned.sort();
        scored.sort();
        ensure!(
            scored == earned && sum == expected,
            "{seat} has chits {mine:?} ({sum} points) for areas {scored:?}; its buildings \
             {buildings:?} earn areas {earned:?}, {expected} points"
        );
    }
    Ok(())
}

/// SC1-3, SC3-4, SC4-3: every starting settlement stands in the scenario's setup areas.
fn check_setup_areas(rules: &MapRules, home: &[Vec<Corner>]) -> Check {
    if let Some(allowed) = &rules.setup_corners {
        for (i, corners) in home.iter().enumerate() {
            for c in corners {
                ensure!(
                    allowed.contains(c),
                    "seat {i}'s starting settlement on {c} is outside the setup areas"
                );
            }
        }
    }
    Ok(())
}

/// SC3-2, SC3-6: the fog stack holds one hex for each position still unrevealed and a
/// number for each land hex in it; the hex chance must turn over is the piece's fog hex of
/// lowest r, then lowest q.
fn check_fog(game: &Game, ground: &Ground) -> Check {
    let s = game.state();
    let t = game.topology();
    let board = game.board();
    let fog = board
        .hexes
        .iter()
        .filter(|h| h.terrain == Terrain::Fog)
        .count();
    let tiles: usize = s.fog_hexes_left.iter().map(|&n| usize::from(n)).sum();
    ensure!(
        tiles == fog,
        "the fog stack holds {tiles} hexes for {fog} unrevealed positions"
    );
    let numbered: usize = Terrain::ALL
        .iter()
        .zip(s.fog_hexes_left.iter())
        .filter(|(terrain, _)| terrain.resource().is_some() || **terrain == Terrain::Gold)
        .map(|(_, &n)| usize::from(n))
        .sum();
    let numbers: usize = s.fog_numbers_left.iter().map(|&n| usize::from(n)).sum();
    ensure!(
        numbers >= numbered,
        "the fog stack holds {numbered} land hexes but {numbers} numbers for them"
    );
    ensure!(
        s.fog_hexes_left[Terrain::ALL
            .iter()
            .position(|&x| x == Terrain::Fog)
            .unwrap()]
            == 0,
        "the fog stack holds fog"
    );
    if let Phase::Revealing { edge, .. } = s.phase {
        let e = t.edge(edge);
        let due = e
            .corners()
            .iter()
            .flat_map(|c| c.hexes())
            .filter(|h| ground.side(*h) == Side::Fog)
            .min_by_key(|h| (h.r, h.q));
        let Some(due) = due else {
            return Err(format!(
                "revealing fog for the piece on {e}, which touches none"
            ));
        };
        let hex = match game.to_act() {
            ToAct::Chance(ChanceKind::FogHex { hex }) => hex,
            other => return Err(format!("revealing fog, but {other:?} must act")),
        };
        ensure!(
            t.hex(hex) == due,
            "chance is to reveal {} for the piece on {e}, but the fog hex due is {due} \
             (lowest r, then q)",
            t.hex(hex)
        );
        // SC3-2, SC3-6: any hex of the stack may come up, land with any number left (none
        // once they run out), sea with none; each as likely as the tiles and tokens left.
        let mut expected: Vec<(Action, u32)> = Vec::new();
        for (terrain, &tiles) in Terrain::ALL.iter().zip(s.fog_hexes_left.iter()) {
            let numbered = terrain.resource().is_some() || *terrain == Terrain::Gold;
            if tiles == 0 {
                continue;
            }
            if numbered && numbers > 0 {
                for (n, &tokens) in s.fog_numbers_left.iter().enumerate() {
                    if tokens > 0 {
                        let number = Some(n as u8);
                        let action = Action::RevealFog {
                            hex,
                            terrain: *terrain,
                            number,
                        };
                        expected.push((action, u32::from(tiles) * u32::from(tokens)));
                    }
                }
            } else {
                let action = Action::RevealFog {
                    hex,
                    terrain: *terrain,
                    number: None,
                };
                expected.push((action, u32::from(tiles)));
            }
        }
        let mut outcomes = game.chance_outcomes();
        let key = |(a, w): &(Action, u32)| format!("{a:?} {w}");
        outcomes.sort_by_key(key);
        expected.sort_by_key(key);
        ensure!(
            outcomes == expected,
            "chance may reveal {outcomes:?}; the stacks give {expected:?}"
        );
    }
    Ok(())
}

/// SC3-6: outside a reveal, no road or ship touches unrevealed fog. (The piece that wins the
/// game reveals nothing: the game ends at once, B-42.)
fn check_pieces_beside_fog(game: &Game, ground: &Ground) -> Check {
    let s = game.state();
    let fog = game.board().hexes.iter().any(|h| h.terrain == Terrain::Fog);
    if fog && !matches!(s.phase, Phase::Revealing { .. } | Phase::Over) {
        for (i, p) in players(game).iter().enumerate() {
            for (what, set) in [("road", p.roads), ("ship", p.ships)] {
                for e in edges_of(game, set) {
                    let touched = e
                        .corners()
                        .iter()
                        .flat_map(|c| c.hexes())
                        .find(|h| ground.side(*h) == Side::Fog);
                    if let Some(h) = touched {
                        return Err(format!(
                            "seat {i}'s {what} on {e} touches the fog hex {h}, which was never \
                             revealed (SC3-6)"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// S-18, D-S-4: gold picks are made at once, in seat order from the active seat, from a bank
/// that holds cards; nobody owes picks otherwise.
fn check_gold(game: &Game) -> Check {
    let s = game.state();
    match s.phase {
        Phase::PickingGold => {
            let picker = (0..s.seats)
                .map(|i| Seat((s.active.0 + i) % s.seats))
                .find(|&x| s.player(x).gold_owed > 0)
                .ok_or("picking gold, but nobody is owed a pick")?;
            ensure!(
                game.to_act() == ToAct::Seats(SeatSet::one(picker)),
                "{picker} is the first owed gold from the active seat on, but {:?} must act",
                game.to_act()
            );
            ensure!(
                !s.bank.is_empty(),
                "picking gold from an empty bank: those picks are lost (D-S-4)"
            );
            let owed = u32::from(s.player(picker).gold_owed).min(s.bank.total());
            let range = game.legal_actions(picker).gold;
            ensure!(
                range.is_some_and(|r| u32::from(r.count) == owed && r.from == s.bank),
                "{picker} owes {owed} gold picks from the bank {}, but its range is {range:?}",
                s.bank
            );
        }
        // A reveal may owe a pick until the last hex is turned (SC3-6); a second starting
        // settlement beside gold owes one until its road or ship is down.
        Phase::Revealing { .. } | Phase::SetupRoad { .. } => {}
        _ => {
            for seat in s.seat_ids() {
                let owed = s.player(seat).gold_owed;
                ensure!(
                    owed == 0,
                    "{seat} is owed {owed} gold picks while {} (S-18, D-S-4, D-S-5: picks are \
                     made when earned)",
                    game.describe_phase()
                );
            }
        }
    }
    Ok(())
}

/// The board changes only where fog is revealed, and a revealed hex never changes again, or
/// where a harbor token is placed before setup.
fn check_board_change(before: &Game, after: &Game, action: Action) -> Check {
    if std::ptr::eq(before.board(), after.board()) {
        return Ok(());
    }
    let mut expected = before.board().clone();
    if let Action::RevealFog {
        hex,
        terrain,
        number,
    } = action
    {
        let i = hex.index();
        ensure!(
            i < expected.hexes.len() && expected.hexes[i].terrain == Terrain::Fog,
            "{action:?} turned over a hex that is not fog"
        );
        expected.hexes[i].terrain = terrain;
        expected.hexes[i].number = number;
    }
    // A harbor token placed before setup (SC9-3): the one in hand, on a site that was legal,
    // and the robber and the pirate still beside the board (SC9-5).
    if let Action::PlaceHarbor(edge) = action {
        let kind = before.state().harbor_tokens.in_hand;
        ensure!(kind.is_some(), "{action:?} without a token in hand");
        ensure!(
            before.harbor_sites().contains(edge.index()),
            "{action:?} on an edge that takes no harbor"
        );
        ensure!(
            after.state().robber.is_none() && after.state().pirate.is_none(),
            "the robber or the pirate is on the board while the harbors are placed"
        );
        expected.harbors.push(settlers_core::map::Harbor {
            edge: before.topology().edge(edge),
            kind: kind.unwrap(),
        });
    }
    ensure!(
        after.board() == &expected,
        "{action:?} changed the board beyond the fog it reveals:\nbefore {:?}\nafter  {:?}",
        before.board(),
        after.board()
    );
    Ok(())
}

/// SC3-6: a reveal draws one hex (and a number for land) from the stacks, puts them on the
/// hex due, and gives the discoverer one card of its resource from the bank, or a gold
/// pick; sea and desert give nothing.
fn check_reveal(before: &Game, after: &Game, action: Action) -> Check {
    let Action::RevealFog {
        hex,
        terrain,
        number,
    } = action
    else {
        return Ok(());
    };
    let (b, a) = (before.state(), after.state());
    let Phase::Revealing { seat, .. } = b.phase else {
        return Err(format!("{action:?} was accepted outside a reveal"));
    };
    let name = before.topology().hex(hex);
    let shown = after.board().hex(name).map(|h| (h.terrain, h.number));
    ensure!(
        shown == Some((terrain, number)),
        "{name} was revealed as {terrain} {number:?}, but the board shows {shown:?}"
    );
    let k = Terrain::ALL.iter().position(|&x| x == terrain).unwrap();
    let mut left = b.fog_hexes_left;
    ensure!(
        left[k] > 0,
        "{terrain} was revealed from a stack without one"
    );
    left[k] -= 1;
    ensure!(
        a.fog_hexes_left == left,
        "revealing {terrain}: the fog stack went from {:?} to {:?}",
        b.fog_hexes_left,
        a.fog_hexes_left
    );
    let mut numbers = b.fog_numbers_left;
    if let Some(n) = number {
        ensure!(
            numbers.get(n as usize).is_some_and(|&k| k > 0),
            "number {n} was revealed from a stack without one"
        );
        numbers[n as usize] -= 1;
    }
    ensure!(
        a.fog_numbers_left == numbers,
        "revealing {terrain} {number:?}: the numbers went from {:?} to {:?}",
        b.fog_numbers_left,
        a.fog_numbers_left
    );
    let takes_number = terrain.resource().is_some() || terrain == Terrain::Gold;
    let numbers_left = b.fog_numbers_left.iter().any(|&n| n > 0);
    ensure!(
        number.is_some() == (takes_number && numbers_left),
        "{terrain} was revealed with the number {number:?} (SC3-6: land takes the top number, \
         sea none)"
    );
    let mut hand = b.player(seat).hand;
    let mut bank = b.bank;
    if let Some(r) = terrain.resource()
        && b.bank.get(r) > 0
    {
        *hand.get_mut(r) += 1;
        bank = bank_after_giving(before, bank, &Resources::one(r));
    }
    ensure!(
        a.player(seat).hand == hand && a.bank == bank,
        "{seat} revealed {terrain}: its hand went from {} to {} and the bank from {} to {}; \
         the reward is one card of the hex's resource while the bank has one",
        b.player(seat).hand,
        a.player(seat).hand,
        b.bank,
        a.bank
    );
    for other in b.seat_ids().filter(|&o| o != seat) {
        ensure!(
            a.player(other).hand == b.player(other).hand,
            "{other}'s hand changed when {seat} revealed fog"
        );
    }
    let owed = b.player(seat).gold_owed + u8::from(terrain == Terrain::Gold);
    ensure!(
        a.player(seat).gold_owed == owed || (a.bank.is_empty() && a.player(seat).gold_owed == 0),
        "{seat} revealed {terrain} and is owed {} gold picks, not {owed}",
        a.player(seat).gold_owed
    );
    Ok(())
}

/// What the bank holds after giving `cards`: an unlimited bank stays as it is.
fn bank_after_giving(game: &Game, bank: Resources, cards: &Resources) -> Resources {
    let mut bank = bank;
    if !game.config().options.unlimited_bank {
        bank.subtract(cards);
    }
    bank
}

/// S-18 and D-S-4 on the cards: a pick takes exactly the cards chosen out of the bank and
/// settles what was owed; a roll owes a pick for each settlement and two for each city on
/// its gold fields, unless the robber stands there.
fn check_gold_change(before: &Game, after: &Game, action: Action) -> Check {
    let (b, a) = (before.state(), after.state());
    match action {
        Action::PickResources(cards) => {
            let seat = match before.to_act() {
                ToAct::Seats(w) if w.len() == 1 => w.iter().next().unwrap(),
                other => return Err(format!("a gold pick was accepted while {other:?} act")),
            };
            let owed = u32::from(b.player(seat).gold_owed).min(b.bank.total());
            ensure!(
                cards.total() == owed,
                "{seat} picked {cards} for {owed} gold picks"
            );
            let mut hand = b.player(seat).hand;
            hand.add(&cards);
            let bank = bank_after_giving(before, b.bank, &cards);
            ensure!(
                a.player(seat).hand == hand && a.bank == bank && a.player(seat).gold_owed == 0,
                "{seat} picked {cards}: hand {} → {}, bank {} → {}, owed {} → {}",
                b.player(seat).hand,
                a.player(seat).hand,
                b.bank,
                a.bank,
                b.player(seat).gold_owed,
                a.player(seat).gold_owed
            );
        }
        Action::Dice(x, y) if x + y != 7 => {
            let t = before.topology();
            let robber = b.robber.map(|h| t.hex(h));
            let gold: Vec<Hex> = before
                .board()
                .hexes
                .iter()
                .filter(|h| h.terrain == Terrain::Gold && h.number == Some(x + y))
                .filter(|h| Some(h.hex) != robber)
                .map(|h| h.hex)
                .collect();
            for seat in b.seat_ids() {
                let p = b.player(seat);
                let (settlements, cities) = (
                    corners_of(before, p.settlements),
                    corners_of(before, p.cities),
                );
                let earned: usize = gold
                    .iter()
                    .flat_map(|h| h.corners())
                    .map(|c| {
                        usize::from(settlements.contains(&c)) + 2 * usize::from(cities.contains(&c))
                    })
                    .sum();
                let owed = usize::from(p.gold_owed) + earned;
                let now = usize::from(a.player(seat).gold_owed);
                ensure!(
                    now == owed || (a.bank.is_empty() && now == 0),
                    "a roll of {}: {seat} is owed {now} gold picks; its buildings on gold \
                     fields {gold:?} earn {earned} (S-18)",
                    x + y
                );
            }
        }
        _ => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Routes and ships by brute force.

/// A road or a ship, as a trail sees it.
#[derive(Clone, Copy, Debug)]
struct Piece {
    ends: [Corner; 2],
    ship: bool,
}

/// Each seat's longest trade route (S-16; B-37 in the base game): roads and ships, blocked
/// by its opponents' buildings, joined road to ship only at its own buildings.
fn brute_force_lengths(game: &Game) -> Vec<usize> {
    let pieces = BoardPieces::of(game);
    (0..pieces.buildings.len())
        .map(|i| route_length_of(&pieces, i))
        .collect()
}

fn route_length_of(pieces: &BoardPieces, i: usize) -> usize {
    let blocked: Vec<Corner> = (0..pieces.buildings.len())
        .filter(|&j| j != i)
        .flat_map(|j| pieces.buildings[j].iter().copied())
        .collect();
    let route: Vec<Piece> = pieces.roads[i]
        .iter()
        .map(|e| Piece {
            ends: e.corners(),
            ship: false,
        })
        .chain(pieces.ships[i].iter().map(|e| Piece {
            ends: e.corners(),
            ship: true,
        }))
        .collect();
    longest_route(&route, &pieces.buildings[i], &blocked)
}

/// B-37, S-16: the engine's road length is the brute force's longest route.
fn check_road_lengths(game: &Game, lengths: &[usize]) -> Check {
    for (i, &expected) in lengths.iter().enumerate() {
        let seat = Seat(i as u8);
        let found = game.road_length_of(seat);
        let p = game.state().player(seat);
        ensure!(
            usize::from(found) == expected,
            "{seat}'s road length is {found}, but its longest route is {expected}: roads {:?}, \
             ships {:?}",
            edges_of(game, p.roads),
            edges_of(game, p.ships)
        );
    }
    Ok(())
}

/// The longest sequence of distinct roads (no ships), each sharing a corner with the next,
/// that never passes through a blocked corner (it may start or end at one).
fn longest_trail(roads: &[Edge], blocked: &[Corner]) -> usize {
    let pieces: Vec<Piece> = roads
        .iter()
        .map(|e| Piece {
            ends: e.corners(),
            ship: false,
        })
        .collect();
    longest_route(&pieces, &[], blocked)
}

/// The longest sequence of distinct pieces, each sharing a corner with the next, that never
/// passes through a blocked corner (it may start or end at one), and that steps from a road
/// to a ship or back only at one of `own` corners (S-9). Plain vectors: the sets are a
/// handful of pieces.
fn longest_route(pieces: &[Piece], own: &[Corner], blocked: &[Corner]) -> usize {
    fn extend(
        corner: Corner,
        ship: bool,
        pieces: &[Piece],
        own: &[Corner],
        blocked: &[Corner],
        used: &mut [bool],
    ) -> usize {
        if blocked.contains(&corner) {
            return 0;
        }
        let switch = own.contains(&corner);
        let mut best = 0;
        for (j, p) in pieces.iter().enumerate() {
            if used[j] || !p.ends.contains(&corner) || (p.ship != ship && !switch) {
                continue;
            }
            let next = if p.ends[0] == corner {
                p.ends[1]
            } else {
                p.ends[0]
            };
            used[j] = true;
            best = best.max(1 + extend(next, p.ship, pieces, own, blocked, used));
            used[j] = false;
        }
        best
    }
    let mut used = vec![false; pieces.len()];
    let mut best = 0;
    for (i, p) in pieces.iter().enumerate() {
        // Every trail starts along some piece in one of its two directions; leaving a
        // blocked corner is allowed, as a trail may end at one.
        for to in [p.ends[1], p.ends[0]] {
            used[i] = true;
            best = best.max(1 + extend(to, p.ship, pieces, own, blocked, &mut used));
            used[i] = false;
        }
    }
    best
}

/// Each seat's closed ships (S-12, D-S-2).
fn brute_force_closed(game: &Game) -> Vec<Vec<Edge>> {
    let pieces = BoardPieces::of(game);
    (0..pieces.buildings.len())
        .map(|i| closed_ships_of(&pieces, i))
        .collect()
}

fn closed_ships_of(pieces: &BoardPieces, i: usize) -> Vec<Edge> {
    let occupied: Vec<Corner> = pieces.buildings.iter().flatten().copied().collect();
    closed_ships(&pieces.ships[i], &pieces.buildings[i], &occupied)
}

/// The ships lying on a simple chain of ships from one of `own` corners to a different
/// one, through corners holding no building at all (`occupied` holds every building).
fn closed_ships(ships: &[Edge], own: &[Corner], occupied: &[Corner]) -> Vec<Edge> {
    struct Walk<'a> {
        ships: &'a [Edge],
        own: &'a [Corner],
        occupied: &'a [Corner],
        visited: Vec<Corner>,
        path: Vec<usize>,
        closed: Vec<bool>,
    }
    impl Walk<'_> {
        fn from(&mut self, at: Corner) {
            for j in 0..self.ships.len() {
                let [a, b] = self.ships[j].corners();
                if self.path.contains(&j) || (a != at && b != at) {
                    continue;
                }
                let next = if a == at { b } else { a };
                if self.visited.contains(&next) {
                    // A chain never comes back to a corner: a ring home closes nothing.
                    continue;
                }
                if self.own.contains(&next) {
                    for &k in &self.path {
                        self.closed[k] = true;
                    }
                    self.closed[j] = true;
                } else if !self.occupied.contains(&next) {
                    self.visited.push(next);
                    self.path.push(j);
                    self.from(next);
                    self.path.pop();
                    self.visited.pop();
                }
            }
        }
    }
    let mut walk = Walk {
        ships,
        own,
        occupied,
        visited: Vec::new(),
        path: Vec::new(),
        closed: vec![false; ships.len()],
    };
    for &home in own {
        walk.visited = vec![home];
        walk.from(home);
    }
    let mut out: Vec<Edge> = (0..ships.len())
        .filter(|&j| walk.closed[j])
        .map(|j| ships[j])
        .collect();
    out.sort();
    out
}

/// S-12: the engine's closed ships are the brute force's.
fn check_closed_ships(game: &Game, closed: &[Vec<Edge>]) -> Check {
    for (i, expected) in closed.iter().enumerate() {
        let seat = Seat(i as u8);
        let mut found = edges_of(game, game.closed_ships(seat));
        found.sort();
        ensure!(
            &found == expected,
            "{seat}'s closed ships are {found:?}, but the brute force finds {expected:?} \
             among its ships {:?}",
            edges_of(game, game.state().player(seat).ships)
        );
    }
    Ok(())
}

/// Two lists as sets, saying what one has and the other lacks.
fn same_set(what: &str, mut listed: Vec<String>, mut expected: Vec<String>) -> Check {
    listed.sort();
    expected.sort();
    if listed == expected {
        return Ok(());
    }
    let extra: Vec<&String> = listed.iter().filter(|x| !expected.contains(x)).collect();
    let missing: Vec<&String> = expected.iter().filter(|x| !listed.contains(x)).collect();
    Err(format!(
        "{what}: listed but not legal by the rules {extra:?}; legal by the rules but not \
         listed {missing:?}"
    ))
}

/// The build, move, robber and pirate lists of the seats to act, by brute force from the
/// rules and the text geometry: settlements (B-17, B-20, S-10, setup areas), cities, roads
/// (B-18, B-19, S-8, S-9), ships (S-5 to S-7, S-14.4, S-20), ship moves (S-12, S-13,
/// D-S-3, D-S-12), the robber and the pirate with their victims (B-27.4, S-14, S-15).
fn check_build_lists(
    game: &Game,
    ground: &Ground,
    rules: &MapRules,
    closed: &[Vec<Edge>],
    turn: &TurnLog,
) -> Check {
    let ToAct::Seats(waiting) = game.to_act() else {
        return Ok(());
    };
    let s = game.state();
    let t = game.topology();
    let board = game.board();
    let ships_on = board.game.as_deref() == Some("seafarers");
    let pieces = BoardPieces::of(game);
    let (edges, corners) = (&ground.edges, &ground.corners);
    let pirate_edges: Vec<Edge> = s
        .pirate
        .map(|h| t.hex(h).edges().to_vec())
        .unwrap_or_default();
    let free = |c: Corner| {
        ground.land_corner(c)
            && pieces.owner(c).is_none()
            && c.neighbours().iter().all(|n| pieces.owner(*n).is_none())
    };
    let touches = |set: &[Edge], x: Corner, except: Option<Edge>| {
        set.iter()
            .any(|e| Some(*e) != except && e.corners().contains(&x))
    };
    let road_sites = |i: usize| -> Vec<Edge> {
        edges
            .iter()
            .copied()
            .filter(|&e| ground.takes_road(e) && !pieces.taken(e, None))
            .filter(|e| {
                e.corners().iter().any(|&x| match pieces.owner(x) {
                    Some(o) => o == i,
                    None => touches(&pieces.roads[i], x, None),
                })
            })
            .collect()
    };
    let ship_sites = |i: usize, without: Option<Edge>| -> Vec<Edge> {
        edges
            .iter()
            .copied()
            .filter(|&e| Some(e) != without && ground.takes_ship(e))
            .filter(|&e| !pieces.taken(e, without) && !pirate_edges.contains(&e))
            .filter(|e| {
                e.corners().iter().any(|&x| match pieces.owner(x) {
                    Some(o) => o == i,
                    None => touches(&pieces.ships[i], x, without),
                })
            })
            .collect()
    };
    for seat in waiting.iter() {
        let i = seat.index();
        let p = s.player(seat);
        let legal = game.legal_actions(seat);
        let mut listed: [Vec<String>; 6] = Default::default();
        for a in &legal.actions {
            let (k, text) = match *a {
                Action::BuildSettlement(c) => (0, t.corner(c).to_string()),
                Action::BuildCity(c) => (1, t.corner(c).to_string()),
                Action::BuildRoad(e) => (2, t.edge(e).to_string()),
                Action::BuildShip(e) => (3, t.edge(e).to_string()),
                Action::MoveShip { from, to } => (4, format!("{}→{}", t.edge(from), t.edge(to))),
                Action::MoveRobber { hex, victim } => {
                    (5, format!("robber {} {victim:?}", t.hex(hex)))
                }
                Action::MovePirate { hex, victim } => {
                    (5, format!("pirate {} {victim:?}", t.hex(hex)))
                }
                _ => continue,
            };
            listed[k].push(text);
        }
        let mut expected: [Vec<String>; 6] = Default::default();
        let names = |v: Vec<Edge>| -> Vec<String> { v.iter().map(|e| e.to_string()).collect() };
        let hand = p.hand;
        let active = seat == s.active;
        match s.phase {
            Phase::SetupSettlement if active => {
                expected[0] = corners
                    .iter()
                    .filter(|&&c| free(c))
                    .filter(|c| rules.setup_corners.as_ref().is_none_or(|a| a.contains(c)))
                    .map(|c| c.to_string())
                    .collect();
            }
            Phase::SetupRoad { settlement } if active => {
                let at = t.corner(settlement);
                let around: Vec<Edge> = at
                    .edges()
                    .into_iter()
                    .filter(|e| edges.contains(e) && !pieces.taken(*e, None))
                    .collect();
                expected[2] = names(
                    around
                        .iter()
                        .copied()
                        .filter(|e| ground.takes_road(*e))
                        .collect(),
                );
                if ships_on {
                    expected[3] = names(
                        around
                            .iter()
                            .copied()
                            .filter(|e| ground.takes_ship(*e) && !pirate_edges.contains(e))
                            .collect(),
                    );
                }
            }
            Phase::Main if active => {
                if p.settlements.len() < SETTLEMENTS && hand.covers(&cost::SETTLEMENT_COST) {
                    expected[0] = corners
                        .iter()
                        .filter(|&&c| free(c))
                        .filter(|&&c| {
                            touches(&pieces.roads[i], c, None) || touches(&pieces.ships[i], c, None)
                        })
                        .map(|c| c.to_string())
                        .collect();
                }
                if p.cities.len() < CITIES && hand.covers(&cost::CITY_COST) {
                    expected[1] = corners_of(game, p.settlements)
                        .iter()
                        .map(|c| c.to_string())
                        .collect();
                }
                if p.roads.len() < ROADS && hand.covers(&cost::ROAD_COST) {
                    expected[2] = names(road_sites(i));
                }
                if ships_on && p.ships.len() < SHIPS && hand.covers(&cost::SHIP_COST) {
                    expected[3] = names(ship_sites(i, None));
                }
                if ships_on && turn.moves == 0 {
                    let no_closed = Vec::new();
                    let closed = closed.get(i).unwrap_or(&no_closed);
                    for &ship in &pieces.ships[i] {
                        // S-13.4: a corner holding none of the seat's buildings where no other
                        // of its ships joins (an opponent's building parts ships).
                        let open_end = ship.corners().iter().any(|&x| match pieces.owner(x) {
                            Some(o) => o != i,
                            None => !touches(&pieces.ships[i], x, Some(ship)),
                        });
                        if turn.placed.contains(&ship)
                            || pirate_edges.contains(&ship)
                            || closed.contains(&ship)
                            || !open_end
                        {
                            continue;
                        }
                        for to in ship_sites(i, Some(ship)) {
                            expected[4].push(format!("{ship}→{to}"));
                        }
                    }
                }
            }
            Phase::BuildingRoads { .. } if active => {
                if p.roads.len() < ROADS {
                    expected[2] = names(road_sites(i));
                }
                if ships_on && p.ships.len() < SHIPS {
                    expected[3] = names(ship_sites(i, None));
                }
            }
            Phase::MovingRobber if active => {
                let robber = s.robber.map(|h| t.hex(h));
                let pirate = s.pirate.map(|h| t.hex(h));
                for h in &board.hexes {
                    let hex = h.hex;
                    let (who, on) = match ground.side(hex) {
                        Side::Land if Some(hex) != robber => ("robber", true),
                        Side::Sea if ships_on && Some(hex) != pirate => ("pirate", false),
                        _ => continue,
                    };
                    let victims: Vec<usize> = (0..pieces.buildings.len())
                        .filter(|&o| o != i && !s.player(Seat(o as u8)).hand.is_empty())
                        .filter(|&o| {
                            if on {
                                hex.corners()
                                    .iter()
                                    .any(|c| pieces.buildings[o].contains(c))
                            } else {
                                hex.edges().iter().any(|e| pieces.ships[o].contains(e))
                            }
                        })
                        .collect();
                    if victims.is_empty() {
                        expected[5].push(format!("{who} {hex} None"));
                    }
                    for o in victims {
                        expected[5].push(format!("{who} {hex} {:?}", Some(Seat(o as u8))));
                    }
                }
            }
            _ => {}
        }
        let kinds = [
            "settlements",
            "cities",
            "roads",
            "ships",
            "ship moves",
            "robber and pirate moves",
        ];
        for (k, what) in kinds.iter().enumerate() {
            same_set(
                &format!("{seat}'s {what} ({})", game.describe_phase()),
                std::mem::take(&mut listed[k]),
                std::mem::take(&mut expected[k]),
            )?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Hidden information.

/// The development cards' names, which mark a set of them in a view as resources' names mark
/// a hand.
const CARD_NAMES: [&str; 5] = [
    "knight",
    "victory_point",
    "road_building",
    "year_of_plenty",
    "monopoly",
];

/// Each seat's view holds its own hand and cards and nobody else's; the spectator's holds no
/// hand; no view holds the deck's contents or the fog stacks; an unrevealed hex shows as fog
/// in every view; each view shows the points its viewer may know, every chit, each seat's
/// ships, closed ships and route length.
fn check_views(
    game: &Game,
    lengths: &[usize],
    closed: &[Vec<Edge>],
    viewers: &[Option<Seat>],
) -> Check {
    let s = game.state();
    let chits: Vec<Value> = s.chits[..s.chit_count as usize]
        .iter()
        .map(|c| {
            serde_json::json!({
                "seat": c.seat.0,
                "corner": game.topology().corner(c.corner).to_string(),
                "value": c.value,
            })
        })
        .collect();
    for &viewer in viewers {
        let (view, json, who) = view_of(game, viewer)?;
        ensure!(
            view.hand().is_some() == viewer.is_some()
                && view.development_cards().is_some() == viewer.is_some(),
            "{who}'s view answers hand() or development_cards() wrongly"
        );
        ensure!(
            json["development_deck"].as_u64() == Some(u64::from(s.deck.total())),
            "{who}'s view shows the deck as {}, not its size",
            json["development_deck"]
        );
        ensure!(
            json["bank"] == serde_json::to_value(s.bank).unwrap(),
            "{who}'s view shows the bank wrong"
        );
        ensure!(
            json["chits"] == Value::Array(chits.clone()),
            "{who}'s view shows the chits as {}, not {chits:?} (S-19: chits are public)",
            json["chits"]
        );
        let list = json["players"]
            .as_array()
            .ok_or_else(|| format!("{who}'s view has no players: {json}"))?;
        ensure!(
            list.len() == s.seats as usize,
            "{who}'s view lists {} players",
            list.len()
        );
        for (i, p) in list.iter().enumerate() {
            let seat = Seat(i as u8);
            let own = viewer == Some(seat);
            let st = s.player(seat);
            for key in ["hand", "development_cards", "new_development_cards"] {
                ensure!(
                    p.get(key).is_some() == own,
                    "{who}'s view {} {seat}'s {key}",
                    if own { "lacks" } else { "shows" }
                );
            }
            if own {
                ensure!(
                    p["hand"] == serde_json::to_value(st.hand).unwrap(),
                    "{who}'s view shows its hand as {}, not {}",
                    p["hand"],
                    st.hand
                );
                ensure!(
                    p["development_cards"] == serde_json::to_value(st.cards).unwrap()
                        && p["new_development_cards"]
                            == serde_json::to_value(st.new_cards).unwrap(),
                    "{who}'s view shows its development cards wrong"
                );
            }
            ensure!(
                p["resource_count"].as_u64() == Some(u64::from(st.hand.total())),
                "{who}'s view counts {seat}'s cards wrong"
            );
            ensure!(
                p["development_card_count"].as_u64()
                    == Some(u64::from(st.cards.total() + st.new_cards.total())),
                "{who}'s view counts {seat}'s development cards wrong"
            );
            let points = expected_points(game, seat, own || game.is_over());
            ensure!(
                p["victory_points"].as_u64() == Some(u64::from(points)),
                "{who}'s view shows {} points for {seat}, it should show {points}{}",
                p["victory_points"],
                if own || game.is_over() {
                    ""
                } else {
                    " (without hidden Victory Point cards)"
                }
            );
            ensure!(
                p["special_victory_points"].as_u64() == Some(u64::from(chit_points(game, seat))),
                "{who}'s view shows {} special victory points for {seat}, its chits give {}",
                p["special_victory_points"],
                chit_points(game, seat)
            );
            let edges_in = |key: &str| -> Vec<String> {
                let mut out: Vec<String> = p[key]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|e| e.as_str().map(String::from))
                    .collect();
                out.sort();
                out
            };
            let texts = |edges: &[Edge]| -> Vec<String> {
                let mut out: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
                out.sort();
                out
            };
            ensure!(
                edges_in("ships") == texts(&edges_of(game, st.ships)),
                "{who}'s view shows {seat}'s ships as {}",
                p["ships"]
            );
            ensure!(
                edges_in("closed_ships") == texts(&closed[i]),
                "{who}'s view shows {seat}'s closed ships as {}, the brute force finds {:?}",
                p["closed_ships"],
                closed[i]
            );
            ensure!(
                p["road_length"].as_u64() == Some(lengths[i] as u64),
                "{who}'s view shows {seat}'s route as {}, the brute force finds {}",
                p["road_length"],
                lengths[i]
            );
        }
        // The map is the public board: fog shows as fog, and the stacks are in no view.
        let pools = &json["map"]["pools"];
        ensure!(
            pools.is_null() || pools.as_object().is_some_and(|m| m.is_empty()),
            "{who}'s view holds the map's pools: {pools}"
        );
        let mut stacks = Vec::new();
        find_keys(&json, &["fog_hexes", "fog_numbers"], &mut stacks);
        ensure!(
            stacks.is_empty(),
            "{who}'s view has fields about the fog stacks: {stacks:?}"
        );
        let hexes = json["map"]["hexes"]
            .as_array()
            .ok_or_else(|| format!("{who}'s view has no hexes"))?;
        for h in &game.board().hexes {
            let name = h.hex.to_string();
            let shown = hexes
                .iter()
                .find(|x| x["hex"].as_str() == Some(name.as_str()))
                .ok_or_else(|| format!("{who}'s view lacks the hex {name}"))?;
            let number = h.number.map_or(Value::Null, Value::from);
            ensure!(
                shown["terrain"].as_str() == Some(h.terrain.name())
                    && (shown["number"] == number
                        || (shown["number"].is_null() && h.number.is_none())),
                "{who}'s view shows {name} as {shown}, the board has {} {:?}",
                h.terrain,
                h.number
            );
        }
        // Anything shaped like a hand or a set of development cards may appear only where
        // the viewer may see it.
        let mut allowed: Vec<String> =
            vec!["/bank".into(), "/offer/give".into(), "/offer/get".into()];
        // Bank rates look like a hand but are public: they follow from the harbors each seat
        // has built on, which everyone sees. They must be the engine's rates.
        for seat in 0..game.seats() {
            allowed.push(format!("/players/{seat}/bank_rates"));
            for r in Resource::ALL {
                let shown = &json["players"][usize::from(seat)]["bank_rates"][r.name()];
                ensure!(
                    shown.as_u64() == Some(u64::from(game.bank_rate(Seat(seat), r))),
                    "{who}'s view gives seat {seat} a {r} rate of {shown}"
                );
            }
        }
        // What the table can know of each hand and of the development cards it has not seen
        // (card tracking) is shaped like hands too. It follows from public moves alone:
        // settlers-bots/tests/card_tracking.rs checks that it always holds the real hand and
        // that a third party's view is the same whatever a hidden move was.
        allowed.push("/unseen_development_cards".into());
        for seat in 0..game.seats() {
            allowed.push(format!("/players/{seat}/hand_bounds/low"));
            allowed.push(format!("/players/{seat}/hand_bounds/high"));
        }
        check_no_hidden_cards(&json, &CARD_NAMES, viewer, allowed, &who)?;
        // An empty set of cards is `{}`, which the shape test cannot tell apart: no key
        // may name the deck but its size. The map's scenario sheet names which deck the
        // scenario plays with, which is public.
        let mut decks = Vec::new();
        for (key, value) in json.as_object().into_iter().flatten() {
            if key == "map" {
                continue;
            }
            if key.contains("deck") && !(key == "development_deck" && value.is_u64()) {
                decks.push(key.clone());
            }
            find_keys(value, &["deck"], &mut decks);
        }
        ensure!(
            decks.is_empty(),
            "{who}'s view has fields about the deck: {decks:?}"
        );
    }
    Ok(())
}

/// Every seat and the spectator.
fn all_viewers(game: &Game) -> Vec<Option<Seat>> {
    game.state()
        .seat_ids()
        .map(Some)
        .chain(std::iter::once(None))
        .collect()
}

/// Keys containing any of `words`, other than `development_deck` (the deck's size, a number).
fn find_keys(value: &Value, words: &[&str], out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if words.iter().any(|w| k.contains(w)) && !(k == "development_deck" && v.is_u64()) {
                    out.push(k.clone());
                }
                find_keys(v, words, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| find_keys(v, words, out)),
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// The checks themselves: they pass a sound game, and they fail when fed a wrong count.

/// A game of `scenario` played at random until the first trade-and-build step.
fn a_game_in_progress(scenario: &str, seats: u8) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game =
        common::new_game(scenario, seats, None, GameOptions::default(), &mut rng).unwrap();
    let mut legal = LegalActions::default();
    while game.state().phase != Phase::Main {
        let (actor, action) = common::next_move(&game, &mut legal, &mut rng, |seat, legal, rng| {
            choose_for_seat(&game, seat, legal, rng).unwrap()
        })
        .expect("a game in its setup is not over");
        game.apply(actor, action).unwrap();
    }
    game
}

/// A position written as JSON text.
fn game_from(text: &str) -> Game {
    let position = Position::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"))
}

fn edge(name: &str) -> Edge {
    name.parse().unwrap()
}

fn corner(name: &str) -> Corner {
    name.parse().unwrap()
}

#[test]
fn the_trail_brute_force_counts_rings_branches_and_cuts() {
    let edges = |names: &[&str]| -> Vec<Edge> { names.iter().map(|n| edge(n)).collect() };
    let ring: Vec<Edge> = Hex::new(1, 2).edges().to_vec();
    assert_eq!(longest_trail(&ring, &[]), 6);
    // A ring with a spur at one of its corners: the spur and the whole ring.
    let mut spur = ring.clone();
    spur.push(edge("1,1,E"));
    assert_eq!(longest_trail(&spur, &[]), 7);
    let branch = edges(&["0,2,SE", "0,3,NE", "1,2,SE", "0,3,E"]);
    assert_eq!(longest_trail(&branch, &[]), 3);
    let line = edges(&["-1,3,NE", "0,2,SE", "0,3,NE", "1,2,SE", "1,3,NE", "2,2,SE"]);
    assert_eq!(longest_trail(&line, &[]), 6);
    assert_eq!(longest_trail(&line, &[corner("0,3,N")]), 4);
    // A blocked corner at either end of a trail does not shorten it.
    assert_eq!(longest_trail(&line, &[corner("-1,3,N")]), 6);
    assert_eq!(longest_trail(&line, &[corner("2,3,N")]), 6);
    // Blocked inside a ring: the trail runs round from the block back to it.
    assert_eq!(longest_trail(&ring, &[corner("1,2,N")]), 6);
    assert_eq!(longest_trail(&[], &[]), 0);
}

/// Worked example W-F of seafarers.md: roads and ships join only at the seat's own
/// buildings (S-9), and a trail never passes an opponent's (S-16).
#[test]
fn the_trade_route_brute_force_joins_roads_and_ships_only_at_own_buildings() {
    let road = |n: &str| Piece {
        ends: edge(n).corners(),
        ship: false,
    };
    let ship = |n: &str| Piece {
        ends: edge(n).corners(),
        ship: true,
    };
    let pieces = [
        road("2,4,NE"),
        road("2,3,E"),
        ship("3,3,SE"),
        ship("3,4,NE"),
        ship("4,3,SE"),
        ship("4,3,E"),
        ship("2,2,E"),
        ship("2,3,NE"),
    ];
    let (a, b, c, d) = (
        corner("3,3,S"),
        corner("3,1,S"),
        corner("3,2,S"),
        corner("5,2,S"),
    );
    assert_eq!(longest_route(&pieces, &[a, b, d], &[]), 6);
    assert_eq!(longest_route(&pieces, &[a, b, c, d], &[]), 8);
    // An opponent's settlement on C: the roads and B's ships still do not join.
    assert_eq!(longest_route(&pieces, &[a, b, d], &[c]), 6);
    // Without A the roads and the four ships are apart too.
    assert_eq!(longest_route(&pieces, &[b, d], &[]), 4);
    // An opponent's settlement on A cuts the four ships from the roads, and the ships at A
    // from each other.
    assert_eq!(longest_route(&pieces, &[b, d], &[a]), 4);
    assert_eq!(longest_route(&pieces, &[b, c, d], &[a]), 4);
}

/// S-12 as decision D-S-2 puts it, on worked examples W-D and W-E.
#[test]
fn the_closed_ship_brute_force_follows_s12() {
    let edges = |names: &[&str]| -> Vec<Edge> {
        let mut out: Vec<Edge> = names.iter().map(|n| edge(n)).collect();
        out.sort();
        out
    };
    let (a, e) = (corner("3,3,S"), corner("4,3,S"));
    let route = edges(&["3,3,SE", "3,4,NE"]);
    assert!(closed_ships(&route, &[a], &[a]).is_empty());
    assert_eq!(closed_ships(&route, &[a, e], &[a, e]), route);
    // A spur off a closed route stays open.
    let spur = edges(&["3,3,SE", "3,4,NE", "3,3,E"]);
    assert_eq!(closed_ships(&spur, &[a, e], &[a, e]), route);
    // A route ending at an opponent's building is open.
    assert!(closed_ships(&route, &[a], &[a, e]).is_empty());
    // A ring back to the same building closes nothing; with a second building on it, all
    // of it is closed.
    let mut ring = Hex::new(3, 4).edges().to_vec();
    ring.sort();
    let [top, .., bottom] = Hex::new(3, 4).corners();
    assert!(closed_ships(&ring, &[top], &[top]).is_empty());
    assert_eq!(closed_ships(&ring, &[top, bottom], &[top, bottom]), ring);
    // An opponent's building in the middle of the chain cuts it.
    let far = corner("4,4,N");
    let long = edges(&["3,3,SE", "3,4,NE", "4,3,SE", "4,3,E"]);
    let d = corner("5,2,S");
    assert_eq!(closed_ships(&long, &[a, d], &[a, d]), long);
    assert!(closed_ships(&long, &[a, d], &[a, d, far]).is_empty());
}

/// Worked examples W-E and W-F of seafarers.md on the new-shores-4 map: Red (seat 0) in its
/// trade-and-build step.
const WORKED_EXAMPLE: &str = r#"{
  "scenario": "new-shores", "map": "new-shores-4", "phase": "main", "active": 0,
  "players": [
    {"settlements": ["3,3,S"], "ships": ["3,3,SE", "3,4,NE"],
     "hand": {"brick": 2, "lumber": 3, "wool": 3, "grain": 2, "ore": 3}},
    {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}
  ]
}"#;

/// The brute forces of the build lists, routes and closed ships agree with the engine on
/// the worked examples, and the list check fails when told a ship was placed this turn.
#[test]
fn the_brute_forces_agree_with_the_engine_on_the_worked_examples() {
    let game = game_from(WORKED_EXAMPLE);
    let ground = Ground::of(game.board());
    let rules = map_rules(&game).unwrap();
    let closed = brute_force_closed(&game);
    assert_eq!(check_closed_ships(&game, &closed), Ok(()));
    assert_eq!(
        check_road_lengths(&game, &brute_force_lengths(&game)),
        Ok(())
    );
    let sound = TurnLog {
        turn: 1,
        ..TurnLog::default()
    };
    assert_eq!(
        check_build_lists(&game, &ground, &rules, &closed, &sound),
        Ok(())
    );
    // W-E: only 3,4,NE moves, to exactly three edges.
    let t = game.topology();
    let mut moves: Vec<String> = game
        .legal_actions(Seat(0))
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::MoveShip { from, to } => Some(format!("{}→{}", t.edge(*from), t.edge(*to))),
            _ => None,
        })
        .collect();
    moves.sort();
    assert_eq!(moves, ["3,4,NE→2,4,E", "3,4,NE→2,4,NE", "3,4,NE→3,3,E"]);
    let placed = TurnLog {
        turn: 1,
        placed: vec![edge("3,4,NE")],
        moves: 0,
    };
    assert!(check_build_lists(&game, &ground, &rules, &closed, &placed).is_err());
    let moved = TurnLog {
        turn: 1,
        placed: Vec::new(),
        moves: 1,
    };
    assert!(check_build_lists(&game, &ground, &rules, &closed, &moved).is_err());
    assert!(
        check_listed_moves(
            &game,
            Seat(0),
            &game.legal_actions(Seat(0)),
            &closed,
            &moved
        )
        .is_err()
    );
    let all_closed = vec![vec![edge("3,4,NE")], vec![], vec![], vec![]];
    assert!(
        check_listed_moves(
            &game,
            Seat(0),
            &game.legal_actions(Seat(0)),
            &all_closed,
            &sound
        )
        .is_err()
    );

    // W-F: a route of 6, then 8 once a settlement joins the roads to the second route.
    let wf = game_from(
        r#"{
      "scenario": "new-shores", "map": "new-shores-4", "phase": "main", "active": 0,
      "players": [
        {"settlements": ["3,3,S", "5,2,S", "3,1,S"], "roads": ["2,4,NE", "2,3,E"],
         "ships": ["3,3,SE", "3,4,NE", "4,3,SE", "4,3,E", "2,2,E", "2,3,NE"],
         "hand": {"brick": 1, "lumber": 2, "wool": 2, "grain": 1}},
        {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}
      ]
    }"#,
    );
    let lengths = brute_force_lengths(&wf);
    assert_eq!(lengths[0], 6);
    assert_eq!(check_road_lengths(&wf, &lengths), Ok(()));
    let mut built = wf.clone();
    let c = built.topology().corner_id(corner("3,2,S")).unwrap();
    built
        .apply(Actor::Seat(Seat(0)), Action::BuildSettlement(c))
        .unwrap();
    let lengths = brute_force_lengths(&built);
    assert_eq!(lengths[0], 8);
    assert_eq!(check_road_lengths(&built, &lengths), Ok(()));
    let closed = brute_force_closed(&built);
    assert_eq!(closed[0].len(), 6, "both routes are closed: {closed:?}");
    assert_eq!(check_closed_ships(&built, &closed), Ok(()));
    assert_eq!(
        check_build_lists(&built, &Ground::of(built.board()), &rules, &closed, &sound),
        Ok(())
    );
    // A miscount of either is caught.
    let mut wrong = lengths.clone();
    wrong[0] = 7;
    assert!(check_road_lengths(&built, &wrong).is_err());
    assert!(check_closed_ships(&built, &[vec![], vec![], vec![], vec![]]).is_err());
}

#[test]
fn the_checks_pass_a_sound_game_and_catch_a_miscount() {
    let game = a_game_in_progress("base", 4);
    let ground = Ground::of(game.board());
    let played = [0; 5];
    assert_eq!(check_conservation(&game, &played), Ok(()));
    assert_eq!(check_pieces(&game), Ok(()));
    assert_eq!(check_board(&game, &ground), Ok(()));
    assert_eq!(check_robber_and_pirate(&game, &ground), Ok(()));
    assert_eq!(check_points(&game), Ok(()));
    assert_eq!(check_fog(&game, &ground), Ok(()));
    assert_eq!(check_gold(&game), Ok(()));
    let lengths = brute_force_lengths(&game);
    let closed = brute_force_closed(&game);
    assert_eq!(check_awards(&game, &lengths), Ok(()));
    assert_eq!(check_road_lengths(&game, &lengths), Ok(()));
    // Lengths that give one seat alone a road of 5 require it to hold Longest Road.
    let mut long = lengths.clone();
    long[0] = 5;
    assert!(check_awards(&game, &long).is_err());
    assert_eq!(
        check_views(&game, &lengths, &closed, &all_viewers(&game)),
        Ok(())
    );
    assert!(check_views(&game, &long, &closed, &all_viewers(&game)).is_err());
    let mut verdicts = Verdicts::default();
    assert_eq!(
        check_who_acts(&game, &mut verdicts, &mut |_, _| Ok(())),
        Ok(())
    );
    let active = game.state().active;
    assert!(verdicts.expects(Actor::Seat(active), &Action::EndTurn));
    assert!(!verdicts.expects(Actor::Chance, &Action::EndTurn));
    // A progress card counted as played while all are still in the deck breaks the count.
    let mut miscounted = played;
    miscounted[DevelopmentCard::Monopoly.index()] = 1;
    assert!(check_conservation(&game, &miscounted).is_err());
}

/// S-19 and SC1-5 on a position: Red's first settlement on the north-east island carries a
/// chit of 1, and the check holds it to the map's sheet.
#[test]
fn the_special_points_check_holds_chits_to_the_scenario_sheet() {
    let text = r#"{
      "scenario": "new-shores", "map": "new-shores-4", "phase": "main", "active": 1,
      "players": [
        {"settlements": ["3,3,S", "4,3,S"], "ships": ["3,3,SE", "3,4,NE"]},
        {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}
      ],
      "chits": [{"seat": 0, "corner": "4,3,S", "value": 1}]
    }"#;
    let game = game_from(text);
    let rules = map_rules(&game).unwrap();
    let home: Vec<Vec<Corner>> = vec![
        vec![corner("3,3,S")],
        vec![corner("-1,5,S")],
        vec![corner("0,3,N")],
        vec![corner("-2,6,S")],
    ];
    assert_eq!(check_special(&game, &rules, Some(&home)), Ok(()));
    assert_eq!(check_points(&game), Ok(()));
    assert_eq!(check_setup_areas(&rules, &home), Ok(()));
    // The same chit worth 2 under the 5th-edition option (D-SC1-1) is a miscount here.
    let two = MapRules {
        special: match rules.special.clone() {
            Special::PerArea { areas, .. } => Special::PerArea { areas, value: 2 },
            other => panic!("new-shores scores per area, not {other:?}"),
        },
        ..rules.clone()
    };
    assert!(check_special(&game, &two, Some(&home)).is_err());
    // During setup no chit may exist; a starting settlement off the main island breaks SC1-3.
    assert!(check_special(&game, &rules, None).is_err());
    let off = vec![vec![corner("4,3,S")], vec![], vec![], vec![]];
    assert!(check_setup_areas(&rules, &off).is_err());
    // A settlement on the island without its chit.
    let unpaid = game_from(&text.replace(
        r#""chits": [{"seat": 0, "corner": "4,3,S", "value": 1}]"#,
        r#""chits": []"#,
    ));
    assert!(check_special(&unpaid, &rules, Some(&home)).is_err());
}

/// SC3-6: a ship beside an unrevealed fog hex outside a reveal breaks the fog check; the
/// view shows fog as fog and holds no stack.
#[test]
fn the_fog_check_catches_a_piece_beside_unrevealed_fog() {
    let text = r#"{
      "scenario": "fog-islands", "map": "fog-islands-3", "phase": "main", "active": 0,
      "players": [{"settlements": ["0,4,N"], "ships": ["1,4,E"]}, {}, {}]
    }"#;
    let game = game_from(text);
    let ground = Ground::of(game.board());
    assert_eq!(ground.side(Hex::new(2, 4)), Side::Fog);
    assert_eq!(check_fog(&game, &ground), Ok(()));
    let error = check_pieces_beside_fog(&game, &ground).unwrap_err();
    assert!(
        error.contains("1,4,E") && error.contains("fog hex"),
        "{error}"
    );
    let lengths = brute_force_lengths(&game);
    let closed = brute_force_closed(&game);
    assert_eq!(
        check_views(&game, &lengths, &closed, &all_viewers(&game)),
        Ok(())
    );
    // A game of the Fog Islands in play passes.
    let game = a_game_in_progress("fog-islands", 4);
    let ground = Ground::of(game.board());
    assert_eq!(check_fog(&game, &ground), Ok(()));
    assert_eq!(check_pieces_beside_fog(&game, &ground), Ok(()));
    assert_eq!(check_board(&game, &ground), Ok(()));
}

#[test]
fn the_leak_finder_finds_card_sets() {
    let mut found = Vec::new();
    let view = serde_json::json!({
        "bank": {"ore": 3},
        "players": [{"hand": {"ore": 1}, "development_cards": {"knight": 2}}, {"hand": {}}],
    });
    find_card_sets(&view, &CARD_NAMES, &mut Vec::new(), &mut found);
    found.sort();
    assert_eq!(
        found,
        ["/bank", "/players/0/development_cards", "/players/0/hand"]
    );
    let mut keys = Vec::new();
    let view = serde_json::json!({"map": {"pools": {"fog_hexes": {}}}, "development_deck": 3});
    find_keys(&view, &["fog_hexes"], &mut keys);
    find_keys(&view, &["deck"], &mut keys);
    assert_eq!(keys, ["fog_hexes"]);
}

#[test]
fn a_candidate_check_tells_accepted_from_refused() {
    let game = a_game_in_progress("base", 4);
    let active = game.state().active;
    let other = Seat((active.0 + 1) % game.seats());
    // Ending the turn is legal for the active seat only; both answers agree with `apply`.
    assert_eq!(
        check_candidate(&game, Actor::Seat(active), Action::EndTurn),
        Ok(true)
    );
    assert_eq!(
        check_candidate(&game, Actor::Seat(other), Action::EndTurn),
        Ok(false)
    );
    assert_eq!(
        check_candidate(&game, Actor::Chance, Action::EndTurn),
        Ok(false)
    );
    // A verdict that disagrees with `apply` is a failure, either way.
    assert!(check_against(&game, Actor::Seat(other), Action::EndTurn, true).is_err());
    assert!(check_against(&game, Actor::Seat(active), Action::EndTurn, false).is_err());
}

/// B-37, S-9 and S-16 on networks no random game builds: rings, figures of eight, several
/// networks, roads and ships mixed, own and opponents' buildings anywhere on them. The
/// engine's `longest_route` must agree with the brute force on every one.
#[test]
fn the_longest_route_of_random_networks_is_the_brute_forces() {
    let game = a_game_in_progress("base", 4);
    let t = game.topology();
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let corners_of_set = |edges: &EdgeSet| -> Vec<CornerId> {
        let mut out: Vec<CornerId> = edges
            .iter()
            .flat_map(|e| t.edge_corners(EdgeId(e as u16)))
            .collect();
        out.sort();
        out.dedup();
        out
    };
    for case in 0..20_000 {
        let pieces = 1 + rng.below(15);
        let mut edges = EdgeSet::new();
        edges.insert(rng.below(t.edge_count()));
        while edges.len() < pieces {
            let corners = corners_of_set(&edges);
            let grow: Vec<EdgeId> = corners
                .iter()
                .flat_map(|c| t.corner_edges(*c))
                .filter(|e| !edges.contains(e.index()))
                .collect();
            // Closing a ring, now and then; more rarely a second network elsewhere.
            let closing: Vec<EdgeId> = grow
                .iter()
                .copied()
                .filter(|e| t.edge_corners(*e).iter().all(|c| corners.contains(c)))
                .collect();
            let next = if !closing.is_empty() && rng.chance(3) {
                closing[rng.below(closing.len())]
            } else if rng.chance(12) {
                EdgeId(rng.below(t.edge_count()) as u16)
            } else {
                grow[rng.below(grow.len())]
            };
            edges.insert(next.index());
        }
        // One case in four is roads alone (B-37); the others mix in ships (S-16).
        let mut ships = EdgeSet::new();
        if !rng.chance(4) {
            for e in edges.iter() {
                if rng.chance(2) {
                    ships.insert(e);
                }
            }
        }
        let roads = edges.difference(&ships);
        let corners = corners_of_set(&edges);
        let mut blocked = CornerSet::new();
        let mut own = CornerSet::new();
        for _ in 0..rng.below(4) {
            blocked.insert(corners[rng.below(corners.len())].index());
        }
        for _ in 0..rng.below(4) {
            let c = corners[rng.below(corners.len())].index();
            if !blocked.contains(c) {
                own.insert(c);
            }
        }
        let found = settlers_core::rules::routes::longest_route(
            t,
            &settlers_core::rules::routes::Pieces {
                roads,
                ships,
                own,
                blocked,
            },
        );
        let route: Vec<Piece> = edges_of(&game, roads)
            .iter()
            .map(|e| Piece {
                ends: e.corners(),
                ship: false,
            })
            .chain(edges_of(&game, ships).iter().map(|e| Piece {
                ends: e.corners(),
                ship: true,
            }))
            .collect();
        let (own, cut) = (corners_of(&game, own), corners_of(&game, blocked));
        assert_eq!(
            usize::from(found),
            longest_route(&route, &own, &cut),
            "case {case}: roads {:?}, ships {:?}, own buildings on {own:?}, opponents' on {cut:?}",
            edges_of(&game, roads),
            edges_of(&game, ships)
        );
        if ships.is_empty() && own.is_empty() {
            let trail = settlers_core::rules::routes::longest_trail(t, &roads, &blocked);
            assert_eq!(
                usize::from(trail),
                longest_trail(&edges_of(&game, roads), &cut)
            );
        }
    }
}

/// A position is a game that starts where it stands: its map's fog stacks are what is left
/// of them (docs/record-format.md, "Positions"), so the board read back differs from the
/// first board only there, and both games go on alike.
#[test]
fn a_position_keeps_the_fog_stacks_left() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut game =
        common::new_game("fog-islands", 3, None, GameOptions::default(), &mut rng).unwrap();
    let full: u32 = game
        .state()
        .fog_hexes_left
        .iter()
        .map(|&n| u32::from(n))
        .sum();
    let mut steps = 0;
    let mut legal = LegalActions::default();
    while game
        .state()
        .fog_hexes_left
        .iter()
        .map(|&n| u32::from(n))
        .sum::<u32>()
        == full
    {
        steps += 1;
        assert!(steps < 20_000, "no fog was ever revealed");
        let (actor, action) = common::next_move(&game, &mut legal, &mut rng, |seat, legal, rng| {
            choose_for_seat(&game, seat, legal, rng).unwrap()
        })
        .expect("the game ended before any fog was revealed");
        game.apply(actor, action).unwrap();
    }
    let mut again = Game::from_position(&game.to_position()).unwrap();
    assert_eq!(again.state(), game.state());
    let differences = board_differences(game.board(), again.board());
    assert!(
        !differences.is_empty()
            && differences
                .iter()
                .all(|d| d.starts_with("fog_terrain") || d.starts_with("fog_numbers")),
        "{differences:?}"
    );
    let left: u32 = game
        .state()
        .fog_hexes_left
        .iter()
        .map(|&n| u32::from(n))
        .sum();
    assert_eq!(again.board().fog_terrain.len() as u32, left);
    check_same_board(game.board(), &again, "the position").unwrap();
    // The same chance and choices from here give the same game.
    let mut twin = ChaCha8Rng::seed_from_u64(6);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for _ in 0..2_000 {
        let Some((actor, action)) =
            common::next_move(&game, &mut legal, &mut rng, |seat, legal, rng| {
                choose_for_seat(&game, seat, legal, rng).unwrap()
            })
        else {
            break;
        };
        let twin_action = match actor {
            Actor::Chance => again.sample_chance(&mut twin).unwrap(),
            Actor::Seat(seat) => {
                let legal = again.legal_actions(seat);
                choose_for_seat(&again, seat, &legal, &mut twin).unwrap()
            }
        };
        assert_eq!(twin_action, action);
        game.apply(actor, action).unwrap();
        again.apply(actor, action).unwrap();
        assert_eq!(again.state(), game.state());
    }
}

/// S-13.5: the first seat's starting ship was placed in setup, not in its first turn, so it
/// may move then.
#[test]
fn a_starting_ship_may_move_in_the_first_turn() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut game = common::new_game(
        "new-shores",
        4,
        Some(Seat(0)),
        GameOptions::default(),
        &mut rng,
    )
    .unwrap();
    let t = game.topology();
    let (home, ship) = (
        t.corner_id(corner("3,3,S")).unwrap(),
        t.edge_id(edge("3,3,SE")).unwrap(),
    );
    // Seat 0 settles on 3,3,S with a ship on 3,3,SE (worked example W-A); everyone else
    // takes the first site and road listed.
    while game.state().turn == 0 {
        let s = game.state();
        let seat = s.active;
        let legal = game.legal_actions(seat);
        let action = match s.phase {
            Phase::SetupSettlement if s.setup_step == 0 => Action::BuildSettlement(home),
            Phase::SetupRoad { settlement } if settlement == home => Action::BuildShip(ship),
            _ => *legal
                .actions
                .iter()
                .find(|a| !matches!(a, Action::BuildShip(_)))
                .unwrap(),
        };
        game.apply(Actor::Seat(seat), action).unwrap();
    }
    game.apply(Actor::Seat(Seat(0)), Action::RollDice).unwrap();
    game.apply(Actor::Chance, Action::Dice(1, 2)).unwrap();
    while let ToAct::Seats(w) = game.to_act()
        && game.state().phase == Phase::PickingGold
    {
        let seat = w.iter().next().unwrap();
        let range = game.legal_actions(seat).gold.unwrap();
        let cards = every_hand(range.from, u32::from(range.count))[0];
        game.apply(Actor::Seat(seat), Action::PickResources(cards))
            .unwrap();
    }
    assert_eq!(game.state().phase, Phase::Main);
    let movable: Vec<EdgeId> = game
        .legal_actions(Seat(0))
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::MoveShip { from, .. } => Some(*from),
            _ => None,
        })
        .collect();
    let closed = brute_force_closed(&game);
    let turn = TurnLog {
        turn: 1,
        ..TurnLog::default()
    };
    let lists = check_build_lists(
        &game,
        &Ground::of(game.board()),
        &map_rules(&game).unwrap(),
        &closed,
        &turn,
    );
    assert!(
        movable.contains(&ship),
        "the starting ship on 3,3,SE cannot move in the first turn (placed this turn: {:?}); \
         the rules' lists: {lists:?}",
        edges_of(&game, game.state().new_ships)
    );
}

/// S-17: Road Building may place ships. A seat whose settlement's land edges hold its own
/// ships has no road to place but ships, and its position must load.
#[test]
fn a_road_building_position_with_only_ships_to_place_loads() {
    let text = r#"{
      "scenario": "new-shores", "map": "new-shores-4", "active": 0,
      "phase": {"step": "building_roads", "left": 1},
      "players": [
        {"settlements": ["3,3,S"], "ships": ["2,4,NE", "2,4,E"]},
        {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}
      ]
    }"#;
    let position = Position::from_json(text).unwrap();
    let game = Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"));
    let legal = game.legal_actions(Seat(0));
    assert!(
        legal
            .actions
            .iter()
            .all(|a| matches!(a, Action::BuildShip(_)))
    );
    assert!(!legal.actions.is_empty());
}

/// The checks of one action's effects pass what the rules give and fail when the effect is
/// missing: a reveal (SC3-6), a gold pick and a roll on gold (S-18).
#[test]
fn the_change_checks_catch_a_wrong_reveal_and_a_wrong_pick() {
    // Seat 0's ship on 1,4,E reaches the fog hexes 2,3 and 2,4; 2,3 is turned over first.
    let revealing = game_from(
        r#"{
      "scenario": "fog-islands", "map": "fog-islands-3", "active": 0,
      "phase": {"step": "revealing", "edge": "1,4,E", "seat": 0}, "resume": "main",
      "players": [{"settlements": ["0,4,N"], "ships": ["1,4,E"]}, {}, {}]
    }"#,
    );
    let ground = Ground::of(revealing.board());
    assert_eq!(check_fog(&revealing, &ground), Ok(()));
    let hex = revealing.topology().hex_id(Hex::new(2, 3)).unwrap();
    let reveal = Action::RevealFog {
        hex,
        terrain: Terrain::Hills,
        number: Some(5),
    };
    let mut revealed = revealing.clone();
    revealed.apply(Actor::Chance, reveal).unwrap();
    assert_eq!(check_reveal(&revealing, &revealed, reveal), Ok(()));
    assert_eq!(check_board_change(&revealing, &revealed, reveal), Ok(()));
    assert_eq!(
        revealed.state().player(Seat(0)).hand,
        Resources::one(Resource::Brick)
    );
    // Nothing revealed, or the board changed by another action: both are caught.
    assert!(check_reveal(&revealing, &revealing.clone(), reveal).is_err());
    assert!(check_board_change(&revealing, &revealed, Action::EndTurn).is_err());
    // The next hex due is 2,4, and the fog check knows it.
    assert_eq!(check_fog(&revealed, &Ground::of(revealed.board())), Ok(()));

    // Seat 0 owes one gold pick and takes an ore.
    let picking = game_from(
        r#"{
      "scenario": "new-shores", "map": "new-shores-4", "active": 0,
      "phase": "picking_gold", "resume": "main",
      "players": [{"settlements": ["3,3,S", "4,3,S"], "gold_picks_owed": 1},
                  {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}]
    }"#,
    );
    assert_eq!(check_gold(&picking), Ok(()));
    let pick = Action::PickResources(Resources::one(Resource::Ore));
    let mut picked = picking.clone();
    picked.apply(Actor::Seat(Seat(0)), pick).unwrap();
    assert_eq!(check_gold_change(&picking, &picked, pick), Ok(()));
    assert!(check_gold_change(&picking, &picking.clone(), pick).is_err());
    assert_eq!(check_gold(&picked), Ok(()));
    // Owing a pick outside the picks is caught.
    assert!(
        check_gold(&game_from(
            &WORKED_EXAMPLE.replace(r#""ore": 3}"#, r#""ore": 3}, "gold_picks_owed": 1"#)
        ))
        .is_err()
    );

    // A roll of 10 pays the gold field 4,3 beside seat 0's settlement on 4,3,S: one pick.
    let rolling = game_from(
        r#"{
      "scenario": "new-shores", "map": "new-shores-4", "active": 0, "phase": "rolling",
      "players": [{"settlements": ["3,3,S", "4,3,S"]},
                  {"settlements": ["-1,5,S"]}, {"settlements": ["0,3,N"]}, {"settlements": ["-2,6,S"]}]
    }"#,
    );
    let roll = Action::Dice(4, 6);
    let mut rolled = rolling.clone();
    rolled.apply(Actor::Chance, roll).unwrap();
    assert_eq!(rolled.state().player(Seat(0)).gold_owed, 1);
    assert_eq!(check_gold_change(&rolling, &rolled, roll), Ok(()));
    assert!(check_gold_change(&rolling, &rolling.clone(), roll).is_err());
}
