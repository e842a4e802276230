//! A realised board: every hex with its terrain and number, every harbor with its type.
//! This is what a game is played on and what a record stores.

use super::file::{HarborEntry, HexEntry, MAP_FORMAT_VERSION, MapFile, PieceStart};
use crate::geometry::{Edge, Hex};
use crate::resources::{Resource, Terrain};
use serde_json::{Map as JsonMap, Value};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub id: String,
    pub name: String,
    pub game: Option<String>,
    pub players: Vec<u8>,
    pub victory_points: Option<u8>,
    pub hexes: Vec<BoardHex>,
    pub harbors: Vec<Harbor>,
    /// The robber's start; `None` for beside the board.
    pub robber: Option<Hex>,
    /// Fields of the map file that later rule modules read (areas, extras...).
    pub other: JsonMap<String, Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardHex {
    pub hex: Hex,
    pub terrain: Terrain,
    pub number: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Harbor {
    pub edge: Edge,
    pub kind: HarborKind,
}

/// What a harbor trades (B-4): any 3 of a kind for 1, or 2 of its resource for 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HarborKind {
    Generic,
    Special(Resource),
}

impl HarborKind {
    pub fn parse(text: &str) -> Option<HarborKind> {
        match text {
            "3:1" | "generic" => Some(HarborKind::Generic),
            other => Resource::from_name(other).map(HarborKind::Special),
        }
    }

    /// The bit of this harbor in a player's harbor mask: 0 for 3:1, 1 + resource index for 2:1.
    pub fn bit(self) -> u8 {
        match self {
            HarborKind::Generic => 1,
            HarborKind::Special(r) => 2 << r.index(),
        }
    }
}

impl fmt::Display for HarborKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HarborKind::Generic => f.write_str("3:1"),
            HarborKind::Special(r) => f.write_str(r.name()),
        }
    }
}

impl Board {
    pub fn hex(&self, hex: Hex) -> Option<&BoardHex> {
        self.hexes.iter().find(|h| h.hex == hex)
    }

    /// The board as a map file with everything fixed: the realised map of a record.
    pub fn to_map_file(&self) -> MapFile {
        MapFile {
            format: Some("settlers-map".into()),
            version: Some(MAP_FORMAT_VERSION),
            id: self.id.clone(),
            name: self.name.clone(),
            game: self.game.clone(),
            players: self.players.clone(),
            victory_points: self.victory_points,
            hexes: self
                .hexes
                .iter()
                .map(|h| HexEntry {
                    hex: h.hex.to_string(),
                    terrain: Some(h.terrain.name().into()),
                    number: h.number,
                    fixed: Some(true),
                    pool: None,
                    other: JsonMap::new(),
                })
                .collect(),
            harbors: self
                .harbors
                .iter()
                .map(|h| HarborEntry {
                    edge: h.edge.to_string(),
                    kind: h.kind.to_string(),
                    beginner_type: None,
                    other: JsonMap::new(),
                })
                .collect(),
            pools: Default::default(),
            number_spiral: None,
            robber: Some(PieceStart {
                used: true,
                start: self.robber.map(|h| h.to_string()),
                other: JsonMap::new(),
            }),
            other: self.other.clone(),
        }
    }
}
