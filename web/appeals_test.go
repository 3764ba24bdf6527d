package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// appealDesk is the test desk after the judge confirmed Black's overstep
// in game 1-2 on 14 May and Black protested the ruling on 18 May (6.1.12).
func appealDesk(t *testing.T) (*fakeStore, func() (*http.Response, string, *visitor), *visitor, *visitor) {
	t.Helper()
	ts, f := newTestDesk(t)
	ruled := timecontrol.MustDate("2026-05-14")
	_, err := f.Rule(context.Background(), "ТЕСТ-2026 1-2", 1, true, "", ruled)
	require.NoError(t, err)
	st := f.states["ТЕСТ-2026"]
	st.Games = slices.Clone(st.Games)
	i := slices.IndexFunc(st.Games, func(g *corr.Game) bool { return g.Code == "ТЕСТ-2026 1-2" })
	g := *st.Games[i] // the store's game stays as it was
	g.Claims = slices.Clone(g.Claims)
	st.Games[i] = &g
	a := &st.Games[i].Claims[0].Appeal
	require.Equal(t, ruled.AddDays(10), a.Due, "the ruling opened its ten days")
	a.From, a.Filed, a.Text = 2, timecontrol.MustDate("2026-05-18"), "My letter was posted in time; <b>receipt</b> enclosed."
	f.states["ТЕСТ-2026"] = st
	judge, secretary := newVisitor(t, ts).login("oleg"), newVisitor(t, ts).login("anna")
	decide := func() (*http.Response, string, *visitor) {
		resp, body := secretary.submit("/appeals", gamePath("1-2")+"/appeal", url.Values{"decision": {"upheld"}, "note": {"квитанция представлена"}})
		return resp, body, secretary
	}
	return f, decide, judge, secretary
}

func TestAppeals_6_1_12_SecretaryRecordsTheOrganisersDecision(t *testing.T) {
	f, decide, judge, secretary := appealDesk(t)
	_, page := judge.get("/appeals")
	assert.Contains(t, text(page), "заявление 1 : просрочка подтверждена, 14.05.2026")
	assert.Contains(t, text(page), "до 24.05.2026")
	assert.Contains(t, page, "&lt;b&gt;receipt&lt;/b&gt;", "the protest's text is escaped")
	assert.NotContains(t, page, `id="appeal-form"`, "the judge does not decide a protest against his own ruling")
	_, page = secretary.get("/appeals")
	assert.Contains(t, page, `id="appeal-form"`)
	sent := len(f.sent)
	resp, body, _ := decide()
	require.Equal(t, http.StatusOK, resp.StatusCode, text(body))
	assert.Contains(t, body, "Протест удовлетворён: решение судьи отменено (п. 6.1.12).")
	g, _ := f.states["ТЕСТ-2026"].Game("ТЕСТ-2026 1-2")
	assert.Equal(t, corr.Playing, g.Status, "the loss the ruling gave is withdrawn")
	assert.Equal(t, "*", g.Result)
	var to []string
	for _, o := range f.sent[sent:] {
		to = append(to, o.To+":"+o.Kind)
	}
	assert.Subset(t, to, []string{"ivanov@example.org:ruling", "petrov@example.org:ruling", "judge@example.org:ruling", "secretary@example.org:ruling"})
	as, err := f.Appeals(context.Background())
	require.NoError(t, err)
	assert.Equal(t, adjudication.ProtestUpheld, as[0].Decision)
	assert.Equal(t, "2026-05-20", as[0].Decided.String(), "dated by the injected clock")
	_, page = secretary.get("/appeals")
	assert.Contains(t, text(page), "протест удовлетворен (20.05.2026): квитанция представлена")
	resp, _, _ = decide()
	assert.Equal(t, http.StatusConflict, resp.StatusCode, "decided once")
}

func TestAppeals_6_1_12_FormIsTheSecretarys(t *testing.T) {
	f, _, judge, secretary := appealDesk(t)
	before := changes(f)
	resp, body := judge.submit("/appeals", gamePath("1-2")+"/appeal", url.Values{"decision": {"upheld"}})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	assert.Contains(t, body, "Эта форма — для "+secretaryOnly.ru)
	resp, _ = secretary.submit("/appeals", gamePath("1-2")+"/appeal", url.Values{"decision": {"maybe"}})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	resp, _ = secretary.submit("/appeals", gamePath("3-1")+"/appeal", url.Values{"decision": {"rejected"}})
	assert.Equal(t, http.StatusConflict, resp.StatusCode, "no protest waits in that game")
	assert.Equal(t, before, changes(f), "a refused form changes nothing")
}
