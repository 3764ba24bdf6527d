package draughts

// lastTwo counts the last two plies of the perft from p: the moves of each
// position after one of p's. Captures are listed and played; steps, the
// common case, make each next position straight from the bitboards, with
// no move listed nor read back.
func (pf *perfter) lastTwo(p Position) uint64 {
	c := &pf.g
	g := c.geo
	var n uint64
	if men, kings := p.capturers(g); men|kings != 0 {
		c.reset(p, pf.buf[1][:0])
		c.captures(men, kings)
		moves := c.dst
		pf.buf[1] = moves[:0] // keep the grown buffer
		for _, m := range moves {
			n += uint64(p.Play(m).countMoves(c, pf.buf[0][:0]))
		}
		return n
	}
	// After a step the opponent moves: its pieces become the mover's, and
	// ours are ours less the origin, plus the destination.
	next := Position{us: p.them, kings: p.kings, turn: turn{side: p.side ^ 1, v: p.v}}
	empty := g.valid &^ (p.us | p.them)
	men := p.us &^ p.kings
	last := g.lastRow[p.side&1]
	h := uint(g.half) & 15
	// Forwards: White's men go up (to lower bits), Black's down. A step's
	// origin is its destination shifted back: left by up, right by down.
	left, right := men>>(h+1)&empty, men>>h&empty
	upL, downL, upR, downR := h+1, uint(0), h, uint(0)
	if p.side == Black {
		left, right = men<<h&empty, men<<(h+1)&empty
		upL, downL, upR, downR = 0, h, 0, h+1
	}
	for b := left; b != 0; b &= b - 1 {
		to := b & -b
		next.them = p.us ^ to ^ to<<upL>>downL
		next.kings = p.kings | to&last // a man reaching the last row is crowned
		n += uint64(next.countMoves(c, pf.buf[0][:0]))
	}
	for b := right; b != 0; b &= b - 1 {
		to := b & -b
		next.them = p.us ^ to ^ to<<upR>>downR
		next.kings = p.kings | to&last
		n += uint64(next.countMoves(c, pf.buf[0][:0]))
	}
	for k := p.us & p.kings; k != 0; k &= k - 1 {
		from := k & -k
		r := &g.rays[lowest(k)&63]
		ul, _ := reachUp(r[upLeft], ^empty)
		ur, _ := reachUp(r[upRight], ^empty)
		dl, _ := reachDown(r[downLeft], ^empty)
		dr, _ := reachDown(r[downRight], ^empty)
		for to := ul | ur | dl | dr; to != 0; to &= to - 1 {
			move := from | to&-to
			next.them = p.us ^ move
			next.kings = p.kings ^ move
			n += uint64(next.countMoves(c, pf.buf[0][:0]))
		}
	}
	return n
}
