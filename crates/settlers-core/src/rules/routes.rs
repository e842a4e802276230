//! Longest Road: the length of a player's longest trail (base.md B-37, D-G-4.6).

use crate::event::EventSink;
use crate::game::Game;
use crate::state::Seat;
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, Topology};

/// The most edges a trail search handles: every road and ship a player owns.
const MOST_PIECES: usize = 32;

/// The longest trail through `edges`: no edge twice, corners may repeat, and no passing
/// through a corner in `blocked` (an opponent's building), though a trail may end there.
pub fn longest_trail(t: &Topology, edges: &EdgeSet, blocked: &CornerSet) -> u8 {
    let mut ends = [[0u16; 2]; MOST_PIECES];
    let mut n = 0;
    for e in edges.iter().take(MOST_PIECES) {
        let [a, b] = t.edge_corners(EdgeId(e as u16));
        ends[n] = [a.0, b.0];
        n += 1;
    }
    let ends = &ends[..n];
    let mut best = 0;
    for (i, &[a, b]) in ends.iter().enumerate() {
        // Start along edge i in both directions; `walk` returns the edges added beyond it.
        for to in [a, b] {
            let len = 1 + walk(ends, blocked, to, 1u32 << i);
            best = best.max(len);
        }
    }
    best as u8
}

fn walk(ends: &[[u16; 2]], blocked: &CornerSet, at: u16, used: u32) -> u32 {
    if blocked.contains(at as usize) {
        return 0;
    }
    let mut best = 0;
    for (j, &[a, b]) in ends.iter().enumerate() {
        if used >> j & 1 == 1 {
            continue;
        }
        let next = if a == at {
            b
        } else if b == at {
            a
        } else {
            continue;
        };
        best = best.max(1 + walk(ends, blocked, next, used | 1 << j));
    }
    best
}

impl Game {
    /// The length of `seat`'s longest road now.
    pub fn road_length_of(&self, seat: Seat) -> u8 {
        let p = self.state.player(seat);
        let blocked = self.state.occupied.difference(&p.buildings());
        longest_trail(self.topology(), &p.roads, &blocked)
    }

    /// After `seat` builds a road (B-38: recompute after every placement).
    pub(crate) fn road_extended(&mut self, seat: Seat, sink: &mut impl EventSink) {
        let length = self.road_length_of(seat);
        self.state.player_mut(seat).road_length = length;
        self.award_longest_road(sink);
    }

    /// After `seat` builds a settlement on `corner`: an opponent's road through it is cut.
    pub(crate) fn settlement_cuts_roads(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) {
        let t = &self.config.topology;
        let mut changed = false;
        for other in self.state.seat_ids() {
            if other == seat {
                continue;
            }
            let roads = &self.state.player(other).roads;
            if t.corner_edges(corner)
                .filter(|e| roads.contains(e.index()))
                .count()
                >= 2
            {
                let length = self.road_length_of(other);
                changed |= length != self.state.player(other).road_length;
                self.state.player_mut(other).road_length = length;
            }
        }
        if changed {
            self.award_longest_road(sink);
        }
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
