package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// Backups taken while the daemon works through a backlog are each one
// consistent moment of the store: it opens (quick_check, schema), its game
// loads, and the IMAP watermark names exactly the letters stored (both are
// written in each letter's one transaction).
func TestBackup_ConsistentWhileServeRuns(t *testing.T) {
	w, n := backlogWorld(t, 120)
	m := w.start(t)
	dir := t.TempDir()
	to := filepath.Join(dir, "nightly.db")
	seen := map[int]bool{}
	deadline := time.Now().Add(60 * time.Second)
	for len(seen) < 3 && time.Now().Before(deadline) {
		code, out, errs := runCmd(t, "backup", "--db", w.cfg.Database.Path, "--to", to)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "written to "+to)
		stored, lastUID := backupState(t, to, m.Config.IMAP.User+"/"+m.Config.IMAP.Mailbox)
		assert.Equal(t, stored, lastUID, "the watermark and the letters agree in the copy")
		seen[stored] = true
		if stored == n {
			break
		}
	}
	t.Logf("backups held %d distinct moments", len(seen))
	leftovers, err := filepath.Glob(filepath.Join(dir, ".*partial*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers, "no partial copy is left behind")

	code, _, errs := runCmd(t, "backup", "--db", w.cfg.Database.Path, "--to", w.cfg.Database.Path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "overwrite the store itself")
	code, _, errs = runCmd(t, "backup", "--db", filepath.Join(dir, "missing.db"), "--to", to)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "does not exist")
}

// backupState opens the store at path as serve would and returns the
// letters stored and the watermark of mailbox.
func backupState(t *testing.T, path, mailbox string) (stored, lastUID int) {
	t.Helper()
	db, err := storage.OpenExisting(path)
	require.NoError(t, err)
	defer db.Close()
	ctx := context.Background()
	letters, err := db.Letters(ctx)
	require.NoError(t, err)
	_, last, err := db.Watermark(ctx, mailbox)
	require.NoError(t, err)
	_, err = db.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	return len(letters), int(last)
}
