//! Moving knights at the end of the turn (BA-18 to BA-20): up to 3 steps, 5 for a grain,
//! over occupied paths but not ending on one, and never ending on the castle.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, Resources};
use crate::state::{Phase, Seat};
use crate::topology::{EdgeId, EdgeSet};

/// Steps a knight walks, and with a grain (BA-19).
pub const STEPS: u8 = 3;
pub const BOOSTED_STEPS: u8 = 5;

impl Game {
    /// For each path within `BOOSTED_STEPS` of `from`, the fewest steps to it (0 = not
    /// reached).
    fn knight_steps(&self, from: EdgeId) -> [u8; crate::topology::MAX_EDGES] {
        let t = self.topology();
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

    /// Knights `seat` must still take off the castle (BA-20): its own, and with two
    /// players the foreign ones (BA2-9).
    pub(crate) fn knights_in_castle(&self, seat: Seat) -> bool {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let b = &self.state.barbarians;
        b.knights[..b.knight_count as usize].iter().any(|k| {
            (k.seat == seat || self.state.neutral.contains(k.seat))
                && rules.castle_paths.contains(k.edge.index())
        })
    }

    pub(crate) fn legal_knight_moves(&self, seat: Seat, out: &mut LegalActions) {
        let rules = self
            .barbarian_rules()
            .expect("knights belong to Barbarian Attack");
        let b = &self.state.barbarians;
        let taken = b.knight_edges();
        let has_grain = self.state.player(seat).hand.get(Resource::Grain) > 0;
        let reach = if has_grain { BOOSTED_STEPS } else { STEPS };
        let movers = self.movers(seat);
        for (i, k) in b.knights[..b.knight_count as usize].iter().enumerate() {
            if b.moved >> i & 1 == 1 || !movers.contains(k.seat) {
                continue;
            }
            let from = k.edge;
            let steps = self.knight_steps(from);
            for (e, &n) in steps.iter().enumerate().take(self.topology().edge_count()) {
                if n > 0 && n <= reach && !taken.contains(e) && !rules.castle_paths.contains(e) {
                    out.actions.push(Action::MoveKnight {
                        from,
                        to: EdgeId(e as u16),
                    });
                }
            }
        }
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
        if from.index() >= t.edge_count() || to.index() >= t.edge_count() {
            return Err(RuleError::OffBoard {
                what: "edge",
                text: format!("#{}", from.0.max(to.0)),
            });
        }
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
        let steps = self.knight_steps(from)[to.index()];
        if steps == 0 {
            return Err(RuleError::refused(format!(
                "{to_name} is more than {BOOSTED_STEPS} steps from {from_name}"
            )));
        }
        let grain = Resources::one(Resource::Grain);
        if steps > STEPS {
            if !self.state.player(seat).hand.covers(&grain) {
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
                grain: steps > STEPS,
            });
        }
        self.state.phase = Phase::MovingKnights;
        Ok(())
    }
}
