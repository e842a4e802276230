//! What the table can see, asked of the view and told by the events, against what the rules
//! then do: the ships that may move, who can be robbed on a hex, the gold picks owed, and the
//! islands that are home to each seat. Random games of the scenarios that have each.

mod common;

use common::{new_game, random_action};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::ruleset::SpecialVp;
use settlers_core::topology::{EdgeSet, HexId};
use settlers_core::*;

/// What a whole run found, so a test can show that it saw each thing it checks.
#[derive(Default, Debug)]
struct Seen {
    ship_moves: usize,
    ships_built: usize,
    turn_starts_with_ships: usize,
    robber_moves: usize,
    pirate_moves: usize,
    victims_named: usize,
    gold_picks: usize,
    home_islands: usize,
}

fn ship_froms(legal: &LegalActions) -> EdgeSet {
    let mut froms = EdgeSet::new();
    for a in &legal.actions {
        if let Action::MoveShip { from, .. } = a {
            froms.insert(from.index());
        }
    }
    froms
}

/// The victims the legal actions name for a move of the robber or pirate to `hex`.
fn listed_victims(legal: &LegalActions, pirate: bool, hex: HexId) -> SeatSet {
    let mut victims = SeatSet::EMPTY;
    for a in &legal.actions {
        match *a {
            Action::MoveRobber {
                hex: h,
                victim: Some(v),
            } if !pirate && h == hex => victims.insert(v),
            Action::MovePirate {
                hex: h,
                victim: Some(v),
            }
            | Action::MovePirateForCloth { hex: h, victim: v }
                if pirate && h == hex =>
            {
                victims.insert(v)
            }
            _ => {}
        }
    }
    victims
}

/// After an action from `before`: the gold picks owed are told once, when they begin, each
/// with what the bank holds for it. 1 when they began.
fn check_gold_told(game: &Game, before: Phase, events: &[Event], where_: &str) -> usize {
    let told: Vec<(Seat, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::MustPickGold { seat, count } => Some((seat, count)),
            _ => None,
        })
        .collect();
    if game.state().phase == Phase::PickingGold && before != Phase::PickingGold {
        let bank = game.state().bank.total();
        let owed: Vec<(Seat, u8)> = game
            .state()
            .seat_ids()
            .filter_map(|s| {
                let n = game.view(s).gold_picks_owed(s);
                (n > 0).then(|| (s, u32::from(n).min(bank) as u8))
            })
            .collect();
        assert!(!owed.is_empty(), "{where_}");
        assert_eq!(told, owed, "{where_}: the picks told when they begin");
        1
    } else {
        assert!(told.is_empty(), "{where_}: picks told again: {told:?}");
        0
    }
}

/// Plays `games` random games of `scenario` and checks every query and event on the way.
fn check_scenario(scenario: &str, seats: u8, games: u64) -> Seen {
    let mut seen = Seen::default();
    let mut legal = LegalActions::default();
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(g + 100);
        let mut game = new_game(scenario, seats, None, GameOptions::default(), &mut rng)
            .unwrap_or_else(|e| panic!("{scenario}: {e}"));
        let islands = matches!(
            game.spectator_view().rules().special_vp,
            SpecialVp::ForeignIslands { .. }
        );
        let mut homes_checked = false;
        // The seat whose turn the last seat decision was in, and the turn.
        let mut last_turn: Option<(Seat, u16)> = None;
        for step in 0..20_000 {
            let seat = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => {
                    let a = game.sample_chance(&mut rng).unwrap();
                    let before = game.state().phase;
                    let events = game.apply(Actor::Chance, a).unwrap();
                    seen.gold_picks += check_gold_told(
                        &game,
                        before,
                        &events,
                        &format!("{scenario} game {g} step {step}"),
                    );
                    continue;
                }
                ToAct::Seats(seats) => seats.iter().next().unwrap(),
            };
            let where_ = format!("{scenario} game {g} step {step}");
            let phase = game.state().phase;
            if islands && !homes_checked && !phase.is_setup() {
                homes_checked = true;
                for s in game.state().seat_ids() {
                    let view = game.view(s);
                    let mut areas = 0;
                    for c in view.settlements(s).union(&view.cities(s)).iter() {
                        areas |= game.spectator_view().rules().special_vp.areas_at(c);
                    }
                    assert_eq!(view.home_islands(s), areas, "{where_}: {s}");
                    assert_ne!(areas, 0, "{where_}: {s} settled on no island");
                    seen.home_islands += 1;
                }
            }
            if islands {
                for s in game.state().seat_ids() {
                    let view = game.view(s);
                    assert_eq!(
                        view.home_islands(s) & view.scored_islands(s),
                        0,
                        "{where_}: {s} scored a home island"
                    );
                    assert_eq!(
                        view.scored_islands(s) != 0,
                        view.special_victory_points(s) > 0,
                        "{where_}: {s}"
                    );
                }
            }
            game.legal_actions_into(seat, &mut legal);
            let view = game.view(seat);
            let now = view.ships_movable_now(seat);
            let next = view.ships_movable_next_turn(seat);
            assert!(
                ship_froms(&legal).difference(&now).is_empty(),
                "{where_}: a ship listed as moving is not among those that may move now"
            );
            assert!(now.difference(&next).is_empty(), "{where_}");
            let active = game.state().active;
            if seat != active {
                assert!(
                    now.is_empty(),
                    "{where_}: {seat} may move ships in {active}'s turn"
                );
            }
            let turn = (active, game.state().turn);
            if seat == active && last_turn != Some(turn) && !phase.is_setup() {
                // Nothing placed or moved yet this turn: this turn is the next turn of before.
                assert_eq!(now, next, "{where_}: the first decision of a turn");
                if !now.is_empty() {
                    seen.turn_starts_with_ships += 1;
                }
            }
            last_turn = Some(turn);

            let action = random_action(&legal, &mut rng);
            let moved_to = match action {
                Action::MoveRobber { hex, .. } => Some((false, hex)),
                Action::MovePirate { hex, .. } | Action::MovePirateForCloth { hex, .. } => {
                    Some((true, hex))
                }
                _ => None,
            };
            let victims = moved_to.map(|(pirate, hex)| {
                let victims = view.robbable(seat, hex);
                assert_eq!(
                    victims,
                    listed_victims(&legal, pirate, hex),
                    "{where_}: who can be robbed on {hex:?}"
                );
                victims
            });
            let events = game
                .apply(Actor::Seat(seat), action)
                .unwrap_or_else(|e| panic!("{where_}: {action:?}: {e}"));

            if let Some(victims) = victims {
                let told = events.iter().find_map(|e| match e {
                    Event::RobberMoved { victims, .. } | Event::PirateMoved { victims, .. } => {
                        Some(*victims)
                    }
                    _ => None,
                });
                assert_eq!(told, Some(victims), "{where_}: the move's event");
                match moved_to {
                    Some((true, _)) => seen.pirate_moves += 1,
                    _ => seen.robber_moves += 1,
                }
                if !victims.is_empty() {
                    seen.victims_named += 1;
                }
            }
            // A ship placed in setup is no ship of the first turn's (S-13.5 counts turns).
            if let Action::BuildShip(e) = action
                && !phase.is_setup()
            {
                assert!(
                    !game.view(seat).ships_movable_now(seat).contains(e.index()),
                    "{where_}: a ship placed this turn may move"
                );
                seen.ships_built += 1;
            }
            if matches!(action, Action::MoveShip { .. }) {
                seen.ship_moves += 1;
                assert!(
                    game.view(seat).ships_movable_now(seat).is_empty(),
                    "{where_}: a second ship may move in one turn"
                );
            }
            seen.gold_picks += check_gold_told(&game, phase, &events, &where_);
        }
    }
    seen
}

#[test]
fn the_robber_and_its_victims_in_the_base_game() {
    let seen = check_scenario("base", 4, 6);
    assert!(seen.robber_moves > 20, "{seen:?}");
    assert!(seen.victims_named > 5, "{seen:?}");
}

#[test]
fn ships_pirate_gold_and_home_islands_in_four_islands() {
    let seen = check_scenario("four-islands", 4, 6);
    assert!(seen.ship_moves > 5, "{seen:?}");
    assert!(seen.ships_built > 5, "{seen:?}");
    assert!(seen.turn_starts_with_ships > 5, "{seen:?}");
    assert!(seen.pirate_moves > 5, "{seen:?}");
    assert_eq!(seen.home_islands, 24, "{seen:?}");
}

#[test]
fn gold_picks_in_new_shores_and_through_the_desert() {
    let mut gold = 0;
    for scenario in ["new-shores", "through-the-desert"] {
        let seen = check_scenario(scenario, 3, 6);
        assert!(seen.ship_moves > 0, "{scenario}: {seen:?}");
        gold += seen.gold_picks;
    }
    assert!(gold > 5, "gold picks begun: {gold}");
}

#[test]
fn cloth_holders_can_be_robbed_by_the_pirate() {
    let seen = check_scenario("cloth-for-catan", 4, 4);
    assert!(seen.pirate_moves > 5, "{seen:?}");
}
