//! The worth of a position to one seat, between 0 (lost) and 1 (won), where a playout stops
//! before the game ends.
//!
//! Each seat scores its victory points, and a little for what makes points later: its
//! production (the pips of the hexes its buildings touch, a city's twice, none under the
//! robber), its cards in hand up to the 7 a roll of 7 spares, its development cards. The
//! worth is a logistic function of the seat's score less the best other score: even scores
//! are worth 1/2, and a lead of a point about 2/3.

use settlers_core::topology::CornerId;
use settlers_core::{Game, Seat};

/// Score per pip of production: a settlement on three hexes of 11 pips in all is worth about
/// two thirds of a point besides its own point.
const PER_PIP: f64 = 0.06;
const PER_CARD: f64 = 0.04;
const PER_DEVELOPMENT_CARD: f64 = 0.25;
/// How steeply the worth rises with the lead.
const STEEPNESS: f64 = 0.8;

/// The worth of `game` to `me`.
pub fn worth(game: &Game, me: Seat) -> f64 {
    if game.is_over() {
        let s = game.state();
        return if game.winner() == Some(me) || s.shared_winners.contains(me) {
            1.0
        } else {
            0.0
        };
    }
    let s = game.state();
    let mine = score(game, me);
    let best_other = s
        .seat_ids()
        .filter(|&seat| seat != me && !s.neutral.contains(seat))
        .map(|seat| score(game, seat))
        .fold(f64::MIN, f64::max);
    if best_other == f64::MIN {
        return 0.5;
    }
    1.0 / (1.0 + (-(mine - best_other) * STEEPNESS).exp())
}

fn score(game: &Game, seat: Seat) -> f64 {
    let s = game.state();
    let p = s.player(seat);
    let t = game.topology();
    let mut pips = 0u32;
    for (set, times) in [(p.settlements, 1), (p.cities, 2)] {
        for c in set.iter() {
            for h in t.corner_hexes(CornerId(c as u16)) {
                if Some(h) != s.robber && t.resource(h).is_some() {
                    pips += times * pips_of(t.number(h));
                }
            }
        }
    }
    f64::from(game.victory_points(seat))
        + PER_PIP * f64::from(pips)
        + PER_CARD * f64::from(p.hand.total().min(7))
        + PER_DEVELOPMENT_CARD * f64::from(p.all_cards().total())
}

/// The dots under a number token: in how many of the 36 dice rolls it comes up.
fn pips_of(number: Option<u8>) -> u32 {
    match number {
        Some(n @ 2..=12) if n != 7 => 6 - (i32::from(n) - 7).unsigned_abs(),
        _ => 0,
    }
}
