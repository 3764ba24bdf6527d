package tables

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"zaochnik/corr/draughts"
)

// quietTally counts the positions of material m, White to move, where
// neither side has a capture, that pass the filter, and those of them the
// table gives White as won, with the longest win.
func quietTally(s *Set, m Material, filter func(p draughts.Position) bool) (n, won, longest int) {
	tb, _ := s.slice(m)
	var buf [64]draughts.Move
	for i := 0; i < len(tb.val); i += 2 {
		p, ok := s.positionAt(tb, i)
		if !ok || !filter(p) {
			continue
		}
		if ms := p.LegalMoves(buf[:0]); len(ms) > 0 && ms[0].IsCapture() {
			continue
		}
		q := draughts.NewPosition(p.Variant(), p.Pieces(draughts.White), p.Pieces(draughts.Black), p.Pieces(draughts.White)|p.Pieces(draughts.Black), draughts.Black)
		if ms := q.LegalMoves(buf[:0]); len(ms) > 0 && ms[0].IsCapture() {
			continue
		}
		n++
		if d := tb.val[i]; d != drawn && d%2 == 1 {
			won++
			longest = max(longest, int(d))
		}
	}
	return n, won, longest
}

// bigRoad is the long diagonal a1-h8 (1-10 ... 46 on 10x10: a1-j10).
func bigRoad(v draughts.Variant) draughts.Bitboard {
	var b draughts.Bitboard
	for f := 1; f <= v.Width(); f++ {
		if s, ok := v.SquareAt(f, f); ok {
			b |= 1 << s
		}
	}
	return b
}

func TestTables_2_1_9_1_3_LoneKingOnBigRoadHolds(t *testing.T) {
	s := tablesOf(t, draughts.Russian)
	p := mustFEN(t, draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4")
	for _, c := range []struct {
		name string
		get  func() (Verdict, bool)
	}{
		{"game", func() (Verdict, bool) { v, ok := s.Probe(p); return Verdict{Value: v}, ok }},
		{"rules", func() (Verdict, bool) { return s.Solve(p, draughts.NewDrawCounter(p)) }},
	} {
		v, ok := c.get()
		if !ok || v.Outcome != Draw {
			t.Errorf("%s: %v (%v), want a draw", c.name, v.Value, ok)
		}
	}
	road := bigRoad(draughts.Russian)
	n, won, _ := quietTally(s, kings(3, 1), func(p draughts.Position) bool {
		return p.Pieces(draughts.Black)&road != 0 && p.Pieces(draughts.White)&road == 0
	})
	if n == 0 || won*10 > n {
		t.Errorf("3 kings v a lone king on the road, quiet, White to move: %d of %d won, want under a tenth", won, n)
	}
}

// Petrov's triangle: three kings holding the big road beat a lone king off
// it, in 25 plies at most; the position takes all 25, and the
// counts of 2.1.9.1.4 (15 moves) and 2.1.9.1.8 leave that win standing.
func TestTables_2_1_9_1_4_PetrovsTriangleWins(t *testing.T) {
	s := tablesOf(t, draughts.Russian)
	road := bigRoad(draughts.Russian)
	n, won, longest := quietTally(s, kings(3, 1), func(p draughts.Position) bool {
		return p.Pieces(draughts.White)&road != 0 && p.Pieces(draughts.Black)&road == 0
	})
	if n == 0 || won != n || longest > 25 {
		t.Errorf("3 kings holding the road v a lone king off it, quiet, White to move: %d of %d won, longest %d plies; want all, within 25", won, n, longest)
	}
	p := mustFEN(t, draughts.Russian, "W:WKf8,Kd2,Kb4:BKa7")
	if v, ok := s.Probe(p); !ok || v != (Value{Win, 25}) {
		t.Errorf("Probe = %v %v, want a win in 25 plies", v, ok)
	}
	v, ok := s.Solve(p, draughts.NewDrawCounter(p))
	if !ok || v.Value != (Value{Win, 25}) {
		t.Fatalf("Solve = %v %v, want a win in 25 plies under the rules", v.Value, ok)
	}
	q := p.Play(v.Move)
	if w, _ := s.Probe(q); w != (Value{Loss, 24}) {
		t.Errorf("after the move %s Black's value is %v, want a loss in 24", p.Notation(v.Move), w)
	}
}

// The counts already run take the win away: the same position after White
// and Black have shuffled five times back and forth (10 moves each) cannot
// be won within the 5 moves of 2.1.9.1.4 and 2.1.9.1.8 that remain.
func TestSolve_2_1_9_1_8_RunningCountDrawsTheWin(t *testing.T) {
	s := tablesOf(t, draughts.Russian)
	p := mustFEN(t, draughts.Russian, "W:WKf8,Kd2,Kb4:BKa7")
	c := draughts.NewDrawCounter(p)
	cycle := [][2]string{{"d2", "e1"}, {"a7", "b8"}, {"e1", "d2"}, {"b8", "a7"}}
	for range 5 {
		for _, mv := range cycle {
			m := find(t, p, mv[0], mv[1])
			p = p.Play(m)
			c = c.Step(m, p)
		}
	}
	if v, _ := s.Probe(p); v != (Value{Win, 25}) {
		t.Fatalf("the shuffle changed the position: %v", v)
	}
	v, ok := s.Solve(p, c)
	if !ok || v.Outcome != Draw {
		t.Errorf("with %d king moves counted: %v %v, want a draw (25 plies needed, %d left)", c.KingMoves(), v.Value, ok, 30-c.KingMoves())
	}
}

func find(t *testing.T, p draughts.Position, from, to string) draughts.Move {
	t.Helper()
	f, _ := p.Variant().ParseSquare(from)
	g, _ := p.Variant().ParseSquare(to)
	for _, m := range p.LegalMoves(nil) {
		if m.From == f && m.To == g {
			return m
		}
	}
	t.Fatalf("%s-%s is not a legal move of %s", from, to, p.FENAlpha())
	return draughts.Move{}
}

// Two kings do not beat one (2.1.9.1.5 gives them 5 moves): only a
// position with a shot wins, within 7 plies.
func TestTables_2_1_9_1_5_TwoKingsAgainstOneDrawn(t *testing.T) {
	s := tablesOf(t, draughts.Russian)
	n, won, longest := quietTally(s, kings(2, 1), func(draughts.Position) bool { return true })
	if n == 0 || won*10 > n || longest > 7 {
		t.Errorf("2 kings v 1, quiet, White to move: %d of %d won, longest %d plies; want under a tenth, within 7", won, n, longest)
	}
}

// International: three kings against one are mostly drawn, and a lone king
// on the main diagonal holds (3.5 counts 16 moves).
func TestTables_3_5_ThreeKingsAgainstOneMostlyDrawn(t *testing.T) {
	s := tablesOf(t, draughts.International)
	n, won, longest := quietTally(s, kings(3, 1), func(draughts.Position) bool { return true })
	if n == 0 || won*5 > n || longest > 31 {
		t.Errorf("3 kings v 1, quiet, White to move: %d of %d won, longest %d plies; want under a fifth, within 31", won, n, longest)
	}
	p := mustFEN(t, draughts.International, "W:WK1,K2,K3:BK28")
	if v, ok := s.Solve(p, draughts.NewDrawCounter(p)); !ok || v.Outcome != Draw {
		t.Errorf("W:WK1,K2,K3:BK28: %v %v, want a draw", v.Value, ok)
	}
}

func TestMarshalSlice_RoundTrip(t *testing.T) {
	s, err := Build(draughts.Russian, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := Material{WhiteMen: 1, WhiteKings: 1, BlackKings: 1}
	data, ok := s.MarshalSlice(m)
	if !ok {
		t.Fatal("no table")
	}
	u, err := NewSet(draughts.Russian, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := u.LoadSlice(m, data); err != nil {
		t.Fatal(err)
	}
	if back, _ := u.MarshalSlice(m); !bytes.Equal(back, data) {
		t.Fatal("the table read back differs")
	}
	var written bytes.Buffer
	if ok, err := u.WriteSlice(&written, m); !ok || err != nil || !bytes.Equal(written.Bytes(), data) {
		t.Fatalf("WriteSlice: %v %v, the bytes of MarshalSlice: %v", ok, err, bytes.Equal(written.Bytes(), data))
	}
	if ok, _ := u.WriteSlice(&written, Material{WhiteKings: 2, BlackKings: 1}); ok {
		t.Fatal("WriteSlice of a table not solved says it wrote it")
	}
	other := Material{WhiteKings: 2, BlackKings: 1}
	for _, bad := range [][]byte{nil, []byte("ZKT2"), data[:len(data)-1], append(bytes.Clone(data), 0), append([]byte("XXXX"), data[4:]...)} {
		if err := u.LoadSlice(m, bad); err == nil {
			t.Errorf("LoadSlice of %d bad bytes: no error", len(bad))
		}
	}
	if err := u.LoadSlice(other, data); err == nil {
		t.Error("LoadSlice of another material's bytes: no error")
	}
}

func FuzzLoadSlice(f *testing.F) {
	f.Add([]byte("ZKT2\x00\x01\x00\x00\x01"))
	f.Add([]byte("ZKT2\x00\x00\x01\x00\x01"))
	u, err := NewSet(draughts.Russian, 2, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range Materials(2) {
			if err := u.LoadSlice(m, data); err == nil {
				if back, _ := u.MarshalSlice(m); !bytes.Equal(back, data) {
					t.Fatal("accepted bytes do not read back the same")
				}
			}
		}
	})
}

func TestBuild_RejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		v draughts.Variant
		n int
	}{{draughts.Giveaway, 3}, {draughts.Russian, 1}, {draughts.Russian, MaxPieces + 1}} {
		if _, err := Build(c.v, c.n, nil); err == nil {
			t.Errorf("Build(%v, %d): no error", c.v, c.n)
		}
	}
}

// randomSample draws n positions of the tables (every material, either
// side to move) with a fixed seed.
func randomSample(s *Set, n int, seed uint64) []draughts.Position {
	r := rand.New(rand.NewPCG(seed, 1))
	ms := solved(s)
	var out []draughts.Position
	for len(out) < n {
		tb, _ := s.slice(ms[r.IntN(len(ms))])
		if p, ok := s.positionAt(tb, r.IntN(len(tb.val))); ok {
			out = append(out, p)
		}
	}
	return out
}

// International 4 kings v 1: won. The 5-piece build takes about a minute
// and 650 MB, so it runs only with ZAOCHNIK_TABLES5=1.
func TestTables_3_5_FourKingsAgainstOneWon(t *testing.T) {
	if os.Getenv("ZAOCHNIK_TABLES5") == "" {
		t.Skip("set ZAOCHNIK_TABLES5=1 to build the 5-piece international tables (a minute, 650 MB)")
	}
	s, err := buildKings(draughts.International, 5)
	if err != nil {
		t.Fatal(err)
	}
	n, won, longest := quietTally(s, kings(4, 1), func(draughts.Position) bool { return true })
	t.Logf("4 kings v 1, quiet, White to move: %d of %d won, longest %d plies", won, n, longest)
	if n == 0 || won != n || longest > 31 {
		t.Errorf("4 kings v 1, quiet, White to move: %d of %d won, longest %d plies; want all, within 31", won, n, longest)
	}
	p := mustFEN(t, draughts.International, "W:WK1,K2,K3,K4:BK28")
	if v, ok := s.Solve(p, draughts.NewDrawCounter(p)); !ok || v.Outcome != Win {
		t.Errorf("W:WK1,K2,K3,K4:BK28: %v %v, want a win", v.Value, ok)
	}
}

// solved lists the materials of s whose tables are in memory.
func solved(s *Set) []Material {
	var ms []Material
	for _, m := range Materials(s.pieces) {
		if s.cell(m).Load() != nil {
			ms = append(ms, m)
		}
	}
	return ms
}

// The builder numbers a table's entries in 31 bits: Russian and 10x8 fit
// to 6 pieces; the largest international 6-piece tables do not, and say so
// instead of building wrong.
func TestBuildSlice_TooLargeSaysSo(t *testing.T) {
	for _, c := range []struct {
		v  draughts.Variant
		ok bool
	}{{draughts.Russian, true}, {draughts.EightySquare, true}, {draughts.International, false}} {
		s, err := NewSet(c.v, 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		largest := 0
		for _, m := range Materials(6) {
			largest = max(largest, s.Entries(m))
		}
		if fits := largest <= math.MaxInt32; fits != c.ok {
			t.Errorf("%v: the largest 6-piece table has %d entries", c.v, largest)
		}
	}
	s, _ := NewSet(draughts.International, 6, nil)
	if _, err := s.BuildSlice(Material{2, 1, 2, 1}, 1, nil); err == nil || !strings.Contains(err.Error(), "more than this builder numbers") {
		t.Errorf("international 2 men and a king a side: %v", err)
	}
}
