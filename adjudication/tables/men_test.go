package tables

import (
	"bytes"
	"testing"

	"zaochnik/corr/draughts"
)

// at builds a position of v from squares given as (file, rank): White's
// men and kings, Black's men and kings.
func at(t *testing.T, v draughts.Variant, side draughts.Color, wm, wk, bm, bk [][2]int) draughts.Position {
	t.Helper()
	var bb [4]draughts.Bitboard
	for g, list := range [4][][2]int{wm, wk, bm, bk} {
		for _, fr := range list {
			s, ok := v.SquareAt(fr[0], fr[1])
			if !ok {
				t.Fatalf("%v: no dark square at %v", v, fr)
			}
			bb[g] |= 1 << s
		}
	}
	return draughts.NewPosition(v, bb[0]|bb[1], bb[2]|bb[3], bb[1]|bb[3], side)
}

// A man that reaches the last row during a capture goes on capturing as a
// king in Russian and 10x8 (2.1.5.15): b6:d8:h4 takes both Black men and
// wins at once. In international the man stops on the last row and
// becomes a king only there (3.4.2.2): it cannot take g5 in the same move.
func TestTables_2_1_5_15_PromotedManCapturesOnAsKing(t *testing.T) {
	for _, c := range []struct {
		v    draughts.Variant
		wins bool
	}{{draughts.Russian, true}, {draughts.EightySquare, true}, {draughts.International, false}} {
		s, err := Build(c.v, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		top := c.v.Height()
		// b6, c7, g5 on 8 rows; b8, c9, g7 on ten: the man's capture ends on
		// d8 (d10), and g5 (g7) lies three squares along the king's diagonal.
		p := at(t, c.v, draughts.White, [][2]int{{2, top - 2}}, nil, [][2]int{{3, top - 1}, {7, top - 3}}, nil)
		v, ok := s.Probe(p)
		if !ok {
			t.Fatalf("%v %s: not in the tables", c.v, p.FENAlpha())
		}
		if got := v == (Value{Win, 1}); got != c.wins {
			t.Errorf("%v %s: %v; a win in one ply: %v, want %v", c.v, p.FENAlpha(), v, got, c.wins)
		}
	}
}

// A side whose pieces are all blocked has lost (2.8.1): White's man on h2
// cannot go to g3 nor take it (f4 is held); and a king that blocks the
// last man's only square wins at once (Kc5-g1 against h2).
func TestTables_2_8_1_BlockedSideLoses(t *testing.T) {
	s := tablesOf(t, draughts.Russian)
	for _, c := range []struct {
		fen  string
		want Value
	}{
		{"W:Wh2:Bg3,f4", Value{Loss, 0}},
		{"W:WKc5:Bh2", Value{Win, 1}},
		{"B:WKg1:Bh2", Value{Loss, 0}},
	} {
		p := mustFEN(t, draughts.Russian, c.fen)
		if v, ok := s.Probe(p); !ok || v != c.want {
			t.Errorf("%s: %v %v, want %v", c.fen, v, ok, c.want)
		}
	}
}

// mirror turns the board half round and swaps the colours: the same game
// for the other side, built from another table (White's men go up, Black's
// down, each with its own promotion row).
func mirror(p draughts.Position) draughts.Position {
	v := p.Variant()
	turn := func(b draughts.Bitboard) draughts.Bitboard {
		var out draughts.Bitboard
		for _, s := range b.Squares(nil) {
			f, r := v.FileRank(s)
			t, _ := v.SquareAt(v.Width()+1-f, v.Height()+1-r)
			out |= 1 << t
		}
		return out
	}
	w, b := p.Pieces(draughts.White), p.Pieces(draughts.Black)
	return draughts.NewPosition(v, turn(b), turn(w), turn(p.Kings(draughts.White)|p.Kings(draughts.Black)), p.SideToMove().Opponent())
}

// Each table agrees with its colour mirror, solved separately: men's
// directions, promotion rows, captures and the index are checked on every
// material of Russian to 4 pieces, 10x8 and international to 3. The
// tables BuildSlice turns from their mirrors are those solved, entry for
// entry.
func TestTables_ColourMirrorAgrees(t *testing.T) {
	for _, c := range []struct {
		v      draughts.Variant
		pieces int
	}{{draughts.Russian, 4}, {draughts.EightySquare, 3}, {draughts.International, 3}} {
		s, err := buildSolved(c.v, c.pieces)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, p := range randomSample(s, 4000, 21) {
			v, _ := s.Probe(p)
			q := mirror(p)
			w, ok := s.Probe(q)
			if !ok || v != w {
				t.Fatalf("%v %s: %v; mirrored %s: %v %v", s.Variant(), p.FENAlpha(), v, q.FENAlpha(), w, ok)
			}
			checked++
		}
		turned, err := Build(c.v, c.pieces, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range Materials(c.pieces) {
			if !bytes.Equal(table(t, s, m).val, table(t, turned, m).val) {
				t.Errorf("%v %v: the table turned from %v differs from the one solved", c.v, m, m.mirror())
			}
		}
		t.Logf("%v: %d positions agree with their mirror; %d tables turned equal solved", s.Variant(), checked, len(Materials(c.pieces)))
	}
}
