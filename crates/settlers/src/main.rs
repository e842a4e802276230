//! The `settlers` command line: serve the game in the browser, simulate games between bots,
//! benchmark the engine, replay a record, look at and check maps, back up the server's games.

mod bench;
mod db;
mod files;
mod maps;
mod output;
mod page;
mod picture;
mod replay;
mod serve;
mod sim;
mod variants;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "settlers", version, about = "Settlers: a Catan rules engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many games between bots, in parallel, and count the wins of each seat.
    Sim(sim::SimArgs),
    /// The standard benchmark: whole 4-player games of random bots on one thread.
    Bench(bench::BenchArgs),
    /// Replay a game record, checking every action, and show how the game stands.
    Replay(replay::ReplayArgs),
    /// Maps: list the built-in ones, show a board, check a map file, draw a New World map.
    Maps(maps::MapsArgs),
    /// Serve the game in the browser: the web page, the lobby and the games (docs/protocol.md).
    Serve(serve::ServeArgs),
    /// The server's database: back it up to a file, restore it from one.
    Db(db::DbArgs),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Sim(args) => sim::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Maps(args) => maps::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Db(args) => db::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The causes on one line, without a backtrace: these are a user's mistakes
            // (a bad record, an unknown bot), not the program's.
            output::note(&format!("error: {}", causes(&e)));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, each said once: some libraries' errors (the
/// database's) repeat their cause's words in their own, which `{:#}` would print again.
fn causes(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}
