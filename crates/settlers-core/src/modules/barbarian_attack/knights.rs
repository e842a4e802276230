//! Moving knights at the end of the turn (BA-18 to BA-20): up to 3 steps, 5 for a grain,
//! over occupied paths but not ending on one, and never ending on the castle.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, Resources};
use crate::state::{Phase, Seat};
use crate::topology::{EdgeId, EdgeSet, ShapeHandle, Topology};
use std::sync::{Arc, Mutex};

/// Steps a knight walks, and with a grain (BA-19).
pub const STEPS: u8 = 3;
pub const BOOSTED_STEPS: u8 = 5;

/// For each path within `BOOSTED_STEPS` of `from`, the fewest steps to it (0 = not
/// reached).
fn knight_steps(t: &Topology, from: EdgeId) -> [u8; crate::topology::MAX_EDGES] {
    let mut steps = [0u8; crate::topology::MAX_EDGES];
    let mut seen = EdgeSet::new();
    seen.insert(from.index());
    let mut frontier = seen;
    for step in 1..=BOOSTED_STEPS {
        let mut next = EdgeSet::new();
        for e in frontier.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                for n in t.corner_edges(c) {
                    if !seen.contains(n.index()) {
                        seen.insert(n.index());
                        next.insert(n.index());
                        steps[n.index()] = step;
                    }
                }
            }
        }
        frontier = next;
    }
    steps
}

/// For each path, the paths within `STEPS` and within `BOOSTED_STEPS` of it (`knight_reach`).
pub(crate) type KnightReach = Arc<[[EdgeSet; 2]]>;

/// The board shapes whose knights' reach is kept, at most: as many as the shapes the
/// topology keeps (`Topology::new`).
const MOST_SHAPES_KEPT: usize = 64;

/// `knight_reach` for `t`'s shape, worked out for the first game on it and shared by every
/// later one, whose set-up it would otherwise dominate: the reach depends on the corners
/// and edges alone.
pub(crate) fn shared_knight_reach(t: &Topology) -> KnightReach {
    /// Each shape with its reach; the handle keeps the shape's address its own.
    static KEPT: Mutex<Vec<(ShapeHandle, KnightReach)>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, reach)) = kept.iter().find(|(s, _)| s.address() == t.shape_address()) {
        return Arc::clone(reach);
    }
    let reach: KnightReach = knight_reach(t).into();
    if kept.len() >= MOST_SHAPES_KEPT {
        kept.remove(0);
    }
    kept.push((t.shape_handle(), Arc::clone(&reach)));
    reach
}

/// For each path of the board, the paths within `STEPS` and within `BOOSTED_STEPS` of it,
/// itself left out: `BarbarianRules::knight_reach`, worked out once for each board shape
/// (`shared_knight_reach`). The paths within k steps of a path are those within k - 1 of it
/// or of a path beside it.
pub(crate) fn knight_reach(t: &Topology) -> Vec<[EdgeSet; 2]> {
    let n = t.edge_count();
    let beside: Vec<EdgeSet> = (0..n)
        .map(|e| {
            let mut s = EdgeSet::new();
            for c in t.edge_corners(EdgeId(e as u16)) {
                for x in t.corner_edges(c) {
                    s.insert(x.index());
                }
            }
            s
        })
        .collect();
    let mut within: Vec<EdgeSet> = (0..n).map(|e| [e].into_iter().collect()).collect();
    // Each step is worked out from the one before into the other of two lists, swapped
    // after it: nothing is allocated per step.
    let mut widened = within.clone();
    let mut reach = vec![[EdgeSet::new(); 2]; n];
    for step in 1..=BOOSTED_STEPS {
        for (e, wide) in widened.iter_mut().enumerate() {
            *wide = beside[e]
                .iter()
                .fold(within[e], |all, x| all.union(&within[x]));
        }
        std::mem::swap(&mut within, &mut widened);
        if step == STEPS {
            for (r, w) in reach.iter_mut().zip(&within) {
                r[0] = *w;
            }
        }
    }
    for (e, (r, w)) in reach.iter_mut().zip(&within).enumerate() {
        r[1] = *w;
        r[0].remove(e);
        r[1].remove(e);
    }
    reach
}

impl Game {
    /// Knights `seat` must still take off the castle (BA-20): its own, and with two
    /// players the foreign ones (BA2-9), each that a move can take off now. A knight whose
    /// every way out is taken (all the paths within its reach hold knights or are the
    /// castle's, a grain for the longer walk included) stays until one opens: the rules
    /// assume a way out, and the game never waits on a seat that can do nothing (ours,
    /// docs/rules-coverage.md, Barbarian Attack).
    pub(crate) fn knights_in_castle(&self, seat: Seat) -> bool {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let b = &self.state.barbarians;
        // Most often no knight is on the castle: nothing more to work out, and the rest is
        // kept out of line so that this stays a small function.
        b.knights[..b.knight_count as usize].iter().any(|k| {
            (k.seat == seat || self.state.neutral.contains(k.seat))
                && rules.castle_paths.contains(k.edge.index())
        }) && self.castle_knights_may_leave(seat)
    }

    /// `knights_in_castle` once a knight is on the castle: whether one of them that `seat`
    /// moves now can leave it.
    #[inline(never)]
    fn castle_knights_may_leave(&self, seat: Seat) -> bool {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let b = &self.state.barbarians;
        let movers = self.movers(seat);
        let closed = self.closed_to_knights();
        b.knights[..b.knight_count as usize].iter().any(|k| {
            movers.contains(k.seat)
                && rules.castle_paths.contains(k.edge.index())
                && self.can_leave_castle(seat, k.edge, &closed)
        })
    }

    /// The paths no knight may end a move on: those holding a knight, and the castle's.
    pub(crate) fn closed_to_knights(&self) -> EdgeSet {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        self.state
            .barbarians
            .knight_edges()
            .union(&rules.castle_paths)
    }

    /// Whether a knight on castle path `from`, moved by `seat`, has a path off the castle
    /// within its reach that is not `closed` (`closed_to_knights`): 3 steps, or 5 when
    /// `seat` holds a grain (BA-19).
    pub(crate) fn can_leave_castle(&self, seat: Seat, from: EdgeId, closed: &EdgeSet) -> bool {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let has_grain = self.state.player(seat).hand.get(Resource::Grain) > 0;
        !rules.knight_reach[from.index()][usize::from(has_grain)]
            .difference(closed)
            .is_empty()
    }

    pub(crate) fn legal_knight_moves(&self, seat: Seat, out: &mut LegalActions) {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let b = &self.state.barbarians;
        let taken = b.knight_edges();
        let has_grain = self.state.player(seat).hand.get(Resource::Grain) > 0;
        let closed = taken.union(&rules.castle_paths);
        let movers = self.movers(seat);
        let start = out.actions.len();
        for (i, k) in b.knights[..b.knight_count as usize].iter().enumerate() {
            if b.moved >> i & 1 == 1 || !movers.contains(k.seat) {
                continue;
            }
            let from = k.edge;
            let sites =
                rules.knight_reach[from.index()][usize::from(has_grain)].difference(&closed);
            if out.compact_knight_moves {
                if !sites.is_empty() {
                    out.knight_sets
                        .push(crate::action::KnightMoves { from, to: sites });
                }
                continue;
            }
            out.actions.reserve(sites.len());
            sites.for_each(|e| {
                out.actions.push(Action::MoveKnight {
                    from,
                    to: EdgeId(e as u16),
                })
            });
        }
        out.knight_moves = start..out.actions.len();
    }

    pub(crate) fn apply_move_knight(
        &mut self,
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let t = self.topology();
        self.check_edge_on_board(from)?;
        self.check_edge_on_board(to)?;
        let (from_name, to_name) = (t.edge(from), t.edge(to));
        let b = &self.state.barbarians;
        let movers = self.movers(seat);
        let Some(i) = b.knights[..b.knight_count as usize]
            .iter()
            .position(|k| k.edge == from && movers.contains(k.seat))
        else {
            return Err(RuleError::refused(format!(
                "you have no knight on {from_name} to move{}",
                if self.state.barbarians.foreign_moving {
                    " (once foreign knights move, your own have had their turn)"
                } else {
                    ""
                }
            )));
        };
        let foreign = self.state.neutral.contains(b.knights[i].seat);
        if b.moved >> i & 1 == 1 {
            return Err(RuleError::refused(format!(
                "the knight on {from_name} has already moved this turn"
            )));
        }
        if b.knight_edges().contains(to.index()) {
            return Err(RuleError::refused(format!(
                "{to_name} already holds a knight: a knight may pass one but not stop there"
            )));
        }
        if rules.castle_paths.contains(to.index()) {
            return Err(RuleError::refused(format!(
                "{to_name} is a path of the castle: a knight leaves the castle and does not stop on it"
            )));
        }
        let [near, far] = &rules.knight_reach[from.index()];
        if !far.contains(to.index()) {
            return Err(RuleError::refused(format!(
                "{to_name} is more than {BOOSTED_STEPS} steps from {from_name}"
            )));
        }
        let boosted = !near.contains(to.index());
        let grain = Resources::one(Resource::Grain);
        if boosted {
            if !self.state.player(seat).hand.covers(&grain) {
                let steps = knight_steps(t, from)[to.index()];
                return Err(RuleError::refused(format!(
                    "{to_name} is {steps} steps away: beyond {STEPS} a knight needs a grain"
                )));
            }
            self.pay(seat, &grain);
        }
        let b = &mut self.state.barbarians;
        b.knights[i].edge = to;
        b.moved |= 1 << i;
        b.foreign_moving |= foreign;
        if sink.wanted() {
            sink.push(Event::KnightMoved {
                seat,
                from: from_name,
                to: to_name,
                grain: boosted,
            });
        }
        self.state.phase = Phase::MovingKnights;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{LayoutOptions, MapFile, MapTemplate};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// The Barbarian Attack board, laid out from `seed`.
    fn board(seed: u64) -> Topology {
        let file =
            MapFile::from_json(crate::map::builtin::text("barbarian-attack").unwrap()).unwrap();
        let board = MapTemplate::check(&file)
            .unwrap()
            .realise(
                &LayoutOptions::default(),
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap();
        Topology::new(board)
    }

    #[test]
    fn boards_of_one_shape_share_one_reach_table() {
        let (a, b) = (board(1), board(2));
        let shared = shared_knight_reach(&a);
        assert!(Arc::ptr_eq(&shared, &shared_knight_reach(&b)));
        assert_eq!(&shared[..], &knight_reach(&b)[..]);
    }

    #[test]
    fn the_reach_table_agrees_with_a_search() {
        let t = board(0);
        let reach = knight_reach(&t);
        for (from, [near, far]) in reach.iter().enumerate() {
            let steps = knight_steps(&t, EdgeId(from as u16));
            for (e, &n) in steps.iter().enumerate().take(t.edge_count()) {
                assert_eq!(near.contains(e), n > 0 && n <= STEPS, "{from} to {e}");
                assert_eq!(far.contains(e), n > 0, "{from} to {e}");
            }
        }
    }
}
