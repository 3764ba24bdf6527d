package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"time"
)

// The lifetime of a logged-in session: it ends after sessionIdle without a
// request, and sessionTTL after the login whatever happens.
const (
	sessionIdle = 2 * time.Hour
	sessionTTL  = 12 * time.Hour
)

// StoredSession is a logged-in session as the store keeps it.
type StoredSession struct {
	// ID is the SHA-256 (hex) of the cookie's 256-bit random id: the store
	// never holds a value that would open the desk.
	ID      string
	Account string
	Role    Role
	// Key is a fingerprint of the account's password hash at the login: a
	// changed password ends the session.
	Key      string
	Remote   string // the address the login came from
	Created  time.Time
	LastSeen time.Time
	Expires  time.Time // Created + 12 h
}

// Sessions keeps the logged-in sessions server-side, so that a logout, a
// changed password or an account removed from the config ends them at once.
// The store implements it.
type Sessions interface {
	// CreateSession records a new session (and may drop expired ones).
	CreateSession(ctx context.Context, s StoredSession) error
	// Session returns the session with id; ok is false when there is none.
	Session(ctx context.Context, id string) (s StoredSession, ok bool, err error)
	// TouchSession records a request of session id at seen.
	TouchSession(ctx context.Context, id string, seen time.Time) error
	// EndSession removes session id; removing none is not an error.
	EndSession(ctx context.Context, id string) error
	// AccountSessions lists account's sessions, newest first.
	AccountSessions(ctx context.Context, account string) ([]StoredSession, error)
}

// sessionID returns a new 256-bit random id, base64url, for the cookie.
func sessionID() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// storedID is what the store keeps of a cookie's id.
func storedID(id string) string {
	h := sha256.Sum256([]byte(id))
	return hex.EncodeToString(h[:])
}

// accountKey is the fingerprint of an account's password hash.
func accountKey(a Account) string {
	h := sha256.Sum256([]byte("zaochnik session\x00" + a.Hash))
	return hex.EncodeToString(h[:8])
}

// account returns the configured account called name.
func (srv *Server) account(name string) (Account, bool) {
	for _, a := range srv.opt.Accounts {
		if a.Name == name {
			return a, true
		}
	}
	return Account{}, false
}

// loggedInSession returns the session the store keeps under the cookie's
// id, if it still holds: not idle 2 h, not 12 h old, its account still in
// the config with the same role and password. A session that no longer
// holds is removed.
func (srv *Server) loggedInSession(ctx context.Context, id string, now time.Time) (session, bool) {
	st, ok, err := srv.opt.Sessions.Session(ctx, storedID(id))
	if err != nil {
		srv.opt.Log.Error("session: store", "err", err)
		return session{}, false // fail closed: a store that does not answer opens nothing
	}
	if !ok {
		return session{}, false
	}
	a, found := srv.account(st.Account)
	switch {
	case !now.Before(st.Expires), !now.Before(st.LastSeen.Add(sessionIdle)),
		!found, a.Role != st.Role, accountKey(a) != st.Key:
		if err := srv.opt.Sessions.EndSession(ctx, st.ID); err != nil {
			srv.opt.Log.Error("session: store", "err", err)
		}
		return session{}, false
	}
	if now.Sub(st.LastSeen) >= time.Minute { // a write per minute at most
		if err := srv.opt.Sessions.TouchSession(ctx, st.ID, now); err != nil {
			srv.opt.Log.Error("session: store", "err", err)
		}
	}
	return session{ID: id, Name: st.Account, Role: st.Role, Nonce: id, Expires: st.Expires}, true
}

// startSession records a new logged-in session for a and sets its cookie.
func (srv *Server) startSession(w http.ResponseWriter, r *http.Request, a Account) error {
	now := srv.opt.Now()
	id := sessionID()
	st := StoredSession{ID: storedID(id), Account: a.Name, Role: a.Role, Key: accountKey(a), Remote: clientIP(r),
		Created: now, LastSeen: now, Expires: now.Add(sessionTTL)}
	if err := srv.opt.Sessions.CreateSession(r.Context(), st); err != nil {
		return err
	}
	srv.setSession(w, r, session{ID: id, Nonce: id, Expires: st.Expires})
	return nil
}

// sessionRow is one line of the sessions page.
type sessionRow struct {
	Created, LastSeen, Expires time.Time
	Remote                     string
	Current                    bool
}

// sessionsPage lists the account's open sessions.
func (srv *Server) sessionsPage(w http.ResponseWriter, r *http.Request, s session) {
	all, err := srv.opt.Sessions.AccountSessions(r.Context(), s.Name)
	if err != nil {
		srv.storeError(w, r, s, "sessions", err)
		return
	}
	now := srv.opt.Now()
	var rows []sessionRow
	for _, st := range all {
		if !now.Before(st.Expires) || !now.Before(st.LastSeen.Add(sessionIdle)) {
			continue
		}
		rows = append(rows, sessionRow{Created: st.Created, LastSeen: st.LastSeen, Expires: st.Expires, Remote: st.Remote,
			Current: st.ID == storedID(s.ID)})
	}
	srv.render(w, r, s, http.StatusOK, "sessions", "Сеансы", rows)
}

// endOtherSessions ends every session of the account but this one.
func (srv *Server) endOtherSessions(w http.ResponseWriter, r *http.Request, s session) {
	all, err := srv.opt.Sessions.AccountSessions(r.Context(), s.Name)
	if err != nil {
		srv.storeError(w, r, s, "sessions", err)
		return
	}
	for _, st := range all {
		if st.ID == storedID(s.ID) {
			continue
		}
		if err := srv.opt.Sessions.EndSession(r.Context(), st.ID); err != nil {
			srv.storeError(w, r, s, "sessions", err)
			return
		}
	}
	http.Redirect(w, r, "/sessions", http.StatusSeeOther)
}
