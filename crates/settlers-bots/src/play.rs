//! Playing one whole game with bots: the loop the simulator, the benchmark and (later) the
//! server's bot seats share.
//!
//! A game is reproducible from one seed: the board, the first seat and every chance outcome
//! come from one generator, and each seat's bot draws from its own stream of the same seed,
//! so a bot's choices never shift the dice of the others.

use crate::{Bot, BotRng};
use rand_core::{Rng, SeedableRng};
use settlers_core::map::{Layout, LayoutOptions, MapTemplate};
use settlers_core::record::{Record, SeatInfo};
use settlers_core::scenario::{check_map_players, setup_on_map};
use settlers_core::state::MAX_SEATS;
use settlers_core::{
    Action, Actor, Game, GameOptions, GameSetup, LegalActions, Scenario, ScenarioError, Seat,
    SeatSet, SetupError, ToAct,
};
use std::sync::Arc;

/// Where the board of a game comes from.
#[derive(Clone, Debug)]
pub enum BoardSource {
    /// A scenario: its built-in map for the player count, or a map drawn for each game.
    Scenario(&'static Scenario),
    /// A map of one's own, checked (scenarios.md SC9-8). Records name its id as their
    /// scenario.
    Map(Arc<MapTemplate>),
}

/// What kind of game to play: the board, how many seats, how the board is laid out.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub board: BoardSource,
    pub seats: u8,
    pub layout: LayoutOptions,
    pub options: GameOptions,
}

impl GameSpec {
    /// A game of the named scenario with the default layout and options.
    pub fn new(scenario: &str, seats: u8) -> Result<GameSpec, ScenarioError> {
        Ok(GameSpec {
            board: BoardSource::Scenario(Scenario::by_name(scenario)?),
            seats,
            layout: LayoutOptions::default(),
            options: GameOptions::default(),
        })
    }

    /// A game on a map of one's own, laid out as the map says (the variable layout: fixed
    /// hexes stay, the others are drawn from their pools).
    pub fn on_map(map: Arc<MapTemplate>, seats: u8) -> GameSpec {
        GameSpec {
            board: BoardSource::Map(map),
            seats,
            layout: LayoutOptions::default(),
            options: GameOptions::default(),
        }
    }

    /// The scenario, when the game is one.
    pub fn scenario(&self) -> Option<&'static Scenario> {
        match &self.board {
            BoardSource::Scenario(s) => Some(s),
            BoardSource::Map(_) => None,
        }
    }

    /// The name records and reports give the game: the scenario's, or the map's id.
    pub fn name(&self) -> &str {
        match &self.board {
            BoardSource::Scenario(s) => s.name,
            BoardSource::Map(m) => &m.file.id,
        }
    }

    /// The layout used when none is asked for.
    pub fn default_layout(&self) -> Layout {
        match &self.board {
            BoardSource::Scenario(s) => s.default_layout,
            BoardSource::Map(_) => Layout::Variable,
        }
    }

    /// Whether the board takes this many seats, before any game starts.
    pub fn check_seats(&self) -> Result<(), ScenarioError> {
        match &self.board {
            BoardSource::Scenario(s) => s.check_players(self.seats),
            BoardSource::Map(m) => check_map_players(&m.file, self.seats),
        }
    }

    /// The set-up of one game, every random choice drawn from `rng`.
    pub fn setup(&self, rng: &mut impl Rng) -> Result<GameSetup, ScenarioError> {
        match &self.board {
            BoardSource::Scenario(s) => {
                s.setup(self.seats, &self.layout, None, self.options.clone(), rng)
            }
            BoardSource::Map(m) => {
                setup_on_map(m, self.seats, &self.layout, None, self.options.clone(), rng)
            }
        }
    }
}

/// A game played to its end, or stopped at the step limit.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    /// Every action applied, chance included.
    pub steps: u64,
    /// The record, when one was asked for.
    pub record: Option<Record>,
}

impl Played {
    /// Whether the game ended before the step limit: with a winner, or because nobody could
    /// win any more.
    pub fn finished(&self) -> bool {
        self.game.is_over()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("the game has {seats} seats but {bots} bots were given")]
    Bots { seats: u8, bots: usize },
    /// A bot chose an action the rules refuse: a bug in the bot, or in the engine's list of
    /// legal actions.
    #[error("step {step}: the {bot} bot of {seat} chose {action:?}, which is refused: {reason}")]
    Refused {
        step: u64,
        seat: Seat,
        bot: &'static str,
        action: Action,
        reason: String,
    },
}

/// The seed of game `index` of a run started from `seed`: well mixed (SplitMix64), so
/// neighbouring games share nothing, and independent of which thread plays the game.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seat that decides next among those the game waits for. Answers to a trade offer come
/// before the offerer's confirmation, so the offerer (who also may act) waits for them.
#[inline]
pub fn deciding_seat(waiting: SeatSet, active: Seat) -> Option<Seat> {
    let mut others = waiting;
    others.remove(active);
    let pick = if others.is_empty() { waiting } else { others };
    (pick.0 != 0).then(|| Seat(pick.0.trailing_zeros() as u8))
}

/// Plays games, reusing its buffers from one game to the next.
#[derive(Debug, Default)]
pub struct Table {
    legal: LegalActions,
}

impl Table {
    pub fn new() -> Table {
        Table::default()
    }

    /// Plays one game from `seed` with one bot per seat, stopping after `max_steps` applied
    /// actions. With `keep_record`, every action is recorded, and the result too when the
    /// game ends.
    pub fn play<B: Bot>(
        &mut self,
        spec: &GameSpec,
        bots: &mut [B],
        seed: u64,
        max_steps: u64,
        keep_record: bool,
    ) -> Result<Played, PlayError> {
        if bots.len() != usize::from(spec.seats) || bots.len() > MAX_SEATS {
            return Err(PlayError::Bots {
                seats: spec.seats,
                bots: bots.len(),
            });
        }
        let mut rng = BotRng::seed_from_u64(seed);
        let setup = spec.setup(&mut rng)?;
        let mut record = keep_record.then(|| {
            let seats = bots
                .iter()
                .map(|b| SeatInfo {
                    name: None,
                    bot: Some(b.name().into()),
                })
                .collect();
            Record::new(&setup, seats)
        });
        let mut game = Game::new(setup)?;
        let mut bot_rngs: [BotRng; MAX_SEATS] = std::array::from_fn(|i| {
            let mut r = BotRng::seed_from_u64(seed);
            r.set_stream(1 + i as u64);
            r
        });
        let legal = &mut self.legal;
        let mut steps = 0u64;
        while steps < max_steps {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => {
                    let action = game
                        .sample_chance(&mut rng)
                        .expect("chance always has an outcome when it must act");
                    (Actor::Chance, action)
                }
                ToAct::Seats(waiting) => {
                    let seat = deciding_seat(waiting, game.state().active)
                        .expect("the game waits for at least one seat");
                    let i = seat.index();
                    legal.compact_knight_moves = bots[i].takes_knight_sets();
                    game.legal_actions_into(seat, legal);
                    let action = bots[i].choose(&game.view(seat), legal, &mut bot_rngs[i]);
                    (Actor::Seat(seat), action)
                }
            };
            if let Some(r) = record.as_mut() {
                r.push(&game, actor, &action);
            }
            if let Err(e) = game.apply_with(actor, action, &mut ()) {
                let (seat, bot) = match actor {
                    Actor::Seat(s) => (s, bots[s.index()].name()),
                    Actor::Chance => (game.state().active, "chance"),
                };
                return Err(PlayError::Refused {
                    step: steps,
                    seat,
                    bot,
                    action,
                    reason: e.to_string(),
                });
            }
            steps += 1;
        }
        if let Some(r) = record.as_mut()
            && game.is_over()
        {
            r.finish(&game);
        }
        Ok(Played {
            game,
            steps,
            record,
        })
    }
}
