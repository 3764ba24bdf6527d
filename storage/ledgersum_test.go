package storage

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// appendRow appends ledger row r as appendLineRow appends its line.
func appendRow(b []byte, r ledgerRow) []byte {
	b = append(append(b, r.player...), 0)
	b = append(append(b, r.received...), 0)
	b = append(append(b, r.sent...), 0)
	b = append(strconv.AppendInt(b, int64(r.days), 10), 0)
	b = append(strconv.AppendInt(b, int64(r.total), 10), 0)
	b = append(strconv.AppendInt(b, int64(r.counted), 10), 0)
	return append(append(b, r.notes...), 0x1e)
}

// rowsSum is the hash of rows as stored, as ledgerSum hashes their lines.
func rowsSum(rows []ledgerRow) int64 {
	h := uint64(fnvOffset)
	for _, r := range rows {
		for _, c := range appendRow(nil, r) {
			h = (h ^ uint64(c)) * fnvPrime
		}
	}
	return int64(h)
}

// Every games row's ledger_sum is the hash of its game's ledger lines as
// stored, after every letter of a game and after a break granted alone
// (6.4.5: every ledger written again, no games row), a line hashed as its
// row: the lines' hash tells the rows.
func TestLedgerSum_IsTheStoredLinesHash(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	check := func(s corr.State, after string) {
		for _, g := range s.Games {
			stored := storedLedger(t, db, g.Code)
			var sum int64
			require.NoError(t, db.db.QueryRow(`SELECT ledger_sum FROM games WHERE code = ?`, g.Code).Scan(&sum))
			assert.Equal(t, rowsSum(stored), sum, "%s after %s", g.Code, after)
			for _, ln := range ledgerLines(s, *g) {
				assert.Equal(t, string(appendRow(nil, rowOf(ln))), string(appendLineRow(nil, ln)))
			}
		}
	}
	for _, r := range game12 {
		_, s := applyRead(t, db, cipher, r)
		check(s, r.MessageID)
	}
	// A break granted by the judge (6.4.5) and nothing else: the game's
	// lines written again, its row not (saveState's rewrite for breaks).
	before := storedLedger(t, db, "ТЕСТ-2026 1-2")
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		l, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		next := l.State.Clone()
		next.Breaks = append(next.Breaks, corr.PlayerBreak{Player: 1, From: timecontrol.MustDate("2026-03-02"), To: timecontrol.MustDate("2026-03-05"), Granted: true})
		return tx.Save(ctx, l, next, 0, Processed, timecontrol.Date{}, corr.Outcome{})
	}))
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	require.NotEqual(t, before, storedLedger(t, db, "ТЕСТ-2026 1-2"), "the break changed the lines")
	check(s, "the break")
}

// A game's first letter after a restart (its tournament read from its
// rows) reads no ledger line when its row's hash tells them, and reads
// them when it does not (0: a store migrated to 0013, or lines another
// writer left); either way the lines stored after it are its ledger's.
func TestSaveLedger_ARestartReadsTheLinesOnlyWhenNotTold(t *testing.T) {
	for _, tc := range []struct {
		name     string
		spoil    string // run on the store before the restart
		wantRead bool
	}{
		{"told by the hash", "", false},
		{"not told", `UPDATE games SET ledger_sum = 0`, true},
		// Fail closed: a hash that is not the stored lines' (a line
		// changed behind the store's back) has them read, and the stale
		// line is written again, never kept.
		{"a wrong hash", `UPDATE games SET ledger_sum = ledger_sum + 1`, true},
		{"a stale line, a wrong hash", `UPDATE ledger_lines SET days = days + 7 WHERE seq = 1;
			UPDATE games SET ledger_sum = ledger_sum + 1`, true},
		{"a line too many, a wrong hash", `INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			SELECT game_id, seq + 10, player, received, sent, days, total, counted_moves, notes FROM ledger_lines WHERE seq = 1;
			UPDATE games SET ledger_sum = ledger_sum + 1`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, cipher := twoPlayers(t, path)
			for _, r := range game12[:3] {
				accepted(t, db, cipher, r)
			}
			if tc.spoil != "" {
				_, err := db.db.Exec(tc.spoil)
				require.NoError(t, err)
			}
			require.NoError(t, db.Close())
			cold, err := Open(path)
			require.NoError(t, err)
			defer cold.Close()
			_, s := applyRead(t, cold, cipher, game12[3])
			_, read := cold.wc.stmts[storedLinesQuery]
			assert.Equal(t, tc.wantRead, read, "the stored lines read")
			g, _ := s.Game("ТЕСТ-2026 1-2")
			assert.Equal(t, ledgerRows(s, g), storedLedger(t, cold, g.Code))
			var sum int64
			require.NoError(t, cold.db.QueryRowContext(context.Background(), `SELECT ledger_sum FROM games WHERE code = ?`, g.Code).Scan(&sum))
			assert.Equal(t, ledgerSum(ledgerLines(s, g)), sum)
		})
	}
}
