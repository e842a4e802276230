//! Laying out a board from a checked map: the fixed (beginner) layout, the variable set-up
//! with the number spiral, and the random layout (base.md B-12 to B-14).

use super::board::{Board, BoardHex, Harbor};
use super::template::{MapErrors, MapProblem, MapTemplate, RobberStart, Spiral};
use crate::chance::{below, shuffle};
use crate::geometry::Hex;
use crate::resources::Terrain;
use rand_core::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How terrain, numbers and harbors are laid out (base.md §10 `layout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Every hex as the map lists it: the beginner layout of the base board, the printed
    /// layout of a scenario. Harbors listed as shuffled take their beginner type if the map
    /// gives one.
    #[serde(alias = "fixed")]
    Beginner,
    /// Terrain and harbors shuffled, numbers by the spiral (B-13).
    #[default]
    Variable,
    /// Terrain, numbers and harbors shuffled (B-14).
    Random,
}

impl Layout {
    pub fn parse(text: &str) -> Option<Layout> {
        match text {
            "beginner" | "fixed" => Some(Layout::Beginner),
            "variable" => Some(Layout::Variable),
            "random" => Some(Layout::Random),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpiralDirection {
    #[default]
    Counterclockwise,
    Clockwise,
}

/// The layout options of base.md §10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LayoutOptions {
    pub layout: Layout,
    pub spiral_direction: SpiralDirection,
    /// The spiral's start corner hex; chosen at random when not given.
    pub spiral_start: Option<Hex>,
    pub red_numbers_apart: bool,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            layout: Layout::Variable,
            spiral_direction: SpiralDirection::Counterclockwise,
            spiral_start: None,
            red_numbers_apart: true,
        }
    }
}

fn problem(at: &str, message: impl Into<String>) -> MapErrors {
    MapErrors(vec![MapProblem::new(at, message, false)])
}

fn takes_a_number(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}

impl MapTemplate {
    /// Lays out the board. Every random choice comes from `rng`.
    pub fn realise(&self, options: &LayoutOptions, rng: &mut impl Rng) -> Result<Board, MapErrors> {
        let mut hexes: Vec<BoardHex> = Vec::with_capacity(self.hexes.len());
        let layout = options.layout;
        // Terrain: each hex that is laid out anew draws from its pool.
        let mut pools: BTreeMap<&str, std::vec::IntoIter<Terrain>> = BTreeMap::new();
        for (name, tiles) in &self.terrain_pools {
            let mut tiles = tiles.clone();
            shuffle(&mut tiles, rng);
            pools.insert(name.as_str(), tiles.into_iter());
        }
        for h in &self.hexes {
            let terrain = match (layout, h.terrain, &h.pool) {
                (Layout::Beginner, Some(t), _) | (_, Some(t), None) => t,
                (_, _, Some(name)) => pools
                    .get_mut(name.as_str())
                    .and_then(|p| p.next())
                    .ok_or_else(|| {
                        problem(
                            &format!("pools.{name}"),
                            "too few tiles for the hexes that draw from it",
                        )
                    })?,
                (_, None, None) => {
                    return Err(problem(
                        &format!("hex {}", h.hex),
                        "has no terrain and no pool",
                    ));
                }
            };
            let keeps_number = layout == Layout::Beginner || h.pool.is_none() || h.number_fixed;
            hexes.push(BoardHex {
                hex: h.hex,
                terrain,
                number: if keeps_number { h.number } else { None },
            });
        }

        // Numbers.
        match layout {
            Layout::Beginner => {}
            _ if !self.groups.is_empty() => self.permute_groups(&mut hexes, rng)?,
            Layout::Variable => match &self.spiral {
                Some(spiral) => self.place_by_spiral(&mut hexes, spiral, options, rng)?,
                None => self.place_at_random(&mut hexes, options, rng)?,
            },
            Layout::Random => self.place_at_random(&mut hexes, options, rng)?,
        }

        // Harbors.
        let mut harbor_pool = self.harbor_pool.clone();
        shuffle(&mut harbor_pool, rng);
        let mut harbor_pool = harbor_pool.into_iter();
        let mut harbors = Vec::with_capacity(self.harbors.len());
        for h in &self.harbors {
            let kind = match (h.kind, h.beginner, layout) {
                (Some(k), _, _) => k,
                (None, Some(k), Layout::Beginner) => k,
                _ => harbor_pool.next().ok_or_else(|| {
                    problem(
                        "pools.harbors",
                        "too few harbor types for the shuffled harbors",
                    )
                })?,
            };
            harbors.push(Harbor { edge: h.edge, kind });
        }

        let robber = match self.robber {
            RobberStart::At(h) => Some(h),
            RobberStart::Beside => None,
            RobberStart::Desert => hexes
                .iter()
                .find(|h| h.terrain == Terrain::Desert)
                .map(|h| h.hex),
        };
        let f = &self.file;
        let mut other = std::sync::Arc::clone(&self.other);
        let mut dealt = serde_json::Map::new();
        // A map that was dealt already (a record's board) keeps its tokens where a new
        // deal would put them, so that the two boards are alike.
        if let Some(tokens) = other.get(GIFT_HARBORS) {
            dealt.insert(GIFT_HARBORS.into(), tokens.clone());
            std::sync::Arc::make_mut(&mut other).remove(GIFT_HARBORS);
        } else {
            deal_gift_harbors(&other, &mut dealt, rng)?;
        }
        Ok(Board {
            id: f.id.clone(),
            name: f.name.clone(),
            game: f.game.clone(),
            players: f.players.clone(),
            victory_points: f.victory_points,
            hexes,
            harbors,
            robber,
            robber_used: self.robber_used,
            pirate: self.pirate,
            fog_terrain: self.fog_terrain.clone(),
            fog_numbers: self.fog_numbers.clone(),
            harbor_tokens: self.harbor_tokens.clone(),
            other,
            dealt,
        })
    }

    /// The variable set-up of a scenario map (decision D-SC-1): the terrain and numbers of
    /// each group are permuted among its hexes until no 6 or 8 touches another and no gold
    /// field carries one (scenarios.md, Randomised set-up).
    fn permute_groups(&self, hexes: &mut [BoardHex], rng: &mut impl Rng) -> Result<(), MapErrors> {
        let index = |h: Hex| hexes.iter().position(|x| x.hex == h);
        let groups: Vec<Vec<usize>> = self
            .groups
            .iter()
            .map(|g| g.iter().filter_map(|h| index(*h)).collect())
            .collect();
        let placed: Vec<usize> = groups.iter().flatten().copied().collect();
        let limits: Vec<(usize, &[u8])> = self
            .group_limits
            .iter()
            .flat_map(|(limited, numbers)| {
                limited
                    .iter()
                    .filter_map(|h| index(*h))
                    .map(move |i| (i, numbers.as_slice()))
            })
            .collect();
        // A group whose printed tiles carry a 6 or 8 on gold (Wonders' islands, SC8-9) can
        // never meet D-G-3 while each token travels with its tile: its tokens are dealt apart,
        // onto the tiles that take one. Other groups move tile and token together.
        let apart: Vec<bool> = groups
            .iter()
            .map(|g| {
                g.iter().any(|&i| {
                    hexes[i].terrain == Terrain::Gold && matches!(hexes[i].number, Some(6 | 8))
                })
            })
            .collect();
        // Drawn again until the board passes: the buffers are kept between draws.
        let mut tiles: Vec<(Terrain, Option<u8>)> = Vec::new();
        let mut tokens: Vec<u8> = Vec::new();
        let mut reds: Vec<usize> = Vec::new();
        for _ in 0..10_000 {
            for (group, &apart) in groups.iter().zip(&apart) {
                tiles.clear();
                tiles.extend(group.iter().map(|&i| (hexes[i].terrain, hexes[i].number)));
                shuffle(&mut tiles, rng);
                tokens.clear();
                tokens.extend(tiles.iter().filter_map(|t| t.1));
                if apart {
                    shuffle(&mut tokens, rng);
                }
                let mut tokens = tokens.iter().copied();
                for (&i, &(terrain, number)) in group.iter().zip(&tiles) {
                    hexes[i].terrain = terrain;
                    hexes[i].number = if !apart {
                        number
                    } else if takes_a_number(terrain) {
                        tokens.next()
                    } else {
                        None
                    };
                }
            }
            let red_gold = placed.iter().any(|&i| {
                hexes[i].terrain == Terrain::Gold && matches!(hexes[i].number, Some(6 | 8))
            });
            // A group's own constraints (SC5-8, SC8-9).
            let limited = limits
                .iter()
                .any(|&(i, numbers)| hexes[i].number.is_some_and(|n| numbers.contains(&n)));
            if !red_gold && !limited && !red_numbers_touch_any(hexes, &placed, &mut reds) {
                return Ok(());
            }
        }
        Err(problem(
            "randomize",
            "no permutation keeps the 6s and 8s apart and off gold, and within the groups' constraints",
        ))
    }

    /// The numbers of the hexes that are laid out anew.
    fn numbers_to_place(&self) -> Vec<u8> {
        if !self.number_pool.is_empty() {
            return self.number_pool.clone();
        }
        if let Some(s) = &self.spiral {
            return s.numbers.clone();
        }
        self.hexes
            .iter()
            .filter(|h| !h.fixed)
            .filter_map(|h| h.number)
            .collect()
    }

    fn place_by_spiral(
        &self,
        hexes: &mut [BoardHex],
        spiral: &Spiral,
        options: &LayoutOptions,
        rng: &mut impl Rng,
    ) -> Result<(), MapErrors> {
        let start = match options.spiral_start {
            Some(h) if spiral.corner_hexes.contains(&h) => h,
            Some(h) => {
                return Err(problem(
                    "spiral_start",
                    format!("{h} is not one of the spiral's corner hexes"),
                ));
            }
            None if spiral.corner_hexes.is_empty() => spiral.outer_ring[0],
            None => spiral.corner_hexes[below(rng, spiral.corner_hexes.len() as u32) as usize],
        };
        let clockwise = options.spiral_direction == SpiralDirection::Clockwise;
        let walk_ring = |ring: &[Hex], from: Hex| -> Vec<Hex> {
            let mut ring = ring.to_vec();
            if clockwise {
                ring.reverse();
            }
            let at = ring.iter().position(|h| *h == from).unwrap_or(0);
            ring.rotate_left(at);
            ring
        };
        let mut walk = walk_ring(&spiral.outer_ring, start);
        let inner_start = spiral
            .inner_ring
            .iter()
            .copied()
            .find(|h| h.distance(start) == 1)
            .unwrap_or(spiral.inner_ring.first().copied().unwrap_or(spiral.centre));
        walk.extend(walk_ring(&spiral.inner_ring, inner_start));
        walk.push(spiral.centre);
        let mut tokens = spiral.numbers.iter().copied();
        for hex in walk {
            let Some(h) = hexes.iter_mut().find(|h| h.hex == hex) else {
                continue;
            };
            if takes_a_number(h.terrain) {
                h.number = Some(tokens.next().ok_or_else(|| {
                    problem("number_spiral.tokens", "too few tokens for the spiral")
                })?);
            }
        }
        Ok(())
    }

    fn place_at_random(
        &self,
        hexes: &mut [BoardHex],
        options: &LayoutOptions,
        rng: &mut impl Rng,
    ) -> Result<(), MapErrors> {
        let fixed: Vec<bool> = self
            .hexes
            .iter()
            .map(|h| h.fixed || h.number_fixed)
            .collect();
        let targets: Vec<usize> = (0..hexes.len())
            .filter(|&i| !fixed[i] && takes_a_number(hexes[i].terrain))
            .collect();
        if targets.is_empty() {
            return Ok(());
        }
        let mut numbers = self.numbers_to_place();
        if numbers.len() < targets.len() {
            return Err(problem(
                "pools.numbers",
                format!("{} numbers for {} hexes", numbers.len(), targets.len()),
            ));
        }
        let mut reds = Vec::new();
        for attempt in 0.. {
            shuffle(&mut numbers, rng);
            for (&i, &n) in targets.iter().zip(numbers.iter()) {
                hexes[i].number = Some(n);
            }
            if !options.red_numbers_apart || !red_numbers_touch_any(hexes, &targets, &mut reds) {
                return Ok(());
            }
            if attempt == 10_000 {
                break;
            }
        }
        Err(problem(
            "pools.numbers",
            "no layout keeps the 6s and 8s apart (try red_numbers_apart: false)",
        ))
    }
}

/// Where a board keeps the Forgotten Tribe's harbour tokens as dealt (SC5-6).
pub const GIFT_HARBORS: &str = "gift_harbors";

/// The Forgotten Tribe's gift harbors (scenarios.md SC5-6): the tokens of
/// `extras.gift_harbor_pool` shuffled face down onto the edges of `extras.gifts.harbor`, then
/// turned face up into `dealt`. The deal is part of the board, written as `gift_harbors`
/// (`[{"edge", "type"}]`) into the map file a record or saved game keeps; a map that has one
/// keeps it (`realise`).
fn deal_gift_harbors(
    other: &serde_json::Map<String, serde_json::Value>,
    dealt: &mut serde_json::Map<String, serde_json::Value>,
    rng: &mut impl Rng,
) -> Result<(), MapErrors> {
    use serde_json::{Value, json};
    let Some(extras) = other.get("extras") else {
        return Ok(());
    };
    let edges: Vec<String> = extras
        .get("gifts")
        .and_then(|g| g.get("harbor"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|g| g.get("edge")?.as_str().map(String::from))
        .collect();
    if edges.is_empty() {
        return Ok(());
    }
    let mut tokens: Vec<String> = Vec::new();
    for (kind, n) in extras
        .get("gift_harbor_pool")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        if super::HarborKind::parse(kind).is_none() {
            return Err(problem(
                "extras.gift_harbor_pool",
                format!("`{kind}` is not a harbor type"),
            ));
        }
        // No more tokens than the map has edges, before any is made (`MapTemplate::check`
        // refuses a larger pool by name; a board that skipped the check still stops here).
        let n = n
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| tokens.len().saturating_add(*n) <= crate::topology::MAX_EDGES)
            .ok_or_else(|| {
                problem(
                    "extras.gift_harbor_pool",
                    format!(
                        "`{kind}`: {n} tokens are more than the pool can hold: at most {} in all (the most edges a map may have)",
                        crate::topology::MAX_EDGES
                    ),
                )
            })?;
        tokens.extend(std::iter::repeat_n(kind.clone(), n));
    }
    if tokens.len() < edges.len() {
        return Err(problem(
            "extras.gift_harbor_pool",
            format!(
                "{} tokens for {} gift harbor edges",
                tokens.len(),
                edges.len()
            ),
        ));
    }
    shuffle(&mut tokens, rng);
    let tokens: Vec<Value> = edges
        .iter()
        .zip(tokens)
        .map(|(edge, kind)| json!({"edge": edge, "type": kind}))
        .collect();
    dealt.insert(GIFT_HARBORS.into(), Value::Array(tokens));
    Ok(())
}

/// Whether a hex laid out anew (`placed`, indices into `hexes`) carries a 6 or 8 next to
/// another 6 or 8. Fixed hexes keep their printed numbers even when they touch (D-G-3).
/// `reds` is a buffer for the hexes carrying 6 or 8.
fn red_numbers_touch_any(hexes: &[BoardHex], placed: &[usize], reds: &mut Vec<usize>) -> bool {
    let red = |h: &BoardHex| matches!(h.number, Some(6 | 8));
    reds.clear();
    reds.extend((0..hexes.len()).filter(|&j| red(&hexes[j])));
    placed.iter().any(|&i| {
        red(&hexes[i])
            && reds
                .iter()
                .any(|&j| j != i && hexes[i].hex.distance(hexes[j].hex) == 1)
    })
}

/// Whether two hexes carrying 6 or 8 are neighbours.
pub fn red_numbers_touch(hexes: &[BoardHex]) -> bool {
    let red: Vec<Hex> = hexes
        .iter()
        .filter(|h| matches!(h.number, Some(6 | 8)))
        .map(|h| h.hex)
        .collect();
    red.iter()
        .enumerate()
        .any(|(i, a)| red[i + 1..].iter().any(|b| a.distance(*b) == 1))
}
