package draughts

// The squares a written capture may name. The generator records one
// landing path per order of taking (Landings), and where a king goes on
// straight over the next piece it records the farthest square it may stop
// on between the two. A king may land on any empty square beyond the piece
// it takes (2.1.5.2, 2.1.5.6), and it goes on over the next piece from each
// of them alike: a letter that writes the capture square by square
// (2.1.5.10, 6.2.2) may name any one of them.

// landingOptions appends to dst, for each square of path (a capture's
// landing squares from from, the destination last), the squares a player
// may write there: the square itself, and where the path goes on straight
// from it, every square between the piece just taken and the next. The
// capturing piece's origin is empty during the move (2.1.5.17); the pieces
// taken are still on the board.
func (p Position) landingOptions(dst []Bitboard, from Square, path []Square) []Bitboard {
	occupied := (p.us | p.them) &^ bit(from)
	prev := from
	for i, l := range path {
		o := bit(l)
		if i+1 < len(path) && p.v.direction(prev, l) == p.v.direction(l, path[i+1]) {
			o = p.between(prev, path[i+1], occupied)
		}
		dst = append(dst, o)
		prev = l
	}
	return dst
}

// between returns the squares on the diagonal from a to b after the first
// occupied square and before the second: those between the two pieces a
// straight run over two pieces takes.
func (p Position) between(a, b Square, occupied Bitboard) Bitboard {
	d := p.v.direction(a, b)
	f, r := p.v.FileRank(a)
	var out Bitboard
	pieces := 0
	for s := a; s != b && pieces < 2; {
		f, r = f+d[0], r+d[1]
		var ok bool
		if s, ok = p.v.SquareAt(f, r); !ok {
			break // not on one diagonal: no path of the generator
		}
		switch {
		case occupied.Has(s):
			pieces++
		case pieces == 1:
			out |= bit(s)
		}
	}
	return out
}

// writtenOn reports whether the squares written between a capture's origin
// and its destination name squares its path lands on, in order (fits), and
// whether they name every one of them (complete). options is the path's
// landingOptions, the destination last.
func writtenOn(written []Square, options []Bitboard) (fits, complete bool) {
	landings := options[:len(options)-1]
	i := 0
	for _, o := range landings {
		if i < len(written) && o.Has(written[i]) {
			i++
		}
	}
	if i < len(written) {
		return false, false
	}
	if len(written) != len(landings) {
		return true, false
	}
	return true, true
}
