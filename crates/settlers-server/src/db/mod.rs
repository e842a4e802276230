//! The database: SQLite (the embedded default) or PostgreSQL, chosen by the URL. A game is
//! its record: a `games` row with the record's head, and one `actions` row per action.
//!
//! Queries are plain SQL run through sqlx's `Any` driver, portable between the two (numbered
//! `$1` placeholders, TEXT and BIGINT only), checked by the tests against both rather than
//! by compile-time macros that would need a database to build.

use settlers_core::notation::ActionEntry;
use settlers_core::record::RecordResult;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::MigrateDatabase;
use sqlx::{AnyPool, Executor, Row};
use std::sync::Once;
use std::time::{SystemTime, UNIX_EPOCH};

mod appends;
pub mod backup;
pub mod maps;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL `{0}`: use sqlite://FILE or postgres://…")]
    Url(String),
    #[error("the database writer has stopped")]
    WriterStopped,
    #[error("game {id}: stored data is damaged: {reason}")]
    Damaged { id: String, reason: String },
    #[error("the database file {0} is no longer there: what is written now would be lost")]
    FileGone(String),
}

/// A game as first stored.
pub struct NewGame<'a> {
    pub id: &'a str,
    pub scenario: &'a str,
    /// The record without its actions, as JSON.
    pub setup: &'a str,
    /// The seats with their token hashes, as JSON.
    pub seats: &'a str,
    pub seed: u64,
}

/// What is written with the last actions of a game.
pub struct GameEnd<'a> {
    pub winner: Option<u8>,
    pub result: &'a RecordResult,
}

/// A game as stored: enough to replay it.
pub struct StoredGame {
    pub id: String,
    pub setup: String,
    pub seats: String,
    pub seed: u64,
    pub created: i64,
    pub actions: Vec<ActionEntry>,
}

/// A finished game, for the lobby.
pub struct FinishedGame {
    pub id: String,
    pub scenario: String,
    pub seats: String,
    pub created: i64,
    pub winner: Option<u8>,
    pub result: Option<String>,
}

/// The database, shared by every game task.
#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    appends: tokio::sync::mpsc::Sender<appends::Job>,
    sqlite: bool,
    /// An SQLite database's file as it was opened, for the health check.
    sqlite_file: Option<SqliteFile>,
}

/// Which file an SQLite database is: removed or replaced, the server would go on writing to
/// a file nobody can open again.
#[derive(Clone, Debug)]
struct SqliteFile {
    path: std::path::PathBuf,
    device: u64,
    inode: u64,
}

impl SqliteFile {
    fn of(url: &str) -> Option<SqliteFile> {
        use std::os::unix::fs::MetadataExt;
        let rest = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))?;
        let path = rest.split('?').next().unwrap_or(rest);
        if path.is_empty() || path == ":memory:" {
            return None;
        }
        let metadata = std::fs::metadata(path).ok()?;
        Some(SqliteFile {
            path: path.into(),
            device: metadata.dev(),
            inode: metadata.ino(),
        })
    }

    fn still_there(&self) -> bool {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(&self.path).is_ok_and(|m| m.dev() == self.device && m.ino() == self.inode)
    }
}

pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn install_drivers() {
    static ONCE: Once = Once::new();
    ONCE.call_once(sqlx::any::install_default_drivers);
}

fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

fn check_url(url: &str) -> Result<(), DbError> {
    if is_sqlite(url) || url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(())
    } else {
        Err(DbError::Url(url.into()))
    }
}

/// Creates the database (an SQLite file, a PostgreSQL database) if it does not exist.
pub async fn create_database(url: &str) -> Result<(), DbError> {
    check_url(url)?;
    install_drivers();
    if !sqlx::Any::database_exists(url).await? {
        sqlx::Any::create_database(url).await?;
    }
    Ok(())
}

/// Drops a database, even with connections open: for tests that made one of their own.
pub async fn drop_database(url: &str) -> Result<(), DbError> {
    check_url(url)?;
    install_drivers();
    if sqlx::Any::database_exists(url).await? {
        sqlx::Any::force_drop_database(url).await?;
    }
    Ok(())
}

impl Db {
    /// Connects, creating the database if needed, brings its tables up to date and starts
    /// the task that stores every game's actions (`appends`), on the current Tokio runtime.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        create_database(url).await?;
        let sqlite = is_sqlite(url);
        let pool = AnyPoolOptions::new()
            // SQLite has one writer at a time: one connection queues the game tasks fairly
            // in the pool instead of letting them spin on SQLite's busy lock.
            .max_connections(if sqlite { 1 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: a commit is one append to the log, and a killed process loses
                        // nothing committed. NORMAL syncs at checkpoints, not every commit:
                        // safe against a crash of the server, at the risk of the last
                        // actions on a power cut.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        MIGRATOR.run(&pool).await?;
        let appends = appends::start_writer(pool.clone());
        Ok(Db {
            pool,
            appends,
            sqlite,
            sqlite_file: if sqlite { SqliteFile::of(url) } else { None },
        })
    }

    /// `sqlite` or `postgres`.
    pub fn kind(&self) -> &'static str {
        if self.sqlite { "sqlite" } else { "postgres" }
    }

    /// Whether the database answers a query on the games' table (and, for SQLite, whether
    /// its file is still the one opened).
    pub async fn health(&self) -> Result<(), DbError> {
        if let Some(file) = &self.sqlite_file
            && !file.still_there()
        {
            return Err(DbError::FileGone(file.path.display().to_string()));
        }
        sqlx::query("SELECT id FROM games LIMIT 1")
            .fetch_optional(&self.pool)
            .await?;
        Ok(())
    }

    /// Waits until every append sent before is stored (or refused), then closes the
    /// database's connections: an SQLite database's log is folded into its file.
    pub async fn close(&self) {
        let (told, stored) = tokio::sync::oneshot::channel();
        if self.appends.send(appends::Job::Flush(told)).await.is_ok() {
            let _ = stored.await;
        }
        self.pool.close().await;
    }

    pub async fn create_game(&self, game: &NewGame<'_>) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO games (id, scenario, setup, seats, seed, status, created, touched) \
             VALUES ($1, $2, $3, $4, $5, 'playing', $6, $6)",
        )
        .bind(game.id)
        .bind(game.scenario)
        .bind(game.setup)
        .bind(game.seats)
        // Stored as the same 64 bits, read back with the inverse cast.
        .bind(game.seed as i64)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Appends actions `first..first + entries.len()` of a game, and marks the game finished
    /// if `end` is given, all in one transaction (which may hold other games' appends too).
    /// The primary key refuses an index already stored, so two writers can never both extend
    /// a game.
    pub async fn append(
        &self,
        id: &str,
        first: u64,
        entries: &[ActionEntry],
        end: Option<GameEnd<'_>>,
    ) -> Result<(), DbError> {
        let (append, stored) = appends::Append::new(id, first, entries, end);
        self.appends
            .send(appends::Job::Append(append))
            .await
            .map_err(|_| DbError::WriterStopped)?;
        stored.await.map_err(|_| DbError::WriterStopped)?
    }

    /// The ids of every game not finished, oldest first.
    pub async fn unfinished(&self) -> Result<Vec<String>, DbError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = 'playing' ORDER BY created, id")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }

    /// How many games are being played (not finished, not abandoned).
    pub async fn open_games(&self) -> Result<u64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE status = 'playing'")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>("n")?.max(0) as u64)
    }

    /// Marks abandoned every game being played in which nothing happened since `before`
    /// (Unix seconds), and returns their ids.
    pub async fn abandon_untouched(&self, before: i64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND COALESCE(touched, created) < $1",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        let ids: Vec<String> = rows
            .iter()
            .map(|r| r.try_get::<String, _>("id"))
            .collect::<Result<_, _>>()?;
        for id in &ids {
            // Checked again: an action stored since the query keeps the game.
            sqlx::query(
                "UPDATE games SET status = 'abandoned', finished = $1 \
                 WHERE id = $2 AND status = 'playing' AND COALESCE(touched, created) < $3",
            )
            .bind(now())
            .bind(id.as_str())
            .bind(before)
            .execute(&self.pool)
            .await?;
        }
        Ok(ids)
    }

    /// Whether a game was abandoned, if there is such a game.
    pub async fn status(&self, id: &str) -> Result<Option<String>, DbError> {
        let row = sqlx::query("SELECT status FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<String, _>("status"))
            .transpose()
            .map_err(DbError::from)
    }

    /// A game with every action, or `None` if there is no such game.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        let Some(row) =
            sqlx::query("SELECT id, setup, seats, seed, created FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        let rows = sqlx::query("SELECT idx, entry FROM actions WHERE game_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        let mut actions = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let idx: i64 = r.try_get("idx")?;
            let damaged = |reason: String| DbError::Damaged {
                id: id.into(),
                reason,
            };
            if idx != i as i64 {
                return Err(damaged(format!("action {i} is missing")));
            }
            let text: String = r.try_get("entry")?;
            actions.push(
                serde_json::from_str(&text)
                    .map_err(|e| damaged(format!("action {i} does not read: {e}")))?,
            );
        }
        Ok(Some(StoredGame {
            id: row.try_get("id")?,
            setup: row.try_get("setup")?,
            seats: row.try_get("seats")?,
            seed: row.try_get::<i64, _>("seed")? as u64,
            created: row.try_get("created")?,
            actions,
        }))
    }

    /// The finished games, the most recent first: `limit` of them after the first `skip`.
    pub async fn finished(&self, limit: i64, skip: i64) -> Result<Vec<FinishedGame>, DbError> {
        let rows = sqlx::query(
            "SELECT id, scenario, seats, created, winner, result FROM games \
             WHERE status = 'finished' ORDER BY finished DESC, id LIMIT $1 OFFSET $2",
        )
        .bind(limit)
        .bind(skip)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(finished_game).collect()
    }

    /// One finished game's lobby entry, or `None` if it is not finished (or not a game).
    pub async fn finished_game(&self, id: &str) -> Result<Option<FinishedGame>, DbError> {
        let row = sqlx::query(
            "SELECT id, scenario, seats, created, winner, result FROM games \
             WHERE id = $1 AND status = 'finished'",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(finished_game).transpose()
    }
}

fn finished_game(r: &AnyRow) -> Result<FinishedGame, DbError> {
    Ok(FinishedGame {
        id: r.try_get("id")?,
        scenario: r.try_get("scenario")?,
        seats: r.try_get("seats")?,
        created: r.try_get("created")?,
        winner: r.try_get::<Option<i64>, _>("winner")?.map(|w| w as u8),
        result: r.try_get("result")?,
    })
}
