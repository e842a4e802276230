//! The scenarios a game can be: a built-in map plus its rules and defaults.

use crate::game::{GameOptions, GameSetup};
use crate::map::{Layout, LayoutOptions, MapErrors, MapTemplate, builtin};
use crate::state::Seat;
use rand_core::Rng;

/// A scenario: a map file, the player counts it takes, its victory target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The name used on the command line and in records.
    pub name: &'static str,
    pub title: &'static str,
    /// The built-in map for each player count (`(players, map id)`).
    pub maps: &'static [(u8, &'static str)],
    pub victory_points: u8,
    /// The layout when none is asked for: the variable set-up for the base game, the printed
    /// board for Seafarers scenarios (seafarers.md S-4).
    pub default_layout: Layout,
}

pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "base",
        title: "Catan base game",
        maps: &[(3, "base"), (4, "base")],
        victory_points: 10,
        default_layout: Layout::Variable,
    },
    Scenario {
        name: "new-shores",
        title: "Seafarers 1: Heading for New Shores",
        maps: &[(3, "new-shores-3"), (4, "new-shores-4")],
        victory_points: 14,
        default_layout: Layout::Beginner,
    },
    Scenario {
        name: "four-islands",
        title: "Seafarers 2: The Four Islands",
        maps: &[(3, "four-islands-3"), (4, "four-islands-4")],
        victory_points: 12,
        default_layout: Layout::Beginner,
    },
    Scenario {
        name: "fog-islands",
        title: "Seafarers 3: The Fog Islands",
        maps: &[(3, "fog-islands-3"), (4, "fog-islands-4")],
        victory_points: 12,
        default_layout: Layout::Beginner,
    },
    Scenario {
        name: "through-the-desert",
        title: "Seafarers 4: Through the Desert",
        maps: &[(3, "through-the-desert-3"), (4, "through-the-desert-4")],
        victory_points: 12,
        default_layout: Layout::Beginner,
    },
];

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    #[error("there is no scenario `{name}`; the scenarios are: {known}")]
    Unknown { name: String, known: String },
    #[error("{scenario} is for {allowed} players, not {seats}")]
    Players {
        scenario: &'static str,
        allowed: String,
        seats: u8,
    },
    #[error("the first seat {0} is not at the table")]
    FirstSeat(u8),
    #[error("built-in map `{0}`: {1}")]
    Map(String, MapErrors),
}

impl Scenario {
    pub fn by_name(name: &str) -> Result<&'static Scenario, ScenarioError> {
        SCENARIOS
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| ScenarioError::Unknown {
                name: name.into(),
                known: SCENARIOS
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The layout options of this scenario's default layout.
    pub fn default_layout_options(&self) -> LayoutOptions {
        LayoutOptions {
            layout: self.default_layout,
            ..LayoutOptions::default()
        }
    }

    pub fn players(&self) -> impl Iterator<Item = u8> + '_ {
        self.maps.iter().map(|(n, _)| *n)
    }

    /// The checked map for this many seats.
    pub fn template(&self, seats: u8) -> Result<&'static MapTemplate, ScenarioError> {
        let id = self
            .maps
            .iter()
            .find(|(n, _)| *n == seats)
            .map(|(_, id)| *id)
            .ok_or_else(|| ScenarioError::Players {
                scenario: self.name,
                allowed: self
                    .players()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
                seats,
            })?;
        builtin::template(id)
            .expect("every scenario's map is built in")
            .map_err(|e| ScenarioError::Map(id.into(), e.clone()))
    }

    /// A game set-up: the board laid out, the first seat drawn when not given. Every random
    /// choice comes from `rng`.
    pub fn setup(
        &self,
        seats: u8,
        layout: &LayoutOptions,
        first: Option<Seat>,
        options: GameOptions,
        rng: &mut impl Rng,
    ) -> Result<GameSetup, ScenarioError> {
        let board = self
            .template(seats)?
            .realise(layout, rng)
            .map_err(|e| ScenarioError::Map(self.name.into(), e))?;
        let first = match first {
            Some(f) if f.0 >= seats => return Err(ScenarioError::FirstSeat(f.0)),
            Some(f) => f,
            None => Seat(crate::chance::below(rng, u32::from(seats)) as u8),
        };
        Ok(GameSetup {
            scenario: self.name.into(),
            board,
            seats,
            first,
            options: GameOptions {
                victory_points: options.victory_points.or(Some(self.victory_points)),
                ..options.clone()
            },
        })
    }
}
