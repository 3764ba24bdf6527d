package draughts

import (
	"math"
	"math/bits"
)

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
	all      Bitboard // every piece
	occ      Bitboard // every piece but the capturing one: captured pieces stay (2.1.5.17)
	opp      Bitboard // the opponent's pieces
	empty    Bitboard // the board minus occ: the origin counts as empty
	lastRow  Bitboard // the mover's promotion row
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
	own, opp := p.us, p.them
	empty := g.valid &^ (own | opp)
	t := takers(uint(g.half), opp, empty)
	men = own &^ p.kings & (t[upLeft] | t[upRight] | t[downLeft] | t[downRight])
	if own&p.kings != 0 {
		kings = p.kingCapturers(g, own, opp, empty)
	}
	return men, kings
}

// takers returns, for each direction d, the squares from which a man would
// take in direction d on the board as it stands (opp the opponent's pieces,
// h the board's half width): an opponent's piece next to it that way and an
// empty square beyond. Men capture backwards too (2.1.5.3).
func takers(h uint, opp, empty Bitboard) [4]Bitboard {
	h &= 15 // bounded: the shifts need no test for 64 or more
	return [4]Bitboard{
		upLeft:    (opp << (h + 1)) & (empty << (2*h + 2)),
		upRight:   (opp << h) & (empty << (2 * h)),
		downLeft:  (opp >> h) & (empty >> (2 * h)),
		downRight: (opp >> (h + 1)) & (empty >> (2*h + 2)),
	}
}

// kingCapturers returns those of own's kings that can capture.
func (p Position) kingCapturers(g *geometry, own, opp, empty Bitboard) Bitboard {
	var kings Bitboard
	for k := own & p.kings; k != 0; k &= k - 1 {
		s := lowest(k)
		if _, takes := kingSees(g, s, opp, empty); takes {
			kings |= bit(s)
		}
	}
	return kings
}

// kingSees returns the empty squares a king on s reaches along its four rays
// (its steps), and whether it can capture: the piece just beyond one of
// those reaches is the opponent's, with an empty square behind it. The
// square beyond a reach is the reach with s shifted one step on, less the
// reach itself (a ghost or an outside bit at the edge, never a piece).
func kingSees(g *geometry, s Square, opp, empty Bitboard) (reach Bitboard, takes bool) {
	h := uint(g.half) & 15 // bounded: the shifts need no test for 64 or more
	at := bit(s)
	ul, ur := kingReach(g, s, upLeft, empty), kingReach(g, s, upRight, empty)
	dl, dr := kingReach(g, s, downLeft, empty), kingReach(g, s, downRight, empty)
	preyUL := (ul | at) >> (h + 1) &^ ul & opp
	preyUR := (ur | at) >> h &^ ur & opp
	preyDL := (dl | at) << h &^ dl & opp
	preyDR := (dr | at) << (h + 1) &^ dr & opp
	takes = (preyUL>>(h+1)|preyUR>>h|preyDL<<h|preyDR<<(h+1))&empty != 0
	return ul | ur | dl | dr, takes
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
		c.kingFrom(s, 0, 0, allDirections)
	}
}

func (c *gen) start(s Square, king bool) {
	c.from, c.king = s, king
	c.occ = c.all &^ bit(s)
	c.empty = c.geo.valid &^ c.occ
	c.pieceAt = len(c.dst)
}

// manLands returns the squares a man on s lands on by taking one more
// piece, having taken the set taken: shifts of bit(s) in the four
// directions at once, the layout's ghost bits stopping a step off the board
// (see geometry).
func (c *gen) manLands(s Square, taken Bitboard) Bitboard {
	h := c.half & 15 // bounded: the shifts need no test for 64 or more
	at, prey := bit(s), c.opp&^taken
	lands := (at>>(h+1)&prey)>>(h+1) | (at>>h&prey)>>h | (at<<h&prey)<<h | (at<<(h+1)&prey)<<(h+1)
	return lands & c.empty
}

// jumps continues a man's capture standing on s, having taken n pieces (the
// set taken), by each jump to a square of lands (from manLands): the piece
// taken is halfway between s and the landing square. Lowest first is the
// directions' order (up-left, up-right, down-left, down-right).
func (c *gen) jumps(s Square, lands, taken Bitboard, n int) {
	for ; lands != 0; lands &= lands - 1 {
		land := lowest(lands)
		t := taken | bit((s+land)/2)
		c.path[n&31] = land
		if c.promote && c.lastRow.Has(land) {
			// 2.1.5.15: a king at once, capturing on as one.
			d := c.geo.jumpDirection(s, land)
			if !c.kingFrom(land, t, n+1, turns(d)|1<<d) {
				c.emit(land, t, n+1, true)
			}
			continue
		}
		if on := c.manLands(land, t); on != 0 {
			c.jumps(land, on, t, n+1)
		} else {
			c.emit(land, t, n+1, c.lastRow.Has(land))
		}
	}
}

// allDirections is the set of the four directions, bit d for direction d.
const allDirections = 1<<upLeft | 1<<upRight | 1<<downLeft | 1<<downRight

// turns returns the set of the two directions square to d.
func turns(d int) uint { return 1<<(d^1) | 1<<(d^2) }

// kingFrom continues a king's capture standing on s, having taken n pieces
// (the set taken), in the directions of the set dirs (bit d for direction
// d): never back the way it came, since the piece just taken may not be
// jumped again (2.1.5.9). It reports whether it found a further capture.
func (c *gen) kingFrom(s Square, taken Bitboard, n int, dirs uint) bool {
	g := c.geo
	rays := &g.rays[s&63]
	prey := c.opp &^ taken
	found := false
	for ; dirs != 0; dirs &= dirs - 1 {
		d := bits.TrailingZeros(dirs) & 3
		blockers := rays[d] & c.occ
		if blockers == 0 {
			continue
		}
		b := first(blockers, d)
		if prey&bit(b) == 0 {
			continue // own piece, or one already taken (2.1.5.9)
		}
		lands := kingReach(g, b, d, c.empty)
		if lands == 0 {
			continue
		}
		found = true
		t := taken | bit(b)
		// The king must land where it can go on capturing if such a square
		// exists; only if none does may it stop on any of them.
		// Going on straight over the next piece is one path whichever square
		// the king touched between the two: it is explored from the farthest
		// landing square only; the others may only turn.
		far := lowest(lands)
		if d >= downLeft {
			far = highest(lands)
		}
		goesOn := false
		if c.canTakeOn(t) {
			for l := lands; l != 0; l &= l - 1 {
				sq := lowest(l)
				c.path[n&31] = sq
				next := turns(d)
				if sq == far {
					next |= 1 << d
				}
				if c.kingFrom(sq, t, n+1, next) {
					goesOn = true
				}
			}
		}
		if !goesOn {
			for l := lands; l != 0; l &= l - 1 {
				sq := lowest(l)
				c.path[n&31] = sq
				c.emit(sq, t, n+1, !c.king) // a man here became a king on the way
			}
		}
	}
	return found
}

// canTakeOn reports whether a piece is left that a capture having taken the
// set taken could take on: an opponent's piece not taken with an empty square
// on both sides along a diagonal. When none is, no landing square goes on and
// kingFrom need not try them one by one.
func (c *gen) canTakeOn(taken Bitboard) bool {
	h, e := c.half&15, c.empty
	return c.opp&^taken&((e<<(h+1))&(e>>(h+1))|(e<<h)&(e>>h)) != 0
}

// emit records a finished capture ending on to. The common case, a capture
// as long as the longest so far that no other path can repeat, is an append;
// the rest goes to emitChecked.
func (c *gen) emit(to Square, taken Bitboard, n int, promotes bool) {
	if n < c.best || n >= c.checkFrom {
		c.emitChecked(to, taken, n, promotes)
		return
	}
	c.dst = append(c.dst, Move{From: c.from, To: to, King: c.king, Promotes: promotes, Captured: taken})
}

// emitChecked is emit for a capture longer than any before under the
// majority rule, one that another path may repeat, or one whose landing
// path is recorded.
func (c *gen) emitChecked(to Square, taken Bitboard, n int, promotes bool) {
	if n < c.best {
		return // the majority rule: a longer capture exists
	}
	if c.majority && n > c.best {
		c.best = n
		c.checkFrom = min(n+1, c.dedupFrom)
		c.dst = c.dst[:c.base]
		c.pieceAt = c.base
		if c.record {
			c.landings = c.landings[:0]
			c.checkFrom = 0
		}
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
	for b := left; b != 0; b &= b - 1 {
		to := lowest(b)
		dst = append(dst, Move{From: Square(int(to) - offLeft), To: to, Promotes: last.Has(to)})
	}
	for b := right; b != 0; b &= b - 1 {
		to := lowest(b)
		dst = append(dst, Move{From: Square(int(to) - offRight), To: to, Promotes: last.Has(to)})
	}
	for k := kings; k != 0; k &= k - 1 {
		s := lowest(k)
		for d := range 4 {
			for b := kingReach(g, s, d, empty); b != 0; b &= b - 1 {
				dst = append(dst, Move{From: s, To: lowest(b), King: true})
			}
		}
	}
	return dst
}

// kingReach returns the empty squares a king on s reaches in direction d:
// the ray's squares short of its nearest piece. Rays going down run to
// higher bits, so those are the bits below the lowest piece; rays going up,
// the bits above the highest (no piece: the whole ray, both ways).
func kingReach(g *geometry, s Square, d int, empty Bitboard) Bitboard {
	ray := g.rays[s&63][d&3]
	occ := ray &^ empty
	if d >= downLeft {
		return ray & (occ&-occ - 1)
	}
	return ray &^ (1<<bits.Len64(uint64(occ)) - 1)
}
