//! Laying out the base board: the shape (base.md B-10), the variable set-up with its number
//! spiral (B-13, decision D-B-2), the random layout and its `red_numbers_apart` option (B-14,
//! D-B-3), and the robber's start (B-15).
//!
//! The walks, the token sequence and the harbor edges are written out here from base.md, not
//! read from the engine's map file, so that the map data is checked against the rules too.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::map::{Board, HarborKind, Layout, LayoutOptions, MapTemplate, SpiralDirection};
use settlers_core::topology::Topology;
use settlers_core::{Edge, Hex, Resource, Scenario, Terrain};
use std::collections::BTreeSet;

/// B-13: the tokens A to R, in letter order.
const TOKENS: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// B-13: the outer ring, counterclockwise from `1,0`.
const OUTER_RING: [(i16, i16); 12] = [
    (1, 0),
    (0, 1),
    (-1, 2),
    (-1, 3),
    (-1, 4),
    (0, 4),
    (1, 4),
    (2, 3),
    (3, 2),
    (3, 1),
    (3, 0),
    (2, 0),
];

/// B-13: the inner ring, counterclockwise from `1,1`, the inner hex next to `1,0`.
const INNER_RING: [(i16, i16); 6] = [(1, 1), (0, 2), (0, 3), (1, 3), (2, 2), (2, 1)];

const CENTRE: (i16, i16) = (1, 2);

/// B-13: the start corners of the spiral.
const START_CORNERS: [(i16, i16); 6] = [(1, 0), (-1, 2), (-1, 4), (1, 4), (3, 2), (3, 0)];

const DIRECTIONS: [SpiralDirection; 2] = [
    SpiralDirection::Counterclockwise,
    SpiralDirection::Clockwise,
];

/// B-11: the nine harbor edges.
const HARBOR_EDGES: [&str; 9] = [
    "1,-1,SE", "2,0,NE", "3,1,NE", "3,2,E", "2,3,SE", "0,4,SE", "-2,5,NE", "-2,3,E", "-1,1,E",
];

fn hex((q, r): (i16, i16)) -> Hex {
    Hex::new(q, r)
}

fn base_template() -> &'static MapTemplate {
    Scenario::by_name("base")
        .expect("the base scenario")
        .template(4)
        .expect("the base map")
}

fn lay_out(template: &MapTemplate, options: &LayoutOptions, seed: u64) -> Board {
    template
        .realise(options, &mut ChaCha8Rng::seed_from_u64(seed))
        .unwrap_or_else(|e| panic!("seed {seed}, {options:?}: {e}"))
}

fn variable(start: Hex, direction: SpiralDirection) -> LayoutOptions {
    LayoutOptions {
        layout: Layout::Variable,
        spiral_direction: direction,
        spiral_start: Some(start),
        red_numbers_apart: true,
    }
}

/// The order in which B-13 hands out the tokens: the outer ring from the start corner, the
/// inner ring from the inner hex next to that corner, then the centre. Clockwise is the
/// mirror image (D-B-2).
fn spiral_walk(start: Hex, direction: SpiralDirection) -> Vec<Hex> {
    let ring = |hexes: &[(i16, i16)], from: Hex| {
        let mut ring: Vec<Hex> = hexes.iter().copied().map(hex).collect();
        if direction == SpiralDirection::Clockwise {
            ring.reverse();
        }
        let at = ring
            .iter()
            .position(|&h| h == from)
            .expect("the hex is on the ring");
        ring.rotate_left(at);
        ring
    };
    let next_to_start: Vec<Hex> = INNER_RING
        .iter()
        .copied()
        .map(hex)
        .filter(|h| h.distance(start) == 1)
        .collect();
    assert_eq!(
        next_to_start.len(),
        1,
        "one inner hex touches the start corner {start}"
    );
    let mut walk = ring(&OUTER_RING, start);
    walk.extend(ring(&INNER_RING, next_to_start[0]));
    walk.push(hex(CENTRE));
    walk
}

fn number_at(board: &Board, h: Hex) -> Option<u8> {
    board.hex(h).expect("a hex of the board").number
}

fn desert(board: &Board) -> Hex {
    let deserts: Vec<Hex> = board
        .hexes
        .iter()
        .filter(|h| h.terrain == Terrain::Desert)
        .map(|h| h.hex)
        .collect();
    assert_eq!(deserts.len(), 1, "one desert (B-2)");
    deserts[0]
}

/// Pairs of neighbouring hexes that both carry a 6 or an 8.
fn touching_red_numbers(board: &Board) -> Vec<(Hex, Hex)> {
    let red: Vec<Hex> = board
        .hexes
        .iter()
        .filter(|h| matches!(h.number, Some(6 | 8)))
        .map(|h| h.hex)
        .collect();
    let mut pairs = Vec::new();
    for (i, a) in red.iter().enumerate() {
        for b in &red[i + 1..] {
            if a.distance(*b) == 1 {
                pairs.push((*a, *b));
            }
        }
    }
    pairs
}

fn sorted_numbers(board: &Board) -> Vec<u8> {
    let mut numbers: Vec<u8> = board.hexes.iter().filter_map(|h| h.number).collect();
    numbers.sort();
    numbers
}

fn all_tokens_sorted() -> Vec<u8> {
    let mut tokens = TOKENS.to_vec();
    tokens.sort();
    tokens
}

#[test]
fn the_walk_from_1_0_counterclockwise_is_the_one_base_md_gives() {
    let walk: Vec<String> = spiral_walk(hex((1, 0)), SpiralDirection::Counterclockwise)
        .iter()
        .map(|h| h.to_string())
        .collect();
    assert_eq!(
        walk,
        [
            "1,0", "0,1", "-1,2", "-1,3", "-1,4", "0,4", "1,4", "2,3", "3,2", "3,1", "3,0", "2,0",
            "1,1", "0,2", "0,3", "1,3", "2,2", "2,1", "1,2"
        ]
    );
}

/// B-13 from `1,0` counterclockwise: the tokens A to R go to the hexes in walking order and
/// the desert, wherever the terrain shuffle put it, is skipped.
#[test]
fn the_spiral_from_1_0_hands_out_the_tokens_in_letter_order_skipping_the_desert() {
    let template = base_template();
    let start = hex((1, 0));
    let walk = spiral_walk(start, SpiralDirection::Counterclockwise);
    let mut deserts = BTreeSet::new();
    for seed in 0..300 {
        let board = lay_out(
            template,
            &variable(start, SpiralDirection::Counterclockwise),
            seed,
        );
        let desert = desert(&board);
        deserts.insert(desert);
        assert_eq!(
            number_at(&board, desert),
            None,
            "seed {seed}: the desert has no token"
        );
        let numbers: Vec<u8> = walk
            .iter()
            .filter(|&&h| h != desert)
            .map(|&h| number_at(&board, h).expect("every other hex has a token"))
            .collect();
        assert_eq!(numbers, TOKENS, "seed {seed}, desert on {desert}");
    }
    assert_eq!(
        deserts.len(),
        19,
        "the shuffles put the desert on every hex at least once"
    );
}

/// B-13 and D-B-2: the same order from every start corner, walking either way.
#[test]
fn the_spiral_follows_the_walk_from_every_start_corner_in_both_directions() {
    let template = base_template();
    for start in START_CORNERS.map(hex) {
        for direction in DIRECTIONS {
            let walk = spiral_walk(start, direction);
            for seed in 0..40 {
                let board = lay_out(template, &variable(start, direction), seed);
                let desert = desert(&board);
                let numbers: Vec<u8> = walk
                    .iter()
                    .filter(|&&h| h != desert)
                    .filter_map(|&h| number_at(&board, h))
                    .collect();
                assert_eq!(
                    numbers, TOKENS,
                    "start {start}, {direction:?}, seed {seed}, desert on {desert}"
                );
            }
        }
    }
}

/// B-13: with this token sequence no two 6/8 tokens are ever adjacent, for all 6 start
/// corners, both directions and all 19 desert positions.
#[test]
fn the_spiral_never_puts_red_numbers_together() {
    let template = base_template();
    for start in START_CORNERS.map(hex) {
        for direction in DIRECTIONS {
            let mut deserts = BTreeSet::new();
            for seed in 0..400 {
                let board = lay_out(template, &variable(start, direction), seed);
                deserts.insert(desert(&board));
                let touching = touching_red_numbers(&board);
                assert!(
                    touching.is_empty(),
                    "start {start}, {direction:?}, seed {seed}: 6/8 next to each other on {touching:?}"
                );
            }
            assert_eq!(
                deserts.len(),
                19,
                "start {start}, {direction:?}: every desert position was tried"
            );
        }
    }
}

/// B-13 steps 1 and 2 (and B-14, which lays terrain and harbors out the same way): the 19
/// terrain hexes and the 9 harbor types are shuffled over their fixed positions.
#[test]
fn variable_and_random_layouts_shuffle_terrain_and_harbors() {
    let template = base_template();
    let mut terrain_counts: Vec<(Terrain, usize)> = vec![
        (Terrain::Forest, 4),
        (Terrain::Pasture, 4),
        (Terrain::Fields, 4),
        (Terrain::Hills, 3),
        (Terrain::Mountains, 3),
        (Terrain::Desert, 1),
    ];
    terrain_counts.sort_by_key(|(t, _)| t.name());
    let harbor_edges: BTreeSet<Edge> = HARBOR_EDGES.iter().map(|e| e.parse().unwrap()).collect();
    let mut harbor_kinds = vec![HarborKind::Generic; 4];
    harbor_kinds.extend(Resource::ALL.map(HarborKind::Special));
    harbor_kinds.sort();
    for layout in [Layout::Variable, Layout::Random] {
        let mut arrangements = BTreeSet::new();
        let mut harbor_arrangements = BTreeSet::new();
        for seed in 0..20 {
            let options = LayoutOptions {
                layout,
                ..Default::default()
            };
            let board = lay_out(template, &options, seed);
            let mut counts: Vec<(Terrain, usize)> = Vec::new();
            for (t, _) in &terrain_counts {
                let n = board.hexes.iter().filter(|h| h.terrain == *t).count();
                counts.push((*t, n));
            }
            assert_eq!(counts, terrain_counts, "{layout:?}, seed {seed}");
            let edges: BTreeSet<Edge> = board.harbors.iter().map(|h| h.edge).collect();
            assert_eq!(edges, harbor_edges, "{layout:?}, seed {seed}: harbor edges");
            let mut kinds: Vec<HarborKind> = board.harbors.iter().map(|h| h.kind).collect();
            kinds.sort();
            assert_eq!(kinds, harbor_kinds, "{layout:?}, seed {seed}: harbor types");
            arrangements.insert(
                board
                    .hexes
                    .iter()
                    .map(|h| h.terrain.name())
                    .collect::<Vec<_>>(),
            );
            harbor_arrangements.insert(
                board
                    .harbors
                    .iter()
                    .map(|h| h.kind.to_string())
                    .collect::<Vec<_>>(),
            );
        }
        assert!(
            arrangements.len() > 1,
            "{layout:?}: the terrain is shuffled"
        );
        assert!(
            harbor_arrangements.len() > 1,
            "{layout:?}: the harbor types are shuffled"
        );
    }
}

/// B-14 with `red_numbers_apart` on (the default, D-B-3): all 18 tokens on the 18 hexes
/// that are not the desert, and never two 6/8 side by side.
#[test]
fn the_random_layout_keeps_red_numbers_apart() {
    let template = base_template();
    let options = LayoutOptions {
        layout: Layout::Random,
        red_numbers_apart: true,
        ..Default::default()
    };
    assert!(LayoutOptions::default().red_numbers_apart, "on by default");
    for seed in 0..2000 {
        let board = lay_out(template, &options, seed);
        assert_eq!(number_at(&board, desert(&board)), None, "seed {seed}");
        assert_eq!(sorted_numbers(&board), all_tokens_sorted(), "seed {seed}");
        let touching = touching_red_numbers(&board);
        assert!(
            touching.is_empty(),
            "seed {seed}: 6/8 next to each other on {touching:?}"
        );
    }
}

/// D-B-3: the check is an option; without it the shuffle is free to put 6 and 8 together.
#[test]
fn the_random_layout_without_the_option_may_put_red_numbers_together() {
    let template = base_template();
    let options = LayoutOptions {
        layout: Layout::Random,
        red_numbers_apart: false,
        ..Default::default()
    };
    let together = (0..200)
        .map(|seed| lay_out(template, &options, seed))
        .filter(|board| {
            assert_eq!(sorted_numbers(board), all_tokens_sorted());
            !touching_red_numbers(board).is_empty()
        })
        .count();
    assert!(
        together > 0,
        "in 200 free shuffles no 6 or 8 ever touched another"
    );
}

/// B-15: the robber starts on the desert, wherever the layout put it.
#[test]
fn the_robber_starts_on_the_desert_in_every_layout() {
    let template = base_template();
    for layout in [Layout::Beginner, Layout::Variable, Layout::Random] {
        for seed in 0..50 {
            let options = LayoutOptions {
                layout,
                ..Default::default()
            };
            let board = lay_out(template, &options, seed);
            assert_eq!(
                board.robber,
                Some(desert(&board)),
                "{layout:?}, seed {seed}"
            );
        }
    }
}

/// B-10: 19 land hexes in rows of 3, 4, 5, 4, 3 (r0: q 1..3, r1: 0..3, r2: -1..3, r3: -1..2,
/// r4: -1..1), 54 corners and 72 edges, every one touching land.
#[test]
fn the_base_board_has_19_hexes_54_corners_and_72_edges() {
    let rows: [(i16, i16, i16); 5] = [(0, 1, 3), (1, 0, 3), (2, -1, 3), (3, -1, 2), (4, -1, 1)];
    let expected: BTreeSet<Hex> = rows
        .iter()
        .flat_map(|&(r, from, to)| (from..=to).map(move |q| Hex::new(q, r)))
        .collect();
    let options = LayoutOptions {
        layout: Layout::Beginner,
        ..Default::default()
    };
    let board = lay_out(base_template(), &options, 0);
    let hexes: BTreeSet<Hex> = board.hexes.iter().map(|h| h.hex).collect();
    assert_eq!(hexes, expected);
    assert!(board.hexes.iter().all(|h| h.terrain.is_land()));
    let topology = Topology::new(board);
    assert_eq!(topology.corner_count(), 54);
    assert_eq!(topology.edge_count(), 72);
    assert_eq!(topology.land_corners.len(), 54);
    assert_eq!(topology.road_edges.len(), 72);
    assert_eq!(topology.land_hexes.len(), 19);
}
