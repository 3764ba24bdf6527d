package corr

import (
	"errors"
	"fmt"

	"zaochnik/corr/draughts"
)

// errAbbreviated marks a move written in semi-short notation: an impossible
// move (6.2.2) whose origin square is not named.
var errAbbreviated = errors.New("written in abbreviated notation; the rules ask for the full notation, e.g. c3-d4 (6.2.2)")

// resolve finds the legal move of p that the written move names: origin,
// destination and, for a capture written with its landing squares, those
// squares in order. A move that names no legal move is impossible (6.2.10).
func resolve(p draughts.Position, mt draughts.MoveText) (draughts.Move, error) {
	if mt.Abbreviated {
		return draughts.Move{}, errAbbreviated
	}
	if len(mt.Squares) < 2 {
		return draughts.Move{}, fmt.Errorf("%s names fewer than two squares", mt)
	}
	v := p.Variant()
	sq := make([]draughts.Square, len(mt.Squares))
	for i, t := range mt.Squares {
		s, err := v.SquareOf(t)
		if err != nil {
			return draughts.Move{}, err
		}
		sq[i] = s
	}
	var found []draughts.Move
	for _, m := range p.LegalMoves(nil) {
		if m.From != sq[0] || m.To != sq[len(sq)-1] {
			continue
		}
		if len(sq) > 2 && !passesThrough(p.Landings(m), sq[1:len(sq)-1]) {
			continue
		}
		found = append(found, m)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return draughts.Move{}, fmt.Errorf("%s is not a legal move in this position", mt)
	}
	return draughts.Move{}, fmt.Errorf("%s may be %d different captures; write every landing square", mt, len(found))
}

// passesThrough reports whether via appear in landings in order.
func passesThrough(landings, via []draughts.Square) bool {
	i := 0
	for _, l := range landings {
		if i < len(via) && l == via[i] {
			i++
		}
	}
	return i == len(via)
}

// originOf returns the square a written move starts from, if it names one.
func originOf(v draughts.Variant, mt draughts.MoveText) (draughts.Square, bool) {
	if mt.Abbreviated || len(mt.Squares) == 0 {
		return 0, false
	}
	s, err := v.SquareOf(mt.Squares[0])
	return s, err == nil
}
