package draughts

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Move generation into a reused buffer, and playing a move, allocate nothing.
func TestLegalMoves_NoAllocation(t *testing.T) {
	for _, tt := range []struct {
		v   Variant
		fen string
	}{
		{Russian, "W:W21-32:B1-12"},
		{Russian, "B:Wc3,d4,f2,f4:BKa5"},         // king capture, Turkish strike
		{Russian, "W:Wc3:Bb4,b6,d4,d6"},          // duplicate paths merged
		{International, "W:Wc1,i7:Bd2,f4,h8"},    // majority rule
		{International, "W:WK46,K50:B5,9,14,23"}, // kings
	} {
		p := engFEN(t, tt.v, tt.fen)
		buf := make([]Move, 0, 64)
		allocs := testing.AllocsPerRun(50, func() {
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				_ = p.Play(m)
			}
		})
		assert.Zero(t, allocs, tt.fen)
	}
}

// Writing a move and reading one back allocate a few times only: the
// notation's steps and their landings in one array each, the squares
// written into one buffer, the candidates of match on the stack
// (19 and 16 times before).
func TestNotation_FewAllocations(t *testing.T) {
	p := Initial(Russian)
	m := p.LegalMoves(nil)[0]
	mt, err := ParseMoveText(p.Written(m))
	require.NoError(t, err)
	assert.LessOrEqual(t, testing.AllocsPerRun(50, func() { p.Written(m) }), 4.0, "Written")
	assert.LessOrEqual(t, testing.AllocsPerRun(50, func() { _, _ = p.Resolve(mt) }), 3.0, "Resolve")
	assert.Zero(t, testing.AllocsPerRun(50, func() { p.CanMove() }), "CanMove")
}

// CanMove is len(LegalMoves(nil)) > 0.
func TestCanMove_AsLegalMoves(t *testing.T) {
	for _, tt := range []struct {
		v   Variant
		fen string
	}{
		{Russian, "W:W21-32:B1-12"},
		{Russian, "B:Wc3,d4,f2,f4:BKa5"},
		{Russian, "W:Wa1:Bb2,c3"}, // blocked
		{Russian, "W:W:Bb2"},      // no piece
		{Russian, "B:Wa1:Bh8"},
		{International, "W:WK46,K50:B5,9,14,23"},
		{Giveaway, "W:Wc3:Bb4,b6,d4,d6"},
	} {
		p := engFEN(t, tt.v, tt.fen)
		assert.Equal(t, len(p.LegalMoves(nil)) > 0, p.CanMove(), tt.fen)
	}
	// And on every position of random games of every variant, to their end.
	rng := rand.New(rand.NewPCG(15, 13))
	for v := range numVariants {
		for range 100 {
			p := Initial(v)
			for ply := 0; ply < 300; ply++ {
				legal := p.LegalMoves(nil)
				if !assert.Equal(t, len(legal) > 0, p.CanMove(), "%v %s", v, p) || len(legal) == 0 {
					break
				}
				p = p.Play(legal[rng.IntN(len(legal))])
			}
		}
	}
}

// appendSquareText writes what SquareText does, on every square of every
// variant.
func TestAppendSquareText_AsSquareText(t *testing.T) {
	for v := range numVariants {
		for s := range Square(64) {
			assert.Equal(t, v.SquareText(s), string(v.appendSquareText([]byte("x"), s))[1:], "%v %d", v, s)
		}
	}
}

// ResolveWritten is Resolve and Written of what it resolves, on every
// legal move (as written and in notation) of random games' positions,
// and on moves that are not legal.
func TestResolveWritten_AsResolveAndWritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 15))
	check := func(p Position, text string) {
		mt, err := ParseMoveText(text)
		if err != nil {
			return
		}
		m, w, err := p.ResolveWritten(mt)
		wm, werr := p.Resolve(mt)
		assert.Equal(t, wm, m, text)
		assert.Equal(t, werr, err, text)
		if werr == nil {
			assert.Equal(t, p.Written(wm), w, text)
		} else {
			assert.Empty(t, w, text)
		}
	}
	for v := range numVariants {
		for range 20 {
			p := Initial(v)
			for ply := 0; ply < 200; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				for _, m := range legal {
					check(p, p.Written(m))
					check(p, p.Notation(m))
				}
				check(p, "a1-h8")
				check(p, "c3-d4")
				p = p.Play(legal[rng.IntN(len(legal))])
			}
		}
	}
}
