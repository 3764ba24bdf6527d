package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// quietMover agrees with LegalMoves (a move and no capture, 2.1.5.3, 3.4)
// on every position of random games of each variant and on random
// placements of men and kings, either side to move.
func TestQuietMover_AgreesWithLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		g := &tables[v].leaf
		require.True(t, g.ok, "%s: the bit layout is checked", v)
		var squares []draughts.Square
		for n := 1; n <= v.Squares(); n++ {
			s, _ := v.SquareFromNumber(n)
			squares = append(squares, s)
		}
		check := func(p draughts.Position) {
			moves := p.LegalMoves(nil)
			want := len(moves) > 0 && !moves[0].IsCapture()
			if !assert.Equal(t, want, quietMover(p, g), "%s %s", v, p.FEN()) {
				t.FailNow()
			}
		}
		quiet, loud := 0, 0
		for range 300 {
			p := draughts.Initial(v)
			for range 200 {
				check(p)
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				if moves[0].IsCapture() {
					loud++
				} else {
					quiet++
				}
				p = p.Play(moves[rng.IntN(len(moves))])
			}
		}
		for range 20000 {
			var white, black, kings draughts.Bitboard
			for _, s := range squares {
				switch rng.IntN(6) {
				case 0:
					white |= 1 << s
				case 1:
					black |= 1 << s
				}
				if rng.IntN(4) == 0 {
					kings |= 1 << s
				}
			}
			for _, side := range []draughts.Color{draughts.White, draughts.Black} {
				check(draughts.NewPosition(v, white, black, kings, side))
			}
		}
		assert.Positive(t, quiet, v)
		assert.Positive(t, loud, v)
	}
}

// The search leaves out DrawCounter.Step only where Step changes nothing
// (needsStep): along random games of each variant, from their start, from
// a position with kings, or from three men against one (where the one
// crowned on the big road begins the count of 2.1.9.1.7), stepped and
// Step agree at every move.
func TestStep_NoKingsNoChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		skipped := 0
		for game := range 300 {
			p := draughts.Initial(v)
			switch game % 3 {
			case 1:
				p = draughts.NewPosition(v, p.Pieces(draughts.White), p.Pieces(draughts.Black), p.Pieces(draughts.White)&-p.Pieces(draughts.White), draughts.White)
			case 2:
				p = threeMenAgainstOne(v, rng)
			}
			rs := draughts.NewDrawCounter(p)
			for range 150 {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				q := p.Play(m)
				want := rs.Step(m, q)
				kings := p.Kings(draughts.White) | p.Kings(draughts.Black)
				if !needsStep(kings, m) {
					skipped++
				}
				require.Equal(t, want, stepped(rs, kings, m, q), "%s %s then %v", v, p.FEN(), m)
				p, rs = q, want
			}
		}
		assert.Positive(t, skipped, v)
	}
}

// threeMenAgainstOne places three White men and one Black man at random
// off the rows where a man would be crowned, White to move.
func threeMenAgainstOne(v draughts.Variant, rng *rand.Rand) draughts.Position {
	var white, black draughts.Bitboard
	for white.Count() < 3 || black == 0 {
		s, _ := v.SquareFromNumber(1 + rng.IntN(v.Squares()))
		if _, r := v.FileRank(s); r == 1 || r == v.Height() || (white | black).Has(s) {
			continue
		}
		if white.Count() < 3 {
			white |= 1 << s
		} else {
			black |= 1 << s
		}
	}
	return draughts.NewPosition(v, white, black, 0, draughts.White)
}

// pick hands out the moves by their ordering keys, largest first, whether
// it scans for the best (the first picks) or sorts the rest (the later
// ones), for lists of every length.
func TestPick_TakesKeysLargestFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	s := &searcher{}
	for n := 1; n <= 40; n++ {
		for range 20 {
			keys := make([]int64, n)
			for i := range keys {
				keys[i] = rng.Int64N(8)<<16 | int64(0xffff-i)
			}
			s.order[3] = slices.Clone(keys)
			var got []int
			for k := range n {
				got = append(got, s.pick(3, k))
			}
			want := make([]int, n)
			for i := range want {
				want[i] = i
			}
			slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(keys[b]>>16, keys[a]>>16) })
			require.Equal(t, want, got, "keys %v", keys)
		}
	}
}
