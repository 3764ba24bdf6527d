package draughts

import (
	"math"
	"math/bits"
)

// DrawCounter follows, move by move, the counts of the draw rules that count
// moves: the drawn endings (2.1.9.1.3-2.1.9.1.5, 2.1.9.1.7; 3.5) and the
// king-only moves (2.1.9.1.8; 3.5), the rules DrawClaims applies to a whole
// record. Repetition (2.1.9.1.9) needs the positions themselves and is not
// counted here. A DrawCounter is a small value: Step returns a new one and
// allocates nothing, so a search can carry one down every line.
type DrawCounter struct {
	v Variant
	// kingMoves is the number of plies in a row that moved a king without
	// a capture (it stops growing at its limit instead of wrapping).
	kingMoves uint16
	// Bit i of each mask speaks of ending rule i of the variant
	// (endingRules): its count runs (on); it is complete (done); it began
	// in a position that the rule's roadClause names instead (road).
	on, done, road uint8
	// The stretch each ending count runs in, and each side's moves counted.
	key   [maxEndings]endingKey
	count [maxEndings][2]uint8
}

// NewDrawCounter begins the counts at p, as if the game started there: a
// position carries no history, so a count running in p starts with none of
// its moves made.
func NewDrawCounter(p Position) DrawCounter {
	c := DrawCounter{v: p.v}
	if p.kings == 0 {
		return c
	}
	b := balanceOf(p)
	rules := endingRules(p.v)
	for i := range rules {
		if k, ok := rules[i].phase(p, &b); ok {
			c.begin(i, &rules[i], p, k)
		}
	}
	return c
}

// DrawCounts returns the counts after the last move of the record.
func (r Record) DrawCounts() DrawCounter {
	c := NewDrawCounter(r.Start)
	p := r.Start
	for _, m := range r.Moves {
		p = p.Play(m)
		c = c.Step(m, p)
	}
	return c
}

// Step returns the counts after m, a legal move of the position the
// counter stands at, which led to after. The side that moved is after's
// opponent; m.King tells whether it moved a king.
func (c DrawCounter) Step(m Move, after Position) DrawCounter {
	switch {
	case m.IsCapture() || !m.King:
		c.kingMoves = 0
	case c.kingMoves < math.MaxUint16:
		c.kingMoves++
	}
	rules := endingRules(c.v)
	if len(rules) == 0 {
		return c
	}
	if after.kings == 0 {
		// Every ending rule needs a king on the board: without one, none counts.
		c.on, c.done, c.count = 0, 0, [maxEndings][2]uint8{}
		return c
	}
	b := balanceOf(after)
	mover := after.side.Opponent()
	for i := range rules {
		r := &rules[i]
		k, ok := r.phase(after, &b)
		switch {
		case !ok:
			c.on &^= 1 << i
			c.done &^= 1 << i
			c.count[i] = [2]uint8{}
		case c.on&(1<<i) == 0 || k != c.key[i]:
			c.begin(i, r, after, k)
		default:
			if c.count[i][mover] < math.MaxUint8 {
				c.count[i][mover]++
			}
			if c.complete(i, r.moves) {
				c.done |= 1 << i
			}
		}
	}
	return c
}

// begin starts the count of ending rule i, r, at p, in the stretch k.
func (c *DrawCounter) begin(i int, r *endingRule, p Position, k endingKey) {
	c.key[i], c.count[i] = k, [2]uint8{}
	c.on |= 1 << i
	c.done &^= 1 << i
	c.road &^= 1 << i
	if r.roadClause != "" && holdsRoad(p, k) {
		c.road |= 1 << i
	}
}

// complete reports whether ending rule i has counted its moves: the
// stronger side's, or each side's when both must make them.
func (c *DrawCounter) complete(i, moves int) bool {
	n := c.count[i]
	if c.key[i].both {
		return int(n[White]) >= moves && int(n[Black]) >= moves
	}
	return int(n[c.key[i].strong]) >= moves
}

// Drawn reports whether a count is complete, so that either player may
// claim the draw now, and under which clause. The king-only rule is named
// first when it and an ending rule complete together.
func (c DrawCounter) Drawn() (clause string, ok bool) {
	if int(c.kingMoves) >= kingOnlyPlies(c.v) {
		return kingOnlyClause(c.v), true
	}
	if c.done == 0 {
		return "", false
	}
	return c.clause(bits.TrailingZeros8(c.done)), true
}

// clause names ending rule i as its running count falls under it.
func (c DrawCounter) clause(i int) string {
	r := &endingRules(c.v)[i]
	if c.road&(1<<i) != 0 {
		return r.roadClause
	}
	return r.clause
}

// KingMoves is the number of plies in a row, up to the last, that moved a
// king without a capture: the count of 2.1.9.1.8 (3.5 in international
// draughts), and the stretch within which a position can repeat.
func (c DrawCounter) KingMoves() int { return int(c.kingMoves) }

// SoonestDraw is a lower bound of the plies from here to the first draw
// any count can complete: a running count needs the moves it lacks, the
// king-only rule the plies it lacks, and a count not yet begun one ply to
// begin (a capture, a promotion) and then the fewest moves any ending rule
// counts. It is at least 1.
func (c DrawCounter) SoonestDraw() int {
	soonest := kingOnlyPlies(c.v) - int(c.kingMoves)
	rules := endingRules(c.v)
	for i := range rules {
		r := &rules[i]
		soonest = min(soonest, 2*r.moves)
		if c.on&(1<<i) != 0 {
			made := max(int(c.count[i][White]), int(c.count[i][Black]))
			soonest = min(soonest, 2*(r.moves-made)-1)
		}
	}
	return max(soonest, 1)
}

// Tally packs the moves counted by the ending rules into one number, for a
// search that tells positions apart by their counts: each side's count in
// six bits (a search stops at a complete count, before 64), twelve bits a
// rule. Counters of one variant whose ending counts agree have the same
// tally; the king-only count is left out (see KingMoves).
func (c DrawCounter) Tally() uint64 {
	var h uint64
	for _, n := range c.count {
		h = h<<12 | uint64(min(n[White], 63))<<6 | uint64(min(n[Black], 63))
	}
	return h
}

// kingOnlyPlies is the length of the king-only rule in plies: 15 moves of
// each side (2.1.9.1.8), 25 in international draughts (3.5). Giveaway
// keeps it: a draw by it favours neither side.
func kingOnlyPlies(v Variant) int {
	if v == International {
		return 50
	}
	return 30
}

// kingOnlyClause names the king-only rule of v.
func kingOnlyClause(v Variant) string {
	if v == International {
		return "3.5"
	}
	return "2.1.9.1.8"
}
