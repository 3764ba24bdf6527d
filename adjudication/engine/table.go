package engine

import "sync/atomic"

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

// entry is what a slot of the transposition table holds for a position.
type entry struct {
	score int16
	depth int8
	bound bound
	// move is the index, plus one, of the best move in the position's
	// LegalMoves order (which is deterministic); 0 for none.
	move uint8
}

// pack and unpack turn an entry into the data word of a slot and back.
func (e entry) pack() uint64 {
	return uint64(uint16(e.score)) | uint64(uint8(e.depth))<<16 | uint64(e.bound)<<24 | uint64(e.move)<<32
}

func unpack(d uint64) entry {
	return entry{score: int16(d), depth: int8(d >> 16), bound: bound(d >> 24), move: uint8(d >> 32)}
}

// slot is one entry of the table, 16 bytes: the data word and the
// position's key xor the data. The search threads share the table without
// a lock: a slot read while another thread writes it may mix the old and
// the new word, and then check^data is not the key, so the probe misses.
type slot struct {
	check, data atomic.Uint64
}

// table is a transposition table of fixed size, allocated once. Slots go
// in pairs (32 bytes, one cache line): the first keeps the deeper result,
// the second the latest, so a flood of shallow entries does not wash out
// the deep ones. Its scores are guidance for the search only: a result is
// proven by a search that does not trust a shared table (see prove.go).
type table struct {
	slots []slot
	mask  uint64
	// used is set once an analysis may have written the table: a new
	// table is zero already, and clearing it would only cost the page
	// faults of all its memory at once.
	used bool
}

// newTable allocates a table of 2^bits slots.
func newTable(bits int) *table {
	t := &table{slots: make([]slot, 1<<bits), mask: 1<<bits - 2}
	adviseHugePages(t.slots)
	return t
}

// clear empties the table for a new analysis, if an analysis used it.
func (t *table) clear() {
	if t.used {
		clear(t.slots)
		t.used = false
	}
}

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (entry, bool) {
	pair := t.slots[key&t.mask:]
	pair = pair[:2]
	for i := range pair {
		d := pair[i].data.Load()
		if pair[i].check.Load()^d == key && bound(d>>24) != boundNone {
			return unpack(d), true
		}
	}
	return entry{}, false
}

// store records a result: in the first slot of the pair when it is as deep
// as what that holds (or exact for the same position), in the second
// otherwise.
func (t *table) store(key uint64, score, depth int, b bound, move int) {
	pair := t.slots[key&t.mask:]
	pair = pair[:2]
	d := entry{score: int16(score), depth: int8(depth), bound: b, move: uint8(move + 1)}.pack()
	s := &pair[1]
	fd := pair[0].data.Load()
	if depth >= int(int8(fd>>16)) || (pair[0].check.Load()^fd == key && b == boundExact) {
		s = &pair[0]
	}
	s.data.Store(d)
	s.check.Store(key ^ d)
}
