package storeadapter

import (
	"context"
	"time"

	"zaochnik/storage"
	"zaochnik/web"
)

var _ web.Sessions = Store{}

// CreateSession records a logged-in session of the desk.
func (s Store) CreateSession(ctx context.Context, st web.StoredSession) error {
	return s.DB.CreateSession(ctx, toStorage(st))
}

// Session returns the session with id.
func (s Store) Session(ctx context.Context, id string) (web.StoredSession, bool, error) {
	st, ok, err := s.DB.Session(ctx, id)
	return fromStorage(st), ok, err
}

// TouchSession records a request of session id.
func (s Store) TouchSession(ctx context.Context, id string, seen time.Time) error {
	return s.DB.TouchSession(ctx, id, seen)
}

// EndSession removes session id.
func (s Store) EndSession(ctx context.Context, id string) error { return s.DB.EndSession(ctx, id) }

// AccountSessions lists account's sessions, newest first.
func (s Store) AccountSessions(ctx context.Context, account string) ([]web.StoredSession, error) {
	all, err := s.DB.AccountSessions(ctx, account)
	out := make([]web.StoredSession, 0, len(all))
	for _, st := range all {
		out = append(out, fromStorage(st))
	}
	return out, err
}

func toStorage(s web.StoredSession) storage.Session {
	return storage.Session{ID: s.ID, Account: s.Account, Role: string(s.Role), Key: s.Key, Remote: s.Remote,
		Created: s.Created, LastSeen: s.LastSeen, Expires: s.Expires}
}

func fromStorage(s storage.Session) web.StoredSession {
	return web.StoredSession{ID: s.ID, Account: s.Account, Role: web.Role(s.Role), Key: s.Key, Remote: s.Remote,
		Created: s.Created, LastSeen: s.LastSeen, Expires: s.Expires}
}
