//! What the property suites (`properties.rs`, `properties_barbarian.rs`) share: the
//! generator's small helpers, the run's settings from the environment, and the checks every
//! action taken goes through whatever the scenario.

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;
use settlers_core::record::Record;
use settlers_core::topology::CornerId;
use settlers_core::{Action, Actor, Event, Game, LegalActions, Resource, Resources, Seat};

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
