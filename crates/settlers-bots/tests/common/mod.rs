//! What the bots' test files share: a wrapper that checks every choice of a bot is legal and
//! counts the kinds of action chosen, seating a lineup round the table, playing many games
//! of it, a game stepped by hand, the checks of a game's record, and the Wilson interval that
//! win-rate tests judge by. Each test file uses a part.
#![allow(dead_code)]

use settlers_bots::play::{GameSpec, Played, Table, deciding_seat, game_seed};
use settlers_bots::{Bot, BotRng, by_name};
use settlers_core::view::View;
use settlers_core::{Action, Actor, Game, GameOptions, LegalActions, Phase, Seat, ToAct};
use std::collections::BTreeMap;

/// The step limit `settlers sim` plays to: a game that reaches it did not end.
pub const STEP_LIMIT: u64 = 100_000;

/// How a test file names the kinds of action it wants to see chosen.
pub type Kind = fn(&Action, Phase) -> &'static str;

/// Wraps a bot, checks that each choice is legal (`permits`) and counts the kinds chosen.
/// A test may also give a meter, read before and after each choice (the allocations made,
/// where a test counts them), and find the sum of the differences in `metered`.
pub struct Checked {
    pub bot: Box<dyn Bot>,
    pub kinds: BTreeMap<&'static str, u64>,
    pub metered: u64,
    kind: Kind,
    meter: fn() -> u64,
}

impl Checked {
    pub fn new(name: &str, kind: Kind) -> Checked {
        Checked::metered(name, kind, || 0)
    }

    pub fn metered(name: &str, kind: Kind, meter: fn() -> u64) -> Checked {
        Checked::of(by_name(name).unwrap_or_else(|e| panic!("{e}")), kind, meter)
    }

    pub fn of(bot: Box<dyn Bot>, kind: Kind, meter: fn() -> u64) -> Checked {
        Checked {
            bot,
            kinds: BTreeMap::new(),
            metered: 0,
            kind,
            meter,
        }
    }
}

impl Bot for Checked {
    fn name(&self) -> &'static str {
        self.bot.name()
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        assert!(!legal.is_empty(), "asked to choose with nothing legal");
        let before = (self.meter)();
        let action = self.bot.choose(view, legal, rng);
        self.metered += (self.meter)() - before;
        assert!(
            legal.permits(&action),
            "{} chose {action:?}, which is not legal in {:?}: {legal:?}",
            self.bot.name(),
            view.phase()
        );
        *self
            .kinds
            .entry((self.kind)(&action, view.phase()))
            .or_default() += 1;
        action
    }
}

/// `first` in the first seat, `others` in the rest.
pub fn lineup(first: &'static str, others: &'static str, seats: u8) -> Vec<&'static str> {
    let mut out = vec![others; usize::from(seats)];
    out[0] = first;
    out
}

/// The bots of one game: `lineup[0]` sits in `seat`, the others follow it round the table.
pub fn seated(lineup: &[&str], seat: usize, bot: impl Fn(&str) -> Checked) -> Vec<Checked> {
    let n = lineup.len();
    (0..n).map(|s| bot(lineup[(s + n - seat) % n])).collect()
}

/// Plays `games` games of `lineup` (each bot made by `bot`), the first bot moving one seat on
/// each game, checks that each ended, and hands it to `each` with the seat of the first bot
/// and every seat's bot.
pub fn play(
    scenario: &str,
    lineup: &[&str],
    games: u64,
    seed: u64,
    record: bool,
    bot: impl Fn(&str) -> Checked,
    mut each: impl FnMut(&Played, Seat, &[Checked]),
) {
    let seats = lineup.len() as u8;
    let spec = GameSpec::new(scenario, seats).unwrap();
    let mut table = Table::new();
    for index in 0..games {
        let seat = (index % u64::from(seats)) as usize;
        let mut bots = seated(lineup, seat, &bot);
        let played = table
            .play(&spec, &mut bots, game_seed(seed, index), STEP_LIMIT, record)
            .unwrap_or_else(|e| panic!("{scenario} {lineup:?} game {index}: {e}"));
        assert!(
            played.finished(),
            "{scenario} {lineup:?} game {index} did not end in {STEP_LIMIT} steps"
        );
        each(&played, Seat(seat as u8), &bots);
    }
}

/// How many of `games` games of `lineup` from `seed` the first bot wins, moving one seat on
/// each game as in `play`.
pub fn first_bot_wins(
    scenario: &str,
    lineup: &[&str],
    games: u64,
    seed: u64,
    bot: impl Fn(&str) -> Checked,
) -> u64 {
    let mut wins = 0;
    play(
        scenario,
        lineup,
        games,
        seed,
        false,
        bot,
        |played, seat, _| wins += u64::from(played.game.winner() == Some(seat)),
    );
    wins
}

/// Checks the record of a finished game: `bot` is named at `seat`, it holds every step, and
/// its JSON reads back and replays to the game's end (`table` names the game in a failure).
/// Returns the JSON, for a test that compares records.
pub fn check_record(played: &Played, seat: usize, bot: &str, table: &str) -> String {
    let record = played.record.as_ref().unwrap();
    assert_eq!(record.seats[seat].bot.as_deref(), Some(bot), "{table}");
    assert_eq!(record.actions.len() as u64, played.steps, "{table}");
    let text = record.to_json_pretty();
    let again = settlers_core::record::Record::from_json(&text)
        .unwrap()
        .replay()
        .unwrap_or_else(|e| panic!("{table}: {e}"));
    assert_eq!(again.state(), played.game.state(), "{table}");
    assert_eq!(again.state().phase, Phase::Over, "{table}");
    text
}

/// A new game of `spec`, its board and deals drawn from `rng`.
pub fn new_game(spec: &GameSpec, rng: &mut BotRng) -> Result<Game, String> {
    let setup = spec.setup(rng).map_err(|e| e.to_string())?;
    Game::new(setup).map_err(|e| e.to_string())
}

/// The bots of a game from `seed`: all random, all heuristic, or every other seat heuristic,
/// so that both kinds of player and the heuristic bots' trades with players are played.
pub fn random_and_heuristic(seats: u8, seed: u64) -> Vec<Box<dyn Bot>> {
    let mix = seed % 3;
    (0..seats)
        .map(|s| {
            let heuristic = mix == 2 || (mix == 1 && s % 2 == 0);
            by_name(if heuristic { "heuristic" } else { "random" }).unwrap()
        })
        .collect()
}

/// The next actor and action of a game stepped by hand, `None` once it is over: chance
/// draws from `rng`; the seat to decide gets its legal actions in `legal` (cleared when
/// chance acts), and `choose` picks from them, given `rng` for a bot that draws from it too.
pub fn next_move(
    game: &Game,
    legal: &mut LegalActions,
    rng: &mut BotRng,
    choose: impl FnOnce(&View<'_>, Seat, &LegalActions, &mut BotRng) -> Action,
) -> Option<(Actor, Action)> {
    match game.to_act() {
        ToAct::Nobody => None,
        ToAct::Chance(_) => {
            legal.clear();
            Some((Actor::Chance, game.sample_chance(rng).unwrap()))
        }
        ToAct::Seats(waiting) => {
            let seat = deciding_seat(waiting, game.state().active).unwrap();
            game.legal_actions_into(seat, legal);
            Some((
                Actor::Seat(seat),
                choose(&game.view(seat), seat, legal, rng),
            ))
        }
    }
}

/// Adds one bot's counts of kinds to a total.
pub fn add(total: &mut BTreeMap<&'static str, u64>, kinds: &BTreeMap<&'static str, u64>) {
    for (k, n) in kinds {
        *total.entry(k).or_default() += n;
    }
}

/// Fails unless `bot` chose every kind of `expected` at least once.
pub fn assert_chose(bot: &str, kinds: &BTreeMap<&'static str, u64>, expected: &[&str]) {
    for k in expected {
        assert!(
            kinds.get(k).copied().unwrap_or(0) > 0,
            "the {bot} bot never chose {k}: {kinds:?}"
        );
    }
}

/// The lower end of the 95% Wilson interval.
pub fn wilson_lower(successes: u64, trials: u64) -> f64 {
    settlers_bots::stats::wilson_interval(successes, trials).0
}

/// Games per table: the number the environment variable `name` gives, for a longer run,
/// else `default`.
pub fn games_from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Hands `play` the spec and seed of `games` games at every player count `scenario` takes,
/// with `options`, the seeds drawn from `seed`; a game `play` finds wrong panics, naming the
/// table and the game's seed.
pub fn every_table(
    scenario: &str,
    options: &GameOptions,
    seed: u64,
    games: u64,
    mut play: impl FnMut(&GameSpec, u64) -> Result<(), String>,
) {
    let s = settlers_core::Scenario::by_name(scenario).unwrap();
    for seats in s.players() {
        let mut spec = GameSpec::new(scenario, seats).unwrap();
        spec.options = options.clone();
        for index in 0..games {
            let seed = game_seed(seed + u64::from(seats), index);
            if let Err(e) = play(&spec, seed) {
                panic!("{scenario}, {seats} players, game seed {seed}: {e}");
            }
        }
    }
}
