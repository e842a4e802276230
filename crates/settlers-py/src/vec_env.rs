//! `settlers.VecEnv`: n games stepped at once with the GIL released. In the learner mode one
//! seat of each game learns against built-in bots; in the self-play mode every seat is the
//! learner, and a step is one action of the seat to act. Observations, legal ids (a dense
//! mask or a list of ids), rewards and done flags are written into numpy arrays it
//! allocates once; chance and the bots play inside; a finished game is replaced by the next
//! at once (the observation is then the new game's).

use crate::IllegalAction;
use crate::game::game_spec;
use crate::observe::{Layout, Observer};
use crate::session::Session;
use crate::vec_rows::{Arrays, Rows};
use numpy::{IxDyn, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_core::{Rng, SeedableRng};
use settlers_bots::play::{GameSpec, game_seed};
use settlers_bots::{Bot, BotRng};
use settlers_core::{Actor, Game, LegalActions, Seat, ToAct};
use std::sync::Mutex;

/// One game of the batch and the bots at its table.
struct Slot {
    session: Session,
    seed: u64,
    /// Games this slot has started.
    games: u64,
    steps: u64,
    /// The seat whose observation and legal ids the slot's rows hold.
    to_act: Seat,
    /// In a mutex only so the class may be shared between threads; reached by `get_mut`.
    /// Empty in the self-play mode.
    bots: Vec<Mutex<Box<dyn Bot>>>,
    bot_rngs: Vec<BotRng>,
    /// Writes the slot's observation row, changing only what changed.
    observer: Observer,
    /// The ids its mask row holds set (`None` before the game's first write): only they
    /// are cleared for the next.
    mask_set: Option<Vec<u32>>,
}

/// How the legal ids of each game are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MaskFormat {
    /// `masks`: a boolean row of every id.
    Dense,
    /// `legal_ids` and `legal_counts`: the legal ids, ascending, at the start of an int32
    /// row, and how many they are.
    Ids,
}

#[pyclass(module = "settlers._settlers")]
pub struct VecEnv {
    spec: GameSpec,
    slots: Vec<Slot>,
    /// The learning seat; `None` in the self-play mode, where every seat learns.
    learner: Option<Seat>,
    opponents: Vec<String>,
    seed: u64,
    skip_forced: bool,
    win_reward: f32,
    loss_reward: f32,
    max_steps: u64,
    rng: BotRng,
    legal: LegalActions,
    format: MaskFormat,
    /// Observations, one row a game (float32), from the view of the seat in `to_act`. Each
    /// row is changed only where the game changed: the caller copies it before changing it.
    #[pyo3(get)]
    pub(crate) observations: Py<PyArray2<f32>>,
    /// Legal ids of the seat to act, one boolean row a game (`mask_format="dense"`). Each
    /// row is changed only where the ids changed: the caller copies it before changing it.
    #[pyo3(get)]
    pub(crate) masks: Option<Py<PyArray2<bool>>>,
    /// Legal ids of the seat to act, ascending, at the start of each int32 row
    /// (`mask_format="ids"`).
    #[pyo3(get)]
    pub(crate) legal_ids: Option<Py<PyArray2<i32>>>,
    /// How many ids of each row of `legal_ids` are legal (`mask_format="ids"`).
    #[pyo3(get)]
    pub(crate) legal_counts: Option<Py<PyArray1<i32>>>,
    /// The seat each row's observation and legal ids are for (the learner's in the learner
    /// mode).
    #[pyo3(get)]
    pub(crate) to_act: Py<PyArray1<u8>>,
    /// The reward of the last step: one a game in the learner mode, one a seat of each game
    /// in the self-play mode.
    #[pyo3(get)]
    pub(crate) rewards: Py<PyArrayDyn<f32>>,
    /// The game of the last step ended (and a new one began in its place).
    #[pyo3(get)]
    pub(crate) terminated: Py<PyArray1<bool>>,
    /// The game of the last step was stopped at `max_steps` (and a new one began).
    #[pyo3(get)]
    pub(crate) truncated: Py<PyArray1<bool>>,
    /// The seed of each slot's current game (`settlers.Game(scenario, seats, seed)` is the
    /// same game).
    #[pyo3(get)]
    seeds: Py<PyArray1<u64>>,
    obs_len: usize,
    action_count: usize,
    seats: usize,
}

impl Slot {
    fn new(
        spec: &GameSpec,
        seed: u64,
        games: u64,
        opponents: &[String],
        learner: Option<Seat>,
    ) -> Result<Slot, String> {
        let session = Session::new(spec, seed, false)?;
        let seats = usize::from(session.game.seats());
        let mut bots = Vec::new();
        let mut bot_rngs = Vec::new();
        if let Some(learner) = learner {
            let mut names = opponents.iter();
            for s in 0..seats {
                // The learner's place holds a bot that never plays, so seats index the list.
                let name = if s == learner.index() {
                    "random"
                } else {
                    names.next().map_or("random", |n| n.as_str())
                };
                bots.push(Mutex::new(
                    settlers_bots::by_name(name).map_err(|e| e.to_string())?,
                ));
                let mut r = BotRng::seed_from_u64(seed);
                r.set_stream(1 + s as u64);
                bot_rngs.push(r);
            }
        }
        Ok(Slot {
            session,
            seed,
            games,
            steps: 0,
            to_act: learner.unwrap_or(Seat(0)),
            bots,
            bot_rngs,
            observer: Observer::default(),
            mask_set: None,
        })
    }
}

/// What a slot's game came to, after a step.
enum Outcome {
    /// A learning seat must decide (`Slot::to_act`).
    Waiting,
    Over,
    Stopped,
}

#[derive(Clone, Copy)]
struct Settings {
    learner: Option<Seat>,
    skip_forced: bool,
    max_steps: u64,
    win: f32,
    loss: f32,
}

/// Plays chance, the bots and (with `skip_forced`) a learning seat's forced ids until a
/// learning seat has a choice.
fn advance(slot: &mut Slot, s: &Settings, legal: &mut LegalActions) -> Outcome {
    loop {
        if slot.steps >= s.max_steps {
            return Outcome::Stopped;
        }
        match slot.session.game.to_act() {
            ToAct::Nobody => return Outcome::Over,
            ToAct::Chance(_) => {
                if slot.session.play_chance().is_none() {
                    return Outcome::Over;
                }
                slot.steps += 1;
            }
            ToAct::Seats(_) => {
                let seat = slot
                    .session
                    .deciding_seat()
                    .expect("the game waits for a seat");
                if s.learner.is_none_or(|l| l == seat) {
                    let ids = slot.session.legal_ids(seat);
                    if s.skip_forced && ids.len() == 1 {
                        let id = ids[0] as usize;
                        slot.session.step(seat, id).expect("a legal id applies");
                        slot.steps += 1;
                        continue;
                    }
                    slot.to_act = seat;
                    return Outcome::Waiting;
                }
                let i = seat.index();
                let game = &slot.session.game;
                let bot = slot.bots[i].get_mut().expect("not poisoned");
                legal.compact_knight_moves = bot.takes_knight_sets();
                game.legal_actions_into(seat, legal);
                let action = bot.choose(&game.view(seat), legal, &mut slot.bot_rngs[i]);
                slot.session
                    .apply(Actor::Seat(seat), action)
                    .expect("the built-in bots choose legal actions");
                slot.steps += 1;
            }
        }
    }
}

/// Whether `seat` won the game (alone or sharing the win), lost it, or neither (stopped).
fn reward(game: &Game, seat: Seat, s: &Settings) -> f32 {
    if game.winner() == Some(seat) || game.state().shared_winners.contains(seat) {
        s.win
    } else if game.winner().is_some() {
        s.loss
    } else {
        0.0
    }
}

/// Starts the slot's next game and brings it to a learning seat's first choice, writing
/// its observation and legal ids.
#[allow(clippy::too_many_arguments)]
fn restart(
    slot: &mut Slot,
    games: u64,
    spec: &GameSpec,
    seed: u64,
    opponents: &[String],
    s: &Settings,
    legal: &mut LegalActions,
    rows: &mut Rows<'_>,
) -> Result<(), String> {
    *slot = Slot::new(spec, seed, games, opponents, s.learner)?;
    // A game that ends before a learning seat ever decides (none does) is started again.
    match advance(slot, s, legal) {
        Outcome::Waiting => {
            rows.write_legal(slot.session.legal_ids(slot.to_act), &mut slot.mask_set)
        }
        _ => rows.clear_legal(&mut slot.mask_set),
    }
    *rows.to_act = slot.to_act.0;
    slot.observer.observe(&slot.session, slot.to_act, rows.obs);
    Ok(())
}

impl VecEnv {
    fn settings(&self) -> Settings {
        Settings {
            learner: self.learner,
            skip_forced: self.skip_forced,
            max_steps: self.max_steps,
            win: self.win_reward,
            loss: self.loss_reward,
        }
    }

    fn slots_len(&self) -> usize {
        self.slots.len().max(1)
    }

    fn write_seeds(&self, py: Python<'_>) -> PyResult<()> {
        let seeds = self.seeds.bind(py);
        let mut seeds = seeds.try_readwrite()?;
        let seeds = seeds.as_slice_mut()?;
        for (i, slot) in self.slots.iter().enumerate() {
            seeds[i] = slot.seed;
        }
        Ok(())
    }
}

#[pymethods]
impl VecEnv {
    /// `n` games of `scenario`. In the learner mode, the learning seat `learner` (0 when not
    /// given) plays against `opponents` (one bot name for each other seat, in seat order;
    /// random bots when not given); with `self_play`, every seat learns and there are no
    /// opponents. `mask_format` is `"dense"` (`masks`) or `"ids"` (`legal_ids` and
    /// `legal_counts`). Game `k` of slot `i` is seeded `game_seed(seed, k * n + i)`.
    #[new]
    #[pyo3(signature = (n, scenario = "base", seats = 4, seed = 0, opponents = None, learner = None, skip_forced = true, win_reward = 1.0, loss_reward = -1.0, max_steps = 100_000, *, self_play = false, mask_format = "dense", **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: usize,
        scenario: &str,
        seats: u8,
        seed: u64,
        opponents: Option<Vec<String>>,
        learner: Option<u8>,
        skip_forced: bool,
        win_reward: f32,
        loss_reward: f32,
        max_steps: u64,
        self_play: bool,
        mask_format: &str,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if n == 0 || n > 1 << 20 {
            return Err(PyValueError::new_err(format!(
                "a VecEnv holds 1 to {} games, not {n}",
                1 << 20
            )));
        }
        let format = match mask_format {
            "dense" => MaskFormat::Dense,
            "ids" => MaskFormat::Ids,
            other => {
                return Err(PyValueError::new_err(format!(
                    "there is no mask format `{other}`: the formats are dense, ids"
                )));
            }
        };
        let spec = game_spec(scenario, seats, options)?;
        let learner = if self_play {
            if learner.is_some() || opponents.is_some() {
                return Err(PyValueError::new_err(
                    "in self-play every seat learns: give no learner and no opponents",
                ));
            }
            None
        } else {
            let learner = learner.unwrap_or(0);
            if learner >= seats {
                return Err(PyValueError::new_err(format!(
                    "the learner {learner} is not a seat of a {seats}-seat game"
                )));
            }
            Some(Seat(learner))
        };
        let opponents = match learner {
            None => Vec::new(),
            Some(_) => opponents.unwrap_or_else(|| vec!["random".into(); usize::from(seats) - 1]),
        };
        if learner.is_some() && opponents.len() != usize::from(seats) - 1 {
            return Err(PyValueError::new_err(format!(
                "a {seats}-seat game has {} opponents, but {} were given",
                seats - 1,
                opponents.len()
            )));
        }
        for name in &opponents {
            settlers_bots::by_name(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        let first =
            Session::new(&spec, game_seed(seed, 0), false).map_err(PyValueError::new_err)?;
        let obs_len = Layout::of(&first.space).len;
        let action_count = first.space.len();
        let seats = usize::from(seats);
        let rewards_shape = if learner.is_some() {
            vec![n]
        } else {
            vec![n, seats]
        };
        let dense = format == MaskFormat::Dense;
        let mut env = VecEnv {
            spec,
            slots: Vec::with_capacity(n),
            learner,
            opponents,
            seed,
            skip_forced,
            win_reward,
            loss_reward,
            max_steps,
            rng: {
                let mut r = BotRng::seed_from_u64(seed);
                r.set_stream(u64::MAX);
                r
            },
            legal: LegalActions::default(),
            format,
            observations: PyArray2::zeros(py, [n, obs_len], false).unbind(),
            masks: dense.then(|| PyArray2::zeros(py, [n, action_count], false).unbind()),
            legal_ids: (!dense).then(|| PyArray2::zeros(py, [n, action_count], false).unbind()),
            legal_counts: (!dense).then(|| PyArray1::zeros(py, n, false).unbind()),
            to_act: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArrayDyn::zeros(py, IxDyn(&rewards_shape), false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            seeds: PyArray1::zeros(py, n, false).unbind(),
            obs_len,
            action_count,
            seats,
        };
        for i in 0..n {
            let seed = game_seed(seed, i as u64);
            let slot = Slot::new(&env.spec, seed, 0, &env.opponents, env.learner)
                .map_err(PyValueError::new_err)?;
            env.slots.push(slot);
        }
        env.reset(py)?;
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }
    #[getter]
    fn observation_size(&self) -> usize {
        self.obs_len
    }
    #[getter]
    fn action_count(&self) -> usize {
        self.action_count
    }
    #[getter]
    fn seats(&self) -> usize {
        self.seats
    }
    /// Whether every seat learns (`self_play=True`).
    #[getter]
    fn self_play(&self) -> bool {
        self.learner.is_none()
    }
    /// `"dense"` or `"ids"`.
    #[getter]
    fn mask_format(&self) -> &'static str {
        match self.format {
            MaskFormat::Dense => "dense",
            MaskFormat::Ids => "ids",
        }
    }

    /// Starts every slot's first game again (from the seeds of the start) and writes the
    /// observations and legal ids.
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        let n = self.slots.len();
        let s = self.settings();
        let seeds: Vec<u64> = (0..n).map(|i| game_seed(self.seed, i as u64)).collect();
        let mut arrays = Arrays::borrow(self, py)?;
        let mut rows = arrays.rows(self.obs_len, self.action_count)?;
        let (spec, opponents, legal, slots) = (
            &self.spec,
            &self.opponents,
            &mut self.legal,
            &mut self.slots,
        );
        py.detach(|| {
            for ((slot, row), &seed) in slots.iter_mut().zip(&mut rows).zip(&seeds) {
                restart(slot, 0, spec, seed, opponents, &s, legal, row)?;
                row.rewards.fill(0.0);
                *row.terminated = false;
                *row.truncated = false;
            }
            Ok::<(), String>(())
        })
        .map_err(PyValueError::new_err)?;
        drop(rows);
        drop(arrays);
        self.write_seeds(py)?;
        Ok(())
    }

    /// Takes one action id in every game (an int64 array of `n`), for the seat in its
    /// `to_act`; every id must be legal, or nothing happens and `IllegalAction` names the
    /// first that is not.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        let actions = actions.try_readonly()?;
        let actions = actions.as_slice()?;
        for (i, (slot, &a)) in self.slots.iter_mut().zip(actions).enumerate() {
            // The ids were worked out when the rows were written, and are kept.
            let legal = u32::try_from(a).is_ok_and(|a| {
                slot.session
                    .legal_ids(slot.to_act)
                    .binary_search(&a)
                    .is_ok()
            });
            if !legal {
                return Err(IllegalAction::new_err(format!(
                    "game {i}: action id {a} is not legal for seat {} (not one of its legal ids)",
                    slot.to_act.0
                )));
            }
        }
        let s = self.settings();
        // A slot's next seed is worked out only when its game ends.
        let (seed, slots_len) = (self.seed, self.slots_len() as u64);
        let next_seed =
            move |slot: usize, games: u64| game_seed(seed, games * slots_len + slot as u64);
        let mut restarted = false;
        let mut arrays = Arrays::borrow(self, py)?;
        let mut rows = arrays.rows(self.obs_len, self.action_count)?;
        let (spec, opponents, legal, slots) = (
            &self.spec,
            &self.opponents,
            &mut self.legal,
            &mut self.slots,
        );
        let result = py.detach(|| {
            for (i, ((slot, row), &action)) in
                slots.iter_mut().zip(&mut rows).zip(actions).enumerate()
            {
                slot.session
                    .step(slot.to_act, action as usize)
                    .map_err(|e| format!("game {i}: {e}"))?;
                slot.steps += 1;
                let outcome = advance(slot, &s, legal);
                row.rewards.fill(0.0);
                *row.terminated = false;
                *row.truncated = false;
                match outcome {
                    Outcome::Waiting => {
                        row.write_legal(slot.session.legal_ids(slot.to_act), &mut slot.mask_set);
                        *row.to_act = slot.to_act.0;
                        slot.observer.observe(&slot.session, slot.to_act, row.obs);
                    }
                    Outcome::Over | Outcome::Stopped => {
                        if let Outcome::Over = outcome {
                            *row.terminated = true;
                            let g = &slot.session.game;
                            match s.learner {
                                Some(l) => row.rewards[0] = reward(g, l, &s),
                                None => {
                                    for (seat, r) in row.rewards.iter_mut().enumerate() {
                                        *r = reward(g, Seat(seat as u8), &s);
                                    }
                                }
                            }
                        } else {
                            *row.truncated = true;
                        }
                        let games = slot.games + 1;
                        let seed = next_seed(i, games);
                        restart(slot, games, spec, seed, opponents, &s, legal, row)?;
                        restarted = true;
                    }
                }
            }
            Ok::<(), String>(())
        });
        drop(rows);
        drop(arrays);
        // Seeds change only for restarted slots; then they are all written.
        if restarted {
            self.write_seeds(py)?;
        }
        result.map_err(IllegalAction::new_err)
    }

    /// A random legal id for each game, drawn from the VecEnv's own generator (for random
    /// agents and benchmarks): an int64 array of `n`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let out: Vec<i64> = self
            .slots
            .iter_mut()
            .map(|slot| {
                let ids = slot.session.legal_ids(slot.to_act);
                if ids.is_empty() {
                    return 0;
                }
                let k = (rng.next_u64() % ids.len() as u64) as usize;
                i64::from(ids[k])
            })
            .collect();
        PyArray1::from_vec(py, out)
    }

    /// The seed of slot `i`'s current game. Records are not kept (they cost time): the
    /// seed rebuilds the game with `settlers.Game`.
    fn seed_of(&self, i: usize) -> PyResult<u64> {
        self.slots
            .get(i)
            .map(|s| s.seed)
            .ok_or_else(|| PyValueError::new_err(format!("there is no game {i}")))
    }
}
