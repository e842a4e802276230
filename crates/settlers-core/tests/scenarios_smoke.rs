//! Barbarian Attack and its variants (event cards, the Harbormaster), played at random for 2,
//! 3 and 4 players: every listed action applies, positions read back as they were written,
//! and the record replays to the same game. Random play is slow to win Barbarian Attack for
//! two (thousands of turns), so a game may stop at a step limit; most must still end with a
//! winner.

mod common;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::below;
use settlers_core::*;

const MAX_STEPS: usize = 150_000;

/// The variants played, and how many games of each per player count.
fn variants() -> Vec<(&'static str, GameOptions, usize)> {
    vec![
        ("plain", GameOptions::default(), 6),
        (
            "event cards",
            GameOptions {
                event_cards: true,
                ..GameOptions::default()
            },
            8,
        ),
        (
            "harbormaster",
            GameOptions {
                harbormaster: true,
                ..GameOptions::default()
            },
            4,
        ),
        (
            "event cards, no tournament, harbormaster",
            GameOptions {
                event_cards: true,
                tournament: TournamentMode::None,
                harbormaster: true,
                ..GameOptions::default()
            },
            4,
        ),
    ]
}

#[test]
fn random_barbarian_attack_games_finish() {
    let scenario = settlers_core::Scenario::by_name("barbarian-attack").unwrap();
    for (variant, options, games) in variants() {
        // What the games of a variant must show at least once between them.
        let mut seen = std::collections::BTreeSet::new();
        for seats in scenario.players() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut won = 0;
            for g in 0..games {
                let setup = scenario
                    .setup(
                        seats,
                        &scenario.default_layout_options(),
                        None,
                        options.clone(),
                        &mut rng,
                    )
                    .unwrap();
                let mut record = settlers_core::record::Record::new(
                    &setup,
                    vec![Default::default(); seats as usize],
                );
                let mut game = Game::new(setup).unwrap();
                let mut steps = 0;
                let mut legal = LegalActions::default();
                while steps < MAX_STEPS {
                    steps += 1;
                    let Some((actor, action)) =
                        common::next_move(&game, &mut legal, &mut rng, |seat, legal, rng| {
                            if let Some(d) = legal.discard.or(legal.gold).or(legal.give_back) {
                                let mut from = d.from;
                                let mut cards = Resources::EMPTY;
                                for _ in 0..d.count {
                                    let i = settlers_core::chance::weighted(rng, &from.0).unwrap();
                                    from.0[i] -= 1;
                                    cards.0[i] += 1;
                                }
                                if legal.discard.is_some() {
                                    Action::Discard(cards)
                                } else if legal.gold.is_some() {
                                    Action::PickResources(cards)
                                } else {
                                    Action::GiveBack(cards)
                                }
                            } else {
                                assert!(
                                    !legal.actions.is_empty(),
                                    "{} game {g}: {seat} has nothing to do: {}",
                                    variant,
                                    game.describe_phase()
                                );
                                builder_choice(&legal.actions, rng)
                            }
                        })
                    else {
                        break;
                    };
                    record.push(&game, actor, &action);
                    match game.apply(actor, action) {
                        Ok(events) => {
                            for event in events {
                                seen.insert(match event {
                                    Event::EventCardRevealed { kind, .. } => format!("{kind:?}"),
                                    other => format!("{other:?}")
                                        .split([' ', '{', '('])
                                        .next()
                                        .unwrap_or_default()
                                        .to_string(),
                                });
                            }
                        }
                        Err(e) => panic!(
                            "{} game {g} step {steps}: legal {action:?} refused: {e} ({})",
                            variant,
                            game.describe_phase()
                        ),
                    }
                    if steps % 211 == 0 {
                        let again = Game::from_position(&game.to_position())
                            .unwrap_or_else(|e| panic!("{} game {g}: {e}", variant));
                        assert_eq!(
                            again.state(),
                            game.state(),
                            "{} game {g} step {steps}",
                            variant
                        );
                    }
                }
                won += usize::from(game.winner().is_some());
                record.finish(&game);
                let replayed = settlers_core::record::Record::from_json(&record.to_json_pretty())
                    .unwrap()
                    .replay();
                let replayed = replayed.unwrap_or_else(|e| panic!("{} game {g}: {e}", variant));
                assert_eq!(replayed.state(), game.state());
                assert_eq!(replayed.board(), game.board());
            }
            assert!(
                won * 4 >= games * 3,
                "{variant} for {seats}: only {won} of {games} random games were won within {MAX_STEPS} steps"
            );
        }
        let mut wanted = vec!["BattleWon", "PrisonersWon", "KnightLost", "GoldExchanged"];
        if options.event_cards {
            wanted.extend([
                "NewYear",
                "EventCardRejected",
                "Calm",
                "RobberAttacks",
                "Epidemic",
                "NeighborlyAssistance",
                "CalmSea",
                "RobberFlees",
                "PlentifulYear",
                "Conflict",
                "TradeAdvantage",
                "Earthquake",
                "GoodNeighbors",
                "RoadDamaged",
                "RoadRepaired",
                "CardGiven",
            ]);
            if options.tournament == TournamentMode::KnightsOnBoard {
                wanted.push("Tournament");
            }
        }
        if options.harbormaster {
            wanted.push("Harbormaster");
        }
        let missing: Vec<_> = wanted.into_iter().filter(|w| !seen.contains(*w)).collect();
        assert!(missing.is_empty(), "{variant}: no game showed {missing:?}");
    }
}

/// A random choice that builds when it can more often than not, so games end in hundreds of
/// turns rather than thousands.
fn builder_choice(actions: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let is_build = |a: &&Action| {
        matches!(
            a,
            Action::BuildSettlement(_)
                | Action::BuildCity(_)
                | Action::BuildRoad(_)
                | Action::BuyDevelopmentCard
                | Action::RepairRoad(_)
        )
    };
    let builds = actions.iter().filter(is_build).count();
    if builds > 0 && below(rng, 4) > 0 {
        let nth = below(rng, builds as u32) as usize;
        return *actions.iter().filter(is_build).nth(nth).unwrap();
    }
    actions[below(rng, actions.len() as u32) as usize]
}
