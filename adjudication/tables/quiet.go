package tables

import (
	"math/bits"

	"zaochnik/corr/draughts"
)

// geometry is the board in the bits of draughts.Bitboard, for the first
// pass to tell a position's moves without generating them: most positions
// have no capture, and then all it needs is how many moves stay in the
// table and which promote.
type geometry struct {
	// ray[s][d] is the squares from s along direction d (s excluded);
	// step[s][d] the first of them, noSquare if none.
	ray  [64][4]draughts.Bitboard
	step [64][4]draughts.Square
	// lower[d] is whether direction d runs to lower bits (squares are
	// numbered row by row, so a diagonal's bits run one way).
	lower [4]bool
	// ahead[c] is the directions of c's men's steps.
	ahead [2][2]int
}

const noSquare draughts.Square = 255

func newGeometry(b *board) *geometry {
	g := &geometry{}
	for s := range g.step {
		for d := range 4 {
			g.step[s][d] = noSquare
		}
	}
	for i, s := range b.squares {
		for d, ray := range b.rays[i] {
			for x, t := range ray {
				if x == 0 {
					g.step[s][d] = b.squares[t]
					g.lower[d] = t < int8(i)
				}
				g.ray[s][d] |= 1 << b.squares[t]
			}
		}
	}
	// White's men go up the ranks, Black's down.
	for c, up := range [2]int{1, -1} {
		n := 0
		for d, dd := range diagonals {
			if dd[1] == up {
				g.ahead[c][n] = d
				n++
			}
		}
	}
	return g
}

// promotion is a man's step onto its promotion row.
type promotion struct{ from, to draughts.Square }

// quiet is the moves of the side to move at a position without a
// capture: within, the number of those that stay in the table; promos,
// the promotions (each into the table with one more king).
type quiet struct {
	within int
	promos []promotion
}

// scan tells the moves of a side with men and kings at a position where
// the opponent has opp and empty is free: false when it has a capture
// (compulsory: the first pass then generates the moves), else its quiet
// moves into q, whose promos it appends to q.promos[:0].
func (g *geometry) scan(men, kings, opp, empty, promo draughts.Bitboard, side int, q *quiet) bool {
	q.within, q.promos = 0, q.promos[:0]
	for x := men; x != 0; x &= x - 1 {
		s := draughts.Square(bits.TrailingZeros64(uint64(x)))
		for d := range 4 {
			if n := g.step[s][d]; n != noSquare && opp.Has(n) {
				if j := g.step[n][d]; j != noSquare && empty.Has(j) {
					return false
				}
			}
		}
	}
	for x := kings; x != 0; x &= x - 1 {
		s := draughts.Square(bits.TrailingZeros64(uint64(x)))
		for d := range 4 {
			ray := g.ray[s][d]
			occ := ray &^ empty
			if occ == 0 {
				q.within += ray.Count()
				continue
			}
			// The nearest piece on the ray, and the squares short of it.
			var n draughts.Square
			var short draughts.Bitboard
			if g.lower[d] {
				n = draughts.Square(63 - bits.LeadingZeros64(uint64(occ)))
				short = ray &^ (2<<n - 1)
			} else {
				n = draughts.Square(bits.TrailingZeros64(uint64(occ)))
				short = ray & (1<<n - 1)
			}
			if opp.Has(n) {
				if j := g.step[n][d]; j != noSquare && empty.Has(j) {
					return false
				}
			}
			q.within += short.Count()
		}
	}
	for x := men; x != 0; x &= x - 1 {
		s := draughts.Square(bits.TrailingZeros64(uint64(x)))
		for _, d := range g.ahead[side] {
			if n := g.step[s][d]; n != noSquare && empty.Has(n) {
				if promo.Has(n) {
					q.promos = append(q.promos, promotion{s, n})
				} else {
					q.within++
				}
			}
		}
	}
	return true
}
