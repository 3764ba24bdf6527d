package storage

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// OpenChecked (and OpenExisting, but for the damaged file) never creates a
// store nor takes a wrong file for a new one.
func TestOpenExisting_RefusesWhatIsNotAStore(t *testing.T) {
	dir := t.TempDir()
	store := func() string { // a real store with a row, closed
		p := filepath.Join(t.TempDir(), "z.db")
		db, err := Open(p)
		require.NoError(t, err)
		_, err = db.db.Exec(`INSERT INTO watermarks VALUES ('INBOX', 1, 1)`)
		require.NoError(t, err)
		require.NoError(t, db.Close())
		return p
	}
	tests := []struct {
		name string
		make func() string
		want string
	}{
		{"Missing", func() string { return filepath.Join(dir, "missing.db") }, "does not exist"},
		{"Empty", func() string {
			p := filepath.Join(dir, "empty.db")
			require.NoError(t, os.WriteFile(p, nil, 0o600))
			return p
		}, "empty (0 bytes)"},
		{"NotADatabase", func() string {
			p := filepath.Join(dir, "text.db")
			require.NoError(t, os.WriteFile(p, []byte("cipher = \"ТЕСТ\"\n"), 0o600))
			return p
		}, "not a readable SQLite database"},
		{"ForeignSchema", func() string {
			p := filepath.Join(dir, "foreign.db")
			db, err := sql.Open("sqlite", "file:"+p)
			require.NoError(t, err)
			_, err = db.Exec(`CREATE TABLE notes (x TEXT)`)
			require.NoError(t, err)
			require.NoError(t, db.Close())
			return p
		}, "no zaochnik schema"},
		{"Damaged", func() string {
			p := store()
			raw, err := os.ReadFile(p)
			require.NoError(t, err)
			require.Greater(t, len(raw), 8192)
			for i := 4096; i < len(raw); i++ { // every page but the first: the schema survives, the tables do not
				raw[i] = 0xA5
			}
			require.NoError(t, os.WriteFile(p, raw, 0o600))
			return p
		}, "restore the backup"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.make()
			before, statErr := os.ReadFile(p)
			_, err := OpenChecked(p)
			require.ErrorIs(t, err, ErrNoStore)
			assert.Contains(t, err.Error(), tt.want)
			after, err := os.ReadFile(p)
			if statErr != nil {
				assert.ErrorIs(t, err, os.ErrNotExist, "nothing created")
				return
			}
			assert.Equal(t, before, after, "the file is left as it was")
		})
	}
	t.Run("OK", func(t *testing.T) {
		db, err := OpenChecked(store())
		require.NoError(t, err)
		defer db.Close()
		v, last, err := db.Watermark(context.Background(), "INBOX")
		require.NoError(t, err)
		assert.Equal(t, [2]uint32{1, 1}, [2]uint32{v, last})
	})
}

// A store of a later schema than this build's last migration is refused,
// not read: a migration may move what the older build reads (0011 moved
// the games' lists to game_lists), and it would read the games without
// it and write them back so. A store of this version opens again.
func TestOpen_RefusesALaterSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	last, err := db.SchemaVersion(context.Background())
	require.NoError(t, err)
	require.NoError(t, db.Close())
	db, err = Open(path)
	require.NoError(t, err, "this version's store")
	_, err = db.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", last+1))
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = Open(path)
	require.ErrorContains(t, err, fmt.Sprintf("of version %d, later than this zaochnik's (%d)", last+1, last))
}
