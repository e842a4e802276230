//! One task owns each game (ARCHITECTURE.md, Server). Connections and HTTP handlers talk to
//! it through a channel of commands, so actions are applied one at a time, in the order they
//! arrive. Each action, and the chance outcomes that follow it, is stored in the database
//! before anyone is told; then every connection gets its own view.

use crate::db::{Db, DbError, GameEnd, StoredGame};
use crate::heavy::HeavyWork;
use crate::metrics::Metrics;
use crate::past::PastEvents;
use crate::protocol::{CounterTerms, ErrorKind, LegalData, ServerMessage};
use axum::extract::ws::Utf8Bytes;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use settlers_bots::play::deciding_seat;
use settlers_bots::{Bot, BotRng, RandomBot};
use settlers_core::event::Event;
use settlers_core::map::MapFile;
use settlers_core::notation::{ActionEntry, ActionText, ActorText};
use settlers_core::record::{Record, RecordResult, ReplayError};
use settlers_core::{Action, Actor, Game, RuleError, Seat, SeatSet, ToAct};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

mod counter;

/// How many messages may wait for a slow connection. Every view is the whole game, so a
/// connection that falls this far behind is dropped: the page reconnects and is up to date.
pub(crate) const OUTBOX: usize = 64;
/// How long a bot waits before trying again when the database refused its action.
const RETRY: Duration = Duration::from_secs(1);

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Human,
    Bot,
}

/// A seat as stored: who plays it, and the hash of a human seat's token.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredSeat {
    pub kind: SeatKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_hash: Option<String>,
}

/// What never changes in a game.
#[derive(Debug)]
pub struct GameInfo {
    pub id: String,
    pub scenario: String,
    pub created: i64,
    pub seats: Vec<StoredSeat>,
}

/// How a game stands, for the lobby, without asking its task.
#[derive(Clone, Debug, Default)]
pub struct Live {
    pub seq: u64,
    pub turn: u16,
    pub over: bool,
    pub winner: Option<Seat>,
}

/// Why an action was not applied. Nothing changed.
#[derive(Clone, Debug)]
pub struct ActError {
    pub kind: ErrorKind,
    pub message: String,
}

impl ActError {
    fn rule(e: RuleError) -> ActError {
        ActError {
            kind: match e {
                RuleError::NotYourTurn { .. } => ErrorKind::NotYourTurn,
                _ => ErrorKind::Illegal,
            },
            message: e.to_string(),
        }
    }
}

/// Why a stored game could not be brought back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("game {id} does not replay: {source}")]
    Replay { id: String, source: ReplayError },
    #[error("game {id}: its seats do not read: {source}")]
    Seats {
        id: String,
        source: serde_json::Error,
    },
    /// Nothing was played in it for the server's set time (docs/reliability.md).
    #[error("game {id} was abandoned: nothing was played in it for a long time")]
    Abandoned { id: String },
}

pub type ConnId = u64;

enum Command {
    Connect {
        conn: ConnId,
        seat: Option<Seat>,
        outbox: mpsc::Sender<Utf8Bytes>,
        ready: oneshot::Sender<()>,
    },
    Disconnect {
        conn: ConnId,
    },
    Act {
        seat: Seat,
        action: ActionText,
        reply: oneshot::Sender<Result<(), ActError>>,
    },
    /// A counter-offer to the open trade offer (`game/counter.rs`).
    Counter {
        seat: Seat,
        terms: CounterTerms,
        reply: oneshot::Sender<Result<(), ActError>>,
    },
    /// The offerer's answer to a counter-offer.
    AnswerCounter {
        seat: Seat,
        from: Seat,
        accept: bool,
        reply: oneshot::Sender<Result<(), ActError>>,
    },
    /// The game was abandoned: the task ends, and its connections with it.
    Stop,
}

/// A way to reach a game's task.
#[derive(Clone)]
pub struct GameHandle {
    commands: mpsc::Sender<Command>,
    pub live: watch::Receiver<Live>,
    pub info: Arc<GameInfo>,
}

/// The game's task has ended (it was finished and nobody watched); load it again.
#[derive(Debug)]
pub struct Gone;

impl GameHandle {
    /// Registers a connection; the task sends it the current view at once.
    pub async fn connect(
        &self,
        conn: ConnId,
        seat: Option<Seat>,
        outbox: mpsc::Sender<Utf8Bytes>,
    ) -> Result<(), Gone> {
        let (ready, done) = oneshot::channel();
        self.commands
            .send(Command::Connect {
                conn,
                seat,
                outbox,
                ready,
            })
            .await
            .map_err(|_| Gone)?;
        done.await.map_err(|_| Gone)
    }

    pub async fn disconnect(&self, conn: ConnId) {
        let _ = self.commands.send(Command::Disconnect { conn }).await;
    }

    pub async fn act(&self, seat: Seat, action: ActionText) -> Result<(), ActError> {
        self.ask(|reply| Command::Act {
            seat,
            action,
            reply,
        })
        .await
    }

    /// `seat` counters the open trade offer with `terms` (docs/protocol.md).
    pub async fn counter(&self, seat: Seat, terms: CounterTerms) -> Result<(), ActError> {
        self.ask(|reply| Command::Counter { seat, terms, reply })
            .await
    }

    /// The offerer `seat` takes up or refuses the counter-offer from `from`.
    pub async fn answer_counter(
        &self,
        seat: Seat,
        from: Seat,
        accept: bool,
    ) -> Result<(), ActError> {
        self.ask(|reply| Command::AnswerCounter {
            seat,
            from,
            accept,
            reply,
        })
        .await
    }

    async fn ask(
        &self,
        command: impl FnOnce(oneshot::Sender<Result<(), ActError>>) -> Command,
    ) -> Result<(), ActError> {
        let (reply, answer) = oneshot::channel();
        let gone = || ActError {
            kind: ErrorKind::Unavailable,
            message: "the game is not running; reconnect".into(),
        };
        self.commands
            .send(command(reply))
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

/// Every game with a running task, by id.
pub struct Registry {
    games: Mutex<HashMap<String, GameHandle>>,
    /// Loads one game at a time, so two connections to a sleeping game start one task.
    loading: tokio::sync::Mutex<()>,
    db: Db,
    bot_delay: Duration,
    /// Where a stored game's replay runs, off the async workers.
    heavy: Arc<HeavyWork>,
    /// Actions stored and handled, for `/metrics`.
    metrics: Arc<Metrics>,
    me: Weak<Registry>,
}

impl Registry {
    pub fn new(db: Db, bot_delay: Duration, heavy: Arc<HeavyWork>) -> Arc<Registry> {
        Arc::new_cyclic(|me| Registry {
            games: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            db,
            bot_delay,
            heavy,
            metrics: Arc::new(Metrics::default()),
            me: me.clone(),
        })
    }

    /// How many games with a running task are not finished.
    pub fn games_in_play(&self) -> usize {
        self.games
            .lock()
            .expect("not poisoned")
            .values()
            .filter(|h| !h.live.borrow().over)
            .count()
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Stops every game's task once it has handled the command it is on (an action being
    /// stored is stored), and waits for them to end, at most `patience` in all. Returns how
    /// many ended in time. Used when the server shuts down.
    pub async fn stop_all(&self, patience: Duration) -> usize {
        let handles: Vec<GameHandle> = self
            .games
            .lock()
            .expect("not poisoned")
            .drain()
            .map(|(_, h)| h)
            .collect();
        let stopping = async {
            let mut stopped = 0;
            for handle in &handles {
                // A task that ended already (a finished game retired) refuses the command.
                let _ = handle.commands.send(Command::Stop).await;
                handle.commands.closed().await;
                stopped += 1;
            }
            stopped
        };
        match tokio::time::timeout(patience, stopping).await {
            Ok(stopped) => stopped,
            Err(_) => {
                tracing::warn!(
                    "some of {} games did not stop within {} s",
                    handles.len(),
                    patience.as_secs()
                );
                handles.iter().filter(|h| h.commands.is_closed()).count()
            }
        }
    }

    /// Abandons every game in which nothing was played for `after`, and stops their
    /// tasks; returns how many.
    pub async fn abandon_untouched(&self, after: Duration) -> Result<usize, DbError> {
        let before = crate::db::now().saturating_sub(after.as_secs().min(i64::MAX as u64) as i64);
        let ids = self.db.abandon_untouched(before).await?;
        for id in &ids {
            let running = self.games.lock().expect("not poisoned").remove(id);
            if let Some(handle) = running {
                let _ = handle.commands.send(Command::Stop).await;
            }
            tracing::info!(game = %id, "abandoned: nothing was played in it for {}s", after.as_secs());
        }
        Ok(ids.len())
    }

    fn running(&self, id: &str) -> Option<GameHandle> {
        self.games.lock().expect("not poisoned").get(id).cloned()
    }

    /// Every running game.
    pub fn all(&self) -> Vec<GameHandle> {
        self.games
            .lock()
            .expect("not poisoned")
            .values()
            .cloned()
            .collect()
    }

    /// The game's task, started from the database if it is not running; `None` if there is
    /// no such game.
    pub async fn get(&self, id: &str) -> Result<Option<GameHandle>, LoadError> {
        if let Some(h) = self.running(id) {
            return Ok(Some(h));
        }
        let _one_at_a_time = self.loading.lock().await;
        if let Some(h) = self.running(id) {
            return Ok(Some(h));
        }
        match self.db.status(id).await?.as_deref() {
            None => return Ok(None),
            Some("abandoned") => return Err(LoadError::Abandoned { id: id.into() }),
            Some(_) => {}
        }
        let Some(stored) = self.db.load(id).await? else {
            return Ok(None);
        };
        let shared = self.shared();
        let task = self
            .heavy
            .run_waiting(move || GameTask::load(stored, shared))
            .await?;
        Ok(Some(self.spawn(task)))
    }

    /// Starts the task of a game just created.
    pub fn start(&self, info: GameInfo, game: Game, seed: u64) -> GameHandle {
        let task = GameTask::new(Arc::new(info), game, seed, 0, self.shared());
        self.spawn(task)
    }

    /// What each game's task shares with the others.
    fn shared(&self) -> Shared {
        Shared {
            db: self.db.clone(),
            bot_delay: self.bot_delay,
            registry: self.me.clone(),
            metrics: self.metrics.clone(),
        }
    }

    fn spawn(&self, task: GameTask) -> GameHandle {
        let (commands, receiver) = mpsc::channel(OUTBOX);
        let handle = GameHandle {
            commands,
            live: task.live.subscribe(),
            info: task.info.clone(),
        };
        self.games
            .lock()
            .expect("not poisoned")
            .insert(task.info.id.clone(), handle.clone());
        tokio::spawn(task.run(receiver));
        handle
    }

    /// Forgets a game whose task ends.
    fn retire(&self, id: &str) {
        self.games.lock().expect("not poisoned").remove(id);
    }
}

/// The seed of the generator for action `index` of a game: chance's draw for that action
/// depends on the game's seed and the index alone, so a restarted server, replaying the
/// stored actions, draws exactly what the first would have drawn.
pub fn chance_rng(seed: u64, index: u64) -> BotRng {
    let mut rng = BotRng::seed_from_u64(seed);
    // Stream 0 laid out the board.
    rng.set_stream(index + 1);
    rng
}

/// The generator a bot draws from for action `index`: the same on a restarted server too,
/// and independent of chance's.
fn bot_rng(seed: u64, index: u64) -> BotRng {
    let mut rng = BotRng::seed_from_u64(settlers_bots::play::game_seed(seed, u64::MAX));
    rng.set_stream(index);
    rng
}

/// What every game's task is given by the registry.
struct Shared {
    db: Db,
    bot_delay: Duration,
    registry: Weak<Registry>,
    metrics: Arc<Metrics>,
}

struct Connection {
    id: ConnId,
    seat: Option<Seat>,
    outbox: mpsc::Sender<Utf8Bytes>,
}

/// The task that owns one game.
struct GameTask {
    info: Arc<GameInfo>,
    game: Game,
    seed: u64,
    /// Actions applied, which are the actions stored.
    seq: u64,
    bots: Vec<Option<Box<dyn Bot>>>,
    connections: Vec<Connection>,
    /// The board every connection has been sent last, by its `Game::board_key`: a view carries
    /// the board only when it differs, and on connecting (docs/protocol.md). It is the largest
    /// part of a view, and making it only to compare would cost more than the rest.
    sent_board: Option<u32>,
    /// When the next bot acts, if one must.
    bot_due: Option<Instant>,
    bot_delay: Duration,
    db: Db,
    live: watch::Sender<Live>,
    registry: Weak<Registry>,
    /// Abandoned: the task ends.
    stopped: bool,
    /// The last events, sent to a page as it connects.
    past: PastEvents,
    metrics: Arc<Metrics>,
    /// Counter-offers standing in this turn (`game/counter.rs`); one a seat at most.
    counters: Vec<counter::Counter>,
}

impl GameTask {
    fn new(info: Arc<GameInfo>, game: Game, seed: u64, seq: u64, shared: Shared) -> GameTask {
        let Shared {
            db,
            bot_delay,
            registry,
            metrics,
        } = shared;
        let bots = info
            .seats
            .iter()
            .map(|s| match (s.kind, &s.bot) {
                (SeatKind::Bot, Some(name)) => {
                    // An unknown name (a bot since removed) plays as the random bot, so the
                    // game can still finish.
                    Some(
                        settlers_bots::by_name(name).unwrap_or_else(|_| Box::new(RandomBot::new())),
                    )
                }
                _ => None,
            })
            .collect();
        let mut task = GameTask {
            info,
            game,
            seed,
            seq,
            bots,
            connections: Vec::new(),
            sent_board: None,
            bot_due: None,
            bot_delay,
            db,
            live: watch::channel(Live::default()).0,
            registry,
            stopped: false,
            past: PastEvents::default(),
            metrics,
            counters: Vec::new(),
        };
        task.update_live();
        task.schedule_bot();
        task
    }

    /// A stored game, replayed from its actions.
    fn load(stored: StoredGame, shared: Shared) -> Result<GameTask, LoadError> {
        let id = stored.id.clone();
        let replay = |source| LoadError::Replay {
            id: id.clone(),
            source,
        };
        let mut record = Record::from_json(&stored.setup).map_err(replay)?;
        let seq = stored.actions.len() as u64;
        record.actions = stored.actions;
        let mut past = PastEvents::default();
        let game = record.replay_with(&mut past).map_err(replay)?;
        let seats: Vec<StoredSeat> =
            serde_json::from_str(&stored.seats).map_err(|source| LoadError::Seats {
                id: id.clone(),
                source,
            })?;
        let info = GameInfo {
            id: stored.id,
            scenario: record.scenario,
            created: stored.created,
            seats,
        };
        let mut task = GameTask::new(Arc::new(info), game, stored.seed, seq, shared);
        task.past = past;
        Ok(task)
    }

    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        // Every action is stored with the chance outcomes that follow it, so a stored game
        // never waits for chance; a game stored otherwise is brought up to date here.
        if let ToAct::Chance(_) = self.game.to_act()
            && let Err(e) = self.advance(&[]).await
        {
            tracing::error!(game = %self.info.id, "chance could not act: {}", e.message);
        }
        loop {
            let due = self.bot_due;
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = tokio::time::sleep_until(due.unwrap_or_else(Instant::now)), if due.is_some() => {
                    self.bot_acts().await;
                }
            }
            if self.stopped {
                break;
            }
            if self.game.is_over() && self.connections.is_empty() {
                // Nobody watches a finished game: end the task. A later connection starts a
                // new one from the database.
                if let Some(registry) = self.registry.upgrade() {
                    registry.retire(&self.info.id);
                }
                commands.close();
                // Commands already sent are answered by dropping them: a connection that
                // raced the retirement sees its game gone and loads it again.
                while commands.recv().await.is_some() {}
                break;
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                conn,
                seat,
                outbox,
                ready,
            } => {
                // The board only changes by actions, each of which is broadcast: the board
                // sent to the others is this one.
                let map = self.game.spectator_view().public_map();
                let message = self.connect_message(seat, &map);
                self.sent_board = Some(self.game.board_key());
                if outbox.try_send(message).is_ok() {
                    self.connections.push(Connection {
                        id: conn,
                        seat,
                        outbox,
                    });
                }
                let _ = ready.send(());
            }
            Command::Disconnect { conn } => self.connections.retain(|c| c.id != conn),
            Command::Stop => {
                self.stopped = true;
                self.connections.clear();
                self.bot_due = None;
            }
            Command::Act {
                seat,
                action,
                reply,
            } => {
                let began = std::time::Instant::now();
                let result = match self.game.action_from_text(&action) {
                    Ok(action) => self.advance(&[(seat, action)]).await,
                    Err(e) => Err(ActError::rule(e)),
                };
                self.metrics.handled(began.elapsed());
                let _ = reply.send(result);
            }
            Command::Counter { seat, terms, reply } => {
                let _ = reply.send(self.counter(seat, terms).await);
            }
            Command::AnswerCounter {
                seat,
                from,
                accept,
                reply,
            } => {
                let _ = reply.send(self.answer_counter(seat, from, accept).await);
            }
        }
    }

    /// Applies seats' actions (none, one, or the few of a counter-offer taken up), each with
    /// the chance outcomes that follow it, stores them all at once, then tells everyone. A
    /// refused action, or actions the database would not store, change nothing.
    async fn advance(&mut self, acts: &[(Seat, Action)]) -> Result<(), ActError> {
        let mut next = self.game.clone();
        let mut entries = Vec::new();
        let mut events = Vec::new();
        for &(seat, action) in acts {
            entries.push(entry(&next, Actor::Seat(seat), &action));
            next.apply_with(Actor::Seat(seat), action, &mut events)
                .map_err(ActError::rule)?;
            self.draw_chance(&mut next, &mut entries, &mut events)?;
        }
        if acts.is_empty() {
            self.draw_chance(&mut next, &mut entries, &mut events)?;
        }
        if entries.is_empty() {
            return Ok(());
        }
        let result = next.is_over().then(|| RecordResult::of(&next));
        let end = result.as_ref().map(|result| GameEnd {
            winner: next.winner().map(|s| s.0),
            result,
        });
        if let Err(e) = self.db.append(&self.info.id, self.seq, &entries, end).await {
            tracing::error!(game = %self.info.id, "storing actions from {}: {e}", self.seq);
            return Err(ActError {
                kind: ErrorKind::Unavailable,
                message: "the server could not store the action; nothing changed, try again".into(),
            });
        }
        self.metrics.stored(entries.len());
        self.game = next;
        self.seq += entries.len() as u64;
        self.forget_old_counters();
        self.update_live();
        self.schedule_bot();
        self.past.extend(&events);
        self.broadcast(&events);
        Ok(())
    }

    /// Chance's outcomes, while chance is to act in `next`.
    fn draw_chance(
        &self,
        next: &mut Game,
        entries: &mut Vec<ActionEntry>,
        events: &mut Vec<Event>,
    ) -> Result<(), ActError> {
        while let ToAct::Chance(_) = next.to_act() {
            let index = self.seq + entries.len() as u64;
            let Some(action) = next.sample_chance(&mut chance_rng(self.seed, index)) else {
                tracing::error!(game = %self.info.id, "chance must act but has no outcome");
                break;
            };
            entries.push(entry(next, Actor::Chance, &action));
            next.apply_with(Actor::Chance, action, events)
                .map_err(|e| {
                    // The engine drew this outcome itself: a refusal is an engine bug.
                    tracing::error!(game = %self.info.id, "chance's own draw is refused: {e}");
                    ActError::rule(e)
                })?;
        }
        Ok(())
    }

    /// The bot seat to act next, if the game waits for one. Answers to a trade offer come
    /// before the offerer's confirmation (as in the simulator's loop), and a bot never waits
    /// for a person who may act at the same time (discards).
    fn bot_to_act(&self) -> Option<Seat> {
        let ToAct::Seats(waiting) = self.game.to_act() else {
            return None;
        };
        let active = self.game.state().active;
        let mut others = waiting;
        others.remove(active);
        let candidates = if others.is_empty() { waiting } else { others };
        let bots = SeatSet(
            candidates.0
                & self
                    .bots
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.is_some())
                    .fold(0u8, |set, (i, _)| set | 1 << i),
        );
        deciding_seat(bots, active)
    }

    fn schedule_bot(&mut self) {
        self.bot_due = self.bot_to_act().map(|_| Instant::now() + self.bot_delay);
    }

    async fn bot_acts(&mut self) {
        let Some(seat) = self.bot_to_act() else {
            self.bot_due = None;
            return;
        };
        // A counter-offer to the bot's offer is answered before its next move.
        if let Some(i) = self.counter_for_bot(seat) {
            self.bot_answers_counter(seat, i).await;
            return;
        }
        let mut bot = self.bots[seat.index()]
            .take()
            .expect("bot_to_act picks bot seats");
        let game = self.game.clone();
        let mut rng = bot_rng(self.seed, self.seq);
        let id = self.info.id.clone();
        // A bot thinks on a thread of its own, never on the async workers that answer every
        // game's messages.
        let thought = tokio::task::spawn_blocking(move || {
            let legal = game.legal_actions(seat);
            let mut action = bot.choose(&game.view(seat), &legal, &mut rng);
            if !legal.permits(&action) {
                tracing::error!(
                    game = %id,
                    "the {} bot of {seat} chose {action:?}, which is not legal; playing a random action",
                    bot.name()
                );
                action = RandomBot::new().choose(&game.view(seat), &legal, &mut rng);
            }
            (bot, action)
        })
        .await;
        let action = match thought {
            Ok((bot, action)) => {
                self.bots[seat.index()] = Some(bot);
                action
            }
            Err(e) => {
                // The bot panicked (a bug of the bot's): the seat goes on as the random bot.
                tracing::error!(game = %self.info.id, "the bot of {seat} failed: {e}; the random bot plays on");
                self.bots[seat.index()] = Some(Box::new(RandomBot::new()));
                self.bot_due = Some(Instant::now() + RETRY);
                return;
            }
        };
        if let Err(e) = self.advance(&[(seat, action)]).await {
            tracing::error!(game = %self.info.id, "{seat} (bot): {}", e.message);
            self.bot_due = Some(Instant::now() + RETRY);
        }
    }

    fn update_live(&mut self) {
        let live = Live {
            seq: self.seq,
            turn: self.game.state().turn,
            over: self.game.is_over(),
            winner: self.game.winner(),
        };
        self.live.send_replace(live);
    }

    /// What the seat may do now, if the game waits for it.
    fn legal(&self, seat: Seat) -> Option<LegalData> {
        match self.game.to_act() {
            ToAct::Seats(waiting) if waiting.contains(seat) => {
                let legal = self.game.legal_actions(seat);
                (!legal.is_empty()).then(|| LegalData::of(&self.game, &legal))
            }
            _ => None,
        }
    }

    /// The `view` message for one viewer (`None`: a spectator), with the board when given.
    fn view_message(
        &self,
        viewer: Option<Seat>,
        events: &[Event],
        map: Option<&MapFile>,
    ) -> Utf8Bytes {
        let mut view = match viewer {
            Some(seat) => self.game.view(seat).to_data_without_map(),
            None => self.game.spectator_view().to_data_without_map(),
        };
        view.map = map.cloned();
        let legal = viewer.and_then(|seat| self.legal(seat));
        let events: Vec<Event> = events.iter().map(|e| e.seen_by(viewer)).collect();
        ServerMessage::View {
            seq: self.seq,
            view: &view,
            legal: legal.as_ref(),
            events: &events,
            past: false,
            counters: &self.counter_data(),
        }
        .to_json()
        .into()
    }

    /// The first `view` of a connection: the board, and the game's last events as the viewer
    /// may see them (`past`), so a reloaded page's log holds the turns before it.
    fn connect_message(&self, viewer: Option<Seat>, map: &MapFile) -> Utf8Bytes {
        let mut view = match viewer {
            Some(seat) => self.game.view(seat).to_data_without_map(),
            None => self.game.spectator_view().to_data_without_map(),
        };
        view.map = Some(map.clone());
        let legal = viewer.and_then(|seat| self.legal(seat));
        ServerMessage::View {
            seq: self.seq,
            view: &view,
            legal: legal.as_ref(),
            events: &self.past.seen_by(viewer),
            past: true,
            counters: &self.counter_data(),
        }
        .to_json()
        .into()
    }

    /// Sends every connection its view. Each viewer's message is made once, however many
    /// connections it has.
    fn broadcast(&mut self, events: &[Event]) {
        let key = self.game.board_key();
        let map = (self.sent_board != Some(key)).then(|| self.game.spectator_view().public_map());
        let mut made: HashMap<Option<Seat>, Utf8Bytes> = HashMap::new();
        let mut dropped = Vec::new();
        for c in &self.connections {
            let message = made
                .entry(c.seat)
                .or_insert_with(|| self.view_message(c.seat, events, map.as_ref()))
                .clone();
            if c.outbox.try_send(message).is_err() {
                dropped.push(c.id);
            }
        }
        if !dropped.is_empty() {
            // Dropping the sender ends the connection's writer, which closes the socket.
            self.connections.retain(|c| !dropped.contains(&c.id));
        }
        if map.is_some() {
            self.sent_board = Some(key);
        }
    }
}

fn entry(game: &Game, actor: Actor, action: &Action) -> ActionEntry {
    ActionEntry {
        actor: ActorText(actor),
        action: game.action_text(action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    #[test]
    fn chance_draws_depend_on_the_seed_and_index_only() {
        let a = chance_rng(7, 12).next_u64();
        assert_eq!(a, chance_rng(7, 12).next_u64());
        assert_ne!(a, chance_rng(7, 13).next_u64());
        assert_ne!(a, chance_rng(8, 12).next_u64());
        assert_ne!(a, bot_rng(7, 12).next_u64());
    }
}
