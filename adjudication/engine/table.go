package engine

// bound says what a stored score is: exact, or a bound on the true score.
type bound uint8

const (
	boundNone  bound = iota
	boundLower       // the score is at least this (a beta cut-off)
	boundUpper       // the score is at most this (no move raised alpha)
	boundExact
)

// boundOf is what a search of the window (alpha0, beta) that found score
// says of the position's value.
func boundOf(score, alpha0, beta int) bound {
	switch {
	case score >= beta:
		return boundLower
	case score <= alpha0:
		return boundUpper
	}
	return boundExact
}

// entry is one slot of the transposition table (16 bytes).
type entry struct {
	key   uint64
	score int32
	depth int8
	bound bound
	// move is the index, plus one, of the best move in the position's
	// LegalMoves order (which is deterministic); 0 for none.
	move uint8
}

// table is a transposition table of fixed size, allocated once. Slots go
// in pairs: the first keeps the deeper result, the second the latest, so
// a flood of shallow entries does not wash out the deep ones.
type table struct {
	slots []entry
	mask  uint64
}

// newTable allocates a table of 2^bits slots.
func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 2}
}

// clear empties the table for a new analysis.
func (t *table) clear() { clear(t.slots) }

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (entry, bool) {
	i := key & t.mask
	for _, e := range t.slots[i : i+2] {
		if e.key == key && e.bound != boundNone {
			return e, true
		}
	}
	return entry{}, false
}

// store records a result: in the first slot of the pair when it is as deep
// as what that holds (or exact for the same position), in the second
// otherwise.
func (t *table) store(key uint64, score, depth int, b bound, move int) {
	i := key & t.mask
	e := entry{key: key, score: int32(score), depth: int8(depth), bound: b, move: uint8(move + 1)}
	if first := &t.slots[i]; depth >= int(first.depth) || (first.key == key && b == boundExact) {
		*first = e
		return
	}
	t.slots[i+1] = e
}
