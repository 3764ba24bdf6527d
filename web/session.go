package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"
)

// sessionCookie is the name of the session cookie.
const sessionCookie = "zaochnik_session"

// session is the visitor's session. Every visitor has one, so the login
// form too has a CSRF token. An anonymous one lives in the signed cookie
// alone; a logged-in one is kept by the store (Sessions), and the cookie
// carries only its random id: Name and Role are read from the store.
type session struct {
	ID      string    `json:"i,omitempty"` // the logged-in session's id; "" for an anonymous one
	Name    string    `json:"-"`
	Role    Role      `json:"-"`
	Nonce   string    `json:"c"`
	Expires time.Time `json:"e"`
}

// loggedIn reports whether the session belongs to an account.
func (s session) loggedIn() bool { return s.Name != "" }

// anonymous returns a session of no account with a fresh nonce.
func anonymous(now time.Time) session {
	b := make([]byte, 18)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return session{Nonce: base64.RawURLEncoding.EncodeToString(b), Expires: now.Add(sessionTTL)}
}

// signer signs cookies and derives CSRF tokens with one secret key.
type signer struct{ key []byte }

func (k signer) mac(parts ...string) []byte {
	m := hmac.New(sha256.New, k.key)
	m.Write([]byte(strings.Join(parts, "\x00")))
	return m.Sum(nil)
}

// encode returns the cookie value of s: payload.signature, both base64url.
func (k signer) encode(s session) string {
	payload, _ := json.Marshal(s) // plain fields: cannot fail
	p := base64.RawURLEncoding.EncodeToString(payload)
	return p + "." + base64.RawURLEncoding.EncodeToString(k.mac("session", p))
}

var errBadSession = errors.New("web: session cookie is not ours or has expired")

// decode checks the signature and the expiry of a cookie value.
func (k signer) decode(v string, now time.Time) (session, error) {
	p, sig, ok := strings.Cut(v, ".")
	if !ok {
		return session{}, errBadSession
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, k.mac("session", p)) {
		return session{}, errBadSession
	}
	payload, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return session{}, errBadSession
	}
	var s session
	if err := json.Unmarshal(payload, &s); err != nil || s.Nonce == "" || !now.Before(s.Expires) {
		return session{}, errBadSession
	}
	return s, nil
}

// csrfToken is the token every form of session s carries.
func (k signer) csrfToken(s session) string {
	return base64.RawURLEncoding.EncodeToString(k.mac("csrf", s.Nonce))
}

// validCSRF reports whether token is s's token.
func (k signer) validCSRF(s session, token string) bool {
	got, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil && hmac.Equal(got, k.mac("csrf", s.Nonce))
}

// setSession writes s as the session cookie: HttpOnly, SameSite=Lax, and
// Secure when the request came over TLS (or the server is told it is
// behind a TLS proxy).
func (srv *Server) setSession(w http.ResponseWriter, r *http.Request, s session) {
	http.SetCookie(w, &http.Cookie{
		Name:     sessionCookie,
		Value:    srv.sign.encode(s),
		Path:     "/",
		MaxAge:   int(sessionTTL / time.Second), // relative: the browser's clock need not agree with the injected one
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   r.TLS != nil || srv.opt.SecureCookies,
	})
}
