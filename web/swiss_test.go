package web

import (
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
