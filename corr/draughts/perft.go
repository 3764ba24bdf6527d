package draughts

// Perft counts the leaf move sequences of length depth from p: the standard
// check of a move generator against published tables. With paths, every
// capture path counts (two orders of taking the same pieces are two moves);
// without, they count once (the convention of Scan and the FMJD tables).
// The last ply is counted, not played.
func Perft(p Position, depth int, paths bool) uint64 {
	if depth <= 0 {
		return 1
	}
	buf := make([][]Move, depth)
	for i := range buf {
		buf[i] = make([]Move, 0, 64)
	}
	pf := perfter{buf: buf}
	pf.g.setup(p.v.rules(), genOptions{paths: paths})
	return pf.run(p, depth)
}

type perfter struct {
	buf [][]Move
	g   gen // set up once (every position of the count has the same variant), reused
}

func (pf *perfter) run(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves(&pf.g, pf.buf[0][:0]))
	}
	if depth == 2 {
		return pf.lastTwo(p)
	}
	moves := p.generateWith(&pf.g, pf.buf[depth-1][:0])
	pf.buf[depth-1] = moves[:0] // keep the grown buffer
	var n uint64
	for _, m := range moves {
		n += pf.run(p.Play(m), depth-1)
	}
	return n
}

// countMoves returns the number of legal moves of p, listing as few as it
// can: steps are counted with population counts, and so are captures when
// a man's first jump cannot go on (countManCaptures) or a king's last
// capture has several landing squares; only captures that two paths may
// repeat are listed, to merge them. c is set up for p's variant; dst is
// scratch space for the captures listed.
func (p Position) countMoves(c *gen, dst []Move) int {
	g := c.geo
	all := p.us | p.them
	empty := g.valid &^ all
	men := p.us &^ p.kings
	j := jumpable(c.half, p.them, empty)
	t := manTakers(c.half, j)
	// The kings' steps are counted on the way, for when no capture exists.
	var kings Bitboard
	n := 0
	if k := p.us & p.kings; k != 0 {
		n, kings = kingsSee(g, k, all, &j)
	}
	if takes := men & t.any(); takes|kings != 0 {
		if kings == 0 {
			return p.countManCaptures(c, dst, takes, t)
		}
		c.reset(p, dst)
		c.counting = true
		c.captures(takes, kings)
		return c.count + len(c.dst) - c.base
	}
	h := c.half & 15
	if p.side == White {
		return n + ((men >> h) & empty).Count() + ((men >> (h + 1)) & empty).Count()
	}
	return n + ((men << h) & empty).Count() + ((men << (h + 1)) & empty).Count()
}

// kingsSee returns the number of steps of the kings ks, and those of them
// that can capture: what a king reaches on its four rays, and whether the
// nearest piece of one of them is in that ray's jumpable (j, of the board
// with the pieces all). Apart from countMoves, the loop keeps its few
// values in registers.
func kingsSee(g *geometry, ks, all Bitboard, j *quad) (steps int, takers Bitboard) {
	for ; ks != 0; ks &= ks - 1 {
		s := lowest(ks)
		r := &g.rays[s&63]
		ul, pul := reachUp(r[upLeft], all)
		ur, pur := reachUp(r[upRight], all)
		dl, pdl := reachDown(r[downLeft], all)
		dr, pdr := reachDown(r[downRight], all)
		steps += (ul | ur | dl | dr).Count()
		if pul&j.ul|pur&j.ur|pdl&j.dl|pdr&j.dr != 0 {
			takers |= bit(s)
		}
	}
	return steps, takers
}

// countManCaptures counts the captures of p when only men can capture:
// takes, which can take in the directions t gives (takers of the board as it
// stands). The first jumps that cannot go on are counted with population
// counts, one move each; only those that go on are generated further, and
// under the majority rule those leave the others out.
//
// The board as it stands answers "can it go on" for a man landed on l from
// s: the squares that changed, s (now empty) and the piece just taken (which
// may not be taken twice), lie behind it, the one direction it may not take in
// anyway.
func (p Position) countManCaptures(c *gen, dst []Move, takes Bitboard, t quad) int {
	h := c.half & 15 // bounded: the shifts need no test for 64 or more
	lands := quad{
		ul: (takes & t.ul) >> (2*h + 2),
		ur: (takes & t.ur) >> (2 * h),
		dl: (takes & t.dl) << (2 * h),
		dr: (takes & t.dr) << (2*h + 2),
	}
	goesOn := quad{
		ul: lands.ul & (t.ul | t.ur | t.dl),
		ur: lands.ur & (t.ul | t.ur | t.dr),
		dl: lands.dl & (t.ul | t.dl | t.dr),
		dr: lands.dr & (t.ur | t.dl | t.dr),
	}
	if c.promote { // a man crowned on the last row goes on as a king: generate it
		stop := c.geo.lastRow[p.side&1]
		goesOn.ul |= lands.ul & stop
		goesOn.ur |= lands.ur & stop
		goesOn.dl |= lands.dl & stop
		goesOn.dr |= lands.dr & stop
	}
	single := (lands.ul &^ goesOn.ul).Count() + (lands.ur &^ goesOn.ur).Count() +
		(lands.dl &^ goesOn.dl).Count() + (lands.dr &^ goesOn.dr).Count()
	if goesOn.any() == 0 {
		return single
	}
	c.reset(p, dst)
	c.counting = true
	if c.majority && !c.promote {
		// A jump goes on: the longest capture takes two pieces or more, so
		// emit need not check the first one found.
		c.best, c.checkFrom = 2, min(3, c.dedupFrom)
	}
	men := goesOn.ul<<(2*h+2) | goesOn.ur<<(2*h) | goesOn.dl>>(2*h) | goesOn.dr>>(2*h+2)
	for b := men; b != 0; b &= b - 1 {
		s := lowest(b)
		at := bit(s)
		c.start(s, false)
		c.jumps(s, at>>(2*h+2)&goesOn.ul|at>>(2*h)&goesOn.ur|at<<(2*h)&goesOn.dl|at<<(2*h+2)&goesOn.dr, 0, 0)
	}
	found := c.count + len(c.dst) - c.base
	if c.majority && c.best > 1 {
		return found // the single captures are too short
	}
	return single + found
}
