-- Issue 13 (a lean store): a tournament read from its rows read its games'
-- list items (0011: a row an item) grouped back into lists by SQLite, 2 to
-- 2.5 times the work of the games rows alone. Each list is now cut in
-- chunks of 8 items (storage/gamelists.go, listChunk): the chunks before
-- the one of its last item are rows of game_chunks, their items' JSON
-- joined by commas; the rest, the tail, goes to the games row's new
-- lists column: for each list (0 plies, 1 replies, 2 White's letters, 3
-- Black's), its count of chunks in game_chunks, a space and its tail's
-- items joined by commas, the four apart by newlines ('' for a game
-- without any item). game_lists is dropped.

ALTER TABLE games ADD COLUMN lists TEXT NOT NULL DEFAULT '';

-- The hash of the game's ledger lines as stored (storage/ledgersum.go), so
-- that a game's first letter after a restart need not read them; 0: not
-- known (read them), as in every game this migration leaves.
ALTER TABLE games ADD COLUMN ledger_sum INTEGER NOT NULL DEFAULT 0;

CREATE TABLE game_chunks (
	game_id INTEGER NOT NULL,   -- games(id)
	list    INTEGER NOT NULL,
	chunk   INTEGER NOT NULL,   -- from 0: its items are those of the list from 8 * chunk
	items   TEXT NOT NULL,
	PRIMARY KEY (game_id, list, chunk)
) WITHOUT ROWID;

-- Each item with its place in its list (i, from 0) and the list's length
-- (n); a list keeps (n - 1) / 8 chunks in game_chunks.
CREATE TEMP TABLE items_0013 AS
	SELECT game_id, list, item, row_number() OVER w - 1 AS i, count(*) OVER (PARTITION BY game_id, list) AS n
	FROM game_lists WINDOW w AS (PARTITION BY game_id, list ORDER BY seq);

INSERT INTO game_chunks (game_id, list, chunk, items)
	SELECT game_id, list, i / 8, group_concat(item, ',' ORDER BY i) FROM items_0013
	WHERE i < (n - 1) / 8 * 8 GROUP BY game_id, list, i / 8;

UPDATE games SET lists = t.lists FROM (
	SELECT g.game_id, group_concat(coalesce(l.chunks, 0) || ' ' || coalesce(l.tail, ''), char(10) ORDER BY k.list) AS lists
	FROM (SELECT DISTINCT game_id FROM items_0013) g
	CROSS JOIN (SELECT 0 AS list UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) k
	LEFT JOIN (SELECT game_id, list, (n - 1) / 8 AS chunks, group_concat(item, ',' ORDER BY i) AS tail
		FROM items_0013 WHERE i >= (n - 1) / 8 * 8 GROUP BY game_id, list) l ON l.game_id = g.game_id AND l.list = k.list
	GROUP BY g.game_id
) t WHERE games.id = t.game_id;

DROP TABLE items_0013;
DROP TABLE game_lists;
