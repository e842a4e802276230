//! Barbarian Attack, played at random: every listed action applies, positions read back as
//! they were written, and the record replays to the same game. Random play is slow to win
//! Barbarian Attack for two (thousands of turns), so a game may stop at a step limit; most
//! must still end with a winner.
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::below;
use settlers_core::*;

const GAMES: usize = 12;
const MAX_STEPS: usize = 150_000;

#[test]
fn random_games_of_every_scenario_finish() {
    for scenario in settlers_core::scenario::SCENARIOS
        .iter()
        // The property suites (tests/properties.rs) play every other scenario, with more checks.
        .filter(|s| s.name == "barbarian-attack")
    {
        for seats in scenario.players() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut won = 0;
            for g in 0..GAMES {
                let setup = scenario
                    .setup(
                        seats,
                        &scenario.default_layout_options(),
                        None,
                        GameOptions::default(),
                        &mut rng,
                    )
                    .unwrap();
                let mut record = settlers_core::record::Record::new(
                    &setup,
                    vec![Default::default(); seats as usize],
                );
                let mut game = Game::new(setup).unwrap();
                let mut steps = 0;
                while steps < MAX_STEPS {
                    steps += 1;
                    let (actor, action) = match game.to_act() {
                        ToAct::Nobody => break,
                        ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                        ToAct::Seats(seats) => {
                            let seat = seats.iter().next().unwrap();
                            let legal = game.legal_actions(seat);
                            let action = if let Some(d) =
                                legal.discard.or(legal.gold).or(legal.give_back)
                            {
                                let mut from = d.from;
                                let mut cards = Resources::EMPTY;
                                for _ in 0..d.count {
                                    let i =
                                        settlers_core::chance::weighted(&mut rng, &from.0).unwrap();
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
                                    scenario.name,
                                    game.describe_phase()
                                );
                                legal.actions[below(&mut rng, legal.actions.len() as u32) as usize]
                            };
                            (Actor::Seat(seat), action)
                        }
                    };
                    record.push(&game, actor, &action);
                    if let Err(e) = game.apply(actor, action) {
                        panic!(
                            "{} game {g} step {steps}: legal {action:?} refused: {e} ({})",
                            scenario.name,
                            game.describe_phase()
                        );
                    }
                    if steps % 211 == 0 {
                        let again = Game::from_position(&game.to_position())
                            .unwrap_or_else(|e| panic!("{} game {g}: {e}", scenario.name));
                        assert_eq!(
                            again.state(),
                            game.state(),
                            "{} game {g} step {steps}",
                            scenario.name
                        );
                    }
                }
                won += usize::from(game.winner().is_some());
                record.finish(&game);
                let replayed = settlers_core::record::Record::from_json(&record.to_json_pretty())
                    .unwrap()
                    .replay();
                let replayed =
                    replayed.unwrap_or_else(|e| panic!("{} game {g}: {e}", scenario.name));
                assert_eq!(replayed.state(), game.state());
                assert_eq!(replayed.board(), game.board());
            }
            assert!(
                won * 4 >= GAMES * 3,
                "{} for {seats}: only {won} of {GAMES} random games were won within {MAX_STEPS} steps",
                scenario.name
            );
        }
    }
}
