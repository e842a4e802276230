//! What the property suites (`properties.rs`, `properties_barbarian.rs`) share: the
//! generator's small helpers, the run's settings from the environment, the running of a
//! suite's seeds, and the checks every game goes through whatever the scenario: the actions
//! taken, the candidates tried, who is to act, the record at the end and the cards a view
//! may show.

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;
use serde_json::Value;
use settlers_core::record::Record;
use settlers_core::topology::CornerId;
use settlers_core::view::View;
use settlers_core::{
    Action, Actor, ChanceKind, Event, Game, LegalActions, Resource, Resources, Seat, ToAct,
};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What a check gives: `Err` with what broke.
pub type Check = Result<(), String>;

/// Returns `Err` with the message when the condition does not hold.
#[allow(unused_macros)]
macro_rules! ensure {
    ($cond:expr, $($arg:tt)+) => {
        if !$cond {
            return Err(format!($($arg)+));
        }
    };
}

/// Small helpers over a seeded generator; bias does not matter for a test.
pub trait Pick {
    fn below(&mut self, n: usize) -> usize;
    fn chance(&mut self, one_in: u64) -> bool;
}

impl Pick for ChaCha8Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next_u64().is_multiple_of(one_in)
    }
}

/// A number from the environment (`SETTLERS_PROPERTY_GAMES=300`), for longer runs.
pub fn env_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text} is not a number")),
    )
}

/// The seeds a suite plays: the one `SETTLERS_PROPERTY_SEED` names when `plays` it (none
/// when it belongs to another test), else `SETTLERS_PROPERTY_GAMES` (or `default_games`)
/// games, the `k`th on `seed_of_game(k)`.
pub fn suite_seeds(
    default_games: u64,
    plays: impl Fn(u64) -> bool,
    seed_of_game: impl Fn(u64) -> u64,
) -> Vec<u64> {
    match env_number("SETTLERS_PROPERTY_SEED") {
        Some(seed) if plays(seed) => vec![seed],
        Some(_) => Vec::new(),
        None => {
            let games = env_number("SETTLERS_PROPERTY_GAMES").unwrap_or(default_games);
            (0..games).map(seed_of_game).collect()
        }
    }
}

/// Plays one game, a panic in it turned into its failure, so that one broken game does not
/// hide what the others find.
pub fn play_caught<T>(play: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(play)) {
        Ok(outcome) => outcome,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("a panic: {what}"))
        }
    }
}

/// Fails with the first dozen of a suite's broken games, if any broke.
pub fn assert_no_game_broken(failures: &[String], games: usize) {
    assert!(
        failures.is_empty(),
        "{} of {} games broke a property:\n{}",
        failures.len(),
        games,
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// How often the hexes at a corner produce, in 36ths of a roll.
pub fn pips(game: &Game, corner: CornerId) -> u32 {
    let board = game.board();
    game.topology()
        .corner(corner)
        .hexes()
        .iter()
        .filter_map(|h| board.hex(*h).and_then(|h| h.number))
        .map(|n| 6 - (7 - i32::from(n)).unsigned_abs())
        .sum()
}

/// `count` cards drawn at random from `hand` (all of it when it holds fewer).
pub fn random_sub_hand(hand: Resources, count: u32, rng: &mut ChaCha8Rng) -> Resources {
    let mut left = hand;
    let mut out = Resources::EMPTY;
    for _ in 0..count {
        let kinds: Vec<Resource> = left.kinds().collect();
        if kinds.is_empty() {
            break;
        }
        let r = kinds[rng.below(kinds.len())];
        *left.get_mut(r) -= 1;
        *out.get_mut(r) += 1;
    }
    out
}

/// The cards a seat owes (a discard, a gold pick, cards given back), drawn at random from
/// what it may give; `None` when it owes none.
pub fn owed_cards(legal: &LegalActions, rng: &mut ChaCha8Rng) -> Option<Action> {
    if let Some(range) = legal.discard {
        return Some(Action::Discard(random_sub_hand(
            range.from,
            u32::from(range.count),
            rng,
        )));
    }
    if let Some(range) = legal.gold {
        return Some(Action::PickResources(random_sub_hand(
            range.from,
            u32::from(range.count),
            rng,
        )));
    }
    if let Some(range) = legal.give_back {
        return Some(Action::GiveBack(random_sub_hand(
            range.from,
            u32::from(range.count),
            rng,
        )));
    }
    None
}

/// Chance's next outcome when it must decide `kind`: drawn by `sample_chance`, which must
/// give one of `chance_outcomes`; about one time in `any_outcome_one_in`, any of those
/// outcomes instead, so that unlikely ones are played too.
pub fn chance_choice(
    game: &Game,
    kind: ChanceKind,
    any_outcome_one_in: u64,
    rng: &mut ChaCha8Rng,
) -> Result<Action, String> {
    let outcomes = game.chance_outcomes();
    let sampled = game
        .sample_chance(rng)
        .ok_or_else(|| format!("chance must decide {kind:?}, but sample_chance gave nothing"))?;
    ensure!(
        outcomes.iter().any(|(a, _)| *a == sampled),
        "sample_chance gave {sampled:?}, which is not among chance_outcomes {outcomes:?}"
    );
    Ok(if rng.chance(any_outcome_one_in) {
        outcomes[rng.below(outcomes.len())].0
    } else {
        sampled
    })
}

/// Someone to try a candidate action as: chance, a seat from `strangers` (seats not at the
/// table), one of the seats to act, or any seat at the table.
pub fn random_actor(game: &Game, strangers: &[u8], rng: &mut ChaCha8Rng) -> Actor {
    match rng.below(10) {
        0 => Actor::Chance,
        1 => Actor::Seat(Seat(strangers[rng.below(strangers.len())])),
        _ => match game.to_act() {
            ToAct::Seats(w) if rng.chance(2) => {
                let w: Vec<Seat> = w.iter().collect();
                Actor::Seat(w[rng.below(w.len())])
            }
            _ => Actor::Seat(Seat(rng.below(usize::from(game.seats())) as u8)),
        },
    }
}

/// What taking an action left for the suite's own checks.
pub struct Taken {
    /// The game before the action.
    pub before: Game,
    pub events: Vec<Event>,
    /// The action as a record writes it, with its actor, for a failure's message.
    pub text: String,
}

/// Takes a listed action the way every suite does: its text reads back as the action, the
/// record holds it, the engine accepts it, and it changes or tells something.
pub fn take_checked(
    game: &mut Game,
    record: &mut Record,
    actor: Actor,
    action: Action,
) -> Result<Taken, String> {
    let before = game.clone();
    let text = game.action_text(&action);
    let back = game
        .action_from_text(&text)
        .map_err(|e| format!("{action:?} as text {text:?} does not read back: {e}"))?;
    ensure!(
        back == action,
        "{action:?} as text {text:?} reads back as {back:?}"
    );
    record.push(game, actor, &action);
    let text = format!(
        "{} {}",
        match actor {
            Actor::Seat(s) => s.to_string(),
            Actor::Chance => "chance".into(),
        },
        serde_json::to_string(&text).unwrap_or_default()
    );
    let events = game.apply(actor, action).map_err(|e| {
        format!(
            "{actor:?} {action:?} is listed as legal but refused: {e} ({})",
            before.describe_phase()
        )
    })?;
    ensure!(
        !events.is_empty() || game.state() != before.state(),
        "{actor:?} {action:?} was accepted but changed nothing and said nothing"
    );
    Ok(Taken {
        before,
        events,
        text,
    })
}

/// A kind drawn by weight among the kinds the listed actions fall in (`kind` sorts them into
/// 13), with that kind's actions; `None` when the draw falls on a trade offer, whose weight
/// is `offer_weight`.
pub fn draw_kind(
    legal: &LegalActions,
    kind: impl Fn(&Action) -> usize,
    weights: &[u32; 13],
    offer_weight: u32,
    seat: Seat,
    rng: &mut ChaCha8Rng,
) -> Result<Option<(usize, Vec<Action>)>, String> {
    let mut present = [0usize; 13];
    for a in &legal.actions {
        present[kind(a)] += 1;
    }
    let total: u32 = (0..13)
        .filter(|&k| present[k] > 0)
        .map(|k| weights[k])
        .sum::<u32>()
        + offer_weight;
    ensure!(
        total > 0,
        "{seat} must act but the test finds nothing to choose from {legal:?}"
    );
    let mut pick = (rng.next_u64() % u64::from(total)) as u32;
    for k in (0..13).filter(|&k| present[k] > 0) {
        if pick < weights[k] {
            let of_kind = legal.actions.iter().copied().filter(|a| kind(a) == k);
            return Ok(Some((k, of_kind.collect())));
        }
        pick -= weights[k];
    }
    Ok(None)
}

/// Applies a candidate on a copy: it must succeed exactly when `expected`, and a refusal
/// changes nothing and says why.
pub fn check_against(
    game: &Game,
    actor: Actor,
    action: Action,
    expected: bool,
) -> Result<bool, String> {
    let mut copy = game.clone();
    match copy.apply(actor, action) {
        Ok(events) => {
            ensure!(
                expected,
                "{actor:?} {action:?} is not legal but was accepted ({}), events {events:?}",
                game.describe_phase()
            );
            Ok(true)
        }
        Err(e) => {
            ensure!(
                !expected,
                "{actor:?} {action:?} is legal but was refused: {e} ({})",
                game.describe_phase()
            );
            ensure!(
                copy.state() == game.state(),
                "{actor:?} {action:?} was refused ({e}) but changed the state"
            );
            ensure!(
                std::ptr::eq(copy.board(), game.board()) || copy.board() == game.board(),
                "{actor:?} {action:?} was refused ({e}) but changed the board"
            );
            ensure!(
                !e.to_string().trim().is_empty(),
                "{actor:?} {action:?} was refused with an empty message"
            );
            Ok(false)
        }
    }
}

/// A listed action of `seat` applies, on a copy.
pub fn check_listed_action_applies(game: &Game, seat: Seat, action: Action) -> Check {
    let mut copy = game.clone();
    if let Err(e) = copy.apply(Actor::Seat(seat), action) {
        return Err(format!(
            "{seat}: listed {action:?} is refused: {e} ({})",
            game.describe_phase()
        ));
    }
    Ok(())
}

/// A chance outcome has a weight, and applies on a copy.
pub fn check_chance_outcome_applies(game: &Game, action: Action, weight: u32) -> Check {
    ensure!(weight > 0, "chance outcome {action:?} has weight 0");
    let mut copy = game.clone();
    if let Err(e) = copy.apply(Actor::Chance, action) {
        return Err(format!(
            "chance outcome {action:?} is refused: {e} ({})",
            game.describe_phase()
        ));
    }
    Ok(())
}

/// Chance has outcomes exactly when it must act.
pub fn check_chance_acts_when_due(game: &Game, outcomes: &[(Action, u32)]) -> Check {
    let to_act = game.to_act();
    match to_act {
        ToAct::Chance(_) => ensure!(
            !outcomes.is_empty(),
            "chance must act ({to_act:?}) but has no outcome"
        ),
        _ => ensure!(
            outcomes.is_empty(),
            "chance has outcomes {outcomes:?} while {to_act:?} must act"
        ),
    }
    Ok(())
}

/// Finishes the record of a game that is over and checks it: its JSON reads back as itself
/// and replays to the game's state. Returns the replayed game, for the scenario's own checks
/// of the board.
pub fn check_record_replays(record: &mut Record, game: &Game) -> Result<Game, String> {
    record.finish(game);
    let text = record.to_json_pretty();
    let read = Record::from_json(&text)
        .map_err(|e| format!("the record does not read back: {e}\n{text}"))?;
    ensure!(
        read == *record,
        "the record reads back different from what was written"
    );
    let replayed = read
        .replay()
        .map_err(|e| format!("the record does not replay: {e}"))?;
    ensure!(
        replayed.state() == game.state(),
        "the record replays to a different state:\nplayed   {:?}\nreplayed {:?}",
        game.state(),
        replayed.state()
    );
    Ok(replayed)
}

// Hidden information.

pub const RESOURCE_NAMES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];

/// The members of a JSON object or the items of an array, each with its key or index as a
/// path names it; none for any other value.
pub fn json_children(value: &Value) -> Vec<(String, &Value)> {
    match value {
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => Vec::new(),
    }
}

/// Paths of JSON objects keyed by resource names or by any of `card_names`: whatever is
/// shaped like a hand.
pub fn find_card_sets(
    value: &Value,
    card_names: &[&str],
    path: &mut Vec<String>,
    out: &mut Vec<String>,
) {
    if let Value::Object(map) = value
        && map
            .keys()
            .any(|k| RESOURCE_NAMES.contains(&k.as_str()) || card_names.contains(&k.as_str()))
    {
        out.push(format!("/{}", path.join("/")));
    }
    for (k, v) in json_children(value) {
        path.push(k);
        find_card_sets(v, card_names, path, out);
        path.pop();
    }
}

/// What `viewer` (a seat, or the spectator for `None`) sees of `game`: the view, its data as
/// JSON and the viewer's name for a failure, once the view is found to hold its own seat's
/// hand and nobody else's.
pub fn view_of(game: &Game, viewer: Option<Seat>) -> Result<(View<'_>, Value, String), String> {
    let view = match viewer {
        Some(seat) => game.view(seat),
        None => game.spectator_view(),
    };
    let json = serde_json::to_value(view.to_data())
        .map_err(|e| format!("a view does not serialise: {e}"))?;
    let who = viewer.map_or("the spectator".to_string(), |x| x.to_string());
    for other in game.state().seat_ids() {
        ensure!(
            view.hand_of(other).is_some() == (viewer == Some(other)),
            "{who}'s view answers hand_of({other}) wrongly"
        );
    }
    Ok((view, json, who))
}

/// A view (`json`, seen by `viewer`, named `who` in a failure) holds sets of cards only at
/// the paths `allowed` and at the viewer's own hand and development cards.
pub fn check_no_hidden_cards(
    json: &Value,
    card_names: &[&str],
    viewer: Option<Seat>,
    mut allowed: Vec<String>,
    who: &str,
) -> Check {
    if let Some(seat) = viewer {
        allowed.push(format!("/players/{}/hand", seat.0));
        allowed.push(format!("/players/{}/development_cards", seat.0));
        allowed.push(format!("/players/{}/new_development_cards", seat.0));
    }
    let mut leaks = Vec::new();
    find_card_sets(json, card_names, &mut Vec::new(), &mut leaks);
    leaks.retain(|path| !allowed.contains(path));
    ensure!(
        leaks.is_empty(),
        "{who}'s view holds cards it may not see at {leaks:?}"
    );
    Ok(())
}
