//! `settlers-server`: the game server of docs/protocol.md. HTTP and WebSocket with axum; one
//! tokio task per game (`game`); SQLite by default, PostgreSQL with a `postgres://` URL (`db`).
//!
//! The rules are the engine's: the server applies actions with `settlers-core`, sends each
//! seat its own view (never the full state), and lets bots play their seats.

pub mod db;
pub mod game;
pub mod heavy;
mod http;
pub mod limits;
pub mod listener;
mod maps;
pub mod metrics;
pub mod numbers;
mod ops;
pub mod page;
mod past;
pub mod protocol;
pub mod proxy;
mod strict;
pub mod token;
mod ws;

use db::{Db, DbError};
use game::Registry;
use heavy::HeavyWork;
use limits::{CreationLimit, Limits};
use listener::ConnectionLimits;
use page::EmbeddedPage;
use proxy::{PublicUrl, TrustedProxies};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use ops::VERSION;

/// The largest WebSocket message read at all. Messages between the protocol's limit
/// (`protocol::MAX_MESSAGE`) and this one are answered with `too_large`; larger ones close
/// the connection, so nobody makes the server hold megabytes.
pub const MAX_WEBSOCKET_MESSAGE: usize = 1 << 20;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// `sqlite://FILE` or `postgres://…`.
    pub database_url: String,
    /// The built web page (`web/dist`), served at `/`: it wins over `embedded_page`.
    pub web_dir: Option<PathBuf>,
    /// The page carried inside the binary, served when there is no `web_dir`.
    pub embedded_page: Option<EmbeddedPage>,
    /// The address people reach the server at, behind a proxy: the links and WebSocket
    /// addresses of a new game are made on it. Without it they are paths.
    pub public_url: Option<PublicUrl>,
    /// The proxies whose forwarded client address the per-client limits believe.
    pub trusted_proxies: TrustedProxies,
    /// The pause before each bot action, so people can follow.
    pub bot_delay: Duration,
    /// Whether `POST /api/games` may name the seed. Off for a real server: whoever knows a
    /// game's seed knows its dice. Tests turn it on to replay a game exactly.
    pub accept_seeds: bool,
    /// The most messages one connection may send in a second; beyond, `too_fast`.
    /// Tests whose scripted players act at machine speed raise it.
    pub max_messages_per_second: usize,
    /// What any client, and all of them together, may hold or ask (docs/reliability.md).
    pub limits: Limits,
}

impl ServerConfig {
    pub fn new(database_url: impl Into<String>) -> ServerConfig {
        ServerConfig {
            database_url: database_url.into(),
            web_dir: None,
            embedded_page: None,
            public_url: None,
            trusted_proxies: TrustedProxies::default(),
            bot_delay: Duration::from_millis(400),
            accept_seeds: false,
            max_messages_per_second: protocol::MAX_MESSAGES_PER_WINDOW,
            limits: Limits::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What every handler shares.
pub(crate) struct App {
    db: Db,
    registry: Arc<Registry>,
    config: ServerConfig,
    /// Map checks and replays asked for over HTTP.
    heavy: Arc<HeavyWork>,
    /// New games per client.
    creations: CreationLimit,
    /// Map saves per client, counted apart from the games (`limits.games_per_client_per_minute`).
    map_saves: CreationLimit,
    /// The connections open, by client and in all.
    connections: Arc<ConnectionLimits>,
}

/// A server, ready to be served on a listener.
#[derive(Clone)]
pub struct Server {
    app: Arc<App>,
    resumed: usize,
}

impl Server {
    /// Connects to the database (creating it and its tables if needed), ends the games
    /// nobody touched for `limits.abandon_after`, and resumes every other unfinished game
    /// from its stored actions: their bots go on at once. The replays run off the async
    /// workers, a few at a time. Then, every [`limits::SWEEP_EVERY`], games left untouched
    /// since are ended the same way.
    pub async fn start(config: ServerConfig) -> Result<Server, ServerError> {
        let db = Db::connect(&config.database_url).await?;
        let heavy = Arc::new(HeavyWork::new(
            config.limits.parallel_heavy_jobs,
            config.limits.heavy_queue,
        ));
        let registry = Registry::new(db.clone(), config.bot_delay, heavy.clone());
        registry
            .abandon_untouched(config.limits.abandon_after)
            .await?;
        let mut resumed = 0;
        for id in db.unfinished().await? {
            match registry.get(&id).await {
                Ok(Some(_)) => resumed += 1,
                Ok(None) => {}
                // One damaged game does not keep the others from being played.
                Err(e) => tracing::error!("game {id} cannot resume: {e}"),
            }
        }
        let sweeper = Arc::downgrade(&registry);
        let abandon_after = config.limits.abandon_after;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(limits::SWEEP_EVERY);
            every.tick().await;
            loop {
                every.tick().await;
                let Some(registry) = sweeper.upgrade() else {
                    break;
                };
                if let Err(e) = registry.abandon_untouched(abandon_after).await {
                    tracing::error!("ending untouched games: {e}");
                }
            }
        });
        Ok(Server {
            app: Arc::new(App {
                db,
                registry,
                creations: CreationLimit::new(config.limits.games_per_client_per_minute),
                map_saves: CreationLimit::new(config.limits.games_per_client_per_minute),
                connections: ConnectionLimits::new(
                    config.limits.max_connections_per_client,
                    config.limits.max_connections,
                ),
                config,
                heavy,
            }),
            resumed,
        })
    }

    /// How many unfinished games were resumed at start.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    pub fn router(&self) -> axum::Router {
        http::router(self.app.clone())
    }

    /// Stops cleanly, once no connection is accepted any more (see [`serve_until`]): every
    /// game finishes the action it is handling, its actions stored, and stops (its
    /// connections are closed, to reconnect to the next server); then the database writer
    /// stores what is waiting and the database is closed. Waits at most `patience` for the
    /// games; returns how many stopped in time.
    pub async fn shutdown(&self, patience: Duration) -> usize {
        let stopped = self.app.registry.stop_all(patience).await;
        self.app.db.close().await;
        stopped
    }
}

/// Serves until the listener fails for good: each connection under the limits of
/// `ServerConfig::limits` (see [`listener`]).
pub async fn serve(listener: tokio::net::TcpListener, server: Server) -> std::io::Result<()> {
    listener::serve(listener, server, std::future::pending()).await
}

/// Serves until `stop` is ready (a signal), then accepts no more connections; then
/// [`Server::shutdown`] finishes the writes in flight.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    server: Server,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    listener::serve(listener, server, stop).await
}
