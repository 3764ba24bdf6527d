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

// Has reports whether p is a position of the tables: kings only, each
// side at least one, at most Pieces pieces.
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

// lookup finds p's entry: false when p has men, a side without a piece
// that is not the side to move, or more pieces than the tables.
func (s *Set) lookup(p draughts.Position) (uint8, bool) {
	if p.Variant() != s.b.v || p.Men(draughts.White)|p.Men(draughts.Black) != 0 {
		return 0, false
	}
	side := p.SideToMove()
	w, b := p.Pieces(draughts.White), p.Pieces(draughts.Black)
	switch {
	case p.Pieces(side) == 0:
		return 0, true
	case p.Pieces(side.Opponent()) == 0:
		return 0, false
	}
	t := s.tables[Material{w.Count(), b.Count()}]
	if t == nil {
		return 0, false
	}
	var ws, bs [maxSide]int8
	var sq [maxSide]draughts.Square
	for i, x := range w.Squares(sq[:0]) {
		ws[i] = s.b.index[x]
	}
	for i, x := range b.Squares(sq[:0]) {
		bs[i] = s.b.index[x]
	}
	sortSet(ws[:t.m.White])
	sortSet(bs[:t.m.Black])
	return t.val[t.index(ws[:t.m.White], bs[:t.m.Black], side)], true
}
