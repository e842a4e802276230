//! Checking a map file: every problem at once, each with the place it was found.

use super::board::HarborKind;
use super::file::MapFile;
use crate::geometry::{Edge, Hex};
use crate::resources::Terrain;
use crate::topology::{MAX_CORNERS, MAX_EDGES, MAX_HEXES};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One problem found in a map, with where it is (`hex 1,2`, `harbor 3,2,E`, `pools.terrain`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapProblem {
    pub at: String,
    pub message: String,
    /// Warnings are reported but do not stop the map from being used (decision D-G-3).
    pub warning: bool,
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
    pub hexes: Vec<TemplateHex>,
    pub harbors: Vec<TemplateHarbor>,
    /// Terrain pools by name: what the variable and random layouts draw from.
    pub terrain_pools: BTreeMap<String, Vec<Terrain>>,
    /// The numbers the random layout shuffles (the pool `numbers`).
    pub number_pool: Vec<u8>,
    pub harbor_pool: Vec<HarborKind>,
    /// The fog stack: the hexes revealed in play, and their numbers (SC3-2).
    pub fog_terrain: Vec<Terrain>,
    pub fog_numbers: Vec<u8>,
    /// Named groups of land hexes (islands, strips...), as the map lists them.
    pub areas: Vec<(String, Vec<Hex>)>,
    /// Groups of hexes whose terrain and numbers the variable set-up permutes among
    /// themselves (`randomize.groups`, decision D-SC-1).
    pub groups: Vec<Vec<Hex>>,
    pub spiral: Option<Spiral>,
    pub robber: RobberStart,
    /// The pirate's start, `None` for beside the board.
    pub pirate: Option<Hex>,
    pub warnings: Vec<MapProblem>,
}

struct Problems(Vec<MapProblem>);

impl Problems {
    fn error(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(MapProblem {
            at: at.into(),
            message: message.into(),
            warning: false,
        });
    }
    fn warning(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(MapProblem {
            at: at.into(),
            message: message.into(),
            warning: true,
        });
    }
}

fn is_number_token(n: u8) -> bool {
    (2..=12).contains(&n) && n != 7
}

/// Terrain that may carry a number token.
fn takes_a_number(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}

impl MapTemplate {
    /// Checks a map file and reports every problem found, never panicking.
    pub fn check(file: &MapFile) -> Result<MapTemplate, MapErrors> {
        let mut p = Problems(Vec::new());
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

        // Pools, by name.
        let mut terrain_pools: BTreeMap<String, Vec<Terrain>> = BTreeMap::new();
        let mut number_pools: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let mut harbor_pool = Vec::new();
        for (name, pool) in &file.pools {
            let at = format!("pools.{name}");
            match pool.kind.as_str() {
                "terrain" => match counted_names(&pool.contents) {
                    Some(items) => {
                        let tiles = terrain_pools.entry(name.clone()).or_default();
                        for (t, n) in items {
                            match Terrain::from_name(&t) {
                                Some(terrain) => tiles.extend(std::iter::repeat_n(terrain, n)),
                                None => p.error(&at, format!("`{t}` is not a terrain")),
                            }
                        }
                    }
                    None => p.error(&at, "a terrain pool lists `{\"terrain\": count}`"),
                },
                "numbers" => match pool.contents.as_array() {
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
                        for (t, n) in items {
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
            let hex = match entry.hex.parse::<Hex>() {
                Ok(h) => h,
                Err(e) => {
                    p.error(format!("hexes[{i}]"), e.to_string());
                    continue;
                }
            };
            let at = format!("hex {hex}");
            if !seen.insert(hex) {
                p.error(&at, "listed twice (overlapping hexes)");
                continue;
            }
            let terrain = match entry.terrain.as_deref() {
                None => None,
                Some(name) => match Terrain::from_name(name) {
                    Some(t) => Some(t),
                    None => {
                        p.error(
                            &at,
                            format!("`{name}` is not a terrain (sea, desert, gold, fields, hills, mountains, pasture, forest, castle, fog)"),
                        );
                        continue;
                    }
                },
            };
            if let Some(n) = entry.number {
                if !is_number_token(n) {
                    p.error(&at, format!("{n} is not a number token (2-6, 8-12)"));
                } else if let Some(t) = terrain
                    && !takes_a_number(t)
                {
                    p.error(&at, format!("a number on a {t} hex"));
                }
            }
            let fixed = entry
                .fixed
                .unwrap_or(terrain.is_some() && entry.pool.is_none());
            // Fog stays fog when the board is laid out: it is drawn during play (SC3).
            let pool = if terrain == Some(Terrain::Fog) {
                let name = entry.pool.clone().unwrap_or_else(|| "fog_hexes".into());
                if fog_pool.get_or_insert_with(|| name.clone()) != &name {
                    p.error(&at, "fog hexes draw from two different pools");
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
        let land = |h: Hex| {
            hexes
                .iter()
                .find(|x| x.hex == h)
                .map(|x| x.terrain.is_none_or(|t| t.is_land()))
        };

        // Engine limits: every corner and edge of a listed hex gets an id.
        let corners: BTreeSet<_> = hexes.iter().flat_map(|h| h.hex.corners()).collect();
        let edges: BTreeSet<_> = hexes.iter().flat_map(|h| h.hex.edges()).collect();
        if hexes.len() > MAX_HEXES {
            p.error(
                "hexes",
                format!(
                    "{} hexes; the engine takes at most {MAX_HEXES}",
                    hexes.len()
                ),
            );
        }
        if corners.len() > MAX_CORNERS {
            p.error(
                "hexes",
                format!(
                    "{} corners; the engine takes at most {MAX_CORNERS}",
                    corners.len()
                ),
            );
        }
        if edges.len() > MAX_EDGES {
            p.error(
                "hexes",
                format!(
                    "{} edges; the engine takes at most {MAX_EDGES}",
                    edges.len()
                ),
            );
        }

        // Harbors.
        let mut harbors = Vec::new();
        let mut harbor_edges = BTreeSet::new();
        let mut shuffled = 0usize;
        for (i, entry) in file.harbors.iter().enumerate() {
            let edge = match entry.edge.parse::<Edge>() {
                Ok(e) => e,
                Err(e) => {
                    p.error(format!("harbors[{i}]"), e.to_string());
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
        if shuffled > 0 && harbor_pool.len() != shuffled {
            p.error(
                "pools.harbors",
                format!(
                    "holds {} harbor types for {shuffled} shuffled harbors",
                    harbor_pool.len()
                ),
            );
        }

        // Number spiral.
        let spiral = file.number_spiral.as_ref().map(|s| {
            let mut parse_list = |field: &str, items: &[String]| -> Vec<Hex> {
                items
                    .iter()
                    .filter_map(|t| match t.parse::<Hex>() {
                        Ok(h) if land(h) == Some(true) => Some(h),
                        Ok(h) => {
                            p.error(
                                format!("number_spiral.{field}"),
                                format!("{h} is not a land hex of the map"),
                            );
                            None
                        }
                        Err(e) => {
                            p.error(format!("number_spiral.{field}"), e.to_string());
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
                Some(text) => match text.parse::<Hex>() {
                    Ok(h) if land(h) == Some(true) => RobberStart::At(h),
                    Ok(h) => {
                        p.error("robber.start", format!("{h} is not a land hex of the map"));
                        RobberStart::Beside
                    }
                    Err(e) => {
                        p.error("robber.start", e.to_string());
                        RobberStart::Beside
                    }
                },
            },
        };

        // The pirate: on a sea hex, or beside the board (S-14.1).
        let pirate = match file.other.get("pirate").and_then(|v| v.get("start")) {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => match v.as_str().map(str::parse::<Hex>) {
                Some(Ok(h))
                    if hexes
                        .iter()
                        .any(|x| x.hex == h && x.terrain == Some(Terrain::Sea)) =>
                {
                    Some(h)
                }
                Some(Ok(h)) => {
                    p.error("pirate.start", format!("{h} is not a sea hex of the map"));
                    None
                }
                Some(Err(e)) => {
                    p.error("pirate.start", e.to_string());
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
                        for item in list.as_array().into_iter().flatten() {
                            match item.as_str().map(str::parse::<Hex>) {
                                Some(Ok(h)) if land(h) == Some(true) => members.push(h),
                                Some(Ok(h)) => {
                                    p.error(&at, format!("{h} is not a land hex of the map"))
                                }
                                Some(Err(e)) => p.error(&at, e.to_string()),
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
                match areas.iter().find(|(n, _)| n == name) {
                    Some((_, members)) => out.extend(members.iter().copied()),
                    None => p.error(at, format!("there is no area `{name}`")),
                }
            }
            out
        };
        let mut groups = Vec::new();
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

        // Fixed official maps may break the randomiser's constraints (D-G-3): warn only.
        let red: Vec<Hex> = hexes
            .iter()
            .filter(|h| matches!(h.number, Some(6 | 8)))
            .map(|h| h.hex)
            .collect();
        for (i, a) in red.iter().enumerate() {
            for b in &red[i + 1..] {
                if a.distance(*b) == 1 {
                    p.warning(
                        format!("hex {a}"),
                        format!("a 6 or 8 next to another on {b}"),
                    );
                }
            }
        }

        let (errors, warnings): (Vec<_>, Vec<_>) = p.0.into_iter().partition(|x| !x.warning);
        if !errors.is_empty() {
            return Err(MapErrors(errors.into_iter().chain(warnings).collect()));
        }
        Ok(MapTemplate {
            file: file.clone(),
            hexes,
            harbors,
            terrain_pools,
            number_pool: number_pools.get("numbers").cloned().unwrap_or_default(),
            harbor_pool,
            fog_terrain,
            fog_numbers,
            areas,
            groups,
            spiral,
            robber,
            pirate,
            warnings,
        })
    }
}

/// `{"name": count}` as a list of (name, count).
fn counted_names(value: &serde_json::Value) -> Option<Vec<(String, usize)>> {
    let map = value.as_object()?;
    let mut out = BTreeMap::new();
    for (k, v) in map {
        out.insert(k.clone(), usize::try_from(v.as_u64()?).ok()?);
    }
    Some(out.into_iter().collect())
}
