package main

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
	"zaochnik/referee"
	"zaochnik/storage"
)

// serve refuses a store it cannot trust and leaves the file as it was: only
// tournament create and demo make a store.
func TestServe_RefusesAMissingEmptyOrForeignStore(t *testing.T) {
	mail, err := localmail.Start(localmail.Options{Logger: quietLog()})
	require.NoError(t, err)
	t.Cleanup(func() { mail.Close() })
	dir := t.TempDir()
	tests := []struct {
		name string
		make func(path string)
		want string
	}{
		{"Missing", func(string) {}, "does not exist"},
		{"Empty", func(p string) { require.NoError(t, os.WriteFile(p, nil, 0o600)) }, "empty (0 bytes)"},
		{"NoSchema", func(p string) {
			db, err := sql.Open("sqlite", "file:"+p)
			require.NoError(t, err)
			_, err = db.Exec(`CREATE TABLE t (x)`)
			require.NoError(t, err)
			require.NoError(t, db.Close())
		}, "no zaochnik schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".db")
			tt.make(path)
			before, beforeErr := os.ReadFile(path)
			m := &Main{Config: testConfig(mail, path), Logger: quietLog()}
			err := m.Run(context.Background())
			m.Close()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "serve never creates a store")
			after, afterErr := os.ReadFile(path)
			assert.Equal(t, beforeErr != nil, afterErr != nil, "nothing created")
			assert.Equal(t, before, after, "the file is left as it was")
		})
	}
}

// A letter that arrives while the store holds no tournament waits in the
// mailbox; once the tournament is there it is applied, not refused.
func TestServe_LettersWaitInTheMailboxWhileTheStoreHoldsNoTournament(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := storage.Open(path) // a store with the schema and nothing in it
	require.NoError(t, err)
	require.NoError(t, db.Close())
	w := newDaemonWorld(t, path)
	var log mailtest.Buffer
	m := &Main{Config: w.cfg, Now: w.clock.Now, Logger: slog.New(slog.NewTextHandler(&log, nil))}
	require.NoError(t, m.Run(t.Context()))
	t.Cleanup(func() { m.Close() })

	w.send(t, "ivanov@example.org", "early@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов")
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "holds no tournament") }, 30*time.Second, 20*time.Millisecond)

	src, err := os.ReadFile(replayDir("two.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, m.db.CreateTournament(t.Context(), tr, src))
	_, err = (&referee.Referee{DB: m.db}).Start(t.Context(), tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		l, err := m.db.LetterByMessageID(t.Context(), "early@example.org")
		return err == nil && l.Disposition != storage.Pending
	}, 30*time.Second, 50*time.Millisecond)
	l, err := m.db.LetterByMessageID(t.Context(), "early@example.org")
	require.NoError(t, err)
	assert.Equal(t, storage.Processed, l.Disposition, l.Reason)
}
