package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// forms lists every form of the desk: where it is shown, where it goes,
// who may send it, and a valid filling.
var forms = []struct {
	name, page, action string
	who                access
	fill               url.Values
}{
	{"rule claim", gamePath("1-2") + "/claim/1", gamePath("1-2") + "/claim/1", judgeOnly, url.Values{"decision": {"confirm"}}},
	{"adjudicate", gamePath("3-1") + "/adjudication", gamePath("3-1") + "/adjudication", judgeOnly, url.Values{"result": {"1-0"}}},
	{"assign", "/queue", "/queue/9/assign", secretaryOnly, url.Values{"game": {"ТЕСТ-2026 1-2"}}},
	{"answer", "/queue", "/queue/9/answer", secretaryOnly, url.Values{"subject": {"Re: ход"}, "body": {"Укажите шифр турнира."}}},
	{"paper", "/paper", "/paper", secretaryOnly, url.Values{"game": {"ТЕСТ-2026 3-1"}, "side": {"white"}, "posted": {"2026-05-18"}, "received": {"2026-05-20"}, "text": {"ход"}}},
}

// changes reports what the fake store holds that a form could change.
func changes(f *fakeStore) string {
	st := f.states["ТЕСТ-2026"]
	var b strings.Builder
	for _, g := range st.Games {
		b.WriteString(g.Status.String() + g.Result)
	}
	for _, a := range f.adjournments["ТЕСТ-2026"] {
		if a.Ruling != nil {
			b.WriteString("ruled")
		}
	}
	return b.String() + strings.Repeat("+", len(f.sent)+len(f.letters))
}

func TestForms_RefusedWithoutTheRight(t *testing.T) {
	for _, fm := range forms {
		t.Run(fm.name, func(t *testing.T) {
			ts, f := newTestDesk(t)
			before := changes(f)
			other := "anna"
			if fm.who.ru == secretaryOnly.ru {
				other = "oleg"
			}
			// Logged in with the other role.
			v := newVisitor(t, ts).login(other)
			resp, body := v.submit(fm.page, fm.action, cloneValues(fm.fill))
			assert.Equal(t, http.StatusForbidden, resp.StatusCode)
			assert.Contains(t, body, "Эта форма — для "+fm.who.ru)
			// Not logged in, with the anonymous session's valid token.
			anon := newVisitor(t, ts)
			resp, _ = anon.submit("/login", fm.action, cloneValues(fm.fill))
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			assert.Equal(t, before, changes(f), "a refused form changes nothing")
		})
	}
}

func TestForms_ForgedTokenRefused(t *testing.T) {
	for _, fm := range forms {
		t.Run(fm.name, func(t *testing.T) {
			ts, f := newTestDesk(t)
			before := changes(f)
			who := "oleg"
			if fm.who.ru == secretaryOnly.ru {
				who = "anna"
			}
			v := newVisitor(t, ts).login(who)
			for _, token := range []string{"", "forged", newVisitor(t, ts).csrf("/login")} {
				form := cloneValues(fm.fill)
				form.Set("csrf", token)
				resp, body := v.post(fm.action, form)
				assert.Equal(t, http.StatusForbidden, resp.StatusCode, "token %q", token)
				assert.Contains(t, body, "Ключ защиты формы")
			}
			assert.Equal(t, before, changes(f), "a forged form changes nothing")
		})
	}
}

func TestForms_AcceptedWithTheRight(t *testing.T) {
	for _, fm := range forms {
		t.Run(fm.name, func(t *testing.T) {
			ts, f := newTestDesk(t)
			who := "oleg"
			if fm.who.ru == secretaryOnly.ru {
				who = "anna"
			}
			resp, body := newVisitor(t, ts).login(who).submit(fm.page, fm.action, cloneValues(fm.fill))
			require.Equal(t, http.StatusOK, resp.StatusCode, text(body))
			assert.Contains(t, body, `id="heading"`)
			assert.NotEmpty(t, f.sent, "the action sends letters")
		})
	}
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

func TestRuleClaim_6_3_7_ConfirmedLosesTheGame(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("oleg")
	resp, body := v.submit(gamePath("1-2")+"/claim/1", gamePath("1-2")+"/claim/1", url.Values{"decision": {"confirm"}, "note": {"<b>по графику</b>"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "Просрочка подтверждена (п. 6.3.7).")
	assert.Contains(t, body, "petrov@example.org", "the offender is told")
	assert.Contains(t, body, "&lt;b&gt;по графику&lt;/b&gt;", "the note is escaped")
	g, _ := f.states["ТЕСТ-2026"].Game("ТЕСТ-2026 1-2")
	assert.Equal(t, corr.Finished, g.Status)
	assert.Equal(t, "1-0", g.Result)
	assert.Equal(t, corr.ClaimConfirmed, g.Claims[0].Status)
	assert.Equal(t, "2026-05-20", g.Claims[0].Ruled.String(), "the ruling is dated by the injected clock")
	// The letter is in the game's thread, and the claim can be ruled only once.
	_, page := v.get(gamePath("1-2"))
	assert.Contains(t, page, "→ petrov@example.org (решение судьи)")
	assert.NotContains(t, page, `class="onmove"`, "issue 16.16: a finished game has nobody on move, no overstep date, no guessed receipt")
	resp, _ = v.submit(gamePath("1-2")+"/claim/1", gamePath("1-2")+"/claim/1", url.Values{"decision": {"reject"}})
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	// The dossier now shows the ruling; the protest window ran from the
	// claim's notice, filed on 14.05 (6.3.8).
	_, dossier := v.get(gamePath("1-2") + "/claim/1")
	assert.Contains(t, text(dossier), "просрочка подтверждена (20.05.2026)")
	assert.Contains(t, text(dossier), "не позднее 24.05.2026")
	assert.Contains(t, text(dossier), "Обжалование решения (п. 6.1.12) в течение 10 дней со дня решения, до 30.05.2026")
	assert.NotContains(t, dossier, `id="ruling"`, "no form once ruled")
}

func TestRuleClaim_6_3_7_RejectedPlayGoesOn(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("oleg")
	resp, body := v.submit(gamePath("1-2")+"/claim/1", gamePath("1-2")+"/claim/1", url.Values{"decision": {"reject"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "Просрочки нет (п. 6.3.7)")
	g, _ := f.states["ТЕСТ-2026"].Game("ТЕСТ-2026 1-2")
	assert.Equal(t, corr.Playing, g.Status)
	assert.Equal(t, corr.ClaimRejected, g.Claims[0].Status)
}

func TestRuleClaim_NeedsADecision(t *testing.T) {
	ts, f := newTestDesk(t)
	before := changes(f)
	resp, body := newVisitor(t, ts).login("oleg").submit(gamePath("1-2")+"/claim/1", gamePath("1-2")+"/claim/1", url.Values{"decision": {"maybe"}})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	assert.Contains(t, body, "Выберите решение")
	assert.Equal(t, before, changes(f))
}

func TestAdjudicate_6_5_5_TellsThePlayerWhoseEvaluationDiffers(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("oleg")
	resp, body := v.submit(gamePath("3-1")+"/adjudication", gamePath("3-1")+"/adjudication", url.Values{"result": {"1-0"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "присуждена: 1-0")
	// White (player 3) said 1-0, Black (player 1) said a draw: only Black is told.
	require.Len(t, f.sent, 1)
	assert.Equal(t, "ivanov@example.org", f.sent[0].To)
	_, page := v.get(gamePath("3-1") + "/adjudication")
	assert.Contains(t, page, `id="ruled"`)
	assert.NotContains(t, page, `id="adjudicate"`, "no second ruling")
}

func TestAdjudicate_BadResultShowsTheFormAgain(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("oleg")
	for _, result := range []string{"", "2:2", "+/-", "*"} {
		resp, body := v.submit(gamePath("3-1")+"/adjudication", gamePath("3-1")+"/adjudication", url.Values{"result": {result}, "reason": {"<оценка>"}})
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, result)
		assert.Contains(t, body, `id="error"`, result)
		assert.Contains(t, body, "&lt;оценка&gt;", "the reason is kept, escaped")
	}
	assert.Empty(t, f.sent)
}

func TestQueue_AssignAppliesTheLetterThroughTheReferee(t *testing.T) {
	ts, f := newTestDesk(t)
	resp, body := newVisitor(t, ts).login("anna").submit("/queue", "/queue/9/assign", url.Values{"game": {"ТЕСТ-2026 1-2"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "Письмо №9 от stranger@example.org применено к партии ТЕСТ-2026 1-2.")
	assert.Equal(t, "ТЕСТ-2026 1-2", f.letters[8].Game)
	resp, _ = newVisitor(t, ts).login("anna").submit("/queue", "/queue/9/assign", url.Values{"game": {"no such game"}})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	resp, _ = newVisitor(t, ts).login("anna").submit("/queue", "/queue/77/assign", url.Values{"game": {"ТЕСТ-2026 1-2"}})
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestQueue_AnswerGoesToTheSender(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	resp, _ := v.submit("/queue", "/queue/9/answer", url.Values{"subject": {"Re: ход"}, "body": {"Укажите шифр турнира."}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, f.sent, 1)
	assert.Equal(t, corr.Outgoing{To: "stranger@example.org", Kind: "secretary", Subject: "Re: ход", Body: "Укажите шифр турнира.", InReplyTo: "<stray@example.org>"}, f.sent[0])
	resp, _ = v.submit("/queue", "/queue/9/answer", url.Values{"subject": {""}, "body": {"x"}})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
}

func TestPaper_6_3_1_PostmarksAreChecked(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	good := url.Values{"game": {"ТЕСТ-2026 3-1"}, "side": {"white"}, "posted": {"2026-05-18"}, "received": {"2026-05-20"}, "text": {"ход"}}
	cases := []struct {
		name, key, value, want string
	}{
		{"no game", "game", "ТЕСТ-2026 9-9", "Выберите партию"},
		{"no side", "side", "", "белые или черные"},
		{"bad date", "posted", "18.05.2026", "ГГГГ-ММ-ДД"},
		{"arrived before posted", "received", "2026-05-17", "раньше штемпеля отправления"},
		{"arrived after today (Q36)", "received", "2026-05-21", "позже сегодняшнего дня"},
		{"no text", "text", "  ", "Перепечатайте"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			form := cloneValues(good)
			form.Set(c.key, c.value)
			resp, body := v.submit("/paper", "/paper", form)
			assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
			assert.Contains(t, body, c.want)
			kept := "posted"
			if c.key == kept {
				kept = "received"
			}
			assert.Contains(t, body, `value="`+form.Get(kept)+`"`, "the form keeps what was typed")
		})
	}
	assert.Empty(t, f.sent)
	resp, body := v.submit("/paper", "/paper", good)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "внесено")
}

func TestClaimPage_6_3_8_ProtestWindow(t *testing.T) {
	d := timecontrol.MustDate
	cases := []struct {
		name string
		// claim changes the test desk's pending claim, filed on 14 May.
		claim func(c *corr.Claim)
		want  []string
	}{
		{"open: ten days from the notice", func(*corr.Claim) {}, []string{"может опротестовать не позднее 24.05.2026", "сообщения о просрочке 14.05.2026"}},
		{"protest waiting", func(c *corr.Claim) {
			c.Protest.Protested, c.Protest.Text = d("2026-05-20"), "<b>не согласен</b>"
		},
			[]string{"опротестовал(а) 20.05.2026; решение по протесту ждет судьи", "&lt;b&gt;не согласен&lt;/b&gt;"}},
		{"protest decided by the ruling", func(c *corr.Claim) {
			c.Protest.Protested = d("2026-05-20")
			c.Status, c.Ruled, c.Note = corr.ClaimRejected, d("2026-05-22"), "ответ был отправлен вовремя"
		}, []string{"решение судьи от 22.05.2026: протест удовлетворен — ответ был отправлен вовремя"}},
		{"silence", func(c *corr.Claim) { c.Protest.Admitted = true }, []string{"протеста не было до 24.05.2026"}},
		{"late", func(c *corr.Claim) { c.Protest.Admitted, c.Protest.Late = true, d("2026-05-27") }, []string{"протест от 27.05.2026 пришел после срока"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts, f := newTestDesk(t)
			st := f.states["ТЕСТ-2026"]
			st.Games = slices.Clone(st.Games)
			i := slices.IndexFunc(st.Games, func(g *corr.Game) bool { return g.Code == "ТЕСТ-2026 1-2" })
			g := *st.Games[i] // the store's game stays as it was
			g.Claims = slices.Clone(g.Claims)
			st.Games[i] = &g
			c.claim(&st.Games[i].Claims[0])
			f.states["ТЕСТ-2026"] = st
			resp, body := newVisitor(t, ts).login("oleg").get(gamePath("1-2") + "/claim/1")
			require.Equal(t, http.StatusOK, resp.StatusCode)
			for _, w := range c.want {
				assert.Contains(t, text(body), w)
			}
		})
	}
}
