package tables

import (
	"zaochnik/corr/draughts"
)

// Outcome is a position's result for the side to move.
type Outcome uint8

// The outcomes.
const (
	Draw Outcome = iota
	Win
	Loss
)

// String names the outcome.
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Value is a position's value for the side to move: the outcome and, for
// a win or a loss, the plies to the end of the game with best play (the
// winner as fast as it can, the loser as slowly).
type Value struct {
	Outcome Outcome
	Plies   int
}

// Has reports whether p is a position of the tables: each side at least
// one piece, at most Pieces pieces.
func (s *Set) Has(p draughts.Position) bool {
	_, ok := s.lookup(p)
	return ok && p.Pieces(p.SideToMove().Opponent()) != 0 && p.Pieces(p.SideToMove()) != 0
}

// Probe returns p's value by the rules of the game alone, the draw rules
// that count moves aside (see Solve), and false when p is not in the tables.
func (s *Set) Probe(p draughts.Position) (Value, bool) {
	if !s.Has(p) {
		return Value{}, false
	}
	d, _ := s.lookup(p)
	return valueOf(d), true
}

func valueOf(d uint8) Value {
	switch {
	case d == drawn || d == invalid:
		return Value{Outcome: Draw}
	case d%2 == 1:
		return Value{Outcome: Win, Plies: int(d)}
	}
	return Value{Outcome: Loss, Plies: int(d)}
}

// raw is the entry of p, a position reached by a legal move: a side with
// no piece left has lost (0).
func (s *Set) raw(p draughts.Position) uint8 {
	d, _ := s.lookup(p)
	return d
}

// lookup finds p's entry: false when p is of another variant, a side
// without a piece is not the side to move, it has more pieces than the
// tables or a table cannot be read.
func (s *Set) lookup(p draughts.Position) (uint8, bool) {
	if p.Variant() != s.b.v {
		return 0, false
	}
	side := p.SideToMove()
	switch {
	case p.Pieces(side) == 0:
		return 0, true
	case p.Pieces(side.Opponent()) == 0:
		return 0, false
	}
	bb := [4]draughts.Bitboard{p.Men(draughts.White), p.Men(draughts.Black), p.Kings(draughts.White), p.Kings(draughts.Black)}
	m := Material{bb[whiteMen].Count(), bb[whiteKings].Count(), bb[blackMen].Count(), bb[blackKings].Count()}
	if s.cell(m) == nil {
		return 0, false
	}
	t, err := s.slice(m)
	s.noteFailure(err)
	if t == nil {
		return 0, false
	}
	var r [4]int
	var sq [maxSide]draughts.Square
	var set [maxSide]int8
	for g := range 4 {
		for j, x := range bb[g].Squares(sq[:0]) {
			i := s.b.index[x]
			if g < whiteKings {
				i = s.b.manIdx[g][i]
				if i < 0 {
					return 0, false // a man on its promotion row: not a position of the game
				}
			}
			set[j] = i
		}
		sortSet(set[:t.k[g]])
		r[g] = rank(set[:t.k[g]])
	}
	return t.val[t.index(r, int(side))], true
}
