package tables

import (
	"errors"
	"fmt"

	"zaochnik/corr/draughts"
)

// magic opens the bytes of a Set.
const magic = "ZKT1"

// Marshal returns the tables as bytes: the magic, the variant, the pieces,
// then each table's entries in the order Build makes them.
func (s *Set) Marshal() []byte {
	out := append([]byte(magic), byte(s.b.v), byte(s.pieces))
	for _, m := range materials(s.pieces) {
		out = append(out, s.tables[m].val...)
	}
	return out
}

// Unmarshal reads tables made by Marshal. It checks the header and the
// length; the entries are trusted (the command keeps them under a checksum).
func Unmarshal(data []byte) (*Set, error) {
	if len(data) < len(magic)+2 || string(data[:len(magic)]) != magic {
		return nil, errors.New("tables: not a table file (bad header): build it again with zaochnik tables build")
	}
	v, pieces := draughts.Variant(data[len(magic)]), int(data[len(magic)+1])
	if v != draughts.Russian && v != draughts.International {
		return nil, fmt.Errorf("tables: unknown variant %d in the header", v)
	}
	if pieces < 2 || pieces > MaxPieces {
		return nil, fmt.Errorf("tables: %d pieces in the header: 2 to %d expected", pieces, MaxPieces)
	}
	s := &Set{b: newBoard(v), pieces: pieces, tables: map[Material]*table{}}
	rest := data[len(magic)+2:]
	for _, m := range materials(pieces) {
		n := 2 * binom[s.b.n][m.White] * binom[s.b.n][m.Black]
		if len(rest) < n {
			return nil, fmt.Errorf("tables: file cut short in the table %dv%d: build it again", m.White, m.Black)
		}
		t := newTable(s.b, m)
		copy(t.val, rest[:n])
		rest = rest[n:]
		s.tables[m] = t
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("tables: %d bytes after the last table", len(rest))
	}
	return s, nil
}
