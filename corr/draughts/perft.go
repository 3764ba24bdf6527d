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
	pf := perfter{buf: buf, o: genOptions{paths: paths}}
	return pf.run(p, depth)
}

type perfter struct {
	buf [][]Move
	o   genOptions
}

func (pf *perfter) run(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves(pf.buf[0][:0], pf.o))
	}
	moves := p.generate(pf.buf[depth-1][:0], pf.o)
	pf.buf[depth-1] = moves[:0] // keep the grown buffer
	var n uint64
	for _, m := range moves {
		n += pf.run(p.Play(m), depth-1)
	}
	return n
}

// countMoves returns the number of legal moves; steps are counted with
// population counts, never listed. dst is scratch space for captures.
func (p Position) countMoves(dst []Move, o genOptions) int {
	g := p.v.rules().geo
	own := p.pieces[p.side]
	if p.canCapture() {
		var c gen
		c.run(p, dst, o)
		return len(c.dst)
	}
	empty := g.valid &^ (own | p.pieces[p.side^1])
	men := own &^ p.kings
	n := 0
	if p.side == White {
		n = (g.shift(men, upLeft)&empty).Count() + (g.shift(men, upRight)&empty).Count()
	} else {
		n = (g.shift(men, downLeft)&empty).Count() + (g.shift(men, downRight)&empty).Count()
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		s := lowest(k)
		for d := 0; d < 4; d++ {
			n += kingReach(g, s, d, empty).Count()
		}
	}
	return n
}
