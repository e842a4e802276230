//! Scenario 9, New World: a new random map for every game (scenarios.md SC9-1 to SC9-7, the
//! `procedure` of shared/rules/maps/new-world.json, decisions D-SC9-1 and D-SC9-2).
//!
//! The generator draws every choice from the generator it is handed and returns a realised
//! map file: every hex, number and harbor fixed. A game stores that map in its record, so a
//! replay never needs the seed.
//!
//! The steps, as new-world.json gives them:
//! 1. the 42 tiles are shuffled onto `tile_cells`; the 2 cells printed on the frame are sea;
//! 2. the 23 tokens are shuffled onto the land hexes, drawn again until no 6 or 8 touches
//!    another (SC9-1) and, should a recipe hold gold, none lies on gold (scenarios.md,
//!    Randomised set-up) — gold fields never touch either, or the tiles are drawn again;
//! 3. the 9 harbor tokens (5 special, 4 generic; D-SC9-2) are left face down for the
//!    players, who place them before setup (SC9-3; `harbor_placement` in the map file, the
//!    rules in modules/harbor_placement.rs). The draw still tries them once, each on a coast
//!    edge between a land hex and a sea hex where neither corner is a harbor corner already
//!    and the sea hex carries no other harbor (decision D-SC5-2), and throws away a map
//!    without room for all 9. With `harbors_by_players` off, that trial is the map's
//!    harbors, as chance would have the players put them (how maps were drawn before the
//!    players placed them);
//! 4. robber and pirate start beside the board (SC9-5);
//! 5. the islands are found (SC9-2) and named `island-1`, `island-2`, … in board order; a
//!    player's first settlement on each island foreign to it earns 1 special victory point
//!    (SC9-6, D-SC9-1), written as `foreign-island-escalating` with 1 for the first island
//!    and 1 for each further one; 12 points win (SC9-7).
//!
//! A draw that breaks a constraint, or that `MapTemplate::check` refuses, is thrown away
//! and the whole map drawn again ("players may agree to redo a poor map", SC9-1).

use super::board::HarborKind;
use super::file::{
    HARBOR_PLACEMENT_VERSION, HarborEntry, HarborPlacementEntry, HexEntry, MapFile, PieceStart,
};
use super::hex_index::HexIndex;
use super::template::{MapErrors, MapProblem, MapTemplate};
use crate::chance::{below, shuffle};
use crate::geometry::{Direction, Edge, Hex};
use crate::resources::{Resource, Terrain};
use crate::ruleset::MOST_AREAS;
use rand_core::Rng;
use serde_json::{Map as JsonMap, Value, json};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The medium frame of new-world.json: for r = 0, 1, …, 6 the first and last q of the row.
pub const FRAME_ROWS: [(i16, i16); 7] =
    [(1, 5), (0, 5), (-1, 5), (-2, 5), (-2, 4), (-2, 3), (-2, 2)];

/// The two sea cells printed on the frame (SC9-1).
pub const PRINTED_FRAME_CELLS: [Hex; 2] = [Hex::new(-2, 3), Hex::new(5, 3)];

/// Whole maps drawn before the generator gives up (it never needs more than a few).
pub const MOST_DRAWS: u32 = 1000;

/// Number placements tried on one terrain draw before the terrain is drawn again.
const MOST_NUMBER_DRAWS: u32 = 1000;

/// The number of positions of the frame.
const FRAME_SIZE: usize = {
    let mut n = 0;
    let mut r = 0;
    while r < FRAME_ROWS.len() {
        let (first, last) = FRAME_ROWS[r];
        n += (last - first + 1) as usize;
        r += 1;
    }
    n
};

/// Every position of the frame, row by row: the draw's arrays are indexed by a position's
/// place here.
const FRAME: [Hex; FRAME_SIZE] = {
    let mut out = [Hex::new(0, 0); FRAME_SIZE];
    let mut i = 0;
    let mut r = 0;
    while r < FRAME_ROWS.len() {
        let (first, last) = FRAME_ROWS[r];
        let mut q = first;
        while q <= last {
            out[i] = Hex::new(q, r as i16);
            i += 1;
            q += 1;
        }
        r += 1;
    }
    out
};

/// Where each row of the frame starts in [`FRAME`].
const ROW_STARTS: [usize; FRAME_ROWS.len()] = {
    let mut out = [0; FRAME_ROWS.len()];
    let mut r = 1;
    while r < FRAME_ROWS.len() {
        let (first, last) = FRAME_ROWS[r - 1];
        out[r] = out[r - 1] + (last - first + 1) as usize;
        r += 1;
    }
    out
};

/// The place of a position in [`FRAME`], if it is on the frame.
fn frame_place(h: Hex) -> Option<usize> {
    let row = usize::try_from(h.r).ok()?;
    let &(first, last) = FRAME_ROWS.get(row)?;
    (first..=last)
        .contains(&h.q)
        .then(|| ROW_STARTS[row] + (h.q - first) as usize)
}

/// The places in [`FRAME`] of a position's neighbours on the frame.
fn frame_neighbours(place: usize) -> impl Iterator<Item = usize> {
    FRAME[place]
        .neighbours()
        .into_iter()
        .filter_map(frame_place)
}

/// Every position of the frame, row by row (44 positions).
pub fn frame() -> Vec<Hex> {
    FRAME.to_vec()
}

/// The places in [`FRAME`] of the cells the shuffled tiles go on.
fn tile_places() -> impl Iterator<Item = usize> {
    (0..FRAME_SIZE).filter(|&i| !PRINTED_FRAME_CELLS.contains(&FRAME[i]))
}

/// The positions the shuffled tiles go on: the frame without its printed sea cells, in the
/// order of new-world.json's `tile_cells` (42 positions).
pub fn tile_cells() -> Vec<Hex> {
    tile_places().map(|i| FRAME[i]).collect()
}

/// Each position of the frame's terrain, by its place in [`FRAME`].
type FrameTerrain = [Terrain; FRAME_SIZE];

/// Each position of the frame's number token, by its place in [`FRAME`].
type FrameNumbers = [Option<u8>; FRAME_SIZE];

/// The stacks a New World map is drawn from, and the table's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewWorld {
    /// The player count the map is for (3 or 4; the board is the same for both).
    pub players: u8,
    /// No 6 or 8 next to another (SC9-1). A table may agree to let them touch.
    pub red_numbers_apart: bool,
    /// One tile per cell of [`tile_cells`].
    pub tiles: Vec<Terrain>,
    /// One token per tile that takes a number.
    pub numbers: Vec<u8>,
    pub harbors: Vec<HarborKind>,
    /// The players place the harbor tokens before setup (SC9-3); off, the map fixes them
    /// where a random placement put them.
    pub harbors_by_players: bool,
}

/// The map could not be drawn this time: draw it again.
struct Redraw;

fn problem(at: &str, message: impl Into<String>) -> MapErrors {
    MapErrors(vec![MapProblem::new(at, message, false)])
}

fn takes_a_number(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}

fn is_red(n: Option<u8>) -> bool {
    matches!(n, Some(6 | 8))
}

impl NewWorld {
    /// The recipe of SC9-1 and D-SC9-2: 19 sea, 5 fields, 4 hills, 4 mountains, 5 pasture,
    /// 5 forest; tokens 2, 3×3, 4×3, 5×3, 6×2, 8×2, 9×3, 10×3, 11×2, 12; harbors 4 × 3:1 and
    /// one of each resource.
    pub fn new(players: u8) -> NewWorld {
        let counts = [
            (Terrain::Sea, 19),
            (Terrain::Fields, 5),
            (Terrain::Hills, 4),
            (Terrain::Mountains, 4),
            (Terrain::Pasture, 5),
            (Terrain::Forest, 5),
        ];
        let tiles = counts
            .iter()
            .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
            .collect();
        let numbers = vec![
            2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12,
        ];
        let mut harbors = vec![HarborKind::Generic; 4];
        harbors.extend(Resource::ALL.map(HarborKind::Special));
        NewWorld {
            players,
            red_numbers_apart: true,
            tiles,
            numbers,
            harbors,
            harbors_by_players: true,
        }
    }

    /// Whether the stacks fit the frame.
    fn check_recipe(&self) -> Result<(), MapErrors> {
        if !(3..=4).contains(&self.players) {
            return Err(problem(
                "new-world.players",
                format!("New World is for 3 or 4 players, not {}", self.players),
            ));
        }
        let cells = tile_cells().len();
        if self.tiles.len() != cells {
            return Err(problem(
                "new-world.tiles",
                format!("{} tiles for {cells} cells", self.tiles.len()),
            ));
        }
        if let Some(t) = self
            .tiles
            .iter()
            .find(|t| matches!(t, Terrain::Fog | Terrain::Castle))
        {
            return Err(problem(
                "new-world.tiles",
                format!("a New World map has no {t} tiles"),
            ));
        }
        let numbered = self.tiles.iter().filter(|t| takes_a_number(**t)).count();
        if self.numbers.len() != numbered {
            return Err(problem(
                "new-world.numbers",
                format!(
                    "{} tokens for {numbered} tiles that take one",
                    self.numbers.len()
                ),
            ));
        }
        if let Some(n) = self
            .numbers
            .iter()
            .find(|&&n| !(2..=12).contains(&n) || n == 7)
        {
            return Err(problem(
                "new-world.numbers",
                format!("{n} is not a number token (2-6, 8-12)"),
            ));
        }
        Ok(())
    }

    /// A new map, every random choice drawn from `rng`.
    pub fn generate(&self, rng: &mut impl Rng) -> Result<MapFile, MapErrors> {
        self.generate_checked(rng).map(|template| template.file)
    }

    /// A new map, as [`NewWorld::generate`] draws it, with the check it passed: a game
    /// lays it out without checking it a second time.
    ///
    /// The check leaves out its search for places to settle (docs/map-format.md, "Places to
    /// settle"), which finds nothing on a drawn map: the frame's positions are all listed
    /// and joined side to side, and the map has ships, so roads run on every edge touching
    /// land and ships on every other: every corner is reached from every other. No area
    /// bounds the starting settlements, so every island has corners a settlement may take;
    /// and the islands score as the areas listed, no more than the engine scores (`draw`
    /// throws away a map with more). The test `a_drawn_map_passes_the_whole_check` checks
    /// the whole check's verdict on many drawn maps.
    pub fn generate_checked(&self, rng: &mut impl Rng) -> Result<MapTemplate, MapErrors> {
        self.check_recipe()?;
        let mut refused = None;
        for _ in 0..MOST_DRAWS {
            let Ok(file) = self.draw(rng) else { continue };
            match MapTemplate::check_new_world_draw(file) {
                Ok(template) => return Ok(template),
                Err(e) => refused = Some(e),
            }
        }
        Err(refused.unwrap_or_else(|| {
            problem(
                "new-world",
                format!("no map in {MOST_DRAWS} draws met the constraints of SC9-1 and SC9-3"),
            )
        }))
    }

    /// One draw of the whole map.
    fn draw(&self, rng: &mut impl Rng) -> Result<MapFile, Redraw> {
        // Step 1: terrain; the printed cells stay sea.
        let mut tiles = self.tiles.clone();
        shuffle(&mut tiles, rng);
        let mut terrain: FrameTerrain = [Terrain::Sea; FRAME_SIZE];
        for (place, tile) in tile_places().zip(tiles) {
            terrain[place] = tile;
        }
        let gold = |i: usize| terrain[i] == Terrain::Gold;
        if (0..FRAME_SIZE).any(|i| gold(i) && frame_neighbours(i).any(gold)) {
            return Err(Redraw);
        }

        // Step 2: numbers, on the land hexes in board order.
        let targets: Vec<usize> = (0..FRAME_SIZE)
            .filter(|&i| takes_a_number(terrain[i]))
            .collect();
        let numbers = self.place_numbers(&targets, &terrain, rng)?;

        // Step 3: harbors, one at a time, each on a coast edge still free (SC9-3): the
        // map's own, or a trial that the players' tokens will fit.
        let mut kinds = self.harbors.clone();
        shuffle(&mut kinds, rng);
        // Each coast edge with the place of its sea hex, in board order.
        let coast: Vec<(Edge, usize)> = (0..FRAME_SIZE)
            .filter(|&i| terrain[i].is_land())
            .flat_map(|i| Direction::ALL.map(|d| (FRAME[i].edge(d), FRAME[i].neighbour(d))))
            .filter_map(|(edge, across)| {
                frame_place(across)
                    .filter(|&sea| terrain[sea] == Terrain::Sea)
                    .map(|sea| (edge, sea))
            })
            .collect();
        // A coast edge is free while its sea hex carries no harbor and neither of its corners
        // is a harbor's: each harbor placed takes the edges it shares a sea or a corner with.
        let mut free = vec![true; coast.len()];
        let mut harbors = Vec::with_capacity(kinds.len());
        for kind in kinds {
            let count = free.iter().filter(|f| **f).count();
            if count == 0 {
                return Err(Redraw);
            }
            let pick = below(rng, count as u32) as usize;
            let (chosen, _) = free
                .iter()
                .enumerate()
                .filter(|(_, f)| **f)
                .nth(pick)
                .expect("the pick is one of the free edges counted");
            let (edge, sea) = coast[chosen];
            let corners = edge.corners();
            for (still_free, &(other, other_sea)) in free.iter_mut().zip(&coast) {
                if other_sea == sea || other.corners().iter().any(|c| corners.contains(c)) {
                    *still_free = false;
                }
            }
            harbors.push((edge, kind));
        }

        // Step 5: the islands.
        let islands = islands(&FRAME, |h| {
            frame_place(h).is_some_and(|i| terrain[i].is_land())
        });
        if islands.len() > MOST_AREAS {
            return Err(Redraw);
        }
        if self.harbors_by_players {
            harbors.clear();
        }
        Ok(self.file(&terrain, &numbers, &harbors, &islands))
    }

    /// The tokens on `targets` (places in [`FRAME`]), drawn again until the 6s and 8s keep
    /// apart and off gold.
    fn place_numbers(
        &self,
        targets: &[usize],
        terrain: &FrameTerrain,
        rng: &mut impl Rng,
    ) -> Result<FrameNumbers, Redraw> {
        let mut tokens = self.numbers.clone();
        for _ in 0..MOST_NUMBER_DRAWS {
            shuffle(&mut tokens, rng);
            let mut numbers: FrameNumbers = [None; FRAME_SIZE];
            for (&i, &n) in targets.iter().zip(&tokens) {
                numbers[i] = Some(n);
            }
            let red = |i: usize| is_red(numbers[i]);
            let red_on_gold = targets
                .iter()
                .any(|&i| red(i) && terrain[i] == Terrain::Gold);
            let red_touch = self.red_numbers_apart
                && targets
                    .iter()
                    .any(|&i| red(i) && frame_neighbours(i).any(red));
            if !red_on_gold && !red_touch {
                return Ok(numbers);
            }
        }
        Err(Redraw)
    }

    /// The realised map file.
    fn file(
        &self,
        terrain: &FrameTerrain,
        numbers: &FrameNumbers,
        harbors: &[(Edge, HarborKind)],
        islands: &[Vec<Hex>],
    ) -> MapFile {
        let written = written_once();
        let hexes = (0..FRAME_SIZE)
            .map(|i| HexEntry {
                hex: written.hexes[i].clone(),
                terrain: Some(terrain[i].name().into()),
                number: numbers[i],
                fixed: Some(true),
                pool: None,
                other: if PRINTED_FRAME_CELLS.contains(&FRAME[i]) {
                    written.printed_on_frame.clone()
                } else {
                    JsonMap::new()
                },
            })
            .collect();
        let harbors = harbors
            .iter()
            .map(|(edge, kind)| HarborEntry {
                edge: edge.to_string(),
                kind: kind.to_string(),
                beginner_type: None,
                other: JsonMap::new(),
            })
            .collect();
        let hex_name = |h: &Hex| match frame_place(*h) {
            Some(i) => written.hexes[i].clone(),
            None => h.to_string(),
        };
        let island_name = |i: usize| match written.islands.get(i) {
            Some(name) => name.clone(),
            None => format!("island-{}", i + 1),
        };
        let areas: JsonMap<String, Value> = islands
            .iter()
            .enumerate()
            .map(|(i, island)| {
                let hexes = island.iter().map(|h| Value::from(hex_name(h))).collect();
                (island_name(i), Value::Array(hexes))
            })
            .collect();
        let mut other = written.fields.clone();
        other.insert("areas".into(), Value::Object(areas));
        // SC9-6 and D-SC9-1: a player's first settlement on each island holding none of its
        // starting settlements earns 1, the first island and every further one alike. The
        // islands are listed by name, so the record says which they are (ruleset.rs reads
        // this as `SpecialVp::ForeignIslands`).
        let names: Vec<Value> = (0..islands.len())
            .map(|i| Value::from(island_name(i)))
            .collect();
        other.insert(
            "special_vp".into(),
            json!({
                "kind": "foreign-island-escalating",
                "areas": names,
                "first_foreign": 1,
                "each_further_foreign": 1
            }),
        );
        MapFile {
            format: Some("settlers-map".into()),
            version: Some(if self.harbors_by_players {
                HARBOR_PLACEMENT_VERSION
            } else {
                1
            }),
            id: "new-world".into(),
            name: "New World (random map)".into(),
            game: Some("seafarers".into()),
            players: vec![self.players],
            victory_points: Some(12),
            hexes,
            harbors,
            pools: BTreeMap::new(),
            number_spiral: None,
            harbor_placement: self
                .harbors_by_players
                .then(|| HarborPlacementEntry::of_tokens(&self.harbors)),
            robber: Some(PieceStart {
                used: true,
                start: None,
                other: JsonMap::new(),
            }),
            other,
        }
    }
}

/// What every New World map file writes alike, written once: a game draws a map of its
/// own, and writing these anew took longer than the draw.
struct WrittenOnce {
    /// The frame's positions, `q,r`, by their place in [`FRAME`].
    hexes: [String; FRAME_SIZE],
    /// `island-1`, `island-2`, … up to the most islands a map may score.
    islands: Vec<String>,
    /// A printed cell's own field.
    printed_on_frame: JsonMap<String, Value>,
    /// The file's other fields that are the same on every map (all but `areas` and
    /// `special_vp`).
    fields: JsonMap<String, Value>,
}

fn written_once() -> &'static WrittenOnce {
    static WRITTEN: OnceLock<WrittenOnce> = OnceLock::new();
    WRITTEN.get_or_init(|| {
        let rows: JsonMap<String, Value> = (0..)
            .zip(FRAME_ROWS)
            .map(|(r, (first, last)): (i16, _)| (r.to_string(), json!([first, last])))
            .collect();
        let mut fields = JsonMap::new();
        fields.insert("scenario".into(), json!(9));
        fields.insert(
            "frame".into(),
            json!({"shape": "seafarers-medium", "rows": rows, "outside": "frame"}),
        );
        fields.insert("pirate".into(), json!({"used": true, "start": null}));
        fields.insert(
            "setup".into(),
            json!({"settlements": 2, "ship_instead_of_road": true}),
        );
        fields.insert(
            "rules".into(),
            json!({
                "robber": true,
                "pirate": true,
                "longest_trade_route": true,
                "largest_army": true,
                "development_deck": "base 25"
            }),
        );
        let mut printed_on_frame = JsonMap::new();
        printed_on_frame.insert("printed_on_frame".into(), Value::Bool(true));
        WrittenOnce {
            hexes: FRAME.map(|h| h.to_string()),
            islands: (1..=MOST_AREAS).map(|i| format!("island-{i}")).collect(),
            printed_on_frame,
            fields,
        }
    })
}

/// The land hexes joined side to side (SC9-2), each island in the order of `board`, the
/// islands in the order of their first hex.
pub fn islands(board: &[Hex], is_land: impl Fn(Hex) -> bool) -> Vec<Vec<Hex>> {
    let index = HexIndex::new(board);
    let land: Vec<bool> = board.iter().map(|&h| is_land(h)).collect();
    islands_indexed(board, &index, &land)
}

/// [`islands`] with the board's index at hand and whether each of its hexes is land. A hex
/// listed twice is one hex, found at its first place, and listed twice in its island.
pub(crate) fn islands_indexed(board: &[Hex], index: &HexIndex, land: &[bool]) -> Vec<Vec<Hex>> {
    const NONE: usize = usize::MAX;
    // The island of each hex, by its first place in `board`.
    let mut island_of = vec![NONE; board.len()];
    let mut found = 0;
    let mut stack = Vec::new();
    for start in 0..board.len() {
        if !land[start] || island_of[start] != NONE || index.get(board[start]) != Some(start) {
            continue;
        }
        island_of[start] = found;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for n in board[i].neighbours() {
                if let Some(j) = index.get(n)
                    && land[j]
                    && island_of[j] == NONE
                {
                    island_of[j] = found;
                    stack.push(j);
                }
            }
        }
        found += 1;
    }
    let mut out = vec![Vec::new(); found];
    for &h in board {
        if let Some(i) = index.get(h)
            && island_of[i] != NONE
        {
            out[island_of[i]].push(h);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The islands by sets of hexes, searched through the whole board for each neighbour.
    fn islands_by_sets(board: &[Hex], is_land: impl Fn(Hex) -> bool) -> Vec<Vec<Hex>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &start in board {
            if !is_land(start) || !seen.insert(start) {
                continue;
            }
            let mut island = BTreeSet::new();
            let mut stack = vec![start];
            while let Some(h) = stack.pop() {
                island.insert(h);
                for n in h.neighbours() {
                    if board.contains(&n) && is_land(n) && seen.insert(n) {
                        stack.push(n);
                    }
                }
            }
            out.push(
                board
                    .iter()
                    .copied()
                    .filter(|h| island.contains(h))
                    .collect(),
            );
        }
        out
    }

    #[test]
    fn islands_are_found_as_by_sets_of_hexes() {
        let mut boards = vec![
            frame(),
            vec![
                Hex::new(0, 0),
                Hex::new(900, -900),
                Hex::new(1, 0),
                Hex::new(901, -900),
            ],
            Vec::new(),
        ];
        // The frame with some positions listed twice, and in another order.
        let mut twice = frame();
        twice.extend([Hex::new(2, 3), Hex::new(1, 0), Hex::new(-2, 6)]);
        twice.reverse();
        boards.push(twice);
        for board in &boards {
            for pattern in 0..12u32 {
                // Land by a pattern of the coordinates: many islands, one, or none.
                let is_land = |h: Hex| {
                    let k = i32::from(h.q) * 7 + i32::from(h.r) * 3;
                    pattern == 0 || (pattern > 1 && k.rem_euclid(pattern as i32) < 2)
                };
                assert_eq!(
                    islands(board, is_land),
                    islands_by_sets(board, is_land),
                    "pattern {pattern} on {board:?}"
                );
            }
        }
    }
}
