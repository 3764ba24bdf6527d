package tables

import (
	"fmt"

	"zaochnik/corr/draughts"
)

// board is what the tables need of a variant's board: its squares by
// index (number - 1), the diagonal rays from each, and where men stand.
type board struct {
	v       draughts.Variant
	n       int
	squares []draughts.Square
	// index maps a draughts.Square back to its index.
	index [64]int8
	// rays[i][d] lists the squares (indices) along direction d from i.
	rays [][4][]int8
	// promo[c] is the row where c's men promote.
	promo [2]draughts.Bitboard
	// manSq[c] lists the indices where a man of c may stand (every square
	// but its promotion row), ascending; manIdx[c][i] is i's place in it,
	// or -1.
	manSq  [2][]int8
	manIdx [2][]int8
	// back[c][i] are the squares one step behind a man of c at i: where
	// it came from by a plain move.
	back [2][][]int8
	// combos[n][k] caches combos(n, k) for the two domain sizes.
	combos map[[2]int][][maxSide]int8
	// turned[i] is the index of square i turned half round (nil when a
	// board has no such symmetry).
	turned []int8
	geo    *geometry
	// terms[g][s][k] is the rank's term of a piece of group g on square
	// s (a draughts.Square) as the k-th of its group: binom[i][k], i its
	// index among the squares where the group stands.
	terms [4][64][maxSide + 1]int32
}

func newBoard(v draughts.Variant) *board {
	b := &board{v: v, n: v.Squares(), combos: map[[2]int][][maxSide]int8{}}
	for i := range b.index {
		b.index[i] = -1
	}
	for i := 1; i <= b.n; i++ {
		s, _ := v.SquareFromNumber(i)
		b.squares = append(b.squares, s)
		b.index[s] = int8(i - 1)
	}
	b.rays = make([][4][]int8, b.n)
	for c := range 2 {
		b.manIdx[c] = make([]int8, b.n)
		b.back[c] = make([][]int8, b.n)
	}
	for i, s := range b.squares {
		f, r := v.FileRank(s)
		for d, dd := range diagonals {
			f, r := f, r
			for {
				f, r = f+dd[0], r+dd[1]
				t, ok := v.SquareAt(f, r)
				if !ok {
					break
				}
				b.rays[i][d] = append(b.rays[i][d], b.index[t])
			}
		}
		// White's men go up the ranks and promote on the last; Black's
		// go down and promote on the first.
		last := [2]int{v.Height(), 1}
		step := [2]int{1, -1}
		for c := range 2 {
			if r == last[c] {
				b.promo[c] |= 1 << s
				b.manIdx[c][i] = -1
			} else {
				b.manIdx[c][i] = int8(len(b.manSq[c]))
				b.manSq[c] = append(b.manSq[c], int8(i))
			}
			for _, df := range []int{-1, 1} {
				if t, ok := v.SquareAt(f+df, r-step[c]); ok {
					b.back[c][i] = append(b.back[c][i], b.index[t])
				}
			}
		}
	}
	b.turned = make([]int8, b.n)
	for i, s := range b.squares {
		f, r := v.FileRank(s)
		t, ok := v.SquareAt(v.Width()+1-f, v.Height()+1-r)
		if !ok {
			b.turned = nil
			break
		}
		b.turned[i] = b.index[t]
	}
	for _, n := range []int{b.n, len(b.manSq[0])} {
		for k := 0; k <= maxSide; k++ {
			b.combos[[2]int{n, k}] = combos(n, k)
		}
	}
	b.geo = newGeometry(b)
	for g := range 4 {
		for i, s := range b.squares {
			x := int8(i)
			if g < whiteKings {
				if x = b.manIdx[g][i]; x < 0 {
					continue
				}
			}
			for k := 1; k <= maxSide; k++ {
				b.terms[g][s][k] = int32(binom[x][k])
			}
		}
	}
	return b
}

// diagonals are the four directions as steps of file and rank: rays[i][d]
// runs along diagonals[d].
var diagonals = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// maxSide is the most pieces of one kind (or of one side) in a table.
const maxSide = 5

// binom[n][k] is n choose k, for n up to 50 and k up to maxSide.
var binom = func() (c [51][maxSide + 1]int) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= maxSide && k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// rank is the colex rank of a sorted set of indices.
func rank(s []int8) int {
	r := 0
	for i, x := range s {
		r += binom[x][i+1]
	}
	return r
}

// combos lists every sorted k-set of n indices in rank order.
func combos(n, k int) [][maxSide]int8 {
	out := make([][maxSide]int8, binom[n][k])
	var cur [maxSide]int8
	var rec func(i, lo int)
	rec = func(i, lo int) {
		if i < 0 {
			out[rank(cur[:k])] = cur
			return
		}
		for x := lo; x >= i; x-- {
			cur[i] = int8(x)
			rec(i-1, x-1)
		}
	}
	rec(k-1, n-1)
	return out
}

// sortSet sorts a small set of indices in place.
func sortSet(s []int8) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Material is a table's balance of forces: each side's men and kings.
// Each side has at least one piece.
type Material struct{ WhiteMen, WhiteKings, BlackMen, BlackKings int }

// Pieces is the number of pieces on the board.
func (m Material) Pieces() int { return m.WhiteMen + m.WhiteKings + m.BlackMen + m.BlackKings }

// Men is the number of men on the board.
func (m Material) Men() int { return m.WhiteMen + m.BlackMen }

// mirror is m with the colours swapped.
func (m Material) mirror() Material {
	return Material{m.BlackMen, m.BlackKings, m.WhiteMen, m.WhiteKings}
}

// String writes the material as in the file names: "wm1wk2bm0bk1".
func (m Material) String() string {
	return fmt.Sprintf("wm%dwk%dbm%dbk%d", m.WhiteMen, m.WhiteKings, m.BlackMen, m.BlackKings)
}

// The four groups of pieces of a position, in index order.
const (
	whiteMen = iota
	blackMen
	whiteKings
	blackKings
)

func (m Material) counts() [4]int {
	return [4]int{m.WhiteMen, m.BlackMen, m.WhiteKings, m.BlackKings}
}

// layout is how the positions of one material are numbered: entry
// ((((rank wm × |bm|) + rank bm) × |wk| + rank wk) × |bk| + rank bk) × 2
// + side to move, each group ranked among the squares it may stand on.
// A position with two pieces on one square is an invalid entry.
type layout struct {
	m     Material
	k     [4]int
	sets  [4][][maxSide]int8 // combos of each group, by rank
	sizes [4]int
}

func (b *board) layout(m Material) layout {
	l := layout{m: m, k: m.counts()}
	dom := [4]int{len(b.manSq[0]), len(b.manSq[1]), b.n, b.n}
	for g := range 4 {
		l.sets[g] = b.combos[[2]int{dom[g], l.k[g]}]
		l.sizes[g] = len(l.sets[g])
	}
	return l
}

// entries is the number of entries of the material's table.
func (l *layout) entries() int {
	return 2 * l.sizes[0] * l.sizes[1] * l.sizes[2] * l.sizes[3]
}

// index is the entry of the groups' ranks r with side to move.
func (l *layout) index(r [4]int, side int) int {
	return (((r[0]*l.sizes[1]+r[1])*l.sizes[2]+r[2])*l.sizes[3]+r[3])*2 + side
}

// ranks splits an entry into its groups' ranks and side to move.
func (l *layout) ranks(i int) (r [4]int, side int) {
	side, i = i&1, i>>1
	for g := 3; g >= 0; g-- {
		r[g] = i % l.sizes[g]
		i /= l.sizes[g]
	}
	return r, side
}

// squares is the board indices of group g at rank r.
func (b *board) squaresOf(l *layout, g, r int, dst []int8) []int8 {
	set := l.sets[g][r][:l.k[g]]
	if g >= whiteKings {
		return append(dst, set...)
	}
	for _, x := range set {
		dst = append(dst, b.manSq[g][x])
	}
	return dst
}
