//! The search at one decision: the heuristic bot's choice against a few others, each played
//! on by the heuristic bot in the same drawn worlds under the same dice, and another taken
//! only where it does clearly better.
//!
//! The search goes in rounds. A round draws a world the viewer cannot tell from the real game
//! (`View::sample_world`) and the chance to come (`playout::Chance`); then each candidate
//! still in the race (`candidates.rs`) is applied in that world and played on for a few turns
//! by the heuristic bot in every seat (`playout.rs`), and the position reached is valued
//! (`evaluate.rs`). As every candidate of a round meets the same world, the same dice and the
//! same cards, the difference of two candidates' values in a round is mostly what the
//! candidates do, not the luck of the draw: each candidate is judged by its differences with
//! the heuristic's choice, round by round.
//!
//! A candidate whose differences show it no better than the heuristic's choice leaves the
//! race (its best hope, the mean difference and two standard errors, is no gain), so that the
//! rounds go to the candidates still in doubt. The decision is the heuristic's choice unless
//! another candidate, after enough rounds, beats it by a margin and by more than two standard
//! errors of its mean difference: the search overrides the bot it plays with only on
//! evidence, never on the noise of a few playouts.

use super::candidates::candidates;
use super::playout::{Chance, playout};
use super::settings::{Budget, Settings};
use crate::{BotRng, HeuristicBot};
use rand_core::{Rng, SeedableRng};
use settlers_core::view::View;
use settlers_core::{Action, Actor, Game, LegalActions};
use std::time::Instant;

/// Rounds a candidate must have been compared with the heuristic's choice in before it may
/// replace it, or leave the race.
pub const LEAST_ROUNDS: u32 = 6;
/// Standard errors of the mean difference by which a candidate must beat the heuristic's
/// choice (and below which one leaves the race).
pub const CONFIDENCE: f64 = 2.0;
/// The least mean gain in value over the heuristic's choice that replaces it: a gain too
/// small to matter is not worth the risk that the value function misjudges it.
pub const LEAST_GAIN: f64 = 0.01;

/// A candidate and what the rounds found of it.
struct Entrant {
    action: Action,
    /// Still played each round.
    racing: bool,
    /// Rounds in which both it and the heuristic's choice were played, and the sums of its
    /// value less the heuristic's and of that difference squared.
    rounds: u32,
    gain: f64,
    gain_squared: f64,
}

impl Entrant {
    fn new(action: Action) -> Entrant {
        Entrant {
            action,
            racing: true,
            rounds: 0,
            gain: 0.0,
            gain_squared: 0.0,
        }
    }

    /// The mean gain over the heuristic's choice, and its standard error.
    fn mean_gain(&self) -> (f64, f64) {
        let n = f64::from(self.rounds.max(1));
        let mean = self.gain / n;
        let variance = (self.gain_squared / n - mean * mean).max(0.0);
        // The sample's variance, corrected for the mean drawn from the same rounds.
        let corrected = variance * n / (n - 1.0).max(1.0);
        (mean, (corrected / n).sqrt())
    }

    /// Whether the rounds show it better than the heuristic's choice by enough.
    fn clearly_better(&self) -> bool {
        let (mean, error) = self.mean_gain();
        self.rounds >= LEAST_ROUNDS && mean >= LEAST_GAIN && mean > CONFIDENCE * error
    }

    /// Whether the rounds show it no better than the heuristic's choice, at its best.
    fn clearly_no_better(&self) -> bool {
        let (mean, error) = self.mean_gain();
        self.rounds >= LEAST_ROUNDS && mean + CONFIDENCE * error < LEAST_GAIN
    }
}

/// What a search found: the decision, the heuristic bot's choice, and how many playouts it
/// ran.
pub struct Found {
    pub action: Action,
    pub heuristic: Action,
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
    let found = candidates(view, legal, rng);
    let heuristic = found[0];
    if found.len() == 1 {
        return Found {
            action: heuristic,
            heuristic,
            iterations: 0,
        };
    }
    let mut entrants: Vec<Entrant> = found.into_iter().map(Entrant::new).collect();
    let (most, deadline) = match settings.budget {
        Budget::Iterations(n) => (n, None),
        Budget::Time(t) => (u32::MAX, Some(started + t)),
    };
    // Each round draws from its own generator, seeded from the bot's: a decision is
    // reproducible from the seed whatever the playouts do with theirs.
    let seed = rng.next_u64();
    let mut buffer = LegalActions::default();
    let mut bot = HeuristicBot::new();
    let mut iterations = 0;
    let mut values: Vec<Option<f64>> = vec![None; entrants.len()];
    let spent =
        |iterations: u32| iterations >= most || deadline.is_some_and(|d| Instant::now() >= d);
    let mut round = 0u64;
    'rounds: while !spent(iterations) && entrants[1..].iter().any(|e| e.racing) {
        let mut round_rng = BotRng::seed_from_u64(seed);
        round_rng.set_stream(round);
        round += 1;
        let world: Game = view.sample_world(&mut round_rng);
        let chance = Chance::draw(&mut round_rng);
        values.fill(None);
        for (i, entrant) in entrants.iter_mut().enumerate() {
            if !entrant.racing {
                continue;
            }
            if spent(iterations) {
                break;
            }
            let mut played = world.clone();
            played.legal_actions_into(me, &mut buffer);
            if !buffer.permits(&entrant.action)
                || played.apply(Actor::Seat(me), entrant.action).is_err()
            {
                continue;
            }
            if played.winner() == Some(me) {
                // A win now, which the viewer's own points decide alike in every world:
                // nothing beats it.
                return Found {
                    action: entrant.action,
                    heuristic,
                    iterations: iterations + 1,
                };
            }
            let value = playout(
                &mut played,
                me,
                settings.turns,
                deadline,
                &mut bot,
                &mut buffer,
                &mut chance.clone(),
            );
            iterations += 1;
            if deadline.is_some_and(|d| Instant::now() >= d) {
                // The clock may have cut this playout short of its turns: its value would be
                // compared with values of whole playouts.
                break;
            }
            values[i] = Some(value);
        }
        let Some(base) = values[0] else {
            // The heuristic's choice is not legal in this world (it always is in the real
            // game's, which the viewer's own cards decide): nothing to compare with.
            if spent(iterations) {
                break 'rounds;
            }
            continue;
        };
        for (entrant, value) in entrants.iter_mut().zip(&values).skip(1) {
            if let Some(v) = value {
                let d = v - base;
                entrant.rounds += 1;
                entrant.gain += d;
                entrant.gain_squared += d * d;
                if entrant.clearly_no_better() {
                    entrant.racing = false;
                }
            }
        }
    }
    let best = entrants[1..]
        .iter()
        .filter(|e| e.clearly_better())
        .max_by(|a, b| a.mean_gain().0.total_cmp(&b.mean_gain().0))
        .map_or(heuristic, |e| e.action);
    Found {
        action: best,
        heuristic,
        iterations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidate (its action does not matter here) compared in rounds with these gains.
    fn compared(gains: &[f64]) -> Entrant {
        let mut e = Entrant::new(Action::EndTurn);
        for &d in gains {
            e.rounds += 1;
            e.gain += d;
            e.gain_squared += d * d;
        }
        e
    }

    #[test]
    fn another_candidate_replaces_the_heuristics_choice_only_on_evidence() {
        let few = LEAST_ROUNDS as usize - 1;
        // A gain in every round, but in too few rounds.
        assert!(!compared(&vec![0.2; few]).clearly_better());
        assert!(!compared(&vec![0.2; few]).clearly_no_better());
        // The same gain in enough rounds.
        let steady: Vec<f64> = (0..8).map(|i| 0.1 + 0.01 * f64::from(i % 3)).collect();
        assert!(compared(&steady).clearly_better());
        assert!(!compared(&steady).clearly_no_better());
        // A mean gain of 0.025 lost in noise of 0.25 a round: it stays in the race, and the
        // heuristic's choice stays the decision.
        let noisy: Vec<f64> = (0..8)
            .map(|i| if i % 2 == 0 { 0.275 } else { -0.225 })
            .collect();
        assert!(!compared(&noisy).clearly_better());
        assert!(!compared(&noisy).clearly_no_better());
        // A sure gain too small to matter, and a sure loss: both leave the race.
        assert!(!compared(&[0.002; 8]).clearly_better());
        assert!(compared(&[0.002; 8]).clearly_no_better());
        assert!(compared(&[-0.1; 8]).clearly_no_better());
    }
}
