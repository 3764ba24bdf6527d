package engine

import (
	"testing"

	"zaochnik/corr/draughts"
)

// FuzzAnalyse feeds the engine any position ParseFEN accepts, of any
// variant: the analysis must not panic, its line must be legal move after
// move, and a position without moves must come back decided.
func FuzzAnalyse(f *testing.F) {
	for _, s := range []struct {
		v   uint8
		fen string
	}{
		{0, "W:We1,d2,h4:Bd4,g5,f6"}, {0, "W:WKh2:Bc5"}, {0, "W:WKc1,Ke1,Kh2:BKd4"}, {0, "W:WKc1:BKf8"},
		{0, "W:W21-32:B1-12"}, {1, "W:WK46:BK5"}, {1, "W:WK46,K47:BK5"}, {1, "W:W31-50:B1-20"},
		{2, "W:Wc3:Be5"}, {2, "B:Wc3:Be5"}, {0, "W:Wh4:Bg5,f6"}, {1, "B:WK1,K2,K3,K4,K5:BK46,K47,K48,K49,K50"},
	} {
		f.Add(s.v, s.fen)
	}
	a := NewAnalyser(10)
	f.Fuzz(func(t *testing.T, v uint8, fen string) {
		variant := draughts.Variant(v % 3)
		p, err := draughts.ParseFEN(variant, fen)
		if err != nil {
			return
		}
		res := a.Analyse(p, Limits{Depth: 6, Nodes: 5000})
		if len(res.Notation) != len(res.PV) {
			t.Fatalf("%s: %d moves but %d in notation", fen, len(res.PV), len(res.Notation))
		}
		q := p
		for i, m := range res.PV {
			legal := false
			for _, l := range q.LegalMoves(nil) {
				legal = legal || l == m
			}
			if !legal {
				t.Fatalf("%s: move %d of the line (%s) is not legal", fen, i+1, res.Notation[i])
			}
			q = q.Play(m)
		}
		if len(p.LegalMoves(nil)) == 0 && (res.Result == Unproven || res.Result == Drawn) {
			t.Fatalf("%s: no legal move, yet the result is %s", fen, res.Result)
		}
	})
}
