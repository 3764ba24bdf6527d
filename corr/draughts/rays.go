package draughts

import "math/bits"

// What a king sees along a ray: the empty squares up to the nearest piece,
// and that piece. A ray is a precomputed mask (geometry.rays); the nearest
// piece on it is the lowest set bit of its occupied squares for the rays
// going down (to higher bits) and the highest for those going up, found by
// one bit instruction each, never by walking the squares.

// nearestDown returns the nearest square of occ, the occupied squares of a
// ray going down: its lowest bit (zero when occ is empty).
func nearestDown(occ Bitboard) Bitboard { return occ & -occ }

// nearestUp returns the nearest square of occ, the occupied squares of a ray
// going up: its highest bit (zero when occ is empty). The shift stays below
// 64: no board reaches bit 63.
func nearestUp(occ Bitboard) Bitboard {
	return Bitboard(1) << (uint(bits.Len64(uint64(occ))) & 63) >> 1
}

// reachDown returns the squares of ray (going down) short of its nearest
// piece of all, and that piece (zero if none: the whole ray is reached).
func reachDown(ray, all Bitboard) (reach, piece Bitboard) {
	piece = nearestDown(ray & all)
	return ray & (piece - 1), piece
}

// reachUp is reachDown for a ray going up: the reached squares lie above
// the nearest piece. With no piece the mask below it is empty.
func reachUp(ray, all Bitboard) (reach, piece Bitboard) {
	below := Bitboard(1)<<(uint(bits.Len64(uint64(ray&all)))&63) - 1
	return ray &^ below, (below + 1) >> 1
}

// quad holds a bitboard for each direction. Go's compiler keeps a struct of
// four words in registers, where an array of four stays in memory: the hot
// paths pass these.
type quad struct{ ul, ur, dl, dr Bitboard }

// any returns the union of the four.
func (q quad) any() Bitboard { return q.ul | q.ur | q.dl | q.dr }

// jumpable returns, for each direction d, the pieces of opp that a capture
// going in direction d could take for the square beyond them: the next square
// that way is in empty. A piece is taken in direction d when it is the
// nearest on a capturer's ray d and in jumpable's d; men take from the square
// just before it (manTakers).
func jumpable(h uint, opp, empty Bitboard) quad {
	h &= 15 // bounded: the shifts need no test for 64 or more
	return quad{
		ul: opp & (empty << (h + 1)),
		ur: opp & (empty << h),
		dl: opp & (empty >> h),
		dr: opp & (empty >> (h + 1)),
	}
}

// manTakers returns, from jumpable's j, for each direction d the squares
// from which a man takes in direction d: one step back from the piece it
// takes. Men capture backwards too (2.1.5.3).
func manTakers(h uint, j quad) quad {
	h &= 15
	return quad{ul: j.ul << (h + 1), ur: j.ur << h, dl: j.dl >> h, dr: j.dr >> (h + 1)}
}

// kingCanTake reports whether a king on s can capture: the nearest piece
// of one of its rays is in that ray's jumpable (j, of the board with all
// its pieces).
func kingCanTake(g *geometry, s Square, all Bitboard, j *quad) bool {
	r := &g.rays[s&63]
	return nearestUp(r[upLeft]&all)&j.ul|nearestUp(r[upRight]&all)&j.ur|
		nearestDown(r[downLeft]&all)&j.dl|nearestDown(r[downRight]&all)&j.dr != 0
}
