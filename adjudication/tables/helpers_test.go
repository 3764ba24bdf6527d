package tables

import (
	"sync"
	"testing"

	"zaochnik/corr/draughts"
)

// built builds each variant's 4-piece tables once for the package's tests
// (men and kings: 3.4 s Russian, 10 s 10x8; international kings only, 2 s).
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
	var s *Set
	var err error
	if v == draughts.International {
		s, err = buildKings(v, 4)
	} else {
		s, err = Build(v, 4, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	built.sets[v] = s
	return s
}

// buildKings solves only the kings-only tables of up to pieces pieces
// (they need no table with men): the international 4-piece tables with
// men take half a minute.
func buildKings(v draughts.Variant, pieces int) (*Set, error) {
	s, err := NewSet(v, pieces, nil)
	if err != nil {
		return nil, err
	}
	for _, m := range Materials(pieces) {
		if m.Men() == 0 {
			if _, err := s.BuildSlice(m, 0, nil); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// buildSolved is Build solving every table, none turned from its mirror.
func buildSolved(v draughts.Variant, pieces int) (*Set, error) {
	s, err := NewSet(v, pieces, nil)
	if err != nil {
		return nil, err
	}
	for _, m := range Materials(pieces) {
		if _, err := s.buildSlice(m, 0, nil, false); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// positionAt is the position of entry i of t, and false for an invalid one.
func (s *Set) positionAt(t *slice, i int) (draughts.Position, bool) {
	if t.val[i] == invalid {
		return draughts.Position{}, false
	}
	r, side := t.ranks(i)
	var bb [4]draughts.Bitboard
	for g := range 4 {
		for _, x := range s.b.squaresOf(&t.layout, g, r[g], nil) {
			bb[g] |= 1 << s.b.squares[x]
		}
	}
	return draughts.NewPosition(s.b.v, bb[whiteMen]|bb[whiteKings], bb[blackMen]|bb[blackKings], bb[whiteKings]|bb[blackKings], draughts.Color(side)), true
}

// table is m's solved table in s (built or loaded).
func table(t testing.TB, s *Set, m Material) *slice {
	t.Helper()
	tb, err := s.slice(m)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// kings is the material of w White kings against b Black kings.
func kings(w, b int) Material { return Material{WhiteKings: w, BlackKings: b} }

func mustFEN(t testing.TB, v draughts.Variant, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
