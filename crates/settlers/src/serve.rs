//! `settlers serve`: the game server (crate `settlers-server`, docs/protocol.md) and the web
//! page on one address; behind a proxy with `--public-url` and `--trust-proxy`
//! (docs/hosting.md).

use crate::output::emit;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use settlers_server::limits::Limits;
use settlers_server::page::EmbeddedPage;
use settlers_server::proxy::{Network, PublicUrl, TrustedProxies};
use settlers_server::{Server, ServerConfig};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// How long the games have, on SIGTERM, to store the actions they are handling.
const SHUTDOWN_PATIENCE: Duration = Duration::from_secs(20);

/// How the log on standard error is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line, for a log collector (journald, Loki, …).
    Json,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Port 0 takes any free port (the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The database: `sqlite://FILE` (created if missing) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = "sqlite://settlers.sqlite")]
    db: String,
    /// The built web page, served at `/`, in place of the one inside the binary (for working
    /// on the page).
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
    /// The address people open, behind a TLS proxy (`https://settlers.example.org`): new
    /// games' seat links and WebSocket addresses are made on it.
    #[arg(long, value_name = "URL", value_parser = PublicUrl::parse)]
    public_url: Option<PublicUrl>,
    /// Proxies whose forwarded client address (`Forwarded`, `X-Forwarded-For`) the
    /// per-client limits believe: addresses or networks, separated by commas
    /// (`127.0.0.1,::1`). From anyone else the headers are ignored.
    #[arg(long, value_name = "ADDRS", value_delimiter = ',', value_parser = Network::parse)]
    trust_proxy: Vec<Network>,
    /// How the log on standard error is written.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// The pause before each bot action, in milliseconds, so people can follow.
    #[arg(long, default_value_t = 400)]
    bot_delay_ms: u64,
    /// Let `POST /api/games` name the game's seed (for tests and benchmarks: a known seed
    /// tells the dice).
    #[arg(long)]
    accept_seeds: bool,
    /// The most messages one connection may send in a second (the protocol's 20); for tests
    /// and benchmarks whose players act at machine speed.
    #[arg(long, default_value_t = settlers_server::protocol::MAX_MESSAGES_PER_WINDOW)]
    max_messages_per_second: usize,
    /// Connections open at once, all clients together (docs/reliability.md).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Connections open at once from one client (an IPv4 address, an IPv6 /64).
    #[arg(long, default_value_t = Limits::default().max_connections_per_client)]
    max_connections_per_client: usize,
    /// New games one client may create in a minute.
    #[arg(long, default_value_t = Limits::default().games_per_client_per_minute)]
    games_per_minute: usize,
    /// Games being played at once; more are refused until some end.
    #[arg(long, default_value_t = Limits::default().max_open_games)]
    max_open_games: usize,
    /// Days after which a game in which nothing was played is abandoned.
    #[arg(long, default_value_t = Limits::default().abandon_after.as_secs() / 86_400)]
    abandon_after_days: u64,
}

pub fn run(args: ServeArgs) -> Result<()> {
    let log = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_target(false);
    match args.log_format {
        LogFormat::Text => log.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => log.json().with_ansi(false).init(),
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(serve(args))
}

async fn serve(args: ServeArgs) -> Result<()> {
    let config = ServerConfig {
        database_url: args.db.clone(),
        web_dir: args.web.clone(),
        embedded_page: crate::page::PAGE.map(EmbeddedPage),
        public_url: args.public_url.clone(),
        trusted_proxies: TrustedProxies::new(args.trust_proxy.clone()),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        accept_seeds: args.accept_seeds,
        max_messages_per_second: args.max_messages_per_second,
        limits: Limits {
            max_connections: args.max_connections,
            max_connections_per_client: args.max_connections_per_client,
            games_per_client_per_minute: args.games_per_minute,
            max_open_games: args.max_open_games,
            abandon_after: Duration::from_secs(args.abandon_after_days.saturating_mul(86_400)),
            ..Limits::default()
        },
    };
    let server = Server::start(config)
        .await
        .with_context(|| format!("opening the database {}", args.db))?;
    let listener = tokio::net::TcpListener::bind(&args.addr)
        .await
        .with_context(|| format!("listening on {}", args.addr))?;
    let addr = listener.local_addr()?;
    // Before the ready line: a SIGTERM from then on stops the server cleanly.
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("listening for SIGTERM")?;
    // One line on standard output, for people and for scripts that start the server. Whoever
    // stops reading it later (or never reads it) does not stop the server.
    emit(&format!("Settlers is ready: open http://{addr}/\n"))?;
    tracing::info!(
        %addr,
        version = settlers_server::VERSION,
        public_url = args.public_url.as_ref().map(tracing::field::display),
        "listening"
    );
    if server.resumed() > 0 {
        tracing::info!("resumed {} unfinished game(s)", server.resumed());
    }
    let stop = async move {
        let signal = tokio::select! {
            _ = tokio::signal::ctrl_c() => "interrupt",
            _ = terminate.recv() => "SIGTERM",
        };
        tracing::info!(signal, "stopping: finishing the actions in flight");
    };
    settlers_server::serve_until(listener, server.clone(), stop)
        .await
        .context("serving")?;
    // Every action is stored before anyone hears of it; the games finish the ones they are
    // handling, and the database stores what is waiting, before the process ends.
    let stopped = server.shutdown(SHUTDOWN_PATIENCE).await;
    tracing::info!(games = stopped, "stopped");
    Ok(())
}
