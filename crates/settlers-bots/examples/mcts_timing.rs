//! Measures the search bot: plays games of `mcts` (settings from the first argument,
//! `ms=100` by default) against heuristic bots (four players, or as many as the fourth
//! argument says), each deal in every seat,
//! and reports its wins with their 95% interval, the wall time of each searched decision
//! (mean, 99th percentile, most), the iterations it ran, and how many of its decisions were
//! not the heuristic bot's choice.
//!
//! `cargo run --release -p settlers-bots --example mcts_timing -- ms=100 [games] [scenario] [players]`

use settlers_bots::mcts::Settings;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_bots::{Bot, BotRng, HeuristicBot, MctsBot};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the timed decisions measured.
#[derive(Default)]
struct Measured {
    times: Vec<Duration>,
    iterations: u64,
    /// Searched decisions that took another action than the heuristic bot's.
    overrides: u64,
}

/// The search bot, timing each decision it searches.
struct Timed {
    bot: MctsBot,
    measured: Arc<Mutex<Measured>>,
}

impl Bot for Timed {
    fn name(&self) -> &'static str {
        "mcts"
    }
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        let (searches, iterations) = self.bot.searched();
        let overrides = self.bot.overrides();
        let started = Instant::now();
        let action = self.bot.choose(view, legal, rng);
        let elapsed = started.elapsed();
        let (now_searches, now_iterations) = self.bot.searched();
        if now_searches > searches {
            let mut m = self.measured.lock().expect("one thread");
            m.times.push(elapsed);
            m.iterations += now_iterations - iterations;
            m.overrides += self.bot.overrides() - overrides;
        }
        action
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = Settings::parse(args.first().map_or("ms=100", String::as_str))
        .unwrap_or_else(|e| panic!("{e}"));
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(1);
    let scenario = args.get(2).map_or("base", String::as_str);
    let seats: u8 = args.get(3).and_then(|p| p.parse().ok()).unwrap_or(4);
    let mut spec = GameSpec::new(scenario, seats).unwrap_or_else(|e| panic!("{e}"));
    // The scenario's own layout, as `settlers sim` lays it out when not told otherwise.
    spec.layout.layout = spec.default_layout();
    let measured = Arc::new(Mutex::new(Measured::default()));
    let mut wins = 0u64;
    for index in 0..games {
        // Each deal in every seat, as `settlers sim --rotate` plays it: deal index / seats,
        // the search bot in seat index % seats.
        let seat = (index % u64::from(seats)) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..usize::from(seats))
            .map(|s| -> Box<dyn Bot> {
                if s == seat {
                    Box::new(Timed {
                        bot: MctsBot::new(settings),
                        measured: Arc::clone(&measured),
                    })
                } else {
                    Box::new(HeuristicBot::new())
                }
            })
            .collect();
        let played = Table::new()
            .play(
                &spec,
                &mut bots,
                game_seed(1, index / u64::from(seats)),
                100_000,
                false,
            )
            .unwrap_or_else(|e| panic!("{e}"));
        wins += u64::from(played.game.winner() == Some(settlers_core::Seat(seat as u8)));
    }
    let m = measured.lock().expect("one thread");
    let mut times = m.times.clone();
    times.sort();
    let n = times.len().max(1);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / n as f64;
    let p99 = times.get(n * 99 / 100).copied().unwrap_or_default();
    let most = times.last().copied().unwrap_or_default();
    let (lo, hi) = settlers_bots::stats::wilson_interval(wins, games);
    println!(
        "{scenario}: the search bot won {wins} of {games} games ({:.1}%, 95% interval {:.1}% – {:.1}%)",
        100.0 * wins as f64 / games.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    );
    println!(
        "{scenario}, {games} games, {} searched decisions: mean {mean:.1} ms, 99th percentile {:.1} ms, most {:.1} ms; {:.0} iterations a decision; {} took another action than the heuristic bot's",
        times.len(),
        ms(p99),
        ms(most),
        m.iterations as f64 / n as f64,
        m.overrides
    );
}
