//! `settlers.Game`: one game, played by action texts (as the engine writes them) or by the
//! fixed action ids of `space.rs`.

use crate::IllegalAction;
use crate::convert::{actor, from_py, to_py};
use crate::observe::{Layout, observe};
use crate::session::{Pending, Session};
use crate::space::{Block, Decoded, Space};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyList};
use rand_core::SeedableRng;
use settlers_bots::BotRng;
use settlers_bots::play::GameSpec;
use settlers_core::map::Layout as BoardLayout;
use settlers_core::notation::ActionText;
use settlers_core::position::Position;
use settlers_core::record::Record;
use settlers_core::topology::{MAX_CORNERS, MAX_EDGES, MAX_HEXES};
use settlers_core::{Game, GameOptions, Scenario, Seat, ToAct};

#[pyclass(module = "settlers._settlers", name = "Game")]
pub struct PyGame {
    pub session: Session,
    /// Chance is played inside `step` and `apply` (and at the start), never left to the
    /// caller.
    play_chance: bool,
    /// A deciding seat's only legal id is taken inside `step` and `apply`.
    skip_forced: bool,
}

/// The kind of game `settlers.Game(scenario, seats, seed, **options)` asks for. `layout`
/// is the board's (`beginner`, `variable`, `random`); the other options are
/// `GameOptions`' fields (docs/record-format.md, "options").
pub fn game_spec(
    scenario: &str,
    seats: u8,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameSpec> {
    let mut spec =
        GameSpec::new(scenario, seats).map_err(|e| PyValueError::new_err(e.to_string()))?;
    spec.layout.layout = spec.default_layout();
    if let Some(options) = options {
        let options = options.copy()?;
        if let Some(layout) = options.get_item("layout")? {
            let name: String = layout.extract()?;
            spec.layout.layout = match name.as_str() {
                "beginner" => BoardLayout::Beginner,
                "variable" => BoardLayout::Variable,
                "random" => BoardLayout::Random,
                other => {
                    return Err(PyValueError::new_err(format!(
                        "there is no layout `{other}`: the layouts are beginner, variable, random"
                    )));
                }
            };
            options.del_item("layout")?;
        }
        let text: String = options
            .py()
            .import("json")?
            .call_method1("dumps", (options,))?
            .extract()?;
        spec.options = serde_json::from_str::<GameOptions>(&text)
            .map_err(|e| PyValueError::new_err(format!("game options: {e}")))?;
    }
    spec.check_seats()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(spec)
}

/// The Python ints of every action id of the largest board, made once: a list of legal ids
/// then shares them rather than making its ints anew at every call.
fn id_ints(py: Python<'_>) -> &[Py<PyInt>] {
    static INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    INTS.get_or_init(py, || {
        let largest = Space::new(MAX_HEXES, MAX_CORNERS, MAX_EDGES).len();
        (0..largest).map(|i| PyInt::new(py, i).unbind()).collect()
    })
}

fn refused(e: String) -> PyErr {
    IllegalAction::new_err(e)
}

/// The player counts a scenario takes.
#[pyfunction]
pub fn scenario_seats(scenario: &str) -> PyResult<Vec<u32>> {
    let s = Scenario::by_name(scenario).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut seats: Vec<u32> = s.players().map(u32::from).collect();
    seats.sort_unstable();
    seats.dedup();
    Ok(seats)
}

impl PyGame {
    fn of(session: Session) -> PyGame {
        PyGame {
            session,
            play_chance: false,
            skip_forced: false,
        }
    }

    /// After an action or id applied: chance and forced ids, as the game was asked to.
    fn settle(&mut self) {
        if self.play_chance || self.skip_forced {
            self.session.settle(self.play_chance, self.skip_forced);
        }
    }

    fn seat(&self, seat: u8) -> PyResult<Seat> {
        if seat >= self.session.game.seats() {
            return Err(PyValueError::new_err(format!(
                "{seat} is not a seat in this game: the seats are 0 to {}",
                self.session.game.seats() - 1
            )));
        }
        Ok(Seat(seat))
    }
}

#[pymethods]
impl PyGame {
    /// A new game: the board, the first seat and every chance outcome are drawn from `seed`.
    /// With `play_chance`, chance acts inside `step` and `apply` (and before the first
    /// seat decides); with `skip_forced`, so does a deciding seat's only legal id; without
    /// `record`, no record is kept (it costs time in a long loop).
    #[new]
    #[pyo3(signature = (scenario = "base", seats = 4, seed = 0, *, play_chance = false, skip_forced = false, record = true, **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        scenario: &str,
        seats: u8,
        seed: u64,
        play_chance: bool,
        skip_forced: bool,
        record: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let spec = game_spec(scenario, seats, options)?;
        let session = Session::new(&spec, seed, record).map_err(PyValueError::new_err)?;
        let mut game = PyGame {
            session,
            play_chance,
            skip_forced,
        };
        game.settle();
        Ok(game)
    }

    /// The game at the end of a record (docs/record-format.md), every action checked. Chance
    /// from here on is drawn from `seed`.
    #[staticmethod]
    #[pyo3(signature = (record, seed = 0))]
    fn from_record(record: &str, seed: u64) -> PyResult<Self> {
        let mut record =
            Record::from_json(record).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let game = record
            .replay()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        record.result = None;
        let session = Session::from_game(game, BotRng::seed_from_u64(seed), Some(record));
        Ok(PyGame::of(session))
    }

    /// The game of a position (docs/record-format.md, "Positions"). It has no record: a
    /// record starts with the set-up.
    #[staticmethod]
    #[pyo3(signature = (position, seed = 0))]
    fn from_position(position: &str, seed: u64) -> PyResult<Self> {
        let pos =
            Position::from_json(position).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let game = Game::from_position(&pos).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let session = Session::from_game(game, BotRng::seed_from_u64(seed), None);
        Ok(PyGame::of(session))
    }

    /// The game as a position (JSON text).
    fn position(&self) -> String {
        self.session.game.to_position().to_json_pretty()
    }

    /// The board's places in canonical names: `hexes` (each with its terrain, number, six
    /// corners clockwise from N and six edges clockwise from NE), `corners` (the hexes each
    /// touches, its neighbours, its harbor), `edges` (their two corners) and `harbors`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &crate::board::board_data(&self.session.game))
    }

    /// A copy of the game, chance's generator and any choice begun included; its record
    /// too unless `record` is false (a copy for looking ahead need not carry it).
    #[pyo3(signature = (record = true))]
    fn copy(&self, record: bool) -> PyGame {
        let session = if record {
            self.session.clone()
        } else {
            self.session.clone_without_record()
        };
        PyGame {
            session,
            play_chance: self.play_chance,
            skip_forced: self.skip_forced,
        }
    }

    #[getter]
    fn scenario(&self) -> String {
        self.session.game.config().scenario.clone()
    }
    #[getter]
    fn seats(&self) -> u8 {
        self.session.game.seats()
    }
    #[getter]
    fn turn(&self) -> u16 {
        self.session.game.state().turn
    }
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.session.game.winner().map(|s| s.0)
    }
    /// The seats that won: the winner, and any sharing the win (Cloth for Catan's tie).
    fn winners(&self) -> Vec<u32> {
        let g = &self.session.game;
        let winner = g.winner();
        let shared = g
            .state()
            .shared_winners
            .iter()
            .filter(|&s| Some(s) != winner);
        winner
            .into_iter()
            .chain(shared)
            .map(|s| u32::from(s.0))
            .collect()
    }
    fn is_over(&self) -> bool {
        self.session.game.is_over()
    }
    /// Every seat's victory points (all cards counted).
    fn victory_points(&self) -> Vec<u32> {
        let g = &self.session.game;
        g.state()
            .seat_ids()
            .map(|s| u32::from(g.victory_points(s)))
            .collect()
    }

    /// Who must act: a list of seats, "chance", or None when the game is over.
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self.session.game.to_act() {
            ToAct::Seats(seats) => PyList::new(py, seats.iter().map(|s| s.0))?.into_any(),
            ToAct::Chance(_) => "chance".into_pyobject(py)?.into_any(),
            ToAct::Nobody => py.None().into_bound(py),
        })
    }

    /// The seat that decides next among those the game waits for (answers to an offer come
    /// before the offerer's confirmation), or None when chance acts or the game is over.
    fn deciding_seat(&self) -> Option<u8> {
        self.session.deciding_seat().map(|s| s.0)
    }

    /// The listed legal actions of `seat`, as the engine writes them. The choices too many
    /// to list are in `legal_ranges`.
    fn legal_actions<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let g = &self.session.game;
        let texts: Vec<ActionText> = g
            .legal_actions(seat)
            .actions
            .iter()
            .map(|a| g.action_text(a))
            .collect();
        to_py(py, &texts)
    }

    /// The ranges of `seat`'s legal choices: `discard`, `gold` and `give_back` (exactly
    /// `count` cards out of `from`) and `offer` (what an offer may give and to whom).
    fn legal_ranges<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat(seat)?;
        let legal = self.session.game.legal_actions(seat);
        let out = PyDict::new(py);
        for (name, range) in [
            ("discard", legal.discard),
            ("gold", legal.gold),
            ("give_back", legal.give_back),
        ] {
            if let Some(r) = range {
                let d = PyDict::new(py);
                d.set_item("count", r.count)?;
                d.set_item("from", to_py(py, &r.from)?)?;
                out.set_item(name, d)?;
            }
        }
        if let Some(o) = legal.offer {
            let d = PyDict::new(py);
            d.set_item("can_give", to_py(py, &o.can_give)?)?;
            d.set_item("to", o.to.iter().map(|s| s.0).collect::<Vec<_>>())?;
            d.set_item("can_give_gold", o.can_give_gold)?;
            d.set_item("gold", o.gold)?;
            out.set_item("offer", d)?;
        }
        Ok(out)
    }

    /// Applies an action (a dict or JSON text, as `legal_actions` gives them) for `actor`
    /// (a seat, or "chance"). A refused action raises `IllegalAction` and changes nothing.
    fn apply(&mut self, actor_: &Bound<'_, PyAny>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let actor = actor(actor_)?;
        let text: ActionText = from_py(action, "an action")?;
        let action = self
            .session
            .game
            .action_from_text(&text)
            .map_err(|e| refused(e.to_string()))?;
        self.session.apply(actor, action).map_err(refused)?;
        self.settle();
        Ok(())
    }

    /// Chance draws its action from the game's generator and applies it; the action, or None
    /// when chance need not act.
    fn apply_chance<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.session.play_chance() {
            Some(a) => {
                self.settle();
                // The text is of the game after the action; places do not move, so it reads
                // the same.
                Ok(Some(to_py(py, &self.session.game.action_text(&a))?))
            }
            None => Ok(None),
        }
    }

    /// What `seat` may see, as the server sends it (a spectator's view when None).
    #[pyo3(signature = (seat = None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        let g = &self.session.game;
        let data = match seat {
            Some(s) => g.view(self.seat(s)?).to_data(),
            None => g.spectator_view().to_data(),
        };
        to_py(py, &data)
    }

    /// The record of the game so far (JSON text that `settlers replay` reads), with its
    /// result once the game is over.
    fn record(&self) -> PyResult<String> {
        let mut record = self.session.record.clone().ok_or_else(|| {
            PyValueError::new_err(
                "this game keeps no record: it was started from a position, or with record=False",
            )
        })?;
        if self.session.game.is_over() {
            record.finish(&self.session.game);
        }
        Ok(record.to_json_pretty())
    }

    // The action ids (docs/python.md, "Action ids").

    /// How many action ids the game's board has.
    #[getter]
    fn action_count(&self) -> usize {
        self.session.space.len()
    }

    /// The blocks of ids: (name, first id, size), in id order.
    fn action_blocks(&self) -> Vec<(&'static str, usize, usize)> {
        let s = &self.session.space;
        Block::ALL
            .iter()
            .map(|&b| (b.name(), s.start(b), s.size(b)))
            .collect()
    }

    /// The board's hexes, corners and edges, as the ids count them.
    fn board_size(&self) -> (usize, usize, usize) {
        let s = &self.session.space;
        (s.hexes, s.corners, s.edges)
    }

    /// The legal ids of `seat` as a boolean array.
    fn action_mask<'py>(
        &mut self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = self.seat(seat)?;
        let mut mask = vec![false; self.session.space.len()];
        self.session.mask_into(seat, &mut mask);
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The legal ids of `seat` into a boolean array of `action_count` the caller keeps;
    /// returns how many are legal.
    fn action_mask_into(&mut self, seat: u8, out: &Bound<'_, PyArray1<bool>>) -> PyResult<usize> {
        let seat = self.seat(seat)?;
        let mut rw = out.try_readwrite()?;
        let slice = rw.as_slice_mut()?;
        if slice.len() != self.session.space.len() {
            return Err(PyValueError::new_err(format!(
                "the mask has {} places; the game has {} action ids",
                slice.len(),
                self.session.space.len()
            )));
        }
        Ok(self.session.mask_into(seat, slice))
    }

    /// Takes action id `id` for `seat`: applies its action, or notes one step of a choice
    /// made in steps. A refused id raises `IllegalAction` and changes nothing. Returns the
    /// seat to decide next, as `deciding_seat()` does (a loop need not ask again).
    fn step(&mut self, seat: u8, id: usize) -> PyResult<Option<u8>> {
        let seat = self.seat(seat)?;
        self.session.step(seat, id).map_err(refused)?;
        self.settle();
        Ok(self.session.deciding_seat().map(|s| s.0))
    }

    /// The legal ids of `seat`, ascending: the places `action_mask` sets, as a list.
    fn legal_ids<'py>(&mut self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat(seat)?;
        let ints = id_ints(py);
        let ids = self.session.legal_ids(seat);
        PyList::new(py, ids.iter().map(|&id| ints[id as usize].bind(py)))
    }

    /// The legal ids of `seat`, ascending, into the first places of an int32 array the
    /// caller keeps (at least `action_count` long); returns how many there are.
    fn legal_ids_into(&mut self, seat: u8, out: &Bound<'_, PyArray1<i32>>) -> PyResult<usize> {
        let seat = self.seat(seat)?;
        let mut rw = out.try_readwrite()?;
        let slice = rw.as_slice_mut()?;
        if slice.len() < self.session.space.len() {
            return Err(PyValueError::new_err(format!(
                "the array has {} places; the game has {} action ids, and it needs as many",
                slice.len(),
                self.session.space.len()
            )));
        }
        let ids = self.session.legal_ids(seat);
        for (o, &id) in slice.iter_mut().zip(ids) {
            *o = id as i32;
        }
        Ok(ids.len())
    }

    /// Whether chance is played inside `step` and `apply`.
    #[getter]
    fn play_chance(&self) -> bool {
        self.play_chance
    }
    /// Whether a deciding seat's only legal id is taken inside `step` and `apply`.
    #[getter]
    fn skip_forced(&self) -> bool {
        self.skip_forced
    }

    /// What id `id` means: the action as the engine writes it, or, for a step of a choice
    /// made in steps, a dict naming the step.
    fn describe_id<'py>(&self, py: Python<'py>, id: usize) -> PyResult<Bound<'py, PyAny>> {
        let space = &self.session.space;
        let decoded = space
            .decode(id)
            .ok_or_else(|| PyValueError::new_err(format!("{id} is not an action id")))?;
        let d = PyDict::new(py);
        let (block, index) = space.locate(id).expect("decoded");
        d.set_item("block", block.name())?;
        d.set_item("index", index)?;
        if let Decoded::Action(a) = decoded
            && crate::session::fits(&self.session.game, &a)
        {
            return to_py(py, &self.session.game.action_text(&a));
        }
        Ok(d.into_any())
    }

    /// The choice `seat` has begun and not finished, or None.
    fn pending<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Option<Bound<'py, PyDict>>> {
        let seat = self.seat(seat)?;
        let d = PyDict::new(py);
        match self.session.pending[seat.index()] {
            Pending::Nothing => return Ok(None),
            Pending::Cards {
                step,
                chosen,
                count,
            } => {
                d.set_item("choice", step.name())?;
                d.set_item("chosen", to_py(py, &chosen)?)?;
                d.set_item("count", count)?;
            }
            Pending::From(mover, from) => {
                d.set_item("choice", mover.name())?;
                d.set_item("from", from)?;
            }
        }
        Ok(Some(d))
    }

    /// Listed legal actions of `seat` that no id names: none (the tests check it).
    fn unnamed_actions<'py>(&mut self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let actions = self.session.unnamed_actions(seat);
        let texts: Vec<ActionText> = actions
            .iter()
            .map(|a| self.session.game.action_text(a))
            .collect();
        to_py(py, &texts)
    }

    // Observations (docs/python.md, "Observations").

    /// The length of an observation vector.
    #[getter]
    fn observation_size(&self) -> usize {
        Layout::of(&self.session.space).len
    }

    /// Where each part of the observation starts: a dict of name to (start, length).
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        let l = Layout::of(&self.session.space);
        vec![
            ("global", l.global, l.offer - l.global),
            ("offer", l.offer, l.pending - l.offer),
            ("pending", l.pending, l.own - l.pending),
            ("own", l.own, l.seats - l.own),
            ("seats", l.seats, l.hexes - l.seats),
            ("hexes", l.hexes, l.corners - l.hexes),
            ("corners", l.corners, l.edges - l.corners),
            ("edges", l.edges, l.len - l.edges),
        ]
    }

    /// `seat`'s observation: a float32 vector from its view alone.
    fn observe<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let mut out = vec![0f32; Layout::of(&self.session.space).len];
        observe(&self.session, seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// `seat`'s observation into a float32 array the caller keeps.
    fn observe_into(&self, seat: u8, out: &Bound<'_, PyArray1<f32>>) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let mut rw = out.try_readwrite()?;
        let slice = rw.as_slice_mut()?;
        let len = Layout::of(&self.session.space).len;
        if slice.len() != len {
            return Err(PyValueError::new_err(format!(
                "the array has {} places; an observation has {len}",
                slice.len()
            )));
        }
        observe(&self.session, seat, slice);
        Ok(())
    }

    fn __repr__(&self) -> String {
        let g = &self.session.game;
        format!(
            "Game({}, {} seats, turn {}: {})",
            g.config().scenario,
            g.seats(),
            g.state().turn,
            g.describe_phase()
        )
    }
}
