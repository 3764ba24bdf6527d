-- Issue 13 (a lean store). A game's plies, its ledger's replies and the
-- Message-IDs of each side's accepted letters, the lists that grow with
-- every letter, leave games.state for rows of their own, one an item,
-- clustered by game (storage/gamelists.go): a letter writes the items it
-- changed or added instead of the whole grown row. Each item is its JSON
-- as it stood in games.state (list: 0 plies, 1 replies, 2 White's letters,
-- 3 Black's; seq from 0). It may run on a store that has the table
-- already (a test that sets an older user_version on a store of this
-- version): it then keeps the table's rows and finds no list to move.

CREATE TABLE IF NOT EXISTS game_lists (
	game_id INTEGER NOT NULL,   -- games(id)
	list    INTEGER NOT NULL,
	seq     INTEGER NOT NULL,
	item    TEXT NOT NULL,
	PRIMARY KEY (game_id, list, seq)
) WITHOUT ROWID;

INSERT OR IGNORE INTO game_lists (game_id, list, seq, item)
	SELECT g.id, 0, j.key, j.value FROM games g, json_each(g.state, '$.Plies') j WHERE json_type(g.state, '$.Plies') = 'array'
	UNION ALL
	SELECT g.id, 1, j.key, j.value FROM games g, json_each(g.state, '$.Replies') j WHERE json_type(g.state, '$.Replies') = 'array'
	UNION ALL
	SELECT g.id, 2, j.key, json_quote(j.value) FROM games g, json_each(g.state, '$.Letters[0]') j WHERE json_type(g.state, '$.Letters[0]') = 'array'
	UNION ALL
	SELECT g.id, 3, j.key, json_quote(j.value) FROM games g, json_each(g.state, '$.Letters[1]') j WHERE json_type(g.state, '$.Letters[1]') = 'array';

UPDATE games SET state = json_remove(state, '$.Plies', '$.Replies', '$.Letters')
	WHERE json_type(state, '$.Plies') IS NOT NULL OR json_type(state, '$.Replies') IS NOT NULL OR json_type(state, '$.Letters') IS NOT NULL;
