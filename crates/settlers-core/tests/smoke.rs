use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::below;
use settlers_core::map::LayoutOptions;
use settlers_core::*;

#[test]
fn random_games_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let scenario = Scenario::by_name("base").unwrap();
    let mut legal = LegalActions::default();
    let mut total_steps = 0;
    for g in 0..50 {
        let setup = scenario
            .setup(
                4,
                &LayoutOptions::default(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
        let mut record = settlers_core::record::Record::new(&setup, vec![Default::default(); 4]);
        let mut game = Game::new(setup).unwrap();
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(
                steps < 200_000,
                "game {g} stalled: {}",
                game.describe_phase()
            );
            match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => {
                    let a = game.sample_chance(&mut rng).unwrap();
                    record.push(&game, Actor::Chance, &a);
                    game.apply(Actor::Chance, a).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    game.legal_actions_into(seat, &mut legal);
                    let action = if let Some(d) = legal.discard {
                        let mut hand = d.from;
                        let mut cards = Resources::EMPTY;
                        for _ in 0..d.count {
                            let kinds: Vec<Resource> = hand.kinds().collect();
                            let r = kinds[below(&mut rng, kinds.len() as u32) as usize];
                            *hand.get_mut(r) -= 1;
                            *cards.get_mut(r) += 1;
                        }
                        Action::Discard(cards)
                    } else {
                        let candidates: Vec<Action> = legal
                            .actions
                            .iter()
                            .copied()
                            .filter(|a| {
                                !matches!(a, Action::EndTurn)
                                    || legal.actions.len() == 1
                                    || below(&mut rng, 4) == 0
                            })
                            .collect();
                        let pool = if candidates.is_empty() {
                            &legal.actions
                        } else {
                            &candidates
                        };
                        pool[below(&mut rng, pool.len() as u32) as usize]
                    };
                    let before = game.clone();
                    record.push(&game, Actor::Seat(seat), &action);
                    if steps % 97 == 0 {
                        let again = Game::from_position(&game.to_position())
                            .unwrap_or_else(|e| panic!("{e}"));
                        assert_eq!(again.state(), game.state());
                    }
                    if let Err(e) = game.apply(Actor::Seat(seat), action) {
                        panic!(
                            "legal {action:?} refused: {e} ({})",
                            before.describe_phase()
                        );
                    }
                }
            }
        }
        total_steps += steps;
        record.finish(&game);
        let text = record.to_json_pretty();
        let replayed = settlers_core::record::Record::from_json(&text)
            .unwrap()
            .replay()
            .unwrap();
        assert_eq!(replayed.state(), game.state());
        assert!(game.winner().is_some());
    }
    eprintln!("mean steps {}", total_steps / 50);
}

/// The state is plain data copied whole with every clone: it stays within the 2 KiB that
/// docs/performance.md sets for it, however many scenarios add their pieces to it.
#[test]
fn the_state_stays_within_two_kibibytes() {
    let size = std::mem::size_of::<State>();
    assert!(size <= 2048, "the state is {size} bytes, over 2 KiB");
}
