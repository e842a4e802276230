//! Information-set Monte Carlo tree search (single observer): one tree for the viewer, keyed
//! by the viewer's own actions from the decision on.
//!
//! Each iteration draws a world the viewer cannot tell from the real game
//! (`View::sample_world`), then walks down the tree while the viewer is the one to act,
//! choosing among the node's candidates (`candidates.rs`) that are legal in this world by
//! UCB1 with availability counts (a candidate is judged against the iterations in which it
//! could have been chosen), and a bonus for the heuristic's choice that fades as the
//! candidate is tried. The walk stops at the first candidate never tried, or where another
//! seat or chance is to act: the dice, a drawn card, a steal, an answer to an offer are
//! drawn in the world as the game would, not branched on. From there a playout
//! (`playout.rs`) plays every seat with the heuristic bot for a few turns, and the position
//! reached is valued (`evaluate.rs`); the value goes back up the path walked.
//!
//! The decision is the root's candidate tried most often.

use super::candidates::{Candidate, candidates};
use super::playout::playout;
use super::settings::{Budget, Settings};
use crate::BotRng;
use crate::play::deciding_seat;
use rand_core::SeedableRng;
use settlers_core::view::View;
use settlers_core::{Action, Actor, Game, LegalActions, Seat, ToAct};
use std::time::Instant;

/// The weight of the exploration term of UCB1, for values between 0 and 1.
const EXPLORATION: f64 = 0.5;
/// The bonus of the heuristic's choice, as a value, divided by one more than its tries.
const PRIOR_WEIGHT: f64 = 0.1;
/// The most nodes a tree grows to: beyond it the walk stops at the leaves it has.
const MOST_NODES: usize = 100_000;

const NO_CHILD: u32 = u32::MAX;

struct Edge {
    candidate: Candidate,
    child: u32,
    tries: u32,
    total: f64,
    /// Iterations in which the candidate was legal when its node was reached.
    available: u32,
}

#[derive(Default)]
struct Node {
    /// Empty until the node is first reached in a world where the viewer acts there.
    edges: Vec<Edge>,
}

impl Edge {
    fn new(candidate: Candidate) -> Edge {
        Edge {
            candidate,
            child: NO_CHILD,
            tries: 0,
            total: 0.0,
            available: 0,
        }
    }

    fn ucb(&self) -> f64 {
        let n = f64::from(self.tries);
        self.total / n
            + EXPLORATION * (f64::from(self.available.max(1)).ln() / n).sqrt()
            + PRIOR_WEIGHT * self.candidate.prior / (n + 1.0)
    }
}

/// What a search found: the decision, and how many iterations it ran.
pub struct Found {
    pub action: Action,
    pub iterations: u32,
}

/// Searches from the viewer's decision at `view` and returns the action chosen.
pub fn search(
    view: &View<'_>,
    legal: &LegalActions,
    settings: &Settings,
    rng: &mut BotRng,
) -> Found {
    let started = Instant::now();
    let me = view.viewer().expect("the search decides for a seat");
    let root_candidates = candidates(view, legal, rng);
    if root_candidates.len() == 1 {
        return Found {
            action: root_candidates[0].action,
            iterations: 0,
        };
    }
    let mut nodes = vec![Node {
        edges: root_candidates.into_iter().map(Edge::new).collect(),
    }];
    let (most, deadline) = match settings.budget {
        Budget::Iterations(n) => (n, None),
        Budget::Time(t) => (u32::MAX, Some(started + t)),
    };
    // Each iteration draws from its own generator, seeded from the bot's: a decision is
    // reproducible from the seed whatever the iterations do with theirs.
    let seed = {
        use rand_core::Rng;
        rng.next_u64()
    };
    let mut buffer = LegalActions::default();
    let mut iterations = 0;
    while iterations < most && deadline.is_none_or(|d| Instant::now() < d) {
        let mut iteration_rng = BotRng::seed_from_u64(seed);
        iteration_rng.set_stream(u64::from(iterations));
        iterate(
            view,
            me,
            &mut nodes,
            &mut buffer,
            settings,
            deadline,
            &mut iteration_rng,
        );
        iterations += 1;
    }
    let best = nodes[0]
        .edges
        .iter()
        .max_by(|a, b| {
            a.tries.cmp(&b.tries).then(
                (a.total / f64::from(a.tries.max(1)))
                    .total_cmp(&(b.total / f64::from(b.tries.max(1)))),
            )
        })
        .map(|e| e.candidate.action)
        .expect("the root has candidates");
    Found {
        action: best,
        iterations,
    }
}

/// One iteration: a world, a walk down the tree, a playout, and the value backed up.
fn iterate(
    view: &View<'_>,
    me: Seat,
    nodes: &mut Vec<Node>,
    legal: &mut LegalActions,
    settings: &Settings,
    deadline: Option<Instant>,
    rng: &mut BotRng,
) {
    let mut world: Game = view.sample_world(rng);
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut node = 0usize;
    while let ToAct::Seats(waiting) = world.to_act() {
        if deciding_seat(waiting, world.state().active) != Some(me) {
            break;
        }
        world.legal_actions_into(me, legal);
        if nodes[node].edges.is_empty() {
            let found = candidates(&world.view(me), legal, rng);
            nodes[node].edges = found.into_iter().map(Edge::new).collect();
        }
        let edges = &mut nodes[node].edges;
        let mut chosen: Option<usize> = None;
        let mut best = f64::MIN;
        for (i, e) in edges.iter_mut().enumerate() {
            if !legal.permits(&e.candidate.action) {
                continue;
            }
            e.available += 1;
            if e.tries == 0 {
                // Untried candidates first, in order: the heuristic's choice leads.
                if best != f64::INFINITY {
                    chosen = Some(i);
                    best = f64::INFINITY;
                }
                continue;
            }
            let u = e.ucb();
            if u > best {
                best = u;
                chosen = Some(i);
            }
        }
        let Some(i) = chosen else { break };
        let edge = &nodes[node].edges[i];
        let (action, first_try, child) = (edge.candidate.action, edge.tries == 0, edge.child);
        if world.apply(Actor::Seat(me), action).is_err() {
            break;
        }
        path.push((node, i));
        if first_try || nodes.len() >= MOST_NODES {
            break;
        }
        node = if child == NO_CHILD {
            nodes.push(Node::default());
            let new = nodes.len() - 1;
            nodes[path.last().expect("just pushed").0].edges[i].child = new as u32;
            new
        } else {
            child as usize
        };
    }
    let value = playout(&mut world, me, settings.turns, deadline, legal, rng);
    for (n, i) in path {
        let e = &mut nodes[n].edges[i];
        e.tries += 1;
        e.total += value;
    }
}
