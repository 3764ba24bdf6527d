package draughts

import "math"

// LegalMoves appends the legal moves of p to dst and returns the extended
// slice: the captures if any capture exists (capturing is compulsory,
// 2.1.5.3; under the majority rule only the longest, 3.4.1), the steps
// otherwise. Duplicate capture paths are one move (see Move). Passing a
// reused buffer (dst[:0]) makes the call allocation-free.
func (p Position) LegalMoves(dst []Move) []Move {
	return p.generate(dst, genOptions{})
}

// LegalPaths is LegalMoves counting every capture path: two captures of the
// same pieces in a different order are two entries (what "perft --paths"
// counts).
func (p Position) LegalPaths(dst []Move) []Move {
	return p.generate(dst, genOptions{paths: true})
}

// MovesFrom returns the legal moves of the piece on s (clause 6.2.10: with
// exactly one, an impossible move naming s is replaced by it).
func (p Position) MovesFrom(s Square) []Move {
	var out []Move
	for _, m := range p.LegalMoves(nil) {
		if m.From == s {
			out = append(out, m)
		}
	}
	return out
}

// genOptions tune generation for the diagnostics of Resolve and the perft.
type genOptions struct {
	paths      bool // keep every capture path
	noMajority bool // ignore the majority rule (to tell "must take the maximum")
	record     bool // record the landing path of every capture in gen.landings
}

// gen is the state of one capture generation.
type gen struct {
	geo      *geometry
	promote  bool // promoteInCapture
	majority bool
	record   bool
	// counting: the perft's last ply wants only the number of moves; the
	// captures no other path can repeat are counted in count, not listed.
	counting bool
	count    int
	all      Bitboard // every piece
	occ      Bitboard // every piece but the capturing one: captured pieces stay (2.1.5.17)
	opp      Bitboard // the opponent's pieces
	empty    Bitboard // the board minus occ: the origin counts as empty
	lastRow  Bitboard // the mover's promotion row
	// jump and takeable are set for a king's capture (startKing): the
	// opponent's pieces with an empty square beyond them in direction d,
	// and those with empty squares on both sides along some diagonal.
	jump     [4]Bitboard
	takeable Bitboard
	from     Square
	king     bool
	half     uint // squares a row: the bit offset of a step is half or half+1
	best     int  // majority rule: most pieces taken so far (else 0)
	// dedupFrom is the number of pieces taken from which two paths may give
	// the same move, to be merged: 3, or never when every path counts.
	dedupFrom int
	// checkFrom is the number of pieces taken from which emit must go the
	// slow way (emitChecked): always when recording, beyond c.best under the
	// majority rule, else from dedupFrom.
	checkFrom int
	base      int // index in dst of the first capture
	pieceAt   int // index in dst of the first capture of the current piece
	path      [32]Square
	dst       []Move
	landings  [][]Square // with record: landings[i] is the path of dst[base+i]
}

func (p Position) generate(dst []Move, o genOptions) []Move {
	var c gen
	c.setup(p.v.rules(), o)
	return p.generateWith(&c, dst)
}

// generateWith is generate with a generator set up for p's variant, whose
// scratch space is reused from call to call (the perft).
func (p Position) generateWith(c *gen, dst []Move) []Move {
	g := c.geo
	men, kings := p.capturers(g)
	if men|kings == 0 {
		return p.steps(dst, g, p.us, g.valid&^(p.us|p.them))
	}
	c.reset(p, dst)
	c.captures(men, kings)
	return c.dst
}

// setup prepares c for the captures of positions under rules r with options
// o: what stays the same from one position to the next.
func (c *gen) setup(r *rules, o genOptions) {
	c.geo = r.geo
	c.promote = r.promoteInCapture
	c.majority = r.majority && !o.noMajority
	c.record = o.record
	c.half = uint(r.geo.half) & 15
	c.dedupFrom = 3 // only captures of three or more pieces can be reached by two paths
	if o.paths {
		c.dedupFrom = math.MaxInt
	}
}

// reset prepares c, set up, for the captures of p, appended to dst.
func (c *gen) reset(p Position, dst []Move) {
	c.all = p.us | p.them
	c.opp = p.them
	c.lastRow = c.geo.lastRow[p.side&1]
	c.dst, c.base, c.best = dst, len(dst), 0
	c.counting, c.count = false, 0
	c.checkFrom = c.dedupFrom
	if c.majority || c.record {
		c.checkFrom = 0
	}
	if c.record {
		c.landings = c.landings[:0]
	}
}

// capturers returns the men and the kings of the side to move that can
// capture: the cheap test that spares most positions the capture search.
func (p Position) capturers(g *geometry) (men, kings Bitboard) {
	all := p.us | p.them
	j := jumpable(uint(g.half), p.them, g.valid&^all)
	men = p.us &^ p.kings & manTakers(uint(g.half), j).any()
	for k := p.us & p.kings; k != 0; k &= k - 1 {
		if s := lowest(k); kingCanTake(g, s, all, &j) {
			kings |= bit(s)
		}
	}
	return men, kings
}

// captures generates the captures of the men and kings given.
func (c *gen) captures(men, kings Bitboard) {
	for b := men; b != 0; b &= b - 1 {
		s := lowest(b)
		c.start(s, false)
		c.jumps(s, c.manLands(s, 0), 0, 0)
	}
	for b := kings; b != 0; b &= b - 1 {
		s := lowest(b)
		c.start(s, true)
		c.startKing()
		c.kingFrom(s, 0, 0, allDirections)
	}
}

func (c *gen) start(s Square, king bool) {
	c.from, c.king = s, king
	c.occ = c.all &^ bit(s)
	c.empty = c.geo.valid &^ c.occ
	c.pieceAt = len(c.dst)
}

// emit records a finished capture ending on to. The common case, a capture
// as long as the longest so far that no other path can repeat, is an append
// (or, counting, an increment); the rest goes to emitChecked.
func (c *gen) emit(to Square, taken Bitboard, n int, promotes bool) {
	if n < c.best || n >= c.checkFrom {
		c.emitChecked(to, taken, n, promotes)
		return
	}
	if c.counting {
		c.count++
		return
	}
	c.dst = append(c.dst, Move{From: c.from, To: to, King: c.king, Promotes: promotes, Captured: taken})
}

// counted counts, counting, a capture of n pieces that no other path can
// repeat nor a longer capture found so far rules out, and reports whether
// it did: else the capture goes to emit. Small enough to be inlined where
// captures end, it spares the perft's last ply a call for each.
func (c *gen) counted(n int) bool {
	if c.counting && n >= c.best && n < c.checkFrom {
		c.count++
		return true
	}
	return false
}

// countEnds counts, counting, the captures of n pieces ending on each of
// the squares of ends, none of which another path can repeat (fewer than
// dedupFrom pieces) nor a longer capture already found rules out.
func (c *gen) countEnds(ends Bitboard, n int) {
	if c.majority && n > c.best {
		c.longest(n)
	}
	c.count += ends.Count()
}

// longest drops, under the majority rule, the captures found so far: one of
// n pieces, more than any of them, is found (3.4.1).
func (c *gen) longest(n int) {
	c.best = n
	c.checkFrom = min(n+1, c.dedupFrom)
	c.dst = c.dst[:c.base]
	c.pieceAt = c.base
	c.count = 0
	if c.record {
		c.landings = c.landings[:0]
		c.checkFrom = 0
	}
}

// emitChecked is emit for a capture longer than any before under the
// majority rule, one that another path may repeat, or one whose landing
// path is recorded.
func (c *gen) emitChecked(to Square, taken Bitboard, n int, promotes bool) {
	if n < c.best {
		return // the majority rule: a longer capture exists
	}
	if c.majority && n > c.best {
		c.longest(n)
	}
	if c.counting && n < c.dedupFrom {
		c.count++
		return
	}
	m := Move{From: c.from, To: to, King: c.king, Promotes: promotes, Captured: taken}
	if n >= c.dedupFrom {
		for _, x := range c.dst[c.pieceAt:] {
			if x == m {
				return
			}
		}
	}
	c.dst = append(c.dst, m)
	if c.record {
		c.landings = append(c.landings, append([]Square(nil), c.path[:n]...))
	}
}
