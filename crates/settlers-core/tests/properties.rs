//! Properties that must hold at every step of every game (ARCHITECTURE.md, "The rules crate,
//! in four verbs" and "Hidden information"), checked over thousands of random games of the
//! base scenario: 3 and 4 players, beginner, variable and random layouts.
//!
//! Each game is driven by one seed, and everything random in it (the board, the players'
//! choices, chance, which candidate actions are probed) comes from generators seeded by it,
//! so a failure names the seed and `SETTLERS_PROPERTY_SEED=<seed>` replays exactly that game
//! with every check at every step. `SETTLERS_PROPERTY_GAMES=<n>` changes the number of games
//! per test, for a longer hunt than CI affords.
//!
//! The checks recompute what they check from the public rules (base.md) and the text
//! geometry, not from the engine's own helpers, so that a wrong helper cannot vouch for itself.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::Value;
use settlers_core::geometry::{Corner, Edge};
use settlers_core::map::{Layout, LayoutOptions, SpiralDirection};
use settlers_core::position::Position;
use settlers_core::record::{Record, SeatInfo};
use settlers_core::state::PlayerState;
use settlers_core::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId};
use settlers_core::*;
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Games per test; six tests (two player counts × three layouts) make the total.
const GAMES_PER_TEST: u64 = 340;
/// A random game of the base scenario takes a few hundred steps with the policy below; far
/// more means the game is stuck.
const MOST_STEPS: usize = 30_000;
/// The expensive checks (every listed action applied, many probes) run on about one step in
/// this many, and always at the last step.
const DEEP_EVERY: u64 = 30;
/// Views are serialised and searched on about one step in this many, and at the last step.
const VIEWS_EVERY: u64 = 200;
/// Every action of the board tried by every actor on about one step in this many.
const EVERY_ACTION_EVERY: u64 = 300;
/// A position round trip on about one step in this many.
const POSITION_EVERY: u64 = 150;

type Check = Result<(), String>;

macro_rules! ensure {
    ($cond:expr, $($arg:tt)+) => {
        if !$cond {
            return Err(format!($($arg)+));
        }
    };
}

// ---------------------------------------------------------------------------------------
// Test entry points: one per player count and layout, so each failure names its setting.

#[test]
fn three_players_beginner_layout() {
    run_suite(3, Layout::Beginner);
}

#[test]
fn three_players_variable_layout() {
    run_suite(3, Layout::Variable);
}

#[test]
fn three_players_random_layout() {
    run_suite(3, Layout::Random);
}

#[test]
fn four_players_beginner_layout() {
    run_suite(4, Layout::Beginner);
}

#[test]
fn four_players_variable_layout() {
    run_suite(4, Layout::Variable);
}

#[test]
fn four_players_random_layout() {
    run_suite(4, Layout::Random);
}

const SETTINGS: [(u8, Layout); 6] = [
    (3, Layout::Beginner),
    (3, Layout::Variable),
    (3, Layout::Random),
    (4, Layout::Beginner),
    (4, Layout::Variable),
    (4, Layout::Random),
];

/// The player count and layout a seed plays: the seed alone reproduces a game.
fn setting_of(seed: u64) -> (u8, Layout) {
    SETTINGS[(seed % SETTINGS.len() as u64) as usize]
}

fn env_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text} is not a number")),
    )
}

fn run_suite(players: u8, layout: Layout) {
    let index = SETTINGS
        .iter()
        .position(|s| *s == (players, layout))
        .expect("a listed setting") as u64;
    let seeds: Vec<u64> = match env_number("SETTLERS_PROPERTY_SEED") {
        Some(seed) if setting_of(seed) == (players, layout) => vec![seed],
        Some(_) => Vec::new(),
        None => {
            let games = env_number("SETTLERS_PROPERTY_GAMES").unwrap_or(GAMES_PER_TEST);
            (0..games)
                .map(|k| k * SETTINGS.len() as u64 + index)
                .collect()
        }
    };
    let thorough = env_number("SETTLERS_PROPERTY_SEED").is_some();
    let mut failures: Vec<String> = Vec::new();
    let mut steps = 0usize;
    let mut seen = 0u32;
    for &seed in &seeds {
        let outcome = catch_unwind(AssertUnwindSafe(|| play_one(seed, thorough)));
        let failure = match outcome {
            Ok(Ok((n, features))) => {
                steps += n;
                seen |= features;
                continue;
            }
            Ok(Err(message)) => message,
            Err(panic) => {
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                format!("a panic: {what}")
            }
        };
        failures.push(format!(
            "seed {seed} ({players} players, {layout:?} layout): {failure}\n    \
             replay with SETTLERS_PROPERTY_SEED={seed} cargo test -p settlers-core --test properties"
        ));
    }
    eprintln!(
        "{players} players, {layout:?}: {} games, {steps} steps",
        seeds.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} games broke a property:\n{}",
        failures.len(),
        seeds.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The properties are only as good as the games they run over: a change to the players
    // below that stops reaching part of the rules must fail here, not pass quietly.
    if !thorough && seeds.len() >= GAMES_PER_TEST as usize {
        let missed: Vec<&str> = FEATURES
            .iter()
            .enumerate()
            .filter(|(i, _)| seen >> i & 1 == 0)
            .map(|(_, name)| *name)
            .collect();
        assert!(
            missed.is_empty(),
            "{players} players, {layout:?}: no game reached {missed:?}"
        );
    }
}

/// What the games of a suite must reach between them.
const FEATURES: [&str; 19] = [
    "discarding after a 7",
    "moving the robber",
    "stealing",
    "Road Building roads",
    "drawing a development card",
    "a trade offer",
    "a confirmed trade",
    "Longest Road held",
    "Largest Army held",
    "a city",
    "a Monopoly",
    "a Year of Plenty",
    "all settlements of a seat on the board",
    "the bank out of a resource",
    "a random probe accepted",
    "a random probe refused",
    "a winner at the target of 10",
    "a winner holding a Victory Point card",
    "a position round trip",
];

fn feature(name: &str) -> u32 {
    1 << FEATURES
        .iter()
        .position(|f| *f == name)
        .expect("a listed feature")
}

// ---------------------------------------------------------------------------------------
// One game.

/// Small helpers over a seeded generator; bias does not matter for a test.
trait Pick {
    fn below(&mut self, n: usize) -> usize;
    fn chance(&mut self, one_in: u64) -> bool;
}

impl Pick for ChaCha8Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next_u64().is_multiple_of(one_in)
    }
}

struct Run {
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
    last_board: Option<(CornerSet, EdgeSet)>,
    /// The `FEATURES` this game reached.
    seen: u32,
    /// Each seat's longest trail by brute force, redone when a piece is placed.
    lengths: Vec<usize>,
    buffer: LegalActions,
}

fn play_one(seed: u64, thorough: bool) -> Result<(usize, u32), String> {
    let (players, layout) = setting_of(seed);
    let mut play = ChaCha8Rng::seed_from_u64(seed);
    let probe = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_CAFE_F00D_D00D);
    let options = LayoutOptions {
        layout,
        spiral_direction: if play.chance(2) {
            SpiralDirection::Clockwise
        } else {
            SpiralDirection::Counterclockwise
        },
        spiral_start: None,
        red_numbers_apart: !play.chance(4),
    };
    let first = if play.chance(2) {
        Some(Seat(play.below(players as usize) as u8))
    } else {
        None
    };
    // One game in eight plays to the scenario's target of 10, reaching the late game (pieces
    // and deck used up, awards changing hands); the others stop at 3 to 6 points, so that
    // thousands of games fit in the time a CI run affords.
    let victory_points = if play.chance(8) {
        None
    } else {
        Some(3 + play.below(4) as u8)
    };
    let setup = Scenario::by_name("base")
        .map_err(|e| e.to_string())?
        .setup(
            players,
            &options,
            first,
            GameOptions {
                victory_points,
                ..GameOptions::default()
            },
            &mut play,
        )
        .map_err(|e| format!("setup refused: {e}"))?;
    let record = Record::new(&setup, vec![SeatInfo::default(); players as usize]);
    let game = Game::new(setup).map_err(|e| format!("Game::new refused: {e}"))?;
    let mut run = Run {
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
        buffer: LegalActions::default(),
    };
    run.play_to_the_end()?;
    Ok((run.step, run.seen))
}

impl Run {
    fn play_to_the_end(&mut self) -> Check {
        loop {
            self.step += 1;
            let step = self.step;
            let at = |e: String| format!("step {step}: {e}");
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
        check_conservation(&self.game, &self.played)?;
        check_pieces(&self.game)?;
        check_points(&self.game)?;
        check_who_acts(&self.game, &mut self.buffer)?;
        // The sampling draws come first and the same in every mode, so that a replay of one
        // seed with every check on meets exactly the probes that failed.
        let deep = self.probe.chance(DEEP_EVERY) || over;
        let views = self.probe.chance(VIEWS_EVERY) || over;
        let sweep = self.probe.chance(EVERY_ACTION_EVERY);
        let board = (self.game.state().occupied, self.game.state().paved);
        if deep || self.thorough || self.last_board != Some(board) {
            check_board(&self.game)?;
            self.lengths = brute_force_lengths(&self.game);
            check_road_lengths(&self.game, &self.lengths)?;
            self.last_board = Some(board);
        }
        check_awards(&self.game, &self.lengths)?;
        let probes = if deep { 16 } else { 2 };
        for _ in 0..probes {
            let (actor, action) = random_candidate(&self.game, &mut self.probe);
            self.seen |= if check_candidate(&self.game, actor, action)? {
                feature("a random probe accepted")
            } else {
                feature("a random probe refused")
            };
        }
        if deep {
            check_listed_actions_apply(&self.game, &mut self.probe)?;
        }
        if views || self.thorough {
            check_views(&self.game)?;
        }
        if sweep || self.thorough {
            check_every_action(&self.game)?;
        }
        if self.thorough && !deep {
            for _ in 0..24 {
                let (actor, action) = random_candidate(&self.game, &mut self.extra);
                check_candidate(&self.game, actor, action)?;
            }
            check_listed_actions_apply(&self.game, &mut self.extra)?;
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
        ensure!(
            again.board() == self.game.board(),
            "from_position(to_position) changed the board"
        );
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
                let outcomes = game.chance_outcomes();
                let sampled = game.sample_chance(&mut self.play).ok_or_else(|| {
                    format!("chance must decide {kind:?}, but sample_chance gave nothing")
                })?;
                ensure!(
                    outcomes.iter().any(|(a, _)| *a == sampled),
                    "sample_chance gave {sampled:?}, which is not among chance_outcomes {outcomes:?}"
                );
                let action = if self.play.chance(5) {
                    outcomes[self.play.below(outcomes.len())].0
                } else {
                    sampled
                };
                Ok((Actor::Chance, action))
            }
            ToAct::Seats(seats) => {
                let seats: Vec<Seat> = seats.iter().collect();
                let seat = seats[self.play.below(seats.len())];
                let legal = game.legal_actions(seat);
                let action = choose_for_seat(game, seat, &legal, &mut self.play)?;
                ensure!(
                    legal.permits(&action),
                    "the test chose {action:?} for {seat}, which legal_actions does not permit"
                );
                Ok((Actor::Seat(seat), action))
            }
        }
    }

    fn take(&mut self, actor: Actor, action: Action) -> Check {
        let before = self.game.clone();
        let text = self.game.action_text(&action);
        let back = self
            .game
            .action_from_text(&text)
            .map_err(|e| format!("{action:?} as text {text:?} does not read back: {e}"))?;
        ensure!(
            back == action,
            "{action:?} as text {text:?} reads back as {back:?}"
        );
        self.record.push(&self.game, actor, &action);
        let events = self.game.apply(actor, action).map_err(|e| {
            format!(
                "{actor:?} {action:?} is listed as legal but refused: {e} ({})",
                before.describe_phase()
            )
        })?;
        ensure!(
            !events.is_empty() || self.game.state() != before.state(),
            "{actor:?} {action:?} was accepted but changed nothing and said nothing"
        );
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
        self.note_features(action);
        Ok(())
    }

    fn note_features(&mut self, action: Action) {
        let s = self.game.state();
        let mut seen = match s.phase {
            Phase::Discarding => feature("discarding after a 7"),
            Phase::MovingRobber => feature("moving the robber"),
            Phase::Stealing { .. } => feature("stealing"),
            Phase::BuildingRoads { .. } => feature("Road Building roads"),
            Phase::Drawing => feature("drawing a development card"),
            Phase::TradeOffered => feature("a trade offer"),
            _ => 0,
        };
        seen |= match action {
            Action::ConfirmTrade(_) => feature("a confirmed trade"),
            Action::PlayMonopoly(_) => feature("a Monopoly"),
            Action::PlayYearOfPlenty(_) => feature("a Year of Plenty"),
            _ => 0,
        };
        if s.longest_road.is_some() {
            seen |= feature("Longest Road held");
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
        if s.bank.0.contains(&0) {
            seen |= feature("the bank out of a resource");
        }
        if let Some(w) = s.winner {
            if s.victory_points == 10 {
                seen |= feature("a winner at the target of 10");
            }
            if self
                .game
                .state()
                .player(w)
                .all_cards()
                .get(DevelopmentCard::VictoryPoint)
                > 0
            {
                seen |= feature("a winner holding a Victory Point card");
            }
        }
        self.seen |= seen;
    }

    fn check_the_end(&mut self) -> Check {
        let game = &self.game;
        let s = game.state();
        let winner = game.winner().ok_or("the game is over without a winner")?;
        ensure!(
            winner == s.active,
            "{winner} won during the turn of {} (B-42: only on one's own turn)",
            s.active
        );
        ensure!(
            game.victory_points(winner) >= s.victory_points,
            "{winner} won with {} points; the target is {}",
            game.victory_points(winner),
            s.victory_points
        );
        ensure!(game.is_over(), "a winner, but is_over() is false");
        for seat in s.seat_ids() {
            ensure!(
                game.legal_actions(seat).is_empty(),
                "{seat} has legal actions after the game ended"
            );
        }

        self.record.finish(game);
        let text = self.record.to_json_pretty();
        let read = Record::from_json(&text)
            .map_err(|e| format!("the record does not read back: {e}\n{text}"))?;
        ensure!(
            read == self.record,
            "the record reads back different from what was written"
        );
        let replayed = read
            .replay()
            .map_err(|e| format!("the record does not replay: {e}"))?;
        ensure!(
            replayed.state() == game.state(),
            "the record replays to a different state:\nplayed   {:?}\nreplayed {:?}",
            game.state(),
            replayed.state()
        );
        ensure!(
            replayed.board() == game.board(),
            "the record replays on a different board"
        );
        self.check_position_round_trip()
    }
}

fn choose_for_seat(
    game: &Game,
    seat: Seat,
    legal: &LegalActions,
    rng: &mut ChaCha8Rng,
) -> Result<Action, String> {
    if let Some(range) = legal.discard {
        return Ok(Action::Discard(random_sub_hand(
            range.from,
            u32::from(range.count),
            rng,
        )));
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
    // Pick a kind of action by weight, then one action of that kind at random. Building
    // comes first, and bank trades that lead to a build are favoured: that keeps games
    // short enough to play thousands.
    let s = game.state();
    let player = s.player(seat);
    let hand = player.hand;
    let useful = |give: Resource, get: Resource| {
        let rate = game.bank_rate(seat, give);
        [cost::SETTLEMENT_COST, cost::ROAD_COST, cost::CITY_COST]
            .iter()
            .any(|goal| hand.get(get) < goal.get(get) && hand.get(give) >= goal.get(give) + rate)
    };
    // Roads only while there is nowhere to settle: random roads starve settlements of brick
    // and lumber.
    let t = game.topology();
    let site_open = player.roads.iter().any(|e| {
        t.edge_corners(EdgeId(e as u16))
            .iter()
            .any(|c| !s.crowded.contains(c.index()))
    });
    let saving = site_open && s.turn > 0 && player.settlements.len() + player.cities.len() < 5;
    let kind = |a: &Action| -> usize {
        match a {
            Action::BuildCity(_) | Action::BuildSettlement(_) => 0,
            Action::BuildRoad(_) => 1,
            Action::BuyDevelopmentCard => 2,
            Action::PlayKnight | Action::PlayRoadBuilding => 3,
            Action::PlayYearOfPlenty(_) | Action::PlayMonopoly(_) => 4,
            Action::TradeWithBank { give, get } if useful(*give, *get) => 5,
            Action::TradeWithBank { .. } => 6,
            Action::RollDice => 7,
            Action::EndTurn => 8,
            Action::ConfirmTrade(_) => 9,
            Action::CancelTrade => 10,
            _ => 11,
        }
    };
    let weights: [u32; 12] = [
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
    ];
    let mut present = [0usize; 12];
    for a in &legal.actions {
        present[kind(a)] += 1;
    }
    let offer_weight = match legal.offer {
        Some(_) if s.offers_this_turn == 0 => 2,
        _ => 0,
    };
    let total: u32 = (0..12)
        .filter(|&k| present[k] > 0)
        .map(|k| weights[k])
        .sum::<u32>()
        + offer_weight;
    ensure!(
        total > 0,
        "{seat} must act but the test finds nothing to choose from {legal:?}"
    );
    let mut pick = (rng.next_u64() % u64::from(total)) as u32;
    for k in (0..12).filter(|&k| present[k] > 0) {
        if pick < weights[k] {
            let nth = rng.below(present[k]);
            return Ok(*legal
                .actions
                .iter()
                .filter(|a| kind(a) == k)
                .nth(nth)
                .expect("counted above"));
        }
        pick -= weights[k];
    }
    let range = legal.offer.expect("the rest of the weight is the offer's");
    Ok(Action::OfferTrade(random_permitted_offer(
        range.can_give,
        range.to,
        rng,
    )))
}

/// How often the hexes at a corner produce, in 36ths of a roll.
fn pips(game: &Game, corner: CornerId) -> u32 {
    let board = game.board();
    game.topology()
        .corner(corner)
        .hexes()
        .iter()
        .filter_map(|h| board.hex(*h).and_then(|h| h.number))
        .map(|n| 6 - (7 - i32::from(n)).unsigned_abs())
        .sum()
}

/// Building costs (B-9), written out here rather than taken from the engine.
mod cost {
    use settlers_core::Resources;
    pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
    pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);
    pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
}

/// `count` cards drawn at random from `hand` (which holds at least that many).
fn random_sub_hand(hand: Resources, count: u32, rng: &mut ChaCha8Rng) -> Resources {
    let mut left = hand;
    let mut out = Resources::EMPTY;
    for _ in 0..count {
        let kinds: Vec<Resource> = left.kinds().collect();
        if kinds.is_empty() {
            break;
        }
        let r = kinds[rng.below(kinds.len())];
        *left.get_mut(r) -= 1;
        *out.get_mut(r) += 1;
    }
    out
}

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
    TradeOffer {
        give,
        get,
        to: chosen,
    }
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

/// `check_candidate` with the verdict of the legal actions already known.
fn check_against(
    game: &Game,
    actor: Actor,
    action: Action,
    expected: bool,
) -> Result<bool, String> {
    let mut copy = game.clone();
    match copy.apply(actor, action) {
        Ok(events) => {
            ensure!(
                expected,
                "{actor:?} {action:?} is not legal but was accepted ({}), events {events:?}",
                game.describe_phase()
            );
            Ok(true)
        }
        Err(e) => {
            ensure!(
                !expected,
                "{actor:?} {action:?} is legal but was refused: {e} ({})",
                game.describe_phase()
            );
            ensure!(
                copy.state() == game.state(),
                "{actor:?} {action:?} was refused ({e}) but changed the state"
            );
            ensure!(
                !e.to_string().trim().is_empty(),
                "{actor:?} {action:?} was refused with an empty message"
            );
            Ok(false)
        }
    }
}

/// Every action listed for every seat and every chance outcome applies; samples from the
/// discard and offer ranges apply; listed actions tried by anyone else are refused unless
/// they are legal for them too.
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
            let mut copy = game.clone();
            if let Err(e) = copy.apply(Actor::Seat(seat), action) {
                return Err(format!(
                    "{seat}: listed {action:?} is refused: {e} ({})",
                    game.describe_phase()
                ));
            }
            // The same action by someone else: refused unless legal for them too.
            let other = actors[rng.below(actors.len())];
            if other != Actor::Seat(seat) {
                check_candidate(game, other, action)?;
            }
        }
        if let Some(range) = legal.discard {
            for _ in 0..4 {
                let cards = random_sub_hand(range.from, u32::from(range.count), rng);
                ensure!(
                    legal.permits(&Action::Discard(cards)),
                    "{seat}: the discard range does not permit {cards}, drawn from it"
                );
                check_candidate(game, Actor::Seat(seat), Action::Discard(cards))?;
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
        ensure!(weight > 0, "chance outcome {action:?} has weight 0");
        let mut copy = game.clone();
        if let Err(e) = copy.apply(Actor::Chance, action) {
            return Err(format!(
                "chance outcome {action:?} is refused: {e} ({})",
                game.describe_phase()
            ));
        }
        for seat in (0..seats).map(Seat) {
            check_candidate(game, Actor::Seat(seat), action)?;
        }
    }
    Ok(())
}

/// Every action of every actor that is not too many to list (everything but discards and
/// offers, which the random probes cover), on every place of the board and one place past
/// its end: `apply` accepts exactly those the legal actions permit.
fn check_every_action(game: &Game) -> Check {
    let t = game.topology();
    let seats = game.seats();
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
    space.extend((0..=t.edge_count() as u16).map(|e| Action::BuildRoad(EdgeId(e))));
    for h in 0..=t.hex_count() as u8 {
        space.push(Action::MoveRobber {
            hex: HexId(h),
            victim: None,
        });
        space.extend((0..=seats).map(|v| Action::MoveRobber {
            hex: HexId(h),
            victim: Some(Seat(v)),
        }));
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

    for seat in (0..seats).map(Seat) {
        let legal = game.legal_actions(seat);
        for &action in &space {
            check_against(game, Actor::Seat(seat), action, legal.permits(&action))?;
        }
    }
    let outcomes = game.chance_outcomes();
    for &action in &chance_space {
        let expected = outcomes.iter().any(|(a, _)| *a == action);
        check_against(game, Actor::Chance, action, expected)?;
    }
    Ok(())
}

/// Who must act matches who has something to do.
fn check_who_acts(game: &Game, buffer: &mut LegalActions) -> Check {
    let to_act = game.to_act();
    let outcomes = game.chance_outcomes();
    match to_act {
        ToAct::Chance(_) => ensure!(
            !outcomes.is_empty(),
            "chance must act ({to_act:?}) but has no outcome"
        ),
        _ => ensure!(
            outcomes.is_empty(),
            "chance has outcomes {outcomes:?} while {to_act:?} must act"
        ),
    }
    for seat in (0..game.seats() + 1).map(Seat) {
        game.legal_actions_into(seat, buffer);
        let waited_for = matches!(to_act, ToAct::Seats(s) if s.contains(seat));
        ensure!(
            buffer.is_empty() != waited_for,
            "{seat}: to_act is {to_act:?} but its legal actions are {:?}",
            buffer
        );
    }
    Ok(())
}

/// A random action by a random actor, mostly not legal: ids on and off the board, random
/// cards and offers, dice from 0 to 7, seats that are not at the table.
fn random_candidate(game: &Game, rng: &mut ChaCha8Rng) -> (Actor, Action) {
    let t = game.topology();
    let seats = game.seats() as usize;
    let actor = match rng.below(10) {
        0 => Actor::Chance,
        1 => Actor::Seat(Seat([seats as u8, 4, 7, 200][rng.below(4)])),
        _ => match game.to_act() {
            ToAct::Seats(s) if rng.chance(2) => {
                let s: Vec<Seat> = s.iter().collect();
                Actor::Seat(s[rng.below(s.len())])
            }
            _ => Actor::Seat(Seat(rng.below(seats) as u8)),
        },
    };
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
    let resource = |rng: &mut ChaCha8Rng| Resource::ALL[rng.below(5)];
    let seat = |rng: &mut ChaCha8Rng| Seat(rng.below(seats + 2) as u8);
    let own_hand = match actor {
        Actor::Seat(s) if (s.0 as usize) < seats => game.state().player(s).hand,
        _ => Resources::EMPTY,
    };
    let action = match rng.below(22) {
        0 => Action::BuildSettlement(corner(rng)),
        1 => Action::BuildRoad(edge(rng)),
        2 => Action::BuildCity(corner(rng)),
        3 => Action::BuyDevelopmentCard,
        4 => Action::RollDice,
        5 => Action::EndTurn,
        6 => {
            // Random sizes, sometimes the right size, mostly from the hand.
            let owed = match actor {
                Actor::Seat(s) if (s.0 as usize) < seats => {
                    u32::from(game.state().player(s).discard_owed)
                }
                _ => 0,
            };
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
            hex: HexId(match rng.below(6) {
                0 => (t.hex_count() + rng.below(5)) as u8,
                1 => u8::MAX,
                _ => rng.below(t.hex_count()) as u8,
            }),
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
            Action::OfferTrade(TradeOffer { give, get, to })
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
        _ => Action::StealResource(resource(rng)),
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
// Invariants of the state.

/// B-5: 19 cards of each resource between the bank and the hands. B-6: 25 development
/// cards between the deck, the hands and the played Knights, less progress cards played.
fn check_conservation(game: &Game, played: &[u32; 5]) -> Check {
    let s = game.state();
    let players = players(game);
    for r in Resource::ALL {
        let held: u32 = players.iter().map(|p| u32::from(p.hand.get(r))).sum();
        let bank = u32::from(s.bank.get(r));
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

/// B-8 and B-16: pieces in stock, one piece per place; the state's summaries agree.
fn check_pieces(game: &Game) -> Check {
    let s = game.state();
    let mut occupied = CornerSet::new();
    let mut paved = EdgeSet::new();
    for (i, p) in players(game).iter().enumerate() {
        ensure!(
            p.settlements.len() <= 5,
            "seat {i} has {} settlements",
            p.settlements.len()
        );
        ensure!(
            p.cities.len() <= 4,
            "seat {i} has {} cities",
            p.cities.len()
        );
        ensure!(p.roads.len() <= 15, "seat {i} has {} roads", p.roads.len());
        ensure!(
            !p.settlements.intersects(&p.cities),
            "seat {i} has a settlement and a city on one corner"
        );
        if let Some(c) = p.buildings().intersection(&occupied).iter().next() {
            return Err(format!(
                "two seats have a building on {}",
                game.topology().corner(CornerId(c as u16))
            ));
        }
        if let Some(e) = p.roads.intersection(&paved).iter().next() {
            return Err(format!(
                "two seats have a road on {}",
                game.topology().edge(EdgeId(e as u16))
            ));
        }
        occupied |= p.buildings();
        paved |= p.roads;
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
    Ok(())
}

/// B-17, B-18, B-19 from the text geometry: the distance rule between every two buildings,
/// land under every piece, every road joined through its owner's roads to its owner's
/// building.
fn check_board(game: &Game) -> Check {
    // Plain vectors rather than hash sets: a board has a few dozen pieces, and hashing
    // dominates the run time of an unoptimised test build.
    let board = game.board();
    let listed: Vec<_> = board.hexes.iter().map(|h| h.hex).collect();
    let land: Vec<_> = board
        .hexes
        .iter()
        .filter(|h| h.terrain.is_land())
        .map(|h| h.hex)
        .collect();
    let mut buildings: Vec<(Corner, usize)> = Vec::new();
    for (i, p) in players(game).iter().enumerate() {
        let own = corners_of(game, p.buildings());
        for c in &own {
            ensure!(
                c.hexes().iter().any(|h| land.contains(h)),
                "seat {i}'s building on {c} touches no land"
            );
            buildings.push((*c, i));
        }
        let roads = edges_of(game, p.roads);
        for e in &roads {
            ensure!(
                e.hexes().iter().any(|h| land.contains(h)),
                "seat {i}'s road on {e} touches no land"
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
    let mut crowded = corners_of(game, game.state().crowded);
    let mut expected: Vec<Corner> = buildings
        .iter()
        .flat_map(|(c, _)| std::iter::once(*c).chain(c.neighbours()))
        .filter(|c| c.hexes().iter().any(|h| listed.contains(h)))
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

/// B-41: the points are the board's, the awards' and the Victory Point cards'; every view
/// shows what its viewer may know of them (checked in `check_views`).
fn check_points(game: &Game) -> Check {
    let s = game.state();
    for (i, p) in players(game).iter().enumerate() {
        let seat = Seat(i as u8);
        let mut public = p.settlements.len() as u32 + 2 * p.cities.len() as u32;
        if s.longest_road == Some(seat) {
            public += 2;
        }
        if s.largest_army == Some(seat) {
            public += 2;
        }
        let cards = u32::from(p.cards.get(DevelopmentCard::VictoryPoint))
            + u32::from(p.new_cards.get(DevelopmentCard::VictoryPoint));
        ensure!(
            u32::from(game.victory_points(seat)) == public + cards,
            "{seat} has {} points; the board, awards and cards give {}",
            game.victory_points(seat),
            public + cards
        );
        ensure!(
            u32::from(game.public_victory_points(seat)) == public,
            "{seat} shows {} public points; the board and awards give {public}",
            game.public_victory_points(seat)
        );
        if !game.is_over() && s.turn > 0 {
            // Nobody reaches the target on their own turn without the game ending (B-42).
            let own_turn = s.active == seat;
            ensure!(
                !own_turn || u32::from(s.victory_points) > public + cards,
                "{seat} has {} points on its own turn, the target is {}, and the game goes on",
                public + cards,
                s.victory_points
            );
        }
    }
    Ok(())
}

/// B-36 and B-38: who may hold Largest Army and Longest Road, given each seat's road length
/// by brute force.
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
            "{h} holds Longest Road with a road of {}; the longest is {longest} (lengths {lengths:?})",
            lengths[h.index()]
        ),
        None => ensure!(
            longest < 5 || at_longest > 1,
            "Longest Road is set aside, but one seat alone has the longest road, {longest} \
             (lengths {lengths:?})"
        ),
    }
    Ok(())
}

/// Each seat's longest trail, blocked by its opponents' buildings.
fn brute_force_lengths(game: &Game) -> Vec<usize> {
    let all = players(game);
    (0..all.len())
        .map(|i| {
            let blocked: Vec<Corner> = all
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .flat_map(|(_, q)| corners_of(game, q.buildings()))
                .collect();
            longest_trail(&edges_of(game, all[i].roads), &blocked)
        })
        .collect()
}

/// B-37: the engine's road length is the brute force's longest trail.
fn check_road_lengths(game: &Game, lengths: &[usize]) -> Check {
    for (i, &expected) in lengths.iter().enumerate() {
        let seat = Seat(i as u8);
        let found = game.road_length_of(seat);
        ensure!(
            usize::from(found) == expected,
            "{seat}'s road length is {found}, but its longest trail is {expected}: roads {:?}",
            edges_of(game, game.state().player(seat).roads)
        );
    }
    Ok(())
}

/// The longest sequence of distinct edges, each sharing a corner with the next, that never
/// passes through a blocked corner (it may start or end at one). Plain vectors: the sets
/// are a handful of pieces.
fn longest_trail(roads: &[Edge], blocked: &[Corner]) -> usize {
    let ends: Vec<[Corner; 2]> = roads.iter().map(|e| e.corners()).collect();
    fn extend(
        corner: Corner,
        ends: &[[Corner; 2]],
        blocked: &[Corner],
        used: &mut [bool],
    ) -> usize {
        if blocked.contains(&corner) {
            return 0;
        }
        let mut best = 0;
        for (j, [a, b]) in ends.iter().enumerate() {
            if used[j] || (*a != corner && *b != corner) {
                continue;
            }
            let next = if *a == corner { *b } else { *a };
            used[j] = true;
            best = best.max(1 + extend(next, ends, blocked, used));
            used[j] = false;
        }
        best
    }
    let mut used = vec![false; ends.len()];
    let mut best = 0;
    for (i, [a, b]) in ends.iter().enumerate() {
        // Every trail starts along some edge in one of its two directions; leaving a blocked
        // corner is allowed, as a trail may end at one.
        for to in [b, a] {
            used[i] = true;
            best = best.max(1 + extend(*to, &ends, blocked, &mut used));
            used[i] = false;
        }
    }
    best
}

// ---------------------------------------------------------------------------------------
// Hidden information.

const RESOURCE_NAMES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];
const CARD_NAMES: [&str; 5] = [
    "knight",
    "victory_point",
    "road_building",
    "year_of_plenty",
    "monopoly",
];

/// Each seat's view holds its own hand and cards and nobody else's; the spectator's holds no
/// hand; no view holds the deck's contents; each shows the points its viewer may know.
fn check_views(game: &Game) -> Check {
    let s = game.state();
    let mut viewers: Vec<Option<Seat>> = s.seat_ids().map(Some).collect();
    viewers.push(None);
    for viewer in viewers {
        let data = match viewer {
            Some(seat) => game.view(seat).to_data(),
            None => game.spectator_view().to_data(),
        };
        let text =
            serde_json::to_string(&data).map_err(|e| format!("a view does not serialise: {e}"))?;
        let json: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let who = match viewer {
            Some(seat) => seat.to_string(),
            None => "the spectator".into(),
        };
        let view = match viewer {
            Some(seat) => game.view(seat),
            None => game.spectator_view(),
        };
        for other in s.seat_ids() {
            ensure!(
                view.hand_of(other).is_some() == (viewer == Some(other)),
                "{who}'s view answers hand_of({other}) wrongly"
            );
        }
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
            let points = if own || game.is_over() {
                game.victory_points(seat)
            } else {
                game.public_victory_points(seat)
            };
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
        }
        // Anything shaped like a hand or a set of development cards may appear only where
        // the viewer may see it.
        let mut allowed: Vec<String> =
            vec!["/bank".into(), "/offer/give".into(), "/offer/get".into()];
        if let Some(seat) = viewer {
            allowed.push(format!("/players/{}/hand", seat.0));
            allowed.push(format!("/players/{}/development_cards", seat.0));
            allowed.push(format!("/players/{}/new_development_cards", seat.0));
        }
        let mut leaks = Vec::new();
        find_card_sets(&json, &mut Vec::new(), &mut leaks);
        leaks.retain(|path| !allowed.contains(path));
        ensure!(
            leaks.is_empty(),
            "{who}'s view holds cards it may not see at {leaks:?}"
        );
        // An empty set of cards is `{}`, which the shape test cannot tell apart: no key
        // may name the deck but its size.
        let mut decks = Vec::new();
        find_keys(&json, "deck", &mut decks);
        ensure!(
            decks.is_empty(),
            "{who}'s view has fields about the deck: {decks:?}"
        );
    }
    Ok(())
}

/// Keys containing `word`, other than `development_deck` (the deck's size, a number).
fn find_keys(value: &Value, word: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k.contains(word) && !(k == "development_deck" && v.is_u64()) {
                    out.push(k.clone());
                }
                find_keys(v, word, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| find_keys(v, word, out)),
        _ => {}
    }
}

/// Paths of JSON objects keyed by resource or development card names.
fn find_card_sets(value: &Value, path: &mut Vec<String>, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if map
                .keys()
                .any(|k| RESOURCE_NAMES.contains(&k.as_str()) || CARD_NAMES.contains(&k.as_str()))
            {
                out.push(format!("/{}", path.join("/")));
            }
            for (k, v) in map {
                if v.is_object() || v.is_array() {
                    path.push(k.clone());
                    find_card_sets(v, path, out);
                    path.pop();
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                if v.is_object() || v.is_array() {
                    path.push(i.to_string());
                    find_card_sets(v, path, out);
                    path.pop();
                }
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// The checks themselves: they pass a sound game, and they fail when fed a wrong count.

/// A game a few steps into play, for the self-tests.
fn a_game_in_progress() -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let setup = Scenario::by_name("base")
        .unwrap()
        .setup(
            4,
            &LayoutOptions::default(),
            None,
            GameOptions::default(),
            &mut rng,
        )
        .unwrap();
    let mut game = Game::new(setup).unwrap();
    while game.state().phase != Phase::Main {
        let (actor, action) = match game.to_act() {
            ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
            ToAct::Seats(s) => {
                let seat = s.iter().next().unwrap();
                let legal = game.legal_actions(seat);
                let action = match legal.discard {
                    Some(d) => {
                        Action::Discard(random_sub_hand(d.from, u32::from(d.count), &mut rng))
                    }
                    None => legal.actions[rng.below(legal.actions.len())],
                };
                (Actor::Seat(seat), action)
            }
            ToAct::Nobody => unreachable!(),
        };
        game.apply(actor, action).unwrap();
    }
    game
}

#[test]
fn the_trail_brute_force_counts_rings_branches_and_cuts() {
    let edges =
        |names: &[&str]| -> Vec<Edge> { names.iter().map(|n| n.parse().unwrap()).collect() };
    let corner = |name: &str| -> Corner { name.parse().unwrap() };
    let ring: Vec<Edge> = settlers_core::Hex::new(1, 2).edges().to_vec();
    assert_eq!(longest_trail(&ring, &[]), 6);
    // A ring with a spur at one of its corners: the spur and the whole ring.
    let mut spur = ring.clone();
    spur.push("1,1,E".parse().unwrap());
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

#[test]
fn the_checks_pass_a_sound_game_and_catch_a_miscount() {
    let game = a_game_in_progress();
    let played = [0; 5];
    assert_eq!(check_conservation(&game, &played), Ok(()));
    assert_eq!(check_pieces(&game), Ok(()));
    assert_eq!(check_board(&game), Ok(()));
    assert_eq!(check_points(&game), Ok(()));
    let lengths = brute_force_lengths(&game);
    assert_eq!(check_awards(&game, &lengths), Ok(()));
    assert_eq!(check_road_lengths(&game, &lengths), Ok(()));
    // Lengths that give one seat alone a road of 5 require it to hold Longest Road.
    let mut long = lengths.clone();
    long[0] = 5;
    assert!(check_awards(&game, &long).is_err());
    assert_eq!(check_views(&game), Ok(()));
    let mut buffer = LegalActions::default();
    assert_eq!(check_who_acts(&game, &mut buffer), Ok(()));
    // A progress card counted as played while all are still in the deck breaks the count.
    let mut miscounted = played;
    miscounted[DevelopmentCard::Monopoly.index()] = 1;
    assert!(check_conservation(&game, &miscounted).is_err());
}

#[test]
fn the_leak_finder_finds_card_sets() {
    let mut found = Vec::new();
    let view = serde_json::json!({
        "bank": {"ore": 3},
        "players": [{"hand": {"ore": 1}, "development_cards": {"knight": 2}}, {"hand": {}}],
    });
    find_card_sets(&view, &mut Vec::new(), &mut found);
    found.sort();
    assert_eq!(
        found,
        ["/bank", "/players/0/development_cards", "/players/0/hand"]
    );
}

#[test]
fn a_candidate_check_tells_accepted_from_refused() {
    let game = a_game_in_progress();
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
}

/// B-37 on networks no random game builds: rings, figures of eight, several networks and
/// opponents' buildings anywhere on them. The engine's `longest_trail` must agree with the
/// brute force on every one.
#[test]
fn the_longest_trail_of_random_networks_is_the_brute_forces() {
    let game = a_game_in_progress();
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
        let corners = corners_of_set(&edges);
        let mut blocked = CornerSet::new();
        for _ in 0..rng.below(4) {
            blocked.insert(corners[rng.below(corners.len())].index());
        }
        let found = settlers_core::rules::routes::longest_trail(t, &edges, &blocked);
        let roads = edges_of(&game, edges);
        let cut = corners_of(&game, blocked);
        assert_eq!(
            usize::from(found),
            longest_trail(&roads, &cut),
            "case {case}: roads {roads:?}, opponents' buildings on {cut:?}"
        );
    }
}
