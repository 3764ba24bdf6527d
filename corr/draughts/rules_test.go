package draughts

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mustFEN parses a FEN or fails the test.
func engFEN(t testing.TB, v Variant, fen string) Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	require.NoError(t, err, fen)
	return p
}

// written lists the legal moves of p in full notation, sorted.
func engWritten(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

// ruleCase is a position and its legal moves counted by hand (the comment
// of each case gives the count).
type ruleCase struct {
	v     Variant
	fen   string
	want  []string // full notation, sorted
	paths int      // number of capture paths when duplicates count; 0 = len(want)
}

func checkRule(t *testing.T, c ruleCase) Position {
	t.Helper()
	p := engFEN(t, c.v, c.fen)
	assert.Equal(t, c.want, engWritten(p), c.fen)
	paths := c.paths
	if paths == 0 {
		paths = len(c.want)
	}
	assert.Len(t, p.LegalPaths(nil), paths, "paths of %s", c.fen)
	assert.EqualValues(t, paths, Perft(p, 1, true))
	assert.EqualValues(t, len(c.want), Perft(p, 1, false))
	return p
}

func TestCapture_2_1_5_3_MenCaptureBackwards(t *testing.T) {
	// e5 takes d4 backwards, landing on c3: the only move, capture being compulsory.
	checkRule(t, ruleCase{v: Russian, fen: "W:We5,a1:Bd4,h8", want: []string{"e5:c3"}})
}

func TestCapture_2_1_5_2_FlyingKing(t *testing.T) {
	// King a1 takes d4 from afar and may stop on e5, f6, g7 or h8: 4 moves.
	checkRule(t, ruleCase{v: Russian, fen: "W:WKa1:Bd4", want: []string{"a1:e5", "a1:f6", "a1:g7", "a1:h8"}})
}

func TestCapture_2_1_5_6_KingMustLandWhereItGoesOn(t *testing.T) {
	// King a1 takes c3; of the landings d4..h8 only d4 sees e3 to take, so it
	// must land on d4, then take e3 and stop on f2 or g1: 2 moves (a looser
	// reading would add a1:e5, a1:f6, a1:g7, a1:h8 and a1:d4).
	checkRule(t, ruleCase{v: Russian, fen: "W:WKa1:Bc3,e3", want: []string{"a1:f2", "a1:g1"}})
}

func TestCapture_2_1_5_14_FreeChoiceAmongCaptures(t *testing.T) {
	// Russian: a5:c7 (one piece) is as legal as c1:e3:g5 (two): 2 moves.
	checkRule(t, ruleCase{v: Russian, fen: "W:Wa5,c1:Bb6,d2,f4", want: []string{"a5:c7", "c1:g5"}})
}

func TestCapture_2_1_5_15_PromotionDuringCaptureContinuesAsKing(t *testing.T) {
	// b6 takes c7 landing on d8, is a king at once and takes f6 from afar,
	// stopping on g5 or h4: 2 moves, both promoting.
	p := checkRule(t, ruleCase{v: Russian, fen: "W:Wb6:Bc7,f6", want: []string{"b6:g5", "b6:h4"}})
	for _, m := range p.LegalMoves(nil) {
		assert.True(t, m.Promotes)
		assert.False(t, m.King)
		assert.Equal(t, 2, m.CaptureCount())
		assert.Equal(t, []string{"d8", Russian.SquareName(m.To)}, engNames(Russian, p.Landings(m)))
		_, king, _ := p.Play(m).Piece(m.To)
		assert.True(t, king)
	}
}

func TestCapture_2_1_5_16_PromotionByStepCapturesNextMove(t *testing.T) {
	// c7 steps to b8 or d8 and is crowned; the capture of f6 waits.
	p := checkRule(t, ruleCase{v: Russian, fen: "W:Wc7:Bf6,h8", want: []string{"c7-b8", "c7-d8"}})
	m, err := p.Resolve(engText(t, "c7-d8"))
	require.NoError(t, err)
	assert.True(t, m.Promotes)
	q := p.Play(m)
	// As if Black passed: the new king now takes f6.
	q = NewPosition(Russian, q.Pieces(White), q.Pieces(Black), q.Kings(White)|q.Kings(Black), White)
	assert.Equal(t, []string{"d8:g5", "d8:h4"}, engWritten(q))
}

func TestCapture_2_1_5_17_TurkishStrike(t *testing.T) {
	// Black king a5 takes c3, then either f4 (from d2: stops on g5 or h6) or
	// f2 (from e1; it must land on g3, h4 sees nothing) and f4 (stops on e5,
	// d6, c7 or b8). From e5 it may not take d4: c3, already taken, still
	// stands behind it until the move ends. 6 moves, none taking d4.
	p := checkRule(t, ruleCase{v: Russian, fen: "B:Wc3,d4,f2,f4:BKa5",
		want: []string{"a5:b8", "a5:c7", "a5:d6", "a5:e5", "a5:g5", "a5:h6"}})
	d4, _ := Russian.SquareAt(4, 4)
	for _, m := range p.LegalMoves(nil) {
		assert.False(t, m.Captured.Has(d4), p.Notation(m))
		if Russian.SquareName(m.To) == "e5" {
			assert.Equal(t, []string{"e1", "g3", "e5"}, engNames(Russian, p.Landings(m)))
		}
	}
}

// The seeds' diagram 6 (2.1.5.17), rebuilt from its text: after c3-d4,
// Black's a5 takes b4, d2 (crowned on e1), f2, f4 and d4, or the same pieces
// the other way round, and must stop on c3 either way: b4 and d2 may not be
// jumped twice. One move, two paths. White answers b2:d4:b6:d8:f6:h8.
func TestCapture_2_1_5_17_Diagram6(t *testing.T) {
	p := engFEN(t, Russian, "B:Wa1,b2,b4,d2,d4,f2,f4:Ba5,c5,c7,e7,g7")
	a5 := engSquare(t, Russian, "a5")
	moves := p.MovesFrom(a5)
	require.Len(t, moves, 1)
	m := moves[0]
	assert.Equal(t, "c3", Russian.SquareName(m.To))
	assert.Equal(t, 5, m.CaptureCount())
	assert.True(t, m.Promotes)
	paths := 0
	for _, x := range p.LegalPaths(nil) {
		if x == m {
			paths++
		}
	}
	assert.Equal(t, 2, paths)
	for _, text := range []string{"a5:c3:e1:g3:e5:c3", "a5:c3:e5:g3:e1:c3", "a5:c3"} {
		got, err := p.Resolve(engText(t, text))
		require.NoError(t, err, text)
		assert.Equal(t, m, got, text)
	}
	q := p.Play(m)
	reply, err := q.Resolve(engText(t, "b2:d4:b6:d8:f6:h8"))
	require.NoError(t, err)
	assert.Equal(t, 5, reply.CaptureCount())
	assert.True(t, reply.Promotes)
}

func TestCapture_2_1_5_9_OriginEmptyAndPathsMerged(t *testing.T) {
	// c3 takes d4, d6, b6, b4 round the square and lands back on its own
	// (empty) origin; going round the other way takes the same pieces: one
	// move, two paths.
	p := checkRule(t, ruleCase{v: Russian, fen: "W:Wc3:Bb4,b6,d4,d6", want: []string{"c3:c3"}, paths: 2})
	m := p.LegalMoves(nil)[0]
	assert.Equal(t, 4, m.CaptureCount())
	assert.Equal(t, m.From, m.To)
}

func TestCapture_2_1_6_2_ThreeDirections(t *testing.T) {
	// The seeds' diagram 8: three captures for king d2, written as there.
	checkRule(t, ruleCase{v: Russian, fen: "W:WKd2:Bb6,d6,f4,f6,g7",
		want: []string{"d2:a5", "d2:g5:e7:c5:a7", "d2:h6:f8:c5:a7"}})
}

func TestCapture_3_4_1_MajorityRule(t *testing.T) {
	// c1:e3:g5 takes two; i7:g9 only one and is not legal.
	p := checkRule(t, ruleCase{v: International, fen: "W:Wc1,i7:Bd2,f4,h8", want: []string{"47:29"}})
	_, err := p.Resolve(engText(t, "i7:g9"))
	engKind(t, err, MoveNotMaximum)
	// The same position under Russian rules: both are legal.
	q := engFEN(t, Russian, "W:Wa5,c1:Bb6,d2,f4")
	assert.Len(t, q.LegalMoves(nil), 2)
}

func TestCapture_3_4_2_1_ManPassesLastRowAndStaysMan(t *testing.T) {
	// b8 (11) takes c9 onto d10 (2), then e9 backwards as a man onto f8: no promotion.
	p := checkRule(t, ruleCase{v: International, fen: "W:Wb8:Bc9,e9", want: []string{"11:13"}})
	assert.False(t, p.LegalMoves(nil)[0].Promotes)
}

func TestCapture_3_4_2_2_ManStopsOnLastRowAndPromotes(t *testing.T) {
	// d8 takes e9 onto f10; a king could go on to take h8, a man cannot: it
	// stops and is crowned (Russian rules would go on, 2.1.5.15).
	p := checkRule(t, ruleCase{v: International, fen: "W:Wd8:Be9,h8", want: []string{"12:3"}})
	assert.True(t, p.LegalMoves(nil)[0].Promotes)
}

func engNames(v Variant, s []Square) []string {
	var out []string
	for _, x := range s {
		out = append(out, v.SquareName(x))
	}
	return out
}

// A capture is written in a letter with every square it lands on, as
// players write it (6.2.2), and reads back as the same move; the seeds'
// diagram 8 and a man's capture of four.
func TestWritten_6_2_2_CaptureWithEveryLanding(t *testing.T) {
	tests := []struct {
		v    Variant
		fen  string
		want []string
	}{
		{Russian, "W:WKd2:Bb6,d6,f4,f6,g7", []string{"d2:g5:d8:a5", "d2:g5:e7:c5:a7", "d2:h6:f8:c5:a7"}},
		{Russian, "W:Wd2:Be3,g5,g7,d6", []string{"d2:f4:h6:f8:a3", "d2:f4:h6:f8:b4", "d2:f4:h6:f8:c5"}}, // a king from f8 on (2.1.5.15)
		{Russian, "W:Wc3:Bf6", []string{"c3-b4", "c3-d4"}},
		{International, "W:Wc1,i7:Bd2,f4,h8", []string{"47:29"}},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			p := engFEN(t, tt.v, tt.fen)
			var got []string
			for _, m := range p.LegalMoves(nil) {
				w := p.Written(m)
				got = append(got, w)
				back, err := p.Resolve(engText(t, w))
				require.NoError(t, err, w)
				assert.Equal(t, m, back, w)
			}
			sort.Strings(got)
			assert.Equal(t, tt.want, got)
		})
	}
}
