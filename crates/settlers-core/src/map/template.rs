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
    pub terrain_pool: Vec<Terrain>,
    pub number_pool: Vec<u8>,
    pub harbor_pool: Vec<HarborKind>,
    pub spiral: Option<Spiral>,
    pub robber: RobberStart,
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

        // Pools.
        let mut terrain_pool = Vec::new();
        let mut number_pool = Vec::new();
        let mut harbor_pool = Vec::new();
        for (name, pool) in &file.pools {
            let at = format!("pools.{name}");
            match pool.kind.as_str() {
                "terrain" => match counted_names(&pool.contents) {
                    Some(items) => {
                        for (t, n) in items {
                            match Terrain::from_name(&t) {
                                Some(terrain) => {
                                    terrain_pool.extend(std::iter::repeat_n(terrain, n))
                                }
                                None => p.error(&at, format!("`{t}` is not a terrain")),
                            }
                        }
                    }
                    None => p.error(&at, "a terrain pool lists `{\"terrain\": count}`"),
                },
                "numbers" => match pool.contents.as_array() {
                    Some(items) => {
                        for item in items {
                            match item.as_u64().and_then(|n| u8::try_from(n).ok()) {
                                Some(n) if is_number_token(n) => number_pool.push(n),
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
                // Pools of later modules (fog stacks...) are read by those modules.
                _ => {}
            }
        }

        // Hexes.
        let mut hexes = Vec::new();
        let mut seen = BTreeSet::new();
        let mut drawn_from_pool = 0usize;
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
            if terrain.is_none() || !fixed {
                drawn_from_pool += 1;
                if let Some(pool) = &entry.pool
                    && !file.pools.contains_key(pool)
                {
                    p.error(
                        &at,
                        format!("draws from the pool `{pool}`, which the map does not have"),
                    );
                } else if terrain.is_none() && terrain_pool.is_empty() {
                    p.error(&at, "has no terrain and the map has no terrain pool");
                }
            }
            hexes.push(TemplateHex {
                hex,
                terrain,
                number: entry.number,
                fixed,
            });
        }
        if !terrain_pool.is_empty() && drawn_from_pool != terrain_pool.len() {
            p.error(
                "pools.terrain",
                format!(
                    "holds {} tiles for {} hexes that draw from it",
                    terrain_pool.len(),
                    drawn_from_pool
                ),
            );
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
            terrain_pool,
            number_pool,
            harbor_pool,
            spiral,
            robber,
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
