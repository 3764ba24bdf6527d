package draughts

import "math/bits"

// Square is a dark square of a board, as a bit index of the board's Bitboard
// layout (see geometry.go). A Square only means something together with its
// Variant: convert with Variant.SquareNumber, Variant.SquareName,
// Variant.SquareFromNumber and Variant.SquareAt.
type Square uint8

// Bitboard is a set of squares, bit i being Square i.
type Bitboard uint64

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Squares appends the squares of the set to dst in increasing order (which is
// the order of the numeric notation) and returns the extended slice.
func (b Bitboard) Squares(dst []Square) []Square {
	for ; b != 0; b &= b - 1 {
		dst = append(dst, Square(bits.TrailingZeros64(uint64(b))))
	}
	return dst
}

// bit returns the one-square set {s}. The mask tells the compiler the shift
// is below 64, which spares the hot loops a test per call.
func bit(s Square) Bitboard { return 1 << (s & 63) }

// lowest returns the lowest square of a non-empty set.
func lowest(b Bitboard) Square { return Square(bits.TrailingZeros64(uint64(b))) }

// highest returns the highest square of a non-empty set.
func highest(b Bitboard) Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// Color is a side: White (moves first, starts at the bottom) or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}
