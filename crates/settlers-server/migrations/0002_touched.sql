-- When something was last played in a game (Unix seconds): a game nobody touched for the
-- server's set time is abandoned (docs/reliability.md). NULL in games stored before this
-- column, which count from `created`.
ALTER TABLE games ADD COLUMN touched BIGINT;
