package timecontrol

import "fmt"

// Color is a side of the board: White moves first (6.3.2).
type Color int8

// The two sides.
const (
	White Color = iota
	Black
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return 1 - c }

// String returns "white" or "black", the spelling of timeline files.
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", int8(c))
}

// Name returns the side as the ledger writes it in lang: "Белые" or "White".
func (c Color) Name(lang Lang) string {
	if lang == English {
		if c == White {
			return "White"
		}
		return "Black"
	}
	if c == White {
		return "Белые"
	}
	return "Черные"
}

// ParseColor reads "white" or "black" (also "белые", "черные").
func ParseColor(s string) (Color, error) {
	switch s {
	case "white", "белые":
		return White, nil
	case "black", "черные", "чёрные":
		return Black, nil
	}
	return 0, fmt.Errorf("%q is not a side; write \"white\" or \"black\"", s)
}

// valid reports whether c is one of the two sides.
func (c Color) valid() bool { return c == White || c == Black }

// Lang is the language of the ledger's explanations.
type Lang int8

// The languages the ledger speaks: Russian by default.
const (
	Russian Lang = iota
	English
)
