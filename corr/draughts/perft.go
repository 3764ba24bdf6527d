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
	moves := p.generateWith(&pf.g, pf.buf[depth-1][:0])
	pf.buf[depth-1] = moves[:0] // keep the grown buffer
	var n uint64
	if depth == 2 {
		for _, m := range moves {
			n += uint64(p.Play(m).countMoves(&pf.g, pf.buf[0][:0]))
		}
		return n
	}
	for _, m := range moves {
		n += pf.run(p.Play(m), depth-1)
	}
	return n
}

// countMoves returns the number of legal moves of p, listing as few as it
// can: steps are counted with population counts, and so are captures when
// each takes a single piece with a man (singleCaptures). c is set up for p's
// variant; dst is scratch space for the captures listed.
func (p Position) countMoves(c *gen, dst []Move) int {
	g := c.geo
	own, opp := p.pieces[p.side&1], p.pieces[(p.side^1)&1]
	empty := g.valid &^ (own | opp)
	men := own &^ p.kings
	t := takers(c.half, opp, empty)
	var kings Bitboard
	if own&p.kings != 0 {
		kings = p.kingCapturers(g, own, opp, empty)
	}
	if takes := men & (t[upLeft] | t[upRight] | t[downLeft] | t[downRight]); takes|kings != 0 {
		if kings == 0 {
			stop := Bitboard(0)
			if c.promote {
				stop = g.lastRow[p.side&1] // a man crowned there goes on as a king
			}
			if n, ok := singleCaptures(c.half, takes, t, stop); ok {
				return n
			}
		}
		c.reset(p, dst)
		c.captures(takes, kings)
		return len(c.dst)
	}
	h := c.half & 15
	var n int
	if p.side == White {
		n = ((men >> h) & empty).Count() + ((men >> (h + 1)) & empty).Count()
	} else {
		n = ((men << h) & empty).Count() + ((men << (h + 1)) & empty).Count()
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		s := lowest(k)
		for d := 0; d < 4; d++ {
			n += kingReach(g, s, d, empty).Count()
		}
	}
	return n
}

// singleCaptures counts the captures of the men takes, which can take in
// the directions t gives (takers of the board as it stands), when none can go
// on after its first piece and none lands on stop: then every man and
// direction is one move, whatever the majority rule. ok is false otherwise.
//
// The board as it stands answers "can it go on" for a man landed on l from
// s: the squares that changed, s (now empty) and the piece just taken (which
// may not be taken twice), lie behind it, the one direction it may not take in
// anyway.
func singleCaptures(h uint, takes Bitboard, t [4]Bitboard, stop Bitboard) (n int, ok bool) {
	h &= 15 // bounded: the shifts need no test for 64 or more
	ul := (takes & t[upLeft]) >> (2*h + 2)
	ur := (takes & t[upRight]) >> (2 * h)
	dl := (takes & t[downLeft]) << (2 * h)
	dr := (takes & t[downRight]) << (2*h + 2)
	goesOn := ul&(t[upLeft]|t[upRight]|t[downLeft]) | ur&(t[upLeft]|t[upRight]|t[downRight]) |
		dl&(t[upLeft]|t[downLeft]|t[downRight]) | dr&(t[upRight]|t[downLeft]|t[downRight])
	if goesOn|(ul|ur|dl|dr)&stop != 0 {
		return 0, false
	}
	return ul.Count() + ur.Count() + dl.Count() + dr.Count(), true
}
