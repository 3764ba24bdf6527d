package engine

import (
	"math/bits"

	"zaochnik/corr/draughts"
)

// Evaluation weights, in hundredths of a man.
const (
	manValue  = 100
	kingValue = 300 // a king is worth about three men
	// moveBonus rewards the side to move (having the move is worth a little
	// in draughts, where a tempo decides many endings).
	moveBonus = 4
	// guardBonus is for each man still on its own back row while the
	// opponent has no king: it stops the opponent's men from crowning.
	guardBonus = 8
	// centreBonus is for each man on one of the central squares.
	centreBonus = 6
	// roadBonus is for a king on the main diagonal (the big road on 8x8).
	roadBonus = 12
	// mobilityBonus is for each empty square a king can reach: a free
	// king dominates, a shut-in one is worth little more than a man.
	mobilityBonus = 3
)

// boardTable holds what the evaluation needs of each square of one board,
// indexed by draughts.Square: precomputed once, never written afterwards.
type boardTable struct {
	// advance[c][s] is the bonus of a man of colour c on s for how far it
	// has come: a tempo count that grows towards the promotion row.
	advance [2][64]int32
	// back[c] is colour c's own back row; centre the central squares; road
	// the main diagonal a1-h8 (46-5 on 10x10).
	back   [2]draughts.Bitboard
	centre draughts.Bitboard
	road   draughts.Bitboard
	// pieces is the number of men each side starts with.
	pieces int
	// rays[s][d] lists the squares from s outwards along diagonal d.
	rays [64][4][]draughts.Square
	// leaf is the same board for quietMover.
	leaf leafGeometry
}

// tables holds one boardTable per variant.
var tables = func() (t [4]boardTable) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		t[v] = newBoardTable(v)
	}
	return t
}()

func newBoardTable(v draughts.Variant) boardTable {
	var t boardTable
	h, w := v.Height(), v.Width()
	t.pieces = draughts.Initial(v).Pieces(draughts.White).Count()
	// steps[r] is the bonus for a man r rows from its own back row: slow at
	// first, steep near the promotion row.
	steps := []int32{0, 2, 4, 6, 9, 13, 20, 28, 36, 44}
	if h == 10 {
		steps = []int32{0, 1, 2, 3, 5, 7, 10, 14, 20, 26}
	}
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.SquareFromNumber(n)
		f, r := v.FileRank(s)
		for d, step := range [4][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}} {
			for k := 1; ; k++ {
				sq, ok := v.SquareAt(f+k*step[0], r+k*step[1])
				if !ok {
					break
				}
				t.rays[s][d] = append(t.rays[s][d], sq)
			}
		}
		b := draughts.Bitboard(1) << s
		t.advance[draughts.White][s] = steps[r-1]
		t.advance[draughts.Black][s] = steps[h-r]
		switch r {
		case 1:
			t.back[draughts.White] |= b
		case h:
			t.back[draughts.Black] |= b
		}
		// The 10x8 board has no big road (no diagonal joins two corners):
		// a lone king there has no road to hold.
		if f == r && h == w {
			t.road |= b
		}
		// The four central ranks and files: c-f on 8x8, d-g on 10x10, files
		// d-g and ranks c-f on 10x8.
		lo, hi, flo, fhi := h/2-1, h/2+2, w/2-1, w/2+2
		if f >= flo && f <= fhi && r >= lo && r <= hi {
			t.centre |= b
		}
	}
	t.leaf = newLeafGeometry(v, &t)
	return t
}

// evaluate scores p for the side to move, in hundredths of a man.
func evaluate(p draughts.Position) int {
	s := whiteScore(p)
	if s == deadDraw {
		return 0
	}
	if p.SideToMove() == draughts.Black {
		s = -s
	}
	return s + moveBonus
}

// deadDraw is what whiteScore returns for an ending that is a known draw
// whatever the side to move: evaluate makes it 0 without the move bonus, the
// score of a draw by rule, so the search neither seeks nor shuns it.
const deadDraw = 0

// whiteScore is the static evaluation from White's point of view.
func whiteScore(p draughts.Position) int {
	v := p.Variant()
	t := &tables[v]
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	material := manValue*(wm-bm) + kingValue*(wk-bk)
	if v == draughts.Giveaway {
		// Fewer pieces is better: the side left without any wins.
		return -material
	}
	total := wm + wk + bm + bk
	// The further into the ending, the more a man's progress is worth.
	late := 2*t.pieces - total
	score := material + positional(p, t, draughts.White, late) - positional(p, t, draughts.Black, late)
	return drawish(p, t, score, wm, wk, bm, bk)
}

// positional is the non-material part of c's score.
func positional(p draughts.Position, t *boardTable, c draughts.Color, late int) int {
	men := p.Men(c)
	adv := 0
	for b := uint64(men); b != 0; b &= b - 1 {
		adv += int(t.advance[c][bits.TrailingZeros64(b)])
	}
	score := adv * (t.pieces + late) / t.pieces
	score += centreBonus * (men & t.centre).Count()
	score += roadBonus * (p.Kings(c) & t.road).Count()
	if p.Kings(c) != 0 {
		score += mobilityBonus * kingMobility(p, t, c)
	}
	if p.Kings(c.Opponent()) == 0 {
		score += guardBonus * (men & t.back[c]).Count()
	}
	return score
}

// kingMobility counts the empty squares c's kings can step to.
func kingMobility(p draughts.Position, t *boardTable, c draughts.Color) int {
	occupied := p.Pieces(draughts.White) | p.Pieces(draughts.Black)
	n := 0
	for b := uint64(p.Kings(c)); b != 0; b &= b - 1 {
		for _, ray := range &t.rays[bits.TrailingZeros64(b)] {
			for _, sq := range ray {
				if occupied.Has(sq) {
					break
				}
				n++
			}
		}
	}
	return n
}

// drawish scales down the score of endings that are known draws although
// one side has more material than the other's lone king. A lone king
// against one or two kings, or against three kings while it holds the main
// diagonal that none of them is on, is a dead draw: deadDraw, like the draw
// by rule (2.1.9.1.5, 2.1.9.1.7; 3.5) it ends in, so that the search gains
// nothing by giving a king away to restart a rule's count. A lone king on
// the main diagonal against three pieces with men among them holds too
// (2.1.9.1.7): the score is cut to an eighth, which keeps more pieces still
// better.
func drawish(p draughts.Position, t *boardTable, score, wm, wk, bm, bk int) int {
	if (wm != 0 || wk != 1) && (bm != 0 || bk != 1) {
		return score // no lone king
	}
	for _, c := range [2]draughts.Color{draughts.White, draughts.Black} {
		lone, strongMen, strongKings := wm == 0 && wk == 1 && score < 0, bm, bk
		if c == draughts.Black {
			lone, strongMen, strongKings = bm == 0 && bk == 1 && score > 0, wm, wk
		}
		road := p.Kings(c)&t.road != 0 && p.Pieces(c.Opponent())&t.road == 0
		switch {
		case !lone:
		case strongMen == 0 && strongKings <= 2:
			return deadDraw
		case strongMen+strongKings <= 3 && road && strongMen == 0:
			return deadDraw
		case strongMen+strongKings <= 3 && road:
			return score / 8
		}
	}
	return score
}
