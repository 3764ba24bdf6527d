package tables

import (
	"zaochnik/corr/draughts"
)

// board is what the tables need of a variant's board: its squares by
// index (number - 1) and the diagonal rays from each.
type board struct {
	v       draughts.Variant
	n       int
	squares []draughts.Square
	// index maps a draughts.Square back to its index.
	index [64]int8
	// rays[i][d] lists the squares (indices) along direction d from i.
	rays [][4][]int8
}

func newBoard(v draughts.Variant) *board {
	b := &board{v: v, n: v.Squares()}
	for i := range b.index {
		b.index[i] = -1
	}
	for i := 1; i <= b.n; i++ {
		s, _ := v.SquareFromNumber(i)
		b.squares = append(b.squares, s)
		b.index[s] = int8(i - 1)
	}
	dirs := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	b.rays = make([][4][]int8, b.n)
	for i, s := range b.squares {
		for d, dd := range dirs {
			f, r := v.FileRank(s)
			for {
				f, r = f+dd[0], r+dd[1]
				t, ok := v.SquareAt(f, r)
				if !ok {
					break
				}
				b.rays[i][d] = append(b.rays[i][d], b.index[t])
			}
		}
	}
	return b
}

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

// maxSide is the most kings one side has in a table.
const maxSide = 4

// rank is the colex rank of a sorted set of square indices.
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
