//! `settlers bench`: the standard benchmark. Whole 4-player games of random bots (domestic
//! offers included) on one thread, with nothing the engine does not need: one reused buffer
//! of legal actions, no events, no records. `--bot` seats another bot at every seat instead:
//! the cost of a playout by that bot, the figure a search bot pays.

use crate::maps::read_map;
use crate::output::{counted, emit};
use anyhow::{Context, Result};
use clap::Args;
use rand_core::SeedableRng;
use serde::Serialize;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_bots::{Bot, RandomBot};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[arg(long, default_value = "base")]
    scenario: String,
    /// Benchmark on a map of your own instead of a scenario: 4 seats, or the most the map
    /// takes.
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    map: Option<PathBuf>,
    /// How many games to play.
    #[arg(long, default_value_t = 5000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seats at the table (2 plays Barbarian Attack for two).
    #[arg(long, default_value_t = 4, conflicts_with = "map")]
    seats: u8,
    /// The bot at every seat (`settlers sim --help` lists them): `random` measures the
    /// engine; another measures a playout by that bot.
    #[arg(long, default_value = "random")]
    bot: String,
    #[command(flatten)]
    variants: crate::variants::VariantArgs,
}

/// A random game that has not ended after this many actions is a bug worth hearing about,
/// not a measurement.
const MOST_STEPS: u64 = 10_000_000;

#[derive(Serialize)]
struct Report {
    scenario: String,
    /// The variants played, in words (empty for none).
    #[serde(skip_serializing_if = "String::is_empty")]
    variants: String,
    seats: u8,
    /// The bot at every seat.
    bot: String,
    games: u64,
    unfinished: u64,
    steps_per_game: f64,
    games_per_second: f64,
    ns_per_step: f64,
}

pub fn run(args: BenchArgs) -> Result<()> {
    let spec = match &args.map {
        Some(path) => {
            let map = read_map(path)?;
            let players = &map.file.players;
            let seats = if players.is_empty() || players.contains(&4) {
                4
            } else {
                players
                    .iter()
                    .copied()
                    .filter(|n| *n <= 4)
                    .max()
                    .unwrap_or(4)
            };
            GameSpec::on_map(Arc::new(map), seats)
        }
        None => GameSpec::new(&args.scenario, args.seats)?,
    };
    let mut spec = spec;
    args.variants.apply(&mut spec.options);
    spec.check_seats()?;
    // The built-in maps are read and checked once per process, on the first set-up: that
    // is not playing, so it happens before the clock starts.
    let mut warm_up = settlers_bots::BotRng::seed_from_u64(args.seed);
    spec.setup(&mut warm_up)?;
    let seats = usize::from(spec.seats);
    let (steps, unfinished, elapsed) = if args.bot == "random" {
        // The random bot by its own type, not boxed: the engine's figure pays no dispatch.
        play_all(&spec, &mut vec![RandomBot::new(); seats], &args)?
    } else {
        let mut bots = (0..seats)
            .map(|_| settlers_bots::by_name(&args.bot))
            .collect::<Result<Vec<_>, _>>()?;
        play_all(&spec, &mut bots, &args)?
    };
    let games = args.games.max(1) as f64;
    let report = Report {
        scenario: spec.name().to_string(),
        variants: args.variants.describe(),
        seats: spec.seats,
        bot: args.bot.clone(),
        games: args.games,
        unfinished,
        steps_per_game: steps as f64 / games,
        games_per_second: args.games as f64 / elapsed,
        ns_per_step: if steps == 0 {
            0.0
        } else {
            elapsed * 1e9 / steps as f64
        },
    };
    if args.json {
        emit(&(serde_json::to_string(&report)? + "\n"))
    } else {
        let variants = crate::variants::in_brackets(&report.variants);
        let mut out = String::new();
        writeln!(
            out,
            "{} of {}{variants}, {}, one thread",
            counted(report.games, "game", "games"),
            report.scenario,
            counted(
                report.seats,
                &format!("{} bot", report.bot),
                &format!("{} bots", report.bot)
            )
        )?;
        writeln!(out, "games/s         {:.1}", report.games_per_second)?;
        writeln!(out, "steps per game  {:.0}", report.steps_per_game)?;
        writeln!(out, "ns per step     {:.1}", report.ns_per_step)?;
        if unfinished > 0 {
            writeln!(out, "unfinished      {unfinished}")?;
        }
        emit(&out)
    }
}

/// Plays the benchmark's games with `bots`: the steps, the unfinished games and the seconds.
fn play_all<B: Bot>(spec: &GameSpec, bots: &mut [B], args: &BenchArgs) -> Result<(u64, u64, f64)> {
    let mut table = Table::new();
    let mut steps = 0u64;
    let mut unfinished = 0u64;
    let started = Instant::now();
    for index in 0..args.games {
        let seed = game_seed(args.seed, index);
        let played = table
            .play(spec, bots, seed, MOST_STEPS, false)
            .with_context(|| format!("game {index} (seed {seed})"))?;
        steps += played.steps;
        unfinished += u64::from(!played.finished());
    }
    Ok((steps, unfinished, started.elapsed().as_secs_f64().max(1e-9)))
}
