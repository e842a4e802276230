//! The engine's hot operations, measured on positions from real games: listing the legal
//! actions, applying an action, and cloning a game (what a search bot does most).
//!
//! The positions come from random games (every action equally likely, random discards)
//! played before any measurement: a few hundred states from the middle of games, each with
//! the seat or chance to act and one legal action for it.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::{below, weighted};
use settlers_core::map::LayoutOptions;
use settlers_core::{
    Action, Actor, Event, Game, GameOptions, LegalActions, Resources, Scenario, Seat, ToAct,
};
use std::hint::black_box;

/// How many positions each measurement runs over.
const POSITIONS: usize = 300;
/// Positions are taken every this many actions, from the end of setup on.
const EVERY: u32 = 13;

/// A position with whoever must act and an action they may take.
struct Sample {
    game: Game,
    actor: Actor,
    action: Action,
}

fn random_action(
    game: &Game,
    seat: Seat,
    legal: &mut LegalActions,
    rng: &mut ChaCha8Rng,
) -> Action {
    game.legal_actions_into(seat, legal);
    if let Some(d) = legal.discard {
        let mut left = d.from;
        let mut cards = Resources::EMPTY;
        for _ in 0..d.count {
            let i = weighted(rng, &left.0).expect("the hand covers the discard");
            left.0[i] -= 1;
            cards.0[i] += 1;
        }
        return Action::Discard(cards);
    }
    legal.actions[below(rng, legal.actions.len() as u32) as usize]
}

fn positions() -> Vec<Sample> {
    let scenario = Scenario::by_name("base").expect("the base game");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut legal = LegalActions::default();
    let mut samples = Vec::with_capacity(POSITIONS);
    while samples.len() < POSITIONS {
        let setup = scenario
            .setup(
                4,
                &LayoutOptions::default(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .expect("a base game");
        let mut game = Game::new(setup).expect("a valid set-up");
        let mut step = 0u32;
        loop {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => (
                    Actor::Chance,
                    game.sample_chance(&mut rng).expect("chance acts"),
                ),
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().expect("a seat acts");
                    (
                        Actor::Seat(seat),
                        random_action(&game, seat, &mut legal, &mut rng),
                    )
                }
            };
            step += 1;
            if game.state().turn > 0 && step.is_multiple_of(EVERY) && samples.len() < POSITIONS {
                samples.push(Sample {
                    game: game.clone(),
                    actor,
                    action,
                });
            }
            game.apply_with(actor, action, &mut ())
                .expect("a legal action");
        }
    }
    samples
}

fn engine(c: &mut Criterion) {
    let samples = positions();
    let seated: Vec<(&Game, Seat)> = samples
        .iter()
        .filter_map(|s| match s.actor {
            Actor::Seat(seat) => Some((&s.game, seat)),
            Actor::Chance => None,
        })
        .collect();

    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(seated.len() as u64));
    group.bench_function("legal_actions", |b| {
        let mut legal = LegalActions::default();
        b.iter(|| {
            let mut n = 0;
            for (game, seat) in &seated {
                game.legal_actions_into(*seat, &mut legal);
                n += legal.actions.len();
            }
            black_box(n)
        })
    });

    group.throughput(Throughput::Elements(samples.len() as u64));
    let games: Vec<Game> = samples.iter().map(|s| s.game.clone()).collect();
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || games.clone(),
            |games| {
                for (game, s) in games.iter_mut().zip(&samples) {
                    black_box(game.apply_with(s.actor, s.action, &mut ())).expect("legal");
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("apply_with_events", |b| {
        let mut events: Vec<Event> = Vec::new();
        b.iter_batched_ref(
            || games.clone(),
            |games| {
                for (game, s) in games.iter_mut().zip(&samples) {
                    events.clear();
                    game.apply_with(s.actor, s.action, &mut events)
                        .expect("legal");
                    black_box(events.len());
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("clone", |b| {
        b.iter(|| {
            for game in &games {
                black_box(game.clone());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
