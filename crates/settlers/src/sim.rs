//! `settlers sim`: many games between bots, in parallel.
//!
//! Game `i` is seeded from the run's seed and `i` alone (`play::game_seed`), so the
//! results do not depend on the number of threads or on which thread played which game.

use crate::maps::read_map;
use crate::output::{counted, emit};
use anyhow::{Context, Result, bail};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_bots::stats::wilson_interval;
use settlers_bots::{BOT_NAMES, Bot, by_name};
use settlers_core::map::{Layout, LayoutOptions, SpiralDirection};
use settlers_core::state::MAX_SEATS;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SimArgs {
    /// The scenario to play (`settlers maps list` shows them).
    #[arg(long, default_value = "base")]
    scenario: String,
    /// Play a map of your own instead of a scenario (docs/map-format.md, "Your own maps").
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    map: Option<PathBuf>,
    /// One bot per seat, in seat order. A bot's settings follow its name after colons:
    /// `mcts:iterations=400:turns=2` (docs/bots.md).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "heuristic,random,random,random",
        value_parser = BotNameParser
    )]
    players: Vec<String>,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Play each deal (board, first seat and chance's seed) once in every seating order of
    /// the line-up, each player moving one seat on, so no bot gains from its seat; the
    /// report then gives each player's wins wherever it sat. `--games` is then a multiple of
    /// the number of seats.
    #[arg(long)]
    rotate: bool,
    /// The seed every game's seed is drawn from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing games; every core when not given.
    #[arg(long)]
    threads: Option<usize>,
    /// Write each game's record to DIR/game-NNNNN.json.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// How the board is laid out; the scenario's own layout when not given (variable for the
    /// base game, the printed board for Seafarers).
    #[arg(long, value_enum)]
    layout: Option<LayoutArg>,
    /// Walk the number spiral clockwise instead of counterclockwise (variable layout).
    #[arg(long)]
    clockwise_spiral: bool,
    /// Let 6s and 8s touch in the random layout (the rules keep them apart).
    #[arg(long)]
    red_numbers_together: bool,
    /// The victory target; the scenario's when not given.
    #[arg(long)]
    victory_points: Option<u8>,
    /// Stop a game after this many actions (chance included) and count it unfinished.
    #[arg(long, default_value_t = 100_000)]
    max_steps: u64,
    #[command(flatten)]
    variants: crate::variants::VariantArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LayoutArg {
    /// The board as printed in the rules.
    Beginner,
    /// Terrain and harbors shuffled, numbers by the spiral.
    Variable,
    /// Terrain, numbers and harbors shuffled.
    Random,
}

fn layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::Beginner => "beginner",
        Layout::Variable => "variable",
        Layout::Random => "random",
    }
}

impl LayoutArg {
    pub fn layout(self) -> Layout {
        match self {
            LayoutArg::Beginner => Layout::Beginner,
            LayoutArg::Variable => Layout::Variable,
            LayoutArg::Random => Layout::Random,
        }
    }
}

/// What one thread saw.
#[derive(Default)]
struct Tally {
    wins: [u64; MAX_SEATS],
    /// Games that ended because nobody could win any more.
    no_winner: u64,
    unfinished: u64,
    finished_turns: u64,
    steps: u64,
    busy: Duration,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        self.no_winner += other.no_winner;
        self.unfinished += other.unfinished;
        self.finished_turns += other.finished_turns;
        self.steps += other.steps;
        self.busy += other.busy;
    }
}

#[derive(Serialize)]
struct Report {
    scenario: String,
    /// The variants played, in words (empty for none).
    #[serde(skip_serializing_if = "String::is_empty")]
    variants: String,
    layout: &'static str,
    seed: u64,
    threads: usize,
    games: u64,
    /// Whether each deal was played in every seating order (`--rotate`): `wins`,
    /// `win_rate` and `win_interval` are then by player of `players`, wherever it sat;
    /// without it, by seat.
    rotate: bool,
    players: Vec<String>,
    wins: Vec<u64>,
    win_rate: Vec<f64>,
    /// The 95% Wilson interval of each seat's win rate.
    win_interval: Vec<[f64; 2]>,
    /// Games that ended without a winner because nobody could win any more (the Pirate
    /// Islands).
    no_winner: u64,
    /// Games stopped at the step limit.
    unfinished: u64,
    /// Mean turns of the finished games.
    mean_turns: f64,
    steps: u64,
    games_per_second: f64,
    ns_per_step: f64,
}

/// A bot's name with its settings, checked by building the bot; the names are listed in
/// `--help`.
#[derive(Clone)]
struct BotNameParser;

impl TypedValueParser for BotNameParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_str().ok_or_else(|| {
            clap::Error::raw(clap::error::ErrorKind::InvalidUtf8, "a bot's name is text")
        })?;
        match by_name(text) {
            Ok(_) => Ok(text.to_string()),
            Err(e) => {
                let arg = arg.map_or_else(|| "--players".to_string(), |a| a.to_string());
                Err(clap::Error::raw(
                    clap::error::ErrorKind::InvalidValue,
                    format!("invalid value '{text}' for '{arg}': {e}\n"),
                )
                .with_cmd(cmd))
            }
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(BOT_NAMES.iter().map(PossibleValue::new)))
    }
}

pub fn run(args: SimArgs) -> Result<()> {
    let seats = args.players.len();
    if !(2..=MAX_SEATS).contains(&seats) {
        bail!("a game has 2 to {MAX_SEATS} seats, and --players names {seats}");
    }
    for name in &args.players {
        by_name(name)?;
    }
    if args.rotate && !args.games.is_multiple_of(seats as u64) {
        bail!(
            "--rotate plays each deal in all {seats} seating orders: --games must be a multiple of {seats}, not {}",
            args.games
        );
    }
    let mut spec = match &args.map {
        Some(path) => GameSpec::on_map(Arc::new(read_map(path)?), seats as u8),
        None => GameSpec::new(&args.scenario, seats as u8)?,
    };
    spec.options.victory_points = args.victory_points;
    args.variants.apply(&mut spec.options);
    let layout = args.layout.map_or(spec.default_layout(), LayoutArg::layout);
    spec.layout = LayoutOptions {
        layout,
        spiral_direction: if args.clockwise_spiral {
            SpiralDirection::Clockwise
        } else {
            SpiralDirection::Counterclockwise
        },
        red_numbers_apart: !args.red_numbers_together,
        ..LayoutOptions::default()
    };
    // Checks the player count against the scenario or map before any thread starts.
    spec.check_seats()?;
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the records folder {}", dir.display()))?;
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, args.games.max(1) as usize);

    let quiet = args.json || !std::io::stderr().is_terminal() || !std::io::stdout().is_terminal();
    let progress = if quiet {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(args.games);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed} elapsed, {eta} left",
            )
            .expect("a valid template"),
        );
        bar
    };

    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let total = Mutex::new(Tally::default());
    let started = Instant::now();
    let outcome: Result<()> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let result = play_games(&args, &spec, &next, &failed, &progress);
                    match result {
                        Ok(tally) => {
                            total
                                .lock()
                                .expect("no thread panics holding it")
                                .add(&tally);
                            Ok(())
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            Err(e)
                        }
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().expect("a simulation thread panicked")?;
        }
        Ok(())
    });
    let elapsed = started.elapsed();
    progress.finish_and_clear();
    outcome?;
    let total = total.into_inner().expect("no thread panicked");

    let games = args.games;
    let finished = games - total.unfinished;
    let report = Report {
        scenario: spec.name().to_string(),
        variants: args.variants.describe(),
        layout: layout_name(spec.layout.layout),
        seed: args.seed,
        threads,
        games,
        rotate: args.rotate,
        players: args.players.clone(),
        wins: total.wins[..seats].to_vec(),
        win_rate: total.wins[..seats]
            .iter()
            .map(|&w| {
                if games == 0 {
                    0.0
                } else {
                    w as f64 / games as f64
                }
            })
            .collect(),
        win_interval: total.wins[..seats]
            .iter()
            .map(|&w| {
                let (lo, hi) = wilson_interval(w, games);
                [lo, hi]
            })
            .collect(),
        no_winner: total.no_winner,
        unfinished: total.unfinished,
        mean_turns: if finished == 0 {
            0.0
        } else {
            total.finished_turns as f64 / finished as f64
        },
        steps: total.steps,
        games_per_second: games as f64 / elapsed.as_secs_f64().max(1e-9),
        ns_per_step: if total.steps == 0 {
            0.0
        } else {
            total.busy.as_nanos() as f64 / total.steps as f64
        },
    };
    if args.json {
        emit(&(serde_json::to_string(&report)? + "\n"))
    } else {
        emit(&table(&report)?)
    }
}

/// Plays games until none are left (or another thread failed).
fn play_games(
    args: &SimArgs,
    spec: &GameSpec,
    next: &AtomicU64,
    failed: &AtomicBool,
    progress: &ProgressBar,
) -> Result<Tally> {
    let mut tally = Tally::default();
    let mut table = Table::new();
    let started = Instant::now();
    while !failed.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= args.games {
            break;
        }
        let (deal, shift) = seating(args, index);
        let seats = args.players.len();
        // The player `shift` places on in the line-up sits in seat 0.
        let mut bots: Vec<Box<dyn Bot>> = (0..seats)
            .map(|seat| by_name(&args.players[(seat + shift) % seats]))
            .collect::<Result<_, _>>()?;
        let seed = game_seed(args.seed, deal);
        let played = table
            .play(
                spec,
                &mut bots,
                seed,
                args.max_steps,
                args.records.is_some(),
            )
            .with_context(|| format!("game {index} (seed {seed})"))?;
        tally.steps += played.steps;
        match played.game.winner() {
            Some(w) if played.finished() => {
                tally.wins[(w.index() + shift) % seats] += 1;
                tally.finished_turns += u64::from(played.game.state().turn);
            }
            None if played.finished() => {
                tally.no_winner += 1;
                tally.finished_turns += u64::from(played.game.state().turn);
            }
            _ => tally.unfinished += 1,
        }
        if let (Some(dir), Some(record)) = (&args.records, &played.record) {
            write_record(dir, index, &record.to_json_pretty())?;
        }
        progress.inc(1);
    }
    tally.busy = started.elapsed();
    Ok(tally)
}

/// The deal game `index` plays, and how many places on in the line-up the player in seat 0
/// is: with `--rotate`, each deal in turn with the line-up moved one seat on for each game
/// (player `p` sits in seat `(p - shift) mod seats`); without, a deal of its own in seat
/// order.
fn seating(args: &SimArgs, index: u64) -> (u64, usize) {
    if args.rotate {
        let seats = args.players.len() as u64;
        (index / seats, (index % seats) as usize)
    } else {
        (index, 0)
    }
}

fn write_record(dir: &Path, index: u64, text: &str) -> Result<()> {
    let path = dir.join(format!("game-{index:05}.json"));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

fn table(r: &Report) -> Result<String> {
    let variants = crate::variants::in_brackets(&r.variants);
    let mut out = String::new();
    writeln!(
        out,
        "{} of {}{variants}, {} layout, seed {}, {}",
        counted(r.games, "game", "games"),
        r.scenario,
        r.layout,
        r.seed,
        counted(r.threads as u64, "thread", "threads")
    )?;
    writeln!(out)?;
    if r.rotate {
        writeln!(
            out,
            "each deal played in all {} seating orders: wins by player, wherever it sat",
            r.players.len()
        )?;
        writeln!(out)?;
    }
    writeln!(
        out,
        "{:<6}{:<12}{:>8}{:>10}   95% interval (Wilson)",
        if r.rotate { "" } else { "seat" },
        "player",
        "wins",
        "win rate"
    )?;
    for (seat, player) in r.players.iter().enumerate() {
        let [lo, hi] = r.win_interval[seat];
        writeln!(
            out,
            "{:<6}{:<12}{:>8}{:>9.2}%   {:.2}% – {:.2}%",
            if r.rotate {
                String::new()
            } else {
                seat.to_string()
            },
            player,
            r.wins[seat],
            100.0 * r.win_rate[seat],
            100.0 * lo,
            100.0 * hi
        )?;
    }
    writeln!(out)?;
    writeln!(out, "no winner     {}", r.no_winner)?;
    writeln!(out, "unfinished    {}", r.unfinished)?;
    writeln!(out, "mean turns    {:.1}", r.mean_turns)?;
    writeln!(out, "games/s       {:.1}", r.games_per_second)?;
    writeln!(out, "ns per step   {:.0}", r.ns_per_step)?;
    Ok(out)
}
