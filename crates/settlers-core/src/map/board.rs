//! A realised board: every hex with its terrain and number, every harbor with its type.
//! This is what a game is played on and what a record stores.

use super::file::{
    HARBOR_PLACEMENT_VERSION, HarborEntry, HarborPlacementEntry, HexEntry, MapFile, PieceStart,
};
use crate::geometry::{Edge, Hex};
use crate::resources::{Resource, Terrain};
use serde_json::{Map as JsonMap, Value};
use std::fmt;
use std::sync::Arc;

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
    /// Whether the robber is in play (`false` in Barbarian Attack, BA-2).
    pub robber_used: bool,
    /// The pirate's start; `None` for beside the board (S-14.1).
    pub pirate: Option<Hex>,
    /// The fog stack, face down: the hexes and numbers revealed in play (SC3-2).
    pub fog_terrain: Vec<Terrain>,
    pub fog_numbers: Vec<u8>,
    /// The harbor tokens the players place before setup, face down (`harbor_placement`;
    /// New World, SC9-3). Empty when the map fixes its harbors.
    pub harbor_tokens: Vec<HarborKind>,
    /// Fields of the map file that later rule modules read (areas, extras...), shared by
    /// every board laid out from the same map.
    pub other: Arc<JsonMap<String, Value>>,
    /// What laying out this board dealt that the map file leaves to chance: the Forgotten
    /// Tribe's harbour tokens (`gift_harbors`). A map file written from the board holds
    /// them among its other fields.
    pub dealt: JsonMap<String, Value>,
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
    /// Every type, in the order of [`HarborKind::index`]: 3:1, then the 2:1 harbors by resource.
    pub const ALL: [HarborKind; 6] = [
        HarborKind::Generic,
        HarborKind::Special(Resource::Brick),
        HarborKind::Special(Resource::Lumber),
        HarborKind::Special(Resource::Wool),
        HarborKind::Special(Resource::Grain),
        HarborKind::Special(Resource::Ore),
    ];

    /// 0 for 3:1, 1 + resource index for 2:1 (the position of [`HarborKind::bit`]).
    #[inline]
    pub fn index(self) -> usize {
        self.bit().trailing_zeros() as usize
    }

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

/// A harbor type in text: `3:1`, or the resource of a 2:1 harbor (`ore`).
impl serde::Serialize for HarborKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for HarborKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        HarborKind::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{text}` is not a harbor type (3:1, brick, lumber, wool, grain, ore)"
            ))
        })
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

    /// The board as a map file with everything fixed: the realised map of a record. Fog
    /// hexes stay fog, drawing from the fog stacks.
    pub fn to_map_file(&self) -> MapFile {
        let mut numbers = [0u8; 13];
        for &n in &self.fog_numbers {
            numbers[n as usize] += 1;
        }
        self.to_map_file_with_fog(&crate::game::count_terrain(&self.fog_terrain), &numbers)
    }

    /// The board as a map file, with these fog stacks (by terrain in `Terrain::ALL` order, and
    /// by number) still face down.
    pub fn to_map_file_with_fog(&self, fog_hexes: &[u8; 10], fog_numbers: &[u8; 13]) -> MapFile {
        let mut pools = std::collections::BTreeMap::new();
        if fog_hexes.iter().any(|&n| n > 0) {
            let contents: JsonMap<String, Value> = Terrain::ALL
                .iter()
                .filter(|t| fog_hexes[**t as usize] > 0)
                .map(|t| (t.name().to_string(), Value::from(fog_hexes[*t as usize])))
                .collect();
            pools.insert(
                "fog_hexes".to_string(),
                super::file::Pool {
                    kind: "terrain".into(),
                    contents: Value::Object(contents),
                    other: JsonMap::new(),
                },
            );
            let numbers: Vec<Value> = (0..13u8)
                .flat_map(|n| std::iter::repeat_n(Value::from(n), fog_numbers[n as usize] as usize))
                .collect();
            pools.insert(
                "fog_numbers".to_string(),
                super::file::Pool {
                    kind: "numbers".into(),
                    contents: Value::Array(numbers),
                    other: JsonMap::new(),
                },
            );
        }
        MapFile {
            format: Some("settlers-map".into()),
            // The oldest version that holds the board, so older programs read what they can.
            version: Some(if self.harbor_tokens.is_empty() {
                1
            } else {
                HARBOR_PLACEMENT_VERSION
            }),
            id: self.id.clone(),
            name: self.name.clone(),
            game: self.game.clone(),
            players: self.players.clone(),
            victory_points: self.victory_points,
            hexes: self
                .hexes
                .iter()
                .map(|h| {
                    let fog = h.terrain == Terrain::Fog;
                    HexEntry {
                        hex: h.hex.to_string(),
                        terrain: Some(h.terrain.name().into()),
                        number: h.number,
                        fixed: Some(!fog),
                        pool: fog.then(|| "fog_hexes".into()),
                        other: JsonMap::new(),
                    }
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
            pools,
            number_spiral: None,
            harbor_placement: (!self.harbor_tokens.is_empty())
                .then(|| HarborPlacementEntry::of_tokens(&self.harbor_tokens)),
            robber: Some(PieceStart {
                used: self.robber_used,
                start: self.robber.map(|h| h.to_string()),
                other: JsonMap::new(),
            }),
            other: {
                let mut other = (*self.other).clone();
                other.extend(self.dealt.clone());
                if other.contains_key("pirate") || self.pirate.is_some() {
                    let pirate = other
                        .entry("pirate")
                        .or_insert_with(|| serde_json::json!({"used": true}));
                    if let Some(pirate) = pirate.as_object_mut() {
                        pirate.insert(
                            "start".into(),
                            serde_json::json!(self.pirate.map(|h| h.to_string())),
                        );
                    }
                }
                other
            },
        }
    }
}
