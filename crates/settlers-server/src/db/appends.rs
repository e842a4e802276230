//! Appending actions, every game's through one writer. At the bots' pace a thousand games
//! append a few thousand times a second; one transaction each, every statement a round trip
//! to SQLite's worker thread or to PostgreSQL, made the database the server's bottleneck.
//! The writer takes whatever appends are waiting and commits them together (group commit):
//! a game is still told only once its own actions are stored.

use super::{DbError, GameEnd, now};
use settlers_core::notation::ActionEntry;
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

/// The most appends committed in one transaction: enough that a thousand games at the bots'
/// pace share a few commits a second, few enough that a large batch does not hold up the
/// games in it.
const MOST_IN_ONE_COMMIT: usize = 256;

/// Rows per `INSERT`: three parameters a row, well under every driver's limit.
const ROWS_PER_INSERT: usize = 100;

/// One game's actions `first..`, ready to store.
pub(super) struct Append {
    game: String,
    first: u64,
    entries: Vec<String>,
    end: Option<(Option<u8>, String)>,
    stored: oneshot::Sender<Result<(), DbError>>,
}

impl Append {
    pub(super) fn new(
        game: &str,
        first: u64,
        entries: &[ActionEntry],
        end: Option<GameEnd<'_>>,
    ) -> (Append, oneshot::Receiver<Result<(), DbError>>) {
        let (stored, told) = oneshot::channel();
        let append = Append {
            game: game.into(),
            first,
            entries: entries
                .iter()
                .map(|e| serde_json::to_string(e).expect("an action entry serialises"))
                .collect(),
            end: end.map(|end| {
                let result = serde_json::to_string(end.result).expect("a result serialises");
                (end.winner, result)
            }),
            stored,
        };
        (append, told)
    }
}

/// What the writer is asked.
pub(super) enum Job {
    Append(Append),
    /// Told once every append sent before it is stored (or refused).
    Flush(oneshot::Sender<()>),
}

/// Starts the writer; it stops when the last sender is dropped.
pub(super) fn start_writer(pool: AnyPool) -> mpsc::Sender<Job> {
    let (send, receive) = mpsc::channel(4 * MOST_IN_ONE_COMMIT);
    tokio::spawn(write(pool, receive));
    send
}

async fn write(pool: AnyPool, mut waiting: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MOST_IN_ONE_COMMIT);
    let mut batch = Vec::with_capacity(MOST_IN_ONE_COMMIT);
    let mut flushes = Vec::new();
    while waiting.recv_many(&mut jobs, MOST_IN_ONE_COMMIT).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Append(append) => batch.push(append),
                Job::Flush(told) => flushes.push(told),
            }
        }
        if !batch.is_empty() {
            store_batch(&pool, &mut batch).await;
        }
        for told in flushes.drain(..) {
            let _ = told.send(());
        }
    }
}

/// Stores a batch and tells each game how its append went.
async fn store_batch(pool: &AnyPool, batch: &mut Vec<Append>) {
    match store(pool, batch).await {
        Ok(()) => {
            for append in batch.drain(..) {
                // A game that stopped waiting finds its actions stored when it is loaded.
                let _ = append.stored.send(Ok(()));
            }
        }
        Err(e) if batch.len() == 1 => {
            let _ = batch.pop().expect("one append").stored.send(Err(e));
        }
        Err(_) => {
            // One bad append (an index already stored) must not fail the others: each
            // is tried again on its own.
            for append in batch.drain(..) {
                let result = store(pool, std::slice::from_ref(&append)).await;
                let _ = append.stored.send(result);
            }
        }
    }
}

/// Stores appends in one transaction: all or none.
async fn store(pool: &AnyPool, appends: &[Append]) -> Result<(), DbError> {
    let rows: Vec<(&str, i64, &str)> = appends
        .iter()
        .flat_map(|a| {
            a.entries
                .iter()
                .enumerate()
                .map(move |(i, e)| (a.game.as_str(), (a.first + i as u64) as i64, e.as_str()))
        })
        .collect();
    let mut tx = pool.begin().await?;
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from("INSERT INTO actions (game_id, idx, entry) VALUES ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3));
        }
        let mut query = sqlx::query(&sql);
        for &(game, idx, entry) in chunk {
            query = query.bind(game).bind(idx).bind(entry);
        }
        query.execute(&mut *tx).await?;
    }
    // Every game of the batch was played just now (its `touched`, for abandoning games).
    let played = now();
    for games in appends.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from("UPDATE games SET touched = $1 WHERE id IN (");
        for i in 0..games.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", i + 2));
        }
        sql.push(')');
        let mut query = sqlx::query(&sql).bind(played);
        for append in games {
            query = query.bind(append.game.as_str());
        }
        query.execute(&mut *tx).await?;
    }
    for append in appends {
        if let Some((winner, result)) = &append.end {
            sqlx::query(
                "UPDATE games SET status = 'finished', finished = $1, winner = $2, result = $3 \
                 WHERE id = $4",
            )
            .bind(played)
            .bind(winner.map(i64::from))
            .bind(result.as_str())
            .bind(append.game.as_str())
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
