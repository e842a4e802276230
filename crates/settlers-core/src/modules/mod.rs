//! Rule modules a scenario switches on (ARCHITECTURE.md, Scenarios are data plus modules).
//! Each owns its rules and hooks into the shared ones at named points.

pub mod barbarian_attack;
pub mod cloth;
pub mod event_cards;
pub mod fog;
pub mod forgotten_tribe;
pub mod harbor_placement;
pub mod harbormaster;
pub(crate) mod hooks;
pub mod island_bonus;
pub mod pirate_islands;
pub mod wonders;
