package draughts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Variant is a game of draughts: a board geometry with a rule set.
type Variant uint8

// The variants zaochnik plays.
const (
	// Russian draughts (seeds 2.1): 8x8, men capture backwards, flying kings,
	// free choice among captures, a man promoted during a capture goes on as a king.
	Russian Variant = iota
	// International draughts (seeds 3.x): 10x10, the majority rule, a man
	// promotes only when its move ends on the last row.
	International
	// Giveaway (обратные шашки): Russian moves; whoever loses every piece or
	// cannot move wins.
	Giveaway
	// EightySquare is 80-square draughts (восьмидесятиклеточные шашки,
	// clause 6.1.4; PDN GameType 41): a 10x8 board, 15 men a side on the
	// first three rows, the rules of Russian draughts (2.1), alphanumeric
	// squares a1-j8. Its name is "10x8".
	EightySquare
	numVariants
)

// rules is what distinguishes one variant from another.
type rules struct {
	name string
	geo  *geometry
	// menRows is the number of rows each side fills at the start.
	menRows int
	// promoteInCapture: a man reaching the last row during a capture becomes
	// a king at once and goes on capturing as one (Russian 2.1.5.15); when
	// false it goes on as a man and promotes only if the move ends there (3.4.2).
	promoteInCapture bool
	// majority: the capture taking the most pieces is compulsory (3.4.1).
	majority bool
	// giveaway: the side left without pieces or moves wins.
	giveaway bool
}

var (
	board8  = newGeometry(8, 8)
	board10 = newGeometry(10, 10)
	board80 = newGeometry(10, 8)
)

// variantRules is indexed by Variant. It is built once and never written.
var variantRules = [numVariants]rules{
	Russian:       {name: "russian", geo: board8, menRows: 3, promoteInCapture: true},
	International: {name: "international", geo: board10, menRows: 4, majority: true},
	Giveaway:      {name: "giveaway", geo: board8, menRows: 3, promoteInCapture: true, giveaway: true},
	EightySquare:  {name: "10x8", geo: board80, menRows: 3, promoteInCapture: true},
}

func (v Variant) rules() *rules { return &variantRules[v] }

// Valid reports whether v is one of the defined variants.
func (v Variant) Valid() bool { return v < numVariants }

// String returns the variant's name as ParseVariant reads it.
func (v Variant) String() string {
	if !v.Valid() {
		return "Variant(" + strconv.Itoa(int(v)) + ")"
	}
	return v.rules().name
}

// ParseVariant reads a variant name: "russian", "international", "giveaway",
// "10x8" (case-insensitive; also the Russian names "русские",
// "международные", "обратные", "поддавки", "восьмидесятиклеточные", and
// "10×8" with the multiplication sign).
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "russian", "русские", "русские шашки":
		return Russian, nil
	case "international", "международные", "международные шашки", "стоклеточные":
		return International, nil
	case "giveaway", "обратные", "обратные шашки", "поддавки":
		return Giveaway, nil
	case "10x8", "10×8", "10х8", "восьмидесятиклеточные", "восьмидесятиклеточные шашки":
		return EightySquare, nil
	}
	return 0, fmt.Errorf("draughts: unknown variant %q: use russian, international, giveaway or 10x8", s)
}

// Width and Height are the board's size in squares (8 and 8, 10 and 10, or
// 10 and 8).
func (v Variant) Width() int { return v.rules().geo.width }

// Height is the number of rows of the board.
func (v Variant) Height() int { return v.rules().geo.height }

// Squares is the number of dark squares (32, 50 or 40), the highest square number.
func (v Variant) Squares() int { return v.rules().geo.squares }

// Numeric reports whether the variant's notation is numeric (10x10) rather
// than alphanumeric (8x8 and 10x8).
func (v Variant) Numeric() bool { return v.rules().geo.width == 10 && v.rules().geo.height == 10 }

// Winner returns who wins when side stuck has no piece or no legal move
// (clause 2.8.1): its opponent, or stuck itself in giveaway.
func (v Variant) Winner(stuck Color) Color {
	if v.rules().giveaway {
		return stuck
	}
	return stuck.Opponent()
}

// SquareNumber returns the number of s in the numeric notation (1..Squares()).
func (v Variant) SquareNumber(s Square) int { return int(v.rules().geo.number[s&63]) }

// SquareFromNumber returns the square numbered n, and false when no square
// of the board has that number.
func (v Variant) SquareFromNumber(n int) (Square, bool) {
	g := v.rules().geo
	if n < 1 || n > g.squares {
		return 0, false
	}
	return g.byNumber[n], true
}

// SquareAt returns the square on file (1 = a, from White's left) and rank
// (1 = White's first row), and false when it is off the board or light.
func (v Variant) SquareAt(file, rank int) (Square, bool) {
	g := v.rules().geo
	col, row := file-1, g.height-rank
	if col < 0 || col >= g.width || row < 0 || row >= g.height || (col+row)%2 == 0 {
		return 0, false
	}
	return g.byNumber[row*g.half+col/2+1], true
}

// FileRank returns the file (1 = a) and rank (1 = White's first row) of s.
func (v Variant) FileRank(s Square) (file, rank int) {
	g := v.rules().geo
	col, row := g.colRow(s)
	return col + 1, g.height - row
}

// SquareName returns the alphanumeric name of s: "c3".
func (v Variant) SquareName(s Square) string {
	return string(v.appendSquareName(make([]byte, 0, 4), s))
}

// appendSquareName appends SquareName(s) to b.
func (v Variant) appendSquareName(b []byte, s Square) []byte {
	f, r := v.FileRank(s)
	return strconv.AppendInt(utf8.AppendRune(b, rune('a'+f-1)), int64(r), 10)
}

// SquareText writes s in the variant's own notation: numeric on 10x10,
// alphanumeric otherwise.
func (v Variant) SquareText(s Square) string {
	if v.Numeric() {
		return strconv.Itoa(v.SquareNumber(s))
	}
	return v.SquareName(s)
}

// appendSquareText appends SquareText(s) to b: a move's squares are
// written into one buffer (write), not a string each.
func (v Variant) appendSquareText(b []byte, s Square) []byte {
	if v.Numeric() {
		return strconv.AppendInt(b, int64(v.SquareNumber(s)), 10)
	}
	return v.appendSquareName(b, s)
}

// SquareOf returns the square a SquareText names, in either notation; the
// error says why it is not a dark square of this board.
func (v Variant) SquareOf(t SquareText) (Square, error) {
	if t.Number != 0 {
		if s, ok := v.SquareFromNumber(t.Number); ok {
			return s, nil
		}
		return 0, fmt.Errorf("square %d is not on the %s board (squares 1-%d)", t.Number, v, v.Squares())
	}
	if s, ok := v.SquareAt(t.File, t.Rank); ok {
		return s, nil
	}
	return 0, fmt.Errorf("%s is not a dark square of the %s board", t, v)
}

// ParseSquare reads a square written alone, numeric ("32") or alphanumeric
// ("c3", Cyrillic look-alikes and capitals allowed).
func (v Variant) ParseSquare(s string) (Square, error) {
	mt, err := ParseMoveText(s + "-" + s)
	if err != nil || len(mt.Squares) != 2 || mt.Abbreviated {
		return 0, fmt.Errorf("%q is not a square: write it as c3 or 32", s)
	}
	return v.SquareOf(mt.Squares[0])
}
