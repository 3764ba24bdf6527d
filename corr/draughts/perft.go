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

// countMoves returns the number of legal moves; steps are counted with
// population counts, never listed. c is set up for p's variant; dst is
// scratch space for captures.
func (p Position) countMoves(c *gen, dst []Move) int {
	g := c.geo
	men, kings := p.capturers(g)
	if men|kings != 0 {
		c.reset(p, dst)
		c.captures(men, kings)
		return len(c.dst)
	}
	own := p.pieces[p.side&1]
	empty := g.valid &^ (own | p.pieces[(p.side^1)&1])
	men = own &^ p.kings
	h := uint(g.half) & 15
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
