//! Properties of Barbarian Attack (shared/rules/barbarian-attack.md; the Chinese text of seed
//! 002 wins where it speaks) that must hold at every step of every game, checked over random
//! games for 2 players (the variant with two neutral seats, BA2), 3 and 4, each with the
//! event cards (BAE), the Harbormaster (BAH), both, or neither. `properties.rs` holds the
//! same kind of suite for the base game and Seafarers; this file knows the pieces those
//! checks do not: barbarians, knights, gold, prisoners, trade tokens and the 26-card deck.
//!
//! Each game is driven by one seed, which also picks its variant, so a failure names the
//! seed and `SETTLERS_PROPERTY_SEED=<seed>` replays exactly that game with every check at
//! every step. `SETTLERS_PROPERTY_GAMES=<n>` changes the number of games per player count,
//! for a longer hunt than CI affords (the same variables as `properties.rs`).
//!
//! The checks recompute what they check from the rules text and the text geometry (the
//! battle order, the castle, conquered hexes and buildings, harbor corners, knight walks),
//! not from the engine's helpers, so that a wrong helper cannot vouch for itself. The
//! expensive ones (every listed action applied, views serialised, a position round trip)
//! run on sampled steps; the cheap ones at every step.

#[macro_use]
mod common;

use common::harness::{
    Check, Pick, Taken, assert_no_game_broken, chance_choice, check_against,
    check_chance_acts_when_due, check_chance_outcome_applies, check_listed_action_applies,
    check_no_hidden_cards, check_record_replays, draw_kind, env_number, find_card_sets,
    json_children, owed_cards, pips, play_caught, random_actor, random_sub_hand, suite_seeds,
    take_checked, view_of,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use settlers_core::geometry::{Corner, Edge, Hex};
use settlers_core::position::Position;
use settlers_core::record::{Record, SeatInfo};
use settlers_core::state::{BarbarianCard, EVENT_DECK, EventCard, EventKind};
use settlers_core::topology::{CornerId, EdgeId, HexId};
use settlers_core::*;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

/// Games per player count. A game to 12 points takes one to a few thousand steps with the
/// players below; this many of each count fit the time a debug test run affords.
const GAMES: u64 = 30;
/// Far more steps than any game needs with the players below: more means a stuck game.
const MOST_STEPS: usize = 40_000;
/// Every listed action applied, and many probes, on about one step in this many.
const DEEP_EVERY: u64 = 40;
/// Views serialised and searched on about one step in this many, and at the last step.
const VIEWS_EVERY: u64 = 150;
/// A position round trip on about one step in this many.
const POSITION_EVERY: u64 = 250;

/// BA-2: 30 barbarians, 6 knights per colour, the 26-card deck (D-BA-14), in
/// `BarbarianCard::ALL` order.
const BARBARIANS: u32 = 30;
const KNIGHTS_PER_PLAYER: usize = 6;
const DECK: [u8; 4] = [14, 4, 4, 4];
/// BA-6: three barbarians conquer a hex.
const CONQUERED_AT: u8 = 3;
/// BA-21: the coastal hexes in battle order; BA-3: the castle.
const BATTLE_ORDER: [&str; 10] = [
    "1,0", "2,0", "3,1", "3,2", "2,3", "1,4", "0,4", "-1,3", "-1,2", "0,1",
];
const CASTLE: &str = "-1,4";
/// BA-5: one barbarian on the 2 (`0,4`) and one on the 12 (`3,1`).
const START: [(&str, u8); 2] = [("0,4", 1), ("3,1", 1)];
/// BA2-2: trade tokens in the two-player game; BA2-8: foreign knights at most.
const TOKENS: u32 = 20;
const FOREIGN_KNIGHTS: usize = 2;
/// BAE-1, BAE-2: numbered event cards, and how many come before New Year.
const EVENT_CARDS: u32 = 36;
const BEFORE_NEW_YEAR: u8 = 31;
/// BA-19: steps of a knight's walk, and with a grain.
const STEPS: u32 = 3;
const BOOSTED_STEPS: u32 = 5;
/// BA-28, BA-23, BA-26, BA2-11, BA-16: gold.
const GOLD_PER_RESOURCE: u16 = 2;
const EXCHANGES_PER_TURN: u32 = 2;
const ROLL_OFF_GOLD: u16 = 3;
const KNIGHT_GOLD: u16 = 3;
const KNIGHT_GOLD_FOR_TWO: u16 = 2;
const TREASON_GOLD: u16 = 2;

// ---------------------------------------------------------------------------------------
// The variants, and the test entry points: one per player count.

/// The options a seed plays with: every variant for every player count.
fn variant_of(seed: u64) -> (&'static str, GameOptions) {
    match (seed / 3) % 5 {
        0 => ("plain", GameOptions::default()),
        1 => (
            "event cards",
            GameOptions {
                event_cards: true,
                ..GameOptions::default()
            },
        ),
        2 => (
            "harbormaster",
            GameOptions {
                harbormaster: true,
                ..GameOptions::default()
            },
        ),
        3 => (
            "event cards and harbormaster",
            GameOptions {
                event_cards: true,
                harbormaster: true,
                // The other Tournament (D-BAE-3) now and then.
                tournament: if (seed / 12).is_multiple_of(2) {
                    TournamentMode::KnightsOnBoard
                } else {
                    TournamentMode::None
                },
                ..GameOptions::default()
            },
        ),
        4 => (
            "wins in another's turn",
            GameOptions {
                win_off_turn: true,
                ..GameOptions::default()
            },
        ),
        _ => unreachable!("a remainder of 5"),
    }
}

/// The points that win (BA-31), one more with the Harbormaster (BAH-3).
fn target_of(options: &GameOptions) -> u32 {
    12 + u32::from(options.harbormaster)
}

fn players_of(seed: u64) -> u8 {
    2 + (seed % 3) as u8
}

#[test]
fn two_players() {
    run_suite(2);
}

#[test]
fn three_players() {
    run_suite(3);
}

#[test]
fn four_players() {
    run_suite(4);
}

fn run_suite(players: u8) {
    let index = u64::from(players - 2);
    let seeds = suite_seeds(GAMES, |seed| players_of(seed) == players, |k| k * 3 + index);
    let thorough = env_number("SETTLERS_PROPERTY_SEED").is_some();
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    let mut steps = 0usize;
    // How many games reached each feature: the rarest are reported, to show how near a
    // feature is to dropping out.
    let mut seen: HashMap<&'static str, usize> = HashMap::new();
    for &seed in &seeds {
        let failure = match play_caught(|| play_one(seed, thorough)) {
            Ok((n, features)) => {
                steps += n;
                for f in features {
                    *seen.entry(f).or_default() += 1;
                }
                continue;
            }
            Err(message) => message,
        };
        failures.push(format!(
            "seed {seed} ({players} players, {}): {failure}\n    \
             replay with SETTLERS_PROPERTY_SEED={seed} cargo test -p settlers-core --test properties_barbarian",
            variant_of(seed).0
        ));
    }
    let missed: Vec<&str> = FEATURES
        .iter()
        .filter(|(_, reach)| reach.applies(players))
        .map(|(name, _)| *name)
        .filter(|name| !seen.contains_key(name))
        .collect();
    let mut rarest: Vec<(usize, &str)> = seen.iter().map(|(f, n)| (*n, *f)).collect();
    rarest.sort();
    rarest.truncate(4);
    eprintln!(
        "barbarian-attack, {players} players: {} games, {steps} steps, {:.1} s; not reached: \
         {missed:?}; rarest (games, feature): {rarest:?}",
        seeds.len(),
        started.elapsed().as_secs_f64()
    );
    assert_no_game_broken(&failures, seeds.len());
    // The properties are only as good as the games they run over: a change to the players
    // below (or to the engine) that stops reaching part of the rules must fail here.
    if !thorough && seeds.len() as u64 >= GAMES {
        assert!(
            missed.is_empty(),
            "barbarian-attack, {players} players: no game reached {missed:?}"
        );
    }
}

/// Which player counts must reach a feature.
#[derive(Clone, Copy)]
enum Reach {
    Every,
    TwoPlayers,
}

impl Reach {
    fn applies(self, players: u8) -> bool {
        match self {
            Reach::Every => true,
            Reach::TwoPlayers => players == 2,
        }
    }
}

/// What the games of one player count must show between them.
const FEATURES: [(&str, Reach); 27] = [
    ("a landing", Reach::Every),
    ("a hex conquered", Reach::Every),
    ("a building conquered", Reach::Every),
    ("Knighthood", Reach::Every),
    ("Black Knight", Reach::Every),
    ("Treason", Reach::Every),
    ("Intrigue", Reach::Every),
    ("a knight moved", Reach::Every),
    ("a knight boosted with grain", Reach::Every),
    ("a battle won", Reach::Every),
    ("a roll-off", Reach::Every),
    ("a knight lost", Reach::Every),
    ("gold exchanged", Reach::Every),
    ("gold traded", Reach::Every),
    ("a 7 with a robbery", Reach::Every),
    ("an event card", Reach::Every),
    ("an Earthquake", Reach::Every),
    ("a card given", Reach::Every),
    ("the Harbormaster held", Reach::Every),
    ("a winner through prisoners", Reach::Every),
    ("a probe accepted", Reach::Every),
    ("a probe refused", Reach::Every),
    ("a neutral settlement", Reach::TwoPlayers),
    ("a foreign knight", Reach::TwoPlayers),
    ("a barbarian driven away", Reach::TwoPlayers),
    ("a forced trade", Reach::TwoPlayers),
    ("a trade token earned", Reach::TwoPlayers),
];

// ---------------------------------------------------------------------------------------
// The board as the rules describe it, in text geometry.

/// The fixed parts of the board (BA-3, BA-6, BA-21), read from the map in text coordinates.
struct Ground {
    /// The coastal hexes in battle order, with their numbers (BA-4).
    coastal: [Hex; 10],
    numbers: [u8; 10],
    on_board: HashSet<Hex>,
    desert: HashSet<Hex>,
    /// The 72 paths: every edge of a board hex (BA-6, D-BA-15).
    paths: HashSet<Edge>,
    castle_paths: HashSet<Edge>,
    /// The fewest steps between two paths within five (BA-19: a step goes to a path
    /// sharing a corner), worked out once a game.
    distances: HashMap<(Edge, Edge), u32>,
    harbor_corners: HashSet<Corner>,
}

impl Ground {
    fn of(game: &Game) -> Result<Ground, String> {
        let board = game.board();
        let hex = |text: &str| -> Hex { text.parse().expect("a hex in the rules") };
        let coastal = BATTLE_ORDER.map(hex);
        let mut numbers = [0u8; 10];
        for (i, h) in coastal.iter().enumerate() {
            numbers[i] = board
                .hex(*h)
                .and_then(|b| b.number)
                .ok_or_else(|| format!("the coastal hex {h} has no number (BA-4)"))?;
        }
        let on_board: HashSet<Hex> = board.hexes.iter().map(|h| h.hex).collect();
        ensure!(
            on_board.len() == 19,
            "the board has {} hexes, not the base frame's 19 (BA-3)",
            on_board.len()
        );
        let desert = board
            .hexes
            .iter()
            .filter(|h| h.terrain == Terrain::Desert)
            .map(|h| h.hex)
            .collect();
        let paths: HashSet<Edge> = on_board.iter().flat_map(|h| h.edges()).collect();
        ensure!(paths.len() == 72, "{} paths, not 72 (BA-6)", paths.len());
        let castle_paths = hex(CASTLE).edges().into_iter().collect();
        let mut distances = HashMap::new();
        for &from in &paths {
            let mut queue = VecDeque::from([(from, 0u32)]);
            distances.insert((from, from), 0);
            while let Some((e, d)) = queue.pop_front() {
                if d == BOOSTED_STEPS {
                    continue;
                }
                for c in e.corners() {
                    for n in c.edges() {
                        if paths.contains(&n) && !distances.contains_key(&(from, n)) {
                            distances.insert((from, n), d + 1);
                            queue.push_back((n, d + 1));
                        }
                    }
                }
            }
        }
        let harbor_corners = board
            .harbors
            .iter()
            .flat_map(|h| h.edge.corners())
            .collect();
        Ok(Ground {
            coastal,
            numbers,
            on_board,
            desert,
            paths,
            castle_paths,
            distances,
            harbor_corners,
        })
    }

    fn coastal_index(&self, h: Hex) -> Option<usize> {
        self.coastal.iter().position(|c| *c == h)
    }

    /// BA-6: conquered while it holds three barbarians.
    fn conquered(&self, game: &Game, h: Hex) -> bool {
        self.coastal_index(h)
            .is_some_and(|i| game.state().barbarians.on[i] >= CONQUERED_AT)
    }

    /// BA-12: every hex at the corner is the sea frame or a conquered coastal hex.
    fn building_conquered(&self, game: &Game, c: Corner) -> bool {
        c.hexes()
            .iter()
            .all(|h| !self.on_board.contains(h) || self.conquered(game, *h))
    }

    /// BA-11: a corner or edge of a conquered hex.
    fn corner_on_conquered(&self, game: &Game, c: Corner) -> bool {
        c.hexes().iter().any(|h| self.conquered(game, *h))
    }
    fn edge_on_conquered(&self, game: &Game, e: Edge) -> bool {
        e.hexes().iter().any(|h| self.conquered(game, *h))
    }

    /// The fewest steps from one path to another along paths (BA-19), if within five.
    fn steps(&self, from: Edge, to: Edge) -> Option<u32> {
        self.distances.get(&(from, to)).copied()
    }

    /// The knights on the six edges of coastal hex `i` (its involved knights, BA-6).
    fn involved(&self, game: &Game, i: usize) -> usize {
        let edges = self.coastal[i].edges();
        knights(game)
            .iter()
            .filter(|(_, e)| edges.contains(e))
            .count()
    }
}

/// The knights on the board as (owner, path).
fn knights(game: &Game) -> Vec<(Seat, Edge)> {
    let b = &game.state().barbarians;
    b.knights[..usize::from(b.knight_count)]
        .iter()
        .map(|k| (k.seat, game.topology().edge(k.edge)))
        .collect()
}

fn two_player(game: &Game) -> bool {
    !game.state().neutral.is_empty()
}

/// The seats that take turns and score (BA2-1: the neutral ones do neither).
fn real_seats(game: &Game) -> impl Iterator<Item = Seat> + '_ {
    let s = game.state();
    s.seat_ids().filter(|seat| !s.neutral.contains(*seat))
}

/// BA-31, BAH-2: standing settlements and cities, Longest Road, a point per two prisoners,
/// the Harbormaster. Neutral seats never score (BA2-1).
fn expected_points(game: &Game, ground: &Ground, seat: Seat) -> u32 {
    let s = game.state();
    if s.neutral.contains(seat) {
        return 0;
    }
    let p = s.player(seat);
    let t = game.topology();
    let standing = |set: settlers_core::topology::CornerSet| {
        set.iter()
            .filter(|&c| !ground.building_conquered(game, t.corner(CornerId(c as u16))))
            .count() as u32
    };
    standing(p.settlements)
        + 2 * standing(p.cities)
        + u32::from(s.barbarians.prisoners[seat.index()] / 2)
        + if s.longest_road == Some(seat) { 2 } else { 0 }
        + if s.harbormaster == Some(seat) { 2 } else { 0 }
}

/// BAH-1: a standing settlement on a harbor corner 1, a standing city 2.
fn harbor_points(game: &Game, ground: &Ground, seat: Seat) -> u32 {
    let p = game.state().player(seat);
    let t = game.topology();
    p.buildings()
        .iter()
        .map(|c| (c, t.corner(CornerId(c as u16))))
        .filter(|(_, c)| ground.harbor_corners.contains(c) && !ground.building_conquered(game, *c))
        .map(|(i, _)| if p.cities.contains(i) { 2 } else { 1 })
        .sum()
}

// ---------------------------------------------------------------------------------------
// One game.

/// What the test saw of the current turn, kept apart from the engine's own bookkeeping.
#[derive(Clone, Debug, Default)]
struct TurnLog {
    turn: u16,
    /// Knights placed this turn (they may stand in the castle until the move, BA-20).
    placed: Vec<Edge>,
    /// Where knights moved to this turn: each knight moves once (BA-19).
    moved_to: Vec<Edge>,
    exchanges: u32,
}

struct Run {
    game: Game,
    ground: Ground,
    record: Record,
    play: ChaCha8Rng,
    probe: ChaCha8Rng,
    step: usize,
    thorough: bool,
    turn: TurnLog,
    seen: BTreeSet<&'static str>,
    last: String,
}

fn play_one(seed: u64, thorough: bool) -> Result<(usize, BTreeSet<&'static str>), String> {
    let players = players_of(seed);
    let (_, options) = variant_of(seed);
    let scenario = Scenario::by_name("barbarian-attack").map_err(|e| e.to_string())?;
    let mut play = ChaCha8Rng::seed_from_u64(seed);
    let first = play
        .chance(2)
        .then(|| Seat(play.below(usize::from(players)) as u8));
    let setup = scenario
        .setup(
            players,
            &scenario.default_layout_options(),
            first,
            options.clone(),
            &mut play,
        )
        .map_err(|e| format!("setup refused: {e}"))?;
    let record = Record::new(&setup, vec![SeatInfo::default(); usize::from(players)]);
    let game = Game::new(setup).map_err(|e| format!("Game::new refused: {e}"))?;
    let ground = Ground::of(&game)?;
    check_start(&game, &ground, players, &options)?;
    let mut run = Run {
        game,
        ground,
        record,
        play,
        probe: ChaCha8Rng::seed_from_u64(seed ^ 0xBA4B_A4BA_4BA4_BA4B),
        step: 0,
        thorough,
        turn: TurnLog::default(),
        seen: BTreeSet::new(),
        last: "none yet".into(),
    };
    run.play_to_the_end()?;
    Ok((run.step, run.seen))
}

/// The pieces at the start (BA-2, BA-5, BA2-1, BA2-2) and the target (BA-31, BAH-3).
fn check_start(game: &Game, ground: &Ground, players: u8, options: &GameOptions) -> Check {
    let s = game.state();
    let b = &s.barbarians;
    for (i, h) in ground.coastal.iter().enumerate() {
        let want = START
            .iter()
            .find(|(x, _)| x.parse::<Hex>().ok() == Some(*h))
            .map_or(0, |(_, n)| *n);
        ensure!(
            b.on[i] == want,
            "{h} starts with {} barbarians, not {want} (BA-5)",
            b.on[i]
        );
    }
    ensure!(
        b.deck == DECK && b.discard == [0; 4],
        "the deck starts as {:?} with discards {:?}, not {DECK:?} (BA-2)",
        b.deck,
        b.discard
    );
    let target = target_of(options) as u8;
    ensure!(
        s.victory_points == target,
        "the target is {}, not {target} (BA-31, BAH-3)",
        s.victory_points
    );
    if players == 2 {
        ensure!(
            s.seats == 4 && s.neutral.len() == 2 && b.tokens[..2] == [5, 5],
            "two players: {} seats, {} neutral, tokens {:?} (BA2-1, BA2-2)",
            s.seats,
            s.neutral.len(),
            b.tokens
        );
        for n in s.neutral.iter() {
            ensure!(
                s.player(n).settlements.len() == 1,
                "neutral {n} starts with {} settlements (BA2-1)",
                s.player(n).settlements.len()
            );
        }
    } else {
        ensure!(
            s.seats == players && s.neutral.is_empty(),
            "{players} players play with {} seats",
            s.seats
        );
    }
    Ok(())
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
            let legal = self.check_every_step(over).map_err(at)?;
            if over {
                return self.check_the_end().map_err(at);
            }
            if self.probe.chance(POSITION_EVERY) || self.thorough {
                check_position_round_trip(&self.game).map_err(at)?;
            }
            let (actor, action) = self.choose(&legal).map_err(at)?;
            self.take(actor, action).map_err(at)?;
        }
    }

    /// The state's invariants, who acts, the listed actions, probes; returns each seat's
    /// legal actions.
    fn check_every_step(&mut self, over: bool) -> Result<Vec<LegalActions>, String> {
        let game = &self.game;
        check_state(game, &self.ground, &self.turn)?;
        // The sampling draws come first and the same in every mode, so that a replay of one
        // seed with every check on meets exactly the probes that failed.
        let deep = self.probe.chance(DEEP_EVERY) || over;
        let views = self.probe.chance(VIEWS_EVERY) || over;
        let viewer = Seat(self.probe.below(usize::from(game.seats())) as u8);
        let legal = check_who_acts(game)?;
        for seat in game.state().seat_ids() {
            check_listed(game, &self.ground, &self.turn, seat, &legal[seat.index()])?;
        }
        let probes = if deep || self.thorough { 16 } else { 2 };
        for _ in 0..probes {
            let (actor, action) = random_candidate(game, &self.ground, &mut self.probe);
            let expected = match actor {
                Actor::Seat(seat) => legal.get(seat.index()).is_some_and(|l| l.permits(&action)),
                Actor::Chance => game.chance_outcomes().iter().any(|(a, _)| *a == action),
            };
            let accepted = check_against(game, actor, action, expected)?;
            self.seen.insert(if accepted {
                "a probe accepted"
            } else {
                "a probe refused"
            });
        }
        if deep || self.thorough {
            check_listed_actions_apply(game, &legal)?;
        }
        if over || self.thorough {
            let mut viewers: Vec<Option<Seat>> = game.state().seat_ids().map(Some).collect();
            viewers.push(None);
            check_views(game, &self.ground, &viewers)?;
        } else if views {
            check_views(game, &self.ground, &[Some(viewer), None])?;
        }
        Ok(legal)
    }

    /// Chance draws from its generator (now and then any of its outcomes instead); a seat
    /// picks from its legal actions.
    fn choose(&mut self, legal: &[LegalActions]) -> Result<(Actor, Action), String> {
        let game = &self.game;
        match game.to_act() {
            ToAct::Nobody => Err("choose called on a finished game".into()),
            ToAct::Chance(kind) => {
                Ok((Actor::Chance, chance_choice(game, kind, 6, &mut self.play)?))
            }
            ToAct::Seats(seats) => {
                let seats: Vec<Seat> = seats.iter().collect();
                let seat = seats[self.play.below(seats.len())];
                let legal = &legal[seat.index()];
                let action = choose_for_seat(game, &self.ground, seat, legal, &mut self.play)?;
                ensure!(
                    legal.permits(&action),
                    "the test chose {action:?} for {seat}, which legal_actions does not permit"
                );
                Ok((Actor::Seat(seat), action))
            }
        }
    }

    fn take(&mut self, actor: Actor, action: Action) -> Check {
        let Taken {
            before,
            events,
            text,
        } = take_checked(&mut self.game, &mut self.record, actor, action)?;
        self.last = text;
        check_change(&before, &self.game, &self.ground, action, &events)?;
        self.note(&before, action, &events);
        Ok(())
    }

    /// Keeps the test's log of the turn and notes the features reached.
    fn note(&mut self, before: &Game, action: Action, events: &[Event]) {
        let t = before.topology();
        let s = self.game.state();
        match action {
            Action::MoveKnight { to, .. } => self.turn.moved_to.push(t.edge(to)),
            Action::BuyWithGold(_) => self.turn.exchanges += 1,
            _ => {}
        }
        for event in events {
            if let Event::KnightPlaced { edge, .. } = event {
                self.turn.placed.push(*edge);
            }
        }
        if s.turn != self.turn.turn {
            self.turn = TurnLog {
                turn: s.turn,
                ..TurnLog::default()
            };
        }
        let seen = &mut self.seen;
        for event in events {
            seen.insert(match event {
                Event::BarbariansLanded { landed: true, .. } => "a landing",
                Event::BarbarianCardDrawn { card, .. } => match card {
                    BarbarianCard::Knighthood => "Knighthood",
                    BarbarianCard::BlackKnight => "Black Knight",
                    BarbarianCard::Treason => "Treason",
                    BarbarianCard::Intrigue => "Intrigue",
                },
                Event::KnightMoved { grain: true, .. } => "a knight boosted with grain",
                Event::KnightMoved { .. } => "a knight moved",
                Event::BattleWon { .. } => "a battle won",
                Event::RolledOff { .. } => "a roll-off",
                Event::KnightLost { .. } => "a knight lost",
                Event::GoldExchanged { .. } => "gold exchanged",
                Event::EventCardRevealed { .. } => "an event card",
                Event::RoadDamaged { .. } => "an Earthquake",
                Event::CardGiven { .. } => "a card given",
                Event::Harbormaster { seat: Some(_), .. } => "the Harbormaster held",
                Event::BarbarianDrivenAway { .. } => "a barbarian driven away",
                Event::CardsGivenBack { .. } => "a forced trade",
                _ => continue,
            });
        }
        match action {
            Action::RobPlayer(Some(_)) if before.state().phase == Phase::MovingRobber => {
                seen.insert("a 7 with a robbery");
            }
            Action::NeutralSettlement { .. } => {
                seen.insert("a neutral settlement");
            }
            Action::PlaceForeignKnight(Some(_)) => {
                seen.insert("a foreign knight");
            }
            Action::ConfirmTrade(_)
                if before
                    .state()
                    .offer
                    .offer
                    .is_some_and(|o| o.give_gold > 0 || o.get_gold > 0) =>
            {
                seen.insert("gold traded");
            }
            Action::BuildSettlement(_)
                if two_player(before)
                    && s.barbarians.tokens[..2] != before.state().barbarians.tokens[..2] =>
            {
                seen.insert("a trade token earned");
            }
            _ => {}
        }
        if s.barbarians.on.contains(&CONQUERED_AT) {
            seen.insert("a hex conquered");
        }
        let t = self.game.topology();
        if s.seat_ids().any(|seat| {
            s.player(seat).buildings().iter().any(|c| {
                self.ground
                    .building_conquered(&self.game, t.corner(CornerId(c as u16)))
            })
        }) {
            seen.insert("a building conquered");
        }
        if let Some(w) = s.winner
            && s.barbarians.prisoners[w.index()] >= 2
        {
            seen.insert("a winner through prisoners");
        }
    }

    fn check_the_end(&mut self) -> Check {
        let game = &self.game;
        let s = game.state();
        let winner = game.winner().ok_or("the game is over without a winner")?;
        ensure!(game.is_over(), "a winner, but is_over() is false");
        let target = target_of(&game.config().options);
        if game.config().options.win_off_turn {
            // The active seat first, then the others in turn order after it (BA-31's
            // option).
            let playing = s.seats - s.neutral.len() as u8;
            let first = (0..playing)
                .map(|k| Seat((s.active.0 + k) % playing))
                .find(|&x| expected_points(game, &self.ground, x) >= target);
            ensure!(
                first == Some(winner),
                "{winner} won during the turn of {}; the first to hold {target} from the active seat on is {first:?}",
                s.active
            );
        } else {
            ensure!(
                winner == s.active && !s.neutral.contains(winner),
                "{winner} won during the turn of {} (BA-31: only on one's own turn)",
                s.active
            );
        }
        let points = expected_points(game, &self.ground, winner);
        ensure!(
            points >= target,
            "{winner} won with {points} points; the target is {target} (BA-31, BAH-3)"
        );
        for seat in s.seat_ids() {
            ensure!(
                game.legal_actions(seat).is_empty(),
                "{seat} has legal actions after the game ended"
            );
        }
        let replayed = check_record_replays(&mut self.record, game)?;
        ensure!(
            replayed.board() == game.board(),
            "the record replays on a different board"
        );
        check_position_round_trip(game)
    }
}

fn check_position_round_trip(game: &Game) -> Check {
    let text = game.to_position().to_json_pretty();
    let position = Position::from_json(&text)
        .map_err(|e| format!("a saved position does not read back: {e}\n{text}"))?;
    let again = Game::from_position(&position)
        .map_err(|e| format!("a saved position is refused: {e}\n{text}"))?;
    ensure!(
        again.state() == game.state(),
        "a position through JSON text changed the state ({}):\nbefore {:?}\nafter  {:?}",
        game.describe_phase(),
        game.state(),
        again.state()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Invariants of the state, at every step.

fn check_state(game: &Game, ground: &Ground, turn: &TurnLog) -> Check {
    let s = game.state();
    let b = &s.barbarians;
    let seats = usize::from(s.seats);
    // B-5 as in the base game: the engine holds no card aside, not even in an open offer
    // (it moves cards when the trade is confirmed). Neutral seats never receive any (BA2-1).
    for r in Resource::ALL {
        let held: u32 = s.players[..seats]
            .iter()
            .map(|p| u32::from(p.hand.get(r)))
            .sum();
        let bank = u32::from(s.bank.get(r));
        ensure!(
            held + bank == 19,
            "{r}: bank {bank} + hands {held} = {}, not 19",
            held + bank
        );
    }
    for n in s.neutral.iter() {
        ensure!(
            s.player(n).hand.is_empty(),
            "neutral {n} holds cards {} (BA2-1)",
            s.player(n).hand
        );
    }
    // BA-2, BA-23: barbarians are on the coast, in the supply, or prisoners for good;
    // foreign knights' prisoners and driven-away ones go back to the supply (BA2-10, BA2-7).
    let on: u32 = b.on.iter().map(|&n| u32::from(n)).sum();
    let prisoners: u32 = b.prisoners.iter().map(|&n| u32::from(n)).sum();
    ensure!(
        on + u32::from(b.supply) + prisoners == BARBARIANS,
        "barbarians: {on} on the coast + {} in the supply + {prisoners} prisoners is not {BARBARIANS}",
        b.supply
    );
    for (i, &n) in b.on.iter().enumerate() {
        ensure!(
            n <= CONQUERED_AT,
            "{} holds {n} barbarians: a conquered hex takes no more (BA-10, BA-11)",
            ground.coastal[i]
        );
    }
    for n in s.neutral.iter() {
        ensure!(
            b.prisoners[n.index()] == 0 && b.gold[n.index()] == 0,
            "neutral {n} holds prisoners or gold (BA2-10)"
        );
    }
    // BA-2, BA-18: six knights per colour, at most one per path, only on the 72 paths.
    let on_board = knights(game);
    let mut per_seat = [0usize; 4];
    let mut edges = HashSet::new();
    for &(seat, e) in &on_board {
        ensure!(
            seat.index() < seats,
            "a knight of {seat}, who is not at the table"
        );
        per_seat[seat.index()] += 1;
        ensure!(edges.insert(e), "two knights on {e} (BA-18)");
        ensure!(
            ground.paths.contains(&e),
            "a knight on {e}, which is no path (BA-6)"
        );
    }
    for seat in s.seat_ids() {
        ensure!(
            per_seat[seat.index()] <= KNIGHTS_PER_PLAYER,
            "{seat} has {} knights on the board, more than its {KNIGHTS_PER_PLAYER} (BA-2)",
            per_seat[seat.index()]
        );
    }
    if two_player(game) {
        // BA2-8: foreign knights belong to the first neutral seat, two at most.
        let mut neutral = s.neutral.iter();
        let foreign = neutral.next().expect("two neutral seats");
        let other = neutral.next().expect("two neutral seats");
        ensure!(
            per_seat[foreign.index()] <= FOREIGN_KNIGHTS && per_seat[other.index()] == 0,
            "foreign knights: {:?} by seat (BA2-8: two at most, one faction)",
            per_seat
        );
    }
    // BA-20: a knight stands in the castle only in the turn it was placed, until its owner
    // (or the active seat, for a foreign knight) moves it; never past the move step.
    let end_of_turn = matches!(s.phase, Phase::BeforeRoll | Phase::Rolling | Phase::Battle);
    for &(seat, e) in &on_board {
        if !ground.castle_paths.contains(&e) || s.phase == Phase::Over {
            continue;
        }
        ensure!(
            !end_of_turn,
            "{seat}'s knight stands on the castle path {e} after the move step ({})",
            game.describe_phase()
        );
        ensure!(
            seat == s.active || s.neutral.contains(seat),
            "{seat}'s knight stands on the castle path {e} in the turn of {}",
            s.active
        );
        ensure!(
            turn.placed.contains(&e),
            "{seat}'s knight stands on the castle path {e}, but was not placed there this turn"
        );
    }
    // BA-13: cards are resolved when bought and discarded; the deck and the discards hold
    // all 26.
    for (k, card) in BarbarianCard::ALL.iter().enumerate() {
        ensure!(
            b.deck[k] + b.discard[k] == DECK[k],
            "{}: {} in the deck + {} discarded is not {}",
            card.title(),
            b.deck[k],
            b.discard[k],
            DECK[k]
        );
    }
    // BA-2: the base deck is not in play, and no card is ever held.
    ensure!(
        s.players[..seats]
            .iter()
            .all(|p| p.cards.is_empty() && p.new_cards.is_empty() && p.played_knights == 0),
        "a seat holds base development cards (BA-2, BA-13)"
    );
    ensure!(
        s.robber.is_none() && s.largest_army.is_none(),
        "a robber or Largest Army in Barbarian Attack (BA-2, BA-29, BA-30)"
    );
    // BA2-2: tokens move between the players and the supply.
    let tokens: u32 =
        b.tokens.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(b.token_supply);
    if two_player(game) {
        ensure!(
            tokens == TOKENS && b.tokens[2..] == [0, 0],
            "trade tokens: {:?} held + {} in the supply is not {TOKENS} (BA2-2)",
            b.tokens,
            b.token_supply
        );
    } else {
        ensure!(tokens == 0, "trade tokens with {seats} players (BA2-2)");
    }
    // BAE-1, BAE-2: the numbered cards not yet revealed and those revealed since New Year.
    if game.config().options.event_cards {
        let left: u32 = s.events.left.iter().map(|&n| u32::from(n)).sum();
        ensure!(
            left + u32::from(s.events.revealed) == EVENT_CARDS
                && s.events.revealed <= BEFORE_NEW_YEAR,
            "event cards: {left} left + {} revealed is not {EVENT_CARDS}, or New Year is late",
            s.events.revealed
        );
    }
    check_points(game, ground)
}

/// BA-31 and BA-12 for every seat; Longest Road (B-38) and the Harbormaster (BAH-2)
/// held as the rules give them.
fn check_points(game: &Game, ground: &Ground) -> Check {
    let s = game.state();
    let options = &game.config().options;
    let target = target_of(options);
    for seat in s.seat_ids() {
        let expected = expected_points(game, ground, seat);
        // BA-31's option: whoever holds the target has won, whoever's turn it is.
        ensure!(
            !options.win_off_turn || game.is_over() || expected < target,
            "{seat} holds {expected} points of {target} and the game goes on"
        );
        let engine = u32::from(game.victory_points(seat));
        ensure!(
            engine == expected,
            "{seat} has {engine} points; standing buildings, prisoners and awards give {expected}"
        );
        let t = game.topology();
        for c in s.player(seat).buildings().iter() {
            let corner = t.corner(CornerId(c as u16));
            ensure!(
                game.building_conquered(CornerId(c as u16))
                    == ground.building_conquered(game, corner),
                "{seat}'s building on {corner}: the engine says conquered is {} (BA-12)",
                game.building_conquered(CornerId(c as u16))
            );
        }
    }
    let lengths: Vec<u8> = s.seat_ids().map(|x| game.road_length_of(x)).collect();
    let longest = lengths.iter().copied().max().unwrap_or(0);
    match s.longest_road {
        Some(h) => ensure!(
            lengths[h.index()] >= 5 && lengths[h.index()] == longest,
            "{h} holds Longest Road with {} against {lengths:?} (B-38)",
            lengths[h.index()]
        ),
        None => ensure!(
            longest < 5 || lengths.iter().filter(|&&l| l == longest).count() > 1,
            "nobody holds Longest Road against {lengths:?} (B-38)"
        ),
    }
    if game.config().options.harbormaster {
        let points: Vec<u32> = real_seats(game)
            .map(|x| harbor_points(game, ground, x))
            .collect();
        for seat in real_seats(game) {
            ensure!(
                u32::from(game.harbor_points(seat)) == points[seat.index()],
                "{seat} has {} harbor points; its standing harbor buildings give {} (BAH-1)",
                game.harbor_points(seat),
                points[seat.index()]
            );
        }
        let most = points.iter().copied().max().unwrap_or(0);
        match s.harbormaster {
            Some(h) => ensure!(
                points[h.index()] >= 3 && points[h.index()] == most,
                "{h} holds the Harbormaster with {} against {points:?} (BAH-2)",
                points[h.index()]
            ),
            None => ensure!(
                most < 3 || points.iter().filter(|&&p| p == most).count() > 1,
                "nobody holds the Harbormaster against {points:?} (BAH-2)"
            ),
        }
    } else {
        ensure!(
            s.harbormaster.is_none(),
            "the Harbormaster is held without the option"
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// What one action changes.

/// Gold, prisoners, barbarians, knights and trade tokens change only as the rules say,
/// with the events saying so. Gold is unsigned in the state: a payment the seat cannot
/// afford would underflow, which a debug build turns into a panic the suite reports.
fn check_change(
    before: &Game,
    after: &Game,
    ground: &Ground,
    action: Action,
    events: &[Event],
) -> Check {
    let (s0, s1) = (before.state(), after.state());
    let (b0, b1) = (&s0.barbarians, &s1.barbarians);
    let two = two_player(before);
    let mut gold = [0i32; 4];
    let mut prisoners = [0i32; 4];
    let mut placed = 0i32;
    let mut lost: Vec<(Seat, Edge)> = Vec::new();
    for event in events {
        match *event {
            Event::GoldWon { seat, gold: g } => {
                ensure!(g == ROLL_OFF_GOLD, "a lost roll-off pays {g} gold (BA-23)");
                gold[seat.index()] += i32::from(g);
            }
            Event::KnightLost {
                seat,
                edge,
                gold: g,
            } => {
                let want = if two {
                    KNIGHT_GOLD_FOR_TWO
                } else {
                    KNIGHT_GOLD
                };
                ensure!(
                    g == want,
                    "a lost knight pays {g} gold, not {want} (BA-26, BA2-11)"
                );
                gold[seat.index()] += i32::from(g);
                lost.push((seat, edge));
            }
            Event::GoldExchanged { seat, .. } => {
                gold[seat.index()] -= i32::from(GOLD_PER_RESOURCE);
            }
            Event::BarbarianCardDrawn {
                seat,
                card: BarbarianCard::Treason,
            } => gold[seat.index()] += i32::from(TREASON_GOLD),
            Event::PrisonerTaken { seat, .. } => prisoners[seat.index()] += 1,
            Event::PrisonersWon { seat, prisoners: n } if !s0.neutral.contains(seat) => {
                prisoners[seat.index()] += i32::from(n);
            }
            Event::KnightPlaced { .. } => placed += 1,
            _ => {}
        }
    }
    if let Action::ConfirmTrade(with) = action {
        let offer = s0
            .offer
            .offer
            .ok_or("a trade confirmed with no offer open")?;
        let (give, get) = (i32::from(offer.give_gold), i32::from(offer.get_gold));
        gold[s0.active.index()] += get - give;
        gold[with.index()] += give - get;
    }
    for seat in s0.seat_ids() {
        let i = seat.index();
        let delta = i32::from(b1.gold[i]) - i32::from(b0.gold[i]);
        ensure!(
            delta == gold[i],
            "{seat}'s gold went from {} to {} after {action:?}; the rules and events give {:+} \
             (BA-28)",
            b0.gold[i],
            b1.gold[i],
            gold[i]
        );
        let delta = i32::from(b1.prisoners[i]) - i32::from(b0.prisoners[i]);
        ensure!(
            delta == prisoners[i],
            "{seat}'s prisoners went from {} to {} after {action:?}; the events give {:+} \
             (BA-17, BA-23)",
            b0.prisoners[i],
            b1.prisoners[i],
            prisoners[i]
        );
    }
    // Knights: placed by a card or as a foreign knight, removed by casualties, moved one at
    // a time.
    let (k0, k1) = (knights(before), knights(after));
    ensure!(
        k1.len() as i32 == k0.len() as i32 + placed - lost.len() as i32,
        "{} knights became {} after {action:?}, with {placed} placed and {} lost",
        k0.len(),
        k1.len(),
        lost.len()
    );
    let as_set = |k: &[(Seat, Edge)]| k.iter().copied().collect::<BTreeSet<(Seat, Edge)>>();
    let (set0, set1) = (as_set(&k0), as_set(&k1));
    let t = before.topology();
    match action {
        Action::MoveKnight { from, to } => {
            let (from, to) = (t.edge(from), t.edge(to));
            let owner = k0.iter().find(|(_, e)| *e == from).map(|(s, _)| *s);
            let owner = owner.ok_or_else(|| format!("a knight moved from the empty {from}"))?;
            let mut want = set0.clone();
            want.remove(&(owner, from));
            want.insert((owner, to));
            ensure!(
                set1 == want,
                "moving the knight on {from} to {to} left the knights at {set1:?}"
            );
            ensure!(
                !ground.castle_paths.contains(&to),
                "a knight ended its move on the castle path {to} (BA-19)"
            );
        }
        Action::Casualties(die) => {
            // BA-25, D-BA-5: the involved knights on edges of the die's orientation fall;
            // foreign ones never do (BA2-10).
            let i = usize::from(b0.battle_at);
            ensure!(
                i < 10,
                "casualties outside a battle (battle_at {})",
                b0.battle_at
            );
            let side = match die {
                1 | 4 => "NE",
                2 | 5 => "E",
                _ => "SE",
            };
            let edges = ground.coastal[i].edges();
            let want: BTreeSet<(Seat, Edge)> = k0
                .iter()
                .copied()
                .filter(|(seat, e)| {
                    edges.contains(e)
                        && !s0.neutral.contains(*seat)
                        && format!("{e}").ends_with(&format!(",{side}"))
                })
                .collect();
            let gone: BTreeSet<(Seat, Edge)> = set0.difference(&set1).copied().collect();
            ensure!(
                gone == want && lost.iter().copied().collect::<BTreeSet<_>>() == want,
                "the casualty die {die} at {} removed {gone:?} (events {lost:?}); BA-25 \
                 removes {want:?}",
                ground.coastal[i]
            );
        }
        _ => ensure!(
            lost.is_empty() && set0.is_subset(&set1),
            "knights moved or fell after {action:?}: {set0:?} became {set1:?} (BA-19, BA-25)"
        ),
    }
    // Barbarians move only by landings, Treason, Intrigue, driving away and battles.
    let moves_barbarians = matches!(
        action,
        Action::LandBarbarian(_)
            | Action::TreasonMove { .. }
            | Action::TakePrisoner(_)
            | Action::DriveAwayBarbarian(_)
            | Action::EndTurn
            | Action::RollOff(_)
            | Action::Casualties(_)
    );
    if !moves_barbarians {
        ensure!(
            b0.on == b1.on && b0.supply == b1.supply,
            "barbarians moved after {action:?}: {:?} became {:?}",
            b0.on,
            b1.on
        );
    }
    if let Action::LandBarbarian(total) = action {
        // BA-10: the coastal hex with that number takes one from the supply unless it is
        // conquered; the result counts either way.
        let mut want = b0.on;
        if let Some(i) = ground.numbers.iter().position(|&n| n == total)
            && want[i] < CONQUERED_AT
            && b0.supply > 0
        {
            want[i] += 1;
        }
        ensure!(
            b1.on == want,
            "the landing result {total} made {:?} of {:?}; BA-10 gives {want:?}",
            b1.on,
            b0.on
        );
    }
    // BA-9: a settlement or a city lands barbarians at once, while the supply holds some
    // (two players: after the neutral's free piece, BA2-4).
    if s0.phase == Phase::Main
        && matches!(action, Action::BuildSettlement(_) | Action::BuildCity(_))
        && b0.supply > 0
        && s1.phase != Phase::Over
    {
        ensure!(
            matches!(s1.phase, Phase::Landing | Phase::NeutralBuilding { .. }),
            "{action:?} did not start a landing: {} (BA-9)",
            after.describe_phase()
        );
    }
    // BA-11: no new settlement or road on a conquered hex.
    match action {
        Action::BuildSettlement(c) | Action::NeutralSettlement { corner: c, .. } => {
            let corner = t.corner(c);
            ensure!(
                !ground.corner_on_conquered(before, corner),
                "a settlement was built on {corner}, a corner of a conquered hex (BA-11)"
            );
        }
        Action::BuildRoad(e) | Action::NeutralRoad { edge: e, .. } => {
            let edge = t.edge(e);
            ensure!(
                !ground.edge_on_conquered(before, edge),
                "a road was built on {edge}, an edge of a conquered hex (BA-11)"
            );
        }
        _ => {}
    }
    // BA-22 to BA-24: once the battle check is over, no coastal hex is left where the
    // knights outnumber its barbarians: a win there empties the hex, and knights only fall
    // afterwards.
    if s1.turn != s0.turn && s0.turn > 0 && s1.phase != Phase::Over {
        for i in 0..10 {
            let n = usize::from(b1.on[i]);
            ensure!(
                n == 0 || ground.involved(after, i) <= n,
                "after the battle check {} holds {n} barbarians against {} knights (BA-22)",
                ground.coastal[i],
                ground.involved(after, i)
            );
        }
    }
    if two {
        check_token_change(before, after, ground, action, &lost)?;
    }
    Ok(())
}

/// BA2-6, BA2-7, BA2-11: tokens are earned by settling on the coast or by the desert and
/// by losing knights, and spent one (two while ahead) per token action.
fn check_token_change(
    before: &Game,
    after: &Game,
    ground: &Ground,
    action: Action,
    lost: &[(Seat, Edge)],
) -> Check {
    let (b0, b1) = (&before.state().barbarians, &after.state().barbarians);
    let mut want = [b0.tokens[0], b0.tokens[1]];
    let mut supply = b0.token_supply;
    let seat = before.state().active;
    match action {
        Action::BuildSettlement(c) if before.state().phase == Phase::Main => {
            let corner = before.topology().corner(c);
            let hexes = corner.hexes();
            let desert = hexes.iter().any(|h| ground.desert.contains(h));
            let coast = hexes.iter().any(|h| !ground.on_board.contains(h));
            let earned = (2 * u8::from(desert) + u8::from(coast)).min(supply);
            want[seat.index()] += earned;
            supply -= earned;
        }
        Action::DriveAwayBarbarian(_) | Action::ForceTrade => {
            let other = Seat(1 - seat.0);
            let cost = if before.victory_points(seat) <= before.victory_points(other) {
                1
            } else {
                2
            };
            want[seat.index()] -= cost;
            supply += cost;
        }
        _ => {}
    }
    for (owner, _) in lost {
        if supply > 0 {
            want[owner.index()] += 1;
            supply -= 1;
        }
    }
    ensure!(
        b1.tokens[..2] == want && b1.token_supply == supply,
        "tokens {:?} (supply {}) became {:?} (supply {}) after {action:?}; BA2-6, BA2-7 and \
         BA2-11 give {want:?} (supply {supply})",
        &b0.tokens[..2],
        b0.token_supply,
        &b1.tokens[..2],
        b1.token_supply
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Who acts, what is listed, and legal ⇔ applies.

/// Who must act matches who has something to do; chance has outcomes exactly when it
/// must act. Returns each seat's legal actions.
fn check_who_acts(game: &Game) -> Result<Vec<LegalActions>, String> {
    let to_act = game.to_act();
    check_chance_acts_when_due(game, &game.chance_outcomes())?;
    let mut all = Vec::new();
    for seat in (0..game.seats() + 1).map(Seat) {
        let legal = game.legal_actions(seat);
        let waited_for = matches!(to_act, ToAct::Seats(s) if s.contains(seat));
        ensure!(
            legal.is_empty() != waited_for,
            "{seat}: to_act is {to_act:?} but its legal actions are {legal:?}"
        );
        all.push(legal);
    }
    Ok(all)
}

/// The listed actions of `seat` obey the rules of this scenario, as the text says them.
fn check_listed(
    game: &Game,
    ground: &Ground,
    turn: &TurnLog,
    seat: Seat,
    legal: &LegalActions,
) -> Check {
    let s = game.state();
    let t = game.topology();
    let b = &s.barbarians;
    ensure!(
        !s.neutral.contains(seat) || legal.is_empty(),
        "neutral {seat} may act: {legal:?} (BA2-1)"
    );
    let on_board = knights(game);
    let taken: HashSet<Edge> = on_board.iter().map(|(_, e)| *e).collect();
    let grain = s.player(seat).hand.get(Resource::Grain) > 0;
    for &a in &legal.actions {
        match a {
            Action::MoveKnight { from, to } => {
                let (from, to) = (t.edge(from), t.edge(to));
                let owner = on_board.iter().find(|(_, e)| *e == from).map(|(o, _)| *o);
                ensure!(
                    owner.is_some_and(|o| o == seat || s.neutral.contains(o)),
                    "{seat} may move a knight from {from}, which holds {owner:?} (BA-19, BA2-9)"
                );
                ensure!(
                    !turn.moved_to.contains(&from),
                    "{seat} may move the knight on {from} again this turn (BA-19)"
                );
                ensure!(
                    !taken.contains(&to)
                        && !ground.castle_paths.contains(&to)
                        && ground.paths.contains(&to),
                    "{seat} may end a knight's move on {to}: taken, the castle or no path (BA-19)"
                );
                let steps = ground.steps(from, to);
                let reach = if grain { BOOSTED_STEPS } else { STEPS };
                ensure!(
                    steps.is_some_and(|n| n <= reach),
                    "{seat} may move a knight from {from} to {to}, {steps:?} steps; the most is \
                     {reach} (BA-19)"
                );
            }
            Action::PlaceKnight(e) => {
                let edge = t.edge(e);
                let castle_only = matches!(s.phase, Phase::PlacingKnight { castle_only: true });
                ensure!(
                    !taken.contains(&edge) && ground.paths.contains(&edge),
                    "{seat} may place a knight on {edge}, taken or no path (BA-14, BA-15)"
                );
                ensure!(
                    !castle_only || ground.castle_paths.contains(&edge),
                    "Knighthood may place {seat}'s knight on {edge}, off the castle (BA-14)"
                );
                let mine = on_board.iter().filter(|(o, _)| *o == seat).count();
                ensure!(
                    mine < KNIGHTS_PER_PLAYER,
                    "{seat} may place a knight with all {mine} on the board (D-BA-13)"
                );
            }
            Action::PlaceForeignKnight(Some(e)) => {
                let edge = t.edge(e);
                ensure!(
                    ground.castle_paths.contains(&edge) && !taken.contains(&edge),
                    "a foreign knight may start on {edge}: taken or off the castle (BA2-8)"
                );
            }
            Action::BuildSettlement(c) | Action::NeutralSettlement { corner: c, .. } => {
                let corner = t.corner(c);
                ensure!(
                    !ground.corner_on_conquered(game, corner),
                    "{seat} may build a settlement on {corner}, on a conquered hex (BA-11)"
                );
            }
            Action::BuildRoad(e) | Action::NeutralRoad { edge: e, .. } => {
                let edge = t.edge(e);
                ensure!(
                    !ground.edge_on_conquered(game, edge),
                    "{seat} may build a road on {edge}, on a conquered hex (BA-11)"
                );
            }
            Action::BuildCity(c) => {
                let corner = t.corner(c);
                ensure!(
                    !ground.building_conquered(game, corner),
                    "{seat} may upgrade its conquered settlement on {corner} (D-BA-3)"
                );
            }
            Action::BuyWithGold(r) => ensure!(
                b.gold[seat.index()] >= GOLD_PER_RESOURCE
                    && turn.exchanges < EXCHANGES_PER_TURN
                    && s.bank.get(r) > 0,
                "{seat} may buy {r} with {} gold after {} exchanges this turn (BA-28)",
                b.gold[seat.index()],
                turn.exchanges
            ),
            Action::EndTurn => {
                let stuck = on_board.iter().find(|(o, e)| {
                    (*o == seat || s.neutral.contains(*o)) && ground.castle_paths.contains(e)
                });
                ensure!(
                    stuck.is_none(),
                    "{seat} may end its turn with a knight in the castle: {stuck:?} (BA-20)"
                );
            }
            Action::RobPlayer(Some(victim)) => ensure!(
                victim != seat && !s.neutral.contains(victim) && !s.player(victim).hand.is_empty(),
                "{seat} may rob {victim} (BA-29: another player holding a card)"
            ),
            Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayYearOfPlenty(_)
            | Action::PlayMonopoly(_)
            | Action::MoveRobber { .. }
            | Action::MovePirate { .. }
            | Action::BuildShip(_)
            | Action::MoveShip { .. } => {
                return Err(format!(
                    "{seat} may {a:?}: Barbarian Attack has no base cards, robber or ships (BA-2)"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Every action listed for every seat and every chance outcome applies on a copy; the
/// ranges (discards, gold picks, cards given back, offers) are sampled.
fn check_listed_actions_apply(game: &Game, legal: &[LegalActions]) -> Check {
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(game.state().turn));
    for seat in game.state().seat_ids() {
        let legal = &legal[seat.index()];
        let mut seen = HashSet::new();
        for &action in &legal.actions {
            ensure!(seen.insert(action), "{seat}: {action:?} is listed twice");
            check_listed_action_applies(game, seat, action)?;
        }
        for (range, kind) in [
            (legal.discard, "discard"),
            (legal.gold, "gold"),
            (legal.give_back, "give back"),
        ] {
            let Some(range) = range else { continue };
            for _ in 0..3 {
                let cards = random_sub_hand(range.from, u32::from(range.count), &mut rng);
                let action = match kind {
                    "discard" => Action::Discard(cards),
                    "gold" => Action::PickResources(cards),
                    _ => Action::GiveBack(cards),
                };
                check_against(game, Actor::Seat(seat), action, true)?;
            }
        }
        if let Some(range) = legal.offer {
            for _ in 0..3 {
                if let Some(offer) = random_offer(&range, &mut rng) {
                    check_against(game, Actor::Seat(seat), Action::OfferTrade(offer), true)?;
                }
            }
        }
    }
    for (action, weight) in game.chance_outcomes() {
        check_chance_outcome_applies(game, action, weight)?;
    }
    Ok(())
}

/// A random action by a random actor, mostly not legal: ids on and off the board, every
/// kind of this scenario's actions, chance's outcomes of every kind, seats not at the
/// table, neutral seats, and the base game's actions Barbarian Attack has no place for.
fn random_candidate(game: &Game, ground: &Ground, rng: &mut ChaCha8Rng) -> (Actor, Action) {
    let t = game.topology();
    let s = game.state();
    let seats = usize::from(game.seats());
    let actor = random_actor(game, &[seats as u8, 7, 200], rng);
    let corner = |rng: &mut ChaCha8Rng| {
        CornerId(match rng.below(10) {
            0 => (t.corner_count() + rng.below(5)) as u16,
            _ => rng.below(t.corner_count()) as u16,
        })
    };
    let edge = |rng: &mut ChaCha8Rng| {
        EdgeId(match rng.below(10) {
            0 => (t.edge_count() + rng.below(5)) as u16,
            1 => u16::MAX,
            _ => rng.below(t.edge_count()) as u16,
        })
    };
    // Mostly a coastal hex, sometimes any hex or none.
    let hex = |rng: &mut ChaCha8Rng| {
        if rng.chance(3) {
            HexId(rng.below(t.hex_count() + 3) as u8)
        } else {
            let h = ground.coastal[rng.below(10)];
            t.hex_id(h).expect("a coastal hex on the board")
        }
    };
    let resource = |rng: &mut ChaCha8Rng| Resource::ALL[rng.below(5)];
    let seat = |rng: &mut ChaCha8Rng| Seat(rng.below(seats + 1) as u8);
    let own = match actor {
        Actor::Seat(a) if a.index() < seats => Some(a),
        _ => None,
    };
    let hand = own.map_or(Resources::EMPTY, |a| s.player(a).hand);
    let knight_edges: Vec<EdgeId> = s.barbarians.knights[..usize::from(s.barbarians.knight_count)]
        .iter()
        .map(|k| k.edge)
        .collect();
    let some_cards = |rng: &mut ChaCha8Rng, from: Resources, most: usize| {
        if rng.chance(3) {
            let mut out = Resources::EMPTY;
            for _ in 0..rng.below(most) {
                *out.get_mut(Resource::ALL[rng.below(5)]) += 1;
            }
            out
        } else {
            random_sub_hand(from, rng.below(most) as u32, rng)
        }
    };
    let action = match rng.below(34) {
        0 => Action::BuildSettlement(corner(rng)),
        1 => Action::BuildRoad(edge(rng)),
        2 => Action::BuildCity(corner(rng)),
        3 => Action::BuyDevelopmentCard,
        4 => Action::RollDice,
        5 => Action::EndTurn,
        6 => Action::Discard(some_cards(rng, hand, 8)),
        7 => Action::PlaceKnight(edge(rng)),
        8 | 9 => Action::MoveKnight {
            from: if !knight_edges.is_empty() && !rng.chance(4) {
                knight_edges[rng.below(knight_edges.len())]
            } else {
                edge(rng)
            },
            to: edge(rng),
        },
        10 => Action::TreasonMove {
            from: (!rng.chance(3)).then(|| hex(rng)),
            to: hex(rng),
        },
        11 => Action::TakePrisoner(hex(rng)),
        12 => Action::BuyWithGold(resource(rng)),
        13 => Action::RobPlayer((!rng.chance(3)).then(|| seat(rng))),
        14 => Action::NeutralRoad {
            seat: seat(rng),
            edge: edge(rng),
        },
        15 => Action::NeutralSettlement {
            seat: seat(rng),
            corner: corner(rng),
        },
        16 => Action::PlaceForeignKnight((!rng.chance(4)).then(|| edge(rng))),
        17 => Action::DriveAwayBarbarian(hex(rng)),
        18 => Action::ForceTrade,
        19 => Action::GiveBack(some_cards(rng, hand, 4)),
        20 => {
            let roads: Vec<usize> = own
                .map(|a| s.player(a).roads.iter().collect())
                .unwrap_or_default();
            Action::DamageRoad(if !roads.is_empty() && rng.chance(2) {
                EdgeId(roads[rng.below(roads.len())] as u16)
            } else {
                edge(rng)
            })
        }
        21 => Action::RepairRoad(edge(rng)),
        22 => Action::GiveCard {
            to: seat(rng),
            resource: resource(rng),
        },
        23 => Action::TradeWithBank {
            give: resource(rng),
            get: resource(rng),
        },
        24 => {
            let gold = own.map_or(0, |a| s.barbarians.gold[a.index()]);
            Action::OfferTrade(TradeOffer {
                give: some_cards(rng, hand, 3),
                get: some_cards(rng, Resources([2; 5]), 3),
                to: SeatSet(rng.below(1 << (seats + 1)) as u8),
                give_gold: if rng.chance(2) {
                    rng.below(usize::from(gold) + 2) as u8
                } else {
                    0
                },
                get_gold: if rng.chance(3) { rng.below(5) as u8 } else { 0 },
            })
        }
        25 => [
            Action::AcceptTrade,
            Action::RejectTrade,
            Action::CancelTrade,
            Action::ConfirmTrade(seat(rng)),
        ][rng.below(4)],
        26 => Action::LandBarbarian(rng.below(15) as u8),
        27 => Action::DrawBarbarianCard(BarbarianCard::ALL[rng.below(4)]),
        28 => {
            let mut dice = [0u8; 4];
            for d in dice.iter_mut().take(seats) {
                *d = rng.below(8) as u8;
            }
            Action::RollOff(dice)
        }
        29 => Action::Casualties(rng.below(8) as u8),
        30 => {
            let victim = s.players[rng.below(seats)].hand;
            Action::TakeCards(some_cards(rng, victim, 4))
        }
        31 => {
            let (event, _, _) = EVENT_DECK[rng.below(EVENT_DECK.len())];
            let kinds = [event, EventKind::Calm, EventKind::RobberAttacks];
            Action::RevealEvent(EventCard {
                event: kinds[rng.below(3)],
                number: rng.below(14) as u8,
            })
        }
        32 => Action::Dice(rng.below(8) as u8, rng.below(8) as u8),
        _ => [
            Action::PlayKnight,
            Action::PlayRoadBuilding,
            Action::PlayMonopoly(resource(rng)),
            Action::BuildShip(edge(rng)),
            Action::MoveRobber {
                hex: hex(rng),
                victim: None,
            },
            Action::DrawDevelopmentCard(DevelopmentCard::ALL[rng.below(5)]),
            Action::StealResource(resource(rng)),
        ][rng.below(7)],
    };
    (actor, action)
}

// ---------------------------------------------------------------------------------------
// The players.

/// An offer inside the range, gold on one side now and then (BA-28), if the draw fits.
fn random_offer(
    range: &settlers_core::action::OfferRange,
    rng: &mut ChaCha8Rng,
) -> Option<TradeOffer> {
    let give = random_sub_hand(range.can_give, rng.below(3) as u32, rng);
    let give_gold = if range.gold && range.can_give_gold > 0 && (give.is_empty() || rng.chance(3)) {
        1 + rng.below(usize::from(range.can_give_gold.min(4))) as u8
    } else {
        0
    };
    let others: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|r| give.get(*r) == 0)
        .collect();
    let mut get = Resources::EMPTY;
    if !others.is_empty() && (give_gold > 0 || !rng.chance(4)) {
        for _ in 0..1 + rng.below(2) {
            *get.get_mut(others[rng.below(others.len())]) += 1;
        }
    }
    let get_gold = if range.gold && give_gold == 0 && (get.is_empty() || rng.chance(4)) {
        1 + rng.below(4) as u8
    } else {
        0
    };
    let mut to = SeatSet::EMPTY;
    for o in range.to.iter() {
        if rng.chance(2) {
            to.insert(o);
        }
    }
    if to.is_empty() {
        to = SeatSet::one(range.to.iter().next()?);
    }
    let offer = TradeOffer {
        give,
        get,
        to,
        give_gold,
        get_gold,
    };
    range.permits(&offer).then_some(offer)
}

/// Building costs (B-9) and the card's (BA-13), written out here rather than taken from the
/// engine.
const GOALS: [Resources; 4] = [
    Resources::new(0, 0, 0, 2, 3),
    Resources::new(1, 1, 1, 1, 0),
    Resources::new(0, 0, 1, 1, 1),
    Resources::new(1, 1, 0, 0, 0),
];

/// A player that builds first, buys cards, sends knights where barbarians are, and takes
/// every other kind of action now and then, so that games reach 12 points in a few
/// hundred turns and pass through every part of the rules.
fn choose_for_seat(
    game: &Game,
    ground: &Ground,
    seat: Seat,
    legal: &LegalActions,
    rng: &mut ChaCha8Rng,
) -> Result<Action, String> {
    if let Some(action) = owed_cards(legal, rng) {
        return Ok(action);
    }
    let s = game.state();
    let t = game.topology();
    // With the Harbormaster a harbor corner is worth as much as good numbers (BAH-1).
    let harbormaster = game.config().options.harbormaster;
    let worth = |c: CornerId| {
        pips(game, c)
            + if harbormaster && ground.harbor_corners.contains(&t.corner(c)) {
                6
            } else {
                0
            }
    };
    if s.phase == Phase::SetupSettlement && !rng.chance(4) {
        let best = legal
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::BuildSettlement(c) => Some((worth(*c), *a)),
                _ => None,
            })
            .max_by_key(|(p, _)| *p);
        if let Some((_, action)) = best {
            return Ok(action);
        }
    }
    let hand = s.player(seat).hand;
    let useful = |give: Resource, get: Resource, rate: u8| {
        GOALS
            .iter()
            .any(|goal| hand.get(get) < goal.get(get) && hand.get(give) >= goal.get(give) + rate)
    };
    let site_open = !game.view(seat).settlement_sites(seat).is_empty();
    let kind = |a: &Action| -> usize {
        match a {
            Action::BuildCity(_) | Action::BuildSettlement(_) => 0,
            Action::BuildRoad(_) if s.phase == Phase::Main => 1,
            Action::BuyDevelopmentCard => 2,
            Action::TradeWithBank { give, get }
                if useful(*give, *get, game.bank_rate(seat, *give)) =>
            {
                3
            }
            Action::BuyWithGold(get) if useful(*get, *get, 0) || hand.get(*get) == 0 => 3,
            Action::TradeWithBank { .. } | Action::BuyWithGold(_) => 4,
            Action::MoveKnight { .. } => 5,
            Action::EndTurn => 6,
            Action::RollDice => 7,
            Action::DriveAwayBarbarian(_) | Action::ForceTrade => 8,
            Action::ConfirmTrade(_) => 9,
            Action::CancelTrade => 10,
            Action::RepairRoad(_) => 12,
            _ => 11,
        }
    };
    let weights: [u32; 13] = [
        100,
        if site_open { 3 } else { 30 },
        40,
        60,
        2,
        25,
        10,
        80,
        8,
        60,
        20,
        50,
        80,
    ];
    let offer_weight = match legal.offer {
        Some(_) if s.offers_this_turn == 0 => 6,
        _ => 0,
    };
    let Some((k, of_kind)) = draw_kind(legal, kind, &weights, offer_weight, seat, rng)? else {
        let range = legal.offer.expect("the rest of the weight is the offer's");
        return Ok(random_offer(&range, rng)
            .map(Action::OfferTrade)
            .unwrap_or_else(|| legal.actions[rng.below(legal.actions.len())]));
    };
    if k == 0 && !rng.chance(3) {
        // Cities first, then the richest corner.
        let best = of_kind.iter().copied().max_by_key(|a| match a {
            Action::BuildCity(c) => 100 + worth(*c),
            Action::BuildSettlement(c) => worth(*c),
            _ => 0,
        });
        return Ok(best.expect("a build of kind 0"));
    }
    if k == 5 && rng.chance(2) {
        // To a coast where barbarians wait and the knights do not yet win.
        let toward: Vec<Action> = of_kind
            .iter()
            .copied()
            .filter(|a| {
                let Action::MoveKnight { to, .. } = a else {
                    return false;
                };
                t.edge(*to).hexes().iter().any(|h| {
                    ground.coastal_index(*h).is_some_and(|i| {
                        s.barbarians.on[i] > 0
                            && ground.involved(game, i) <= usize::from(s.barbarians.on[i])
                    })
                })
            })
            .collect();
        if !toward.is_empty() {
            return Ok(toward[rng.below(toward.len())]);
        }
    }
    Ok(of_kind[rng.below(of_kind.len())])
}

// ---------------------------------------------------------------------------------------
// Hidden information.

/// Each seat's view holds its own hand and nobody else's; the spectator's holds no hand; no
/// view holds the deck's order or contents; what the view shows of barbarians, knights,
/// gold, prisoners and points is the state's.
fn check_views(game: &Game, ground: &Ground, viewers: &[Option<Seat>]) -> Check {
    let s = game.state();
    let b = &s.barbarians;
    let t = game.topology();
    for &viewer in viewers {
        let (view, json, who) = view_of(game, viewer)?;
        let list = json["players"]
            .as_array()
            .ok_or_else(|| format!("{who}'s view has no players"))?;
        ensure!(
            list.len() == usize::from(s.seats),
            "{who}'s view lists {} players",
            list.len()
        );
        for (i, p) in list.iter().enumerate() {
            let seat = Seat(i as u8);
            let own = viewer == Some(seat);
            ensure!(
                p.get("hand").is_some() == own,
                "{who}'s view {} {seat}'s hand",
                if own { "lacks" } else { "shows" }
            );
            if own {
                ensure!(
                    p["hand"] == serde_json::to_value(s.player(seat).hand).unwrap(),
                    "{who}'s view shows its hand wrong"
                );
            }
            ensure!(
                p["resource_count"].as_u64() == Some(u64::from(s.player(seat).hand.total())),
                "{who}'s view counts {seat}'s cards wrong"
            );
            let points = expected_points(game, ground, seat);
            ensure!(
                p["victory_points"].as_u64() == Some(u64::from(points)),
                "{who}'s view shows {} points for {seat}, not {points}",
                p["victory_points"]
            );
        }
        // The barbarians' part of the table is public (BA-2 to BA-31), the deck's order not.
        let bv = &json["barbarians"];
        for (i, h) in ground.coastal.iter().enumerate() {
            let shown = bv["on"][h.to_string().as_str()].as_u64().unwrap_or(0);
            ensure!(
                shown == u64::from(b.on[i]),
                "{who}'s view shows {shown} barbarians on {h}, the state {}",
                b.on[i]
            );
        }
        ensure!(
            bv["supply"].as_u64() == Some(u64::from(b.supply))
                && bv["deck"].as_u64() == Some(b.deck.iter().map(|&n| u64::from(n)).sum()),
            "{who}'s view shows the supply as {} and the deck as {}",
            bv["supply"],
            bv["deck"]
        );
        let playing = usize::from(s.seats);
        ensure!(
            bv["gold"] == serde_json::to_value(&b.gold[..playing]).unwrap()
                && bv["prisoners"] == serde_json::to_value(&b.prisoners[..playing]).unwrap(),
            "{who}'s view shows gold {} and prisoners {}",
            bv["gold"],
            bv["prisoners"]
        );
        let mut shown_knights: Vec<(u64, String)> = bv["knights"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|k| {
                (
                    k["seat"].as_u64().unwrap_or(99),
                    k["edge"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        let mut knights_now: Vec<(u64, String)> = knights(game)
            .into_iter()
            .map(|(x, e)| (u64::from(x.0), e.to_string()))
            .collect();
        shown_knights.sort();
        knights_now.sort();
        ensure!(
            shown_knights == knights_now,
            "{who}'s view shows the knights {shown_knights:?}, the state {knights_now:?}"
        );
        // The view's accessors, which bots read, say what its data form says.
        let mut read_knights: Vec<(u64, String)> = view
            .knights()
            .iter()
            .map(|k| (u64::from(k.seat.0), t.edge(k.edge).to_string()))
            .collect();
        read_knights.sort();
        ensure!(
            read_knights == knights_now,
            "{who}'s view reads the knights {read_knights:?}, the state {knights_now:?}"
        );
        for (i, h) in ground.coastal.iter().enumerate() {
            ensure!(
                view.barbarians_on()[i] == b.on[i],
                "{who}'s view reads {} barbarians on {h}, the state {}",
                view.barbarians_on()[i],
                b.on[i]
            );
        }
        for x in s.seat_ids() {
            let tokens = bv["tokens"][x.index()].as_u64().unwrap_or(0);
            ensure!(
                u64::from(view.gold(x)) == bv["gold"][x.index()].as_u64().unwrap_or(0)
                    && u64::from(view.trade_tokens(x)) == tokens
                    && view.neutral_seats().contains(x)
                        == json["players"][x.index()]["neutral"]
                            .as_bool()
                            .unwrap_or(false),
                "{who}'s view reads {x}'s gold, trade tokens or neutrality unlike its data"
            );
        }
        let mut conquered: Vec<String> = bv["conquered_buildings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().map(String::from))
            .collect();
        let mut expected: Vec<String> = s
            .seat_ids()
            .flat_map(|x| s.player(x).buildings().iter().collect::<Vec<_>>())
            .map(|c| t.corner(CornerId(c as u16)))
            .filter(|c| ground.building_conquered(game, *c))
            .map(|c| c.to_string())
            .collect();
        conquered.sort();
        expected.sort();
        ensure!(
            conquered == expected,
            "{who}'s view shows the conquered buildings {conquered:?}, BA-12 gives {expected:?}"
        );
        // Anything shaped like a hand may appear only where the viewer may see it.
        let mut allowed: Vec<String> =
            vec!["/bank".into(), "/offer/give".into(), "/offer/get".into()];
        for x in 0..s.seats {
            allowed.push(format!("/players/{x}/bank_rates"));
            // What the table can know of each hand (card tracking): public knowledge, checked
            // for soundness and leaks by settlers-bots/tests/card_tracking.rs.
            allowed.push(format!("/players/{x}/hand_bounds/low"));
            allowed.push(format!("/players/{x}/hand_bounds/high"));
        }
        allowed.push("/unseen_development_cards".into());
        check_no_hidden_cards(&json, &[], viewer, allowed, &who)?;
        // No key names the deck's contents or the generator: only the decks' sizes.
        let mut secret = Vec::new();
        find_secret_keys(&json, &mut Vec::new(), &mut secret);
        ensure!(
            secret.is_empty(),
            "{who}'s view has fields about hidden things: {secret:?}"
        );
    }
    Ok(())
}

/// Keys that would hold the deck's order or contents, the event cards still to come, or
/// the generator: any key naming a deck, a seed or an order, unless it is a deck's size.
fn find_secret_keys(value: &Value, path: &mut Vec<String>, out: &mut Vec<String>) {
    for (k, v) in json_children(value) {
        // Sizes and flags are numbers; contents would be objects or arrays. A seed is
        // secret whatever its shape.
        let contents = v.is_object() || v.is_array();
        let named = ["deck", "order", "left", "discard"]
            .iter()
            .any(|w| k.contains(w))
            && contents
            || ["seed", "rng"].iter().any(|w| k.contains(w));
        // The map's own sheet (battle order, castle) is public board data.
        if named && path.first().map(String::as_str) != Some("map") {
            path.push(k.clone());
            out.push(format!("/{}", path.join("/")));
            path.pop();
        }
        path.push(k);
        find_secret_keys(v, path, out);
        path.pop();
    }
}

// ---------------------------------------------------------------------------------------
// The checks themselves: they pass a sound game and fail when fed a wrong one.

/// A game of `players` played by the test's players for `steps` steps.
fn a_game_in_progress(players: u8, options: GameOptions, steps: usize) -> (Game, Ground) {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut game = common::new_game("barbarian-attack", players, None, options, &mut rng).unwrap();
    let ground = Ground::of(&game).unwrap();
    let mut legal = LegalActions::default();
    for _ in 0..steps {
        let Some((actor, action)) =
            common::next_move(&game, &mut legal, &mut rng, |seat, legal, rng| {
                choose_for_seat(&game, &ground, seat, legal, rng).unwrap()
            })
        else {
            break;
        };
        game.apply(actor, action).unwrap();
    }
    (game, ground)
}

/// The game of a position changed by `edit`, if the engine loads it.
fn edited(game: &Game, edit: impl FnOnce(&mut Position)) -> Option<Game> {
    let mut position = game.to_position();
    edit(&mut position);
    Game::from_position(&position).ok()
}

// The engine refuses positions that break a count (more barbarians, cards or knights than
// the game has), so the edits below are the ones it loads: they break what only play can
// break, and the checks must see it.

#[test]
fn the_state_checks_pass_a_sound_game_and_catch_a_knight_left_in_the_castle() {
    let (game, ground) = a_game_in_progress(3, GameOptions::default(), 600);
    let turn = TurnLog {
        turn: game.state().turn,
        ..TurnLog::default()
    };
    check_state(&game, &ground, &turn).unwrap();
    let castle = edited(&game, |p| {
        let path = "-1,4".parse::<Hex>().unwrap().edges()[0];
        let b = p.barbarians.as_mut().unwrap();
        b.knights.retain(|k| k.edge != path);
        b.knights.push(settlers_core::position::KnightPosition {
            seat: 0,
            edge: path,
            moved: false,
        });
    })
    .expect("a position with a knight in the castle loads");
    let verdict = check_state(&castle, &ground, &turn);
    assert!(
        verdict.as_ref().is_err_and(|e| e.contains("castle")),
        "a knight in the castle that was not placed this turn passes: {verdict:?}"
    );
}

#[test]
fn the_change_checks_catch_gold_and_barbarians_from_nowhere() {
    let (game, ground) = a_game_in_progress(4, GameOptions::default(), 400);
    let gold = edited(&game, |p| p.barbarians.as_mut().unwrap().gold[0] += 3)
        .expect("a position with more gold loads");
    let verdict = check_change(&game, &gold, &ground, Action::EndTurn, &[]);
    assert!(
        verdict.as_ref().is_err_and(|e| e.contains("gold")),
        "gold from nowhere passes: {verdict:?}"
    );
    // The same gold with the event that pays it is sound.
    let paid = [Event::GoldWon {
        seat: Seat(0),
        gold: ROLL_OFF_GOLD,
    }];
    check_change(&game, &gold, &ground, Action::EndTurn, &paid).unwrap();
    let landed = edited(&game, |p| {
        let b = p.barbarians.as_mut().unwrap();
        b.supply = b.supply.map(|n| n - 1);
        *b.on.entry("1,0".into()).or_insert(0) += 1;
    });
    if let Some(landed) = landed {
        let verdict = check_change(&game, &landed, &ground, Action::BuyDevelopmentCard, &[]);
        assert!(
            verdict
                .as_ref()
                .is_err_and(|e| e.contains("barbarians moved")),
            "a barbarian landing on a bought card passes: {verdict:?}"
        );
    }
}

#[test]
fn the_leak_finder_finds_a_hand_and_a_deck() {
    let json = serde_json::json!({
        "bank": {"brick": 1},
        "players": [{"hand": {"ore": 2}}],
        "barbarians": {"deck": 26, "deck_order": ["knighthood"]},
    });
    let mut leaks = Vec::new();
    find_card_sets(&json, &[], &mut Vec::new(), &mut leaks);
    assert_eq!(
        leaks,
        vec!["/bank".to_string(), "/players/0/hand".to_string()]
    );
    let mut secret = Vec::new();
    find_secret_keys(&json, &mut Vec::new(), &mut secret);
    assert_eq!(secret, vec!["/barbarians/deck_order".to_string()]);
}

#[test]
fn a_knight_walk_counts_steps_along_paths() {
    let (_, ground) = a_game_in_progress(3, GameOptions::default(), 0);
    let centre = "1,2".parse::<Hex>().unwrap().edges();
    // BA-19: paths sharing a corner are one step apart; the far side of a hex three.
    assert_eq!(ground.steps(centre[0], centre[0]), Some(0));
    assert_eq!(ground.steps(centre[0], centre[1]), Some(1));
    assert_eq!(ground.steps(centre[0], centre[2]), Some(2));
    assert_eq!(ground.steps(centre[0], centre[3]), Some(3));
    // The castle is the far corner from the desert: more than five steps apart.
    let castle = "-1,4".parse::<Hex>().unwrap().edges();
    let desert = "3,0".parse::<Hex>().unwrap().edges();
    assert_eq!(ground.steps(castle[0], desert[0]), None);
    assert_eq!(ground.castle_paths.len(), 6);
    assert_eq!(ground.coastal_index("0,4".parse().unwrap()), Some(6));
}
