//! The bots offered to people by how hard they are to beat, in words a player understands
//! (docs/bots.md has the ladder they are measured by). The lobby and `settlers serve` offer
//! these; a seat's bot is then the `bot` named here, which [`crate::by_name`] builds.

/// One level of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level's short name: `easy`, `medium`, `hard`.
    pub level: &'static str,
    /// As a player reads it: "Easy".
    pub title: &'static str,
    /// The bot that plays it, as [`crate::by_name`] takes it.
    pub bot: &'static str,
    /// What playing against it is like.
    pub about: &'static str,
}

/// Easiest first.
pub const LEVELS: &[Level] = &[
    Level {
        level: "easy",
        title: "Easy",
        bot: "heuristic:noise=0.3",
        about: "builds sensibly, but one move in three is a random one",
    },
    Level {
        level: "medium",
        title: "Medium",
        bot: "heuristic",
        about: "builds towards the next good thing, trades and robs the leader",
    },
    Level {
        level: "hard",
        title: "Hard",
        bot: "mcts:ms=200",
        about: "searches ahead for a fifth of a second a move",
    },
];

/// The level a bot name plays, if it is one of [`LEVELS`].
pub fn level_of(bot: &str) -> Option<&'static Level> {
    LEVELS.iter().find(|l| l.bot == bot)
}
