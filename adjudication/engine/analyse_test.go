package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// position parses a test FEN and checks that it can arise in a game: men
// off their promotion rows (ParseFEN), no more pieces than a side starts
// with, and a piece left to the side that has just moved.
func position(t *testing.T, v draughts.Variant, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(v, fen)
	require.NoError(t, err, fen)
	start := draughts.Initial(v).Pieces(draughts.White).Count()
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		require.LessOrEqual(t, p.Pieces(c).Count(), start, "%s: too many %s pieces", fen, c)
	}
	require.NotZero(t, p.Pieces(p.SideToMove().Opponent()), "%s: the side that just moved has no piece", fen)
	return p
}

// replay checks that every move of the line is legal in turn.
func replay(t *testing.T, p draughts.Position, pv []draughts.Move) {
	t.Helper()
	for i, m := range pv {
		require.Contains(t, p.LegalMoves(nil), m, "move %d of the line is not legal in %s", i+1, p.FEN())
		p = p.Play(m)
	}
}

func TestAnalyse_ProvenWins(t *testing.T) {
	for _, c := range []struct {
		name    string
		v       draughts.Variant
		fen     string
		depth   int
		result  Result
		plies   int
		opening []string // the first moves of the line, when only they win
	}{
		// d2-e3! d4:f2 forced, e1:g3, and whatever Black plays the next
		// capture takes both of its last men (2.8.1: no pieces left).
		{"2_8_1_RussianShot", draughts.Russian, "W:We1,d2,h4:Bd4,g5,f6", 7, WhiteWins, 5, []string{"d2-e3", "d4:f2", "e1:g3"}},
		// The king heads the man off before it crowns and takes it.
		{"2_8_1_KingCatchesLoneMan", draughts.Russian, "W:WKh2:Bc5", 8, WhiteWins, 7, nil},
		{"2_8_1_KingTakesManAtOnce", draughts.Russian, "W:WKa1:Bc5", 4, WhiteWins, 3, []string{"a1-c3"}},
		// A king in the corner of the main diagonal facing the other king on
		// it: every move along it is taken (3.4: kings fly).
		{"3_4_CorneredKingLost", draughts.International, "W:WK46:BK5", 4, BlackWins, 2, nil},
		{"3_4_TwoKingsTakeKing", draughts.International, "W:WK46,K47:BK5", 4, WhiteWins, 3, nil},
		// 80-square draughts (6.1.4), Russian rules: the same shot on the
		// 10x8 board, and a man crowned mid-capture goes on as a king
		// (2.1.5.15): d6:f8:i5 takes both Black men at once.
		{"6_1_4_EightySquareKingTakesManAtOnce", draughts.EightySquare, "W:WKa1:Bc5", 4, WhiteWins, 3, []string{"a1-c3"}},
		{"2_1_5_15_EightySquareCrownedManTakesAll", draughts.EightySquare, "W:Wd6:Be7,h6", 2, WhiteWins, 1, nil},
		// Giveaway: the side that gives all its pieces away wins.
		{"Giveaway_GivesLastMan", draughts.Giveaway, "W:Wc3:Be5", 4, WhiteWins, 2, []string{"c3-d4", "e5:c3"}},
		{"Giveaway_BlackGivesAway", draughts.Giveaway, "B:Wc3:Be5", 4, BlackWins, 2, []string{"e5-d4", "c3:e5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := position(t, c.v, c.fen)
			a := NewAnalyser(16).Analyse(p, Limits{Depth: c.depth})
			assert.Equal(t, c.result, a.Result)
			assert.Equal(t, c.plies, a.Plies)
			want := win - c.plies
			if c.result == BlackWins {
				want = -want
			}
			assert.Equal(t, want, a.Score)
			require.Len(t, a.Notation, len(a.PV))
			replay(t, p, a.PV)
			if c.opening != nil {
				require.GreaterOrEqual(t, len(a.Notation), len(c.opening))
				assert.Equal(t, c.opening, a.Notation[:len(c.opening)])
			}
		})
	}
}

func TestAnalyse_2_8_1_NoMoveIsDecided(t *testing.T) {
	// White's man on h4 is blocked by g5 with f6 behind it: White cannot
	// move. That loses (2.8.1), and wins in giveaway.
	for v, want := range map[draughts.Variant]Result{draughts.Russian: BlackWins, draughts.Giveaway: WhiteWins} {
		p := position(t, v, "W:Wh4:Bg5,f6")
		a := Analyse(p, Limits{Depth: 3})
		assert.Equal(t, want, a.Result, v)
		assert.Empty(t, a.PV, v)
		assert.Zero(t, a.Plies, v)
	}
}

func TestAnalyse_2_1_9_1_5_KingAgainstKingIsDrawnByRule(t *testing.T) {
	p := position(t, draughts.Russian, "W:WKc1:BKf8")
	// Five moves of each side (10 plies) complete the count of 2.1.9.1.5;
	// a shallower search cannot see the draw.
	short := NewAnalyser(14).Analyse(p, Limits{Depth: 8})
	assert.Equal(t, Unproven, short.Result)
	a := NewAnalyser(14).Analyse(p, Limits{Depth: 12})
	assert.Equal(t, Drawn, a.Result)
	assert.Zero(t, a.Score)
	assert.Equal(t, 10, a.Depth, "the draw is proven as soon as the horizon covers the count")
	replay(t, p, a.PV)
}

func TestAnalyse_3_5_InternationalKingAgainstKingIsDrawnByRule(t *testing.T) {
	p := position(t, draughts.International, "W:WK47:BK4")
	a := NewAnalyser(14).Analyse(p, Limits{Depth: 12})
	assert.Equal(t, Drawn, a.Result)
	assert.Zero(t, a.Score)
}

func TestAnalyse_2_1_9_1_7_ThreeKingsAgainstKingOnTheBigRoadNotWon(t *testing.T) {
	// Black's lone king holds the big road a1-h8: three kings cannot
	// catch it, and 2.1.9.1.7 draws the game after White's fifth move.
	road := position(t, draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4")
	a := NewAnalyser(18).Analyse(road, Limits{Depth: 9})
	assert.NotEqual(t, WhiteWins, a.Result)
	assert.Less(t, a.Score, 100, "three kings against a king on the big road are a draw, not six men up")
	assert.Equal(t, 9, a.Depth, "the horizon covers White's fifth move, where 2.1.9.1.7 draws")
	replay(t, road, a.PV)
	// Off the road the same material wins (Petrov's triangle): the
	// evaluation must tell the two apart.
	off := position(t, draughts.Russian, "W:WKc1,Ke1,Kh2:BKb6")
	assert.Greater(t, whiteScore(off, progressOf(off)), 400)
	assert.Less(t, whiteScore(road, progressOf(road)), 100)
}

func TestAnalyse_LimitsAreDeterministic(t *testing.T) {
	p := draughts.Initial(draughts.International)
	lim := Limits{Nodes: 20000}
	a, b := NewAnalyser(16).Analyse(p, lim), NewAnalyser(16).Analyse(p, lim)
	assert.Equal(t, a, b, "the same budget gives the same analysis")
	assert.GreaterOrEqual(t, a.Depth, 1)
	assert.NotEmpty(t, a.PV)
	replay(t, p, a.PV)

	var depths []int
	var kept []Analysis
	var seen [][]draughts.Move
	last := NewAnalyser(16).Analyse(p, Limits{Depth: 5, Progress: func(a Analysis) {
		depths = append(depths, a.Depth)
		kept = append(kept, a)
		seen = append(seen, append([]draughts.Move(nil), a.PV...))
	}})
	assert.Equal(t, []int{1, 2, 3, 4, 5}, depths, "Progress follows each iteration")
	for i := range kept {
		assert.Equal(t, seen[i], kept[i].PV, "a reported line is not overwritten by later iterations")
	}
	assert.Equal(t, last, kept[4])

	calls := 0
	stopped := NewAnalyser(16).Analyse(p, Limits{Stop: func() bool { calls++; return calls > 3 }})
	assert.Greater(t, calls, 3, "Stop is polled")
	assert.Less(t, stopped.Depth, MaxDepth)
	assert.NotEmpty(t, stopped.PV)
	replay(t, p, stopped.PV)

	// Stopped at once, the analysis still names a legal move: the first,
	// with the static evaluation, and Depth 0.
	now := NewAnalyser(16).Analyse(p, Limits{Stop: func() bool { return true }})
	assert.Zero(t, now.Depth)
	assert.Equal(t, p.LegalMoves(nil)[:1], now.PV)
	assert.Equal(t, evaluate(p), now.SideScore)
	// Cut short within the first iteration, it keeps the best root move
	// searched so far.
	cut := NewAnalyser(16).Analyse(p, Limits{Nodes: 5})
	assert.Zero(t, cut.Depth)
	assert.NotEmpty(t, cut.PV)
	replay(t, p, cut.PV)
}

func TestAnalyse_InitialPositionsAreLevel(t *testing.T) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		p := draughts.Initial(v)
		a := NewAnalyser(16).Analyse(p, Limits{Depth: 6})
		assert.Equal(t, 6, a.Depth, v)
		assert.Equal(t, Unproven, a.Result, v)
		assert.Less(t, max(a.Score, -a.Score), 60, "%s: the initial position is level", v)
		assert.Len(t, a.Notation, len(a.PV), v)
		replay(t, p, a.PV)
	}
}

// 2.1.9.1.7: three kings against a lone king holding the big road, none of
// them on it; the count runs from the analysed position. The search proves
// the draw: within the rule's 5 moves White cannot take the king, and every
// line where it gives a king away ends in 2.1.9.1.5's count.
func TestAnalyse_2_1_9_1_7_ThreeKingsAgainstRoadKingDrawn(t *testing.T) {
	if testing.Short() {
		t.Skip("a proof of some 15 million positions")
	}
	p := position(t, draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4")
	a := NewAnalyser(22).Analyse(p, Limits{Nodes: 40_000_000})
	assert.Equal(t, Drawn, a.Result)
	assert.Equal(t, 0, a.Score)
	replay(t, p, a.PV)
}

// 3.5: three kings against a lone king on the main diagonal (46-5) is a
// draw: the search scores it 0 (a proof needs the 16 moves of the rule,
// beyond its reach without endgame tables), never an edge for the kings.
func TestAnalyse_3_5_ThreeKingsAgainstDiagonalKingScoresDraw(t *testing.T) {
	p := position(t, draughts.International, "W:WK1,K2,K3:BK28")
	a := NewAnalyser(20).Analyse(p, Limits{Depth: 8})
	assert.Equal(t, 0, a.Score)
	assert.NotEqual(t, WhiteWins, a.Result)
	replay(t, p, a.PV)
}

// One scale for every variant and every proof: a win proven within n plies
// scores ±(30000 - n), from the main search or the bound searches alike.
func TestAnalyse_ProvenWinsOnOneScale(t *testing.T) {
	for _, c := range []struct {
		v        draughts.Variant
		fen      string
		depth    int
		result   Result
		sideWins bool
	}{
		{draughts.Russian, "W:We1,d2,h4:Bd4,g5,f6", 7, WhiteWins, true},
		{draughts.International, "W:WK46:BK5", 4, BlackWins, false},
		{draughts.International, "B:WK46,K47:BK5", 4, WhiteWins, false},
	} {
		p := position(t, c.v, c.fen)
		a := NewAnalyser(16).Analyse(p, Limits{Depth: c.depth})
		require.Equal(t, c.result, a.Result, c.fen)
		assert.Greater(t, max(a.Score, -a.Score), winBound, "%s: a proven win beyond winBound", c.fen)
		assert.Equal(t, a.SideScore, provenScore(p, a.Result, a.Plies), "%s: the bound searches' scale is the main search's", c.fen)
		assert.Equal(t, c.sideWins, a.SideScore > 0)
	}
}

// A lone king against two kings is a dead draw: 0 whoever is to move, with
// no bonus for the move, as the draw by rule it ends in.
func TestEvaluate_2_1_9_1_5_DeadDrawNoMoveBonus(t *testing.T) {
	for _, fen := range []string{"W:WKc1,Ke1:BKd4", "B:WKc1,Ke1:BKd4", "W:WKc1,Ke1,Kh2:BKd4", "B:WK1,K2,K3:BK28"} {
		v := draughts.Russian
		if fen[len(fen)-1] == '8' && fen[len(fen)-2] == '2' {
			v = draughts.International
		}
		assert.Equal(t, 0, evaluate(position(t, v, fen)), fen)
	}
}
