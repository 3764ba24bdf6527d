package storage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestView_OlderCommitLeavesTheNewerCopy: a reader whose snapshot is of
// an older commit than the copy kept (the writer committed since it
// began) reads the tournament from its rows, and leaves the newer copy
// kept, so that the writer does not read the tournament again for it.
func TestView_OlderCommitLeavesTheNewerCopy(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := db.State(ctx, cipher)
	require.NoError(t, err)
	older, ok := db.tournaments.get(cipher)
	require.True(t, ok)
	err = db.view(ctx, func(s snapshot) error {
		var n int
		require.NoError(t, s.QueryRowContext(ctx, `SELECT count(*) FROM tournaments`).Scan(&n)) // the snapshot begins
		_, err := db.db.ExecContext(ctx, `UPDATE tournaments SET state = json_set(state, '$.rev', ?)`, older.rev+1)
		require.NoError(t, err)
		_, err = db.State(ctx, cipher) // the newer commit, kept
		require.NoError(t, err)
		l, err := db.load(ctx, s, cipher)
		require.NoError(t, err)
		require.Equal(t, older.rev, l.from.rev, "the snapshot reads its own commit")
		return nil
	})
	require.NoError(t, err)
	kept, ok := db.tournaments.get(cipher)
	require.True(t, ok)
	require.Equal(t, older.rev+1, kept.rev, "the newer copy stays kept")
}
