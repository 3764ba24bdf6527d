package draughts

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bit layout's promise: one shift moves every square one step, and a
// step off the board never lands on a square. Checked on the boards in use
// and on 10x8 (Spantsiretti) and 6x6, which the layout is meant to carry.
func TestGeometry_ShiftsAreDiagonalSteps(t *testing.T) {
	for _, size := range [][2]int{{8, 8}, {10, 10}, {10, 8}, {6, 6}} {
		g := newGeometry(size[0], size[1])
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			require.Equal(t, size[0]*size[1]/2, g.valid.Count())
			for _, s := range g.valid.Squares(nil) {
				col, row := g.colRow(s)
				for d, st := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
					c, r := col+st[0], row+st[1]
					onBoard := c >= 0 && c < g.width && r >= 0 && r < g.height
					got := g.shift(bit(s), d) & g.valid
					assert.Equal(t, onBoard, got != 0, "square %d direction %d", g.number[s], d)
					assert.Equal(t, g.step[s][d], got)
					if got != 0 {
						c2, r2 := g.colRow(lowest(got))
						assert.Equal(t, [2]int{c, r}, [2]int{c2, r2})
					}
				}
			}
		})
	}
}

func TestVariant_Squares(t *testing.T) {
	tests := []struct {
		v      Variant
		name   string
		number int
	}{
		{Russian, "b8", 1}, {Russian, "h8", 4}, {Russian, "a7", 5}, {Russian, "c3", 22}, {Russian, "a1", 29}, {Russian, "g1", 32},
		{International, "b10", 1}, {International, "a9", 6}, {International, "a1", 46}, {International, "i1", 50}, {International, "j10", 5},
	}
	for _, tt := range tests {
		s, err := tt.v.ParseSquare(tt.name)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.number, tt.v.SquareNumber(s), tt.name)
		assert.Equal(t, tt.name, tt.v.SquareName(s))
		byNumber, ok := tt.v.SquareFromNumber(tt.number)
		assert.True(t, ok)
		assert.Equal(t, s, byNumber)
		n, err := tt.v.ParseSquare(fmt.Sprint(tt.number))
		require.NoError(t, err)
		assert.Equal(t, s, n)
	}
	for _, bad := range []string{"a2", "i1", "33", "0", "zz", ""} {
		_, err := Russian.ParseSquare(bad)
		assert.Error(t, err, bad)
	}
}

func TestParseVariant(t *testing.T) {
	for in, want := range map[string]Variant{"russian": Russian, " International ": International, "giveaway": Giveaway, "поддавки": Giveaway, "10x8": EightySquare} {
		v, err := ParseVariant(in)
		require.NoError(t, err)
		assert.Equal(t, want, v)
		back, err := ParseVariant(v.String())
		require.NoError(t, err)
		assert.Equal(t, v, back)
	}
	_, err := ParseVariant("chess")
	assert.ErrorContains(t, err, "russian, international, giveaway or 10x8")
	assert.Equal(t, White, Russian.Winner(Black))
	assert.Equal(t, Black, Giveaway.Winner(Black))
}

// shift moves every square of b one step in direction d, as the generator
// does with constant offsets.
func (g *geometry) shift(b Bitboard, d int) Bitboard {
	if o := g.offset[d]; o > 0 {
		return b << o
	} else {
		return b >> -o
	}
}
