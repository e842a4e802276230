//! The worth of a position to one seat, between 0 (lost) and 1 (won), where a playout stops
//! before the game ends.
//!
//! Each seat scores its victory points, and a little for what makes points later: its
//! production (the pips of the hexes its buildings touch, a city's twice, none under the
//! robber), its cards in hand up to the 7 a roll of 7 spares, its development cards. The
//! worth is a logistic function of the seat's score less the best other score: even scores
//! are worth 1/2, and a lead of a point about 2/3.
//!
//! The scenarios whose goals are not points alone add their progress towards them
//! (`goals`), as a playout of a few turns seldom reaches the points they make or the win
//! they open; in the other games these terms are zero, and the worth is as above.
//!
//! - The Wonders of Catan (SC8-6, SC8-8): the 4th stage of a wonder wins outright, and the
//!   target wins only with more stages than anyone, so a stage is worth more than the city its
//!   five cards could buy, the more the nearer the wonder is to done; a claimed wonder is
//!   worth a little (it is the way to the stages, and one fewer for the others), and so are
//!   the cards in hand towards the next stage.
//! - Cloth for Catan (SC6-5, SC6-6): the points of whole pairs of cloth are among the victory
//!   points already; a cloth short of a point is worth its share of one, and each village
//!   the seat trades with, while it holds cloth, is production: a cloth on each roll of its
//!   number.
//! - The Pirate Islands (SC7-6, SC7-7, SC7-11, SC7-12): no win without one's own fortress. Its
//!   chits taken, the warships that take them and each step the route has come along the lane
//!   towards it count while it stands; once it has fallen, all of them at their full worth,
//!   so that taking it never looks like a loss.

use settlers_core::ruleset::stage_cost;
use settlers_core::state::WONDER_STAGES;
use settlers_core::topology::CornerId;
use settlers_core::{Game, Seat};

/// Score per pip of production: a settlement on three hexes of 11 pips in all is worth about
/// two thirds of a point besides its own point.
const PER_PIP: f64 = 0.06;
const PER_CARD: f64 = 0.04;
const PER_DEVELOPMENT_CARD: f64 = 0.25;
/// How steeply the worth rises with the lead.
const STEEPNESS: f64 = 0.8;

/// The Wonders of Catan: the worth of 0 to 3 stages built (the 4th wins). A city for the same
/// five cards is a point and some production, about a point and a half, and brings the target
/// a point nearer; a stage brings the outright win a quarter of the way: the first is worth
/// more than the city, and each further one more again.
const STAGES_BUILT: [f64; WONDER_STAGES as usize] = [0.0, 2.0, 4.5, 7.5];
/// A wonder claimed: the only way to its stages, taken from the others.
const WONDER_CLAIMED: f64 = 0.5;
/// A card in hand that the next stage's cost asks for, besides its worth as a card.
const PER_STAGE_CARD: f64 = 0.12;

/// Cloth for Catan: a pip of a village's number, while it holds cloth. A cloth is half a
/// point where a resource card is about a fifth of one (four make a settlement): twice a pip
/// of resources.
const PER_CLOTH_PIP: f64 = 2.0 * PER_PIP;

/// The Pirate Islands: a chit taken from one's fortress (three take it).
const PER_CHIT: f64 = 0.8;
/// A warship while the fortress stands, up to `MOST_WARSHIPS`: each beats one more face of
/// the fortress's die. More than a development card, the Knight it was made of.
const PER_WARSHIP: f64 = 0.35;
/// Seven warships beat every face of the die.
const MOST_WARSHIPS: u32 = 7;
/// A step of the lane the route has come towards the fortress: about a ship's two cards.
const PER_LANE_STEP: f64 = 0.2;

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
        + goals(game, seat)
}

/// The progress of `seat` towards the scenario's own goals (the module comment says what
/// counts); zero in games without them.
fn goals(game: &Game, seat: Seat) -> f64 {
    let rules = &game.config().rules;
    let mut value = 0.0;
    if rules.wonders.is_some() {
        value += wonder_progress(game, seat);
    }
    if rules.cloth.is_some() {
        value += cloth_progress(game, seat);
    }
    if rules.pirate_islands.is_some() {
        value += fortress_progress(game, seat);
    }
    value
}

fn wonder_progress(game: &Game, seat: Seat) -> f64 {
    let Some(wonder) = game.wonder_of(seat) else {
        return 0.0;
    };
    let built = game.wonder_stages(seat).min(WONDER_STAGES - 1);
    let cost = stage_cost(wonder);
    let hand = game.state().player(seat).hand;
    let towards: u8 = (0..5).map(|i| hand.0[i].min(cost.0[i])).sum();
    WONDER_CLAIMED + STAGES_BUILT[usize::from(built)] + PER_STAGE_CARD * f64::from(towards)
}

fn cloth_progress(game: &Game, seat: Seat) -> f64 {
    let Some(rules) = game.config().rules.cloth.as_deref() else {
        return 0.0;
    };
    let cloth = &game.state().cloth;
    let per_point = rules.cloth_per_vp;
    let short = cloth.held[seat.index()] % per_point;
    let pips: u32 = rules
        .villages
        .iter()
        .enumerate()
        .filter(|&(i, _)| cloth.on_village[i] > 0 && cloth.trades(i, seat))
        .map(|(_, v)| pips_of(Some(v.number)))
        .sum();
    f64::from(short) / f64::from(per_point) + PER_CLOTH_PIP * f64::from(pips)
}

fn fortress_progress(game: &Game, seat: Seat) -> f64 {
    let Some(colour) = game
        .config()
        .rules
        .pirate_islands
        .as_deref()
        .and_then(|r| r.colours.get(seat.index()))
    else {
        return 0.0;
    };
    let whole = game.lane_length(seat).unwrap_or(0);
    let chits_taken = colour.fortress_chits - game.state().pirates.chits[seat.index()];
    if game.fortress_conquered(seat) {
        return PER_CHIT * f64::from(chits_taken)
            + PER_WARSHIP * f64::from(MOST_WARSHIPS)
            + PER_LANE_STEP * f64::from(whole);
    }
    let warships = game.warships(seat).len().min(MOST_WARSHIPS as usize) as u32;
    // A route in a dead end of the lane never gets out: it has come no way at all.
    let come = game
        .lane_steps_left(seat)
        .map_or(0, |left| whole.saturating_sub(left));
    PER_CHIT * f64::from(chits_taken)
        + PER_WARSHIP * f64::from(warships)
        + PER_LANE_STEP * f64::from(come)
}

/// The dots under a number token: in how many of the 36 dice rolls it comes up.
fn pips_of(number: Option<u8>) -> u32 {
    match number {
        Some(n @ 2..=12) if n != 7 => 6 - (i32::from(n) - 7).unsigned_abs(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::playout::{Chance, playout};
    use crate::play::GameSpec;
    use crate::{BotRng, HeuristicBot};
    use rand_core::SeedableRng;
    use settlers_core::position::{PhaseText, PhaseWord, Position, WonderPosition};
    use settlers_core::state::Wonder;
    use settlers_core::topology::EdgeId;
    use settlers_core::{Action, Actor, LegalActions, Resources};

    /// A game of `scenario` for 4 from deal `seed`, played on by heuristic bots past the
    /// set-up for `turns` turns.
    fn played(scenario: &str, seed: u64, turns: u16) -> Game {
        let mut rng = BotRng::seed_from_u64(seed);
        let setup = GameSpec::new(scenario, 4).unwrap().setup(&mut rng).unwrap();
        let mut game = Game::new(setup).unwrap();
        let mut legal = LegalActions::default();
        playout(
            &mut game,
            Seat(0),
            turns,
            None,
            &mut HeuristicBot::new(),
            &mut legal,
            &mut Chance::draw(&mut rng),
        );
        assert!(
            !game.is_over(),
            "{scenario}: the game ended in {turns} turns"
        );
        game
    }

    fn with(pos: &Position, change: impl FnOnce(&mut Position)) -> Game {
        let mut pos = pos.clone();
        change(&mut pos);
        Game::from_position(&pos).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_wonder_stage_more_is_worth_more_to_its_builder_the_more_the_nearer_it_is_to_done() {
        let pos = played("wonders-of-catan", 1, 8).to_position();
        let at = |stages: Option<u8>| {
            with(&pos, |p| {
                p.wonders = stages
                    .map(|stages| WonderPosition {
                        wonder: Wonder::Theater,
                        seat: 0,
                        stages,
                    })
                    .into_iter()
                    .collect();
            })
        };
        let unclaimed = at(None);
        let games: Vec<Game> = (0..4).map(|n| at(Some(n))).collect();
        assert!(score(&games[0], Seat(0)) > score(&unclaimed, Seat(0)));
        for n in 1..4 {
            let (before, after) = (&games[n - 1], &games[n]);
            let gain = score(after, Seat(0)) - score(before, Seat(0));
            assert!(gain >= 1.5, "stage {n}: {gain}");
            if n > 1 {
                let earlier = score(before, Seat(0)) - score(&games[n - 2], Seat(0));
                assert!(gain > earlier, "stage {n}: {gain} after {earlier}");
            }
            assert!(worth(after, Seat(0)) > worth(before, Seat(0)));
            // To the others it is a seat nearer its win.
            assert!(worth(after, Seat(1)) < worth(before, Seat(1)));
            // Nothing else moved.
            assert_eq!(score(after, Seat(1)), score(before, Seat(1)));
        }
    }

    #[test]
    fn cards_towards_the_next_stage_count_for_the_builder_of_a_wonder_only() {
        let pos = played("wonders-of-catan", 2, 8).to_position();
        let hand = |wool: u8, claimed: bool| {
            with(&pos, |p| {
                p.bank = None;
                p.players[0].hand = Resources::new(0, 0, wool, 0, 0);
                if claimed {
                    p.wonders = vec![WonderPosition {
                        wonder: Wonder::Theater,
                        seat: 0,
                        stages: 1,
                    }];
                }
            })
        };
        // The Theater's stage takes 3 wool: a 4th is a card like any other.
        let step = |wool: u8, claimed: bool| {
            score(&hand(wool + 1, claimed), Seat(0)) - score(&hand(wool, claimed), Seat(0))
        };
        assert!((step(0, false) - PER_CARD).abs() < 1e-9);
        assert!((step(2, true) - PER_CARD - PER_STAGE_CARD).abs() < 1e-9);
        assert!((step(3, true) - PER_CARD).abs() < 1e-9);
    }

    #[test]
    fn each_cloth_is_its_share_of_a_point_and_a_village_with_cloth_is_production() {
        let pos = played("cloth-for-catan", 3, 8).to_position();
        let base = pos.cloth.clone().unwrap();
        let held = |n: u8| {
            with(&pos, |p| {
                let cloth = p.cloth.as_mut().unwrap();
                let had = cloth.held[0];
                cloth.held[0] = n;
                cloth.supply = cloth.supply + had - n;
            })
        };
        for n in 0..4u8 {
            let (before, after) = (held(n), held(n + 1));
            let gain = score(&after, Seat(0)) - score(&before, Seat(0));
            // Two cloth make a point (SC6-6): a cloth is half of one, whole or not.
            assert!((gain - 0.5).abs() < 1e-9, "cloth {}: {gain}", n + 1);
        }
        // A village seat 0 does not trade with yet, and what trading with it is worth while
        // it holds cloth, and once it is empty.
        let village = base
            .villages
            .iter()
            .position(|v| !v.traders.contains(&0) && v.cloth > 0)
            .expect("a village seat 0 does not trade with");
        let trading = |cloth: Option<u8>| {
            with(&pos, |p| {
                let c = p.cloth.as_mut().unwrap();
                let v = &mut c.villages[village];
                if let Some(n) = cloth {
                    v.traders.push(0);
                    c.supply += v.cloth - n;
                    v.cloth = n;
                }
            })
        };
        let rules = trading(None).config().rules.cloth.clone().unwrap();
        let number = rules.villages[village].number;
        let gain = score(&trading(Some(1)), Seat(0)) - score(&trading(None), Seat(0));
        assert!(
            (gain - PER_CLOTH_PIP * f64::from(pips_of(Some(number)))).abs() < 1e-9,
            "{gain}"
        );
        assert!(gain > 0.0);
        assert_eq!(
            score(&trading(Some(0)), Seat(0)),
            score(&trading(None), Seat(0))
        );
    }

    #[test]
    fn a_chit_taken_a_warship_and_a_step_towards_the_fortress_each_count() {
        let game = played("pirate-islands", 4, 6);
        let pos = game.to_position();
        let t = game.topology();
        let ship = t.edge(EdgeId(
            game.state().player(Seat(0)).ships.iter().next().unwrap() as u16,
        ));
        let table = |chits: u8, warship: bool| {
            with(&pos, |p| {
                let pi = p.pirate_islands.as_mut().unwrap();
                pi.fortresses[0] = chits;
                pi.warships = vec![Vec::new(); 4];
                if warship {
                    pi.warships[0].push(ship);
                }
            })
        };
        let full = game.config().rules.pirate_islands.as_ref().unwrap().colours[0].fortress_chits;
        let plain = score(&table(full, false), Seat(0));
        assert!((score(&table(full - 1, false), Seat(0)) - plain - PER_CHIT).abs() < 1e-9);
        assert!((score(&table(full, true), Seat(0)) - plain - PER_WARSHIP).abs() < 1e-9);

        // Ships that lengthen the route, in seat 0's turn with the cards for six: one on a
        // shortest way on gains a step, one into a dead end of the lane loses every step the
        // route had come.
        let mut game = with(&pos, |p| {
            p.active = Some(0);
            p.phase = PhaseText::Word(PhaseWord::Main);
            p.rolled = Some(true);
            p.players[0].hand = Resources::new(0, 6, 6, 0, 0);
            p.bank = None;
        });
        let mut legal = LegalActions::default();
        let mut before = fortress_progress(&game, Seat(0));
        let mut seen_step = false;
        for _ in 0..6 {
            game.legal_actions_into(Seat(0), &mut legal);
            let mut next = None;
            for a in legal
                .actions
                .iter()
                .filter(|a| matches!(a, Action::BuildShip(_)))
            {
                let mut after = game.clone();
                after.apply(Actor::Seat(Seat(0)), *a).unwrap();
                let progress = fortress_progress(&after, Seat(0));
                if game.closes_way_to_fortress(Seat(0), a) {
                    assert_eq!(progress, 0.0, "{a:?}");
                } else if progress > before {
                    assert!((progress - before - PER_LANE_STEP).abs() < 1e-9, "{a:?}");
                    seen_step = true;
                    next = Some(after);
                }
            }
            let Some(after) = next else {
                break;
            };
            before = fortress_progress(&after, Seat(0));
            game = after;
        }
        assert!(seen_step, "no ship came a step nearer the fortress");
    }

    #[test]
    fn the_games_without_such_goals_are_valued_by_points_and_production_alone() {
        for scenario in ["base", "new-shores", "barbarian-attack", "four-islands"] {
            let game = played(scenario, 5, 10);
            for seat in game.state().seat_ids() {
                assert_eq!(goals(&game, seat), 0.0, "{scenario}, {seat}");
            }
        }
    }
}
