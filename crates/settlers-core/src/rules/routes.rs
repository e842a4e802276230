//! Longest Road and the longest trade route: the length of a player's longest trail
//! (base.md B-37, D-G-4.6; seafarers.md S-16, S-9, D-S-11).

use crate::event::EventSink;
use crate::game::Game;
use crate::rules::awards::LONGEST_ROAD_MINIMUM;
use crate::state::{RouteLength, Seat};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, MAX_CORNERS, Topology};

/// The most edges a trail search handles: every road and ship a player owns.
const MOST_PIECES: usize = 32;
/// Each piece brings at most two corners.
const MOST_CORNERS: usize = 2 * MOST_PIECES;

/// A player's pieces as a small graph. A corner holding an opponent's building is split
/// into one dead end per piece touching it, so that no trail passes through it while any
/// trail may end there (B-37, D-G-4.6). Roads and ships meet only at the player's own
/// buildings (S-9): elsewhere a corner is one corner for its roads and another for its ships.
struct Network {
    /// For each local corner, up to 3 (piece, other local corner).
    links: [[(u8, u8); 3]; MOST_CORNERS],
    degree: [u8; MOST_CORNERS],
    corners: usize,
    /// The board edge of each piece.
    edges: [EdgeId; MOST_PIECES],
}

/// A longest trail: how long it is, and its end pieces (one piece twice for a trail of one).
/// A piece hanging loose from the rest, at a corner where nothing goes on from it, can be on
/// a trail only at an end of it: when it is neither end it is not on this trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trail {
    pub length: u8,
    pub ends: [EdgeId; 2],
}

/// A trail found by the search, as local pieces.
#[derive(Clone, Copy)]
struct Found {
    length: u32,
    ends: [u8; 2],
}

impl Found {
    /// No trail: nothing found yet.
    const NONE: Found = Found {
        length: 0,
        ends: [0; 2],
    };

    /// Takes `length` with its `ends` when it is longer.
    #[inline]
    fn beat(&mut self, length: u32, ends: [u8; 2]) {
        if length > self.length {
            *self = Found { length, ends };
        }
    }
}

impl Network {
    #[inline]
    fn new(t: &Topology, pieces: &Pieces) -> Network {
        let mut net = Network {
            links: [[(0, 0); 3]; MOST_CORNERS],
            degree: [0; MOST_CORNERS],
            corners: 0,
            edges: [EdgeId(0); MOST_PIECES],
        };
        // The local corner of each board corner, for roads and for ships.
        let mut local = [[u8::MAX; MAX_CORNERS]; 2];
        // A plain loop over the words of the sets: this runs after every ship move, and an
        // iterator chain with a closure per corner cost more than the work it did.
        let mut piece = 0;
        for (kind, set) in [(0, &pieces.roads), (1, &pieces.ships)] {
            set.for_each(|e| {
                if piece == MOST_PIECES {
                    return;
                }
                let edge = EdgeId(e as u16);
                net.edges[piece] = edge;
                let [a, b] = t.edge_corners(edge);
                let a = net.local_corner(&mut local, pieces, kind, a.index());
                let b = net.local_corner(&mut local, pieces, kind, b.index());
                net.link(a, piece as u8, b);
                net.link(b, piece as u8, a);
                piece += 1;
            });
        }
        net
    }

    /// The local corner of board corner `c` for a piece of `kind` (0 road, 1 ship): a
    /// corner of its own for each piece at an opponent's building, one for roads and ships
    /// together at the player's own.
    #[inline]
    fn local_corner(
        &mut self,
        local: &mut [[u8; MAX_CORNERS]; 2],
        pieces: &Pieces,
        kind: usize,
        c: usize,
    ) -> usize {
        let fresh = self.corners;
        if pieces.blocked.contains(c) {
            self.corners += 1;
            return fresh;
        }
        let kind = if pieces.own.contains(c) { 0 } else { kind };
        let slot = &mut local[kind][c];
        if *slot == u8::MAX {
            *slot = fresh as u8;
            self.corners += 1;
        }
        *slot as usize
    }

    #[inline]
    fn link(&mut self, from: usize, piece: u8, to: usize) {
        let d = &mut self.degree[from];
        self.links[from][*d as usize] = (piece, to as u8);
        *d += 1;
    }

    #[inline]
    fn links(&self, c: usize) -> &[(u8, u8)] {
        &self.links[c][..self.degree[c] as usize]
    }

    /// The longest trail over the network.
    ///
    /// The trees are taken off first, leaf by leaf: the components without a cycle, and the
    /// trees hanging off cycles. A trail that enters a hanging tree never comes back, so each
    /// counts as its longest path down, one more piece at the corner it hangs from; a trail
    /// within a tree is measured as the tree is taken off. What is left are cycles.
    fn longest(&self) -> Found {
        // Pieces each corner keeps as the trees are taken off, the longest path down from it
        // into what was taken, the corner that path leaves it by, and its first and last
        // pieces.
        let mut degree = self.degree;
        let mut down = Down {
            length: [0; MOST_CORNERS],
            below: [0; MOST_CORNERS],
            first: [0; MOST_CORNERS],
            tip: [0; MOST_CORNERS],
        };
        let mut taken = 0u32;
        let mut best = Found::NONE;
        let mut leaves = [0u8; MOST_CORNERS];
        let mut top = 0;
        for c in (0..self.corners).filter(|&c| degree[c] == 1) {
            leaves[top] = c as u8;
            top += 1;
        }
        while top > 0 {
            top -= 1;
            let leaf = leaves[top] as usize;
            // The last corner of a tree has nothing left to take.
            let Some(&(piece, up)) = self.links(leaf).iter().find(|(p, _)| taken >> p & 1 == 0)
            else {
                continue;
            };
            taken |= 1 << piece;
            degree[leaf] = 0;
            let up = up as usize;
            let length = down.length[leaf] + 1;
            let tip = down.tip_or(leaf, piece);
            best.beat(
                u32::from(down.length[up] + length),
                [tip, down.tip_or(up, piece)],
            );
            if length > down.length[up] {
                down.length[up] = length;
                down.below[up] = leaf as u8;
                down.first[up] = piece;
                down.tip[up] = tip;
            }
            degree[up] -= 1;
            if degree[up] == 1 {
                leaves[top] = up as u8;
                top += 1;
            }
        }
        let mut seen = 0u64;
        for start in 0..self.corners {
            if degree[start] == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let members = self.reached(start, taken);
            seen |= members;
            let ring = (0..self.corners).all(|c| members >> c & 1 == 0 || degree[c] == 2);
            let found = if ring {
                self.around_ring(start, taken, &down)
            } else {
                self.longest_in(members, taken, &degree, &down, best.length)
            };
            best.beat(found.length, found.ends);
        }
        best
    }

    /// The corners reached from `start` over pieces not `taken`.
    fn reached(&self, start: usize, taken: u32) -> u64 {
        let mut members = 1u64 << start;
        let mut stack = [0u8; MOST_CORNERS];
        stack[0] = start as u8;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            for &(p, next) in self.links(stack[top] as usize) {
                if taken >> p & 1 == 0 && members >> next & 1 == 0 {
                    members |= 1 << next;
                    stack[top] = next;
                    top += 1;
                }
            }
        }
        members
    }

    /// The longest trail over the cycles of one component, the corners `members` (with the
    /// pieces `taken` off as trees, and what is left of them in `degree` and `down`), when
    /// it can be longer than `best`; none (0 long) when it cannot. A longest trail can be
    /// taken to start where it cannot be extended backwards: at a corner of odd degree.
    ///
    /// The search runs over "stretches": the runs of pieces through corners with exactly two
    /// pieces, which a trail that enters one must follow to its end. Between corners of one
    /// or three pieces there are few of them.
    fn longest_in(
        &self,
        members: u64,
        taken: u32,
        degree: &[u8; MOST_CORNERS],
        down: &Down,
        best: u32,
    ) -> Found {
        // Each corner with its tree as one more piece.
        let kept = |c: usize| degree[c] + u8::from(down.length[c] > 0);
        let mut stretches = Stretches::default();
        let mut consumed = taken;
        let mut odd_corners = 0u64;
        let mut total = 0u32;
        for c in (0..self.corners).filter(|&c| members >> c & 1 == 1) {
            if kept(c) == 2 {
                continue;
            }
            odd_corners |= 1 << c;
            if down.length[c] > 0 {
                let below = down.below[c];
                let pieces = [down.first[c], down.tip[c]];
                stretches.add([c as u8, below], pieces, down.length[c]);
                odd_corners |= 1 << below;
                total += u32::from(down.length[c]);
            }
            for &(piece, next) in self.links(c) {
                if consumed >> piece & 1 == 1 {
                    continue;
                }
                consumed |= 1 << piece;
                let (mut at, mut length) = (next as usize, 1);
                let mut came = piece;
                while kept(at) == 2 {
                    let &(p, n) = self
                        .links(at)
                        .iter()
                        .find(|(p, _)| *p != came)
                        .expect("a corner with two pieces");
                    consumed |= 1 << p;
                    came = p;
                    at = n as usize;
                    length += 1;
                }
                // A ring through one corner of three pieces is one stretch seen from both
                // ends of it: list it once.
                if at == c {
                    consumed |= 1 << came;
                }
                stretches.add([c as u8, at as u8], [piece, came], length as u8);
                total += length;
            }
        }
        // No trail is longer than the pieces less one for every two odd corners beyond the
        // two it may end at: each piece left out mends the parity of two corners at most.
        let odd = odd_corners.count_ones();
        let most = total - odd.saturating_sub(2) / 2;
        if most <= best {
            return Found::NONE;
        }
        // A longest trail has two ends, both odd corners: it is found from whichever of
        // them is searched first. So the last one need not be searched, and after a dead
        // end is searched no later search goes into it (its stretch counts as used). The
        // dead ends go first.
        let mut starts = [0u8; MOST_CORNERS];
        let mut count = 0;
        let dead_ends = (0..self.corners).filter(|&c| stretches.degree[c] == 1);
        let forks = (0..self.corners).filter(|&c| stretches.degree[c] == 3);
        for c in dead_ends
            .chain(forks)
            .filter(|&c| odd_corners >> c & 1 == 1)
        {
            starts[count] = c as u8;
            count += 1;
        }
        debug_assert!(count % 2 == 0, "a graph has an even number of odd corners");
        // Searches start from what the trees already gave: only a longer trail matters.
        let mut search = TrailSearch {
            best: Found {
                length: best,
                ..Found::NONE
            },
            most,
            unused: total,
        };
        let mut ended = 0u32;
        for &c in &starts[..count.saturating_sub(1)] {
            stretches.walk(c, ended, [0; 2], 0, &mut search);
            if search.best.length >= most {
                break;
            }
            let c = c as usize;
            if stretches.degree[c] == 1 {
                let dead_end = stretches.ends[c] & !ended;
                search.unused -= stretches.length_of(dead_end);
                ended |= dead_end;
            }
        }
        if search.best.length > best {
            search.best
        } else {
            Found::NONE
        }
    }

    /// The longest trail over one ring and the trees hanging off it (as lengths `down` at
    /// their corners): from a tree round the ring, whole and back to its own corner, or part
    /// of the way, either way, into another tree.
    fn around_ring(&self, start: usize, taken: u32, down: &Down) -> Found {
        // Where the trees hang, as steps round the ring from `start`, how long they are and
        // their last pieces; and the ring's pieces in order.
        let mut trees = [(0u32, 0u32, 0u8); MOST_CORNERS];
        let mut count = 0;
        let mut round = [0u8; MOST_PIECES];
        let (mut at, mut came, mut ring) = (start, u8::MAX, 0u32);
        loop {
            if down.length[at] > 0 {
                trees[count] = (ring, u32::from(down.length[at]), down.tip[at]);
                count += 1;
            }
            let &(p, next) = self
                .links(at)
                .iter()
                .find(|(p, _)| taken >> p & 1 == 0 && *p != came)
                .expect("a corner of the ring has two pieces on it");
            round[ring as usize] = p;
            came = p;
            at = next as usize;
            ring += 1;
            if at == start {
                break;
            }
        }
        let trees = &trees[..count];
        let mut best = Found {
            length: ring,
            ends: [round[0], round[ring as usize - 1]],
        };
        for (i, &(from, first, tip)) in trees.iter().enumerate() {
            // Round the whole ring from the tree's corner, back into it by the piece before.
            let back = round[((from + ring - 1) % ring) as usize];
            best.beat(first + ring, [tip, back]);
            for &(to, second, other) in &trees[i + 1..] {
                let part = to - from;
                best.beat(first + second + part.max(ring - part), [tip, other]);
            }
        }
        best
    }
}

/// The stretches of a component: runs of pieces between corners that do not have exactly
/// two pieces, each with its length, listed at both its ends.
struct Stretches {
    /// For each corner: the stretches ending there, one bit each.
    ends: [u32; MOST_CORNERS],
    /// For each corner: how many stretch ends it has (a ring from a corner back to it
    /// counts twice).
    degree: [u8; MOST_CORNERS],
    /// For each stretch: its two end corners together, so that either gives the other.
    across: [u8; MOST_PIECES],
    length: [u8; MOST_PIECES],
    /// For each stretch: one of its end corners, and its pieces at that end and the other.
    first_corner: [u8; MOST_PIECES],
    end_pieces: [[u8; 2]; MOST_PIECES],
    count: usize,
}

impl Default for Stretches {
    fn default() -> Self {
        Stretches {
            ends: [0; MOST_CORNERS],
            degree: [0; MOST_CORNERS],
            across: [0; MOST_PIECES],
            length: [0; MOST_PIECES],
            first_corner: [0; MOST_PIECES],
            end_pieces: [[0; 2]; MOST_PIECES],
            count: 0,
        }
    }
}

impl Stretches {
    /// A stretch from corner `a` to corner `b`, leaving `a` by piece `pieces[0]` and coming
    /// into `b` by `pieces[1]`.
    fn add(&mut self, [a, b]: [u8; 2], pieces: [u8; 2], length: u8) {
        let i = self.count;
        self.length[i] = length;
        self.across[i] = a ^ b;
        self.first_corner[i] = a;
        self.end_pieces[i] = pieces;
        self.count += 1;
        for end in [a, b] {
            self.ends[end as usize] |= 1 << i;
            self.degree[end as usize] += 1;
        }
    }

    /// The piece of stretch `i` at its end corner `at`. A stretch from a corner back to it
    /// has both its end pieces there and gives the first: its pieces pass through corners of
    /// two pieces, so neither hangs loose, and the ends are kept only to tell loose pieces
    /// off the trail (`Trail`).
    #[inline]
    fn piece_at(&self, i: usize, at: u8) -> u8 {
        self.end_pieces[i][usize::from(at != self.first_corner[i])]
    }

    /// The total length of the stretches in `set`.
    fn length_of(&self, set: u32) -> u32 {
        let mut total = 0;
        let mut rest = set;
        while rest != 0 {
            total += u32::from(self.length[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        total
    }

    /// Follows every trail leaving corner `at` over stretches not yet `used`, `length` long
    /// so far with end pieces `ends`, raising `search.best`. A trail goes no further than the
    /// stretches not yet used, so a search that cannot beat the best is cut short.
    fn walk(&self, at: u8, used: u32, ends: [u8; 2], length: u32, search: &mut TrailSearch) {
        search.best.beat(length, ends);
        let mut open = self.ends[at as usize] & !used;
        while open != 0
            && length + search.unused > search.best.length
            && search.best.length < search.most
        {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let piece = u32::from(self.length[i]);
            let next = at ^ self.across[i];
            let first = if length == 0 {
                self.piece_at(i, at)
            } else {
                ends[0]
            };
            search.unused -= piece;
            self.walk(
                next,
                used | 1 << i,
                [first, self.piece_at(i, next)],
                length + piece,
                search,
            );
            search.unused += piece;
        }
    }
}

/// The longest paths down into the trees taken off, at each corner they hang from: how long,
/// the corner next along, and the first and last pieces.
struct Down {
    length: [u8; MOST_CORNERS],
    below: [u8; MOST_CORNERS],
    first: [u8; MOST_CORNERS],
    tip: [u8; MOST_CORNERS],
}

impl Down {
    /// The last piece of the path down from `c`, or `piece` when there is none.
    #[inline]
    fn tip_or(&self, c: usize, piece: u8) -> u8 {
        if self.length[c] > 0 {
            self.tip[c]
        } else {
            piece
        }
    }
}

/// The state of one search for the longest trail over stretches.
struct TrailSearch {
    /// The longest trail found so far.
    best: Found,
    /// No trail is longer than this (`Network::longest_in`).
    most: u32,
    /// The total length of the stretches the trail being followed has not used.
    unused: u32,
}

/// A player's roads and ships, with the corners that matter to a trail through them.
#[derive(Clone, Copy, Debug)]
pub struct Pieces {
    pub roads: EdgeSet,
    pub ships: EdgeSet,
    /// The player's own buildings: where roads and ships join.
    pub own: CornerSet,
    /// Opponents' buildings: no trail passes through them.
    pub blocked: CornerSet,
}

/// The longest trail through `pieces`: no piece twice, corners may repeat, no passing
/// through an opponent's building (though a trail may start or end there), and no step
/// between a road and a ship but at the player's own building.
pub fn longest_route(t: &Topology, pieces: &Pieces) -> u8 {
    longest_route_trail(t, pieces).map_or(0, |trail| trail.length)
}

/// `longest_route` with the end pieces of one trail that long; none without pieces.
pub fn longest_route_trail(t: &Topology, pieces: &Pieces) -> Option<Trail> {
    if pieces.roads.is_empty() && pieces.ships.is_empty() {
        return None;
    }
    let net = Network::new(t, pieces);
    let found = net.longest();
    Some(Trail {
        length: found.length as u8,
        ends: found.ends.map(|p| net.edges[p as usize]),
    })
}

/// Whether the road or ship on `edge`, one of `pieces`, has a corner where no trail goes on
/// from it: an opponent's building there (D-G-4.6), or no other of the pieces joining it
/// there, which at the player's own building is any road or ship and elsewhere one of the
/// same kind (S-9).
fn hangs_loose(t: &Topology, pieces: &Pieces, edge: EdgeId) -> bool {
    let ship = pieces.ships.contains(edge.index());
    t.edge_corners(edge).iter().any(|&c| {
        if pieces.blocked.contains(c.index()) {
            return true;
        }
        let own = pieces.own.contains(c.index());
        !t.corner_edges(c).any(|e| {
            let i = e.index();
            e != edge
                && ((own || !ship) && pieces.roads.contains(i)
                    || (own || ship) && pieces.ships.contains(i))
        })
    })
}

/// The longest trail through roads alone (B-37).
pub fn longest_trail(t: &Topology, edges: &EdgeSet, blocked: &CornerSet) -> u8 {
    longest_route(
        t,
        &Pieces {
            roads: *edges,
            ships: EdgeSet::new(),
            own: CornerSet::new(),
            blocked: *blocked,
        },
    )
}

impl Game {
    fn pieces_of(&self, seat: Seat) -> Pieces {
        let p = self.state.player(seat);
        Pieces {
            roads: p.roads,
            ships: p.ships,
            own: p.buildings(),
            blocked: self.state.occupied.difference(&p.buildings()),
        }
    }

    /// The length of `seat`'s longest road now: with ships, its longest trade route (S-16).
    pub fn road_length_of(&self, seat: Seat) -> u8 {
        longest_route(self.topology(), &self.pieces_of(seat))
    }

    /// `road_length_of`, known with the ends of a trail that long.
    pub(crate) fn route_of(&self, seat: Seat) -> RouteLength {
        RouteLength::of(longest_route_trail(self.topology(), &self.pieces_of(seat)))
    }

    /// Whether `seat`'s longest road (or trade route) is `length` or longer.
    pub fn route_at_least(&self, seat: Seat, length: u8) -> bool {
        let route = self.state.player(seat).route;
        if route.low >= length || route.high < length {
            return route.low >= length;
        }
        self.road_length_of(seat) >= length
    }

    /// The length `seat`'s longest road (or trade route) would have with one more road, or
    /// ship when `ship`, on `edge`: what a player weighs before building for the award.
    pub fn road_length_with(&self, seat: Seat, edge: EdgeId, ship: bool) -> u8 {
        let mut pieces = self.pieces_of(seat);
        if ship {
            pieces.ships.insert(edge.index());
        } else {
            pieces.roads.insert(edge.index());
        }
        longest_route(self.topology(), &pieces)
    }

    /// After `seat` places a road or ship on `edge` (B-38: recompute after every placement).
    /// Only the network the piece joins can grow.
    pub(crate) fn route_extended(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        let t = &self.config.topology;
        let mut pieces = self.pieces_of(seat);
        let all = pieces.roads.union(&pieces.ships);
        if all.len() < LONGEST_ROAD_MINIMUM as usize {
            // No trail is longer than the pieces it runs over: too short to count.
            let route = &mut self.state.player_mut(seat).route;
            route.high = all.len() as u8;
            return;
        }
        // A piece hanging off the rest at one corner lengthens the route by one at most.
        if hangs_loose(t, &pieces, edge) {
            let route = &mut self.state.player_mut(seat).route;
            route.high = (route.high + 1).min(all.len() as u8);
            self.award_longest_road(sink);
            return;
        }
        // The pieces reached corner by corner from the new one.
        let mut network = EdgeSet::new();
        network.insert(edge.index());
        let mut reached = CornerSet::new();
        let mut frontier = [CornerId(0); 2 * MOST_PIECES];
        let mut top = 0;
        for c in t.edge_corners(edge) {
            reached.insert(c.index());
            frontier[top] = c;
            top += 1;
        }
        while top > 0 {
            top -= 1;
            for e in t.corner_edges(frontier[top]) {
                if all.contains(e.index()) && !network.contains(e.index()) {
                    network.insert(e.index());
                    for c in t.edge_corners(e) {
                        if !reached.contains(c.index()) {
                            reached.insert(c.index());
                            frontier[top] = c;
                            top += 1;
                        }
                    }
                }
            }
        }
        pieces.roads = pieces.roads.intersection(&network);
        pieces.ships = pieces.ships.intersection(&network);
        // The other networks are as they were: the longest is this one's or what it was.
        let joined = longest_route_trail(t, &pieces);
        let route = &mut self.state.player_mut(seat).route;
        if let Some(trail) = joined {
            if trail.length > route.low || trail.length == route.low && route.ends.is_none() {
                route.low = trail.length;
                route.ends = Some(trail.ends);
            }
            route.high = route.high.max(trail.length);
        }
        self.award_longest_road(sink);
    }

    /// After `seat` moved a ship, lost ships to a fortress or took one: its route may have
    /// grown or shrunk.
    pub(crate) fn route_changed(&mut self, seat: Seat, sink: &mut impl EventSink) {
        self.state.player_mut(seat).route = self.route_of(seat);
        self.award_longest_road(sink);
    }

    /// After `seat` moved the ship on `from`, hanging loose from its route, to a place where
    /// it hangs loose again (`ships.rs`): a trail loses at most that ship and gains at most
    /// the new one, so the route is one shorter, as long, or one longer; and no shorter
    /// when the ship was not an end of the trail known. It is worked out only when Longest
    /// Road turns on it.
    pub(crate) fn route_end_moved(&mut self, seat: Seat, from: EdgeId, sink: &mut impl EventSink) {
        let p = self.state.player(seat);
        let pieces = (p.roads.len() + p.ships.len()) as u8;
        let route = &mut self.state.player_mut(seat).route;
        if route.ends.is_none() || route.ends_at(from) {
            route.low = route.low.saturating_sub(1);
            route.ends = None;
        }
        route.high = (route.high + 1).min(pieces);
        self.award_longest_road(sink);
    }

    /// After `seat` builds a settlement on `corner`: an opponent's route through it is cut;
    /// with ships, the builder's own roads and ships may join there (S-9).
    pub(crate) fn settlement_cuts_roads(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) {
        let t = &self.config.topology;
        let mut changed = false;
        for other in self.state.seat_ids() {
            let p = self.state.player(other);
            let pieces = p.roads.union(&p.ships);
            let at = t
                .corner_edges(corner)
                .filter(|e| pieces.contains(e.index()))
                .count();
            let joins = other == seat && !p.roads.is_empty() && !p.ships.is_empty();
            let cut = other != seat;
            if at >= 2 && (joins || cut) {
                // A route cut short of 5 no longer counts: how short is worked out if needed.
                let route = if cut && p.route.high < LONGEST_ROAD_MINIMUM {
                    RouteLength {
                        low: 0,
                        high: p.route.high,
                        ends: None,
                    }
                } else {
                    self.route_of(other)
                };
                changed |= route.low != p.route.low || route.high != p.route.high;
                self.state.player_mut(other).route = route;
            }
        }
        if changed {
            self.award_longest_road(sink);
        }
    }
}

/// A road length as it counts for Longest Road: below 5 it cannot take or keep the card.
pub(crate) fn award_length(length: u8) -> u8 {
    if length >= LONGEST_ROAD_MINIMUM {
        length
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Layout, LayoutOptions, MapFile, MapTemplate};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn base() -> Topology {
        let file = MapFile::from_json(crate::map::builtin::text("base").unwrap()).unwrap();
        let options = LayoutOptions {
            layout: Layout::Beginner,
            ..Default::default()
        };
        let board = MapTemplate::check(&file)
            .unwrap()
            .realise(&options, &mut ChaCha8Rng::seed_from_u64(0))
            .unwrap();
        Topology::new(board)
    }

    fn edges(t: &Topology, names: &[&str]) -> EdgeSet {
        names
            .iter()
            .map(|n| t.edge_id(n.parse().unwrap()).unwrap().index())
            .collect()
    }

    #[test]
    fn a_ring_of_six_counts_six() {
        let t = base();
        let ring: Vec<String> = crate::geometry::Hex::new(1, 2)
            .edges()
            .iter()
            .map(|e| e.to_string())
            .collect();
        let names: Vec<&str> = ring.iter().map(String::as_str).collect();
        assert_eq!(longest_trail(&t, &edges(&t, &names), &CornerSet::new()), 6);
    }

    #[test]
    fn a_ring_beside_a_short_road_still_counts_six() {
        // The short road has odd corners; the ring has none and must be walked too.
        let t = base();
        let mut names: Vec<String> = crate::geometry::Hex::new(1, 2)
            .edges()
            .iter()
            .map(|e| e.to_string())
            .collect();
        names.push("-1,4,SE".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(longest_trail(&t, &edges(&t, &names), &CornerSet::new()), 6);
    }

    #[test]
    fn a_ring_with_a_spur_counts_the_spur_too() {
        let t = base();
        let mut names: Vec<String> = crate::geometry::Hex::new(1, 2)
            .edges()
            .iter()
            .map(|e| e.to_string())
            .collect();
        // 1,2,N is a corner of the ring; 1,1,SE leaves it.
        names.push("1,1,E".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(longest_trail(&t, &edges(&t, &names), &CornerSet::new()), 7);
    }

    #[test]
    fn branches_do_not_add() {
        let t = base();
        // A path of three with a one-edge spur at its middle corner.
        let set = edges(&t, &["0,2,SE", "0,3,NE", "1,2,SE", "0,3,E"]);
        assert_eq!(longest_trail(&t, &set, &CornerSet::new()), 3);
    }

    #[test]
    fn a_blocked_corner_splits_the_trail_but_may_end_it() {
        let t = base();
        // EX-7: Red's road of 6 cut at 0,3,N into 2 and 4.
        let set = edges(
            &t,
            &["-1,3,NE", "0,2,SE", "0,3,NE", "1,2,SE", "1,3,NE", "2,2,SE"],
        );
        assert_eq!(longest_trail(&t, &set, &CornerSet::new()), 6);
        let mut blocked = CornerSet::new();
        blocked.insert(t.corner_id("0,3,N".parse().unwrap()).unwrap().index());
        assert_eq!(longest_trail(&t, &set, &blocked), 4);
    }

    /// The longest trail by trying every one, piece by piece: slow, plainly right.
    fn longest_by_hand(t: &Topology, pieces: &Pieces) -> u8 {
        let list: Vec<(EdgeId, bool)> = pieces
            .roads
            .iter()
            .map(|e| (EdgeId(e as u16), false))
            .chain(pieces.ships.iter().map(|e| (EdgeId(e as u16), true)))
            .collect();
        fn extend(
            t: &Topology,
            p: &Pieces,
            list: &[(EdgeId, bool)],
            last: usize,
            at: CornerId,
            used: u64,
        ) -> u8 {
            let c = at.index();
            if p.blocked.contains(c) {
                return 0;
            }
            let mut best = 0;
            for (i, &(e, ship)) in list.iter().enumerate() {
                if used >> i & 1 == 1 || !t.edge_corners(e).contains(&at) {
                    continue;
                }
                if ship != list[last].1 && !p.own.contains(c) {
                    continue;
                }
                let [a, b] = t.edge_corners(e);
                let next = if a == at { b } else { a };
                best = best.max(1 + extend(t, p, list, i, next, used | 1 << i));
            }
            best
        }
        let mut best = 0;
        for (i, &(e, _)) in list.iter().enumerate() {
            for at in t.edge_corners(e) {
                best = best.max(1 + extend(t, pieces, &list, i, at, 1 << i));
            }
        }
        best
    }

    #[test]
    fn trails_agree_with_trying_every_one() {
        use rand_core::Rng;
        let t = base();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let centre = crate::geometry::Hex::new(1, 2);
        let mut near: Vec<EdgeId> = Vec::new();
        for h in std::iter::once(centre).chain(centre.neighbours()) {
            for e in h.edges() {
                if let Some(id) = t.edge_id(e)
                    && !near.contains(&id)
                {
                    near.push(id);
                }
            }
        }
        let corners: Vec<CornerId> = near.iter().flat_map(|&e| t.edge_corners(e)).collect();
        for round in 0..4000 {
            let mut pieces = Pieces {
                roads: EdgeSet::new(),
                ships: EdgeSet::new(),
                own: CornerSet::new(),
                blocked: CornerSet::new(),
            };
            // Whole hexes make rings; the rest hang off them or lie apart.
            let area: Vec<crate::geometry::Hex> =
                std::iter::once(centre).chain(centre.neighbours()).collect();
            for _ in 0..rng.next_u32() % 4 {
                let hex = area[(rng.next_u32() as usize) % area.len()];
                for e in hex.edges() {
                    if let Some(id) = t.edge_id(e) {
                        pieces.roads.insert(id.index());
                    }
                }
            }
            // Walks make long roads, branching where they cross.
            for _ in 0..rng.next_u32() % 3 {
                let mut at = corners[(rng.next_u32() as usize) % corners.len()];
                let mut seen = CornerSet::new();
                for _ in 0..rng.next_u32() % 16 {
                    seen.insert(at.index());
                    let out: Vec<EdgeId> = t
                        .corner_edges(at)
                        .filter(|&e| t.edge_corners(e).iter().any(|c| !seen.contains(c.index())))
                        .collect();
                    if out.is_empty() {
                        break;
                    }
                    let e = out[(rng.next_u32() as usize) % out.len()];
                    pieces.roads.insert(e.index());
                    let [a, b] = t.edge_corners(e);
                    at = if a == at { b } else { a };
                }
            }
            let count = (rng.next_u32() % 8) as usize;
            for _ in 0..count {
                let e = near[(rng.next_u32() as usize) % near.len()].index();
                if rng.next_u32() % 3 == 0 {
                    pieces.ships.insert(e);
                } else {
                    pieces.roads.insert(e);
                }
            }
            pieces.ships = pieces.ships.difference(&pieces.roads);
            if pieces.roads.len() + pieces.ships.len() > 30 {
                continue;
            }
            for _ in 0..rng.next_u32() % 4 {
                let c = corners[(rng.next_u32() as usize) % corners.len()].index();
                if rng.next_u32() % 2 == 0 {
                    pieces.own.insert(c);
                } else {
                    pieces.blocked.insert(c);
                }
            }
            pieces.blocked = pieces.blocked.difference(&pieces.own);
            let length = longest_by_hand(&t, &pieces);
            assert_eq!(
                longest_route(&t, &pieces),
                length,
                "round {round}: {pieces:?}"
            );
            if round % 4 == 0 {
                trail_ends_hold(&t, &pieces, length, round);
            }
        }
    }

    /// The ends given with a longest trail: both are pieces, and a piece hanging loose that
    /// is neither can go without the trail getting shorter.
    fn trail_ends_hold(t: &Topology, pieces: &Pieces, length: u8, round: u32) {
        let Some(trail) = longest_route_trail(t, pieces) else {
            assert_eq!(length, 0);
            return;
        };
        assert_eq!(trail.length, length);
        let all = pieces.roads.union(&pieces.ships);
        for end in trail.ends {
            assert!(
                all.contains(end.index()),
                "round {round}: {end:?} is no piece"
            );
        }
        for e in all.iter() {
            let edge = EdgeId(e as u16);
            if trail.ends.contains(&edge) || !hangs_loose(t, pieces, edge) {
                continue;
            }
            let mut without = *pieces;
            without.roads.remove(e);
            without.ships.remove(e);
            assert_eq!(
                longest_by_hand(t, &without),
                length,
                "round {round}: the trail ends on {:?}, yet without {edge:?} it is shorter: {pieces:?}",
                trail.ends
            );
        }
    }

    #[test]
    fn a_trail_of_one_piece_ends_twice_on_it() {
        let t = base();
        let set = edges(&t, &["0,2,SE"]);
        let pieces = Pieces {
            roads: set,
            ships: EdgeSet::new(),
            own: CornerSet::new(),
            blocked: CornerSet::new(),
        };
        let e = t.edge_id("0,2,SE".parse().unwrap()).unwrap();
        assert_eq!(
            longest_route_trail(&t, &pieces),
            Some(Trail {
                length: 1,
                ends: [e, e]
            })
        );
    }
}
