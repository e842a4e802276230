//! Barbarian Attack's knight moves given as sets (`LegalActions::compact_knight_moves`) are
//! the moves listed one by one, in the same order, and `permits` agrees on each.

mod common;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use settlers_core::action::LegalActions;
use settlers_core::{Action, Actor, ToAct};

#[test]
fn knight_sets_are_the_listed_moves() {
    let mut compared = 0;
    for seats in [2u8, 3, 4] {
        for seed in 0..4 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = common::new_game(
                "barbarian-attack",
                seats,
                None,
                Default::default(),
                &mut rng,
            )
            .unwrap();
            let mut compact = LegalActions {
                compact_knight_moves: true,
                ..LegalActions::default()
            };
            for _ in 0..20_000 {
                let action = match game.to_act() {
                    ToAct::Nobody => break,
                    ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                    ToAct::Seats(waiting) => {
                        let seat = waiting.iter().next().unwrap();
                        let listed = game.legal_actions(seat);
                        game.legal_actions_into(seat, &mut compact);
                        let moves: Vec<Action> =
                            listed.actions[listed.knight_moves.clone()].to_vec();
                        let from_sets: Vec<Action> = (0..compact.knight_move_count())
                            .map(|n| compact.nth_knight_move(n).unwrap())
                            .collect();
                        assert_eq!(moves, from_sets);
                        assert!(compact.knight_moves.is_empty());
                        assert_eq!(compact.actions.len() + moves.len(), listed.actions.len());
                        for a in &listed.actions {
                            assert!(compact.permits(a), "{a:?} is listed, not in the sets");
                        }
                        compared += moves.len();
                        let i = (rng.next_u32() as usize) % listed.actions.len().max(1);
                        let a = match (listed.actions.get(i), listed.discard, listed.gold) {
                            (_, Some(d), _) => Action::Discard(first_cards(d)),
                            (_, _, Some(g)) => Action::PickResources(first_cards(g)),
                            (Some(a), _, _) => *a,
                            _ => break,
                        };
                        (Actor::Seat(seat), a)
                    }
                };
                game.apply(action.0, action.1)
                    .unwrap_or_else(|e| panic!("{action:?} was chosen from the legal ones: {e}"));
            }
        }
    }
    assert!(compared > 1000, "only {compared} knight moves compared");
}

/// `range.count` cards out of `range.from`, the first types first.
fn first_cards(range: settlers_core::action::CardRange) -> settlers_core::Resources {
    let mut out = settlers_core::Resources::EMPTY;
    let mut left = u32::from(range.count);
    for (i, &n) in range.from.0.iter().enumerate() {
        let take = left.min(u32::from(n));
        out.0[i] = take as u8;
        left -= take;
    }
    out
}
