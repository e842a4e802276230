//! The card tracking of the views (settlers-core's `card_tracking.rs`) against the truth, over
//! random and heuristic games of every scenario and player count, Barbarian Attack with its
//! event cards too. At every step, for every viewer (each seat, and a spectator) and every
//! seat: the cards the tracker says are held for certain are held, and the real hand lies
//! within what it says is possible. And where chance or a seat moves cards face down (a
//! steal, a forced trade, a card given for an event, a development card drawn), every outcome
//! leaves a third party the same view: the tracker learns nothing it should not.
//!
//! `SETTLERS_TRACKING_GAMES=<n>` plays `n` games per scenario and player count (default
//! `GAMES`), for a longer hunt.

mod common;

use common::{every_table, games_from_env, new_game, next_move, random_and_heuristic};
use rand_core::SeedableRng;
use settlers_bots::play::GameSpec;
use settlers_bots::{Bot, BotRng};
use settlers_core::scenario::SCENARIOS;
use settlers_core::{Action, Actor, Game, GameOptions, LegalActions, Phase, Seat};

/// Games per scenario and player count in a plain test run.
const GAMES: u64 = 10;
/// Random Barbarian Attack for two takes thousands of turns; a game may stop here.
const MOST_STEPS: u64 = 60_000;

fn games() -> u64 {
    games_from_env("SETTLERS_TRACKING_GAMES", GAMES)
}

/// What a run of games saw, so the test can tell that it tested something.
#[derive(Default, Debug)]
struct Seen {
    games: u64,
    steps: u64,
    /// (viewer, seat) pairs checked while the viewer's knowledge was inexact.
    inexact: u64,
    /// Steps whose outcomes were compared for a third party.
    hidden_steps: u64,
}

/// Every viewer's knowledge of every seat, checked against the real hands.
fn check_knowledge(game: &Game, seen: &mut Seen) -> Result<(), String> {
    let s = game.state();
    let viewers = s.seat_ids().map(Some).chain([None]);
    for viewer in viewers {
        for seat in s.seat_ids() {
            let real = s.player(seat).hand;
            let known = game.hand_bounds(viewer, seat);
            if !known.admits(&real) {
                return Err(format!(
                    "{viewer:?} knows {seat} to hold {} to {}, but it holds {real}",
                    known.low, known.high
                ));
            }
            if viewer == Some(seat) && !known.is_exact() {
                return Err(format!("{seat} does not know its own hand: {known:?}"));
            }
            if !known.is_exact() {
                seen.inexact += 1;
            }
            let view = match viewer {
                Some(v) => game.view(v),
                None => game.spectator_view(),
            };
            if view.hand_bounds(seat) != known {
                return Err(format!(
                    "the view of {viewer:?} tells {seat}'s cards otherwise"
                ));
            }
        }
        let view = match viewer {
            Some(v) => game.view(v),
            None => game.spectator_view(),
        };
        // The unseen cards are the deck (with the Forgotten Tribe's face-down gifts, drawn
        // from it when claimed) and the others' unplayed cards, as their counts say.
        let unseen = view.unseen_development_cards().total();
        let deck = s.deck.total();
        let others: u32 = s
            .seat_ids()
            .filter(|&seat| Some(seat) != viewer)
            .map(|seat| view.development_card_count(seat))
            .sum();
        if unseen != deck + others {
            return Err(format!(
                "{viewer:?} has {unseen} unseen development cards, but the deck holds {deck} and the others {others}"
            ));
        }
    }
    Ok(())
}

/// The seats that see the cards an action about to be taken moves face down, and the other
/// ways it could go, when it is such an action.
fn hidden_alternatives(
    game: &Game,
    actor: Actor,
    action: &Action,
    legal: &LegalActions,
) -> Option<(Vec<Seat>, Vec<Action>)> {
    let s = game.state();
    match (actor, s.phase) {
        (Actor::Chance, Phase::Stealing { victim }) => {
            Some((vec![s.active, victim], outcomes(game)))
        }
        (Actor::Chance, Phase::EventStealing { taker, victim }) => {
            Some((vec![taker, victim], outcomes(game)))
        }
        (Actor::Chance, Phase::ForcedTrade { victim }) => {
            Some((vec![s.active, victim], outcomes(game)))
        }
        // Barbarian Attack's cards are played face up as drawn (BA-13): not these.
        (Actor::Chance, Phase::Drawing | Phase::DrawingGift)
            if matches!(
                action,
                Action::DrawDevelopmentCard(_) | Action::RevealGiftCard(_)
            ) =>
        {
            Some((vec![s.active], outcomes(game)))
        }
        (Actor::Seat(seat), Phase::GivingBack { victim }) => {
            let range = legal.give_back?;
            let hand = range.from;
            let others = every_hand(hand, u32::from(range.count))
                .into_iter()
                .map(Action::GiveBack)
                .collect();
            Some((vec![seat, victim], others))
        }
        (Actor::Seat(seat), Phase::Event) => match *action {
            Action::GiveCard { to, .. } => {
                let others = legal
                    .actions
                    .iter()
                    .filter(|a| matches!(a, Action::GiveCard { to: t, .. } if *t == to))
                    .copied()
                    .collect();
                Some((vec![seat, to], others))
            }
            _ => None,
        },
        _ => None,
    }
}

fn outcomes(game: &Game) -> Vec<Action> {
    game.chance_outcomes().into_iter().map(|(a, _)| a).collect()
}

/// Every hand of `count` cards drawn from `from`.
fn every_hand(from: settlers_core::Resources, count: u32) -> Vec<settlers_core::Resources> {
    let mut out = vec![settlers_core::Resources::EMPTY];
    for _ in 0..count {
        let mut next = Vec::new();
        for h in &out {
            for r in settlers_core::Resource::ALL {
                let mut more = *h;
                *more.get_mut(r) += 1;
                if from.covers(&more) && !next.contains(&more) {
                    next.push(more);
                }
            }
        }
        out = next;
    }
    out
}

/// Applies each alternative on a copy: every seat outside `parties`, and a spectator, must
/// be left the same view whichever it was, unless the game ended on one of them (a drawn
/// Victory Point card may win, and the end shows every card).
fn check_no_leak(
    game: &Game,
    actor: Actor,
    parties: &[Seat],
    alternatives: &[Action],
) -> Result<bool, String> {
    if alternatives.len() < 2 {
        return Ok(false);
    }
    let mut afters = Vec::new();
    for a in alternatives {
        let mut g = game.clone();
        g.apply(actor, *a)
            .map_err(|e| format!("the alternative {a:?} is refused: {e}"))?;
        if g.is_over() {
            return Ok(false);
        }
        afters.push((a, g));
    }
    let third_parties = game
        .state()
        .seat_ids()
        .filter(|s| !parties.contains(s))
        .map(Some)
        .chain([None]);
    for viewer in third_parties {
        let data = |g: &Game| match viewer {
            Some(v) => g.view(v).to_data_without_map(),
            None => g.spectator_view().to_data_without_map(),
        };
        let first = data(&afters[0].1);
        for (a, g) in &afters[1..] {
            let other = data(g);
            if other != first {
                let (one, two) = (format!("{first:#?}"), format!("{other:#?}"));
                let apart: Vec<String> = one
                    .lines()
                    .zip(two.lines())
                    .filter(|(x, y)| x != y)
                    .take(6)
                    .map(|(x, y)| format!("{} / {}", x.trim(), y.trim()))
                    .collect();
                return Err(format!(
                    "{viewer:?} sees {:?} and {a:?} apart: {apart:?}",
                    afters[0].0
                ));
            }
        }
    }
    Ok(true)
}

/// Plays one game of `spec` from `seed`, checking at every step.
fn play_checked(spec: &GameSpec, seed: u64, seen: &mut Seen) -> Result<(), String> {
    let mut rng = BotRng::seed_from_u64(seed);
    let mut game = new_game(spec, &mut rng)?;
    let mut bots = random_and_heuristic(spec.seats, seed);
    let mut bot_rng = BotRng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = LegalActions::default();
    for step in 0..MOST_STEPS {
        let Some((actor, action)) =
            next_move(&game, &mut legal, &mut rng, |view, seat, legal, _| {
                bots[seat.index()].choose(view, legal, &mut bot_rng)
            })
        else {
            break;
        };
        // Comparing every outcome is dear: all of them on one step in eight.
        if step % 8 == 0
            && let Some((parties, alternatives)) =
                hidden_alternatives(&game, actor, &action, &legal)
            && check_no_leak(&game, actor, &parties, &alternatives)
                .map_err(|e| format!("step {step}: {e}"))?
        {
            seen.hidden_steps += 1;
        }
        game.apply(actor, action)
            .map_err(|e| format!("step {step}: {action:?} is refused: {e}"))?;
        check_knowledge(&game, seen)
            .map_err(|e| format!("step {step}, after {actor:?} {action:?}: {e}"))?;
        seen.steps += 1;
    }
    seen.games += 1;
    Ok(())
}

fn run(scenario: &str, options: GameOptions, seed: u64) -> Seen {
    let mut seen = Seen::default();
    every_table(scenario, &options, seed, games(), |spec, seed| {
        play_checked(spec, seed, &mut seen)
    });
    seen
}

#[test]
fn the_tracker_is_true_in_every_scenario() {
    let mut total = Seen::default();
    for scenario in SCENARIOS {
        let seen = run(scenario.name, GameOptions::default(), 21);
        assert!(
            seen.inexact > 0,
            "{}: no steal ever left a doubt: {seen:?}",
            scenario.name
        );
        assert!(
            seen.hidden_steps > 0,
            "{}: no hidden move compared: {seen:?}",
            scenario.name
        );
        total.games += seen.games;
        total.steps += seen.steps;
    }
    eprintln!("{} games, {} steps", total.games, total.steps);
}

#[test]
fn the_tracker_is_true_with_event_cards() {
    let options = GameOptions {
        event_cards: true,
        ..GameOptions::default()
    };
    let seen = run("barbarian-attack", options, 22);
    assert!(seen.inexact > 0 && seen.hidden_steps > 0, "{seen:?}");
}
