package corr

import "zaochnik/corr/draughts"

// originOf returns the square a written move starts from, if it names one.
func originOf(v draughts.Variant, mt draughts.MoveText) (draughts.Square, bool) {
	if mt.Abbreviated || len(mt.Squares) == 0 {
		return 0, false
	}
	s, err := v.SquareOf(mt.Squares[0])
	return s, err == nil
}
