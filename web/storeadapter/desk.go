package storeadapter

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"time"

	"zaochnik/storage"
	"zaochnik/web"
)

// NewDesk returns the web desk over db as cfg configures it, reading the
// session key from cfg.KeyFile; now is the daemon's clock.
func NewDesk(db *storage.DB, cfg web.Config, now func() time.Time, log *slog.Logger) (*web.Server, error) {
	if cfg.KeyFile == "" {
		return nil, fmt.Errorf("web.key_file: empty; make a key with 'head -c 48 /dev/urandom | base64 > desk.key' and name the file")
	}
	key, err := os.ReadFile(cfg.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("web.key_file: %w", err)
	}
	key = bytes.TrimSpace(key)
	if len(key) < 32 {
		return nil, fmt.Errorf("web.key_file: %s holds %d bytes; give at least 32 random bytes ('head -c 48 /dev/urandom | base64')", cfg.KeyFile, len(key))
	}
	s := Store{DB: db, RulingsFiles: cfg.Rulings}
	return web.New(web.Options{Tournaments: s, Letters: s, Secretary: s, Judge: s, Accounts: cfg.Accounts, Key: key, Now: now,
		SecureCookies: cfg.SecureCookies, PublicCrosstable: cfg.PublicCrosstable, Log: log})
}
