package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Session is a logged-in session of the web desk, kept so that it can be
// ended at once (see web.Sessions, which web/storeadapter maps onto these).
type Session struct {
	ID       string // the SHA-256 of the cookie's id, never the id itself
	Account  string
	Role     string
	Key      string // fingerprint of the account's password hash at the login
	Remote   string
	Created  time.Time
	LastSeen time.Time
	Expires  time.Time
}

// CreateSession records s and drops the sessions past their expiry.
func (db *DB) CreateSession(ctx context.Context, s Session) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires <= ?`, stampOf(s.Created)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (id, account, role, key, remote, created, last_seen, expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			s.ID, s.Account, s.Role, s.Key, s.Remote, stampOf(s.Created), stampOf(s.LastSeen), stampOf(s.Expires))
		return err
	})
}

// Session returns the session with id; ok is false when there is none.
func (db *DB) Session(ctx context.Context, id string) (Session, bool, error) {
	ss, err := db.sessions(ctx, `WHERE id = ?`, id)
	if err != nil || len(ss) == 0 {
		return Session{}, false, err
	}
	return ss[0], true, nil
}

// AccountSessions lists account's sessions, newest first.
func (db *DB) AccountSessions(ctx context.Context, account string) ([]Session, error) {
	return db.sessions(ctx, `WHERE account = ? ORDER BY created DESC, id`, account)
}

// TouchSession records a request of session id at seen.
func (db *DB) TouchSession(ctx context.Context, id string, seen time.Time) error {
	_, err := db.db.ExecContext(ctx, `UPDATE sessions SET last_seen = ? WHERE id = ?`, stampOf(seen), id)
	return err
}

// EndSession removes session id.
func (db *DB) EndSession(ctx context.Context, id string) error {
	_, err := db.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id)
	return err
}

func (db *DB) sessions(ctx context.Context, where string, args ...any) ([]Session, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id, account, role, key, remote, created, last_seen, expires FROM sessions `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var s Session
		var created, seen, expires string
		if err := rows.Scan(&s.ID, &s.Account, &s.Role, &s.Key, &s.Remote, &created, &seen, &expires); err != nil {
			return nil, err
		}
		var errs [3]error
		s.Created, errs[0] = time.Parse(time.RFC3339, created)
		s.LastSeen, errs[1] = time.Parse(time.RFC3339, seen)
		s.Expires, errs[2] = time.Parse(time.RFC3339, expires)
		if err := errors.Join(errs[:]...); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
