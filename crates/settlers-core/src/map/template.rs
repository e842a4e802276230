//! Checking a map file: every problem at once, each with the place it was found.

use super::board::HarborKind;
use super::file::MapFile;
use super::hex_index::HexIndex;
use crate::geometry::{CoordinateError, Corner, Edge, Hex};
use crate::resources::Terrain;
use crate::ruleset::{MOST_AREAS, MOST_SPECIAL_VP, MOST_VICTORY_POINTS};
use crate::scenario::player_counts_text;
use crate::state::MAX_SEATS;
use crate::topology::{MAX_CORNERS, MAX_EDGES, MAX_HEXES};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

mod places_to_settle;
use places_to_settle::check_places_to_settle;

/// The farthest any coordinate of a map may lie from `0,0`. A board within the engine's
/// limits (`MAX_HEXES`) fits many times over, and a corner or neighbour of a hex this far
/// out is still a number the engine can hold.
pub const MOST_COORDINATE: i16 = 1000;

/// One problem found in a map, with where it is (`hex 1,2`, `harbor 3,2,E`, `pools.terrain`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapProblem {
    pub at: String,
    pub message: String,
    /// Warnings are reported but do not stop the map from being used (decision D-G-3).
    pub warning: bool,
    /// The hexes, edges and corners of the board the problem stands at, where the check
    /// knows them (`hex 1,2` has one, `hexes 1,2 and 2,2` two, `pools.terrain` none): what a
    /// map editor marks on the board.
    pub places: Vec<MapPlace>,
}

/// A position of the board a problem stands at; written `{"hex": "1,2"}`, `{"edge":
/// "1,2,E"}` or `{"corner": "1,2,N"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MapPlace {
    Hex(Hex),
    Edge(Edge),
    Corner(Corner),
}

impl MapProblem {
    /// A problem whose places are read from `at`: `hex Q,R`, `hexes A and B`, `island Q,R`
    /// (its first hex) and `harbor EDGE` name board positions; anything else (a field)
    /// names none.
    pub fn new(at: impl Into<String>, message: impl Into<String>, warning: bool) -> MapProblem {
        let at = at.into();
        let places = places_named(&at);
        MapProblem {
            at,
            message: message.into(),
            warning,
            places,
        }
    }
}

/// The board positions a problem's `at` names (see [`MapProblem::new`]).
fn places_named(at: &str) -> Vec<MapPlace> {
    let hexes = |text: &str| -> Vec<MapPlace> {
        text.split(" and ")
            .map(|h| h.trim().parse::<Hex>())
            .collect::<Result<Vec<_>, _>>()
            .map(|hs| hs.into_iter().map(MapPlace::Hex).collect())
            .unwrap_or_default()
    };
    if let Some(rest) = at
        .strip_prefix("hexes ")
        .or_else(|| at.strip_prefix("hex "))
        .or_else(|| at.strip_prefix("island "))
    {
        hexes(rest)
    } else if let Some(edge) = at.strip_prefix("harbor ") {
        edge.parse::<Edge>()
            .map(|e| vec![MapPlace::Edge(e)])
            .unwrap_or_default()
    } else {
        Vec::new()
    }
}

impl fmt::Display for MapProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.warning { "warning: " } else { "" };
        write!(f, "{kind}{}: {}", self.at, self.message)
    }
}

/// Every problem of a map that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct MapErrors(pub Vec<MapProblem>);

impl fmt::Display for MapErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors: Vec<_> = self.0.iter().filter(|p| !p.warning).collect();
        write!(
            f,
            "the map has {} problem{}:",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        )?;
        for p in errors {
            write!(f, "\n  - {p}")?;
        }
        Ok(())
    }
}

/// Where the robber starts, before the layout is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RobberStart {
    /// On the desert (the first one, if the layout puts several).
    Desert,
    At(Hex),
    /// Beside the board: no desert, or the map says so.
    Beside,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TemplateHex {
    pub hex: Hex,
    /// `None` when drawn from the terrain pool.
    pub terrain: Option<Terrain>,
    pub number: Option<u8>,
    /// Stays in place in the variable and random layouts.
    pub fixed: bool,
    /// The terrain pool it is drawn from when laid out.
    pub pool: Option<String>,
    /// The number stays on this position while its terrain is drawn (`number_fixed`, as in
    /// Barbarian Attack).
    pub number_fixed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TemplateHarbor {
    pub edge: Edge,
    /// `None` when the type is drawn from the harbor pool.
    pub kind: Option<HarborKind>,
    pub beginner: Option<HarborKind>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Spiral {
    pub numbers: Vec<u8>,
    pub corner_hexes: Vec<Hex>,
    pub outer_ring: Vec<Hex>,
    pub inner_ring: Vec<Hex>,
    pub centre: Hex,
}

/// A checked map: typed, every coordinate parsed, every count consistent.
#[derive(Clone, Debug, PartialEq)]
pub struct MapTemplate {
    pub file: MapFile,
    /// The file's other fields, shared by every board laid out from it (`Board::other`).
    pub other: std::sync::Arc<serde_json::Map<String, Value>>,
    pub hexes: Vec<TemplateHex>,
    pub harbors: Vec<TemplateHarbor>,
    /// Terrain pools by name: what the variable and random layouts draw from.
    pub terrain_pools: BTreeMap<String, Vec<Terrain>>,
    /// The numbers the random layout shuffles (the pool `numbers`).
    pub number_pool: Vec<u8>,
    pub harbor_pool: Vec<HarborKind>,
    /// The harbor tokens the players place before setup (`harbor_placement`, SC9-3).
    pub harbor_tokens: Vec<HarborKind>,
    /// The fog stack: the hexes revealed in play, and their numbers (SC3-2).
    pub fog_terrain: Vec<Terrain>,
    pub fog_numbers: Vec<u8>,
    /// Named groups of land hexes (islands, strips...), as the map lists them.
    pub areas: Vec<(String, Vec<Hex>)>,
    /// Groups of hexes whose terrain and numbers the variable set-up permutes among
    /// themselves (`randomize.groups`, decision D-SC-1).
    pub groups: Vec<Vec<Hex>>,
    /// Hexes of those groups that must not receive these numbers (a group's
    /// `constraints`, as SC5-8 and SC8-9 write them).
    pub group_limits: Vec<(Vec<Hex>, Vec<u8>)>,
    pub spiral: Option<Spiral>,
    pub robber: RobberStart,
    /// Whether the robber is in play at all (`robber.used`; Barbarian Attack has none, BA-2).
    pub robber_used: bool,
    /// The pirate's start, `None` for beside the board.
    pub pirate: Option<Hex>,
    pub warnings: Vec<MapProblem>,
}

struct Problems(Vec<MapProblem>);

impl Problems {
    fn error(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(MapProblem::new(at, message, false));
    }
    fn warning(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(MapProblem::new(at, message, true));
    }
    /// An error at a field (`robber.start`, `areas.east`) that concerns one hex of the board.
    fn error_at_hex(&mut self, at: impl Into<String>, hex: Hex, message: impl Into<String>) {
        let mut problem = MapProblem::new(at, message, false);
        problem.places.push(MapPlace::Hex(hex));
        self.0.push(problem);
    }
}

/// How many corners and edges the hexes of `board` have between them, each counted at the
/// first hex of the board it touches (a New World game checks a map of its own, so this
/// runs once a game: counting the distinct ones took a sort of each).
fn corners_and_edges(board: &[Hex], index: &HexIndex) -> (usize, usize) {
    let first_touched_at = |i: usize, touching: &[Hex]| {
        touching
            .iter()
            .all(|h| index.get(*h).is_none_or(|j| j >= i))
    };
    let mut corners = 0;
    let mut edges = 0;
    for (i, h) in board.iter().enumerate() {
        corners += h
            .corners()
            .iter()
            .filter(|c| first_touched_at(i, &c.hexes()))
            .count();
        edges += h
            .edges()
            .iter()
            .filter(|e| first_touched_at(i, &e.hexes()))
            .count();
    }
    (corners, edges)
}

fn is_number_token(n: u8) -> bool {
    (2..=12).contains(&n) && n != 7
}

/// Terrain that may carry a number token.
fn takes_a_number(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}

/// Reads a hex, corner or edge, refusing coordinates beyond [`MOST_COORDINATE`] before
/// anything works out their neighbours.
fn coordinate<T: FromStr<Err = CoordinateError>>(text: &str) -> Result<T, String> {
    // What geometry.rs reads lies within its own bound, no wider than this one: only a text
    // it refuses can lie beyond the limits (a map names every hex, so this is the common way).
    const _: () = assert!(crate::geometry::MOST_COORDINATE <= MOST_COORDINATE);
    let refused = match text.parse::<T>() {
        Ok(place) => return Ok(place),
        Err(e) => e,
    };
    let too_far = text
        .split(',')
        .take(2)
        .filter_map(|part| part.trim().parse::<i64>().ok())
        .any(|v| v.abs() > i64::from(MOST_COORDINATE));
    if too_far {
        return Err(format!(
            "`{text}` lies beyond the engine's limits (coordinates run from -{MOST_COORDINATE} to {MOST_COORDINATE})"
        ));
    }
    Err(refused.to_string())
}

/// Whether the check searches the map for places to settle (`places_to_settle.rs`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PlacesToSettle {
    Search,
    /// The map has them by the way it was made, as the caller shows.
    KnownThere,
}

/// Rule switches (`rules`) the engine plays (ruleset.rs).
const PLAYED_SWITCHES: &[&str] = &[
    "ships",
    "pirate_fleet",
    "pirate_requires_village_trade",
    "pirate",
    "longest_trade_route",
    "fog_discovery",
    "robber",
    "largest_army",
];

impl MapTemplate {
    /// Checks a map file and reports every problem found, never panicking.
    pub fn check(file: &MapFile) -> Result<MapTemplate, MapErrors> {
        Self::check_handed(Cow::Borrowed(file), PlacesToSettle::Search)
    }

    /// [`MapTemplate::check`] of a map the New World generator has just drawn, which the
    /// template keeps rather than a copy. Its places to settle are not searched: every such
    /// map has them, as `NewWorld::generate_checked` shows.
    pub(crate) fn check_new_world_draw(file: MapFile) -> Result<MapTemplate, MapErrors> {
        Self::check_handed(Cow::Owned(file), PlacesToSettle::KnownThere)
    }

    fn check_handed(
        handed: Cow<'_, MapFile>,
        places_to_settle: PlacesToSettle,
    ) -> Result<MapTemplate, MapErrors> {
        let file: &MapFile = &handed;
        let mut p = Problems(Vec::new());
        // More hexes than the engine takes is refused before anything is worked out from
        // them: a 1 MiB file holds some 22,000, and finding their corners, edges and
        // islands would take the processor for long, only to refuse the map all the same.
        if file.hexes.len() > MAX_HEXES {
            p.error(
                "hexes",
                format!(
                    "{} hexes; the engine takes at most {MAX_HEXES}",
                    file.hexes.len()
                ),
            );
            return Err(MapErrors(p.0));
        }
        if let Some(format) = &file.format
            && format != "settlers-map"
        {
            p.error(
                "format",
                format!("`{format}` is not a map file (expected `settlers-map`)"),
            );
        }
        if let Some(v) = file.version
            && v > super::file::MAP_FORMAT_VERSION
        {
            p.error(
                "version",
                format!(
                    "version {v} is newer than this program reads (up to {})",
                    super::file::MAP_FORMAT_VERSION
                ),
            );
        }
        if file.id.trim().is_empty() {
            p.error("id", "the map has no id");
        }
        if file.hexes.is_empty() {
            p.error("hexes", "the map has no hexes");
        }
        if file.victory_points == Some(0) {
            p.error(
                "victory_points",
                "a victory target of 0: the game would be over before it starts",
            );
        } else if let Some(n) = file.victory_points
            && n > MOST_VICTORY_POINTS
        {
            p.error(
                "victory_points",
                format!("a victory target of {n}: the engine plays to 1 to {MOST_VICTORY_POINTS}"),
            );
        }
        let seated = 2..=MAX_SEATS as u8;
        let (playable, unseated): (Vec<u8>, Vec<u8>) =
            file.players.iter().partition(|n| seated.contains(n));
        if playable.is_empty() && !unseated.is_empty() {
            p.error(
                "players",
                format!(
                    "no player count the engine seats (2 to {MAX_SEATS}): the map is for {}",
                    player_counts_text(unseated)
                ),
            );
        } else {
            for n in unseated {
                p.warning(
                    "players",
                    format!("the engine seats 2 to {MAX_SEATS} players, so never {n}"),
                );
            }
        }

        // Pools, by name.
        let mut terrain_pools: BTreeMap<String, Vec<Terrain>> = BTreeMap::new();
        let mut number_pools: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let mut harbor_pool = Vec::new();
        for (name, pool) in &file.pools {
            let at = format!("pools.{name}");
            match pool.kind.as_str() {
                "" => {}
                "terrain" => match counted_names(&pool.contents) {
                    Some(items) => {
                        let tiles = terrain_pools.entry(name.clone()).or_default();
                        for (t, n) in within_pool_bound(items, &at, "tiles", (MAX_HEXES, "hexes"), &mut p) {
                            match Terrain::from_name(&t) {
                                Some(terrain) => tiles.extend(std::iter::repeat_n(terrain, n)),
                                None => p.error(&at, format!("`{t}` is not a terrain")),
                            }
                        }
                    }
                    None => p.error(&at, "a terrain pool lists `{\"terrain\": count}`"),
                },
                "numbers" => match pool.contents.as_array() {
                    // More numbers than hexes could never all be laid, and the fog's
                    // stack counts each number in a byte.
                    Some(items) if items.len() > MAX_HEXES => p.error(
                        &at,
                        format!(
                            "{} numbers; a pool holds at most {MAX_HEXES} (the most hexes a map may have)",
                            items.len()
                        ),
                    ),
                    Some(items) => {
                        let numbers = number_pools.entry(name.clone()).or_default();
                        for item in items {
                            match item.as_u64().and_then(|n| u8::try_from(n).ok()) {
                                Some(n) if is_number_token(n) => numbers.push(n),
                                _ => p.error(
                                    &at,
                                    format!("`{item}` is not a number token (2-6, 8-12)"),
                                ),
                            }
                        }
                    }
                    None => p.error(&at, "a number pool is a list of numbers"),
                },
                "harbors" => match counted_names(&pool.contents) {
                    Some(items) => {
                        for (t, n) in within_pool_bound(items, &at, "harbors", (MAX_EDGES, "edges"), &mut p)
                        {
                            match HarborKind::parse(&t) {
                                Some(kind) => harbor_pool.extend(std::iter::repeat_n(kind, n)),
                                None => p.error(
                                    &at,
                                    format!("`{t}` is not a harbor type (3:1 or a resource)"),
                                ),
                            }
                        }
                    }
                    None => p.error(&at, "a harbor pool lists `{\"type\": count}`"),
                },
                other => p.error(
                    &at,
                    format!("`{other}` is not a kind of pool (terrain, numbers, harbors)"),
                ),
            }
        }

        // Hexes.
        let mut hexes = Vec::new();
        let mut seen = BTreeSet::new();
        let mut drawing: BTreeMap<String, usize> = BTreeMap::new();
        let mut fog_pool: Option<String> = None;
        for (i, entry) in file.hexes.iter().enumerate() {
            let hex = match coordinate::<Hex>(&entry.hex) {
                Ok(h) => h,
                Err(e) => {
                    p.error(format!("hexes[{i}]"), e);
                    continue;
                }
            };
            // Written only for a problem: most hexes have none.
            let at = || format!("hex {hex}");
            if !seen.insert(hex) {
                p.error(at(), "listed twice (overlapping hexes)");
                continue;
            }
            let terrain = match entry.terrain.as_deref() {
                None => None,
                Some(name) => match Terrain::from_name(name) {
                    Some(t) => Some(t),
                    None => {
                        p.error(
                            at(),
                            format!("`{name}` is not a terrain (sea, desert, gold, fields, hills, mountains, pasture, forest, castle, fog)"),
                        );
                        continue;
                    }
                },
            };
            if let Some(n) = entry.number {
                if !is_number_token(n) {
                    p.error(at(), format!("{n} is not a number token (2-6, 8-12)"));
                } else if let Some(t) = terrain
                    && !takes_a_number(t)
                {
                    p.error(at(), format!("a number on a {t} hex"));
                }
            }
            let fixed = entry
                .fixed
                .unwrap_or(terrain.is_some() && entry.pool.is_none());
            if let Some(t) = terrain
                && fixed
                && takes_a_number(t)
                && entry.number.is_none()
            {
                p.warning(at(), format!("a {t} hex with no number never produces"));
            }
            // Fog stays fog when the board is laid out: it is drawn during play (SC3).
            let pool = if terrain == Some(Terrain::Fog) {
                let name = entry.pool.clone().unwrap_or_else(|| "fog_hexes".into());
                if fog_pool.get_or_insert_with(|| name.clone()) != &name {
                    p.error(at(), "fog hexes draw from two different pools");
                }
                None
            } else if terrain.is_none() || !fixed {
                let name = entry.pool.clone().unwrap_or_else(|| "terrain".into());
                *drawing.entry(name.clone()).or_default() += 1;
                Some(name)
            } else {
                None
            };
            hexes.push(TemplateHex {
                hex,
                terrain,
                number: entry.number,
                fixed,
                pool,
                number_fixed: entry
                    .other
                    .get("number_fixed")
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
            });
        }
        for (name, count) in &drawing {
            match terrain_pools.get(name) {
                None => p.error(
                    format!("pools.{name}"),
                    format!("{count} hexes draw from the terrain pool `{name}`, which the map does not have"),
                ),
                Some(tiles) if tiles.len() != *count => p.error(
                    format!("pools.{name}"),
                    format!("holds {} tiles for {count} hexes that draw from it", tiles.len()),
                ),
                _ => {}
            }
        }
        let fog_hexes = hexes
            .iter()
            .filter(|h| h.terrain == Some(Terrain::Fog))
            .count();
        let fog_terrain = fog_pool
            .as_ref()
            .and_then(|name| terrain_pools.get(name))
            .cloned()
            .unwrap_or_default();
        let fog_numbers = number_pools.get("fog_numbers").cloned().unwrap_or_default();
        if fog_hexes > 0 {
            let name = fog_pool.clone().unwrap_or_default();
            if fog_terrain.len() != fog_hexes {
                p.error(
                    format!("pools.{name}"),
                    format!(
                        "holds {} tiles for {fog_hexes} fog hexes",
                        fog_terrain.len()
                    ),
                );
            }
            let needing = fog_terrain.iter().filter(|t| takes_a_number(**t)).count();
            if fog_numbers.len() < needing {
                p.error(
                    "pools.fog_numbers",
                    format!(
                        "holds {} numbers for {needing} fog hexes that take one",
                        fog_numbers.len()
                    ),
                );
            }
        }
        // Each hex is listed once by now.
        let board: Vec<Hex> = hexes.iter().map(|h| h.hex).collect();
        let board_index = HexIndex::new(&board);
        let land = |h: Hex| {
            board_index
                .get(h)
                .map(|i| hexes[i].terrain.is_none_or(|t| t.is_land()))
        };

        // Engine limits: every corner and edge of a listed hex gets an id.
        let (corners, edges) = corners_and_edges(&board, &board_index);
        if hexes.len() > MAX_HEXES {
            p.error(
                "hexes",
                format!(
                    "{} hexes; the engine takes at most {MAX_HEXES}",
                    hexes.len()
                ),
            );
        }
        if corners > MAX_CORNERS {
            p.error(
                "hexes",
                format!("{corners} corners; the engine takes at most {MAX_CORNERS}"),
            );
        }
        if edges > MAX_EDGES {
            p.error(
                "hexes",
                format!("{edges} edges; the engine takes at most {MAX_EDGES}"),
            );
        }

        // Harbors.
        let mut harbors = Vec::new();
        let mut harbor_edges = BTreeSet::new();
        let mut shuffled = 0usize;
        for (i, entry) in file.harbors.iter().enumerate() {
            let edge = match coordinate::<Edge>(&entry.edge) {
                Ok(e) => e,
                Err(e) => {
                    p.error(format!("harbors[{i}]"), e);
                    continue;
                }
            };
            let at = format!("harbor {edge}");
            if !harbor_edges.insert(edge) {
                p.error(&at, "two harbors on one edge");
            }
            let sides = edge.hexes().map(land);
            match sides {
                [Some(true), Some(true)] => p.error(
                    &at,
                    "the harbor faces land on both sides: it needs sea on one",
                ),
                [Some(true), _] | [_, Some(true)] => {}
                _ => p.error(&at, "the harbor's edge touches no land hex"),
            }
            let kind = match entry.kind.as_str() {
                "shuffled" => {
                    shuffled += 1;
                    None
                }
                text => match HarborKind::parse(text) {
                    Some(k) => Some(k),
                    None => {
                        p.error(
                            &at,
                            format!("`{text}` is not a harbor type (3:1, a resource, or shuffled)"),
                        );
                        None
                    }
                },
            };
            let beginner = match entry
                .beginner_type
                .as_deref()
                .map(|t| (t, HarborKind::parse(t)))
            {
                None => None,
                Some((_, Some(k))) => Some(k),
                Some((t, None)) => {
                    p.error(&at, format!("beginner type `{t}` is not a harbor type"));
                    None
                }
            };
            harbors.push(TemplateHarbor {
                edge,
                kind,
                beginner,
            });
        }
        // Two harbors on one corner are legal, but no placement rule makes them (D-SC5-2,
        // SC9-3): most likely a slip.
        for (i, a) in harbors.iter().enumerate() {
            for b in &harbors[i + 1..] {
                if let Some(c) = a
                    .edge
                    .corners()
                    .iter()
                    .find(|c| b.edge.corners().contains(c))
                {
                    p.warning(
                        format!("harbor {}", b.edge),
                        format!("shares the corner {c} with the harbor {}", a.edge),
                    );
                }
            }
        }
        if shuffled > 0 && harbor_pool.len() != shuffled {
            p.error(
                "pools.harbors",
                format!(
                    "holds {} harbor types for {shuffled} shuffled harbors",
                    harbor_pool.len()
                ),
            );
        }

        let harbor_tokens = check_harbor_placement(file, &mut p);

        // Number spiral.
        let spiral = file.number_spiral.as_ref().map(|s| {
            let mut parse_list = |field: &str, items: &[String]| -> Vec<Hex> {
                items
                    .iter()
                    .filter_map(|t| match coordinate::<Hex>(t) {
                        Ok(h) if land(h) == Some(true) => Some(h),
                        Ok(h) => {
                            p.error(
                                format!("number_spiral.{field}"),
                                format!("{h} is not a land hex of the map"),
                            );
                            None
                        }
                        Err(e) => {
                            p.error(format!("number_spiral.{field}"), e);
                            None
                        }
                    })
                    .collect()
            };
            let corner_hexes = parse_list("corner_hexes", &s.corner_hexes);
            let outer_ring = parse_list(
                "outer_ring_counterclockwise",
                &s.outer_ring_counterclockwise,
            );
            let inner_ring = parse_list(
                "inner_ring_counterclockwise",
                &s.inner_ring_counterclockwise,
            );
            let centre = parse_list("centre", std::slice::from_ref(&s.centre))
                .first()
                .copied()
                .unwrap_or(Hex::new(0, 0));
            for t in &s.tokens {
                if !is_number_token(t.number) {
                    p.error(
                        "number_spiral.tokens",
                        format!("token {} has {}, not a number token", t.letter, t.number),
                    );
                }
            }
            let walk = outer_ring.len() + inner_ring.len() + 1;
            if walk != hexes.len() {
                p.error(
                    "number_spiral",
                    format!(
                        "the rings and centre walk {walk} hexes, the board has {}",
                        hexes.len()
                    ),
                );
            }
            Spiral {
                numbers: s.tokens.iter().map(|t| t.number).collect(),
                corner_hexes,
                outer_ring,
                inner_ring,
                centre,
            }
        });

        // Robber.
        let robber = match &file.robber {
            None => RobberStart::Desert,
            Some(r) if !r.used => RobberStart::Beside,
            Some(r) => match r.start.as_deref() {
                None => RobberStart::Beside,
                Some(text) if text.contains("desert") => RobberStart::Desert,
                Some(text) => match coordinate::<Hex>(text) {
                    Ok(h) if land(h) == Some(true) => RobberStart::At(h),
                    Ok(h) => {
                        p.error_at_hex(
                            "robber.start",
                            h,
                            format!("{h} is not a land hex of the map"),
                        );
                        RobberStart::Beside
                    }
                    Err(e) => {
                        p.error("robber.start", e);
                        RobberStart::Beside
                    }
                },
            },
        };

        // The pirate: on a sea hex, or beside the board (S-14.1).
        let pirate = match file.other.get("pirate").and_then(|v| v.get("start")) {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => match v.as_str().map(coordinate::<Hex>) {
                Some(Ok(h))
                    if hexes
                        .iter()
                        .any(|x| x.hex == h && x.terrain == Some(Terrain::Sea)) =>
                {
                    Some(h)
                }
                Some(Ok(h)) => {
                    p.error_at_hex(
                        "pirate.start",
                        h,
                        format!("{h} is not a sea hex of the map"),
                    );
                    None
                }
                Some(Err(e)) => {
                    p.error("pirate.start", e);
                    None
                }
                None => {
                    p.error("pirate.start", format!("`{v}` is not a hex"));
                    None
                }
            },
        };

        // Areas: named groups of land hexes.
        let mut areas: Vec<(String, Vec<Hex>)> = Vec::new();
        if let Some(listed) = file.other.get("areas") {
            match listed.as_object() {
                None => p.error("areas", "areas map a name to a list of hexes"),
                Some(map) => {
                    for (name, list) in map {
                        let at = format!("areas.{name}");
                        let mut members = Vec::new();
                        let Some(list) = list.as_array() else {
                            p.error(&at, "an area is a list of hexes");
                            continue;
                        };
                        for item in list {
                            match item.as_str().map(coordinate::<Hex>) {
                                Some(Ok(h)) if land(h) == Some(true) => members.push(h),
                                Some(Ok(h)) if land(h).is_none() => p.error_at_hex(
                                    &at,
                                    h,
                                    format!("{h} is off the map: no hex of the map is there"),
                                ),
                                Some(Ok(h)) => {
                                    p.error_at_hex(&at, h, format!("{h} is not land (sea or fog)"))
                                }
                                Some(Err(e)) => p.error(&at, e),
                                None => p.error(&at, format!("`{item}` is not a hex")),
                            }
                        }
                        areas.push((name.clone(), members));
                    }
                }
            }
        }
        let area_hexes = |spec: &str, p: &mut Problems, at: &str| -> Vec<Hex> {
            let names: Vec<&str> = match spec.split_once(':') {
                Some(("area" | "areas", list)) => list.split(',').map(str::trim).collect(),
                _ if spec == "all-land" => {
                    return hexes
                        .iter()
                        .filter(|h| h.terrain.is_some_and(|t| t.is_land()))
                        .map(|h| h.hex)
                        .collect();
                }
                _ => {
                    p.error(
                        at,
                        format!("`{spec}` names no hexes (area:NAME, areas:A,B or all-land)"),
                    );
                    return Vec::new();
                }
            };
            let mut out = Vec::new();
            for name in names {
                // `NAME-except-deserts`: an area less its deserts, which stay where they are
                // (Wonders' main island, SC8-9).
                let (name, deserts) = match name.strip_suffix("-except-deserts") {
                    Some(base) if !areas.iter().any(|(n, _)| n == name) => (base, false),
                    _ => (name, true),
                };
                match areas.iter().find(|(n, _)| n == name) {
                    Some((_, members)) => out.extend(members.iter().copied().filter(|h| {
                        deserts
                            || hexes
                                .iter()
                                .find(|x| x.hex == *h)
                                .is_none_or(|x| x.terrain != Some(Terrain::Desert))
                    })),
                    None => p.error(at, format!("there is no area `{name}`")),
                }
            }
            out
        };
        let mut groups = Vec::new();
        let mut group_limits = Vec::new();
        if let Some(randomize) = file.other.get("randomize")
            && randomize
                .get("allowed")
                .and_then(|a| a.as_bool())
                .unwrap_or(false)
        {
            for (i, g) in randomize
                .get("groups")
                .and_then(|g| g.as_array())
                .into_iter()
                .flatten()
                .enumerate()
            {
                let at = format!("randomize.groups[{i}]");
                match g.get("hexes").and_then(|h| h.as_str()) {
                    Some(spec) => groups.push(area_hexes(spec, &mut p, &at)),
                    None => p.error(&at, "a group names its `hexes`"),
                }
                for text in g
                    .get("constraints")
                    .and_then(|c| c.as_array())
                    .into_iter()
                    .flatten()
                {
                    let at = format!("{at}.constraints");
                    match text.as_str().and_then(number_limit) {
                        Some(limit) => group_limits.push(limit),
                        None => p.warning(
                            &at,
                            format!(
                                "`{text}` is not read (\"hexes A and B must not receive 6 or 8\"): the randomiser ignores it"
                            ),
                        ),
                    }
                }
            }
        }
        if let Some(allowed) = file.other.get("setup").and_then(|s| s.get("allowed_areas")) {
            for name in allowed.as_array().into_iter().flatten() {
                let name = name.as_str().unwrap_or_default();
                if !areas.iter().any(|(n, _)| n == name) {
                    p.error("setup.allowed_areas", format!("there is no area `{name}`"));
                }
            }
        }

        let islands_score = check_special_vp(file, &areas, &mut p);
        check_switches(file, &hexes, &mut p);
        check_pirate_islands(file, &hexes, &mut p);
        check_gift_harbor_pool(file, &mut p);
        check_barbarians(file, &mut p);
        if places_to_settle == PlacesToSettle::Search {
            check_places_to_settle(
                file,
                &hexes,
                &board,
                &board_index,
                &areas,
                islands_score,
                &mut p,
            );
        }

        // Fixed official maps may break the randomiser's constraints (D-G-3): warn only.
        let red: Vec<Hex> = hexes
            .iter()
            .filter(|h| matches!(h.number, Some(6 | 8)))
            .map(|h| h.hex)
            .collect();
        for (i, a) in red.iter().enumerate() {
            for b in &red[i + 1..] {
                if a.distance(*b) == 1 {
                    // Both hexes are the place, so that every warning of the kind reads
                    // the same and a long list of them can be summed up.
                    p.warning(format!("hexes {a} and {b}"), "a 6 or 8 next to another");
                }
            }
        }

        let (errors, warnings): (Vec<_>, Vec<_>) = p.0.into_iter().partition(|x| !x.warning);
        if !errors.is_empty() {
            return Err(MapErrors(errors.into_iter().chain(warnings).collect()));
        }
        let other = std::sync::Arc::new(file.other.clone());
        let robber_used = file.robber.as_ref().is_none_or(|r| r.used);
        Ok(MapTemplate {
            file: handed.into_owned(),
            other,
            hexes,
            harbors,
            terrain_pools,
            number_pool: number_pools.get("numbers").cloned().unwrap_or_default(),
            harbor_pool,
            harbor_tokens,
            fog_terrain,
            fog_numbers,
            areas,
            groups,
            group_limits,
            spiral,
            robber,
            robber_used,
            pirate,
            warnings,
        })
    }
}

/// The most harbor tokens the players may place before setup (`harbor_placement`): the New
/// World has 9 (D-SC9-2); each takes a sea hex of its own, and no map of the engine's size
/// has room for more.
pub const MOST_HARBOR_TOKENS: usize = 64;

/// `harbor_placement.tokens` (SC9-3): a count for each harbor type, at most
/// [`MOST_HARBOR_TOKENS`] in all.
fn check_harbor_placement(file: &MapFile, p: &mut Problems) -> Vec<HarborKind> {
    let Some(entry) = &file.harbor_placement else {
        return Vec::new();
    };
    let at = "harbor_placement.tokens";
    let Some(items) = counted_names(&entry.tokens) else {
        p.error(
            at,
            "must be an object of harbor types and counts, such as {\"3:1\": 4, \"ore\": 1}",
        );
        return Vec::new();
    };
    let mut tokens = Vec::new();
    for (name, n) in within_pool_bound(
        items,
        at,
        "harbor tokens",
        (MOST_HARBOR_TOKENS, "harbor tokens"),
        p,
    ) {
        match HarborKind::parse(&name) {
            Some(kind) => tokens.extend(std::iter::repeat_n(kind, n)),
            None => p.error(
                at,
                format!("`{name}` is not a harbor type (3:1, brick, lumber, wool, grain, ore)"),
            ),
        }
    }
    if tokens.is_empty() {
        p.error(
            at,
            "no harbor tokens: leave `harbor_placement` out for a map without them",
        );
    }
    tokens
}

/// A randomiser constraint in the words of the maps: "hexes 3,3 and 4,2 (next to the
/// deserts) must not receive 6 or 8", "hexes 4,2 / 4,3 / 3,4 must not receive 5, 6, 8 or 9".
/// The hexes are the coordinates before "must not receive", the numbers those after it.
fn number_limit(text: &str) -> Option<(Vec<Hex>, Vec<u8>)> {
    let (before, after) = text.split_once("must not receive")?;
    let before = before.trim_start().strip_prefix("hexes")?;
    // Words in brackets explain; they name no hex.
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in before.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let hexes: Vec<Hex> = plain
        .split(|c: char| c.is_whitespace() || c == '/')
        .filter(|w| w.contains(','))
        .map(|w| w.trim_end_matches(',').parse().ok())
        .collect::<Option<_>>()?;
    let numbers: Vec<u8> = after
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().ok().filter(|&n| is_number_token(n)))
        .collect::<Option<_>>()?;
    (!hexes.is_empty() && !numbers.is_empty()).then_some((hexes, numbers))
}

/// `{"name": count}` as a list of (name, count). Counts stay as written: they are bounded
/// (`within_pool_bound`) before anything is made from them.
fn counted_names(value: &serde_json::Value) -> Option<Vec<(String, u64)>> {
    let map = value.as_object()?;
    let mut out = BTreeMap::new();
    for (k, v) in map {
        out.insert(k.clone(), v.as_u64()?);
    }
    Some(out.into_iter().collect())
}

/// The entries of a counted pool whose counts fit within `bound` pieces, the pool's whole
/// included: a pool never needs more pieces than the map has places for them (`MAX_HEXES`
/// hexes, `MAX_EDGES` edges), so a larger count is refused, naming the entry, before
/// anything is allocated from it.
fn within_pool_bound(
    items: Vec<(String, u64)>,
    at: &str,
    pieces: &str,
    (bound, places): (usize, &str),
    p: &mut Problems,
) -> Vec<(String, usize)> {
    let mut total = 0usize;
    let mut out = Vec::new();
    for (name, count) in items {
        let fits = usize::try_from(count)
            .ok()
            .filter(|n| total.saturating_add(*n) <= bound);
        match fits {
            Some(n) => {
                total += n;
                out.push((name, n));
            }
            None => p.error(
                at,
                format!(
                    "`{name}`: {count} {pieces} are more than the pool can hold: at most {bound} in all (the most {places} a map may have)"
                ),
            ),
        }
    }
    out
}

/// The names of areas listed under `special_vp.{field}`: each must be an area of the map.
fn listed_areas(
    special: &serde_json::Map<String, Value>,
    field: &str,
    areas: &[(String, Vec<Hex>)],
    p: &mut Problems,
) -> usize {
    let at = format!("special_vp.{field}");
    let Some(list) = special.get(field).and_then(Value::as_array) else {
        return 0;
    };
    for item in list {
        match item.as_str() {
            Some(name) if areas.iter().any(|(n, _)| n == name) => {}
            Some(name) => p.error(&at, format!("there is no area `{name}`")),
            None => p.error(&at, format!("`{item}` is not the name of an area")),
        }
    }
    list.len()
}

/// The special victory points (`special_vp`, maps/README.md and ruleset.rs). Returns
/// whether the islands found on the map score, rather than listed areas (SC9-6).
fn check_special_vp(file: &MapFile, areas: &[(String, Vec<Hex>)], p: &mut Problems) -> bool {
    let Some(special) = file.other.get("special_vp") else {
        return false;
    };
    let Some(special) = special.as_object() else {
        p.error("special_vp", "special_vp is an object with a `kind`");
        return false;
    };
    for field in ["value", "first_foreign", "each_further_foreign"] {
        in_range(
            special.get(field),
            &format!("special_vp.{field}"),
            "a number of victory points",
            0..=u64::from(MOST_SPECIAL_VP),
            p,
        );
    }
    in_range(
        special.get("cloth_per_vp"),
        "special_vp.cloth_per_vp",
        "a number of cloth",
        1..=u64::from(crate::modules::cloth::MOST_CLOTH_PER_VP),
        p,
    );
    listed_areas(special, "excluded_areas", areas, p);
    let listed = special
        .get("areas")
        .and_then(Value::as_array)
        .is_some_and(|a| !a.is_empty());
    let too_many = |n: usize, p: &mut Problems| {
        if n > MOST_AREAS {
            p.error(
                "special_vp.areas",
                format!("{n} scoring areas; the engine scores at most {MOST_AREAS}"),
            );
        }
    };
    match special.get("kind").and_then(Value::as_str) {
        Some("first-settlement-per-area") if listed => {
            let n = listed_areas(special, "areas", areas, p);
            too_many(n, p);
            false
        }
        // No list of areas: every island foreign to the player scores (SC9-6).
        Some("first-settlement-per-area") => true,
        Some("foreign-island-escalating") if listed => {
            let n = listed_areas(special, "areas", areas, p);
            too_many(n, p);
            false
        }
        Some("foreign-island-escalating") => {
            p.error(
                "special_vp.areas",
                "foreign-island-escalating scores the areas it lists, and lists none (for every island found on the map, use first-settlement-per-area without areas)",
            );
            false
        }
        // The Forgotten Tribe's gifts score their own points (SC5-6, SC5-7): the module
        // reads `extras.gifts`.
        Some("gift-edges") => {
            if file
                .other
                .get("extras")
                .and_then(|e| e.get("gifts"))
                .and_then(|g| g.get("special_vp"))
                .is_none()
            {
                p.warning(
                    "special_vp.kind",
                    "gift-edges scores the edges of `extras.gifts.special_vp`, and there are none",
                );
            }
            false
        }
        // Cloth for Catan's cloth scores (SC6-6): the module reads `extras.villages`.
        Some("cloth") => {
            check_villages(file, p);
            false
        }
        Some(kind) => {
            p.error(
                "special_vp.kind",
                format!("`{kind}` is not a kind of special victory points (first-settlement-per-area, foreign-island-escalating, gift-edges, cloth)"),
            );
            false
        }
        None => {
            p.error("special_vp.kind", "special_vp names no `kind`");
            false
        }
    }
}

/// Whether the map has the Pirate Islands' fleet path and colours (SC7-2, SC7-8).
fn has_fleet(file: &MapFile) -> bool {
    let extras = file.other.get("extras");
    let listed = |name: &str| {
        extras
            .and_then(|e| e.get(name))
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
    };
    listed("fleet_path") && listed("colours")
}

/// The Pirate Islands' colours (`extras.colours`, SC7-2) and fleet path (`extras.fleet_path`,
/// SC7-8): every corner, edge and hex in the text form, the path on sea.
fn check_pirate_islands(file: &MapFile, hexes: &[TemplateHex], p: &mut Problems) {
    let Some(extras) = file.other.get("extras") else {
        return;
    };
    let (Some(colours), Some(path)) = (extras.get("colours"), extras.get("fleet_path")) else {
        return;
    };
    for (i, h) in path.as_array().into_iter().flatten().enumerate() {
        let at = format!("extras.fleet_path[{i}]");
        match h.as_str().and_then(|h| h.parse::<Hex>().ok()) {
            Some(hex)
                if hexes
                    .iter()
                    .any(|x| x.hex == hex && x.terrain == Some(Terrain::Sea)) => {}
            _ => p.error(&at, format!("`{h}` is not a sea hex of the map")),
        }
    }
    for (i, c) in colours.as_array().into_iter().flatten().enumerate() {
        let at = format!("extras.colours[{i}]");
        for field in ["start_settlement", "pirate_island_site", "fortress"] {
            if c.get(field)
                .and_then(Value::as_str)
                .and_then(|x| x.parse::<crate::geometry::Corner>().ok())
                .is_none()
            {
                p.error(&at, format!("`{field}` names no corner, such as \"2,6,N\""));
            }
        }
        in_range(
            c.get("fortress_chits"),
            &format!("{at}.fortress_chits"),
            "a number of fortress chits",
            1..=u64::from(crate::modules::pirate_islands::MOST_FORTRESS_CHITS),
            p,
        );
        let edge = |v: &Value| {
            v.as_str()
                .and_then(|x| x.parse::<crate::geometry::Edge>().ok())
                .is_some()
        };
        if !c.get("start_ship").is_some_and(edge) {
            p.error(&at, "`start_ship` names no edge, such as \"2,5,SE\"");
        }
        let lane = c.get("ship_lane").and_then(Value::as_array);
        if !lane.is_some_and(|l| !l.is_empty() && l.iter().all(edge)) {
            p.error(&at, "`ship_lane` is a list of edges");
        }
    }
}

/// The Forgotten Tribe's harbor tokens (`extras.gift_harbor_pool`, SC5-6): `{"type": count}`,
/// no more in all than the map has edges.
fn check_gift_harbor_pool(file: &MapFile, p: &mut Problems) {
    let at = "extras.gift_harbor_pool";
    let Some(pool) = file
        .other
        .get("extras")
        .and_then(|e| e.get("gift_harbor_pool"))
    else {
        return;
    };
    let Some(items) = counted_names(pool) else {
        p.error(at, "a harbor pool lists `{\"type\": count}`");
        return;
    };
    for (t, _) in within_pool_bound(items, at, "tokens", (MAX_EDGES, "edges"), p) {
        if HarborKind::parse(&t).is_none() {
            p.error(
                at,
                format!("`{t}` is not a harbor type (3:1 or a resource)"),
            );
        }
    }
}

/// Cloth for Catan's villages (`extras.villages`, SC6-2): each on a corner, with a number
/// and its cloth.
fn check_villages(file: &MapFile, p: &mut Problems) {
    let villages = file.other.get("extras").and_then(|e| e.get("villages"));
    let Some(list) = villages.and_then(Value::as_array).filter(|l| !l.is_empty()) else {
        p.error(
            "extras.villages",
            "cloth scores only with villages: a list of {\"corner\", \"number\", \"cloth\"}",
        );
        return;
    };
    if list.len() > crate::modules::cloth::MAX_VILLAGES {
        p.error(
            "extras.villages",
            format!(
                "{} villages; the engine plays at most {}",
                list.len(),
                crate::modules::cloth::MAX_VILLAGES
            ),
        );
    }
    for (i, v) in list.iter().enumerate() {
        let at = format!("extras.villages[{i}]");
        if v.get("corner")
            .and_then(Value::as_str)
            .and_then(|c| c.parse::<crate::geometry::Corner>().ok())
            .is_none()
        {
            p.error(&at, "a village names its `corner`, such as \"2,2,N\"");
        }
        if !v
            .get("number")
            .and_then(Value::as_u64)
            .is_some_and(|n| (2..=12).contains(&n) && n != 7)
        {
            p.error(&at, "a village's `number` is 2 to 12, not 7");
        }
        in_range(
            v.get("cloth"),
            &format!("{at}.cloth"),
            "a village's number of cloth",
            0..=u64::from(crate::modules::cloth::MOST_VILLAGE_CLOTH),
            p,
        );
    }
    in_range(
        file.other
            .get("extras")
            .and_then(|e| e.get("general_cloth_supply")),
        "extras.general_cloth_supply",
        "a number of cloth",
        0..=u64::from(crate::modules::cloth::MOST_SUPPLY_CLOTH),
        p,
    );
}

/// A whole number of the map within `range`, when the field is there: otherwise a problem
/// naming the field, what it counts and the range allowed. Every count the engine keeps in a
/// byte is read through a range, so none can wrap (docs/map-format.md, "Limits").
fn in_range(
    value: Option<&Value>,
    at: &str,
    what: &str,
    range: std::ops::RangeInclusive<u64>,
    p: &mut Problems,
) {
    if let Some(v) = value
        && v.as_u64().is_none_or(|n| !range.contains(&n))
    {
        p.error(
            at,
            format!("`{v}` is not {what}: {} to {}", range.start(), range.end()),
        );
    }
}

/// Barbarian Attack's pieces (`barbarians`, `knights`, `battle_order`; BA-2, BA-5): counts
/// within what the engine holds.
fn check_barbarians(file: &MapFile, p: &mut Problems) {
    use crate::ruleset::{MAX_COASTAL_HEXES, MOST_BARBARIANS, MOST_KNIGHTS_PER_PLAYER};
    let other = &file.other;
    if let Some(order) = other.get("battle_order").and_then(Value::as_array)
        && order.len() > MAX_COASTAL_HEXES
    {
        p.error(
            "battle_order",
            format!(
                "{} coastal hexes; the engine plays at most {MAX_COASTAL_HEXES}",
                order.len()
            ),
        );
    }
    let barbarians = other.get("barbarians");
    let total = barbarians.and_then(|b| b.get("total"));
    in_range(
        total,
        "barbarians.total",
        "a number of barbarians",
        1..=u64::from(MOST_BARBARIANS),
        p,
    );
    let total = total.and_then(Value::as_u64).unwrap_or(30);
    if let Some(start) = barbarians
        .and_then(|b| b.get("start"))
        .and_then(Value::as_object)
    {
        let mut placed = 0u64;
        for (hex, n) in start {
            let at = format!("barbarians.start.{hex}");
            in_range(Some(n), &at, "a number of barbarians", 0..=total, p);
            placed = placed.saturating_add(n.as_u64().unwrap_or(0));
        }
        if placed > total {
            p.error(
                "barbarians.start",
                format!("{placed} barbarians at the start, of {total} in the game"),
            );
        }
    }
    in_range(
        other.get("knights").and_then(|k| k.get("per_player")),
        "knights.per_player",
        "a number of knights",
        1..=u64::from(MOST_KNIGHTS_PER_PLAYER),
        p,
    );
}

/// The rule switches (`rules`): the ones the engine plays are true or false; the others
/// are kept but not played, which a map's author should hear about.
fn check_switches(file: &MapFile, hexes: &[TemplateHex], p: &mut Problems) {
    let Some(rules) = file.other.get("rules") else {
        return;
    };
    let Some(rules) = rules.as_object() else {
        p.error(
            "rules",
            "rules is an object of switches, such as {\"pirate\": true}",
        );
        return;
    };
    for (name, value) in rules {
        let at = format!("rules.{name}");
        if name == "longest_trade_route" && value.is_string() {
            // A note in place of `true` (SC7-4's "tracked but worth 0 VP"): the route is
            // worked out and shown, and scores nothing (ruleset.rs).
        } else if PLAYED_SWITCHES.contains(&name.as_str()) {
            match value.as_bool() {
                // Reference maps write notes here ("tracked but worth 0 VP"); the engine
                // reads anything but `true` as off (ruleset.rs).
                None => p.warning(
                    &at,
                    format!("`{value}` is neither true nor false: it counts as false"),
                ),
                // The robber is the map's `robber.used`; this switch only repeats it.
                Some(false)
                    if name == "robber" && file.robber.as_ref().is_none_or(|r| r.used) =>
                {
                    p.warning(
                        &at,
                        "the robber is switched off by `robber.used`: false, which this map does not say",
                    )
                }
                // The Pirate Islands' fleet sails where `extras.fleet_path` says (SC7-8).
                Some(true) if name == "pirate_fleet" && !has_fleet(file) => p.error(
                    &at,
                    "a pirate fleet needs `extras.fleet_path` and `extras.colours` with their lanes",
                ),
                Some(_) => {}
            }
        } else if name == "robber_forbidden_areas" {
            // Read by ruleset.rs (SC5-4): each must be an area of the map.
            let known = |n: &str| file.other.get("areas").and_then(|a| a.get(n)).is_some();
            for item in value.as_array().into_iter().flatten() {
                match item.as_str() {
                    Some(n) if known(n) => {}
                    _ => p.error(&at, format!("`{item}` is not an area of the map")),
                }
            }
        } else if name == "development_deck" {
            // The Forgotten Tribe lays 4 cards of the base deck out as gifts (SC5-6).
            let gifts = file
                .other
                .get("extras")
                .and_then(|e| e.get("gifts"))
                .is_some();
            // The Pirate Islands take the Victory Point cards out for 3 and play them as
            // Knights for 4 (SC7-5).
            let fleet = has_fleet(file) && value.as_str().is_some_and(|v| v.contains("Knights"));
            if value.as_str() != Some("base 25")
                && !(gifts && value.as_str() == Some("base 25 minus the 4 gift cards"))
                && !fleet
            {
                p.warning(
                    &at,
                    format!("this engine plays the base deck of 25 cards, not {value}"),
                );
            }
        } else if !matches!(value, Value::Bool(false) | Value::Null) {
            p.warning(&at, "this engine does not play it yet: it is ignored");
        }
    }
    if rules.get("fog_discovery") == Some(&Value::Bool(true))
        && !hexes.iter().any(|h| h.terrain == Some(Terrain::Fog))
    {
        p.warning(
            "rules.fog_discovery",
            "the map has no fog hexes to discover",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_corner_and_edge_of_a_board_is_counted_once() {
        let mut boards: Vec<Vec<Hex>> = super::super::builtin::MAPS
            .iter()
            .map(|(_, text)| {
                let file = MapFile::from_json(text).unwrap();
                file.hexes.iter().map(|h| h.hex.parse().unwrap()).collect()
            })
            .collect();
        boards.push(super::super::new_world::frame());
        boards.push((0..9).map(|q| Hex::new(q, 0)).collect());
        boards.push(vec![
            Hex::new(-1000, 1000),
            Hex::new(1000, -1000),
            Hex::new(0, 1),
        ]);
        boards.push(Vec::new());
        for board in boards {
            let index = HexIndex::new(&board);
            let corners: BTreeSet<Corner> = board.iter().flat_map(|h| h.corners()).collect();
            let edges: BTreeSet<Edge> = board.iter().flat_map(|h| h.edges()).collect();
            assert_eq!(
                corners_and_edges(&board, &index),
                (corners.len(), edges.len()),
                "{board:?}"
            );
        }
    }
}
