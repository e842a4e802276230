//! `settlers replay FILE`: replays a record, checking every action and the result it
//! states, and shows how the game stands at its end.

use crate::output::{counted, emit};
use anyhow::{Context, Result, bail};
use clap::Args;
use serde::Serialize;
use settlers_core::record::Record;
use settlers_core::rules::STANDSTILL_ROUNDS;
use settlers_core::state::{CITIES, ROADS, SETTLEMENTS};
use settlers_core::{DevelopmentCards, Game, Resources, Seat};
use std::fmt::Write as _;
use std::path::PathBuf;

mod steps;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record file (JSON); `-` reads standard input.
    file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Replay only the first N actions, and show the game as it stands after them.
    #[arg(long, value_name = "N")]
    until: Option<usize>,
    /// After each action, one JSON line of how the game stands (docs/record-format.md,
    /// "Replaying step by step"), then the report as a last line.
    #[arg(long)]
    steps: bool,
}

#[derive(Serialize)]
struct Report {
    scenario: String,
    /// The actions replayed.
    actions: usize,
    /// Set when the replay stopped early (`--until`).
    #[serde(skip_serializing_if = "Option::is_none")]
    until: Option<usize>,
    bank: Resources,
    /// Development cards left to buy.
    deck_size: u32,
    robber: Option<String>,
    pirate: Option<String>,
    turns: u16,
    finished: bool,
    winner: Option<Seat>,
    /// The seats sharing the win with `winner` (Cloth for Catan's full tie, D-SC6-1).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    shared_winners: Vec<Seat>,
    /// Why a finished game has no winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    no_winner: Option<NoWinner>,
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    seats: Vec<SeatReport>,
}

/// The engine's two ways to end a game without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum NoWinner {
    /// The Pirate Islands: every seat is proven unable to win (`Game::nobody_can_win`).
    NobodyCanWin,
    /// The public scores stood still for `STANDSTILL_ROUNDS` rounds (`rules/standstill.rs`).
    ScoresStoodStill,
}

impl NoWinner {
    /// Why `game`, over without a winner, ended. The engine checks whether anyone can still
    /// win before it counts a round standing still, so that is asked first here too.
    fn of(game: &Game) -> Option<NoWinner> {
        if !game.is_over() || game.winner().is_some() {
            return None;
        }
        let options = &game.config().options;
        if !options.play_on_when_nobody_can_win && game.nobody_can_win() {
            Some(NoWinner::NobodyCanWin)
        } else if !options.play_on_when_standing_still
            && game.state().standstill.rounds >= STANDSTILL_ROUNDS
        {
            Some(NoWinner::ScoresStoodStill)
        } else {
            None
        }
    }
}

#[derive(Serialize)]
struct SeatReport {
    seat: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
    victory_points: u8,
    resources: Resources,
    pieces_left: PiecesLeft,
    /// Held, whether playable yet or bought this turn.
    development_cards: DevelopmentCards,
    played_knights: u8,
    road_length: u8,
}

#[derive(Serialize)]
struct PiecesLeft {
    settlements: u8,
    cities: u8,
    roads: u8,
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let path = &args.file;
    let name = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let text = crate::files::read_bounded(path, crate::files::RECORD_FILE_LIMIT)?;
    let record = Record::from_json(&text).with_context(|| name.clone())?;
    if let Some(n) = args.until
        && n > record.actions.len()
    {
        bail!(
            "{name}: --until {n}, but the record holds {}",
            counted(record.actions.len() as u64, "action", "actions")
        );
    }
    // Each step's line is written as it comes, so a long game streams rather than waits;
    // an error on a write (a reader that left) stops the replay there.
    let mut written: Result<()> = Ok(());
    let game = record
        .replay_steps(args.until, &mut (), |index, game| {
            if args.steps && written.is_ok() {
                written = serde_json::to_string(&steps::Step::of(&record, index, game))
                    .map_err(anyhow::Error::from)
                    .and_then(|line| emit(&(line + "\n")));
            }
        })
        .with_context(|| name.clone())?;
    written?;
    let actions = args.until.unwrap_or(record.actions.len());
    let report = report(&record, &game, actions);
    if args.json || args.steps {
        emit(&(serde_json::to_string(&report)? + "\n"))
    } else {
        emit(&report_text(&report)?)
    }
}

fn report(record: &Record, game: &Game, actions: usize) -> Report {
    let s = game.state();
    Report {
        scenario: record.scenario.clone(),
        actions,
        until: (actions < record.actions.len()).then_some(actions),
        bank: s.bank,
        deck_size: game.development_deck_size(),
        robber: s.robber.map(|h| game.topology().hex(h).to_string()),
        pirate: s.pirate.map(|h| game.topology().hex(h).to_string()),
        turns: s.turn,
        finished: game.is_over(),
        winner: game.winner(),
        shared_winners: s.shared_winners.iter().collect(),
        no_winner: NoWinner::of(game),
        longest_road: s.longest_road,
        largest_army: s.largest_army,
        seats: s
            .seat_ids()
            .map(|seat| {
                let p = s.player(seat);
                SeatReport {
                    seat,
                    bot: record.seats.get(seat.index()).and_then(|i| i.bot.clone()),
                    victory_points: game.victory_points(seat),
                    resources: p.hand,
                    pieces_left: PiecesLeft {
                        settlements: SETTLEMENTS - p.settlements.len() as u8,
                        cities: CITIES - p.cities.len() as u8,
                        roads: ROADS - p.roads.len() as u8,
                    },
                    development_cards: p.all_cards(),
                    played_knights: p.played_knights,
                    road_length: game.road_length_of(seat),
                }
            })
            .collect(),
    }
}

fn report_text(r: &Report) -> Result<String> {
    let mut out = String::new();
    writeln!(
        out,
        "{}: {}{}, {}, all legal",
        r.scenario,
        counted(r.actions as u64, "action", "actions"),
        if r.until.is_some() { " (of more)" } else { "" },
        counted(r.turns, "turn", "turns")
    )?;
    match (r.winner, r.no_winner) {
        (Some(w), _) if !r.shared_winners.is_empty() => {
            let others: Vec<String> = r.shared_winners.iter().map(Seat::to_string).collect();
            writeln!(
                out,
                "winner: {w}, sharing the win with {}",
                others.join(", ")
            )?
        }
        (Some(w), _) => writeln!(out, "winner: {w}")?,
        (None, Some(NoWinner::NobodyCanWin)) => writeln!(
            out,
            "winner: none (nobody could win any more, so the game ended there)"
        )?,
        (None, Some(NoWinner::ScoresStoodStill)) => writeln!(
            out,
            "winner: none (the scores stood still for {}, so the game ended there)",
            counted(STANDSTILL_ROUNDS, "round", "rounds")
        )?,
        (None, None) if r.finished => writeln!(out, "winner: none (the game ended without one)")?,
        (None, None) if r.until.is_some() => {
            writeln!(out, "winner: none yet (the replay stopped there, --until)")?
        }
        (None, None) => writeln!(out, "winner: none (the record stops before the game ends)")?,
    }
    writeln!(out, "bank: {}; development deck: {}", r.bank, r.deck_size)?;
    for s in &r.seats {
        let bot = s
            .bot
            .as_deref()
            .map(|b| format!(" ({b})"))
            .unwrap_or_default();
        writeln!(out)?;
        writeln!(
            out,
            "{}{bot}: {}",
            s.seat,
            counted(s.victory_points, "victory point", "victory points")
        )?;
        writeln!(out, "  resources          {}", s.resources)?;
        writeln!(
            out,
            "  pieces left        {}, {}, {}",
            counted(s.pieces_left.settlements, "settlement", "settlements"),
            counted(s.pieces_left.cities, "city", "cities"),
            counted(s.pieces_left.roads, "road", "roads")
        )?;
        writeln!(
            out,
            "  development cards  {}",
            cards_text(&s.development_cards)
        )?;
        writeln!(out, "  played knights     {}", s.played_knights)?;
        let mut awards = Vec::new();
        if r.longest_road == Some(s.seat) {
            awards.push(format!("Longest Road ({})", s.road_length));
        }
        if r.largest_army == Some(s.seat) {
            awards.push(format!("Largest Army ({})", s.played_knights));
        }
        if !awards.is_empty() {
            writeln!(out, "  awards             {}", awards.join(", "))?;
        }
    }
    Ok(out)
}

fn cards_text(cards: &DevelopmentCards) -> String {
    let held: Vec<String> = settlers_core::DevelopmentCard::ALL
        .into_iter()
        .filter(|c| cards.get(*c) > 0)
        .map(|c| format!("{} ×{}", c.title(), cards.get(c)))
        .collect();
    if held.is_empty() {
        "none".into()
    } else {
        held.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(winner: Seat, shared_winners: Vec<Seat>) -> Report {
        Report {
            scenario: "cloth-for-catan".into(),
            actions: 10,
            until: None,
            bank: Resources::default(),
            deck_size: 0,
            robber: None,
            pirate: None,
            turns: 3,
            finished: true,
            winner: Some(winner),
            shared_winners,
            no_winner: None,
            longest_road: None,
            largest_army: None,
            seats: Vec::new(),
        }
    }

    /// Cloth for Catan's full tie (D-SC6-1): every seat sharing the win is named.
    #[test]
    fn a_shared_win_names_every_winner() {
        let shared = finished(Seat(0), vec![Seat(2)]);
        let text = report_text(&shared).unwrap();
        assert!(
            text.contains("winner: seat 0, sharing the win with seat 2"),
            "{text}"
        );
        let json = serde_json::to_value(&shared).unwrap();
        assert_eq!(json["shared_winners"], serde_json::json!([2]));
        let alone = finished(Seat(1), Vec::new());
        assert!(report_text(&alone).unwrap().contains("winner: seat 1\n"));
        assert!(
            serde_json::to_value(&alone)
                .unwrap()
                .get("shared_winners")
                .is_none()
        );
    }
}
