//! Every scenario, played to the end at random: every listed action applies.
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::below;
use settlers_core::*;

#[test]
fn random_games_of_every_scenario_finish() {
    for scenario in settlers_core::scenario::SCENARIOS {
        for seats in scenario.players() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            for g in 0..40 {
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
                loop {
                    steps += 1;
                    assert!(
                        steps < 200_000,
                        "{} game {g} stalled: {}",
                        scenario.name,
                        game.describe_phase()
                    );
                    let (actor, action) = match game.to_act() {
                        ToAct::Nobody => break,
                        ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                        ToAct::Seats(seats) => {
                            let seat = seats.iter().next().unwrap();
                            let legal = game.legal_actions(seat);
                            let action = if let Some(d) = legal.discard.or(legal.gold) {
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
                                } else {
                                    Action::PickResources(cards)
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
                assert!(game.winner().is_some());
                record.finish(&game);
                let replayed = settlers_core::record::Record::from_json(&record.to_json_pretty())
                    .unwrap()
                    .replay();
                let replayed =
                    replayed.unwrap_or_else(|e| panic!("{} game {g}: {e}", scenario.name));
                assert_eq!(replayed.state(), game.state());
                assert_eq!(replayed.board(), game.board());
            }
        }
    }
}
