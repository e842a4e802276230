//! Random games of every scenario for the crate's own tests, which see inside a game
//! (the test files under `tests/` have their own, `tests/common`).

use crate::action::{Action, Actor, LegalActions, ToAct};
use crate::chance::below;
use crate::game::{Game, GameOptions};
use crate::resources::Resources;
use crate::scenario::SCENARIOS;
use crate::state::TradeOffer;
use rand_chacha::ChaCha8Rng;

/// `count` cards out of `from`, the first kinds first.
pub(crate) fn cards_out_of(from: Resources, count: u8) -> Resources {
    let mut left = count;
    let mut out = Resources::EMPTY;
    for (o, &n) in out.0.iter_mut().zip(from.0.iter()) {
        *o = n.min(left);
        left -= *o;
    }
    out
}

/// A random action of `legal`, offers to other players among them (one card for one).
pub(crate) fn random_action(legal: &LegalActions, rng: &mut ChaCha8Rng) -> Action {
    if let Some(d) = legal.discard {
        return Action::Discard(cards_out_of(d.from, d.count));
    }
    if let Some(g) = legal.gold {
        return Action::PickResources(cards_out_of(g.from, g.count));
    }
    if let Some(g) = legal.give_back {
        return Action::GiveBack(cards_out_of(g.from, g.count));
    }
    if let Some(o) = legal.offer
        && below(rng, 4) == 0
        && let Some(give) = (0..5).find(|&i| o.can_give.0[i] > 0)
    {
        let mut get = Resources::EMPTY;
        get.0[(give + 1 + below(rng, 4) as usize) % 5] = 1;
        let mut offered = Resources::EMPTY;
        offered.0[give] = 1;
        return Action::OfferTrade(TradeOffer::cards(offered, get, o.to));
    }
    let others: Vec<Action> = legal
        .actions
        .iter()
        .copied()
        .filter(|a| *a != Action::EndTurn)
        .collect();
    if others.is_empty() || below(rng, 8) == 0 {
        legal
            .actions
            .iter()
            .copied()
            .find(|a| *a == Action::EndTurn)
            .unwrap_or(legal.actions[0])
    } else {
        others[below(rng, others.len() as u32) as usize]
    }
}

/// Plays `games` random games of every scenario for each player count, Barbarian Attack
/// with event cards and with `win_off_turn` too, each to its end or `steps` actions.
/// `step` is given the scenario's name, the game, and the action to apply, and applies it.
/// Returns how many of the games were won.
pub(crate) fn every_scenario(
    games: usize,
    steps: usize,
    rng: &mut ChaCha8Rng,
    mut step: impl FnMut(&str, &mut Game, Actor, Action),
) -> u32 {
    let mut won = 0;
    for scenario in SCENARIOS {
        let mut variants = vec![GameOptions::default()];
        if scenario.name == "barbarian-attack" {
            variants.push(GameOptions {
                event_cards: true,
                ..GameOptions::default()
            });
            variants.push(GameOptions {
                win_off_turn: true,
                ..GameOptions::default()
            });
        }
        for seats in scenario.players() {
            for options in &variants {
                for _ in 0..games {
                    let setup = scenario
                        .setup(
                            seats,
                            &scenario.default_layout_options(),
                            None,
                            options.clone(),
                            rng,
                        )
                        .unwrap();
                    let mut game = Game::new(setup).unwrap();
                    let mut legal = LegalActions::default();
                    for _ in 0..steps {
                        let (actor, action) = match game.to_act() {
                            ToAct::Nobody => break,
                            ToAct::Chance(_) => (Actor::Chance, game.sample_chance(rng).unwrap()),
                            ToAct::Seats(seats) => {
                                let seat = seats.iter().next().unwrap();
                                game.legal_actions_into(seat, &mut legal);
                                (Actor::Seat(seat), random_action(&legal, rng))
                            }
                        };
                        step(scenario.name, &mut game, actor, action);
                    }
                    won += u32::from(game.state.winner.is_some());
                }
            }
        }
    }
    won
}
