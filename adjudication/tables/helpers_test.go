package tables

import (
	"sync"
	"testing"

	"zaochnik/corr/draughts"
)

// built builds each variant's 4-piece tables once for the package's tests
// (about 0.4 s Russian, 3 s international).
var built = struct {
	sync.Mutex
	sets map[draughts.Variant]*Set
}{sets: map[draughts.Variant]*Set{}}

func tablesOf(t testing.TB, v draughts.Variant) *Set {
	t.Helper()
	built.Lock()
	defer built.Unlock()
	if s := built.sets[v]; s != nil {
		return s
	}
	s, err := Build(v, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	built.sets[v] = s
	return s
}

// positionAt is the position of entry i of t, and false for an invalid one.
func (s *Set) positionAt(t *table, i int) (draughts.Position, bool) {
	if t.val[i] == invalid {
		return draughts.Position{}, false
	}
	r := i >> 1
	ws, bs := t.cw[r/len(t.cb)], t.cb[r%len(t.cb)]
	var w, b draughts.Bitboard
	for _, x := range ws[:t.m.White] {
		w |= 1 << s.b.squares[x]
	}
	for _, x := range bs[:t.m.Black] {
		b |= 1 << s.b.squares[x]
	}
	return draughts.NewPosition(s.b.v, w, b, w|b, draughts.Color(i&1)), true
}

func mustFEN(t testing.TB, v draughts.Variant, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
