package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pages lists every page of the desk with words it must show.
var pages = []struct {
	name, path string
	want       []string
}{
	{"tournaments", "/", []string{"ТЕСТ-2026", "Кубок &lt;b&gt;клуба&lt;/b&gt;"}},
	{"crosstable", tourPath(), []string{`id="crosstable"`, "Иванов Иван", "Петров Пётр", `id="games"`, "заявление о просрочке"}},
	{"game", gamePath("1-2"), []string{`<svg`, "4...b6-a5", "График времени", "Примечания к графику", "неверно повторен ход партнера", "ivanov@example.org", "черные («А»): c3-b4 a5:g3"}},
	{"game at ply 3", gamePath("1-2") + "?ply=3", []string{"После 2.b2-c3", `id="prev"`, `id="next"`}},
	{"international game", "/t/" + url.PathEscape("МЕЖД-2026") + "/g/1-2?ply=3", []string{`viewBox="0 0 444 444"`, ">50<", "После 2.28:19", "2...14:23"}},
	{"claims", "/claims", []string{`id="claims"`, "Петров Пётр", "ждет решения судьи"}},
	{"claim dossier", gamePath("1-2") + "/claim/1", []string{`id="claim-facts"`, "60 дн. при норме 50", `id="letters"`, "&lt;script&gt;alert(&#39;letter&#39;)&lt;/script&gt;"}},
	{"adjournments", tourPath() + "/adjudication", []string{`id="adjournments"`, "3-1"}},
	{"adjudication", gamePath("3-1") + "/adjudication", []string{`id="engine"`, "выигрыш белых (1-0)", "ничья (1/2-1/2)", "&lt;b&gt;ничейная&lt;/b&gt;", "11.05.2026"}},
	{"breaks", tourPath() + "/breaks", []string{`id="breaks"`, "Петров Пётр", "20.03.2026", "засчитывается"}},
	{"sanctions", tourPath() + "/sanctions", []string{`id="sanctions"`, "remark", "6.2.6", "&lt;i&gt;к партии&lt;/i&gt;"}},
	{"queue", "/queue", []string{"stranger@example.org", "не удалось определить партию", "&lt;img src=x onerror=alert(1)&gt;"}},
	{"paper", "/paper", []string{"даты штемпелей"}},
}

// scriptPlayer is the raw name of player 3; pages must show it as text.
const scriptPlayer = `<script>alert("x")</script>`

func TestPages_EveryPageForBothRoles(t *testing.T) {
	ts, _ := newTestDesk(t)
	for _, role := range []string{"anna", "oleg"} {
		v := newVisitor(t, ts).login(role)
		for _, p := range pages {
			t.Run(role+"/"+p.name, func(t *testing.T) {
				resp, body := v.get(p.path)
				require.Equal(t, http.StatusOK, resp.StatusCode, body)
				for _, w := range p.want {
					assert.Contains(t, body, w)
				}
				assert.NotContains(t, body, scriptPlayer, "a player's name is markup: it must be escaped")
				assert.NotContains(t, body, "<script", "no script reaches a page")
			})
		}
	}
}

func TestPages_ScriptNameRendersAsText(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	for _, path := range []string{tourPath(), gamePath("3-1"), gamePath("3-1") + "/adjudication"} {
		_, body := v.get(path)
		assert.Contains(t, body, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;", path)
	}
}

func TestPages_NotLoggedInGoesToLogin(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts)
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			resp, _ := v.get(p.path)
			require.Equal(t, http.StatusSeeOther, resp.StatusCode)
			assert.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/login?next="), resp.Header.Get("Location"))
		})
	}
	for _, path := range []string{gamePath("1-2") + "/pdn", tourPath() + "/pdn"} {
		resp, _ := v.get(path)
		assert.Equal(t, http.StatusSeeOther, resp.StatusCode, path)
	}
}

func TestPages_PublicCrosstableOnlyWhenAllowed(t *testing.T) {
	ts, _ := newTestDesk(t, func(o *Options) { o.PublicCrosstable = true })
	v := newVisitor(t, ts)
	resp, body := v.get(tourPath())
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `id="crosstable"`)
	assert.NotContains(t, body, `id="games"`, "the games list is for the staff")
	resp, _ = v.get(gamePath("1-2"))
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "a game page stays private")
}

func TestPages_NotFound(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts).login("oleg")
	for _, path := range []string{"/t/NOPE", gamePath("1-9"), gamePath("x"), gamePath("1-2") + "/claim/7", gamePath("1-2") + "/adjudication", "/t/NOPE/pdn"} {
		resp, body := v.get(path)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		assert.Contains(t, body, `id="error"`, path)
	}
}

func TestPages_SecurityHeadersOnEveryAnswer(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts)
	for _, path := range []string{"/login", "/", "/healthz", "/static/style.css", "/no/such/page"} {
		resp, _ := v.get(path)
		h := resp.Header
		assert.Contains(t, h.Get("Content-Security-Policy"), "default-src 'self'", path)
		assert.Equal(t, "DENY", h.Get("X-Frame-Options"), path)
		assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "same-origin", h.Get("Referrer-Policy"), path)
	}
}

func TestPages_Health(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts)
	resp, body := v.get("/healthz")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "ok\n", body)
	f.down = assert.AnError
	resp, _ = v.get("/healthz")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}

func TestPages_StoreErrorIs500(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	f.down = assert.AnError
	resp, body := v.get(tourPath())
	assert.Equal(t, http.StatusInternalServerError, resp.StatusCode)
	assert.Contains(t, body, "Хранилище не ответило")
}

func TestGamePage_StepsThroughMoves(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	cases := []struct {
		query, caption    string
		first, prev, next bool
	}{
		{"?ply=0", "Начальная позиция (полуход 0 из 8)", false, false, true},
		{"?ply=1", "После 1.c3-d4 (полуход 1 из 8)", true, true, true},
		{"?ply=4", "После 2...g7-f6 (полуход 4 из 8)", true, true, true},
		{"", "После 4...b6-a5 (полуход 8 из 8)", true, true, false},
		{"?ply=99", "После 4...b6-a5 (полуход 8 из 8)", true, true, false},
		{"?ply=-3", "Начальная позиция (полуход 0 из 8)", false, false, true},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			resp, body := v.get(gamePath("1-2") + c.query)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Contains(t, text(body), c.caption)
			assert.Equal(t, c.first, strings.Contains(body, `id="first"`))
			assert.Equal(t, c.prev, strings.Contains(body, `id="prev"`))
			assert.Equal(t, c.next, strings.Contains(body, `id="next"`))
		})
	}
	resp, body := v.get(gamePath("1-2") + "?ply=abc")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	assert.Contains(t, body, "от 0 до 8")
}

func TestGamePage_LedgerLinesCarryExplanations(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	_, body := v.get(gamePath("1-2"))
	// The break of 6.4.3, the postmark correction of 6.3.1, the penalty and the overstep of 6.3.5.
	for _, want := range []string{"(п. 6.4.3)", "(п. 6.3.1)", "(п. 6.2.11)", "(п. 6.3.5)"} {
		assert.Contains(t, body, want)
	}
	assert.Regexp(t, `<td title="[^"]*6\.3\.1[^"]*" class="explained">`, body, "the explanation is on the line, for the hover")
	assert.Contains(t, body, `class="total over"`, "the overstep line is marked")
	assert.Contains(t, body, `href="#note-1"`)
}
