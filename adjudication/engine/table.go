package engine

// bound says what a stored score is: exact, or a bound on the true score.
type bound uint8

const (
	boundNone  bound = iota
	boundLower       // the score is at least this (a beta cut-off)
	boundUpper       // the score is at most this (no move raised alpha)
	boundExact
)

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

// table is a transposition table of fixed size, allocated once: a slot per
// key, the deeper result kept when two keys meet.
type table struct {
	slots []entry
	mask  uint64
}

// newTable allocates a table of 2^bits slots.
func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

// clear empties the table for a new analysis.
func (t *table) clear() { clear(t.slots) }

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (entry, bool) {
	e := t.slots[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

// store records a result, replacing a shallower or a different position's.
func (t *table) store(key uint64, score, depth int, b bound, move int) {
	e := &t.slots[key&t.mask]
	if e.key == key && int(e.depth) > depth && b != boundExact {
		return
	}
	*e = entry{key: key, score: int32(score), depth: int8(depth), bound: b, move: uint8(move + 1)}
}
