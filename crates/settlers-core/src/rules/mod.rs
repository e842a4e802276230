//! The rules, one file per area. Each file lists the legal actions of its area and applies
//! them; `game.rs` only routes an action to its area.

pub mod awards;
mod bank;
mod building;
mod chance;
mod development;
mod gold;
mod on_board;
mod production;
pub mod robber;
pub mod routes;
pub(crate) mod setup;
pub(crate) mod ship_memo;
mod ships;
mod standstill;
mod trade;
mod turn;
pub(crate) mod victory;

pub use standstill::STANDSTILL_ROUNDS;
