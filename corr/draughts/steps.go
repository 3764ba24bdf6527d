package draughts

import "slices"

// steps appends the non-capturing moves of the side with pieces own: the
// men's by one shift of all of them a direction (the origin is the
// destination less the direction's offset), then the kings' ray by ray.
func (p Position) steps(dst []Move, g *geometry, own, empty Bitboard) []Move {
	men, kings := own&^p.kings, own&p.kings
	last := g.lastRow[p.side&1]
	h := int(g.half) & 15
	// Forwards: up-left and up-right for White, down-left and down-right for Black.
	left, right := men>>(h+1)&empty, men>>h&empty
	offLeft, offRight := -(h + 1), -h
	if p.side == Black {
		left, right = men<<h&empty, men<<(h+1)&empty
		offLeft, offRight = h, h+1
	}
	// The men's steps are counted: a nil dst (LegalMoves(nil), the
	// notation's moves) grows once, not append by append.
	dst = slices.Grow(dst, left.Count()+right.Count())
	for b := left; b != 0; b &= b - 1 {
		to := lowest(b)
		dst = append(dst, Move{From: Square(int(to) - offLeft), To: to, Promotes: last.Has(to)})
	}
	for b := right; b != 0; b &= b - 1 {
		to := lowest(b)
		dst = append(dst, Move{From: Square(int(to) - offRight), To: to, Promotes: last.Has(to)})
	}
	occ := ^empty // the rays hold only squares of the board
	for k := kings; k != 0; k &= k - 1 {
		s := lowest(k)
		r := &g.rays[s&63]
		ul, _ := reachUp(r[upLeft], occ)
		ur, _ := reachUp(r[upRight], occ)
		dl, _ := reachDown(r[downLeft], occ)
		dr, _ := reachDown(r[downRight], occ)
		dst = kingSteps(dst, s, ul)
		dst = kingSteps(dst, s, ur)
		dst = kingSteps(dst, s, dl)
		dst = kingSteps(dst, s, dr)
	}
	return dst
}

// kingSteps appends the steps of the king on s to the squares of to.
func kingSteps(dst []Move, s Square, to Bitboard) []Move {
	for ; to != 0; to &= to - 1 {
		dst = append(dst, Move{From: s, To: lowest(to), King: true})
	}
	return dst
}
