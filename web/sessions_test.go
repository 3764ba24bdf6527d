package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// clock is a settable clock for the desk.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time             { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration)    { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
func (v *visitor) cookie() *http.Cookie     { return v.c.Jar.Cookies(mustURL(v.base))[0] }
func mustURL(s string) *url.URL             { u, _ := url.Parse(s); return u }
func (v *visitor) setCookie(c *http.Cookie) { v.c.Jar.SetCookies(mustURL(v.base), []*http.Cookie{c}) }

// After a logout the old cookie, kept by an attacker, opens nothing and
// sends no form.
func TestSession_LogoutEndsItAtOnce(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	token := v.csrf("/queue")
	stolen := newVisitor(t, ts)
	stolen.setCookie(v.cookie())
	resp, _ := stolen.get("/queue")
	require.Equal(t, http.StatusOK, resp.StatusCode, "the copied cookie works before the logout")

	resp, _ = v.post("/logout", url.Values{"csrf": {token}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = stolen.get("/queue")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "the queue asks for a login")
	resp, _ = stolen.post("/queue/1/answer", url.Values{"csrf": {token}, "text": {"x"}})
	assert.Contains(t, []int{http.StatusForbidden, http.StatusUnauthorized}, resp.StatusCode)
	assert.Empty(t, f.sessions, "the store keeps no session")
}

// A session ends at once when its account leaves the config, changes role
// or password (the daemon restarted with the new config, same key_file).
func TestSession_RemovedAccountOrNewPasswordEndsIt(t *testing.T) {
	other, err := bcrypt.GenerateFromPassword([]byte("another password"), bcrypt.MinCost)
	require.NoError(t, err)
	cases := map[string]func([]Account) []Account{
		"removed":      func(a []Account) []Account { return a[1:] },
		"new password": func(a []Account) []Account { a[0].Hash = string(other); return a },
		"new role":     func(a []Account) []Account { a[0].Role = RoleJudge; return a },
		"unchanged":    func(a []Account) []Account { return a },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			var accounts []Account
			ts, f := newTestDesk(t, func(o *Options) { accounts = o.Accounts })
			v := newVisitor(t, ts).login("anna")
			srv, err := New(Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f,
				Accounts: change(append([]Account(nil), accounts...)),
				Key:      []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return fixtureNow }})
			require.NoError(t, err)
			restarted := httptest.NewServer(srv)
			t.Cleanup(restarted.Close)
			again := newVisitor(t, restarted)
			again.setCookie(v.cookie())
			resp, _ := again.get("/claims")
			if name == "unchanged" {
				assert.Equal(t, http.StatusOK, resp.StatusCode, "the session survives a restart")
				return
			}
			assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
			assert.Empty(t, f.sessions)
		})
	}
}

// Idle 2 h or 12 h after the login, the session is over.
func TestSession_IdleAndAbsoluteTimeouts(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps []time.Duration // requests after the login, each after the previous
		last  int             // the status of the last request
	}{
		{"active", []time.Duration{time.Hour, time.Hour, time.Hour}, http.StatusOK},
		{"idle 2 h", []time.Duration{time.Hour, 2 * time.Hour}, http.StatusSeeOther},
		{"just under idle", []time.Duration{2*time.Hour - time.Minute}, http.StatusOK},
		{"12 h though active", []time.Duration{100 * time.Minute, 100 * time.Minute, 100 * time.Minute, 100 * time.Minute, 100 * time.Minute, 100 * time.Minute, 100 * time.Minute, 100 * time.Minute}, http.StatusSeeOther},
	} {
		t.Run(c.name, func(t *testing.T) {
			clk := &clock{t: fixtureNow}
			ts, _ := newTestDesk(t, func(o *Options) { o.Now = clk.now })
			v := newVisitor(t, ts).login("anna")
			var resp *http.Response
			for _, d := range c.steps {
				clk.advance(d)
				resp, _ = v.get("/claims")
			}
			assert.Equal(t, c.last, resp.StatusCode)
		})
	}
}

// The account's open sessions are on the desk; the others can be ended.
func TestSession_OpenSessionsShownAndEnded(t *testing.T) {
	ts, f := newTestDesk(t)
	a, b := newVisitor(t, ts).login("anna"), newVisitor(t, ts).login("anna")
	newVisitor(t, ts).login("oleg")
	resp, body := a.get("/sessions")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, 2, strings.Count(body, "<tr><td>"), "anna's two sessions, not oleg's")
	assert.Equal(t, 1, strings.Count(body, "этот / this one"))
	assert.Contains(t, body, "127.0.0.1")
	resp, _ = a.submit("/sessions", "/sessions/end-others", url.Values{})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = b.get("/claims")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "the other session is over")
	resp, _ = a.get("/claims")
	assert.Equal(t, http.StatusOK, resp.StatusCode, "this one goes on")
	assert.Len(t, f.sessions, 2, "anna's and oleg's")
}

// loginFrom sends the login form from address ip.
func loginFrom(t *testing.T, srv http.Handler, ip, name, password string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "/login", nil)
	r.RemoteAddr = ip + ":40000"
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	m := csrfRE.FindStringSubmatch(w.Body.String())
	require.NotNil(t, m)
	form := url.Values{"name": {name}, "password": {password}, "csrf": {m[1]}}
	r = httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.RemoteAddr = ip + ":40000"
	for _, c := range w.Result().Cookies() {
		r.AddCookie(c)
	}
	w = httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	return w
}

// Five failures, then an exponential delay up to 15 min with 429 and
// Retry-After, logged; the right password still works from another address.
func TestLogin_ThrottledPerAddressAndAccount(t *testing.T) {
	clk := &clock{t: fixtureNow}
	var log bytes.Buffer
	f := newFixture(t)
	srv, err := New(Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: testAccounts(t),
		Key: make([]byte, 32), Now: clk.now, Log: slog.New(slog.NewTextHandler(&log, nil))})
	require.NoError(t, err)
	const attacker, owner, other = "203.0.113.9", "198.51.100.7", "192.0.2.44"
	for i := range throttleFree {
		assert.Equal(t, http.StatusUnauthorized, loginFrom(t, srv, attacker, "anna", "guess").Code, "failure %d", i+1)
	}
	w := loginFrom(t, srv, attacker, "anna", testPassword)
	assert.Equal(t, http.StatusTooManyRequests, w.Code, "even the right password waits")
	assert.Equal(t, "1", w.Header().Get("Retry-After"))
	assert.Contains(t, log.String(), "login throttled")
	assert.Equal(t, http.StatusTooManyRequests, loginFrom(t, srv, attacker, "oleg", "guess").Code, "the address is held back for every account")

	assert.Equal(t, http.StatusSeeOther, loginFrom(t, srv, owner, "anna", testPassword).Code, "the owner logs in from her address")
	for i := range throttleFree {
		loginFrom(t, srv, other, "oleg", "guess"+string(rune('a'+i)))
	}
	assert.Equal(t, http.StatusTooManyRequests, loginFrom(t, srv, attacker, "oleg", "guess").Code)

	var waits []string
	for range 14 {
		clk.advance(throttleMax)
		assert.Equal(t, http.StatusUnauthorized, loginFrom(t, srv, attacker, "anna", "guess").Code)
		waits = append(waits, loginFrom(t, srv, attacker, "anna", "guess").Header().Get("Retry-After"))
	}
	assert.Equal(t, []string{"2", "4", "8", "16", "32", "64", "128", "256", "512", "900", "900", "900", "900", "900"}, waits)
}

// Many wrong passwords at once from one address: at most five are checked
// (bcrypt is costly), the rest are answered 429 at once.
func TestLogin_ParallelGuessesAreNotAllChecked(t *testing.T) {
	f := newFixture(t)
	srv, err := New(Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: testAccounts(t),
		Key: make([]byte, 32), Now: func() time.Time { return fixtureNow }})
	require.NoError(t, err)
	codes := make(chan int, 200)
	var wg sync.WaitGroup
	for range 200 {
		wg.Go(func() { codes <- loginFrom(t, srv, "203.0.113.9", "anna", "guess").Code })
	}
	wg.Wait()
	close(codes)
	n := map[int]int{}
	for c := range codes {
		n[c]++
	}
	assert.LessOrEqual(t, n[http.StatusUnauthorized], throttleFree, "%v", n)
	assert.Equal(t, 200, n[http.StatusUnauthorized]+n[http.StatusTooManyRequests], "%v", n)
}
