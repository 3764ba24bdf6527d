package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"

	"zaochnik/web"
	"zaochnik/web/storeadapter"
)

// desk builds the web desk over the store, or nil when no account is
// configured (then only /healthz is served).
func (m *Main) desk() (http.Handler, error) {
	c := m.Config.Web
	if len(c.Accounts) == 0 {
		m.Logger.Warn("no [[web.accounts]] in the config: the desk is off, only /healthz is served")
		return nil, nil
	}
	key, err := sessionKey(c.KeyFile)
	if err != nil {
		return nil, err
	}
	st := storeadapter.Store{DB: m.db, Referee: m.jobs.ref, RulingsFiles: c.Rulings, Location: m.Config.Timezone.location()}
	d, err := web.New(web.Options{Tournaments: st, Letters: st, Secretary: st, Judge: st, Sessions: st, Accounts: c.Accounts, Key: key,
		Now: m.Now, SecureCookies: c.SecureCookies, PublicCrosstable: c.PublicCrosstable, Log: m.Logger})
	if err != nil {
		return nil, fmt.Errorf("web.accounts: %w", err)
	}
	return d, nil
}

// sessionKey reads the key in file, creating it with 32 random bytes when
// it does not exist; without a file, the key is new at every start.
func sessionKey(file string) ([]byte, error) {
	if file != "" {
		key, err := os.ReadFile(file)
		switch {
		case err == nil && len(key) < 32:
			return nil, fmt.Errorf("web.key_file %s holds %d bytes; it needs at least 32 (delete it and a new one is made)", file, len(key))
		case err == nil:
			return key, nil
		case !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("web.key_file: %w", err)
		}
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if file != "" {
		if err := os.WriteFile(file, key, 0o600); err != nil {
			return nil, fmt.Errorf("web.key_file: %w", err)
		}
	}
	return key, nil
}
