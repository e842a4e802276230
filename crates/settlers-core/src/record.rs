//! Game records (docs/record-format.md): the realised map, the seats, the options, and every
//! action in order with its actor, chance included. A record replays without any generator.

use crate::action::{Action, Actor};
use crate::event::EventSink;
use crate::game::{Game, GameOptions, GameSetup};
use crate::map::{Layout, LayoutOptions, MapFile, MapTemplate};
use crate::notation::{ActionEntry, ActorText};
use crate::position::Position;
use crate::state::{MAX_SEATS, Seat};
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

pub const RECORD_FORMAT: &str = "settlers-record";
/// The current record version; a reader accepts every version up to this one. Version 2:
/// a Pirate Islands game nobody can win any more ends there; version 1 played on. Version 3:
/// a game whose scores stand still for 2,000 rounds ends there; versions 1 and 2 played on.
/// Version 4: a map may leave its harbors to the players (`harbor_placement`, the New World,
/// SC9-3), with the actions `turn_over_harbor` and `place_harbor`; a record of an earlier
/// version stores every harbor in its map and replays as before. Version 5: a record may
/// begin from a position (`position`) rather than from the set-up of its map.
pub const RECORD_VERSION: u32 = 5;

/// The most actions a record holds: ten times the longest game `settlers sim` plays before
/// it counts one unfinished (100,000 actions), chance included (docs/record-format.md,
/// "Limits").
pub const MOST_ACTIONS: usize = 1_000_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u32,
    pub scenario: String,
    /// The board as it was laid out, every hex and harbor fixed.
    pub map: MapFile,
    pub seats: Vec<SeatInfo>,
    pub first_seat: u8,
    #[serde(default)]
    pub options: GameOptions,
    /// Where the game began, when not at the set-up of `map`: a position (docs/record-format.md,
    /// "Positions"), from which the actions go on. `map`, `first_seat` and `options` are then
    /// the position's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Box<Position>>,
    pub actions: Vec<ActionEntry>,
    /// The outcome, when the record was written after the game ended. Replaying checks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
}

/// Who sat where: a name, and the bot that played the seat, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordResult {
    pub winner: Option<u8>,
    /// Seats sharing the win with `winner` (Cloth for Catan's tie, D-SC6-1); left out when
    /// none, so records written before it read as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared_winners: Vec<u8>,
    pub victory_points: Vec<u8>,
    pub turns: u16,
}

/// Why a record cannot be replayed. `index` is the 0-based position of the refused action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("not a record: {0}")]
    Malformed(String),
    #[error("this is a `{0}` file, not a `settlers-record`")]
    WrongFormat(String),
    #[error("record version {0} is newer than this program reads (up to {RECORD_VERSION})")]
    TooNew(u64),
    #[error("the record's set-up is refused: {0}")]
    Setup(String),
    #[error("action {index} ({actor}: {action}) is refused: {reason}")]
    Action {
        index: usize,
        actor: String,
        action: String,
        reason: String,
    },
    #[error("the record says {expected}, but the replay gives {found}")]
    ResultMismatch { expected: String, found: String },
}

impl Record {
    /// A record of a game about to start: no actions yet.
    pub fn new(setup: &GameSetup, seats: Vec<SeatInfo>) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            scenario: setup.scenario.clone(),
            map: setup.board.to_map_file(),
            seats,
            first_seat: setup.first.0,
            options: setup.options.clone(),
            position: None,
            actions: Vec::new(),
            result: None,
        }
    }

    /// A record of a game that begins at `position`, and that game: the position checked
    /// as [`Game::from_position`] checks it, with one seat for each of its players.
    pub fn from_position(
        position: Position,
        seats: Vec<SeatInfo>,
    ) -> Result<(Record, Game), ReplayError> {
        let game = Game::from_position(&position).map_err(|e| ReplayError::Setup(e.to_string()))?;
        check_seats_of_position(&seats, &game)?;
        let record = Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            scenario: game.config().scenario.clone(),
            map: game.board().to_map_file(),
            seats,
            first_seat: game.state().first.0,
            options: game.config().options.clone(),
            position: Some(Box::new(position)),
            actions: Vec::new(),
            result: None,
        };
        Ok((record, game))
    }

    /// Appends an action; `game` is the game before the action is applied.
    pub fn push(&mut self, game: &Game, actor: Actor, action: &Action) {
        self.actions.push(ActionEntry {
            actor: ActorText(actor),
            action: game.action_text(action),
        });
    }

    /// Notes the outcome of a finished game.
    pub fn finish(&mut self, game: &Game) {
        self.result = Some(RecordResult::of(game));
    }

    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        // Check the format and version before the fields, so a newer file says so plainly.
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(RECORD_FORMAT) => {}
            Some(other) => return Err(ReplayError::WrongFormat(other.into())),
            None => return Err(ReplayError::Malformed("no `format` field".into())),
        }
        if let Some(v) = value.get("version").and_then(|v| v.as_u64())
            && v > u64::from(RECORD_VERSION)
        {
            return Err(ReplayError::TooNew(v));
        }
        if let Some(actions) = value.get("actions").and_then(|a| a.as_array())
            && actions.len() > MOST_ACTIONS
        {
            return Err(ReplayError::Malformed(format!(
                "{} actions; a record holds at most {MOST_ACTIONS}",
                actions.len()
            )));
        }
        // Read the text again, not the value, so an error gives its line and column.
        serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))
    }

    pub fn to_json_pretty(&self) -> String {
        // One action per line keeps long records readable and diffable.
        let mut out = serde_json::to_string_pretty(&RecordHead::of(self)).expect("serialisable");
        out.truncate(out.trim_end().len() - 1);
        out.push_str(",\n  \"actions\": [");
        for (i, a) in self.actions.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&serde_json::to_string(a).expect("serialisable"));
        }
        out.push_str(if self.actions.is_empty() {
            "]"
        } else {
            "\n  ]"
        });
        if let Some(result) = &self.result {
            out.push_str(",\n  \"result\": ");
            out.push_str(&serde_json::to_string(result).expect("serialisable"));
        }
        out.push_str("\n}\n");
        out
    }

    /// The game at the start of the record.
    pub fn start(&self) -> Result<Game, ReplayError> {
        if let Some(position) = &self.position {
            let game =
                Game::from_position(position).map_err(|e| ReplayError::Setup(e.to_string()))?;
            check_seats_of_position(&self.seats, &game)?;
            return Ok(game);
        }
        // Counted before the seats become a byte, which would wrap.
        let seats = u8::try_from(self.seats.len())
            .ok()
            .filter(|&n| usize::from(n) <= MAX_SEATS)
            .ok_or_else(|| {
                ReplayError::Setup(format!(
                    "{} seats: a game has 2 to {MAX_SEATS}",
                    self.seats.len()
                ))
            })?;
        let template =
            MapTemplate::check(&self.map).map_err(|e| ReplayError::Setup(e.to_string()))?;
        let options = LayoutOptions {
            layout: Layout::Beginner,
            ..Default::default()
        };
        // A fixed board needs no generator; one is passed for the signature only.
        let board = template
            .realise(&options, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0))
            .map_err(|e| ReplayError::Setup(e.to_string()))?;
        let mut options = self.options.clone();
        // Version 1 was written when a game nobody could win went on: it replays so.
        if self.version < 2 {
            options.play_on_when_nobody_can_win = true;
        }
        // So were versions 1 and 2, when a game whose scores stood still went on.
        if self.version < 3 {
            options.play_on_when_standing_still = true;
        }
        Game::new(GameSetup {
            scenario: self.scenario.clone(),
            board,
            seats,
            first: Seat(self.first_seat),
            options,
        })
        .map_err(|e| ReplayError::Setup(e.to_string()))
    }

    /// Replays every action, checking each, and the result if the record has one.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(&mut ())
    }

    /// [`Record::replay`], with the events of every action told to `sink` (the server's log
    /// of a game brought back from its record).
    pub fn replay_with(&self, sink: &mut impl EventSink) -> Result<Game, ReplayError> {
        self.replay_steps(None, sink, |_, _| {})
    }

    /// Replays the first `until` actions (all of them for `None`), checking each, and
    /// calls `after(index, game)` after each one is applied. The record's result is
    /// checked only when every action was replayed. For people who compare another
    /// engine's games with ours action by action (`settlers replay --steps`).
    pub fn replay_steps(
        &self,
        until: Option<usize>,
        sink: &mut impl EventSink,
        mut after: impl FnMut(usize, &Game),
    ) -> Result<Game, ReplayError> {
        let mut game = self.start()?;
        let count = until.map_or(self.actions.len(), |n| n.min(self.actions.len()));
        for (index, entry) in self.actions[..count].iter().enumerate() {
            let refused = |reason: String| ReplayError::Action {
                index,
                actor: match entry.actor.0 {
                    Actor::Seat(s) => s.to_string(),
                    Actor::Chance => "chance".into(),
                },
                action: serde_json::to_string(&entry.action).unwrap_or_default(),
                reason,
            };
            let action = game
                .action_from_text(&entry.action)
                .map_err(|e| refused(e.to_string()))?;
            game.apply_with(entry.actor.0, action, sink)
                .map_err(|e| refused(e.to_string()))?;
            after(index, &game);
        }
        if count < self.actions.len() {
            return Ok(game);
        }
        if let Some(expected) = &self.result {
            let found = RecordResult::of(&game);
            if &found != expected {
                return Err(ReplayError::ResultMismatch {
                    expected: serde_json::to_string(expected).unwrap_or_default(),
                    found: serde_json::to_string(&found).unwrap_or_default(),
                });
            }
        }
        Ok(game)
    }
}

/// A record's seats are the players', one each: the neutral seats of Barbarian Attack for two
/// have none, as in a record from the set-up.
fn check_seats_of_position(seats: &[SeatInfo], game: &Game) -> Result<(), ReplayError> {
    let state = game.state();
    let players = usize::from(state.seats) - state.neutral.len();
    if seats.len() != players {
        return Err(ReplayError::Setup(format!(
            "{} seats for a position of {players} players",
            seats.len()
        )));
    }
    Ok(())
}

impl RecordResult {
    pub fn of(game: &Game) -> RecordResult {
        RecordResult {
            winner: game.winner().map(|s| s.0),
            shared_winners: game.state().shared_winners.iter().map(|s| s.0).collect(),
            victory_points: game
                .state()
                .seat_ids()
                .map(|s| game.victory_points(s))
                .collect(),
            turns: game.state().turn,
        }
    }
}

/// A record without its actions, for writing the head of the file.
#[derive(Serialize)]
struct RecordHead<'a> {
    format: &'a str,
    version: u32,
    scenario: &'a str,
    map: &'a MapFile,
    seats: &'a [SeatInfo],
    first_seat: u8,
    options: &'a GameOptions,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a Position>,
}

impl<'a> RecordHead<'a> {
    fn of(r: &'a Record) -> Self {
        RecordHead {
            format: &r.format,
            version: r.version,
            scenario: &r.scenario,
            map: &r.map,
            seats: &r.seats,
            first_seat: r.first_seat,
            options: &r.options,
            position: r.position.as_deref(),
        }
    }
}
