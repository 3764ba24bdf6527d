package web

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// testPassword is the password of both fixture accounts.
const testPassword = "верный пароль"

// testAccounts are the secretary and the judge, hashed at the lowest cost
// so the tests stay fast.
func testAccounts(t testing.TB) []Account {
	h, err := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	require.NoError(t, err)
	return []Account{{Name: "anna", Role: RoleSecretary, Hash: string(h)}, {Name: "oleg", Role: RoleJudge, Hash: string(h)}}
}

// newTestDesk returns the desk over a fresh fixture, served by httptest.
func newTestDesk(t testing.TB, tweak ...func(*Options)) (*httptest.Server, *fakeStore) {
	f := newFixture(t)
	opt := Options{Tournaments: f, Letters: f, Secretary: f, Judge: f, Sessions: f, Accounts: testAccounts(t),
		Key: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return fixtureNow }, EngineNodes: 20000}
	for _, fn := range tweak {
		fn(&opt)
	}
	srv, err := New(opt)
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts, f
}

// visitor is a browser without JavaScript: a cookie jar, no redirects followed.
type visitor struct {
	t    testing.TB
	base string
	c    *http.Client
}

func newVisitor(t testing.TB, ts *httptest.Server) *visitor {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Transport: ts.Client().Transport, Jar: jar, // ts.Client() is shared: each visitor has its own jar
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &visitor{t: t, base: ts.URL, c: c}
}

// get fetches path and returns the status and body.
func (v *visitor) get(path string) (*http.Response, string) {
	v.t.Helper()
	resp, err := v.c.Get(v.base + path)
	require.NoError(v.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(v.t, err)
	return resp, string(b)
}

// post sends form to path as is.
func (v *visitor) post(path string, form url.Values) (*http.Response, string) {
	v.t.Helper()
	resp, err := v.c.PostForm(v.base+path, form)
	require.NoError(v.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(v.t, err)
	return resp, string(b)
}

var csrfRE = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf returns the token of the forms on page path.
func (v *visitor) csrf(path string) string {
	v.t.Helper()
	_, body := v.get(path)
	m := csrfRE.FindStringSubmatch(body)
	require.NotNil(v.t, m, "no CSRF token on %s", path)
	return m[1]
}

// submit sends form to action with the token of page from.
func (v *visitor) submit(from, action string, form url.Values) (*http.Response, string) {
	v.t.Helper()
	form.Set("csrf", v.csrf(from))
	return v.post(action, form)
}

// login logs in as name and checks the redirect.
func (v *visitor) login(name string) *visitor {
	v.t.Helper()
	resp, _ := v.submit("/login", "/login", url.Values{"name": {name}, "password": {testPassword}, "next": {"/"}})
	require.Equal(v.t, http.StatusSeeOther, resp.StatusCode, "login as %s", name)
	return v
}

// gamePath is the path of a fixture game.
func gamePath(pair string) string { return "/t/" + url.PathEscape("ТЕСТ-2026") + "/g/" + pair }

// tourPath is the path of the fixture tournament.
func tourPath() string { return "/t/" + url.PathEscape("ТЕСТ-2026") }

// text strips the tags of an HTML body, for assertions on what a reader sees.
func text(body string) string {
	return strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(body, " ")), " ")
}
