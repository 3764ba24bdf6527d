package engine

import (
	"math/bits"

	"zaochnik/corr/draughts"
)

// At the horizon a position without a capture is evaluated, not searched:
// telling so from the bitboards costs far less than generating its moves.

// leafGeometry is what quietMover needs of one board: the bit offset of a
// step in each diagonal direction (the directions of boardTable.rays), and
// the squares along each ray. ok is set when the board's bit layout keeps
// every step of a direction at the same offset, a step off the board
// landing off its squares (draughts lays its boards out so); otherwise
// quietMover always answers false and the search generates the moves.
type leafGeometry struct {
	ok     bool
	valid  uint64
	offset [4]int
	ray    [64][4]uint64
}

// newLeafGeometry derives the offsets from the rays of t and checks them
// on every square of v's board.
func newLeafGeometry(v draughts.Variant, t *boardTable) leafGeometry {
	var g leafGeometry
	var squares []draughts.Square
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.SquareFromNumber(n)
		squares = append(squares, s)
		g.valid |= 1 << s
	}
	for d := range 4 {
		set := false
		for _, s := range squares {
			if r := t.rays[s][d]; len(r) > 0 {
				o := int(r[0]) - int(s)
				if set && o != g.offset[d] {
					return leafGeometry{}
				}
				g.offset[d], set = o, true
			}
		}
		if !set {
			return leafGeometry{}
		}
	}
	for _, s := range squares {
		for d := range 4 {
			n := int(s) + g.offset[d]
			onBoard := n >= 0 && n < 64 && g.valid&(1<<n) != 0
			if r := t.rays[s][d]; onBoard != (len(r) > 0) || (onBoard && int(r[0]) != n) {
				return leafGeometry{}
			}
			for _, q := range t.rays[s][d] {
				g.ray[s][d] |= 1 << q
			}
		}
	}
	g.ok = true
	return g
}

// shift moves every square of b by o bits (towards higher bits when o > 0).
func shift(b uint64, o int) uint64 {
	if o > 0 {
		return b << uint(o)
	}
	return b >> uint(-o)
}

// quietMover reports that the side to move in p has a move and no capture:
// at the horizon such a position is a leaf. False when unsure (a board
// whose layout is not checked): the caller generates the moves then.
func quietMover(p draughts.Position, g *leafGeometry) bool {
	if !g.ok {
		return false
	}
	side := p.SideToMove()
	own, opp := uint64(p.Pieces(side)), uint64(p.Pieces(side.Opponent()))
	kings := uint64(p.Kings(side))
	men := own &^ kings
	empty := g.valid &^ (own | opp)
	// A man captures in every direction (2.1.5.3, 3.4): an opponent's
	// piece next to it and an empty square behind that one.
	for _, o := range g.offset {
		if men&shift(opp, -o)&shift(empty, -2*o) != 0 {
			return false
		}
	}
	// A king captures the first piece along a ray if it is the
	// opponent's with an empty square behind it.
	for k := kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		for d, o := range g.offset {
			blockers := g.ray[s][d] & (own | opp)
			if blockers == 0 {
				continue
			}
			b := bits.TrailingZeros64(blockers)
			if o < 0 {
				b = 63 - bits.LeadingZeros64(blockers)
			}
			if next := b + o; opp&(1<<b) != 0 && next >= 0 && next < 64 && empty&(1<<next) != 0 {
				return false
			}
		}
	}
	// A man steps forward (White towards the higher ranks: rays 0 and 1),
	// a king in any direction.
	fwd := g.offset[:2]
	if side == draughts.Black {
		fwd = g.offset[2:]
	}
	for _, o := range fwd {
		if men&shift(empty, -o) != 0 {
			return true
		}
	}
	for _, o := range g.offset {
		if kings&shift(empty, -o) != 0 {
			return true
		}
	}
	return false
}
