//! Saved maps: one `maps` row per name (migrations/0003_maps.sql).

use super::{Db, DbError, now};
use sqlx::Row;

/// A saved map, as listed: no map text.
pub struct SavedMapEntry {
    pub name: String,
    pub title: String,
    /// The player counts, as JSON (`[3,4]`).
    pub players: String,
    pub updated: i64,
}

/// A saved map with its text and the hash of its edit token.
pub struct SavedMap {
    pub name: String,
    pub map: String,
    pub token_hash: String,
}

/// What saving a map did.
#[derive(Debug, PartialEq, Eq)]
pub enum Saved {
    /// The name was free: the map is stored under it with this token's hash.
    New,
    /// The name was taken by someone else meanwhile: nothing was stored.
    Taken,
}

impl Db {
    /// The saved map of this name.
    pub async fn saved_map(&self, name: &str) -> Result<Option<SavedMap>, DbError> {
        let row = sqlx::query("SELECT name, map, token_hash FROM maps WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            Ok(SavedMap {
                name: r.try_get("name")?,
                map: r.try_get("map")?,
                token_hash: r.try_get("token_hash")?,
            })
        })
        .transpose()
    }

    /// How many maps are saved.
    pub async fn saved_map_count(&self) -> Result<u64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM maps")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>("n")?.max(0) as u64)
    }

    /// Stores a map under a name nobody has: `Taken` (and nothing stored) if someone saved
    /// it first, even a moment ago.
    pub async fn save_new_map(
        &self,
        name: &str,
        map: &str,
        token_hash: &str,
        title: &str,
        players: &str,
    ) -> Result<Saved, DbError> {
        let done = sqlx::query(
            "INSERT INTO maps (name, map, token_hash, title, players, created, updated) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(map)
        .bind(token_hash)
        .bind(title)
        .bind(players)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(if done.rows_affected() == 1 {
            Saved::New
        } else {
            Saved::Taken
        })
    }

    /// Replaces the map of a name whose token hash is `token_hash` (checked by the caller
    /// and again here, so that a row changed meanwhile is not overwritten). Whether a row
    /// was replaced.
    pub async fn replace_map(
        &self,
        name: &str,
        map: &str,
        token_hash: &str,
        title: &str,
        players: &str,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE maps SET map = $1, title = $2, players = $3, updated = $4 \
             WHERE name = $5 AND token_hash = $6",
        )
        .bind(map)
        .bind(title)
        .bind(players)
        .bind(now())
        .bind(name)
        .bind(token_hash)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The saved maps, the most recently saved first, at most `limit`.
    pub async fn saved_maps(&self, limit: i64) -> Result<Vec<SavedMapEntry>, DbError> {
        let rows = sqlx::query(
            "SELECT name, title, players, updated FROM maps ORDER BY updated DESC, name LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SavedMapEntry {
                    name: r.try_get("name")?,
                    title: r.try_get("title")?,
                    players: r.try_get("players")?,
                    updated: r.try_get("updated")?,
                })
            })
            .collect()
    }
}
