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
// landing off its squares, and White's forward directions (rays 0 and 1)
// towards lower bits (draughts lays its boards out so); otherwise
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
		if !set || (g.offset[d] < 0) != (d < 2) {
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
	// White's forward steps (rays 0 and 1, towards lower bits) and
	// Black's, as shift counts (masked: Go then shifts without a test for
	// counts past 63). Bit s of x<<w0 is x's bit s-w0: the square a step
	// forward of s for White.
	w0, w1 := uint(-g.offset[0])&63, uint(-g.offset[1])&63
	b0, b1 := uint(g.offset[2])&63, uint(g.offset[3])&63
	// A man captures in every direction (2.1.5.3, 3.4): an opponent's
	// piece next to it and an empty square behind that one.
	jumps := opp<<w0&(empty<<(2*w0&63)) | opp<<w1&(empty<<(2*w1&63)) |
		opp>>b0&(empty>>(2*b0&63)) | opp>>b1&(empty>>(2*b1&63))
	if men&jumps != 0 {
		return false
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
	// A man steps forward, a king in any direction.
	fwd, back := empty<<w0|empty<<w1, empty>>b0|empty>>b1
	if side == draughts.Black {
		fwd, back = back, fwd
	}
	return men&fwd != 0 || kings&(fwd|back) != 0
}
