-- One row per game. A game is its record: `setup` (the record without its actions) and the
-- rows of `actions` replay it exactly. Portable SQL: the same file runs on SQLite and
-- PostgreSQL. Every number is BIGINT so both read it back as a 64-bit integer.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    -- The scenario's name, or a map's id.
    scenario TEXT NOT NULL,
    -- The record of docs/record-format.md without its actions: map, seats, first seat, options.
    setup TEXT NOT NULL,
    -- JSON: per seat its kind (human or bot), name, bot, and the SHA-256 of its token.
    seats TEXT NOT NULL,
    -- The generator seed chance draws from. Never sent to anyone.
    seed BIGINT NOT NULL,
    -- `playing` or `finished`.
    status TEXT NOT NULL,
    -- Unix seconds.
    created BIGINT NOT NULL,
    finished BIGINT,
    winner BIGINT,
    -- The record's `result`, once finished.
    result TEXT
);

CREATE INDEX games_by_status ON games (status, finished);

-- Every action of every game, chance included, in order: one record entry each.
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    idx BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
