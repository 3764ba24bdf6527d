package storage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// TestSaveLedger_DeletesOnlyLinesPastTheLast: a ledger that grows by a
// line rewrites its changed lines over the stored ones and deletes none;
// stored lines the store does not know (read from the rows, not written
// by this process) are replaced, and those past the game's last line
// deleted.
func TestSaveLedger_DeletesOnlyLinesPastTheLast(t *testing.T) {
	tests := []struct {
		name string
		// stray is a line stored past the game's ledger before the last
		// letter, by another writer (0: none).
		stray       int
		wantDeleted int
	}{
		{"Grows", 0, 0},
		{"StrayLinePastTheEnd", 9, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, cipher := twoPlayers(t, path)
			_, err := db.db.Exec(`CREATE TABLE ledger_deleted (seq INTEGER);
				CREATE TRIGGER ledger_line_deleted AFTER DELETE ON ledger_lines BEGIN INSERT INTO ledger_deleted VALUES (old.seq); END`)
			require.NoError(t, err)
			last := len(game12) - 1
			for i, r := range game12 {
				if i == last && tt.stray != 0 {
					// Another writer's line, one that keeps no hash of the
					// lines it left (ledgersum.go): this process reads the
					// rows again.
					_, err := db.db.Exec(`INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves)
						SELECT id, ?, 'white', '', '', 0, 0, 0 FROM games WHERE code = 'ТЕСТ-2026 1-2'`, tt.stray)
					require.NoError(t, err)
					_, err = db.db.Exec(`UPDATE games SET ledger_sum = 0`)
					require.NoError(t, err)
					_, err = db.db.Exec(`UPDATE tournaments SET state = json_set(state, '$.rev', 1000)`)
					require.NoError(t, err)
				}
				res, s := applyRead(t, db, cipher, r)
				require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
				g, _ := s.Game("ТЕСТ-2026 1-2")
				assert.Equal(t, ledgerRows(s, g), storedLedger(t, db, g.Code), r.MessageID)
			}
			var deleted int
			require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM ledger_deleted`).Scan(&deleted))
			assert.Equal(t, tt.wantDeleted, deleted)
		})
	}
}

// ledgerRows are the ledger lines of game g as the store writes them
// (ledgerLines, rowOf), for the tests to compare with the rows stored.
func ledgerRows(s corr.State, g corr.Game) []ledgerRow {
	led := ledgerLines(s, g)
	if len(led) == 0 {
		return nil
	}
	lines := make([]ledgerRow, 0, len(led))
	for _, ln := range led {
		lines = append(lines, rowOf(ln))
	}
	return lines
}

// The stored lines are known only when numbered 1, 2, ... (else they are
// all written again), and a line whose columns are not of their types
// (a store edited by hand) is an error, not a zero line.
func TestStoredLines_KnownOnlyNumberedFromOne(t *testing.T) {
	tests := []struct {
		name      string
		seqs      []int
		days      string // the days column of every line, as SQL
		wantKnown bool
		wantErr   bool
	}{
		{"FromOne", []int{1, 2, 3}, "7", true, false},
		{"None", nil, "7", true, false},
		{"AGap", []int{1, 3}, "7", false, false},
		{"FromTwo", []int{2, 3}, "7", false, false},
		{"DaysNotANumber", []int{1}, "'семь'", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
			ctx := context.Background()
			var gid int64
			require.NoError(t, db.db.QueryRow(`SELECT id FROM games WHERE code = 'ТЕСТ-2026 1-2'`).Scan(&gid))
			_, err := db.db.Exec(`DELETE FROM ledger_lines WHERE game_id = ?`, gid) // the start wrote its own
			require.NoError(t, err)
			for _, seq := range tt.seqs {
				_, err := db.db.Exec(`INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves)
					VALUES (?, ?, 'white', '2026-03-01', '2026-03-02', `+tt.days+`, 7, 1)`, gid, seq)
				require.NoError(t, err)
			}
			var lines []ledgerRow
			var known bool
			err = db.Update(ctx, func(tx *Tx) error {
				var err error
				lines, known, err = db.storedLines(ctx, tx.tx, gid, len(tt.seqs))
				return err
			})
			if tt.wantErr {
				assert.ErrorContains(t, err, "not of its columns' types")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantKnown, known)
			require.Len(t, lines, len(tt.seqs))
			for _, l := range lines {
				assert.Equal(t, ledgerRow{player: "white", received: "2026-03-01", sent: "2026-03-02", days: 7, total: 7, counted: 1}, l)
			}
		})
	}
}

// While a game is played, each move letter writes one ledger line, the
// reply it settles: the line of the reply it opens (pending, no date
// sent) is not stored, and so not written again by the next letter.
func TestSaveLedger_InPlayOneLineALetter(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	_, err := db.db.Exec(`CREATE TABLE ledger_written (seq INTEGER);
		CREATE TRIGGER ledger_line_written AFTER INSERT ON ledger_lines BEGIN INSERT INTO ledger_written VALUES (new.seq); END`)
	require.NoError(t, err)
	for i, r := range game12 {
		_, err := db.db.Exec(`DELETE FROM ledger_written`)
		require.NoError(t, err)
		res, s := applyRead(t, db, cipher, r)
		require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
		var written []int
		rows, err := db.db.Query(`SELECT seq FROM ledger_written`)
		require.NoError(t, err)
		for rows.Next() {
			var seq int
			require.NoError(t, rows.Scan(&seq))
			written = append(written, seq)
		}
		require.NoError(t, rows.Err())
		assert.Equal(t, []int{i + 1}, written, "%s: the line of the reply it settles", r.MessageID)
		g, _ := s.Game("ТЕСТ-2026 1-2")
		stored := storedLedger(t, db, g.Code)
		assert.Equal(t, ledgerRows(s, g), stored, r.MessageID)
		for _, ln := range stored {
			assert.NotEmpty(t, ln.sent, "%s: no pending line stored", r.MessageID)
		}
	}
}

// The line of the reply awaited is left out only while the game is
// played: a game suspended by a claim or ended keeps it, the line its
// claim or result stands on.
func TestLedgerLines_PendingLineKeptWhenPlayStops(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	var s corr.State
	for _, r := range game12[:2] {
		_, s = applyRead(t, db, cipher, r)
	}
	g, _ := s.Game("ТЕСТ-2026 1-2")
	led, err := s.Ledger(g)
	require.NoError(t, err)
	require.Len(t, led.Lines, 3)
	require.True(t, led.Lines[2].Pending)
	tests := []struct {
		status    corr.Status
		wantLines int
	}{
		{corr.Playing, 2},
		{corr.Suspended, 3},
		{corr.Finished, 3},
		{corr.Unfinished, 3},
	}
	for _, tt := range tests {
		t.Run(tt.status.String(), func(t *testing.T) {
			g := g
			g.Status = tt.status
			lines := ledgerLines(s, g)
			assert.Equal(t, led.Lines[:tt.wantLines], lines)
		})
	}
}
