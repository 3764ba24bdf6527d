package draughts

// A king's capture. The state that does not change while one piece
// captures is set once (gen.startKing): the occupied squares (the pieces
// taken stay on the board until the capture ends, 2.1.5.17, and block the
// way), and for each direction the opponent's pieces with an empty square
// beyond them (gen.jump). Along the way only the set of pieces taken
// grows: a piece is taken in direction d when it is the nearest on the
// king's ray d, in jump[d], and not taken already (2.1.5.9).

// allDirections is the set of the four directions, bit d for direction d.
const allDirections = 1<<upLeft | 1<<upRight | 1<<downLeft | 1<<downRight

// turns returns the set of the two directions square to d.
func turns(d int) uint { return 1<<(d^1) | 1<<(d^2) }

// startKing sets the state of a king's capture: jump from the empty squares
// of the capture, the origin among them.
func (c *gen) startKing() {
	j := jumpable(c.half, c.opp, c.empty)
	c.jump = [4]Bitboard{upLeft: j.ul, upRight: j.ur, downLeft: j.dl, downRight: j.dr}
	h, e := c.half&15, c.empty
	c.takeable = c.opp & ((e<<(h+1))&(e>>(h+1)) | (e<<h)&(e>>h))
}

// kingFrom continues a king's capture standing on s, having taken n pieces
// (the set taken), in the directions of the set dirs (bit d for direction
// d): never back the way it came, where the nearest piece is the one just
// taken. It reports whether it found a further capture. The directions are
// written out one by one so that each finds its nearest piece with its own
// bit instruction.
func (c *gen) kingFrom(s Square, taken Bitboard, n int, dirs uint) bool {
	r := &c.geo.rays[s&63]
	found := false
	if dirs&(1<<upLeft) != 0 {
		if b := nearestUp(r[upLeft]&c.occ) & c.jump[upLeft] &^ taken; b != 0 {
			c.kingTake(b, upLeft, taken, n)
			found = true
		}
	}
	if dirs&(1<<upRight) != 0 {
		if b := nearestUp(r[upRight]&c.occ) & c.jump[upRight] &^ taken; b != 0 {
			c.kingTake(b, upRight, taken, n)
			found = true
		}
	}
	if dirs&(1<<downLeft) != 0 {
		if b := nearestDown(r[downLeft]&c.occ) & c.jump[downLeft] &^ taken; b != 0 {
			c.kingTake(b, downLeft, taken, n)
			found = true
		}
	}
	if dirs&(1<<downRight) != 0 {
		if b := nearestDown(r[downRight]&c.occ) & c.jump[downRight] &^ taken; b != 0 {
			c.kingTake(b, downRight, taken, n)
			found = true
		}
	}
	return found
}

// kingTake takes the piece b in direction d, n pieces having been taken
// before (the set taken), and goes on from the empty squares beyond it (at
// least one: b is in jump[d]).
//
// The king must land where it can go on capturing if such a square exists;
// only if none does may it stop on any of them. From a landing square it
// may turn square to d, along the one diagonal crossing it there: the
// nearest piece up that diagonal and the nearest down. Going on straight
// over the next piece is one path whichever square the king touched
// between the two: it is explored from the farthest landing square only.
// The captures are explored in the directions' order at each square, as
// kingFrom does.
func (c *gen) kingTake(b Bitboard, d int, taken Bitboard, n int) {
	t := taken | b
	ray := c.geo.rays[lowest(b)&63][d&3]
	var lands, next Bitboard
	var far Square
	if d < downLeft {
		lands, next = reachUp(ray, c.occ)
		far = lowest(lands)
	} else {
		lands, next = reachDown(ray, c.occ)
		far = highest(lands)
	}
	n++
	if c.takeable&^t != 0 { // else no landing square can go on
		up, down := d^1, d^2 // the turns: one up, one down
		if d >= downLeft {
			up, down = d^2, d^1
		}
		up, down = up&3, down&3
		straight := next & c.jump[d] &^ t
		goesOn := false
		for l := lands; l != 0; l &= l - 1 {
			sq := lowest(l)
			c.path[(n-1)&31] = sq
			r := &c.geo.rays[sq&63]
			bu := nearestUp(r[up]&c.occ) & c.jump[up] &^ t
			bd := nearestDown(r[down]&c.occ) & c.jump[down] &^ t
			bs := straight
			if sq != far {
				bs = 0
			}
			if bu|bd|bs == 0 {
				continue
			}
			goesOn = true
			if d == upLeft && bs != 0 {
				c.kingTake(bs, d, t, n)
			}
			if bu != 0 {
				c.kingTake(bu, up, t, n)
			}
			if (d == upRight || d == downLeft) && bs != 0 {
				c.kingTake(bs, d, t, n)
			}
			if bd != 0 {
				c.kingTake(bd, down, t, n)
			}
			if d == downRight && bs != 0 {
				c.kingTake(bs, d, t, n)
			}
		}
		if goesOn {
			return
		}
	}
	if c.counting && n >= c.best && n < c.dedupFrom {
		c.countEnds(lands, n)
		return
	}
	for l := lands; l != 0; l &= l - 1 {
		sq := lowest(l)
		c.path[(n-1)&31] = sq
		c.emit(sq, t, n, !c.king) // a man here became a king on the way
	}
}
