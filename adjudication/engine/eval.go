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
	return evaluateWith(p, progressOf(p))
}

// evaluateWith is evaluate with p's progress (progressOf) already known:
// the search keeps it up to date move by move.
func evaluateWith(p draughts.Position, a progress) int {
	s := whiteScore(p, a)
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

// progress is the part of the evaluation that would cost a loop over the
// pieces at every leaf: each side's sum of its men's advance bonuses
// (boardTable.advance), indexed by draughts.Color. The search keeps it up
// to date as it plays moves (after), from the squares a move changes.
type progress [2]int32

// progressOf computes p's progress whole.
func progressOf(p draughts.Position) progress {
	t := &tables[p.Variant()]
	var a progress
	for _, c := range [2]draughts.Color{draughts.White, draughts.Black} {
		for b := uint64(p.Men(c)); b != 0; b &= b - 1 {
			a[c] += t.advance[c][bits.TrailingZeros64(b)]
		}
	}
	return a
}

// after is the progress once m, a legal move of p, is played: the mover's
// man leaves its square for another (none when it is crowned; a king has
// no advance bonus), and the men it captures leave the board.
func (a progress) after(p draughts.Position, m draughts.Move) progress {
	t := &tables[p.Variant()]
	c := p.SideToMove()
	if !m.King {
		a[c] -= t.advance[c][m.From&63]
		if !m.Promotes {
			a[c] += t.advance[c][m.To&63]
		}
	}
	if m.Captured != 0 {
		o := c.Opponent()
		for b := uint64(m.Captured & p.Men(o)); b != 0; b &= b - 1 {
			a[o] -= t.advance[o][bits.TrailingZeros64(b)]
		}
	}
	return a
}

// whiteScore is the static evaluation from White's point of view; a is
// p's progress.
func whiteScore(p draughts.Position, a progress) int {
	v := p.Variant()
	t := &tables[v]
	b := boardOf(p)
	wm, wk := b.men[draughts.White].Count(), b.kings[draughts.White].Count()
	bm, bk := b.men[draughts.Black].Count(), b.kings[draughts.Black].Count()
	material := manValue*(wm-bm) + kingValue*(wk-bk)
	if v == draughts.Giveaway {
		// Fewer pieces is better: the side left without any wins.
		return -material
	}
	total := wm + wk + bm + bk
	// The further into the ending, the more a man's progress is worth.
	late := 2*t.pieces - total
	score := material + positional(&b, t, draughts.White, late, a[draughts.White]) - positional(&b, t, draughts.Black, late, a[draughts.Black])
	return drawish(&b, t, score, wm, wk, bm, bk)
}

// board is what the evaluation reads of a position, each side's men and
// kings indexed by draughts.Color, read out of it once: the evaluation's
// terms then work on these words, not on copies of the Position.
type board struct {
	men, kings [2]draughts.Bitboard
}

func boardOf(p draughts.Position) board {
	w, b := p.Pieces(draughts.White), p.Pieces(draughts.Black)
	wk, bk := p.Kings(draughts.White), p.Kings(draughts.Black)
	return board{men: [2]draughts.Bitboard{w &^ wk, b &^ bk}, kings: [2]draughts.Bitboard{wk, bk}}
}

// positional is the non-material part of c's score; adv is c's progress.
func positional(b *board, t *boardTable, c draughts.Color, late int, adv int32) int {
	men, kings := b.men[c&1], b.kings[c&1]
	score := int(adv) * (t.pieces + late) / t.pieces
	score += centreBonus * (men & t.centre).Count()
	score += roadBonus * (kings & t.road).Count()
	if kings != 0 {
		score += mobilityBonus * kingMobility(b, t, c)
	}
	if b.kings[(c^1)&1] == 0 {
		score += guardBonus * (men & t.back[c&1]).Count()
	}
	return score
}

// kingMobility counts the empty squares c's kings can step to.
func kingMobility(b *board, t *boardTable, c draughts.Color) int {
	occupied := b.men[0] | b.men[1] | b.kings[0] | b.kings[1]
	n := 0
	for k := uint64(b.kings[c&1]); k != 0; k &= k - 1 {
		for _, ray := range &t.rays[bits.TrailingZeros64(k)] {
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
func drawish(b *board, t *boardTable, score, wm, wk, bm, bk int) int {
	if (wm != 0 || wk != 1) && (bm != 0 || bk != 1) {
		return score // no lone king
	}
	for _, c := range [2]draughts.Color{draughts.White, draughts.Black} {
		lone, strongMen, strongKings := wm == 0 && wk == 1 && score < 0, bm, bk
		if c == draughts.Black {
			lone, strongMen, strongKings = bm == 0 && bk == 1 && score > 0, wm, wk
		}
		o := c.Opponent() & 1
		road := b.kings[c&1]&t.road != 0 && (b.men[o]|b.kings[o])&t.road == 0
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
