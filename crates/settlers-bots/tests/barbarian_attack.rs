//! The bots in Barbarian Attack for two, three and four players: every choice legal, every
//! game finished, the heuristic bot beats random bots and plays the scenario (cards, knights,
//! battles, grain, gold, trade tokens), neither bot allocates while choosing, the records replay
//! and a seed gives the same game.

mod common;

use common::{
    Checked, STEP_LIMIT, add, assert_chose, check_record, first_bot_wins, lineup, play, seated,
    wilson_lower,
};
use rand_core::SeedableRng;
use settlers_bots::play::{GameSpec, Played, Table};
use settlers_bots::{Bot, BotRng, RandomBot};
use settlers_core::action::{CardRange, OfferRange};
use settlers_core::view::View;
use settlers_core::{Action, Event, LegalActions, Phase, Resources, Seat, SeatSet};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;

const SCENARIO: &str = "barbarian-attack";

/// Counts the allocations of the current thread, so a test can see a bot allocates nothing
/// while other tests run beside it.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the count is a plain
// thread-local cell, which neither allocates nor unwinds.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's guarantees for `layout` are the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

fn kind(action: &Action, _: Phase) -> &'static str {
    match action {
        Action::BuildSettlement(_) => "settlement",
        Action::BuildRoad(_) => "road",
        Action::BuildCity(_) => "city",
        Action::BuyDevelopmentCard => "buy card",
        Action::PlaceKnight(_) => "place knight",
        Action::MoveKnight { .. } => "move knight",
        Action::TreasonMove { .. } => "treason",
        Action::TakePrisoner(_) => "intrigue",
        Action::BuyWithGold(_) => "gold exchange",
        Action::RobPlayer(_) => "rob",
        Action::Discard(_) => "discard",
        Action::TradeWithBank { .. } => "bank trade",
        Action::OfferTrade(o) if o.give_gold > 0 || o.get_gold > 0 => "gold offer",
        Action::OfferTrade(_) => "offer",
        Action::NeutralRoad { .. } => "neutral road",
        Action::NeutralSettlement { .. } => "neutral settlement",
        Action::PlaceForeignKnight(Some(_)) => "foreign knight",
        Action::DriveAwayBarbarian(_) => "drive away",
        Action::ForceTrade => "force trade",
        Action::GiveBack(_) => "give back",
        Action::RepairRoad(_) => "repair road",
        Action::EndTurn => "end turn",
        _ => "other",
    }
}

/// A bot checked, with the allocations it makes while choosing in `metered`.
fn checked(name: &str) -> Checked {
    Checked::metered(name, kind, allocations)
}

#[test]
fn every_choice_is_legal_and_every_game_ends_for_two_three_and_four() {
    let mut heuristic = BTreeMap::new();
    let mut random = BTreeMap::new();
    for seats in [2, 3, 4] {
        for (first, others, games) in [
            ("heuristic", "random", 2 * u64::from(seats)),
            ("random", "random", 4),
            ("heuristic", "heuristic", 4),
        ] {
            play(
                SCENARIO,
                &lineup(first, others, seats),
                games,
                7,
                false,
                checked,
                |_, _, bots| {
                    for bot in bots {
                        let total = match bot.name() {
                            "heuristic" => &mut heuristic,
                            _ => &mut random,
                        };
                        add(total, &bot.kinds);
                    }
                },
            );
        }
    }
    let scenario = [
        "buy card",
        "place knight",
        "move knight",
        "treason",
        "intrigue",
        "gold exchange",
        "rob",
        "neutral settlement",
        "foreign knight",
        "drive away",
        "force trade",
        "give back",
    ];
    assert_chose("heuristic", &heuristic, &scenario);
    assert_chose("heuristic", &heuristic, &["settlement", "road", "city"]);
    assert_chose("random", &random, &scenario);
    assert_chose(
        "random",
        &random,
        &["discard", "neutral road", "gold offer", "offer"],
    );
}

#[test]
fn the_bots_allocate_nothing() {
    for seats in [2, 3, 4] {
        for first in ["random", "heuristic"] {
            let mut decisions = 0;
            play(
                SCENARIO,
                &lineup(first, "random", seats),
                4,
                3,
                false,
                checked,
                |_, _, bots| {
                    for bot in bots {
                        assert_eq!(
                            bot.metered,
                            0,
                            "{seats} players: the {} bot allocated",
                            bot.name()
                        );
                        decisions += bot.kinds.values().sum::<u64>();
                    }
                },
            );
            assert!(decisions > 500, "{seats} players: {decisions} decisions");
        }
    }
    // The count is no empty promise: it sees a bot that allocates once a decision.
    let allocating = |name: &str| match name {
        "allocating" => Checked::of(Box::new(Allocating), kind, allocations),
        _ => checked(name),
    };
    play(
        SCENARIO,
        &lineup("allocating", "random", 2),
        1,
        3,
        false,
        allocating,
        |_, seat, bots| {
            let decisions = bots[seat.index()].kinds.values().sum::<u64>();
            assert!(decisions > 0);
            assert!(bots[seat.index()].metered >= decisions);
        },
    );
}

/// The random bot, but allocating a box at each decision.
struct Allocating;

impl Bot for Allocating {
    fn name(&self) -> &'static str {
        "allocating"
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        std::hint::black_box(Box::new(0u64));
        RandomBot::new().choose(view, legal, rng)
    }
}

#[test]
fn the_random_bot_answers_every_range_of_cards() {
    let spec = GameSpec::new(SCENARIO, 3).unwrap();
    let played = Table::new()
        .play(&spec, &mut <[RandomBot; 3]>::default(), 1, 200, false)
        .unwrap();
    let view = played.game.view(Seat(0));
    let hand = Resources([2, 0, 3, 1, 1]);
    let range = CardRange {
        count: 3,
        from: hand,
    };
    let mut rng = BotRng::seed_from_u64(5);
    for (name, legal) in [
        (
            "discard",
            LegalActions {
                discard: Some(range),
                ..Default::default()
            },
        ),
        (
            "gold picks",
            LegalActions {
                gold: Some(range),
                ..Default::default()
            },
        ),
        (
            "give back",
            LegalActions {
                give_back: Some(range),
                ..Default::default()
            },
        ),
        (
            "an offer with gold and no card to give",
            LegalActions {
                offer: Some(OfferRange {
                    can_give: Resources::EMPTY,
                    to: SeatSet(0b110),
                    can_give_gold: 3,
                    gold: true,
                }),
                ..Default::default()
            },
        ),
        (
            "an offer with gold and cards",
            LegalActions {
                offer: Some(OfferRange {
                    can_give: hand,
                    to: SeatSet(0b110),
                    can_give_gold: 1,
                    gold: true,
                }),
                ..Default::default()
            },
        ),
    ] {
        for _ in 0..50 {
            let action = RandomBot::new().choose(&view, &legal, &mut rng);
            assert!(legal.permits(&action), "{name}: {action:?}");
        }
    }
}

#[test]
fn the_heuristic_bot_beats_random_bots() {
    // Seated in every position in turn, so neither the first move nor a seat decides it.
    let games = 36;
    for seats in [2, 3, 4] {
        let wins = first_bot_wins(
            SCENARIO,
            &lineup("heuristic", "random", seats),
            games,
            2024,
            checked,
        );
        // The whole 95% interval must lie above 80%, far above the even share of a half, a
        // third or a quarter.
        let lower = wilson_lower(wins, games);
        assert!(
            lower > 0.8,
            "{seats} players: the heuristic bot won {wins} of {games}, 95% interval from \
             {lower:.3}"
        );
    }
}

/// What the heuristic bot did in one game, read from the events of its record.
#[derive(Default)]
struct Deeds {
    cards: u32,
    knights_placed: u32,
    knights_moved: u32,
    grain_moves: u32,
    prisoners_in_battle: u32,
    gold_exchanges: u32,
    token_actions: u32,
}

fn deeds(played: &Played, seat: Seat) -> Deeds {
    let record = played.record.as_ref().expect("a record");
    let mut game = record.start().unwrap();
    let mut d = Deeds::default();
    for entry in &record.actions {
        let action = game.action_from_text(&entry.action).unwrap();
        for event in game.apply(entry.actor.0, action).unwrap() {
            match event {
                Event::BarbarianCardDrawn { seat: s, .. } if s == seat => d.cards += 1,
                Event::KnightPlaced { seat: s, .. } if s == seat => d.knights_placed += 1,
                Event::KnightMoved { seat: s, grain, .. } if s == seat => {
                    d.knights_moved += 1;
                    d.grain_moves += u32::from(grain);
                }
                Event::PrisonersWon { seat: s, prisoners } if s == seat => {
                    d.prisoners_in_battle += u32::from(prisoners)
                }
                Event::GoldExchanged { seat: s, .. } if s == seat => d.gold_exchanges += 1,
                Event::BarbarianDrivenAway { seat: s, .. } | Event::CardsTaken { seat: s, .. }
                    if s == seat =>
                {
                    d.token_actions += 1
                }
                _ => {}
            }
        }
    }
    d
}

#[test]
fn the_heuristic_bot_fights_barbarians_spends_grain_and_exchanges_gold() {
    let mut games = 0u32;
    let mut counts: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut two_player_games = 0u32;
    let mut token_games = 0u32;
    let mut knighted_games = 0u32;
    let mut moved_games = 0u32;
    for seats in [2, 3, 4] {
        for others in ["random", "heuristic"] {
            play(
                SCENARIO,
                &lineup("heuristic", others, seats),
                12,
                11,
                true,
                checked,
                |played, seat, _| {
                    let d = deeds(played, seat);
                    games += 1;
                    for (what, n) in [
                        ("bought cards", d.cards),
                        ("placed knights", d.knights_placed),
                        ("won prisoners in battle", d.prisoners_in_battle),
                        ("spent grain on a move", d.grain_moves),
                        ("exchanged gold", d.gold_exchanges),
                    ] {
                        *counts.entry(what).or_default() += u32::from(n > 0);
                    }
                    // A knight bought late in a short game may never have had a battle worth
                    // a move; a bot that has knights must still move them in nearly every game.
                    if d.knights_placed > 0 {
                        knighted_games += 1;
                        moved_games += u32::from(d.knights_moved > 0);
                    }
                    if seats == 2 {
                        two_player_games += 1;
                        token_games += u32::from(d.token_actions > 0);
                    }
                },
            );
        }
    }
    // The share of games in which the bot did each at least once.
    for (what, least) in [
        ("bought cards", 0.9),
        ("placed knights", 0.85),
        ("won prisoners in battle", 0.5),
        ("spent grain on a move", 0.2),
        ("exchanged gold", 0.6),
    ] {
        let n = counts.get(what).copied().unwrap_or(0);
        assert!(
            f64::from(n) >= least * f64::from(games),
            "the heuristic bot {what} in only {n} of {games} games"
        );
    }
    assert!(
        f64::from(moved_games) >= 0.9 * f64::from(knighted_games),
        "the heuristic bot moved knights in only {moved_games} of the {knighted_games} games it had some"
    );
    assert!(
        2 * token_games > two_player_games,
        "trade tokens spent in only {token_games} of {two_player_games} two-player games"
    );
}

/// With event cards, an Earthquake damages a road, and a seat with a damaged road builds no
/// road until it repairs it (BAE-4): a bot that never repairs stands still once all its roads
/// are damaged, and two such bots play on until the scores have stood still for 2,000 rounds.
#[test]
fn heuristic_bots_repair_damaged_roads_and_their_event_card_games_have_a_winner() {
    let mut spec = GameSpec::new(SCENARIO, 2).unwrap();
    spec.options.event_cards = true;
    let mut table = Table::new();
    let mut repairs = 0;
    for index in 0..20 {
        let mut bots = seated(&["heuristic", "heuristic"], 0, checked);
        let played = table
            .play(&spec, &mut bots, common_seed(index), STEP_LIMIT, false)
            .unwrap();
        assert!(
            played.game.winner().is_some(),
            "game {index} ended without a winner after {} steps",
            played.steps
        );
        repairs += bots
            .iter()
            .map(|b| b.kinds.get("repair road").copied().unwrap_or(0))
            .sum::<u64>();
    }
    assert!(repairs > 0, "no road was ever repaired");
}

fn common_seed(index: u64) -> u64 {
    settlers_bots::play::game_seed(1, index)
}

#[test]
fn records_replay_and_a_seed_gives_the_same_game() {
    for seats in [2, 3, 4] {
        let spec = GameSpec::new(SCENARIO, seats).unwrap();
        let record = |table: &mut Table, seed: u64| {
            let mut bots = seated(&lineup("heuristic", "random", seats), 1, checked);
            table
                .play(&spec, &mut bots, seed, STEP_LIMIT, true)
                .unwrap()
        };
        let mut table = Table::new();
        let played = record(&mut table, 42);
        let text = check_record(&played, 1, "heuristic", &format!("{seats} players"));
        let json = |p: Played| p.record.unwrap().to_json_pretty();
        assert_eq!(text, json(record(&mut Table::new(), 42)), "{seats} players");
        assert_eq!(text, json(record(&mut table, 42)), "{seats} players");
        assert_ne!(text, json(record(&mut table, 43)), "{seats} players");
    }
}
