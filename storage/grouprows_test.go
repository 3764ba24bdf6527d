package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// appendedTables are the rows a group writes when it commits, as the
// tests compare them: the stamps of the writing instant left out.
var appendedTables = []string{
	`SELECT tournament_id, game_id, letter_id, date, kind, clause, detail FROM events ORDER BY id`,
	`SELECT id, CASE WHEN letter_id IS NULL THEN '' ELSE message_id END, tournament_id, game_id, letter_id, to_addr, kind, subject, body, in_reply_to, attach, confirms
		FROM outbox ORDER BY id`,
	`SELECT game_id, seq, player, received, sent, days, total, counted_moves, notes FROM ledger_lines ORDER BY game_id, seq`,
	`SELECT outbox_id, seq, name, content_type, data FROM outbox_files ORDER BY outbox_id, seq`,
}

// dumpRows reads query's rows on q as text, one line a row.
func dumpRows(t *testing.T, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string) []string {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), query)
	require.NoError(t, err)
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		vs := make([]any, len(cols))
		ps := make([]any, len(cols))
		for i := range vs {
			ps[i] = &vs[i]
		}
		require.NoError(t, rows.Scan(ps...))
		out = append(out, fmt.Sprintf("%v", vs))
	}
	require.NoError(t, rows.Err())
	return out
}

// A group's events, outgoing letters and ledger lines wait for its commit
// (none is in its transaction before), and are then the rows the same
// letters write one transaction each, also when the tournament is read
// again from its rows between two letters (its ledgers rewritten from
// their first lines: TestGroup_LedgerNotKnownIsReadNotRewritten).
func TestGroup_AppendedRowsAsLetterByLetter(t *testing.T) {
	ctx := context.Background()
	stores := make([]*DB, 2)
	var cipher string
	for i := range stores {
		stores[i], cipher = twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
		stores[i].MessageIDKey = []byte("the same ids in both stores")
	}
	byOne, grouped := stores[0], stores[1]
	for _, r := range game12 {
		_, err := apply(ctx, byOne, cipher, r)
		require.NoError(t, err)
	}

	before := make([][]string, len(appendedTables))
	for i, q := range appendedTables {
		before[i] = dumpRows(t, grouped.db, q)
	}
	g, err := grouped.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	for i, r := range game12[:4] {
		if i == 2 {
			grouped.forgetAll() // the tournament read again from its rows
			delete(grouped.w.current, cipher)
		}
		err := each(g, func(tx *Tx) error {
			res, err := applyIn(ctx, tx, cipher, r)
			if err == nil && !res.Outcome.Accepted {
				err = errors.New(res.Outcome.Reason.String())
			}
			return err
		})
		require.NoError(t, err, "letter %d", i)
	}
	for i, q := range appendedTables {
		assert.Equal(t, before[i], dumpRows(t, g.tx, q), "nothing appended before the group commits: %s", q)
	}
	require.NoError(t, g.Commit())

	for _, q := range appendedTables {
		assert.Equal(t, dumpRows(t, byOne.db, q), dumpRows(t, grouped.db, q), q)
	}
	assert.NotEmpty(t, dumpRows(t, grouped.db, appendedTables[2]), "the letters have ledger lines")
}

// A reply to a letter an earlier letter of the group queued finds its game
// though the queued letter is not yet written (threadGame).
func TestGroup_ReplyFindsLetterQueuedInTheGroup(t *testing.T) {
	db, _, g := groupAfterFirstMove(t)
	ctx := context.Background()
	var forwarded string // the move forwarded to Black
	for _, q := range db.w.rows.outbox {
		if q.row.gid != nil && strings.EqualFold(q.row.to, "petrov@example.org") {
			forwarded = q.messageID
		}
	}
	require.NotEmpty(t, forwarded, "the first move is forwarded")
	require.NoError(t, each(g, func(tx *Tx) error {
		code, err := db.threadGame(ctx, tx.tx, []string{"<unknown@example.org>", "<" + forwarded + ">"})
		assert.Equal(t, "ТЕСТ-2026 1-2", code)
		return err
	}))
	require.NoError(t, g.Commit())

	// Written, the same letter is found in the outbox.
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		code, err := db.threadGame(ctx, tx.tx, []string{"<" + forwarded + ">"})
		assert.Equal(t, "ТЕСТ-2026 1-2", code)
		return err
	}))
}

// A statement writes max rows, else the largest power of two not above
// those left.
func TestRowsAtOnce(t *testing.T) {
	tests := []struct{ n, max, want int }{
		{1, 64, 1}, {2, 64, 2}, {3, 64, 2}, {63, 64, 32}, {64, 64, 64}, {100, 64, 64}, {36, 32, 32}, {31, 32, 16},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, rowsAtOnce(tt.n, tt.max), "%d rows, %d at most", tt.n, tt.max)
	}
}

// Groups of any number of events write them in statements of a few sizes,
// each prepared once, not of as many sizes as there are groups.
func TestGroup_EventsInFewStatementSizes(t *testing.T) {
	db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	var tid int64
	require.NoError(t, db.db.QueryRow(`SELECT id FROM tournaments`).Scan(&tid))
	written := 0
	for n := 1; n <= 100; n++ {
		require.NoError(t, db.Update(ctx, func(tx *Tx) error {
			var events []any
			for range n {
				events = append(events, tid, nil, nil, "2026-03-01", "test", "", "")
			}
			return db.writeEvents(ctx, tx.tx, events)
		}))
		written += n
	}
	var stored int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM events WHERE kind = 'test'`).Scan(&stored))
	assert.Equal(t, written, stored)
	sizes := 0
	for k := range db.rowsSQL.made {
		if strings.HasPrefix(k.head, "INSERT INTO events") {
			sizes++
		}
	}
	assert.LessOrEqual(t, sizes, 7, "1, 2, 4 … 64 rows")
}

// A game whose stored ledger lines are not known (its tournament's copy
// was read again from the rows) has them read, not deleted and written
// again whole: its letter writes the lines from the first that changed,
// with no DELETE. While a letter of the group has yet to write the game's
// lines, a letter that reads its copy again from the rows (as one that
// loads its tournament again after saving it, a confirmation applying its
// held letter, when its copy left memory) deletes and writes them all;
// the lines stored at the end are the game's ledger in both cases.
func TestGroup_LedgerNotKnownIsReadNotRewritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	for _, r := range game12[:2] {
		_, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
	}
	stored := len(storedLedger(t, db, "ТЕСТ-2026 1-2"))
	require.Greater(t, stored, 1)

	db.forgetAll() // as when other tournaments took its place
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	require.NoError(t, each(g, func(tx *Tx) error {
		_, err := applyIn(ctx, tx, cipher, game12[2])
		return err
	}))
	require.Len(t, db.w.rows.ledger, 1)
	op := db.w.rows.ledger[0]
	assert.False(t, op.del, "no DELETE")
	assert.Equal(t, stored+1, op.seq, "written from the line past the last stored, the reply's own, settled by it")

	db.forgetAll() // the copies are read again from the rows
	delete(db.w.current, cipher)
	require.NoError(t, each(g, func(tx *Tx) error {
		_, err := applyIn(ctx, tx, cipher, game12[3])
		return err
	}))
	require.Len(t, db.w.rows.ledger, 3)
	assert.True(t, db.w.rows.ledger[1].del, "the lines stored are not the game's while the group's first letter's wait")
	require.NoError(t, g.Commit())

	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	s, err := cold.State(ctx, cipher) // read from the rows, not the copy
	require.NoError(t, err)
	game, _ := s.Game("ТЕСТ-2026 1-2")
	require.Len(t, game.Plies, 4)
	assert.Equal(t, ledgerRows(s, game), storedLedger(t, db, game.Code))
}
