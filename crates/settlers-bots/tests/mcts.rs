//! The search bot `mcts`: it takes a win that is there to take, plays only legal actions in
//! whole games of several scenarios, decides the same whatever an opponent's hidden cards
//! (the view being the same), and is built by name with its settings, bad ones refused in
//! words.

mod common;

use common::{Checked, new_game, next_move, play};
use rand_core::SeedableRng;
use settlers_bots::mcts::{Budget, Settings};
use settlers_bots::play::{GameSpec, game_seed};
use settlers_bots::{Bot, BotRng, HeuristicBot, MctsBot, by_name};
use settlers_core::{Action, Actor, Game, LegalActions, Phase, Resources, Seat};

fn kind(action: &Action, _: Phase) -> &'static str {
    match action {
        Action::OfferTrade(_) => "offer",
        Action::BuildCity(_) | Action::BuildSettlement(_) => "build",
        _ => "other",
    }
}

fn small(iterations: u32) -> MctsBot {
    MctsBot::new(Settings {
        budget: Budget::Iterations(iterations),
        turns: 1,
    })
}

/// A base game played by heuristic bots from deal `seed` until seat 0 may build in its turn
/// (it has rolled), after turn 4, leading or level by points; `None` if the game never gets
/// there so.
fn seat_0_building(seed: u64) -> Option<Game> {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut rng = BotRng::seed_from_u64(game_seed(seed, 0));
    let mut game = new_game(&spec, &mut rng).unwrap();
    let mut bot = HeuristicBot::new();
    let mut legal = LegalActions::default();
    loop {
        let s = game.state();
        let points = |seat: u8| game.victory_points(Seat(seat));
        if s.phase == Phase::Main
            && s.active == Seat(0)
            && s.turn > 4
            && (1..4).all(|o| points(o) <= points(0))
            && !s.player(Seat(0)).settlements.is_empty()
        {
            return Some(game);
        }
        let (actor, action) = next_move(&game, &mut legal, &mut rng, |view, _, legal, rng| {
            bot.choose(view, legal, rng)
        })?;
        game.apply(actor, action).unwrap();
    }
}

#[test]
fn it_takes_a_win_this_turn() {
    let mut tried = 0;
    for seed in 0..40 {
        let Some(game) = seat_0_building(seed) else {
            continue;
        };
        // One point short of the target, with the cards for a city or a development card:
        // the city wins now, the card most likely not.
        let mut pos = game.to_position();
        pos.victory_points = Some(game.victory_points(Seat(0)) + 1);
        pos.players[0].hand = Resources::new(0, 0, 1, 2, 3);
        pos.bank = None;
        let Ok(game) = Game::from_position(&pos) else {
            continue;
        };
        let legal = game.legal_actions(Seat(0));
        let Some(city) = legal
            .actions
            .iter()
            .find(|a| matches!(a, Action::BuildCity(_)))
            .copied()
        else {
            continue;
        };
        if !legal.permits(&Action::BuyDevelopmentCard) {
            continue;
        }
        let mut bot = small(40);
        let chosen = bot.choose(
            &game.view(Seat(0)),
            &legal,
            &mut BotRng::seed_from_u64(seed),
        );
        let mut after = game.clone();
        after.apply(Actor::Seat(Seat(0)), chosen).unwrap();
        assert_eq!(
            after.winner(),
            Some(Seat(0)),
            "deal {seed}: it chose {chosen:?}, not a winning city such as {city:?}"
        );
        tried += 1;
        if tried == 3 {
            return;
        }
    }
    panic!("only {tried} positions with a winning city were found");
}

/// On too few playouts to show anything, it plays the heuristic bot's choice: a search of
/// 5 playouts compares a candidate with the heuristic's choice in 2 rounds at most (a round
/// plays the heuristic's choice and at least one other), fewer than the 6 it asks for
/// (`mcts/search.rs`), so its choice must be the heuristic's at every decision of seat 0 in
/// games of heuristic bots, a win at once apart.
#[test]
fn on_little_evidence_it_plays_the_heuristics_choice() {
    let mut compared = 0;
    for (scenario, seats, deal) in [
        ("base", 4, 3),
        ("new-shores", 3, 5),
        ("barbarian-attack", 2, 7),
    ] {
        let spec = GameSpec::new(scenario, seats).unwrap();
        let mut rng = BotRng::seed_from_u64(game_seed(deal, 0));
        let mut game = new_game(&spec, &mut rng).unwrap();
        let mut heuristic = HeuristicBot::new();
        let mut legal = LegalActions::default();
        for step in 0..3_000 {
            let Some((actor, action)) =
                next_move(&game, &mut legal, &mut rng, |view, _, legal, rng| {
                    heuristic.choose(view, legal, rng)
                })
            else {
                break;
            };
            let searched = actor == Actor::Seat(Seat(0))
                && step % 3 == 0
                && matches!(game.state().phase, Phase::Main | Phase::BeforeRoll)
                && legal.actions.len() > 1;
            if searched {
                let chosen = small(5).choose(
                    &game.view(Seat(0)),
                    &legal,
                    &mut BotRng::seed_from_u64(step),
                );
                let mut after = game.clone();
                after.apply(actor, chosen).unwrap();
                if after.winner() != Some(Seat(0)) {
                    assert_eq!(chosen, action, "{scenario}, step {step}");
                    compared += 1;
                }
            }
            game.apply(actor, action).unwrap();
        }
    }
    assert!(compared >= 30, "only {compared} decisions compared");
}

#[test]
fn it_plays_only_legal_actions_and_games_end() {
    for (scenario, seats) in [
        ("base", 4),
        ("new-shores", 3),
        ("barbarian-attack", 3),
        ("cloth-for-catan", 3),
    ] {
        let lineup = {
            let mut l = vec!["heuristic"; seats];
            l[0] = "mcts:iterations=4,turns=1";
            l
        };
        let mut searched = 0u64;
        play(
            scenario,
            &lineup,
            2,
            9,
            false,
            |name| Checked::new(name, kind),
            |played, _, bots| {
                assert!(played.finished());
                searched += bots
                    .iter()
                    .map(|b| b.kinds.values().sum::<u64>())
                    .sum::<u64>();
            },
        );
        assert!(searched > 0, "{scenario}: no decision was made");
    }
}

#[test]
fn an_opponents_hidden_cards_do_not_change_its_decision() {
    let mut compared = 0;
    for seed in 0..40 {
        let Some(game) = seat_0_building(seed) else {
            continue;
        };
        let pos = game.to_position();
        let mut swapped = pos.clone();
        // Seats 1 and 2 swap a card of different kinds; seat 3 swaps a development card
        // with one of the deck, or failing that seat 1 does.
        let (h1, h2) = (swapped.players[1].hand, swapped.players[2].hand);
        let Some((x, y)) = (0..5)
            .flat_map(|x| (0..5).map(move |y| (x, y)))
            .find(|&(x, y)| x != y && h1.0[x] > 0 && h2.0[y] > 0)
        else {
            continue;
        };
        swapped.players[1].hand.0[x] -= 1;
        swapped.players[1].hand.0[y] += 1;
        swapped.players[2].hand.0[y] -= 1;
        swapped.players[2].hand.0[x] += 1;
        let (Ok(one), Ok(two)) = (Game::from_position(&pos), Game::from_position(&swapped)) else {
            continue;
        };
        assert_eq!(
            one.view(Seat(0)).to_data(),
            two.view(Seat(0)).to_data(),
            "the swap must not show"
        );
        let legal = one.legal_actions(Seat(0));
        assert_eq!(legal, two.legal_actions(Seat(0)));
        let decide = |g: &Game| {
            small(30).choose(
                &g.view(Seat(0)),
                &legal,
                &mut BotRng::seed_from_u64(seed * 7 + 1),
            )
        };
        assert_eq!(decide(&one), decide(&two), "deal {seed}");
        compared += 1;
        if compared == 3 {
            return;
        }
    }
    panic!("only {compared} positions compared");
}

#[test]
fn it_is_built_by_name_with_its_settings() {
    assert_eq!(by_name("mcts").unwrap().name(), "mcts");
    assert_eq!(by_name("mcts:iterations=20").unwrap().name(), "mcts");
    assert_eq!(by_name("mcts:ms=100,turns=2").unwrap().name(), "mcts");
    for (bad, says) in [
        ("mcts:ms=abc", "ms=`abc`: the value must be a whole number"),
        ("mcts:ms=0", "ms=0: the value must be from 1 to 60000"),
        ("mcts:ms=123456789012345678901234567890", "whole number"),
        ("mcts:ms=600000", "from 1 to 60000"),
        ("mcts:iterations=0", "from 1 to 1000000"),
        ("mcts:depth=3", "there is no setting `depth`"),
        ("mcts:ms=5,iterations=5", "not both"),
        (
            "heuristic:ms=5",
            "the heuristic bot takes one setting, `noise=P`",
        ),
        ("random:ms=5", "the bot `random` takes no settings"),
        ("montecarlo", "there is no bot `montecarlo`"),
    ] {
        let e = by_name(bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(says), "{bad}: {e}");
    }
}
