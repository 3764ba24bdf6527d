package storage

import (
	"strconv"

	"zaochnik/timecontrol"
)

// A game's first letter after a restart (its tournament read from its
// rows) needs its ledger lines as stored, to write only those that
// changed (saveLedger); reading them (storedLines), one row a reply, was
// a seventh of the daemon's work catching up a backlog at move 20. So
// the games row keeps, since migration 0013, a hash of its stored lines
// (ledger_sum, written with the row: saveChanged writes the row and the
// lines together, from the same computed ledger, and saveState's rewrite
// of every ledger for a break writes it too), and the letter's new
// ledger, computed anyway, tells the stored lines: a letter adds a line
// to those stored (the reply it closed) or none, so that the stored lines
// are the new ledger but its last line, or the new ledger, when their hash
// is the row's. Any other case (a letter that changed an older line, a
// store migrated, 0: not known) reads them as before.

// fnvOffset and fnvPrime are FNV-1a's, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// ledgerSum is the hash of lines as stored (rowOf each): the games row's
// ledger_sum.
func ledgerSum(lines []timecontrol.Line) int64 {
	h := uint64(fnvOffset)
	for _, ln := range lines {
		h = sumLine(h, ln)
	}
	return int64(h)
}

// storedPrefix is how many of led's first lines are the lines stored, by
// the row's ledger_sum sum: all but the last, or all; ok is false when
// neither hashes to sum (or sum is 0, not known).
func storedPrefix(led []timecontrol.Line, sum int64) (n int, ok bool) {
	if sum == 0 || len(led) == 0 {
		return 0, false
	}
	h := uint64(fnvOffset)
	for _, ln := range led[:len(led)-1] {
		h = sumLine(h, ln)
	}
	if int64(h) == sum {
		return len(led) - 1, true
	}
	if int64(sumLine(h, led[len(led)-1])) == sum {
		return len(led), true
	}
	return 0, false
}

// sumLine adds to hash h ledger line ln's row (appendLineRow).
func sumLine(h uint64, ln timecontrol.Line) uint64 {
	var buf [128]byte
	for _, c := range appendLineRow(buf[:0], ln) {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

// appendLineRow appends ledger line ln's row as rowOf writes it (its
// columns apart by 0 bytes, ended by a 0x1e), without the strings rowOf
// makes: appendRow(rowOf(ln)).
func appendLineRow(b []byte, ln timecontrol.Line) []byte {
	b = append(append(b, ln.Player.String()...), 0)
	b = append(ln.Received.AppendISO(b), 0)
	b = append(ln.Sent.AppendISO(b), 0)
	b = append(strconv.AppendInt(b, int64(ln.Days), 10), 0)
	b = append(strconv.AppendInt(b, int64(ln.Total), 10), 0)
	b = append(strconv.AppendInt(b, int64(ln.CountedMoves), 10), 0)
	if len(ln.Notes) > 0 {
		b = append(b, notesOf(ln)...)
	}
	return append(b, 0x1e)
}
