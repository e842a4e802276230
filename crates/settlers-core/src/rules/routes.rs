//! Longest Road and the longest trade route: the length of a player's longest trail
//! (base.md B-37, D-G-4.6; seafarers.md S-16, S-9, D-S-11).

use crate::event::EventSink;
use crate::game::Game;
use crate::rules::awards::LONGEST_ROAD_MINIMUM;
use crate::state::Seat;
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
}

impl Network {
    fn new(t: &Topology, pieces: &Pieces) -> Network {
        let mut net = Network {
            links: [[(0, 0); 3]; MOST_CORNERS],
            degree: [0; MOST_CORNERS],
            corners: 0,
        };
        // The local corner of each board corner, for roads and for ships.
        let mut local = [[u8::MAX; MAX_CORNERS]; 2];
        let roads = pieces.roads.iter().map(|e| (e, 0));
        let ships = pieces.ships.iter().map(|e| (e, 1));
        for (piece, (e, kind)) in roads.chain(ships).take(MOST_PIECES).enumerate() {
            let ends = t.edge_corners(EdgeId(e as u16)).map(|c| {
                let c = c.index();
                let blocked = pieces.blocked.contains(c);
                let kind = if pieces.own.contains(c) { 0 } else { kind };
                if !blocked && local[kind][c] != u8::MAX {
                    return local[kind][c] as usize;
                }
                let i = net.corners;
                net.corners += 1;
                if !blocked {
                    local[kind][c] = i as u8;
                }
                i
            });
            let [a, b] = ends;
            net.links[a][net.degree[a] as usize] = (piece as u8, b as u8);
            net.degree[a] += 1;
            net.links[b][net.degree[b] as usize] = (piece as u8, a as u8);
            net.degree[b] += 1;
        }
        net
    }

    #[inline]
    fn links(&self, c: usize) -> &[(u8, u8)] {
        &self.links[c][..self.degree[c] as usize]
    }

    /// The longest trail over the network.
    fn longest(&self) -> u32 {
        let component = self.components();
        let mut best = 0;
        let mut done = 0u64;
        for c in 0..self.corners {
            let label = component[c];
            if done >> label & 1 == 1 {
                continue;
            }
            done |= 1 << label;
            let corners = (0..self.corners).filter(|&x| component[x] == label).count() as u32;
            let degrees: u32 = (0..self.corners)
                .filter(|&x| component[x] == label)
                .map(|x| u32::from(self.degree[x]))
                .sum();
            let pieces = degrees / 2;
            // A component with no more pieces than the best trail so far cannot beat it.
            if pieces <= best {
                continue;
            }
            let length = if pieces + 1 == corners {
                self.tree_diameter(c)
            } else {
                self.longest_in(&component, label, pieces)
            };
            best = best.max(length);
        }
        best
    }

    /// A component without a cycle: its longest trail is its longest path, found by going
    /// to the farthest corner from anywhere, then to the farthest corner from there.
    fn tree_diameter(&self, start: usize) -> u32 {
        let (far, _) = self.farthest(start);
        self.farthest(far).1
    }

    fn farthest(&self, from: usize) -> (usize, u32) {
        let mut distance = [u32::MAX; MOST_CORNERS];
        let mut stack = [0u8; MOST_CORNERS];
        let mut top = 1;
        stack[0] = from as u8;
        distance[from] = 0;
        let mut best = (from, 0);
        while top > 0 {
            top -= 1;
            let c = stack[top] as usize;
            for &(_, next) in self.links(c) {
                let next = next as usize;
                if distance[next] == u32::MAX {
                    distance[next] = distance[c] + 1;
                    if distance[next] > best.1 {
                        best = (next, distance[next]);
                    }
                    stack[top] = next as u8;
                    top += 1;
                }
            }
        }
        best
    }

    /// A component with a cycle: search every trail. A longest trail can be taken to start
    /// where it cannot be extended backwards: at a corner of odd degree. A component without
    /// one (no corner has more than three pieces) is a plain ring, whole.
    ///
    /// The search runs over "stretches": the runs of pieces through corners with exactly two
    /// pieces, which a trail that enters one must follow to its end. Between corners of one or
    /// three pieces there are few of them.
    fn longest_in(&self, component: &[u8; MOST_CORNERS], label: u8, pieces: u32) -> u32 {
        let members = component[..self.corners]
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l == label)
            .fold(0u64, |m, (c, _)| m | 1 << c);
        let odd_corners = (0..self.corners)
            .filter(|&c| members >> c & 1 == 1 && self.degree[c] % 2 == 1)
            .fold(0u64, |m, c| m | 1 << c);
        let mut stretches = Stretches::default();
        let mut consumed = 0u32;
        for c in (0..self.corners).filter(|&c| members >> c & 1 == 1 && self.degree[c] != 2) {
            for &(piece, next) in self.links(c) {
                if consumed >> piece & 1 == 1 {
                    continue;
                }
                consumed |= 1 << piece;
                let (mut at, mut length) = (next as usize, 1);
                let mut came = piece;
                while self.degree[at] == 2 {
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
                stretches.add(c as u8, at as u8, length as u8);
            }
        }
        if stretches.count == 0 {
            return pieces;
        }
        // No trail is longer than the pieces less one for every two odd corners beyond the
        // two it may end at: each piece left out mends the parity of two corners at most.
        let odd = odd_corners.count_ones();
        let most = pieces - odd.saturating_sub(2) / 2;
        let mut best = 0;
        for c in (0..self.corners).filter(|&c| odd_corners >> c & 1 == 1) {
            best = best.max(stretches.walk(c as u8, 0, most));
            if best == most {
                break;
            }
        }
        best
    }

    /// A component number for each local corner: the smallest corner of its component.
    fn components(&self) -> [u8; MOST_CORNERS] {
        let mut label = [u8::MAX; MOST_CORNERS];
        let mut stack = [0u8; MOST_CORNERS];
        for start in 0..self.corners {
            if label[start] != u8::MAX {
                continue;
            }
            label[start] = start as u8;
            stack[0] = start as u8;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                let c = stack[top] as usize;
                for &(_, next) in self.links(c) {
                    if label[next as usize] == u8::MAX {
                        label[next as usize] = start as u8;
                        stack[top] = next;
                        top += 1;
                    }
                }
            }
        }
        label
    }
}

/// The stretches of a component: runs of pieces between corners that do not have exactly
/// two pieces, each with its length, listed at both its ends.
struct Stretches {
    /// For each corner: up to three (stretch, corner at its other end).
    links: [[(u8, u8); 3]; MOST_CORNERS],
    degree: [u8; MOST_CORNERS],
    length: [u8; MOST_PIECES],
    count: usize,
}

impl Default for Stretches {
    fn default() -> Self {
        Stretches {
            links: [[(0, 0); 3]; MOST_CORNERS],
            degree: [0; MOST_CORNERS],
            length: [0; MOST_PIECES],
            count: 0,
        }
    }
}

impl Stretches {
    fn add(&mut self, a: u8, b: u8, length: u8) {
        let i = self.count as u8;
        self.length[self.count] = length;
        self.count += 1;
        for (from, to) in [(a, b), (b, a)] {
            let d = &mut self.degree[from as usize];
            self.links[from as usize][*d as usize] = (i, to);
            *d += 1;
        }
    }

    /// The longest trail leaving corner `at` over stretches not yet `used`, stopping once
    /// one is `left` long: nothing can be longer.
    fn walk(&self, at: u8, used: u32, left: u32) -> u32 {
        let mut best = 0;
        let at = at as usize;
        for &(i, next) in &self.links[at][..self.degree[at] as usize] {
            if used >> i & 1 == 1 {
                continue;
            }
            let length = u32::from(self.length[i as usize]);
            best = best.max(length + self.walk(next, used | 1 << i, left - length));
            if best == left {
                break;
            }
        }
        best
    }
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
    if pieces.roads.is_empty() && pieces.ships.is_empty() {
        return 0;
    }
    Network::new(t, pieces).longest() as u8
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

    /// After `seat` places a road or ship on `edge` (B-38: recompute after every placement).
    /// Only the network the piece joins can grow.
    pub(crate) fn route_extended(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        let t = &self.config.topology;
        let mut pieces = self.pieces_of(seat);
        let all = pieces.roads.union(&pieces.ships);
        if all.len() < LONGEST_ROAD_MINIMUM as usize {
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
        let old = self.state.player(seat).award_road;
        let length = longest_route(t, &pieces).max(old);
        self.state.player_mut(seat).award_road = award_length(length);
        self.award_longest_road(sink);
    }

    /// After `seat` moved a ship: its route may have grown or shrunk.
    pub(crate) fn route_changed(&mut self, seat: Seat, sink: &mut impl EventSink) {
        let length = award_length(self.road_length_of(seat));
        self.state.player_mut(seat).award_road = length;
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
            let cut = other != seat && p.award_road > 0;
            if at >= 2 && (joins || cut) {
                let length = award_length(self.road_length_of(other));
                changed |= length != p.award_road;
                self.state.player_mut(other).award_road = length;
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
}
