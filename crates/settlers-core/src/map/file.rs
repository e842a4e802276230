//! The map file format (docs/map-format.md): a JSON document a person can read and write.
//!
//! The fields follow the schema of `shared/rules/maps/README.md`, so the reference boards are
//! map files as they stand. Fields this engine does not use yet are kept, untouched, in
//! `other`, so reading and writing a file loses nothing.

use serde::{Deserialize, Serialize};
use serde_json::{Map as JsonMap, Value};
use std::collections::BTreeMap;

/// The current version of the map format. Files without a version are version 1.
pub const MAP_FORMAT_VERSION: u32 = 2;

/// The version that brought `harbor_placement` (harbors placed by the players before setup,
/// SC9-3). A board without it is written as version 1, which every older program reads.
pub const HARBOR_PLACEMENT_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapFile {
    /// Always `settlers-map` when written by this engine; optional when read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_points: Option<u8>,
    pub hexes: Vec<HexEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub harbors: Vec<HarborEntry>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pools: BTreeMap<String, Pool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_spiral: Option<NumberSpiral>,
    /// Harbor tokens the players place before setup, one at a time in turn order (the New
    /// World, SC9-3; version 2). The `harbors` listed are on the board from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harbor_placement: Option<HarborPlacementEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber: Option<PieceStart>,
    /// Every other field of the file (areas, extras, rules of later modules...).
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

/// One position of the board. Coordinates stay text until validation, so that a problem can
/// be reported with the text the author wrote.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexEntry {
    pub hex: String,
    /// `null` when the terrain is drawn from a pool.
    #[serde(default)]
    pub terrain: Option<String>,
    #[serde(default)]
    pub number: Option<u8>,
    /// True when the terrain stays where it is in the variable and random layouts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HarborEntry {
    pub edge: String,
    /// `3:1`, a resource name, or `shuffled` (drawn from `pools.harbors`).
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beginner_type: Option<String>,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

/// The switch for harbors placed by the players (SC9-3): the face-down tokens, by type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HarborPlacementEntry {
    /// `{"3:1": 4, "brick": 1, ...}`.
    pub tokens: Value,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

impl HarborPlacementEntry {
    /// The entry for these tokens, counted by type in the order of `HarborKind::ALL`.
    pub fn of_tokens(tokens: &[super::HarborKind]) -> HarborPlacementEntry {
        let counts: JsonMap<String, Value> = super::HarborKind::ALL
            .iter()
            .filter_map(|k| {
                let n = tokens.iter().filter(|t| *t == k).count();
                (n > 0).then(|| (k.to_string(), Value::from(n)))
            })
            .collect();
        HarborPlacementEntry {
            tokens: Value::Object(counts),
            other: JsonMap::new(),
        }
    }
}

/// A named stack the set-up draws from: terrain, numbers or harbors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pool {
    /// `terrain`, `numbers` or `harbors`; a pool without a kind is a note for people (the
    /// pieces a scenario leaves in the box, say) and is not drawn from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Either `{"name": count, ...}` or a list of items.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub contents: Value,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

/// The official number spiral of the variable set-up (base.md B-13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NumberSpiral {
    pub tokens: Vec<SpiralToken>,
    pub corner_hexes: Vec<String>,
    pub outer_ring_counterclockwise: Vec<String>,
    pub inner_ring_counterclockwise: Vec<String>,
    pub centre: String,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpiralToken {
    pub letter: String,
    pub number: u8,
}

/// Where a piece such as the robber starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceStart {
    #[serde(default = "yes")]
    pub used: bool,
    /// A hex `q,r`; `null` for beside the board; the words `the desert hex` for the desert.
    #[serde(default)]
    pub start: Option<String>,
    #[serde(flatten)]
    pub other: JsonMap<String, Value>,
}

fn yes() -> bool {
    true
}

impl MapFile {
    /// Reads a map file, with the line and column of a JSON syntax error.
    pub fn from_json(text: &str) -> Result<MapFile, serde_json::Error> {
        serde_json::from_str(text)
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a map file always serialises")
    }
}
