package storage

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walFrames is how many frames the WAL file of the store at path has room
// for: the most it ever held since it was created.
func walFrames(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path + "-wal")
	require.NoError(t, err)
	return (fi.Size() - 32) / (4096 + 24)
}

// writePages commits n write transactions of the writer one after the
// other, each writing a page or more to the WAL.
func writePages(t *testing.T, db *DB, n int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS scratch (b BLOB)`)
		return err
	}))
	blob := make([]byte, 3000)
	for i := range n {
		require.NoError(t, db.tx(ctx, func(tx *sql.Tx) error {
			_, err := db.exec(ctx, tx, `INSERT INTO scratch (b) VALUES (?)`, blob)
			return err
		}), "write %d", i)
	}
}

// The writer's commits never checkpoint: with the checkpointer stopped,
// the WAL grows past SQLite's automatic checkpoint (1,000 pages), where the
// committing connection would have copied it and started it over.
func TestCheckpoint_NotOnTheWritersCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	defer db.Close()
	db.stopCheckpoints(true)

	writePages(t, db, 1500)
	assert.Greater(t, walFrames(t, path), int64(1500))
}

// The checkpointer keeps the WAL bounded while the writer begins again as
// soon as it commits: a checkpoint beside the writer alone would never
// let SQLite start the WAL over, and the 4,000 writes (about 12,000
// frames) would all stay in it. How far the WAL grows between a
// checkpoint's two passes depends on the machine's speed, hence the
// generous bound.
func TestCheckpoint_WALBoundedUnderBackToBackWrites(t *testing.T) {
	for _, tc := range []struct {
		name           string
		pages, restart int64
		max            int64 // frames the WAL may grow to
	}{
		{"restarted once the WAL holds 64 frames", 16, 64, 4000},
		{"restarted at every checkpoint", 16, 0, 4000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, err := Open(path)
			require.NoError(t, err)
			defer db.Close()
			db.stopCheckpoints(true)
			db.startCheckpoints(tc.pages, tc.restart)

			writePages(t, db, 4000)
			assert.Less(t, walFrames(t, path), tc.max)
		})
	}
}

// Close ends the checkpointer and SQLite checkpoints the WAL into the
// database file: a store opened again reads every write.
func TestCheckpoint_CloseKeepsEveryWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	writePages(t, db, 50)
	require.NoError(t, db.Close())
	select {
	case <-db.ckpt.done:
	default:
		t.Fatal("the checkpointer still runs after Close")
	}
	_, err = os.Stat(path + "-wal")
	assert.True(t, os.IsNotExist(err), "the WAL is checkpointed and removed at the last close")

	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	var n int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM scratch`).Scan(&n))
	assert.Equal(t, 50, n)
}

// The writer's connection, whose automatic checkpoints are off, is never
// given back to the pool when the writer lets it go (a write that could
// not begin, Close): every connection the pool holds checkpoints as
// SQLite does by itself.
func TestCheckpoint_WritersConnectionNotPooled(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	defer db.Close()
	writePages(t, db, 1)
	db.writer.Lock()
	require.NotNil(t, db.wc.conn)
	db.closeWriter()
	db.writer.Unlock()
	ctx := context.Background()
	idle := db.db.Stats().Idle
	var held []*sql.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range idle {
		c, err := db.db.Conn(ctx)
		require.NoError(t, err)
		held = append(held, c)
		var pages int
		require.NoError(t, c.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&pages))
		assert.Equal(t, checkpointPages, pages, "a pooled connection checkpoints by itself")
	}
}
