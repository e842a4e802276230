//! The options of a game beyond its scenario and target, shared by `sim` and `bench`: Barbarian
//! Attack's variants, and an unlimited bank.

use clap::{Args, ValueEnum};
use settlers_core::{GameOptions, TournamentMode};

#[derive(Args, Debug, Clone)]
pub struct VariantArgs {
    /// Barbarian Attack: event cards replace the production dice (BAE).
    #[arg(long)]
    event_cards: bool,
    /// With event cards: what Tournament does (decision D-BAE-3).
    #[arg(
        long,
        value_enum,
        default_value = "knights-on-board",
        requires = "event_cards"
    )]
    tournament: TournamentArg,
    /// Barbarian Attack: the Harbormaster card, 13 points to win (BAH).
    #[arg(long)]
    harbormaster: bool,
    /// Barbarian Attack: anyone who holds the target wins at once, in another's turn too
    /// (BA-31's engine option; without it, B-42).
    #[arg(long)]
    win_off_turn: bool,
    /// A bank that never runs short of a resource (not the official rule: base.md's engine
    /// option `bank_limit` off).
    #[arg(long)]
    unlimited_bank: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum TournamentArg {
    /// Those tied for the most knights on the board take a resource of their choice.
    KnightsOnBoard,
    /// Nothing happens.
    None,
}

impl VariantArgs {
    /// Puts the variants into `options`.
    pub fn apply(&self, options: &mut GameOptions) {
        options.event_cards = self.event_cards;
        options.harbormaster = self.harbormaster;
        options.win_off_turn = self.win_off_turn;
        options.unlimited_bank = self.unlimited_bank;
        options.tournament = match self.tournament {
            TournamentArg::KnightsOnBoard => TournamentMode::KnightsOnBoard,
            TournamentArg::None => TournamentMode::None,
        };
    }

    /// The variants in words, for reports: empty when none is on.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.event_cards {
            parts.push(match self.tournament {
                TournamentArg::KnightsOnBoard => "event cards",
                TournamentArg::None => "event cards (no Tournament)",
            });
        }
        if self.harbormaster {
            parts.push("Harbormaster");
        }
        if self.win_off_turn {
            parts.push("wins in another's turn");
        }
        if self.unlimited_bank {
            parts.push("unlimited bank");
        }
        parts.join(", ")
    }
}

/// The variants described, in brackets after a report's first words; nothing when none is on.
pub fn in_brackets(described: &str) -> String {
    if described.is_empty() {
        String::new()
    } else {
        format!(" ({described})")
    }
}
