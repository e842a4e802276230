-- Maps saved on the server under a name (docs/protocol.md, "Saved maps"). Portable SQL, as
-- 0001_games.sql.
CREATE TABLE maps (
    -- The name in the map's path: lowercase letters, digits and hyphens, checked before
    -- anything is stored.
    name TEXT PRIMARY KEY,
    -- The map file (docs/map-format.md), as JSON; it passed the map check when saved.
    map TEXT NOT NULL,
    -- The SHA-256 of the edit token handed to whoever saved the name first.
    token_hash TEXT NOT NULL,
    -- For the list, so that listing reads no map: the map's title and player counts (JSON).
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    -- Unix seconds.
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE INDEX maps_by_update ON maps (updated);
