//! `settlers db backup FILE` and `settlers db restore FILE`: every game with every action, and
//! every map saved in the map editor, in a file that SQLite and PostgreSQL both read back
//! (docs/hosting.md, "Backups", describes the format). JSON lines, version 2:
//!
//! ```text
//! {"settlers_backup":2,"created":1796030740}
//! {"game":{"id":"…","scenario":"base","setup":"<JSON text>","seats":"<JSON text>","seed":7,
//!          "status":"playing","created":…,"finished":null,"touched":…,"winner":null,
//!          "result":null},"actions":2}
//! {"index":0,"entry":"<JSON text>"}
//! {"index":1,"entry":"<JSON text>"}
//! {"map":{"name":"two-isles","map":"<JSON text>","token_hash":"…","title":"Two isles",
//!         "players":"[3,4]","created":…,"updated":…}}
//! {"end":{"games":1,"actions":2,"maps":1}}
//! ```
//!
//! The texts are the database's own, byte for byte, so a restored game is the stored one, and
//! a restored map keeps its owner (the hash of its edit token). The last line counts what came
//! before: a file cut short is refused. Version 1 (games only, its end line without `maps`)
//! is still read.

use super::{Db, DbError, now};
use crate::game::StoredSeat;
use serde::{Deserialize, Serialize};
use settlers_core::notation::ActionEntry;
use settlers_core::record::{Record, RecordResult};
use sqlx::Row;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The version of the format this program writes.
pub const FORMAT_VERSION: u64 = 2;
/// The versions this program reads: 1 holds games only, 2 saved maps too.
pub const READ_VERSIONS: [u64; 2] = [1, 2];

/// The longest line of a game read: its setup holds its map, which a new game's body bounds
/// at 1 MiB; written as a JSON string inside JSON, it may double.
const MOST_GAME_LINE: usize = 8 << 20;
/// The longest line of an action read.
const MOST_ACTION_LINE: usize = 64 << 10;
/// The most actions one game may hold: far more than any game plays.
const MOST_ACTIONS: u64 = 1_000_000;
/// The longest game id: the server's own are 11 characters.
const MOST_ID: usize = 64;
/// The longest line of a saved map: the server saves a map body of at most 256 KiB, which
/// written as a JSON string inside JSON may double, beside its name, title and hash.
const MOST_MAP_LINE: usize = 1 << 20;
/// Actions inserted by one statement: three parameters each.
const ROWS_PER_INSERT: usize = 100;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{file}: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}, line {line}: {reason}; nothing was restored")]
    Malformed {
        file: String,
        line: u64,
        reason: String,
    },
    #[error(
        "the database already holds {games} game(s) and {maps} saved map(s): a backup is \
         restored into an empty database (a new SQLite file, or a new PostgreSQL database); \
         nothing was restored"
    )]
    NotEmpty { games: u64, maps: u64 },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for BackupError {
    fn from(e: sqlx::Error) -> BackupError {
        BackupError::Db(DbError::Sql(e))
    }
}

/// What a backup holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub actions: u64,
    /// The maps saved in the map editor (none in a backup of version 1).
    pub maps: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Head {
    settlers_backup: u64,
    created: i64,
}

/// A `games` row, every column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRow {
    id: String,
    scenario: String,
    setup: String,
    seats: String,
    seed: u64,
    status: String,
    created: i64,
    finished: Option<i64>,
    touched: Option<i64>,
    winner: Option<i64>,
    result: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine {
    game: GameRow,
    actions: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionLine {
    index: u64,
    entry: String,
}

/// A `maps` row, every column (migrations/0003_maps.sql).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapRow {
    name: String,
    map: String,
    token_hash: String,
    title: String,
    players: String,
    created: i64,
    updated: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapLine {
    map: MapRow,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndLine {
    end: Counts,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Counts {
    games: u64,
    actions: u64,
    /// Version 2 on; a version 1 file has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    maps: Option<u64>,
}

/// What comes next in a backup.
enum Entry {
    Game(GameRow, Vec<String>),
    Map(MapRow),
}

const STATUSES: [&str; 3] = ["playing", "finished", "abandoned"];

impl Db {
    /// Writes every game with every action to `file`, as one snapshot of the database (a
    /// server may go on playing meanwhile). The file appears whole or not at all: it is
    /// written beside and renamed.
    pub async fn backup(&self, file: &Path) -> Result<Summary, BackupError> {
        let name = file.display().to_string();
        let io = |source| BackupError::Io {
            file: name.clone(),
            source,
        };
        let partial = partial_path(file);
        let result = async {
            let mut out = BufWriter::new(std::fs::File::create(&partial).map_err(io)?);
            let summary = self.write_backup(&mut out).await?;
            let written = out.into_inner().map_err(|e| io(e.into_error()))?;
            written.sync_all().map_err(io)?;
            std::fs::rename(&partial, file).map_err(io)?;
            Ok(summary)
        }
        .await;
        if result.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
        result
    }

    async fn write_backup(&self, out: &mut impl Write) -> Result<Summary, BackupError> {
        let mut tx = self.pool.begin().await?;
        if !self.sqlite {
            // One snapshot for every query of the transaction (SQLite's read transaction is
            // one already).
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *tx)
                .await?;
        }
        line(
            out,
            &Head {
                settlers_backup: FORMAT_VERSION,
                created: now(),
            },
        )?;
        let ids: Vec<String> = sqlx::query("SELECT id FROM games ORDER BY id")
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        let mut summary = Summary {
            games: 0,
            actions: 0,
            maps: 0,
        };
        for id in &ids {
            let r = sqlx::query(
                "SELECT id, scenario, setup, seats, seed, status, created, finished, touched, \
                 winner, result FROM games WHERE id = $1",
            )
            .bind(id.as_str())
            .fetch_one(&mut *tx)
            .await?;
            let game = GameRow {
                id: r.try_get("id")?,
                scenario: r.try_get("scenario")?,
                setup: r.try_get("setup")?,
                seats: r.try_get("seats")?,
                seed: r.try_get::<i64, _>("seed")? as u64,
                status: r.try_get("status")?,
                created: r.try_get("created")?,
                finished: r.try_get("finished")?,
                touched: r.try_get("touched")?,
                winner: r.try_get("winner")?,
                result: r.try_get("result")?,
            };
            let actions =
                sqlx::query("SELECT idx, entry FROM actions WHERE game_id = $1 ORDER BY idx")
                    .bind(id.as_str())
                    .fetch_all(&mut *tx)
                    .await?;
            line(
                out,
                &GameLine {
                    game,
                    actions: actions.len() as u64,
                },
            )?;
            for (i, a) in actions.iter().enumerate() {
                let index: i64 = a.try_get("idx")?;
                if index != i as i64 {
                    return Err(DbError::Damaged {
                        id: id.clone(),
                        reason: format!("action {i} is missing"),
                    }
                    .into());
                }
                line(
                    out,
                    &ActionLine {
                        index: i as u64,
                        entry: a.try_get("entry")?,
                    },
                )?;
            }
            summary.games += 1;
            summary.actions += actions.len() as u64;
        }
        // The saved maps, by name; a server keeps at most 10,000 (MOST_SAVED_MAPS).
        let maps = sqlx::query(
            "SELECT name, map, token_hash, title, players, created, updated FROM maps \
             ORDER BY name",
        )
        .fetch_all(&mut *tx)
        .await?;
        for r in &maps {
            line(
                out,
                &MapLine {
                    map: MapRow {
                        name: r.try_get("name")?,
                        map: r.try_get("map")?,
                        token_hash: r.try_get("token_hash")?,
                        title: r.try_get("title")?,
                        players: r.try_get("players")?,
                        created: r.try_get("created")?,
                        updated: r.try_get("updated")?,
                    },
                },
            )?;
            summary.maps += 1;
        }
        line(
            out,
            &EndLine {
                end: Counts {
                    games: summary.games,
                    actions: summary.actions,
                    maps: Some(summary.maps),
                },
            },
        )?;
        out.flush().map_err(written)?;
        tx.commit().await?;
        Ok(summary)
    }

    /// Restores a backup into this database, which must hold no game and no saved map: all
    /// of it in one transaction, so a file that turns out malformed changes nothing. [`check`]
    /// comes first: it replays every game, which this does not, and says what the file holds;
    /// a file that holds anything else now (it changed since) is refused.
    pub async fn restore(&self, file: &Path, checked: Summary) -> Result<Summary, BackupError> {
        let mut reader = BackupReader::open(file)?;
        let mut tx = self.pool.begin().await?;
        let mut held = [0u64; 2];
        for (n, table) in held.iter_mut().zip(["games", "maps"]) {
            let count: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
                .fetch_one(&mut *tx)
                .await?
                .try_get("n")?;
            *n = count.max(0) as u64;
        }
        if let [games, maps] = held
            && (games > 0 || maps > 0)
        {
            return Err(BackupError::NotEmpty { games, maps });
        }
        while let Some(entry) = reader.next_entry()? {
            let (game, entries) = match entry {
                Entry::Game(game, entries) => (game, entries),
                Entry::Map(map) => {
                    sqlx::query(
                        "INSERT INTO maps (name, map, token_hash, title, players, created, \
                         updated) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(map.name.as_str())
                    .bind(map.map.as_str())
                    .bind(map.token_hash.as_str())
                    .bind(map.title.as_str())
                    .bind(map.players.as_str())
                    .bind(map.created)
                    .bind(map.updated)
                    .execute(&mut *tx)
                    .await?;
                    continue;
                }
            };
            sqlx::query(
                "INSERT INTO games (id, scenario, setup, seats, seed, status, created, finished, \
                 touched, winner, result) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(game.id.as_str())
            .bind(game.scenario.as_str())
            .bind(game.setup.as_str())
            .bind(game.seats.as_str())
            .bind(game.seed as i64)
            .bind(game.status.as_str())
            .bind(game.created)
            .bind(game.finished)
            .bind(game.touched)
            .bind(game.winner)
            .bind(game.result.as_deref())
            .execute(&mut *tx)
            .await?;
            for (n, chunk) in entries.chunks(ROWS_PER_INSERT).enumerate() {
                let mut sql = String::from("INSERT INTO actions (game_id, idx, entry) VALUES ");
                for i in 0..chunk.len() {
                    if i > 0 {
                        sql.push_str(", ");
                    }
                    sql.push_str(&format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3));
                }
                let mut query = sqlx::query(&sql);
                for (i, entry) in chunk.iter().enumerate() {
                    query = query
                        .bind(game.id.as_str())
                        .bind((n * ROWS_PER_INSERT + i) as i64)
                        .bind(entry.as_str());
                }
                query.execute(&mut *tx).await?;
            }
        }
        let line = reader.line;
        let summary = reader.finish()?;
        if summary != checked {
            return Err(BackupError::Malformed {
                file: file.display().to_string(),
                line,
                reason: "the file changed since it was checked".into(),
            });
        }
        tx.commit().await?;
        Ok(summary)
    }
}

/// Reads a whole backup and replays every game in it, without a database: what `restore`
/// would store, checked first, so a malformed file is refused before anything is opened.
pub fn check(file: &Path) -> Result<Summary, BackupError> {
    let mut reader = BackupReader::open(file)?;
    while let Some(entry) = reader.next_entry()? {
        // A map's line was checked as it was read.
        let Entry::Game(game, entries) = entry else {
            continue;
        };
        let line = reader.game_line;
        let mut record = Record::from_json(&game.setup).map_err(|e| {
            reader.malformed_at(
                line,
                format!("game {}: its setup does not read: {e}", game.id),
            )
        })?;
        record.actions = entries
            .iter()
            .map(|e| serde_json::from_str::<ActionEntry>(e).expect("read when the line was"))
            .collect();
        record.replay().map_err(|e| {
            reader.malformed_at(line, format!("game {} does not replay: {e}", game.id))
        })?;
    }
    reader.finish()
}

fn partial_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    file.with_file_name(name)
}

/// Writes one line of the file.
fn line(out: &mut impl Write, value: &impl Serialize) -> Result<(), BackupError> {
    serde_json::to_writer(&mut *out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(written)
}

fn written(source: std::io::Error) -> BackupError {
    BackupError::Io {
        file: "writing the backup".into(),
        source,
    }
}

/// A backup read a game at a time, each line checked as it comes.
struct BackupReader {
    file: String,
    input: BufReader<std::fs::File>,
    line: u64,
    /// The line of the last game read.
    game_line: u64,
    /// The version of the file, from its first line.
    version: u64,
    ids: HashSet<String>,
    map_names: HashSet<String>,
    read: Summary,
    end: Option<Counts>,
}

impl BackupReader {
    fn open(path: &Path) -> Result<BackupReader, BackupError> {
        let file = path.display().to_string();
        let input = std::fs::File::open(path).map_err(|source| BackupError::Io {
            file: file.clone(),
            source,
        })?;
        let mut reader = BackupReader {
            file,
            input: BufReader::new(input),
            line: 0,
            game_line: 0,
            version: FORMAT_VERSION,
            ids: HashSet::new(),
            map_names: HashSet::new(),
            read: Summary {
                games: 0,
                actions: 0,
                maps: 0,
            },
            end: None,
        };
        let head = reader.next_line(MOST_ACTION_LINE)?.ok_or_else(|| {
            reader.malformed("the file is empty: a backup starts with its version".into())
        })?;
        let head: Head = serde_json::from_str(&head).map_err(|e| {
            reader.malformed(format!(
                "not a Settlers backup: its first line is `{{\"settlers_backup\": {FORMAT_VERSION}, \"created\": …}}` ({e})"
            ))
        })?;
        if !READ_VERSIONS.contains(&head.settlers_backup) {
            return Err(reader.malformed(format!(
                "a backup of version {}: this program reads versions 1 and {FORMAT_VERSION}",
                head.settlers_backup
            )));
        }
        reader.version = head.settlers_backup;
        Ok(reader)
    }

    fn malformed(&self, reason: String) -> BackupError {
        self.malformed_at(self.line, reason)
    }

    fn malformed_at(&self, line: u64, reason: String) -> BackupError {
        BackupError::Malformed {
            file: self.file.clone(),
            line,
            reason,
        }
    }

    /// The next line without its end, at most `most` bytes; `None` at the end of the file.
    fn next_line(&mut self, most: usize) -> Result<Option<String>, BackupError> {
        let mut bytes = Vec::new();
        let read = (&mut self.input)
            .take(most as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|source| BackupError::Io {
                file: self.file.clone(),
                source,
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > most {
            return Err(self.malformed(format!("a line longer than {most} bytes")));
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| self.malformed("not UTF-8 text".into()))
    }

    /// The next game with its actions' texts, or the next saved map, checked; `None` after
    /// the last line.
    fn next_entry(&mut self) -> Result<Option<Entry>, BackupError> {
        if self.end.is_some() {
            return Ok(None);
        }
        let Some(text) = self.next_line(MOST_GAME_LINE)? else {
            return Err(self.malformed(
                "the file ends without its last line `{\"end\": …}`: it was cut short".into(),
            ));
        };
        if let Ok(EndLine { end }) = serde_json::from_str::<EndLine>(&text) {
            self.check_end(&end)?;
            self.end = Some(end);
            return Ok(None);
        }
        if text.starts_with("{\"map\":") {
            if self.version < 2 {
                return Err(self.malformed(
                    "a saved map in a backup of version 1, which holds games only".into(),
                ));
            }
            if text.len() > MOST_MAP_LINE {
                return Err(self.malformed(format!(
                    "a saved map's line longer than {MOST_MAP_LINE} bytes"
                )));
            }
            let MapLine { map } = serde_json::from_str(&text)
                .map_err(|e| self.malformed(format!("not a saved map's line: {e}")))?;
            self.check_map(&map)?;
            self.read.maps += 1;
            return Ok(Some(Entry::Map(map)));
        }
        if self.read.maps > 0 {
            return Err(self.malformed("a game after the saved maps: the games come first".into()));
        }
        self.next_game(&text)
            .map(|(game, entries)| Some(Entry::Game(game, entries)))
    }

    /// The end line's counts against what was read.
    fn check_end(&self, end: &Counts) -> Result<(), BackupError> {
        let maps = match (self.version, end.maps) {
            (1, None) => 0,
            (1, Some(_)) => {
                return Err(
                    self.malformed("the end line of a backup of version 1 counts no maps".into())
                );
            }
            (_, Some(maps)) => maps,
            (_, None) => {
                return Err(self.malformed(format!(
                    "the end line of a backup of version {} counts its maps: \
                     `{{\"end\": {{\"games\", \"actions\", \"maps\"}}}}`",
                    self.version
                )));
            }
        };
        if (end.games, end.actions, maps) != (self.read.games, self.read.actions, self.read.maps) {
            return Err(self.malformed(format!(
                "the file says it holds {} games, {} actions and {maps} maps, but holds {}, {} and {}",
                end.games, end.actions, self.read.games, self.read.actions, self.read.maps
            )));
        }
        Ok(())
    }

    /// A game's line and its actions, read and checked.
    fn next_game(&mut self, text: &str) -> Result<(GameRow, Vec<String>), BackupError> {
        let GameLine { game, actions } = serde_json::from_str(text)
            .map_err(|e| self.malformed(format!("not a game's line: {e}")))?;
        self.game_line = self.line;
        self.check_game(&game)?;
        if actions > MOST_ACTIONS {
            return Err(self.malformed(format!(
                "game {}: {actions} actions, more than the {MOST_ACTIONS} a game may hold",
                game.id
            )));
        }
        let mut entries = Vec::new();
        for index in 0..actions {
            let Some(text) = self.next_line(MOST_ACTION_LINE)? else {
                return Err(self.malformed(format!(
                    "game {} holds {actions} actions, the file ends after {index}",
                    game.id
                )));
            };
            let action: ActionLine = serde_json::from_str(&text).map_err(|e| {
                self.malformed(format!("game {}: not action {index}'s line: {e}", game.id))
            })?;
            if action.index != index {
                return Err(self.malformed(format!(
                    "game {}: action {} where action {index} comes",
                    game.id, action.index
                )));
            }
            serde_json::from_str::<ActionEntry>(&action.entry).map_err(|e| {
                self.malformed(format!(
                    "game {}: action {index} does not read: {e}",
                    game.id
                ))
            })?;
            entries.push(action.entry);
        }
        self.read.games += 1;
        self.read.actions += actions;
        Ok((game, entries))
    }

    /// A saved map as the server would have stored it: a name of its own, a map file's JSON
    /// and a token's hash, within the server's bounds.
    fn check_map(&mut self, map: &MapRow) -> Result<(), BackupError> {
        let name = &map.name;
        if let Err(reason) = crate::maps::check_map_name(name) {
            return Err(self.malformed(reason));
        }
        if !self.map_names.insert(name.clone()) {
            return Err(self.malformed(format!("the saved map `{name}` comes twice")));
        }
        if self.read.maps >= crate::maps::MOST_SAVED_MAPS {
            return Err(self.malformed(format!(
                "more than the {} saved maps a server keeps",
                crate::maps::MOST_SAVED_MAPS
            )));
        }
        match serde_json::from_str::<serde_json::Value>(&map.map) {
            Ok(value) if value.is_object() => {}
            Ok(_) => {
                return Err(self.malformed(format!(
                    "the saved map `{name}` is no map: not a JSON object"
                )));
            }
            Err(e) => {
                return Err(self.malformed(format!("the saved map `{name}` does not read: {e}")));
            }
        }
        let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if map.token_hash.len() != 64 || !map.token_hash.chars().all(hex) {
            return Err(self.malformed(format!(
                "the saved map `{name}`: its token hash is not a SHA-256 in hex"
            )));
        }
        if map.title.chars().count() > crate::maps::MAX_LISTED_TITLE {
            return Err(self.malformed(format!(
                "the saved map `{name}`: a title longer than {} characters",
                crate::maps::MAX_LISTED_TITLE
            )));
        }
        serde_json::from_str::<Vec<u8>>(&map.players).map_err(|e| {
            self.malformed(format!(
                "the saved map `{name}`: its players do not read: {e}"
            ))
        })?;
        Ok(())
    }

    fn check_game(&mut self, game: &GameRow) -> Result<(), BackupError> {
        let id = &game.id;
        if id.is_empty() || id.len() > MOST_ID || id.chars().any(char::is_control) {
            return Err(self.malformed(format!(
                "`{}` is not a game id (1 to {MOST_ID} characters)",
                id.chars().take(MOST_ID).collect::<String>()
            )));
        }
        if !self.ids.insert(id.clone()) {
            return Err(self.malformed(format!("game {id} comes twice")));
        }
        if !STATUSES.contains(&game.status.as_str()) {
            return Err(self.malformed(format!(
                "game {id}: status `{}`, not one of {STATUSES:?}",
                game.status
            )));
        }
        serde_json::from_str::<Vec<StoredSeat>>(&game.seats)
            .map_err(|e| self.malformed(format!("game {id}: its seats do not read: {e}")))?;
        if let Some(result) = &game.result {
            serde_json::from_str::<RecordResult>(result)
                .map_err(|e| self.malformed(format!("game {id}: its result does not read: {e}")))?;
        }
        if game.status == "finished" && game.result.is_none() {
            return Err(self.malformed(format!("game {id} is finished without its result")));
        }
        Ok(())
    }

    /// After the last game: nothing but blank lines may follow the end line.
    fn finish(mut self) -> Result<Summary, BackupError> {
        if self.end.is_none() && self.next_entry()?.is_some() {
            return Err(self.malformed("a game after the last one read".into()));
        }
        while let Some(text) = self.next_line(MOST_ACTION_LINE)? {
            if !text.trim().is_empty() {
                return Err(self.malformed("a line after the last line `{\"end\": …}`".into()));
            }
        }
        Ok(self.read)
    }
}
