package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

func TestBoardSVG_DrawsEveryVariant(t *testing.T) {
	cases := []struct {
		name                        string
		pos                         func(t *testing.T) draughts.Position
		darkSquares, white, black   int
		kings                       int
		files, lastFile, lastNumber string
	}{
		{"russian initial", func(*testing.T) draughts.Position { return draughts.Initial(draughts.Russian) }, 32, 12, 12, 0, "h", "h", ""},
		{"international initial", func(*testing.T) draughts.Position { return draughts.Initial(draughts.International) }, 50, 20, 20, 0, "j", "j", ">50<"},
		// 80-square draughts (6.1.4): ten files, eight ranks, letters only.
		{"10x8 initial", func(*testing.T) draughts.Position { return draughts.Initial(draughts.EightySquare) }, 40, 15, 15, 0, "j", "j", ""},
		{"russian kings", func(t *testing.T) draughts.Position {
			p, err := draughts.ParseFEN(draughts.Russian, "W:WKc3,e1:BKh8,a7")
			require.NoError(t, err)
			return p
		}, 32, 2, 2, 2, "h", "h", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svg := string(BoardSVG(c.pos(t), nil))
			assert.Equal(t, c.darkSquares, strings.Count(svg, `fill="#8b5a2b"`), "dark squares")
			assert.Equal(t, c.white, strings.Count(svg, `<g class="piece white`))
			assert.Equal(t, c.black, strings.Count(svg, `<g class="piece black`))
			assert.Equal(t, c.kings, strings.Count(svg, ` king">`))
			assert.Equal(t, 2, strings.Count(svg, `>`+c.lastFile+`</text>`), "files on both edges")
			assert.NotContains(t, svg, `>`+string(rune(c.lastFile[0]+1))+`</text>`, "no file past the board")
			if c.lastNumber != "" {
				assert.Contains(t, svg, c.lastNumber, "square numbers on a numeric board")
			}
		})
	}
}

func TestBoardSVG_KingTitleAndLastMove(t *testing.T) {
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKc3:Bh8")
	require.NoError(t, err)
	svg := string(BoardSVG(p, nil))
	assert.Contains(t, svg, "<title>c3: белая дамка</title>")
	assert.Contains(t, svg, "<title>h8: черная шашка</title>")
	assert.NotContains(t, svg, `fill="#b8860b"`, "no last move given")
	mt, err := draughts.ParseMoveText("c3-e5")
	require.NoError(t, err)
	m, err := p.Resolve(mt)
	require.NoError(t, err)
	after := p.Play(m)
	assert.Equal(t, 2, strings.Count(string(BoardSVG(after, &m)), `fill="#b8860b"`), "origin and destination highlighted")
}

func TestPDN_GameAndTournamentReplay(t *testing.T) {
	ts, f := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	resp, body := v.get(gamePath("1-2") + "/pdn")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	games, err := draughts.ParsePDN([]byte(body))
	require.NoError(t, err)
	require.Len(t, games, 1)
	rec, err := games[0].Replay()
	require.NoError(t, err)
	want, _ := f.states["ТЕСТ-2026"].Game("ТЕСТ-2026 1-2")
	assert.Equal(t, want.Record(draughts.Russian).Moves, rec.Moves)
	white, _ := games[0].Tag("White")
	assert.Equal(t, "Иванов Иван", white)

	resp, body = v.get(tourPath() + "/pdn")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	games, err = draughts.ParsePDN([]byte(body))
	require.NoError(t, err)
	require.Len(t, games, 3)
	result, _ := games[2].Tag("Result")
	assert.Equal(t, "1/2-1/2", result)
}

// TestLedger_6_3_6_RowsPairTheMoves checks the layout of the sample: a row
// per move pair, White's figures left, Black's right, a penalty on a row of
// its own.
func TestLedger_6_3_6_RowsPairTheMoves(t *testing.T) {
	f := newFixture(t)
	st := f.states["ТЕСТ-2026"]
	l, err := st.Ledger(*st.Games[0])
	require.NoError(t, err)
	v := newLedgerView(l, st.Checked)
	var shape []string
	for _, r := range v.Rows {
		shape = append(shape, r.Number+":"+r.WhiteMove+"/"+r.BlackMove+map[bool]string{true: "+penalty"}[(r.White != nil && r.White.Penalty) || (r.Black != nil && r.Black.Penalty)])
	}
	// The penalty was charged while Black thought about move 2: the
	// ledger is chronological, so it splits that pair.
	assert.Equal(t, []string{"1:c3-d4/f6-g5", "2:b2-c3/", ":/+penalty", "2:/g7-f6", "3:a1-b2/h8-g7", "4:g3-f4/b6-a5"}, shape)
	marks := 0
	for _, r := range v.Rows {
		for _, h := range []*ledgerHalf{r.White, r.Black} {
			if h != nil && h.Mark > 0 {
				marks++
				assert.Equal(t, v.Notes[h.Mark-1].Text, h.Title, "the hover and the note say the same")
			}
		}
	}
	assert.Equal(t, len(v.Notes), marks)
	assert.Regexp(t, regexp.MustCompile(`^Просрочка \(п\. 6\.3\.5\): Черные, ход \d+: \d+ дн\. при норме 50`), v.Overstep)
	assert.GreaterOrEqual(t, len(v.OnMove), 2, "the clock of the player on move and its verdict")
}
