package storage

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every read transaction a reader begins (view) ends with its read: one
// left open would hold its connection from the pool and the WAL from
// being checkpointed past its snapshot, so that the WAL would grow for
// as long as the daemon runs. After many reads between the writer's
// commits, their ended in every way (read whole, failed, their context
// cancelled before or during the read), no connection of the pool is in
// use but the writer's and a checkpoint restarts the WAL from its start (TRUNCATE, not
// busy, the file emptied).
func TestView_LeavesNoReadOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	accepted(t, db, cipher, game12[0])
	writer := db.db.Stats().InUse // the writer's own connection, kept
	for i, r := range game12[1:] {
		accepted(t, db, cipher, r)
		for range 50 {
			_, err := db.State(ctx, cipher)
			require.NoError(t, err)
			_, _, err = db.StateWithDesk(ctx, cipher)
			require.NoError(t, err)
			_, err = db.Desk(ctx, cipher)
			require.NoError(t, err)
			_, _, err = db.SenderCiphers(ctx, "ivanov@example.org")
			require.NoError(t, err)
			_, err = db.State(ctx, "НЕТ-ТАКОГО")
			require.ErrorIs(t, err, ErrNotFound)
		}
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		_, err := db.State(cancelled, cipher)
		require.ErrorIs(t, err, context.Canceled, "letter %d", i)
		// Cancelled in the middle of the read: after its first statement.
		mid, stop := context.WithCancel(ctx)
		err = db.view(mid, func(q snapshot) error {
			var n int
			if err := q.QueryRowContext(mid, `SELECT count(*) FROM games`).Scan(&n); err != nil {
				return err
			}
			stop()
			_, err := db.load(mid, q, cipher)
			return err
		})
		require.True(t, errors.Is(err, context.Canceled) || errors.Is(err, sql.ErrTxDone), "%v", err)
	}
	require.Equal(t, writer, db.db.Stats().InUse, "connections of the pool in use but the writer's")
	var busy, log, done int
	require.NoError(t, db.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &log, &done))
	require.Zero(t, busy, "a checkpoint kept from restarting the WAL")
	fi, err := os.Stat(path + "-wal")
	require.NoError(t, err)
	require.Zero(t, fi.Size(), "the WAL restarted")
}
