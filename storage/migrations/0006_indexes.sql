-- Issue 13 (performance). What a letter's lookups need so that their cost
-- does not grow with the store: a tournament's games (read when its state
-- is not in memory) and the tournaments a sender plays in. IF NOT EXISTS:
-- a build between issue 13's steps created them when opening a store.
CREATE INDEX IF NOT EXISTS games_tournament ON games(tournament_id);
CREATE INDEX IF NOT EXISTS players_email ON players(lower(email));
