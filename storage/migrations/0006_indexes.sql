-- Issue 13 (performance). What a letter's lookups need so that their cost
-- does not grow with the store: a tournament's games (read when its state
-- is not in memory) and the tournaments a sender plays in.
CREATE INDEX games_tournament ON games(tournament_id);
CREATE INDEX players_email ON players(lower(email));
