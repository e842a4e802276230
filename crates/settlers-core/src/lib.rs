//! `settlers-core`: the rules of Settlers (the Catan family of board games) as a pure state
//! machine. No IO, no threads, no printing.
//!
//! The four verbs: [`Game::new`], [`Game::to_act`], [`Game::legal_actions`] and
//! [`Game::apply`]. Chance is an actor like the seats: see [`Game::sample_chance`].

pub mod action;
pub mod bits;
pub mod card_tracking;
pub mod chance;
pub mod event;
mod game;
pub mod geometry;
pub mod map;
mod modules;
pub mod notation;
pub mod position;
#[cfg(test)]
mod random_play;
pub mod record;
pub mod resources;
pub mod rules;
pub mod ruleset;
pub mod scenario;
pub mod state;
pub mod topology;
pub mod view;
pub mod worlds;

pub use action::{Action, Actor, ChanceKind, LegalActions, RuleError, ToAct};
pub use event::{Event, EventSink};
pub use game::{Game, GameConfig, GameOptions, GameSetup, SetupError, TournamentMode};
pub use geometry::{Corner, Edge, Hex};
pub use modules::pirate_islands::WaysToFortress;
pub use resources::{DevelopmentCard, DevelopmentCards, Resource, Resources, Terrain};
pub use scenario::{Scenario, ScenarioError};
pub use state::{Phase, Seat, SeatSet, State, TradeOffer};

/// The README's examples are compiled and run as tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeExamples;
