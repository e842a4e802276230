//! The check that every island has a place to settle (docs/map-format.md, "Places to
//! settle"), and the warning for an island no route reaches.
//!
//! Both questions are about which corners a route joins, so the corners are split once into
//! the groups that buildable edges join (a union-find over the map's corners): a corner is
//! reachable from a set of corners exactly when its group holds one of them. The check runs
//! for every map file, in the map editor and the server as well, so the search finds a
//! position by its place (`HexIndex`) rather than in a tree.

use super::{MapFile, Problems, TemplateHex};
use crate::geometry::{Corner, CornerSide, Hex};
use crate::map::hex_index::HexIndex;
use crate::map::new_world::islands_indexed;
use crate::resources::Terrain;
use crate::ruleset::MOST_AREAS;
use serde_json::Value;
use std::collections::BTreeSet;

/// What a position of the map is, before the layout is known.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ground {
    Land,
    Sea,
    /// Drawn from a pool, or fog: land or sea, found out later.
    Unknown,
    /// Not listed: sea for edges and corners, never a hex.
    Frame,
}

/// The map's corners split into the groups that buildable edges join.
struct Groups {
    /// Where the hex owning each corner stands in the list of owners: a corner's number is
    /// twice that place, and one more for a south corner (geometry.rs: each hex owns its N
    /// and S corners).
    owners: HexIndex,
    /// Each corner's parent towards its group's root (union-find), by the corner's number.
    parent: Vec<usize>,
}

impl Groups {
    /// The groups of the corners of `board`, each a group of its own.
    fn new(board: &[Hex]) -> Groups {
        let owners: Vec<Hex> = board
            .iter()
            .flat_map(|h| h.corners().map(|c| c.hex))
            .collect();
        let parent = (0..2 * owners.len()).collect();
        Groups {
            owners: HexIndex::new(&owners),
            parent,
        }
    }

    /// How many corner numbers there are (some name no corner of the map).
    fn len(&self) -> usize {
        self.parent.len()
    }

    /// The number of a corner of the map.
    fn index(&self, c: Corner) -> Option<usize> {
        let side = match c.side {
            CornerSide::N => 0,
            CornerSide::S => 1,
        };
        self.owners.get(c.hex).map(|i| 2 * i + side)
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            // Halving the path keeps later searches short.
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn join(&mut self, a: Corner, b: Corner) {
        if let (Some(a), Some(b)) = (self.index(a), self.index(b)) {
            let (a, b) = (self.root(a), self.root(b));
            self.parent[a] = b;
        }
    }

    /// The group of a corner of the map.
    fn group(&mut self, c: Corner) -> Option<usize> {
        self.index(c).map(|i| self.root(i))
    }
}

/// Which islands' corners a group holds: none, one island, or more than one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    Nothing,
    Island(usize),
    Islands,
}

/// Every island has a corner where a settlement could ever stand (docs/map-format.md,
/// "Places to settle"). A corner is such a place when it touches land and either a starting
/// settlement may go there (`setup.allowed_areas`; anywhere on land without it) or a road
/// or ship route leads there from such a corner. Roads run on edges touching land, ships
/// on edges touching sea or the frame when the map has ships; an edge between two frame
/// positions is not on the map, so an island ringed by the frame is cut off. A corner
/// touching the frame is a coast like any other. Hexes drawn from a pool and fog may turn
/// out land or sea, so they count as both. `board` is the position of each of `hexes`, and
/// `index` finds a position's place among them.
pub(super) fn check_places_to_settle(
    file: &MapFile,
    hexes: &[TemplateHex],
    board: &[Hex],
    index: &HexIndex,
    areas: &[(String, Vec<Hex>)],
    islands_score: bool,
    p: &mut Problems,
) {
    let ground: Vec<Ground> = hexes
        .iter()
        .map(|h| match h.terrain {
            None | Some(Terrain::Fog) => Ground::Unknown,
            Some(Terrain::Sea) => Ground::Sea,
            Some(_) => Ground::Land,
        })
        .collect();
    let at = |h: Hex| index.get(h).map_or(Ground::Frame, |i| ground[i]);
    let land: Vec<bool> = ground.iter().map(|g| *g == Ground::Land).collect();
    let islands = islands_indexed(board, index, &land);
    let unknown = ground.contains(&Ground::Unknown);
    if islands_score && !unknown && islands.len() > MOST_AREAS {
        p.error(
            "special_vp",
            format!(
                "{} islands would score; the engine scores at most {MOST_AREAS}",
                islands.len()
            ),
        );
    }
    if islands.is_empty() {
        return;
    }

    let ships = file.game.as_deref() == Some("seafarers")
        || file
            .other
            .get("rules")
            .and_then(|r| r.get("ships"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
    let touches_land = |c: &Corner| {
        c.hexes()
            .iter()
            .any(|h| matches!(at(*h), Ground::Land | Ground::Unknown))
    };
    // The corners of the map, grouped by the buildable edges that join them. An edge between
    // two hexes of the map comes twice, and joins its corners again to no effect.
    let mut groups = Groups::new(board);
    for e in board.iter().flat_map(|h| h.edges()) {
        let sides = e.hexes().map(at);
        let road = sides
            .iter()
            .any(|g| matches!(g, Ground::Land | Ground::Unknown));
        let ship = ships && sides.iter().any(|g| *g != Ground::Land);
        if road || ship {
            let [a, b] = e.corners();
            groups.join(a, b);
        }
    }

    // Where starting settlements may go.
    let allowed: Option<BTreeSet<Hex>> = file
        .other
        .get("setup")
        .and_then(|s| s.get("allowed_areas"))
        .map(|names| {
            names
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .flat_map(|name| {
                    areas
                        .iter()
                        .filter(move |(n, _)| n == name)
                        .flat_map(|(_, hexes)| hexes.iter().copied())
                })
                .collect()
        });
    if allowed.as_ref().is_some_and(BTreeSet::is_empty) {
        p.error(
            "setup.allowed_areas",
            "no starting settlement could stand anywhere: the allowed areas hold no land",
        );
        return;
    }
    let setup_site = |c: &Corner| {
        touches_land(c)
            && allowed
                .as_ref()
                .is_none_or(|a| c.hexes().iter().any(|h| a.contains(h)))
    };
    // The groups a starting settlement can reach, and the islands each group holds. A corner
    // of several hexes comes once for each.
    let mut settled = vec![false; groups.len()];
    for c in board.iter().flat_map(|h| h.corners()) {
        if setup_site(&c)
            && let Some(g) = groups.group(c)
        {
            settled[g] = true;
        }
    }
    // Each island's groups, a group as often as the island's corners in it: the checks
    // below ask only whether all or any of them hold something.
    let own: Vec<Vec<usize>> = islands
        .iter()
        .map(|island| {
            island
                .iter()
                .flat_map(|h| h.corners())
                .filter_map(|c| groups.group(c))
                .collect()
        })
        .collect();
    let mut holds = vec![Holds::Nothing; groups.len()];
    for (i, groups_of_island) in own.iter().enumerate() {
        for &g in groups_of_island {
            holds[g] = match holds[g] {
                Holds::Nothing => Holds::Island(i),
                Holds::Island(j) if j == i => Holds::Island(i),
                _ => Holds::Islands,
            };
        }
    }

    let name = |island: &[Hex]| {
        island
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let no_ships = if ships { "" } else { " (the map has no ships)" };
    for (i, island) in islands.iter().enumerate() {
        if own[i].iter().all(|g| !settled[*g]) {
            p.error(
                format!("island {}", island[0]),
                format!(
                    "no corner of the island {} could ever hold a settlement: no starting settlement may go there and no road or ship route leads there{no_ships}",
                    name(island)
                ),
            );
            continue;
        }
        if islands.len() < 2 {
            continue;
        }
        // A route from another island leads here when one of this island's groups holds
        // another island's corner too (two islands never share a corner).
        if own[i].iter().all(|g| holds[*g] == Holds::Island(i)) {
            p.warning(
                format!("island {}", island[0]),
                format!(
                    "no road or ship route leads to the island {} from the others{no_ships}: only starting settlements can stand there",
                    name(island)
                ),
            );
        }
    }
}
