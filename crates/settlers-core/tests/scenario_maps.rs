//! The boards of Seafarers scenarios 1 to 4 as the engine lays them out, against what
//! `shared/rules/scenarios.md` prints (SC1-1, SC2-1, SC3-1, SC4-1) and the component limits of
//! `seafarers.md` S-1: the tiles and tokens, the harbors, the islands, the fog stacks
//! (SC3-2), and the variable set-up (SC1-6, SC2-6, SC3-9, SC4-6, decisions D-SC-1, D-G-3,
//! D-S-1).
//!
//! Every expected number below was counted from the tables of scenarios.md, not read from the
//! engine's map files, so that the map data is checked against the rules. The rule cases in
//! `tests/cases/sc*-1-*-map.json` check the same tables hex by hex.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::map::{Board, HarborKind, Layout, LayoutOptions, MapTemplate, builtin};
use settlers_core::topology::{HexId, Topology};
use settlers_core::{Corner, Hex, Resource, Terrain};
use std::collections::{BTreeMap, BTreeSet};

/// The terrain counted in a scenario table, in this order.
const TERRAIN: [Terrain; 9] = [
    Terrain::Sea,
    Terrain::Desert,
    Terrain::Gold,
    Terrain::Fields,
    Terrain::Hills,
    Terrain::Mountains,
    Terrain::Pasture,
    Terrain::Forest,
    Terrain::Fog,
];

/// The number tokens, in this order.
const NUMBERS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];

/// One board as scenarios.md prints it.
struct Printed {
    id: &'static str,
    /// Positions in the table (printed frame sea cells included).
    positions: usize,
    /// Hexes of each kind of `TERRAIN` (`?` counts as fog).
    terrain: [usize; 9],
    /// Tokens of each number of `NUMBERS` on the printed board.
    tokens: [usize; 10],
    /// Harbor positions (the "N harbors" line).
    harbors: usize,
    /// The fog stacks (SC3-2): tiles of each kind of `TERRAIN`, and the number stack.
    fog_stack: Option<([usize; 9], [u8; 10])>,
    /// The land masses, as the "Areas" or "Islands" lines list them (the areas a main island
    /// gets by count only are written out from the table).
    islands: &'static [&'static [&'static str]],
}

/// SC3-2: 2 sea, 2 gold, 2 fields, 2 hills, 2 mountains, 1 pasture, 1 forest.
const FOG_TILES: [usize; 9] = [2, 0, 2, 2, 2, 2, 1, 1, 0];

const MAPS: [Printed; 8] = [
    Printed {
        id: "new-shores-3",
        positions: 37,
        terrain: [15, 0, 2, 4, 4, 4, 5, 3, 0],
        tokens: [1, 2, 3, 3, 2, 3, 2, 3, 2, 1],
        harbors: 8,
        fog_stack: None,
        islands: &[
            &[
                "0,2", "1,2", "-1,3", "0,3", "1,3", "-2,4", "-1,4", "0,4", "1,4", "-2,5", "-1,5",
                "0,5", "-2,6", "-1,6",
            ],
            &["1,0", "2,0"],
            &["3,1", "4,1", "3,2", "3,3"],
            &["2,5", "1,6"],
        ],
    },
    Printed {
        id: "new-shores-4",
        positions: 44,
        terrain: [16, 1, 2, 5, 5, 5, 5, 5, 0],
        tokens: [2, 3, 3, 3, 3, 3, 3, 3, 3, 1],
        harbors: 9,
        fog_stack: None,
        islands: &[
            &[
                "0,2", "1,2", "2,2", "-1,3", "0,3", "1,3", "2,3", "-2,4", "-1,4", "0,4", "1,4",
                "2,4", "-2,5", "-1,5", "0,5", "1,5", "-2,6", "-1,6", "0,6",
            ],
            &["1,0", "2,0"],
            &["4,0", "4,1", "5,1", "4,2", "4,3"],
            &["3,5", "2,6"],
        ],
    },
    Printed {
        id: "four-islands-3",
        positions: 37,
        terrain: [17, 0, 0, 4, 4, 4, 4, 4, 0],
        tokens: [1, 2, 2, 3, 2, 2, 3, 2, 2, 1],
        harbors: 9,
        fog_stack: None,
        islands: &[
            &["0,1", "1,1", "-1,2", "0,2"],
            &["3,0", "4,0", "3,1", "4,1", "2,2", "3,2"],
            &["-2,4", "-1,4", "0,4", "-2,5", "-1,5", "-2,6"],
            &["2,4", "3,4", "1,5", "2,5"],
        ],
    },
    Printed {
        id: "four-islands-4",
        positions: 37,
        terrain: [14, 0, 0, 5, 4, 4, 5, 5, 0],
        tokens: [1, 2, 3, 3, 2, 2, 3, 3, 3, 1],
        harbors: 9,
        fog_stack: None,
        islands: &[
            &["1,0", "0,1", "-1,2", "0,2"],
            &["3,0", "4,0", "2,1", "3,1", "4,1", "2,2", "3,2", "1,3"],
            &["-2,4", "-1,4", "-2,5", "-1,5", "0,5", "-2,6", "-1,6"],
            &["2,4", "3,4", "2,5", "1,6"],
        ],
    },
    Printed {
        id: "fog-islands-3",
        positions: 44,
        terrain: [18, 0, 0, 2, 2, 2, 4, 4, 12],
        tokens: [0, 1, 1, 2, 2, 2, 2, 1, 2, 1],
        harbors: 8,
        fog_stack: Some((FOG_TILES, [3, 3, 4, 5, 6, 8, 9, 10, 11, 12])),
        islands: &[
            &["4,0", "5,0", "4,1", "5,1", "4,2", "5,2", "4,3"],
            &["-1,3", "0,3", "-1,4", "0,4", "-1,5", "0,5", "-1,6"],
        ],
    },
    Printed {
        id: "fog-islands-4",
        positions: 44,
        terrain: [15, 0, 0, 3, 3, 3, 4, 4, 12],
        tokens: [1, 2, 2, 2, 2, 2, 2, 2, 1, 1],
        harbors: 9,
        fog_stack: Some((FOG_TILES, [3, 4, 5, 6, 8, 9, 10, 11, 11, 12])),
        islands: &[
            &[
                "3,0", "4,0", "5,0", "3,1", "4,1", "5,1", "4,2", "5,2", "4,3", "4,4",
            ],
            &["-1,3", "-2,4", "-1,4", "-2,5", "-1,5", "-2,6", "-1,6"],
        ],
    },
    // Through the Desert: the desert band joins the main area and the strip into one land
    // mass; the three small islands stand alone.
    Printed {
        id: "through-the-desert-3",
        positions: 37,
        terrain: [12, 3, 2, 4, 3, 4, 4, 5, 0],
        tokens: [1, 2, 3, 3, 3, 3, 3, 2, 2, 0],
        harbors: 8,
        fog_stack: None,
        islands: &[
            &[
                "2,1", "1,2", "2,2", "0,3", "1,3", "-2,4", "-1,4", "0,4", "1,4", "-2,5", "-1,5",
                "0,5", "-2,6", "-1,6", "2,0", "1,1", "0,2", "1,0", "0,1", "-1,2",
            ],
            &["4,0", "4,1"],
            &["3,3"],
            &["2,5", "1,6"],
        ],
    },
    Printed {
        id: "through-the-desert-4",
        positions: 44,
        terrain: [14, 3, 2, 5, 5, 5, 5, 5, 0],
        tokens: [1, 3, 3, 3, 3, 3, 3, 3, 3, 2],
        harbors: 9,
        fog_stack: None,
        islands: &[
            &[
                "3,0", "2,1", "3,1", "1,2", "2,2", "3,2", "0,3", "1,3", "2,3", "-2,4", "-1,4",
                "0,4", "1,4", "-2,5", "-1,5", "0,5", "-1,6", "2,0", "1,1", "0,2", "1,0", "0,1",
                "-1,2",
            ],
            &["5,0", "5,1", "5,2"],
            &["3,4", "4,4"],
            &["1,6", "2,6"],
        ],
    },
];

fn hex(text: &str) -> Hex {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} is not a hex: {e}"))
}

fn template(id: &str) -> &'static MapTemplate {
    builtin::template(id)
        .unwrap_or_else(|| panic!("{id} is not a built-in map"))
        .unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn lay_out(id: &str, layout: Layout, seed: u64) -> Board {
    let options = LayoutOptions {
        layout,
        ..Default::default()
    };
    template(id)
        .realise(&options, &mut ChaCha8Rng::seed_from_u64(seed))
        .unwrap_or_else(|e| panic!("{id}, seed {seed}: {e}"))
}

/// The printed board: the fixed layout every scenario uses by default (S-4).
fn printed(id: &str) -> Board {
    lay_out(id, Layout::Beginner, 0)
}

fn terrain_counts(tiles: impl Iterator<Item = Terrain>) -> [usize; 9] {
    let mut counts = [0; 9];
    for t in tiles {
        let i = TERRAIN
            .iter()
            .position(|x| *x == t)
            .unwrap_or_else(|| panic!("{t} is not a Seafarers terrain"));
        counts[i] += 1;
    }
    counts
}

fn token_counts(numbers: impl Iterator<Item = u8>) -> [usize; 10] {
    let mut counts = [0; 10];
    for n in numbers {
        let i = NUMBERS
            .iter()
            .position(|x| *x == n)
            .unwrap_or_else(|| panic!("{n} is not a number token"));
        counts[i] += 1;
    }
    counts
}

/// The sea cells the map marks as printed on the frame (S-2).
fn printed_on_frame(id: &str) -> usize {
    template(id)
        .file
        .hexes
        .iter()
        .filter(|h| h.other.get("printed_on_frame").and_then(|v| v.as_bool()) == Some(true))
        .count()
}

/// SC1-1, SC2-1, SC3-1, SC4-1: the tiles and tokens of each printed board.
#[test]
fn every_scenario_map_has_the_printed_tiles_and_tokens() {
    for map in &MAPS {
        let board = printed(map.id);
        assert_eq!(board.hexes.len(), map.positions, "{}: positions", map.id);
        assert_eq!(
            terrain_counts(board.hexes.iter().map(|h| h.terrain)),
            map.terrain,
            "{}: tiles (sea, desert, gold, fields, hills, mountains, pasture, forest, fog)",
            map.id
        );
        assert_eq!(
            token_counts(board.hexes.iter().filter_map(|h| h.number)),
            map.tokens,
            "{}: tokens 2, 3, 4, 5, 6, 8, 9, 10, 11, 12",
            map.id
        );
        // S-2: land without a token never produces; in these scenarios that is the desert.
        for h in &board.hexes {
            let takes_a_number = h.terrain.resource().is_some() || h.terrain == Terrain::Gold;
            assert_eq!(
                h.number.is_some(),
                takes_a_number,
                "{} {}: a {} hex",
                map.id,
                h.hex,
                h.terrain
            );
        }
        assert_eq!(
            printed_on_frame(map.id),
            2,
            "{}: the two sea cells printed on the frame",
            map.id
        );
        match map.fog_stack {
            Some((tiles, numbers)) => {
                assert_eq!(
                    terrain_counts(board.fog_terrain.iter().copied()),
                    tiles,
                    "{}: the fog tiles (SC3-2)",
                    map.id
                );
                let mut stack = board.fog_numbers.clone();
                stack.sort_unstable();
                assert_eq!(stack, numbers, "{}: the fog number stack (SC3-2)", map.id);
            }
            None => assert!(
                board.fog_terrain.is_empty() && board.fog_numbers.is_empty(),
                "{}: no fog stacks",
                map.id
            ),
        }
    }
}

/// S-1: together with the base game a scenario uses at most 19 sea tiles (and the 2 cells
/// printed on the frame), 3 deserts, 2 gold fields, 5 of each other terrain, the tokens
/// 2×2, 3×3 … 11×3, 12×2, and 10 harbor tokens. Fog tiles and the fog number stack come
/// out of the same supply.
#[test]
fn every_map_stays_within_the_seafarers_components() {
    const MOST_TILES: [usize; 8] = [19, 3, 2, 5, 5, 5, 5, 5];
    const MOST_TOKENS: [usize; 10] = [2, 3, 3, 3, 3, 3, 3, 3, 3, 2];
    for map in &MAPS {
        let board = printed(map.id);
        let mut tiles = terrain_counts(
            board
                .hexes
                .iter()
                .map(|h| h.terrain)
                .chain(board.fog_terrain.iter().copied()),
        );
        // The cells printed on the frame are not sea tiles.
        tiles[0] -= printed_on_frame(map.id);
        for (i, most) in MOST_TILES.iter().enumerate() {
            assert!(
                tiles[i] <= *most,
                "{}: {} {} tiles, the supply has {most}",
                map.id,
                tiles[i],
                TERRAIN[i]
            );
        }
        let tokens = token_counts(
            board
                .hexes
                .iter()
                .filter_map(|h| h.number)
                .chain(board.fog_numbers.iter().copied()),
        );
        for (i, most) in MOST_TOKENS.iter().enumerate() {
            assert!(
                tokens[i] <= *most,
                "{}: {} tokens of {}, the supply has {most}",
                map.id,
                tokens[i],
                NUMBERS[i]
            );
        }
        assert!(board.harbors.len() <= 10, "{}: harbors", map.id);
    }
}

/// S-4, S-1, D-S-1: the harbor positions are those scenarios.md counts; their tokens are one
/// 2:1 of each resource and 3:1 for the rest, shuffled onto the positions anew with each
/// layout while the positions stay.
#[test]
fn harbors_are_fixed_positions_with_shuffled_tokens() {
    for map in &MAPS {
        let edges = |b: &Board| b.harbors.iter().map(|h| h.edge).collect::<BTreeSet<_>>();
        let kinds = |b: &Board| {
            let mut kinds: Vec<String> = b.harbors.iter().map(|h| h.kind.to_string()).collect();
            kinds.sort();
            kinds
        };
        let first = printed(map.id);
        assert_eq!(first.harbors.len(), map.harbors, "{}: harbors", map.id);
        let mut expected: Vec<String> = Resource::ALL.iter().map(|r| r.to_string()).collect();
        expected.extend((0..map.harbors - 5).map(|_| HarborKind::Generic.to_string()));
        expected.sort();
        assert_eq!(kinds(&first), expected, "{}: harbor tokens", map.id);
        let mut placements = BTreeSet::new();
        for seed in 0..20 {
            let board = lay_out(map.id, Layout::Beginner, seed);
            assert_eq!(edges(&board), edges(&first), "{}: harbor positions", map.id);
            assert_eq!(kinds(&board), expected, "{}: harbor tokens", map.id);
            placements.insert(
                board
                    .harbors
                    .iter()
                    .map(|h| (h.edge, h.kind.to_string()))
                    .collect::<Vec<_>>(),
            );
        }
        assert!(
            placements.len() > 1,
            "{}: the harbor tokens never moved in 20 layouts",
            map.id
        );
    }
}

fn hex_set(t: &Topology, set: &settlers_core::topology::HexSet) -> BTreeSet<Hex> {
    set.iter().map(|i| t.hex(HexId(i as u8))).collect()
}

/// `Topology::islands()` finds the land masses of each printed board: as many as
/// scenarios.md lists, with the same hexes; and they are the map's areas (for Through the
/// Desert, the desert band joins the main area and the strip).
#[test]
fn islands_are_the_listed_areas() {
    for map in &MAPS {
        let t = Topology::new(printed(map.id));
        let found: BTreeSet<BTreeSet<Hex>> = t.islands().iter().map(|i| hex_set(&t, i)).collect();
        let listed: BTreeSet<BTreeSet<Hex>> = map
            .islands
            .iter()
            .map(|island| island.iter().map(|h| hex(h)).collect())
            .collect();
        assert_eq!(found.len(), map.islands.len(), "{}: islands", map.id);
        assert_eq!(found, listed, "{}: the hexes of each island", map.id);
        // The map's own areas: each listed area lies within one island, and together they
        // cover the land.
        let areas = &template(map.id).areas;
        let covered: BTreeSet<Hex> = areas
            .iter()
            .flat_map(|(_, hs)| hs.iter().copied())
            .collect();
        let land: BTreeSet<Hex> = found.iter().flatten().copied().collect();
        assert_eq!(covered, land, "{}: the areas cover the land", map.id);
        for (name, hexes) in areas {
            let set: BTreeSet<Hex> = hexes.iter().copied().collect();
            assert!(
                found.iter().any(|island| set.is_subset(island)),
                "{}: area {name} is not within one island",
                map.id
            );
            if !map.id.starts_with("through-the-desert") {
                assert!(found.contains(&set), "{}: area {name} is an island", map.id);
            }
        }
    }
}

/// The land hexes of the named areas of a map.
fn areas(id: &str, names: &[&str]) -> BTreeSet<Hex> {
    let listed = &template(id).areas;
    let mut out = BTreeSet::new();
    for name in names {
        let (_, hexes) = listed
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{id} has no area {name}"));
        out.extend(hexes.iter().copied());
    }
    out
}

/// What the variable set-up may permute, as scenarios.md says it (SC1-6, SC2-6, SC3-9,
/// SC4-6): each group's hexes and tokens among themselves; the hexes not named stay fixed.
fn groups(id: &str) -> Vec<BTreeSet<Hex>> {
    match id {
        "new-shores-3" | "new-shores-4" => vec![
            areas(id, &["main"]),
            areas(id, &["nw-island", "ne-island", "se-island"]),
        ],
        "four-islands-3" | "four-islands-4" => vec![areas(
            id,
            &["nw-island", "ne-island", "sw-island", "se-island"],
        )],
        "fog-islands-3" | "fog-islands-4" => vec![areas(id, &["ne-island", "sw-island"])],
        _ => vec![
            areas(id, &["main"]),
            areas(id, &["strip", "ne-island", "e-island", "se-island"]),
        ],
    }
}

type Placed = BTreeMap<Hex, (Terrain, Option<u8>)>;

fn placed(board: &Board) -> Placed {
    board
        .hexes
        .iter()
        .map(|h| (h.hex, (h.terrain, h.number)))
        .collect()
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// SC1-6, SC2-6, SC3-9, SC4-6 and D-SC-1: the variable set-up permutes each group's hexes and
/// tokens among themselves only; sea, fog, the desert band and every hex outside the groups
/// stay; the fog stacks are untouched. D-G-3: the randomiser never puts a 6 or 8 next to
/// another or on gold. And it does randomise.
#[test]
fn variable_layouts_permute_within_the_groups() {
    for map in &MAPS {
        let printed = placed(&printed(map.id));
        let groups = groups(map.id);
        let grouped: BTreeSet<Hex> = groups.iter().flatten().copied().collect();
        let mut differs = false;
        for seed in 0..60 {
            let board = lay_out(map.id, Layout::Variable, seed);
            let laid = placed(&board);
            assert_eq!(
                laid.keys().collect::<Vec<_>>(),
                printed.keys().collect::<Vec<_>>(),
                "{}: positions",
                map.id
            );
            for (h, was) in &printed {
                if !grouped.contains(h) {
                    assert_eq!(
                        laid[h], *was,
                        "{} seed {seed}: {h} is in no group and must stay",
                        map.id
                    );
                }
            }
            for group in &groups {
                let terrain = |p: &Placed| sorted(group.iter().map(|h| p[h].0.name()).collect());
                let tokens = |p: &Placed| sorted(group.iter().map(|h| p[h].1).collect());
                assert_eq!(
                    terrain(&laid),
                    terrain(&printed),
                    "{} seed {seed}: a group's hexes",
                    map.id
                );
                assert_eq!(
                    tokens(&laid),
                    tokens(&printed),
                    "{} seed {seed}: a group's tokens",
                    map.id
                );
            }
            let red = |h: &Hex| matches!(laid[h].1, Some(6 | 8));
            for h in grouped.iter().filter(|h| red(h)) {
                assert_ne!(
                    laid[h].0,
                    Terrain::Gold,
                    "{} seed {seed}: a 6 or 8 on gold {h}",
                    map.id
                );
                for n in h.neighbours() {
                    assert!(
                        !(laid.contains_key(&n) && red(&n)),
                        "{} seed {seed}: 6 or 8 on {h} and {n}",
                        map.id
                    );
                }
            }
            assert_eq!(board.fog_terrain.len(), map.fog_stack.map_or(0, |_| 12));
            differs |= laid != printed;
        }
        assert!(
            differs,
            "{}: 60 variable layouts are all the printed one",
            map.id
        );
    }
}

/// SC4-3 and SC4-4: in Through the Desert no corner touches both the main area and another
/// scoring area; the corners touching only the desert band, sea and frame (`2,0,N`, and
/// `3,-1,S` on the 3-player map) belong to no area.
#[test]
fn through_the_desert_areas_meet_only_across_the_desert_band() {
    for (id, band_only) in [
        ("through-the-desert-3", &["2,0,N", "3,-1,S"][..]),
        ("through-the-desert-4", &["2,0,N"][..]),
    ] {
        let t = Topology::new(printed(id));
        let main = areas(id, &["main"]);
        let scoring = areas(id, &["strip", "ne-island", "e-island", "se-island"]);
        let band = areas(id, &["desert-band"]);
        for c in t.corner_ids() {
            let hexes: Vec<Hex> = t.corner_hexes(c).map(|h| t.hex(h)).collect();
            assert!(
                !(hexes.iter().any(|h| main.contains(h))
                    && hexes.iter().any(|h| scoring.contains(h))),
                "{id}: {} touches the main area and a scoring area",
                t.corner(c)
            );
        }
        for text in band_only {
            let corner: Corner = text.parse().expect("a corner");
            let c = t.corner_id(corner).expect("on the board");
            let land: Vec<Hex> = t
                .corner_hexes(c)
                .filter(|h| t.land_hexes.contains(h.index()))
                .map(|h| t.hex(h))
                .collect();
            assert!(
                !land.is_empty() && land.iter().all(|h| band.contains(h)),
                "{id}: {text} touches land {land:?}, not the desert band alone"
            );
        }
    }
}
