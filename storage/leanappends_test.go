package storage

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// remadeTables are the tables migration 0009 makes anew.
var remadeTables = []string{"outbox", "outbox_files", "events", "ledger_lines"}

// A store written before migration 0009 keeps every row of the tables it
// makes anew, ids included, and its letters go on as before; the tables
// no longer check their rows' parents, events_game is gone and the ledger
// lines are kept by their key alone.
func TestMigration_0009_KeepsTheAppendedRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	require.NoError(t, err)
	migrateTo(t, old, 8)
	for _, q := range []string{
		`INSERT INTO tournaments (id, cipher, source, created) VALUES (1, 'Б-001', x'00', '2026-03-01T09:00:00Z')`,
		`INSERT INTO players (tournament_id, number, name, email, language) VALUES (1, 1, 'A', 'a@example.org', 'ru'), (1, 2, 'B', 'b@example.org', 'ru')`,
		`INSERT INTO games (id, tournament_id, code, white, black, status, result, state) VALUES (7, 1, 'Б-001 1-2', 1, 2, 'playing', '*', '{}')`,
		`INSERT INTO letters (id, message_id, raw, sha256, postmark, from_addr, tournament_id, game_id, stored_at)
			VALUES (3, 'in@example.org', x'41', 'h', '2026-03-01T09:00:00Z', 'a@example.org', 1, 7, '2026-03-01T09:00:00Z')`,
		`INSERT INTO outbox (id, message_id, tournament_id, game_id, letter_id, to_addr, kind, subject, body, in_reply_to, queued, next_attempt, confirms)
			VALUES (5, 'out5@x', 1, 7, 3, 'b@example.org', 'forward', 'Ход', 'тело', 'in@example.org', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z', 3),
			(6, 'out6@x', NULL, NULL, NULL, 'a@example.org', 'report', 'Сводка', 'тело', '', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z', NULL)`,
		`INSERT INTO outbox_files (outbox_id, seq, name, content_type, data) VALUES (5, 0, 'game.pdn', 'text/plain', x'3132')`,
		`INSERT INTO events (id, tournament_id, game_id, letter_id, date, kind, clause, detail) VALUES (9, 1, 7, 3, '2026-03-01', 'move', '6.2', '1.c3-d4')`,
		`INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			VALUES (7, 1, 'white', '2026-03-01', '2026-03-01', 0, 0, 1, ''), (7, 2, 'black', '2026-03-01', '2026-03-02', 1, 1, 1, 'п. 6.3.2')`,
	} {
		_, err := old.Exec(q)
		require.NoError(t, err, q)
	}
	// dump is table's columns by name, in order, then its rows in its
	// key's order.
	dump := func(q *sql.DB, table string) []string {
		return append(dumpRows(t, q, `SELECT name FROM pragma_table_info('`+table+`') ORDER BY cid`),
			dumpRows(t, q, `SELECT * FROM `+table+` ORDER BY 1, 2`)...)
	}
	before := map[string][]string{}
	for _, table := range remadeTables {
		before[table] = dump(old, table)
	}
	require.NoError(t, old.Close())

	db, err := Open(path)
	require.NoError(t, err)
	defer db.Close()
	ctx := context.Background()
	for _, table := range remadeTables {
		assert.Equal(t, before[table], dump(db.db, table), "%s: every row kept", table)
		var refs int
		require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM pragma_foreign_key_list(?)`, table).Scan(&refs))
		assert.Zero(t, refs, "%s checks no parent", table)
	}
	var eventsGame, withoutRowid int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'events_game'`).Scan(&eventsGame))
	assert.Zero(t, eventsGame)
	require.NoError(t, db.db.QueryRow(`SELECT wr FROM pragma_table_list('ledger_lines')`).Scan(&withoutRowid))
	assert.Equal(t, 1, withoutRowid, "ledger_lines is WITHOUT ROWID")
	var due int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'outbox_due' AND tbl_name = 'outbox'`).Scan(&due))
	assert.Equal(t, 1, due, "the sender's index is made again")

	// The letters go on: the old ones are claimed with their documents, a
	// new one takes the next id.
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	batch, err := db.NextBatch(ctx, nil, now, now.Add(time.Minute), 16)
	require.NoError(t, err)
	assert.Equal(t, []int64{5, 6}, claimedIDs(batch))
	require.NoError(t, batch[0].Err)
	assert.Len(t, batch[0].Mail.Files, 1, "its document kept")
	assert.Equal(t, int64(7), queue(t, db, "c@example.org"))
}

// A store written before migration 0010 kept the line of the reply
// awaited in a game in play; the migration drops it (a game no longer
// played keeps its own), and the game's next letter writes its ledger
// as this version does.
func TestMigration_0010_DropsThePendingLinesOfGamesInPlay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	var s corr.State
	for _, r := range game12[:2] {
		_, s = applyRead(t, db, cipher, r)
	}
	g, _ := s.Game("ТЕСТ-2026 1-2")
	led, err := s.Ledger(g)
	require.NoError(t, err)
	pending := rowOf(led.Lines[len(led.Lines)-1])
	require.Empty(t, pending.sent)
	// As version 9 stored it: the pending line after the settled ones, and
	// a game no longer played with its own.
	line := []any{pending.player, pending.received, pending.sent, pending.days, pending.total, pending.counted, pending.notes}
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			SELECT id, 3, ?, ?, ?, ?, ?, ?, ? FROM games WHERE code = 'ТЕСТ-2026 1-2'`, line},
		{`INSERT INTO games (id, tournament_id, code, white, black, status, result, state)
			SELECT 99, tournament_id, 'ТЕСТ-2026 2-1', black, white, 'finished', '1-0', '{}' FROM games WHERE code = 'ТЕСТ-2026 1-2'`, nil},
		{`INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			VALUES (99, 1, ?, ?, ?, ?, ?, ?, ?)`, line},
	} {
		_, err := db.db.Exec(st.q, st.args...)
		require.NoError(t, err, st.q)
	}
	asVersion12(t, db.db, s.Games) // the games' lists as 0011 keeps them
	_, err = db.db.Exec(`PRAGMA user_version = 9`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, ledgerRows(s, g), storedLedger(t, db, g.Code), "the pending line of the game in play dropped")
	assert.Len(t, storedLedger(t, db, "ТЕСТ-2026 2-1"), 1, "the game no longer played keeps its own")
	res, err := apply(ctx, db, cipher, game12[2])
	require.NoError(t, err)
	require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	s, err = db.State(ctx, cipher)
	require.NoError(t, err)
	g, _ = s.Game("ТЕСТ-2026 1-2")
	assert.Equal(t, ledgerRows(s, g), storedLedger(t, db, g.Code), "the next letter's ledger")
}
