package web

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLogin_WrongPasswordOrNameRefused(t *testing.T) {
	ts, _ := newTestDesk(t)
	for _, c := range []struct{ name, password string }{{"anna", "wrong"}, {"nobody", testPassword}, {"", ""}} {
		v := newVisitor(t, ts)
		resp, body := v.submit("/login", "/login", url.Values{"name": {c.name}, "password": {c.password}})
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, c.name)
		assert.Contains(t, body, "Неверное имя или пароль")
		resp, _ = v.get("/")
		assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "still not logged in")
	}
}

func TestLogin_RedirectStaysOnTheSite(t *testing.T) {
	cases := map[string]string{
		"/claims":            "/claims",
		"/t/X?ply=3":         "/t/X?ply=3",
		"https://evil.test/": "/",
		"//evil.test/":       "/",
		`/\evil.test`:        "/",
		"/\t/evil.test":      "/",
		"/\n/evil.test":      "/",
		"/a\\b":              "/",
		"":                   "/",
	}
	ts, _ := newTestDesk(t)
	for next, want := range cases {
		v := newVisitor(t, ts)
		resp, _ := v.submit("/login", "/login", url.Values{"name": {"anna"}, "password": {testPassword}, "next": {next}})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		assert.Equal(t, want, resp.Header.Get("Location"), next)
	}
}

func TestLogin_NewSessionAtLoginAndLogout(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts)
	before := v.csrf("/login")
	v.login("anna")
	after := v.csrf("/")
	assert.NotEqual(t, before, after, "the session before the login is not the session after it")
	resp, _ := v.post("/logout", url.Values{"csrf": {after}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = v.get("/")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "logged out")
}

func TestSession_CookieFlags(t *testing.T) {
	f := newFixture(t)
	srv, err := New(Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: testAccounts(t),
		Key: make([]byte, 32), Now: func() time.Time { return fixtureNow }})
	require.NoError(t, err)
	for _, c := range []struct {
		name   string
		tls    bool
		secure bool
	}{{"plain", false, false}, {"tls", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/login", nil)
			if c.tls {
				r.TLS = &tls.ConnectionState{}
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			cookies := w.Result().Cookies()
			require.Len(t, cookies, 1)
			ck := cookies[0]
			assert.Equal(t, sessionCookie, ck.Name)
			assert.True(t, ck.HttpOnly)
			assert.Equal(t, http.SameSiteLaxMode, ck.SameSite)
			assert.Equal(t, c.secure, ck.Secure)
			assert.Equal(t, c.tls, w.Header().Get("Strict-Transport-Security") != "")
		})
	}
}

func TestSession_TamperedOrExpiredCookieIsAnonymous(t *testing.T) {
	k := signer{key: []byte("0123456789abcdef0123456789abcdef")}
	now := fixtureNow
	good := k.encode(session{ID: "anna-id", Nonce: "n", Expires: now.Add(time.Hour)})
	s, err := k.decode(good, now)
	require.NoError(t, err)
	assert.Equal(t, "anna-id", s.ID)
	payload, sig, _ := strings.Cut(good, ".")
	forged := k.encode(session{ID: "oleg-id", Nonce: "n", Expires: now.Add(time.Hour)})
	forgedPayload, _, _ := strings.Cut(forged, ".")
	other := signer{key: []byte("another key, another key, another")}
	for name, v := range map[string]string{
		"other payload, old signature": forgedPayload + "." + sig,
		"signed with another key":      other.encode(session{ID: "oleg-id", Nonce: "n", Expires: now.Add(time.Hour)}),
		"expired":                      k.encode(session{ID: "anna-id", Nonce: "n", Expires: now}),
		"no signature":                 payload,
		"empty":                        "",
		"garbage":                      "!!!.???",
	} {
		_, err := k.decode(v, now)
		assert.ErrorIs(t, err, errBadSession, name)
	}
}

func TestNew_SaysWhatIsMissing(t *testing.T) {
	f := newFixture(t)
	good := Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: testAccounts(t), Key: make([]byte, 32), Now: time.Now}
	cases := []struct {
		name  string
		tweak func(*Options)
		want  string
	}{
		{"no store", func(o *Options) { o.Judge = nil }, "are all required"},
		{"no clock", func(o *Options) { o.Now = nil }, "clock"},
		{"short key", func(o *Options) { o.Key = []byte("short") }, "has 5 bytes"},
		{"no accounts", func(o *Options) { o.Accounts = nil }, "zaochnik passwd"},
		{"bad role", func(o *Options) { o.Accounts[0].Role = "admin" }, `role "admin"`},
		{"plain password", func(o *Options) { o.Accounts[1].Hash = "secret" }, "not a bcrypt hash"},
		{"twice", func(o *Options) { o.Accounts[1].Name = o.Accounts[0].Name }, "listed twice"},
		{"no name", func(o *Options) { o.Accounts[0].Name = "" }, "has no name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := good
			o.Accounts = testAccounts(t)
			c.tweak(&o)
			_, err := New(o)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	_, err := New(good)
	assert.NoError(t, err)
}

func TestHashPassword_VerifiesWithBcrypt(t *testing.T) {
	h, err := HashPassword("пароль", 0)
	require.NoError(t, err)
	f := newFixture(t)
	srv, err := New(Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: []Account{{Name: "a", Role: RoleJudge, Hash: h}},
		Key: make([]byte, 32), Now: time.Now})
	require.NoError(t, err)
	_, ok := srv.authenticate("a", "пароль")
	assert.True(t, ok)
	_, ok = srv.authenticate("a", "Пароль")
	assert.False(t, ok)
	_, err = HashPassword("", 0)
	assert.Error(t, err)
	_, err = HashPassword("x", 3)
	assert.ErrorContains(t, err, "cost 3")
}

func FuzzSessionDecode(f *testing.F) {
	k := signer{key: []byte("0123456789abcdef0123456789abcdef")}
	f.Add(k.encode(session{ID: "anna-id", Nonce: "n", Expires: fixtureNow.Add(time.Hour)}))
	f.Add("e30.AAAA")
	f.Add("")
	f.Fuzz(func(t *testing.T, v string) {
		s, err := k.decode(v, fixtureNow)
		if err != nil {
			return
		}
		// Whatever decodes was signed by us: it encodes back to a valid cookie.
		again, err := k.decode(k.encode(s), fixtureNow)
		require.NoError(t, err)
		assert.Equal(t, s.ID, again.ID)
	})
}

func FuzzSafeNext(f *testing.F) {
	for _, s := range []string{"/claims", "//evil.test", `/\evil.test`, "/\t/evil.test", "https://evil.test", "/t/X?ply=3#board", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		require.True(t, got == "/" || got == next, "either the target or the home page")
		u, err := url.Parse(got)
		require.NoError(t, err, "a path the browser can follow: %q", got)
		assert.Empty(t, u.Host, "never another site: %q", got)
		assert.Empty(t, u.Scheme, "never another scheme: %q", got)
		assert.False(t, strings.ContainsAny(got, "\\\t\n\r"), "nothing a browser reads as a slash or drops: %q", got)
	})
}
