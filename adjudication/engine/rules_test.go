package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// TestAnalyseRecord_2_1_9_1_3to8_3_5_DrawnWhereDrawClaimsAllows plays a
// game into each counted draw rule and checks that the analysis of the
// game stops at once with a draw from the ply where DrawClaims first
// allows the claim, and searches one ply before it.
func TestAnalyseRecord_2_1_9_1_3to8_3_5_DrawnWhereDrawClaimsAllows(t *testing.T) {
	for _, c := range []struct {
		rule, fen, cycle string
		v                draughts.Variant
		cycles           int
	}{
		{"2.1.9.1.3", "W:WKa1,Kc1,Ke1:BKh2", "a1-b2 h2-g1 b2-a1 g1-h2", draughts.Russian, 8},
		{"2.1.9.1.4", "W:WKc1,Ke1,Kg1:BKa7", "c1-d2 a7-b8 d2-c1 b8-a7", draughts.Russian, 8},
		{"2.1.9.1.5", "W:WKc1,g1:BKa7", "c1-d2 a7-b8 d2-c1 b8-a7", draughts.Russian, 3},
		{"2.1.9.1.7", "W:WKc1,e1,g1:BKh8", "c1-d2 h8-g7 d2-c1 g7-h8", draughts.Russian, 3},
		{"2.1.9.1.8", "W:WKc1,e1,g1:BKf8,b8,d8", "c1-d2 f8-e7 d2-c1 e7-f8", draughts.Russian, 8},
		{"2.1.9.1.8", "W:WKc1,Kg1:BKh8,Kb8", "c1-d2 h8-g7 d2-c1 g7-h8", draughts.Giveaway, 8},
		{"3.5", "W:WK47,K49,K50:BK5", "47-42 5-10 42-47 10-5", draughts.International, 8},
		{"3.5", "W:WK47,48:BK5,1", "47-42 5-10 42-47 10-5", draughts.International, 13},
	} {
		moves := strings.Fields(strings.Repeat(c.cycle+" ", c.cycles))
		r := play(t, c.v, c.fen, moves...)
		ply := -1
		for _, cl := range draughts.DrawClaims(r) {
			if cl.Rule != "2.1.9.1.9" { // repetitions the search finds apart
				ply = cl.Ply
				assert.Equal(t, c.rule, cl.Rule, "%s %s", c.v, c.fen)
				break
			}
		}
		require.Positive(t, ply, "%s %s: no claim", c.v, c.fen)
		a := NewAnalyser(10)
		at := a.AnalyseRecord(draughts.Record{Start: r.Start, Moves: r.Moves[:ply]}, Limits{Depth: 1})
		assert.Equal(t, Drawn, at.Result, "%s %s at ply %d", c.v, c.fen, ply)
		assert.Zero(t, at.Depth, "%s %s: drawn without a search", c.v, c.fen)
		before := a.AnalyseRecord(draughts.Record{Start: r.Start, Moves: r.Moves[:ply-1]}, Limits{Depth: 1})
		assert.Equal(t, 1, before.Depth, "%s %s: one ply before the claim, a search runs", c.v, c.fen)
	}
}
