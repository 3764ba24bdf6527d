package tables

import (
	"slices"
	"testing"

	"zaochnik/corr/draughts"
)

// The first pass tells a position without a capture from its boards
// (geometry.scan) instead of generating its moves: for every position of
// these materials, both sides to move, scan finds a capture exactly when
// the legal moves are captures (compulsory: 2.1.5.3, 3.4.1), and
// otherwise the same moves: those promoting (a man onto its last row,
// 2.1.5.15, 3.4.2) one by one, the others counted. The men go forward
// one square, the kings any distance (2.1.4; 3.3).
func TestScan_AgreesWithLegalMoves(t *testing.T) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.EightySquare, draughts.International} {
		b := newBoard(v)
		ms := Materials(3)
		if v != draughts.International {
			ms = append(ms, Material{1, 1, 1, 1}, Material{2, 0, 2, 0})
		}
		positions, captures, promotions := 0, 0, 0
		q := quiet{}
		var sq [maxSide]int8
		for _, m := range ms {
			l := b.layout(m)
			for i := 0; i < l.entries(); i += 2 {
				r, _ := l.ranks(i)
				var bb [4]draughts.Bitboard
				var all draughts.Bitboard
				valid := true
				for g := range 4 {
					for _, x := range b.squaresOf(&l, g, r[g], sq[:0]) {
						s := b.squares[x]
						valid = valid && !all.Has(s)
						all |= 1 << s
						bb[g] |= 1 << s
					}
				}
				if !valid {
					continue
				}
				white, black := bb[whiteMen]|bb[whiteKings], bb[blackMen]|bb[blackKings]
				for side := range 2 {
					p := draughts.NewPosition(v, white, black, bb[whiteKings]|bb[blackKings], draughts.Color(side))
					moves := p.LegalMoves(nil)
					positions++
					opp := [2]draughts.Bitboard{black, white}[side]
					ok := b.geo.scan(bb[whiteMen+side], bb[whiteKings+side], opp, ^all, b.promo[side], side, &q)
					capture := len(moves) > 0 && moves[0].IsCapture()
					if ok == capture {
						t.Fatalf("%v %s: scan says a capture %v, the legal moves %v", v, p.FENAlpha(), !ok, capture)
					}
					if capture {
						captures++
						continue
					}
					var want []promotion
					within := 0
					for _, mv := range moves {
						if mv.Promotes {
							want = append(want, promotion{mv.From, mv.To})
						} else {
							within++
						}
					}
					got := slices.Clone(q.promos)
					less := func(a, b promotion) int { return int(a.from)*64 + int(a.to) - int(b.from)*64 - int(b.to) }
					slices.SortFunc(got, less)
					slices.SortFunc(want, less)
					if q.within != within || !slices.Equal(got, want) {
						t.Fatalf("%v %s: scan %d moves and promotions %v, the legal moves %d and %v", v, p.FENAlpha(), q.within, got, within, want)
					}
					promotions += len(want)
				}
			}
		}
		t.Logf("%v: %d positions, %d with a capture, %d promotions", v, positions, captures, promotions)
		if captures == 0 || promotions == 0 {
			t.Errorf("%v: no capture or no promotion among the positions: the test checks nothing", v)
		}
	}
}
