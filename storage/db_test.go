package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mustOpen opens a fresh file database in a temporary directory, with a
// fixed clock.
func mustOpen(tb testing.TB) *DB {
	tb.Helper()
	db := opened(tb, filepath.Join(tb.TempDir(), "z.db"))
	db.Now = func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }
	return db
}

func TestOpen_PragmasAndMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	ctx := context.Background()
	var mode string
	require.NoError(t, db.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
	assert.Equal(t, "wal", mode)
	var fk, busy int
	require.NoError(t, db.db.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk))
	assert.Equal(t, 1, fk)
	require.NoError(t, db.db.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy))
	assert.Equal(t, 10000, busy)
	// FULL on every connection, the writer's too: a commit is synced
	// before the reader files its letters out of INBOX (db.go).
	var synced int
	require.NoError(t, db.db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&synced))
	assert.Equal(t, 2, synced, "synchronous=FULL")
	require.NoError(t, db.tx(ctx, func(*sql.Tx) error {
		return db.queryRaw(ctx, "PRAGMA synchronous", nil, func(row []driver.Value) error {
			var w int64
			err := scanValue(&w, row[0])
			assert.EqualValues(t, 2, w, "the writer's connection: synchronous=FULL")
			return err
		})
	}))
	files, err := fs.Glob(migrations, "migrations/*.sql")
	require.NoError(t, err)
	v, err := db.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(files), v, "every migration applied")
	require.NoError(t, db.Close())

	// Reopening runs no migration twice.
	db, err = Open(path)
	require.NoError(t, err)
	v, err = db.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(files), v)
	require.NoError(t, db.Close())
}
