//! A playout: every seat played by the heuristic bot, chance drawn, for a few turns; then the
//! position is valued (`evaluate.rs`).

use super::evaluate::worth;
use crate::play::deciding_seat;
use crate::{Bot, BotRng, HeuristicBot};
use rand_core::{Rng, SeedableRng};
use settlers_core::{Actor, ChanceKind, Game, LegalActions, Seat, ToAct};
use std::time::Instant;

/// The most actions a playout applies, whatever its turns: a Seafarers turn full of ship
/// moves stays well below.
const MOST_STEPS: u32 = 3_000;
/// What a win loses in worth for each step it comes later.
const WIN_DISCOUNT: f64 = 1e-5;
/// The clock is read every this many steps, so that a decision by time ends in time.
const CLOCK_EVERY: u32 = 32;

/// The chance of a playout: the dice drawn from a generator of their own, the rest (cards
/// drawn, steals, the barbarians' and fortresses' dice) from another. Playouts that start
/// from one `Chance` after different actions roll the same dice in the same order, whatever
/// cards either draws, so that their values differ by what the actions did more than by luck.
#[derive(Clone)]
pub struct Chance {
    dice: BotRng,
    rest: BotRng,
}

impl Chance {
    pub fn draw(rng: &mut BotRng) -> Chance {
        Chance {
            dice: BotRng::seed_from_u64(rng.next_u64()),
            rest: BotRng::seed_from_u64(rng.next_u64()),
        }
    }
}

/// Plays `game` on for `turns` turns (or to its end) with `bot` in every seat and returns its
/// worth to `me`. One bot serves a whole search: the pictures of the board it keeps from one
/// playout to the next change none of its choices (heuristic/picture.rs), and the playouts of
/// a search start from the same board.
pub fn playout(
    game: &mut Game,
    me: Seat,
    turns: u16,
    deadline: Option<Instant>,
    bot: &mut HeuristicBot,
    legal: &mut LegalActions,
    chance: &mut Chance,
) -> f64 {
    let last_turn = game.state().turn.saturating_add(turns);
    let mut steps = 0;
    for step in 0..MOST_STEPS {
        steps = step;
        if game.state().turn > last_turn {
            break;
        }
        if step % CLOCK_EVERY == CLOCK_EVERY - 1 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let (actor, action) = match game.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance(kind) => {
                let rng = if kind == ChanceKind::Dice {
                    &mut chance.dice
                } else {
                    &mut chance.rest
                };
                match game.sample_chance(rng) {
                    Some(a) => (Actor::Chance, a),
                    None => break,
                }
            }
            ToAct::Seats(waiting) => {
                let Some(seat) = deciding_seat(waiting, game.state().active) else {
                    break;
                };
                legal.compact_knight_moves = false;
                game.legal_actions_into(seat, legal);
                // The heuristic bot draws nothing from its generator: any serves.
                (
                    Actor::Seat(seat),
                    bot.choose(&game.view(seat), legal, &mut chance.rest),
                )
            }
        };
        if game.apply(actor, action).is_err() {
            break;
        }
        steps = step + 1;
    }
    let value = worth(game, me);
    // A win sooner is worth more than one later: of two ways to win, the search takes the
    // one that wins now.
    if value == 1.0 {
        1.0 - WIN_DISCOUNT * f64::from(steps.min(MOST_STEPS))
    } else {
        value
    }
}
