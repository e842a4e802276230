//! The heuristic bot trades with players: it makes offers in most games, accepts a clearly
//! good offer, refuses one from a seat about to win; and its robber and pirate go to the seat
//! leading by public points among those they can rob.

mod common;

use common::{Checked, new_game, next_move, play};
use rand_core::SeedableRng;
use settlers_bots::play::{GameSpec, Table, game_seed};
use settlers_bots::{Bot, BotRng, HeuristicBot};
use settlers_core::view::View;
use settlers_core::{
    Action, Actor, Game, LegalActions, Phase, Resources, Seat, SeatSet, TradeOffer,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

fn kind(action: &Action, _: Phase) -> &'static str {
    match action {
        Action::OfferTrade(_) => "offer",
        Action::AcceptTrade => "accept",
        Action::ConfirmTrade(_) => "confirm",
        _ => "other",
    }
}

#[test]
fn the_heuristic_bot_offers_trades_in_most_games() {
    for scenario in ["base", "new-shores"] {
        let games = 24u64;
        let (mut offering, mut traded) = (0u64, 0u64);
        let checked = |name: &str| Checked::new(name, kind);
        play(
            scenario,
            &["heuristic"; 4],
            games,
            5,
            false,
            checked,
            |_, _, bots| {
                let n = |k: &str| {
                    bots.iter()
                        .map(|b| b.kinds.get(k).copied().unwrap_or(0))
                        .sum::<u64>()
                };
                offering += u64::from(n("offer") > 0);
                traded += u64::from(n("confirm") > 0);
            },
        );
        assert!(
            offering * 4 > games * 3,
            "{scenario}: offers in {offering} of {games} games"
        );
        assert!(
            traded * 2 > games,
            "{scenario}: a trade made in {traded} of {games} games"
        );
    }
}

/// A base game played by heuristic bots until seat 0 may trade in its turn (it has rolled),
/// with every seat's hand then set as given.
fn seat_0_trading(hands: [Resources; 4]) -> Game {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut rng = BotRng::seed_from_u64(game_seed(77, 0));
    let mut game = new_game(&spec, &mut rng).unwrap();
    let mut bots: [HeuristicBot; 4] = std::array::from_fn(|_| HeuristicBot::new());
    let mut legal = LegalActions::default();
    loop {
        let s = game.state();
        if s.phase == Phase::Main && s.active == Seat(0) && s.turn > 4 {
            break;
        }
        let (actor, action) = next_move(&game, &mut legal, &mut rng, |view, seat, legal, rng| {
            bots[seat.index()].choose(view, legal, rng)
        })
        .expect("the game ended before seat 0's fifth turn");
        game.apply(actor, action).unwrap();
    }
    let mut pos = game.to_position();
    for (p, hand) in pos.players.iter_mut().zip(hands) {
        p.hand = hand;
    }
    // What the hands leave of the 95 cards.
    pos.bank = None;
    Game::from_position(&pos).unwrap_or_else(|e| panic!("{e}"))
}

/// Seat 1 holds a city but for one grain, and three wool to spare.
fn city_but_one_grain() -> [Resources; 4] {
    [
        Resources::new(0, 0, 0, 2, 0),
        Resources::new(0, 0, 3, 1, 3),
        Resources::new(1, 1, 0, 0, 0),
        Resources::new(0, 1, 1, 0, 0),
    ]
}

fn answer_of_seat_1(game: &mut Game, offer: TradeOffer) -> Action {
    game.apply(Actor::Seat(Seat(0)), Action::OfferTrade(offer))
        .unwrap();
    let legal = game.legal_actions(Seat(1));
    assert!(legal.permits(&Action::AcceptTrade), "{legal:?}");
    HeuristicBot::new().choose(&game.view(Seat(1)), &legal, &mut BotRng::seed_from_u64(1))
}

#[test]
fn it_accepts_the_card_its_city_lacks_for_one_it_can_spare() {
    let mut game = seat_0_trading(city_but_one_grain());
    let offer = TradeOffer::cards(
        Resources::new(0, 0, 0, 1, 0),
        Resources::new(0, 0, 1, 0, 0),
        SeatSet::one(Seat(1)),
    );
    assert_eq!(answer_of_seat_1(&mut game, offer), Action::AcceptTrade);
}

#[test]
fn it_refuses_to_give_the_city_its_own_city_needs() {
    // Ore for grain: the grain it would get back leaves the city as far off.
    let mut game = seat_0_trading(city_but_one_grain());
    let offer = TradeOffer::cards(
        Resources::new(0, 0, 0, 1, 0),
        Resources::new(0, 0, 0, 0, 2),
        SeatSet::one(Seat(1)),
    );
    assert_eq!(answer_of_seat_1(&mut game, offer), Action::RejectTrade);
}

#[test]
fn it_refuses_a_good_offer_from_a_seat_about_to_win() {
    let game = seat_0_trading(city_but_one_grain());
    let points: Vec<u8> = (0..4).map(|s| game.victory_points(Seat(s))).collect();
    let mut pos = game.to_position();
    // The target one above the best score: seat 0, the offerer, within 2 points of it.
    let target = points.iter().max().unwrap() + 1;
    assert!(
        game.public_victory_points(Seat(0)) + 2 >= target,
        "seat 0 is not near the target: {points:?}"
    );
    pos.victory_points = Some(target);
    let mut game = Game::from_position(&pos).unwrap();
    let offer = TradeOffer::cards(
        Resources::new(0, 0, 0, 1, 0),
        Resources::new(0, 0, 1, 0, 0),
        SeatSet::one(Seat(1)),
    );
    assert_eq!(answer_of_seat_1(&mut game, offer), Action::RejectTrade);
}

/// What the watched bots did, between them.
#[derive(Default)]
struct Counts {
    offers: AtomicU64,
    robberies: AtomicU64,
    /// Robberies where the seat robbed did not hold the most cards of those robbable: the
    /// points, not the cards, chose it.
    not_the_richest: AtomicU64,
}

/// Wraps the heuristic bot and checks what it must never do: offer to a seat the card
/// tracking says holds none of the card asked for, or to one about to win; rob any but the
/// seat leading by public points among those it could rob.
struct Watched {
    bot: HeuristicBot,
    counts: Arc<Counts>,
}

fn victim_of(a: &Action) -> Option<Seat> {
    match *a {
        Action::MoveRobber { victim, .. }
        | Action::MovePirate { victim, .. }
        | Action::RobPlayer(victim) => victim,
        Action::MovePirateForCloth { victim, .. } => Some(victim),
        _ => None,
    }
}

impl Bot for Watched {
    fn name(&self) -> &'static str {
        "heuristic"
    }
    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        let action = self.bot.choose(view, legal, rng);
        let target = u32::from(view.victory_target());
        if let Action::OfferTrade(o) = action {
            self.counts.offers.fetch_add(1, Ordering::Relaxed);
            for s in o.to.iter() {
                let may_hold = view.hand_bounds(s).high;
                assert!(
                    o.get
                        .0
                        .iter()
                        .zip(may_hold.0)
                        .all(|(&want, most)| want == 0 || most > 0),
                    "{o:?} goes to {s}, who holds none of it for all {:?} knows ({may_hold})",
                    view.viewer()
                );
                assert!(
                    u32::from(view.victory_points(s)) + 2 < target,
                    "{o:?} goes to {s}, about to win"
                );
            }
        }
        if let Some(v) = victim_of(&action) {
            self.counts.robberies.fetch_add(1, Ordering::Relaxed);
            let robbable: Vec<Seat> = legal.actions.iter().filter_map(victim_of).collect();
            let best = robbable
                .iter()
                .map(|&s| view.victory_points(s))
                .max()
                .unwrap();
            assert_eq!(
                view.victory_points(v),
                best,
                "robbed {v}, not the leader among {robbable:?}"
            );
            let most_cards = robbable.iter().map(|&s| view.hand_size(s)).max().unwrap();
            if view.hand_size(v) < most_cards {
                self.counts.not_the_richest.fetch_add(1, Ordering::Relaxed);
            }
        }
        action
    }
}

#[test]
fn it_robs_the_leader_and_offers_only_where_the_card_may_be() {
    for scenario in ["base", "four-islands"] {
        let spec = GameSpec::new(scenario, 4).unwrap();
        let mut table = Table::new();
        let counts = Arc::new(Counts::default());
        for index in 0..24u64 {
            let seat = (index % 4) as usize;
            let mut bots: Vec<Box<dyn Bot>> = (0..4)
                .map(|s| -> Box<dyn Bot> {
                    if s == seat || s == (seat + 2) % 4 {
                        Box::new(Watched {
                            bot: HeuristicBot::new(),
                            counts: counts.clone(),
                        })
                    } else {
                        settlers_bots::by_name("random").unwrap()
                    }
                })
                .collect();
            let played = table
                .play(&spec, &mut bots, game_seed(31, index), 100_000, false)
                .unwrap();
            assert!(played.finished(), "{scenario} game {index} did not end");
        }
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        assert!(
            n(&counts.offers) > 24,
            "{scenario}: {} offers",
            n(&counts.offers)
        );
        assert!(
            n(&counts.robberies) > 24,
            "{scenario}: {} robberies",
            n(&counts.robberies)
        );
        assert!(
            n(&counts.not_the_richest) > 0,
            "{scenario}: the leader always held most cards too: the test tells nothing"
        );
    }
}

/// Seat 0, the active seat, holds a city but for one grain, and three wool to spare.
fn offerer_city_but_one_grain() -> [Resources; 4] {
    let [a, b, c, d] = city_but_one_grain();
    [b, a, c, d]
}

fn takes_counter_from_seat_1(game: &Game, give: Resources, get: Resources) -> bool {
    let counter = TradeOffer::cards(give, get, SeatSet::one(Seat(1)));
    HeuristicBot::new().takes_counter(
        &game.view(Seat(0)),
        Seat(1),
        &counter,
        &mut BotRng::seed_from_u64(1),
    )
}

#[test]
fn it_takes_up_a_counter_offer_that_brings_its_city() {
    let game = seat_0_trading(offerer_city_but_one_grain());
    // A wool it can spare for the grain its city lacks.
    assert!(takes_counter_from_seat_1(
        &game,
        Resources::new(0, 0, 1, 0, 0),
        Resources::new(0, 0, 0, 1, 0),
    ));
}

#[test]
fn it_refuses_a_counter_offer_that_costs_its_city_or_helps_one_about_to_win() {
    let game = seat_0_trading(offerer_city_but_one_grain());
    // Two of its ore for the grain: the city is as far off as before.
    assert!(!takes_counter_from_seat_1(
        &game,
        Resources::new(0, 0, 0, 0, 2),
        Resources::new(0, 0, 0, 1, 0),
    ));
    // Cards it does not hold.
    assert!(!takes_counter_from_seat_1(
        &game,
        Resources::new(4, 0, 0, 0, 0),
        Resources::new(0, 0, 0, 1, 0),
    ));
    // The good counter-offer, from a seat within 2 points of the target.
    let mut pos = game.to_position();
    pos.victory_points = Some(game.public_victory_points(Seat(1)) + 2);
    let near = Game::from_position(&pos).unwrap();
    assert!(!takes_counter_from_seat_1(
        &near,
        Resources::new(0, 0, 1, 0, 0),
        Resources::new(0, 0, 0, 1, 0),
    ));
}

#[test]
fn the_other_bots_refuse_counter_offers_or_weigh_them_as_the_heuristic_bot() {
    let game = seat_0_trading(offerer_city_but_one_grain());
    let good = TradeOffer::cards(
        Resources::new(0, 0, 1, 0, 0),
        Resources::new(0, 0, 0, 1, 0),
        SeatSet::one(Seat(1)),
    );
    let view = game.view(Seat(0));
    let mut rng = BotRng::seed_from_u64(1);
    let mut taken = |name: &str| {
        settlers_bots::by_name(name)
            .unwrap()
            .takes_counter(&view, Seat(1), &good, &mut rng)
    };
    assert!(!taken("random"), "the random bot refuses counter-offers");
    assert!(taken("mcts:iterations=10"));
    assert!(taken("heuristic:noise=0.3"), "Easy weighs them as Medium");
}
