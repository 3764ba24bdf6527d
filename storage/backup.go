package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the store to path with SQLite's
// VACUUM INTO: the copy is one read transaction's view, so the daemon may
// go on writing meanwhile (WAL). The copy is written beside path and
// renamed over it only once whole and checked (PRAGMA quick_check and the
// schema, as OpenExisting does), so a failed backup never spoils the last
// good one.
func (db *DB) Backup(ctx context.Context, path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".partial-*")
	if err != nil {
		return fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	name := tmp.Name()
	tmp.Close()
	if err := os.Remove(name); err != nil { // VACUUM INTO wants to create the file itself
		return err
	}
	defer os.Remove(name)
	if _, err := db.db.ExecContext(ctx, `VACUUM INTO ?`, name); err != nil {
		return fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	if err := check(name); err != nil {
		return fmt.Errorf("storage: backup to %s: the copy does not check: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	return nil
}

// sameFile reports whether a and b name one existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// ErrBackupOverStore is returned when a backup would overwrite its store.
var ErrBackupOverStore = errors.New("the backup would overwrite the store itself")

// BackupFile is Backup for the store at dbPath, which must exist (see
// OpenExisting); the copy goes to path, which must not be the store.
func BackupFile(ctx context.Context, dbPath, path string) error {
	if sameFile(dbPath, path) {
		return fmt.Errorf("storage: %s: %w; give another --to", path, ErrBackupOverStore)
	}
	if _, err := os.Stat(filepath.Dir(path)); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("storage: backup to %s: the folder %s does not exist", path, filepath.Dir(path))
	}
	db, err := OpenExisting(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Backup(ctx, path)
}
