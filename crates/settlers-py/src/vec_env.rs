//! `settlers.VecEnv`: n games stepped at once, one learning seat in each against built-in
//! bots, with the GIL released. Observations, masks, rewards and done flags are written
//! into numpy arrays it allocates once; chance and the bots play inside; a finished game is
//! replaced by the next at once (the observation is then the new game's).

use crate::IllegalAction;
use crate::game::game_spec;
use crate::observe::{Layout, observe};
use crate::session::Session;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_core::{Rng, SeedableRng};
use settlers_bots::play::{GameSpec, game_seed};
use settlers_bots::{Bot, BotRng};
use settlers_core::{Actor, LegalActions, Seat, ToAct};
use std::sync::Mutex;

/// One game of the batch and the bots at its table.
struct Slot {
    session: Session,
    seed: u64,
    /// Games this slot has started.
    games: u64,
    steps: u64,
    /// In a mutex only so the class may be shared between threads; reached by `get_mut`.
    bots: Vec<Mutex<Box<dyn Bot>>>,
    bot_rngs: Vec<BotRng>,
}

#[pyclass(module = "settlers._settlers")]
pub struct VecEnv {
    spec: GameSpec,
    slots: Vec<Slot>,
    learner: Seat,
    opponents: Vec<String>,
    seed: u64,
    skip_forced: bool,
    win_reward: f32,
    loss_reward: f32,
    max_steps: u64,
    rng: BotRng,
    legal: LegalActions,
    /// Observations, one row a game (float32).
    #[pyo3(get)]
    observations: Py<PyArray2<f32>>,
    /// Legal action ids of the learning seat, one row a game.
    #[pyo3(get)]
    masks: Py<PyArray2<bool>>,
    /// The reward of the last step.
    #[pyo3(get)]
    rewards: Py<PyArray1<f32>>,
    /// The game of the last step ended (and a new one began in its place).
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    /// The game of the last step was stopped at `max_steps` (and a new one began).
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    /// The seed of each slot's current game (`settlers.Game(scenario, seats, seed)` is the
    /// same game).
    #[pyo3(get)]
    seeds: Py<PyArray1<u64>>,
    obs_len: usize,
    action_count: usize,
}

impl Slot {
    fn new(
        spec: &GameSpec,
        seed: u64,
        games: u64,
        opponents: &[String],
        learner: Seat,
    ) -> Result<Slot, String> {
        let session = Session::new(spec, seed, false)?;
        let seats = usize::from(session.game.seats());
        let mut names = opponents.iter();
        let mut bots = Vec::with_capacity(seats);
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
        }
        let bot_rngs = (0..seats)
            .map(|s| {
                let mut r = BotRng::seed_from_u64(seed);
                r.set_stream(1 + s as u64);
                r
            })
            .collect();
        Ok(Slot {
            session,
            seed,
            games,
            steps: 0,
            bots,
            bot_rngs,
        })
    }
}

/// What a slot's game came to, after the learner's step.
enum Outcome {
    /// The learner must decide; its mask is written.
    Waiting,
    Over,
    Stopped,
}

struct Settings {
    learner: Seat,
    skip_forced: bool,
    max_steps: u64,
}

/// Plays chance, the bots and (with `skip_forced`) the learner's forced ids until the
/// learner has a choice, writing its mask.
fn advance(slot: &mut Slot, s: &Settings, legal: &mut LegalActions, mask: &mut [bool]) -> Outcome {
    loop {
        if slot.steps >= s.max_steps {
            return Outcome::Stopped;
        }
        let game = &slot.session.game;
        match game.to_act() {
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
                if seat == s.learner {
                    let legal_ids = slot.session.mask_into(seat, mask);
                    if s.skip_forced && legal_ids == 1 {
                        let id = mask.iter().position(|&m| m).expect("one is set");
                        slot.session.step(seat, id).expect("a masked id is legal");
                        slot.steps += 1;
                        continue;
                    }
                    return Outcome::Waiting;
                }
                let i = seat.index();
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

impl VecEnv {
    fn settings(&self) -> Settings {
        Settings {
            learner: self.learner,
            skip_forced: self.skip_forced,
            max_steps: self.max_steps,
        }
    }

    fn slot_seed(&self, slot: usize, games: u64) -> u64 {
        game_seed(self.seed, games * self.slots_len() as u64 + slot as u64)
    }

    fn slots_len(&self) -> usize {
        self.slots.len().max(1)
    }
}

/// Starts slot `i`'s next game and brings it to the learner's first choice, writing its
/// observation and mask.
#[allow(clippy::too_many_arguments)]
fn restart(
    slot: &mut Slot,
    games: u64,
    spec: &GameSpec,
    seed: u64,
    opponents: &[String],
    s: &Settings,
    legal: &mut LegalActions,
    obs: &mut [f32],
    mask: &mut [bool],
) -> Result<(), String> {
    *slot = Slot::new(spec, seed, games, opponents, s.learner)?;
    // A game that ends before the learner ever decides (none does) is started again.
    match advance(slot, s, legal, mask) {
        Outcome::Waiting => {}
        _ => mask.fill(false),
    }
    observe(&slot.session, s.learner, obs);
    Ok(())
}

#[pymethods]
impl VecEnv {
    /// `n` games of `scenario`, the learning seat `learner` against `opponents` (one bot
    /// name for each other seat, in seat order; random bots when not given). Game `k` of
    /// slot `i` is seeded `game_seed(seed, k * n + i)`.
    #[new]
    #[pyo3(signature = (n, scenario = "base", seats = 4, seed = 0, opponents = None, learner = 0, skip_forced = true, win_reward = 1.0, loss_reward = -1.0, max_steps = 100_000, **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: usize,
        scenario: &str,
        seats: u8,
        seed: u64,
        opponents: Option<Vec<String>>,
        learner: u8,
        skip_forced: bool,
        win_reward: f32,
        loss_reward: f32,
        max_steps: u64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if n == 0 || n > 1 << 20 {
            return Err(PyValueError::new_err(format!(
                "a VecEnv holds 1 to {} games, not {n}",
                1 << 20
            )));
        }
        let spec = game_spec(scenario, seats, options)?;
        if learner >= seats {
            return Err(PyValueError::new_err(format!(
                "the learner {learner} is not a seat of a {seats}-seat game"
            )));
        }
        let opponents = opponents.unwrap_or_else(|| vec!["random".into(); usize::from(seats) - 1]);
        if opponents.len() != usize::from(seats) - 1 {
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
        let mut env = VecEnv {
            spec,
            slots: Vec::with_capacity(n),
            learner: Seat(learner),
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
            observations: PyArray2::zeros(py, [n, obs_len], false).unbind(),
            masks: PyArray2::zeros(py, [n, action_count], false).unbind(),
            rewards: PyArray1::zeros(py, n, false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            seeds: PyArray1::zeros(py, n, false).unbind(),
            obs_len,
            action_count,
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

    /// Starts every slot's first game again (from the seeds of the start) and writes the
    /// observations and masks.
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        let n = self.slots.len();
        let s = self.settings();
        let seeds: Vec<u64> = (0..n).map(|i| game_seed(self.seed, i as u64)).collect();
        let obs = self.observations.bind(py).clone();
        let masks = self.masks.bind(py).clone();
        let mut obs = obs.try_readwrite()?;
        let mut masks = masks.try_readwrite()?;
        let obs = obs.as_slice_mut()?;
        let masks = masks.as_slice_mut()?;
        let (spec, opponents, legal, slots) = (
            &self.spec,
            &self.opponents,
            &mut self.legal,
            &mut self.slots,
        );
        let (obs_len, action_count) = (self.obs_len, self.action_count);
        py.detach(|| {
            for (i, slot) in slots.iter_mut().enumerate() {
                restart(
                    slot,
                    0,
                    spec,
                    seeds[i],
                    opponents,
                    &s,
                    legal,
                    &mut obs[i * obs_len..(i + 1) * obs_len],
                    &mut masks[i * action_count..(i + 1) * action_count],
                )?;
            }
            Ok::<(), String>(())
        })
        .map_err(PyValueError::new_err)?;
        self.write_seeds(py)?;
        Ok(())
    }

    /// Takes one action id in every game (an int64 array of `n`); every id must be set in
    /// its game's mask, or nothing happens and `IllegalAction` names the first that is not.
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
        let s = self.settings();
        let obs = self.observations.bind(py).clone();
        let masks = self.masks.bind(py).clone();
        let rewards = self.rewards.bind(py).clone();
        let terminated = self.terminated.bind(py).clone();
        let truncated = self.truncated.bind(py).clone();
        let mut obs = obs.try_readwrite()?;
        let mut masks = masks.try_readwrite()?;
        let mut rewards = rewards.try_readwrite()?;
        let mut terminated = terminated.try_readwrite()?;
        let mut truncated = truncated.try_readwrite()?;
        let obs = obs.as_slice_mut()?;
        let masks = masks.as_slice_mut()?;
        let rewards = rewards.as_slice_mut()?;
        let terminated = terminated.as_slice_mut()?;
        let truncated = truncated.as_slice_mut()?;
        let (obs_len, action_count) = (self.obs_len, self.action_count);
        for (i, &a) in actions.iter().enumerate() {
            let legal = usize::try_from(a)
                .ok()
                .filter(|&a| a < action_count)
                .is_some_and(|a| masks[i * action_count + a]);
            if !legal {
                return Err(IllegalAction::new_err(format!(
                    "game {i}: action id {a} is not legal (not set in its mask)"
                )));
            }
        }
        let seeds: Vec<u64> = (0..n)
            .map(|i| self.slot_seed(i, self.slots[i].games + 1))
            .collect();
        let (spec, opponents, legal, slots) = (
            &self.spec,
            &self.opponents,
            &mut self.legal,
            &mut self.slots,
        );
        let (win, loss) = (self.win_reward, self.loss_reward);
        let result = py.detach(|| {
            for (i, slot) in slots.iter_mut().enumerate() {
                let mask = &mut masks[i * action_count..(i + 1) * action_count];
                let o = &mut obs[i * obs_len..(i + 1) * obs_len];
                slot.session
                    .step(s.learner, actions[i] as usize)
                    .map_err(|e| format!("game {i}: {e}"))?;
                slot.steps += 1;
                let outcome = advance(slot, &s, legal, mask);
                rewards[i] = 0.0;
                terminated[i] = false;
                truncated[i] = false;
                match outcome {
                    Outcome::Waiting => observe(&slot.session, s.learner, o),
                    Outcome::Over | Outcome::Stopped => {
                        if let Outcome::Over = outcome {
                            terminated[i] = true;
                            let g = &slot.session.game;
                            let won = g.winner() == Some(s.learner)
                                || g.state().shared_winners.contains(s.learner);
                            rewards[i] = if won {
                                win
                            } else if g.winner().is_some() {
                                loss
                            } else {
                                0.0
                            };
                        } else {
                            truncated[i] = true;
                        }
                        let games = slot.games + 1;
                        restart(slot, games, spec, seeds[i], opponents, &s, legal, o, mask)?;
                    }
                }
            }
            Ok::<(), String>(())
        });
        // Seeds change only for restarted slots; write them all.
        self.write_seeds(py)?;
        result.map_err(IllegalAction::new_err)
    }

    /// A random legal id for each game, drawn from the VecEnv's own generator (for random
    /// agents and benchmarks): an int64 array of `n`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let masks = self.masks.bind(py).clone();
        let masks = masks.try_readonly()?;
        let masks = masks.as_slice()?;
        let action_count = self.action_count;
        let rng = &mut self.rng;
        let out: Vec<i64> = masks
            .chunks(action_count)
            .map(|m| {
                let count = m.iter().filter(|&&b| b).count();
                if count == 0 {
                    return 0;
                }
                let k = (rng.next_u64() % count as u64) as usize;
                m.iter()
                    .enumerate()
                    .filter(|(_, b)| **b)
                    .nth(k)
                    .map_or(0, |(i, _)| i as i64)
            })
            .collect();
        Ok(PyArray1::from_vec(py, out))
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

impl VecEnv {
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
