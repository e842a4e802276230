//! A board compiled once into dense ids, fixed adjacency tables and bitsets
//! (ARCHITECTURE.md, Geometry and topology). The game state holds only these ids, so the
//! rules never hash or search a graph while checking a move.

use crate::bits::Bits;
use crate::geometry::{Corner, Edge, Hex};
use crate::map::{Board, HarborKind};
use crate::resources::{Resource, Terrain};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The engine's limits on a map: the most hexes (listed positions), corners and edges.
pub const MAX_HEXES: usize = 128;
pub const MAX_CORNERS: usize = 192;
pub const MAX_EDGES: usize = 256;

pub type HexSet = Bits<2>;
pub type CornerSet = Bits<3>;
pub type EdgeSet = Bits<4>;

/// A listed position of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexId(pub u8);
/// A corner touching at least one listed position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CornerId(pub u16);
/// An edge of at least one listed position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeId(pub u16);

impl HexId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl CornerId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl EdgeId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

const NONE16: u16 = u16::MAX;
const NONE8: u8 = u8::MAX;

/// The positions of a board and how they touch: the same for every layout of a map, so it
/// is compiled once per board shape and shared.
#[derive(Debug)]
struct Shape {
    hexes: Vec<Hex>,
    corners: Vec<Corner>,
    edges: Vec<Edge>,
    hex_ids: HashMap<Hex, HexId>,
    corner_ids: HashMap<Corner, CornerId>,
    edge_ids: HashMap<Edge, EdgeId>,
    corner_hexes: Vec<[u8; 3]>,
    corner_neighbours: Vec<[u16; 3]>,
    corner_edges: Vec<[u16; 3]>,
    /// Each corner's edges on the map with the corner across each, in `corner_edges` order:
    /// a walk along edges reads both at once.
    corner_links: Vec<[(u16, u16); 3]>,
    corner_edge_sets: Vec<EdgeSet>,
    edge_corners: Vec<[CornerId; 2]>,
    edge_hexes: Vec<[u8; 2]>,
    hex_corners: Vec<[CornerId; 6]>,
    hex_corner_sets: Vec<CornerSet>,
    hex_edges: Vec<[EdgeId; 6]>,
    hex_edge_sets: Vec<EdgeSet>,
}

impl Shape {
    fn new(hexes: Vec<Hex>) -> Shape {
        assert!(hexes.len() <= MAX_HEXES, "checked by MapTemplate::check");
        let hex_ids: HashMap<Hex, HexId> = hexes
            .iter()
            .enumerate()
            .map(|(i, h)| (*h, HexId(i as u8)))
            .collect();
        let mut corners: Vec<Corner> = hexes.iter().flat_map(|h| h.corners()).collect();
        corners.sort_by_key(|c| (c.hex.r, c.hex.q, c.side));
        corners.dedup();
        let mut edges: Vec<Edge> = hexes.iter().flat_map(|h| h.edges()).collect();
        edges.sort_by_key(|e| (e.hex.r, e.hex.q, e.side));
        edges.dedup();
        assert!(corners.len() <= MAX_CORNERS && edges.len() <= MAX_EDGES);
        let corner_ids: HashMap<Corner, CornerId> = corners
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, CornerId(i as u16)))
            .collect();
        let edge_ids: HashMap<Edge, EdgeId> = edges
            .iter()
            .enumerate()
            .map(|(i, e)| (*e, EdgeId(i as u16)))
            .collect();
        let hex_id = |h: Hex| hex_ids.get(&h).map_or(NONE8, |id| id.0);
        let corner_id = |c: Corner| corner_ids.get(&c).map_or(NONE16, |id| id.0);
        let edge_id = |e: Edge| edge_ids.get(&e).map_or(NONE16, |id| id.0);
        let hex_corners: Vec<[CornerId; 6]> = hexes
            .iter()
            .map(|h| h.corners().map(|c| corner_ids[&c]))
            .collect();
        let edge_corners: Vec<[CornerId; 2]> = edges
            .iter()
            .map(|e| e.corners().map(|c| corner_ids[&c]))
            .collect();
        let corner_edges: Vec<[u16; 3]> = corners.iter().map(|c| c.edges().map(edge_id)).collect();
        let corner_links = corner_edges
            .iter()
            .enumerate()
            .map(|(i, edges)| {
                edges.map(|e| {
                    if e == NONE16 {
                        return (NONE16, NONE16);
                    }
                    let [x, y] = edge_corners[usize::from(e)];
                    (e, if x.index() == i { y.0 } else { x.0 })
                })
            })
            .collect();
        Shape {
            corner_hexes: corners.iter().map(|c| c.hexes().map(hex_id)).collect(),
            corner_neighbours: corners
                .iter()
                .map(|c| c.neighbours().map(corner_id))
                .collect(),
            corner_edges,
            corner_links,
            corner_edge_sets: corners
                .iter()
                .map(|c| {
                    c.edges()
                        .iter()
                        .filter_map(|e| edge_ids.get(e).map(|id| id.index()))
                        .collect()
                })
                .collect(),
            edge_corners,
            edge_hexes: edges.iter().map(|e| e.hexes().map(hex_id)).collect(),
            hex_corner_sets: hex_corners
                .iter()
                .map(|cs| cs.iter().map(|c| c.index()).collect())
                .collect(),
            hex_corners,
            hex_edge_sets: hexes
                .iter()
                .map(|h| h.edges().iter().map(|e| edge_ids[e].index()).collect())
                .collect(),
            hex_edges: hexes
                .iter()
                .map(|h| h.edges().map(|e| edge_ids[&e]))
                .collect(),
            hexes,
            corners,
            edges,
            hex_ids,
            corner_ids,
            edge_ids,
        }
    }

    /// The shape of these hexes, compiled once and shared by every game on it.
    fn shared(hexes: Vec<Hex>) -> Arc<Shape> {
        static SHAPES: Mutex<Vec<Arc<Shape>>> = Mutex::new(Vec::new());
        let mut shapes = SHAPES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(shape) = shapes.iter().find(|s| s.hexes == hexes) {
            return Arc::clone(shape);
        }
        let shape = Arc::new(Shape::new(hexes));
        // A server may see many custom maps: keep the cache small.
        if shapes.len() >= 64 {
            shapes.remove(0);
        }
        shapes.push(Arc::clone(&shape));
        shape
    }
}

#[derive(Clone, Debug)]
pub struct Topology {
    pub board: Board,
    shape: Arc<Shape>,
    terrain: Vec<Terrain>,
    number: Vec<Option<u8>>,
    /// Corners touching land: where settlements may stand (B-18).
    pub land_corners: CornerSet,
    /// Edges touching land: where roads may stand (B-18, S-3).
    pub road_edges: EdgeSet,
    /// Edges touching sea or the frame: where ships may stand (S-3, SC3-7).
    pub ship_edges: EdgeSet,
    /// The corners of `ship_edges`: the only ones from which a ship may set out.
    pub ship_corners: CornerSet,
    /// Land hexes: where the robber may stand.
    pub land_hexes: HexSet,
    /// Sea hexes: where the pirate may stand (S-14.2).
    pub sea_hexes: HexSet,
    /// Unexplored hexes (SC3).
    pub fog_hexes: HexSet,
    /// For each dice total, the hexes carrying that number.
    pub hexes_by_number: [HexSet; 13],
    /// Each corner's harbor bits (`HarborKind::bit`), 0 when it has none.
    corner_harbor: Vec<u8>,
    /// The corners with a harbor.
    harbor_corners: CornerSet,
}

impl Topology {
    /// Compiles a board. The board has been checked (`MapTemplate::check`), so its sizes are
    /// within the engine's limits.
    pub fn new(board: Board) -> Topology {
        let shape = Shape::shared(board.hexes.iter().map(|h| h.hex).collect());
        let mut corner_harbor = vec![0u8; shape.corners.len()];
        for h in &board.harbors {
            for c in h.edge.corners() {
                if let Some(id) = shape.corner_ids.get(&c) {
                    corner_harbor[id.index()] |= h.kind.bit();
                }
            }
        }
        let mut topology = Topology {
            terrain: board.hexes.iter().map(|h| h.terrain).collect(),
            number: board.hexes.iter().map(|h| h.number).collect(),
            board,
            shape,
            land_corners: CornerSet::new(),
            road_edges: EdgeSet::new(),
            ship_edges: EdgeSet::new(),
            ship_corners: CornerSet::new(),
            land_hexes: HexSet::new(),
            sea_hexes: HexSet::new(),
            fog_hexes: HexSet::new(),
            hexes_by_number: [HexSet::new(); 13],
            harbor_corners: (0..corner_harbor.len())
                .filter(|&c| corner_harbor[c] != 0)
                .collect(),
            corner_harbor,
        };
        topology.classify();
        topology
    }

    /// Works out which hexes, corners and edges are land, sea or fog, from the terrain.
    fn classify(&mut self) {
        let terrain = &self.terrain;
        self.land_corners = CornerSet::new();
        for (i, hs) in self.shape.corner_hexes.iter().enumerate() {
            if touches_land(terrain, hs) {
                self.land_corners.insert(i);
            }
        }
        self.road_edges = EdgeSet::new();
        self.ship_edges = EdgeSet::new();
        for (i, hs) in self.shape.edge_hexes.iter().enumerate() {
            if touches_land(terrain, hs) {
                self.road_edges.insert(i);
            }
            if touches_sea(terrain, hs) {
                self.ship_edges.insert(i);
            }
        }
        self.ship_corners = CornerSet::new();
        for e in self.ship_edges.iter() {
            for c in self.shape.edge_corners[e] {
                self.ship_corners.insert(c.index());
            }
        }
        self.land_hexes = HexSet::new();
        self.sea_hexes = HexSet::new();
        self.fog_hexes = HexSet::new();
        self.hexes_by_number = [HexSet::new(); 13];
        for (i, t) in terrain.iter().enumerate() {
            match t {
                Terrain::Sea => self.sea_hexes.insert(i),
                Terrain::Fog => self.fog_hexes.insert(i),
                _ => self.land_hexes.insert(i),
            }
            if let Some(n) = self.number[i] {
                self.hexes_by_number[n as usize].insert(i);
            }
        }
    }

    /// A fog hex turns out to be `terrain` with `number` (SC3-6).
    pub fn reveal(&mut self, hex: HexId, terrain: Terrain, number: Option<u8>) {
        self.terrain[hex.index()] = terrain;
        self.number[hex.index()] = number;
        let h = &mut self.board.hexes[hex.index()];
        h.terrain = terrain;
        h.number = number;
        // Only the hex and what touches it change: its corners, its edges, and for ship
        // corners the edges at those corners.
        let i = hex.index();
        let t = &self.terrain;
        for &e in &self.shape.hex_edges[i] {
            let hs = &self.shape.edge_hexes[e.index()];
            set_member(&mut self.road_edges, e.index(), touches_land(t, hs));
            set_member(&mut self.ship_edges, e.index(), touches_sea(t, hs));
        }
        for &c in &self.shape.hex_corners[i] {
            let hs = &self.shape.corner_hexes[c.index()];
            set_member(&mut self.land_corners, c.index(), touches_land(t, hs));
            let ship = self.shape.corner_edges[c.index()]
                .iter()
                .any(|&e| e != NONE16 && self.ship_edges.contains(e as usize));
            set_member(&mut self.ship_corners, c.index(), ship);
        }
        self.sea_hexes.remove(i);
        self.fog_hexes.remove(i);
        self.land_hexes.remove(i);
        match terrain {
            Terrain::Sea => self.sea_hexes.insert(i),
            Terrain::Fog => self.fog_hexes.insert(i),
            _ => self.land_hexes.insert(i),
        }
        for set in &mut self.hexes_by_number {
            set.remove(i);
        }
        if let Some(n) = number {
            self.hexes_by_number[n as usize].insert(i);
        }
        #[cfg(debug_assertions)]
        {
            let mut whole = self.clone();
            whole.classify();
            assert!(
                whole.land_corners == self.land_corners
                    && whole.road_edges == self.road_edges
                    && whole.ship_edges == self.ship_edges
                    && whole.ship_corners == self.ship_corners
                    && whole.land_hexes == self.land_hexes
                    && whole.sea_hexes == self.sea_hexes
                    && whole.fog_hexes == self.fog_hexes
                    && whole.hexes_by_number == self.hexes_by_number,
                "revealing a hex classifies the board as a whole would"
            );
        }
    }

    /// A harbor placed in play on `edge` (the Forgotten Tribe's gifts, SC5-7): part of the
    /// board from now on, for trade and for every view.
    pub fn add_harbor(&mut self, edge: EdgeId, kind: HarborKind) {
        for c in self.edge_corners(edge) {
            self.corner_harbor[c.index()] |= kind.bit();
            self.harbor_corners.insert(c.index());
        }
        let edge = self.edge(edge);
        self.board.harbors.push(crate::map::Harbor { edge, kind });
    }

    /// The land hexes joined side to side: the islands of the board (SC9-2).
    pub fn islands(&self) -> Vec<HexSet> {
        let mut islands: Vec<HexSet> = Vec::new();
        let mut seen = HexSet::new();
        for start in self.land_hexes.iter() {
            if seen.contains(start) {
                continue;
            }
            let mut island = HexSet::new();
            let mut stack = vec![start];
            seen.insert(start);
            while let Some(h) = stack.pop() {
                island.insert(h);
                for n in self.hex(HexId(h as u8)).neighbours() {
                    if let Some(id) = self.hex_id(n)
                        && self.land_hexes.contains(id.index())
                        && !seen.contains(id.index())
                    {
                        seen.insert(id.index());
                        stack.push(id.index());
                    }
                }
            }
            islands.push(island);
        }
        islands
    }

    /// Where this board's shape lives: two topologies with the same address share it, while
    /// a `ShapeHandle` to it is held.
    #[inline]
    pub(crate) fn shape_address(&self) -> usize {
        Arc::as_ptr(&self.shape) as usize
    }

    /// Keeps this board's shape, and so its address, alive.
    pub(crate) fn shape_handle(&self) -> ShapeHandle {
        ShapeHandle(Arc::clone(&self.shape))
    }

    /// The edges at any of these corners.
    #[inline]
    pub fn edges_at(&self, corners: &CornerSet) -> EdgeSet {
        let mut out = EdgeSet::new();
        corners.for_each(|c| out |= self.shape.corner_edge_sets[c]);
        out
    }

    /// The corners touching any of these hexes.
    pub fn corners_of(&self, hexes: &HexSet) -> CornerSet {
        let mut out = CornerSet::new();
        for h in hexes.iter() {
            out |= self.shape.hex_corner_sets[h];
        }
        out
    }

    pub fn hex_count(&self) -> usize {
        self.shape.hexes.len()
    }
    pub fn corner_count(&self) -> usize {
        self.shape.corners.len()
    }
    pub fn edge_count(&self) -> usize {
        self.shape.edges.len()
    }

    pub fn hex_id(&self, hex: Hex) -> Option<HexId> {
        self.shape.hex_ids.get(&hex).copied()
    }
    pub fn corner_id(&self, corner: Corner) -> Option<CornerId> {
        self.shape.corner_ids.get(&corner).copied()
    }
    pub fn edge_id(&self, edge: Edge) -> Option<EdgeId> {
        self.shape.edge_ids.get(&edge).copied()
    }

    #[inline]
    pub fn hex(&self, id: HexId) -> Hex {
        self.shape.hexes[id.index()]
    }
    #[inline]
    pub fn corner(&self, id: CornerId) -> Corner {
        self.shape.corners[id.index()]
    }
    #[inline]
    pub fn edge(&self, id: EdgeId) -> Edge {
        self.shape.edges[id.index()]
    }
    #[inline]
    pub fn terrain(&self, id: HexId) -> Terrain {
        self.terrain[id.index()]
    }
    #[inline]
    pub fn number(&self, id: HexId) -> Option<u8> {
        self.number[id.index()]
    }
    /// The resource a hex produces, if it produces one.
    #[inline]
    pub fn resource(&self, id: HexId) -> Option<Resource> {
        self.terrain(id).resource()
    }

    /// The listed hexes at a corner (one to three).
    #[inline]
    pub fn corner_hexes(&self, c: CornerId) -> impl Iterator<Item = HexId> + '_ {
        self.shape.corner_hexes[c.index()]
            .iter()
            .filter(|&&h| h != NONE8)
            .map(|&h| HexId(h))
    }
    /// A corner's hexes as ids, `u8::MAX` where a hex is off the map: for tables with a slot
    /// for every `u8`, which then need no test for the frame.
    #[inline]
    pub(crate) fn corner_hex_slots(&self, c: CornerId) -> [u8; 3] {
        self.shape.corner_hexes[c.index()]
    }
    /// An edge's hexes as ids, `u8::MAX` where a hex is off the map (`corner_hex_slots`).
    #[inline]
    pub(crate) fn edge_hex_slots(&self, e: EdgeId) -> [u8; 2] {
        self.shape.edge_hexes[e.index()]
    }
    /// The corners one edge away that are on the map.
    #[inline]
    pub fn corner_neighbours(&self, c: CornerId) -> impl Iterator<Item = CornerId> + '_ {
        self.shape.corner_neighbours[c.index()]
            .iter()
            .filter(|&&x| x != NONE16)
            .map(|&x| CornerId(x))
    }
    /// The edges at a corner that are on the map, each with the corner at its other end, in
    /// the order of `corner_edges`.
    #[inline]
    pub fn corner_links(&self, c: CornerId) -> impl Iterator<Item = (EdgeId, CornerId)> + '_ {
        self.shape.corner_links[c.index()]
            .iter()
            .filter(|&&(e, _)| e != NONE16)
            .map(|&(e, other)| (EdgeId(e), CornerId(other)))
    }
    /// The edges at a corner that are on the map.
    #[inline]
    pub fn corner_edges(&self, c: CornerId) -> impl Iterator<Item = EdgeId> + '_ {
        self.shape.corner_edges[c.index()]
            .iter()
            .filter(|&&x| x != NONE16)
            .map(|&x| EdgeId(x))
    }
    #[inline]
    pub fn edge_corners(&self, e: EdgeId) -> [CornerId; 2] {
        self.shape.edge_corners[e.index()]
    }
    /// The listed hexes on either side of an edge (one or two).
    #[inline]
    pub fn edge_hexes(&self, e: EdgeId) -> impl Iterator<Item = HexId> + '_ {
        self.shape.edge_hexes[e.index()]
            .iter()
            .filter(|&&h| h != NONE8)
            .map(|&h| HexId(h))
    }
    #[inline]
    pub fn hex_corners(&self, h: HexId) -> &[CornerId; 6] {
        &self.shape.hex_corners[h.index()]
    }
    /// The six corners of a hex as a set.
    #[inline]
    pub fn hex_corner_set(&self, h: HexId) -> &CornerSet {
        &self.shape.hex_corner_sets[h.index()]
    }
    /// The six edges of a hex as a set.
    #[inline]
    pub fn hex_edge_set(&self, h: HexId) -> &EdgeSet {
        &self.shape.hex_edge_sets[h.index()]
    }
    #[inline]
    pub fn hex_edges(&self, h: HexId) -> &[EdgeId; 6] {
        &self.shape.hex_edges[h.index()]
    }
    /// The harbor bits of a corner (`HarborKind::bit`), 0 when none.
    #[inline]
    pub fn corner_harbor(&self, c: CornerId) -> u8 {
        self.corner_harbor[c.index()]
    }
    /// The corners with a harbor.
    #[inline]
    pub fn harbor_corners(&self) -> &CornerSet {
        &self.harbor_corners
    }
    /// The harbor at a corner, if any (for messages and views).
    pub fn harbor_at(&self, c: CornerId) -> Option<HarborKind> {
        let corner = self.corner(c);
        self.board
            .harbors
            .iter()
            .find(|h| h.edge.corners().contains(&corner))
            .map(|h| h.kind)
    }

    /// Every hex id.
    pub fn hex_ids(&self) -> impl Iterator<Item = HexId> + use<> {
        (0..self.hex_count()).map(|i| HexId(i as u8))
    }
    pub fn corner_ids(&self) -> impl Iterator<Item = CornerId> + use<> {
        (0..self.corner_count()).map(|i| CornerId(i as u16))
    }
    pub fn edge_ids(&self) -> impl Iterator<Item = EdgeId> + use<> {
        (0..self.edge_count()).map(|i| EdgeId(i as u16))
    }

    /// The edge between two neighbouring corners, if both are on the map.
    pub fn edge_between(&self, a: CornerId, b: CornerId) -> Option<EdgeId> {
        self.corner_edges(a)
            .find(|&e| self.edge_corners(e).contains(&b))
    }
}

/// A board's shape, held so that its address stays its own (`Topology::shape_address`).
#[derive(Clone)]
pub(crate) struct ShapeHandle(Arc<Shape>);

impl ShapeHandle {
    /// The address of the shape held (`Topology::shape_address`).
    pub(crate) fn address(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }
}

impl std::fmt::Debug for ShapeHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ShapeHandle({:p})", Arc::as_ptr(&self.0))
    }
}

/// Whether any of `hexes` (ids, `NONE8` for the frame) is land.
fn touches_land(terrain: &[Terrain], hexes: &[u8]) -> bool {
    hexes
        .iter()
        .any(|&h| h != NONE8 && terrain[h as usize].is_land())
}

/// Whether any of `hexes` is sea; the frame counts as sea for edges (S-2, D-S-8).
fn touches_sea(terrain: &[Terrain], hexes: &[u8]) -> bool {
    hexes
        .iter()
        .any(|&h| h == NONE8 || terrain[h as usize] == Terrain::Sea)
}

/// Puts `i` in `set` when `member`, takes it out otherwise.
fn set_member<const W: usize>(set: &mut crate::bits::Bits<W>, i: usize, member: bool) {
    if member {
        set.insert(i);
    } else {
        set.remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Layout, LayoutOptions, MapFile, MapTemplate};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    pub(crate) fn base_topology() -> Topology {
        let file = MapFile::from_json(crate::map::builtin::text("base").unwrap()).unwrap();
        let template = MapTemplate::check(&file).unwrap();
        let options = LayoutOptions {
            layout: Layout::Beginner,
            ..Default::default()
        };
        Topology::new(
            template
                .realise(&options, &mut ChaCha8Rng::seed_from_u64(0))
                .unwrap(),
        )
    }

    #[test]
    fn base_board_has_54_corners_and_72_edges() {
        // B-10: every corner and edge touches at least one land hex.
        let t = base_topology();
        assert_eq!(t.hex_count(), 19);
        assert_eq!(t.corner_count(), 54);
        assert_eq!(t.edge_count(), 72);
        assert_eq!(t.land_corners.len(), 54);
        assert_eq!(t.road_edges.len(), 72);
    }

    #[test]
    fn adjacency_is_symmetric() {
        let t = base_topology();
        for c in t.corner_ids() {
            for n in t.corner_neighbours(c) {
                assert!(t.corner_neighbours(n).any(|x| x == c));
                assert!(t.edge_between(c, n).is_some());
            }
            for e in t.corner_edges(c) {
                assert!(t.edge_corners(e).contains(&c));
            }
        }
    }

    /// A corner's links are its edges, in their order, each with the corner at its other end.
    #[test]
    fn a_corners_links_are_its_edges_with_their_far_corners() {
        for name in [
            "base",
            "barbarian-attack",
            "four-islands-4",
            "fog-islands-3",
        ] {
            let template = crate::map::builtin::template(name).unwrap().unwrap();
            let t = Topology::new(
                template
                    .realise(&LayoutOptions::default(), &mut ChaCha8Rng::seed_from_u64(0))
                    .unwrap(),
            );
            for c in t.corner_ids() {
                let links: Vec<(EdgeId, CornerId)> = t.corner_links(c).collect();
                let edges: Vec<EdgeId> = t.corner_edges(c).collect();
                assert_eq!(links.iter().map(|l| l.0).collect::<Vec<_>>(), edges);
                for (e, far) in links {
                    let [x, y] = t.edge_corners(e);
                    assert_eq!(far, if x == c { y } else { x });
                    assert_ne!(far, c);
                }
            }
        }
    }

    #[test]
    fn harbor_corners_follow_the_map() {
        let t = base_topology();
        let c = t.corner_id("2,0,N".parse().unwrap()).unwrap();
        assert_eq!(t.harbor_at(c), Some(HarborKind::Special(Resource::Grain)));
        let inland = t.corner_id("1,2,N".parse().unwrap()).unwrap();
        assert_eq!(t.corner_harbor(inland), 0);
    }
}
