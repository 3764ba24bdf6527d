package draughts

// movePaths lists every legal move with the squares it lands on, one entry
// per capture path (so a Move may appear more than once); a step lands on
// its destination only.
func (p Position) movePaths() ([]Move, [][]Square) {
	var c gen
	g := p.v.rules().geo
	if men, kings := p.capturers(g); men|kings != 0 {
		c.setup(p.v.rules(), genOptions{paths: true, record: true})
		c.reset(p, nil)
		c.captures(men, kings)
		return c.dst, c.landings
	}
	moves := p.steps(nil, g, p.us, g.valid&^(p.us|p.them))
	// A step lands on its destination alone: the paths share one array.
	to := make([]Square, len(moves))
	landings := make([][]Square, len(moves))
	for i, m := range moves {
		to[i] = m.To
		landings[i] = to[i : i+1 : i+1]
	}
	return moves, landings
}

// Landings returns the squares the piece of m lands on, in order, ending with
// m.To: the destination of a step; for a capture one square per piece taken
// (of the paths taking the same pieces, the first found). It returns nil when
// m is not a legal move of p.
func (p Position) Landings(m Move) []Square {
	moves, landings := p.movePaths()
	for i, x := range moves {
		if x == m {
			return landings[i]
		}
	}
	return nil
}

// turns keeps of a landing path the squares where the piece changes
// direction, and the destination: what the full notation writes (2.1.6.2).
func (v Variant) turns(from Square, landings []Square) []Square {
	return v.appendTurns(nil, from, landings)
}

// appendTurns appends turns(from, landings) to out.
func (v Variant) appendTurns(out []Square, from Square, landings []Square) []Square {
	prev := from
	for i, l := range landings {
		if i == len(landings)-1 || v.direction(prev, l) != v.direction(l, landings[i+1]) {
			out = append(out, l)
		}
		prev = l
	}
	return out
}

// direction returns the diagonal direction from a to b as a pair of signs.
func (v Variant) direction(a, b Square) [2]int {
	fa, ra := v.FileRank(a)
	fb, rb := v.FileRank(b)
	return [2]int{sign(fb - fa), sign(rb - ra)}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Notation writes m in full notation (6.2.2, 2.1.6.2, 3.3): "c3-d4", "c3:e5";
// numeric on 10x10, "32-28", "47:24". A capture lists the squares where it
// turns ("d2:h6:f8:c5:a7") only when another legal capture shares its ends.
// What it writes, Resolve reads back as m.
func (p Position) Notation(m Move) string {
	moves, landings := p.movePaths()
	return p.notation(m, moves, landings)
}

func (p Position) notation(m Move, moves []Move, landings [][]Square) string {
	path := pathOf(m, moves, landings)
	if path == nil {
		path = []Square{m.To}
	}
	// The shortest form that reads back as m: the destination alone (a
	// step, and most captures), then the turns, then every landing; the
	// turns found only when the destination is not enough.
	var full string
	readsBack := func(squares []Square) bool {
		full = p.v.write(m, m.From, squares, false)
		got, err := p.resolveIn(m.From, squares, moves, landings)
		return err == nil && got == m
	}
	to := [1]Square{m.To}
	if !readsBack(to[:]) && !readsBack(p.v.turns(m.From, path)) {
		full = p.v.write(m, m.From, path, false)
	}
	return full
}

// Written writes m as a player writes it in a letter (6.2.2): a capture on
// a lettered board with every square it lands on ("d2:f4:h6:f8:c5", not
// the shortest "d2:c5"), anything else as Notation. Resolve reads it back
// as m.
func (p Position) Written(m Move) string {
	moves, landings := p.movePaths()
	return p.writtenIn(m, moves, landings)
}

// writtenIn is Written, moves and landings being p's (movePaths).
func (p Position) writtenIn(m Move, moves []Move, landings [][]Square) string {
	if !m.IsCapture() || p.v.Numeric() {
		return p.notation(m, moves, landings)
	}
	path := pathOf(m, moves, landings)
	if path == nil {
		return p.notation(m, moves, landings)
	}
	return p.v.write(m, m.From, path, false)
}

// SemiShort writes m in the semi-short notation of game records (6.5.1):
// the origin's file, then the destination, ':' for a capture: "cd4", "b:d4",
// with the landing squares where it turns when needed to tell it from
// another capture ("d:h6:a7"), and in full notation when even that is
// ambiguous (two pieces of one file reaching one square). The numeric
// notation has no short form (3.3): on 10x10 SemiShort is Notation.
func (p Position) SemiShort(m Move) string {
	moves, landings := p.movePaths()
	if p.v.Numeric() {
		return p.notation(m, moves, landings)
	}
	path := pathOf(m, moves, landings)
	if path == nil {
		path = []Square{m.To}
	}
	for _, squares := range [][]Square{{m.To}, p.v.turns(m.From, path)} {
		file, _ := p.v.FileRank(m.From)
		got, err := p.resolveAbbreviatedIn(file, squares, moves, landings)
		if err == nil && got == m {
			return p.v.write(m, noSquare, squares, true)
		}
	}
	return p.notation(m, moves, landings)
}

// pathOf returns the first landing path of m.
func pathOf(m Move, moves []Move, landings [][]Square) []Square {
	for i, x := range moves {
		if x == m {
			return landings[i]
		}
	}
	return nil
}

// noSquare is write's from when the origin is not written.
const noSquare Square = 255

// write joins from (unless noSquare) and squares as the notation does,
// in one buffer and one string; abbreviated writes the origin's file
// first.
func (v Variant) write(m Move, from Square, squares []Square, abbreviated bool) string {
	var buf [48]byte // a step or a capture of up to nine squares
	b := buf[:0]
	sep := byte('-')
	if m.IsCapture() {
		sep = ':'
	}
	if abbreviated {
		f, _ := v.FileRank(m.From)
		b = append(b, byte('a'+f-1))
		if m.IsCapture() {
			b = append(b, ':')
		}
		sep = ':'
	}
	if from != noSquare {
		b = v.appendSquareText(b, from)
		if len(squares) > 0 {
			b = append(b, sep)
		}
	}
	for i, s := range squares {
		if i > 0 {
			b = append(b, sep)
		}
		b = v.appendSquareText(b, s)
	}
	return string(b)
}
