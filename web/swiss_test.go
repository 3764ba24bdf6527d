package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// A Swiss tournament's page shows each game's round, the byes (1.15.2)
// and the table with the Swiss tie-breaks (5.3.11.3).
func TestTournamentPage_1_15_SwissRoundsAndByes(t *testing.T) {
	ts, f := newTestDesk(t)
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	st, _, err := corr.Start(corr.State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	require.Len(t, st.Byes, 1)
	f.mu.Lock()
	f.order = append(f.order, tr.Cipher)
	f.states[tr.Cipher] = st
	f.mu.Unlock()

	_, body := newVisitor(t, ts).login("anna").get("/t/" + url.PathEscape(tr.Cipher))
	assert.Contains(t, body, "<th>Тур</th><th>Партия</th>")
	assert.Contains(t, body, "<tr><td>1</td><td><a href=")
	bye, _ := tr.Player(st.Byes[0].Player)
	assert.Contains(t, body, "Плюс (без партнёра, п. 1.15.2): тур 1 — "+bye.Name)
	assert.Contains(t, body, "<th>Бухг</th>", "the Swiss tie-breaks")

	_, body = newVisitor(t, ts).login("anna").get(tourPath())
	assert.NotContains(t, body, "<th>Тур</th>", "a round robin has no rounds")
}

// swissDesk is the test desk with the nine-player Swiss tournament of
// testdata started: round 1 is drawn and no move is played.
func swissDesk(t *testing.T) (*httptest.Server, *fakeStore, corr.State) {
	t.Helper()
	ts, f := newTestDesk(t)
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	st, _, err := corr.Start(corr.State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	f.mu.Lock()
	f.order = append(f.order, tr.Cipher)
	f.states[tr.Cipher] = st
	f.mu.Unlock()
	return ts, f, st
}

// The judge draws a round again from the tournament's page, with a reason
// (1.15.8); the form is the judge's alone and carries the form key.
func TestRedrawForm_1_15_8_OnlyTheJudge(t *testing.T) {
	reason := "стартовый лист ушёл не по тем адресам"
	fill := func() url.Values { return url.Values{"round": {"1"}, "reason": {reason}} }
	tests := []struct {
		name   string
		who    string // "" for nobody logged in
		forged bool
		form   url.Values
		status int
		want   string
	}{
		{"the secretary", "anna", false, fill(), http.StatusForbidden, "Эта форма — для " + judgeOnly.ru},
		{"nobody logged in", "", false, fill(), http.StatusUnauthorized, ""},
		{"the judge with a forged key", "oleg", true, fill(), http.StatusForbidden, "Ключ защиты формы"},
		{"the judge without a reason", "oleg", false, url.Values{"round": {"1"}, "reason": {"  "}}, http.StatusUnprocessableEntity, "Напишите причину"},
		{"the judge on a stale page", "oleg", false, url.Values{"round": {"2"}, "reason": {reason}}, http.StatusConflict, "Последний тур"},
		{"the judge", "oleg", false, fill(), http.StatusOK, "Тур 1 проведён заново (п. 1.15.8): отменено партий без ходов — 4."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, f, st := swissDesk(t)
			page := "/t/" + url.PathEscape(st.Tournament.Cipher)
			v := newVisitor(t, ts)
			if tt.who != "" {
				v = v.login(tt.who)
			}
			from := page
			if tt.who == "" {
				from = "/login"
			}
			form := tt.form
			form.Set("csrf", v.csrf(from))
			if tt.forged {
				form.Set("csrf", "forged")
			}
			resp, body := v.post(page+"/redraw", form)
			require.Equal(t, tt.status, resp.StatusCode, text(body))
			assert.Contains(t, body, tt.want)
			f.mu.Lock()
			defer f.mu.Unlock()
			if tt.status != http.StatusOK {
				assert.Empty(t, f.sent, "a refused form sends nothing")
				assert.Equal(t, st.Games, f.states[st.Tournament.Cipher].Games, "and changes nothing")
				return
			}
			kinds := map[string]int{}
			for _, o := range f.sent {
				kinds[o.Kind]++
				if o.Kind == "round-cancelled" {
					assert.Contains(t, o.Body, reason)
				}
			}
			assert.Equal(t, 8, kinds["round-cancelled"], "both players of the four cancelled games")
			assert.Equal(t, 10, kinds["start-list"], "eight players, the bye, the secretary")
			assert.Len(t, f.states[st.Tournament.Cipher].Games, 4)
		})
	}
}

// Only the judge sees the form, and only while the last round has a game
// without a move.
func TestTournamentPage_1_15_8_RedrawFormForTheJudge(t *testing.T) {
	ts, f, st := swissDesk(t)
	page := "/t/" + url.PathEscape(st.Tournament.Cipher)
	_, body := newVisitor(t, ts).login("oleg").get(page)
	assert.Contains(t, body, `id="redraw"`)
	assert.Contains(t, body, "Повторная жеребьёвка тура 1 (п. 1.15.8)")
	_, body = newVisitor(t, ts).login("anna").get(page)
	assert.NotContains(t, body, `id="redraw"`, "not the secretary's")
	_, body = newVisitor(t, ts).login("oleg").get(tourPath())
	assert.NotContains(t, body, `id="redraw"`, "a round robin has no rounds")

	f.mu.Lock()
	played := f.states[st.Tournament.Cipher].Clone()
	for i := range played.Games {
		played.Games[i].Status, played.Games[i].Result = corr.Finished, "1-0"
	}
	f.states[st.Tournament.Cipher] = played
	f.mu.Unlock()
	_, body = newVisitor(t, ts).login("oleg").get(page)
	assert.NotContains(t, body, `id="redraw"`, "every game of the round has a result")
}
