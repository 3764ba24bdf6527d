package draughts

// geometry is a board shape and its bit layout.
//
// The dark squares are numbered as in the numeric notation: row by row from
// the top-left as White sees the board, half = width/2 squares a row, the
// top row starting on the second column (so a1, bottom-left, is dark when the
// height is even). Square number n (1-based) sits at bit i + i/width with
// i = n-1: every pair of rows takes width+1 bits, the extra one a "ghost" bit
// that is never a square. With that gap the four diagonal neighbours of every
// square are at the same bit offsets, -(half+1) (up-left), -half (up-right),
// +half (down-left) and +half+1 (down-right), and a step off the left or right
// edge lands on a ghost bit, off the top or bottom outside the board: shifts
// of whole bitboards then move every piece at once with no edge masks. The
// 10x10 board takes 55 bits, 8x8 takes 36, 10x8 would take 44.
type geometry struct {
	width, height int
	half          int
	squares       int             // number of dark squares
	valid         Bitboard        // the squares of the board
	offset        [4]int          // bit offset of each direction
	rays          [64][4]Bitboard // squares from s in direction d, s excluded
	step          [64][4]Bitboard // the neighbour of s in direction d, if any
	number        [64]uint8       // square -> number 1..squares, 0 for a ghost bit
	byNumber      [65]Square
	lastRow       [2]Bitboard // promotion row of White (top) and Black (bottom)
	// diagonal is the long diagonal from a1 (the big road, a1-h8, on 8x8).
	diagonal Bitboard
}

// Directions, indexed so that the reverse of d is 3-d. Directions 0 and 1 go up
// (towards lower bits), 2 and 3 go down.
const (
	upLeft = iota
	upRight
	downLeft
	downRight
)

// newGeometry builds the layout of a width x height board (both even, width
// at most 12 and (width+1)*height/2 <= 64).
func newGeometry(width, height int) *geometry {
	g := &geometry{width: width, height: height, half: width / 2, squares: width * height / 2}
	g.offset = [4]int{-(g.half + 1), -g.half, g.half, g.half + 1}
	at := map[[2]int]Square{} // (column, row) -> square
	for i := 0; i < g.squares; i++ {
		s := Square(i + i/width)
		row, col := i/g.half, 2*(i%g.half)
		if row%2 == 0 {
			col++
		}
		at[[2]int{col, row}] = s
		g.valid |= bit(s)
		g.number[s] = uint8(i + 1)
		g.byNumber[i+1] = s
		if row == 0 {
			g.lastRow[White] |= bit(s)
		}
		if row == height-1 {
			g.lastRow[Black] |= bit(s)
		}
		if col+row == height-1 { // file col+1 equals rank height-row
			g.diagonal |= bit(s)
		}
	}
	steps := [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	for pos, s := range at {
		for d, st := range steps {
			for c, r := pos[0]+st[0], pos[1]+st[1]; ; c, r = c+st[0], r+st[1] {
				t, ok := at[[2]int{c, r}]
				if !ok {
					break
				}
				if g.rays[s][d] == 0 {
					g.step[s][d] = bit(t)
				}
				g.rays[s][d] |= bit(t)
			}
		}
	}
	return g
}

// colRow returns the 0-based column (from the left) and row (from the top) of s.
func (g *geometry) colRow(s Square) (col, row int) {
	i := int(g.number[s]) - 1
	row, col = i/g.half, 2*(i%g.half)
	if row%2 == 0 {
		col++
	}
	return col, row
}

// jumpDirection returns the direction of a jump (two steps) from s to t.
func (g *geometry) jumpDirection(s, t Square) int {
	switch int(t) - int(s) {
	case 2 * g.offset[upLeft]:
		return upLeft
	case 2 * g.offset[upRight]:
		return upRight
	case 2 * g.offset[downLeft]:
		return downLeft
	}
	return downRight
}
