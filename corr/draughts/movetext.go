package draughts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SquareText is a square as written, before it meets a board: alphanumeric
// (File and Rank, 1-based, a1 = {1,1}; files a..j, ranks 1..10) or numeric
// (Number 1..50), never both.
type SquareText struct{ File, Rank, Number int }

// Numeric reports whether the square was written as a number.
func (s SquareText) Numeric() bool { return s.Number != 0 }

// String writes the square as it was read: "c3" or "32".
func (s SquareText) String() string {
	var a [8]byte
	return string(s.Append(a[:0]))
}

// Append appends s.String() to b.
func (s SquareText) Append(b []byte) []byte {
	if s.Numeric() {
		return strconv.AppendInt(b, int64(s.Number), 10)
	}
	b = utf8.AppendRune(b, rune('a'+s.File-1))
	return strconv.AppendInt(b, int64(s.Rank), 10)
}

// MoveText is one move as written (clause 6.2.2 of the rules: full notation,
// "c3-d4", captures "c3:e5:g7"; numeric "32-28", "47:24:8" on 10x10), before
// it is matched against a position by Position.Resolve.
type MoveText struct {
	// Squares lists the origin, the landing squares written, and the
	// destination. For an abbreviated move it holds only the squares written
	// after the origin's file.
	Squares []SquareText
	// Capture is set when the move was written with ':' or 'x'.
	Capture bool
	// Abbreviated marks the semi-short form of game records ("cd4", "b:d4",
	// "e:c5", clause 6.5.1). In a move letter it is an impossible move (6.2.2).
	Abbreviated bool
	// FromFile is the origin's file (1 = a) of an abbreviated move.
	FromFile int
}

// String writes the move canonically: "c3-d4", "c3:e5:g7", "32-28",
// "47:24:8", "cd4", "b:d4".
func (m MoveText) String() string {
	var a [32]byte
	return string(m.Append(a[:0]))
}

// Append appends m.String() to b: a letter's moves are written into its
// text without a string for each.
func (m MoveText) Append(b []byte) []byte {
	sep := byte('-')
	if m.Capture {
		sep = ':'
	}
	if m.Abbreviated {
		b = utf8.AppendRune(b, rune('a'+m.FromFile-1))
		if m.Capture {
			b = append(b, ':')
		}
		sep = ':'
	}
	for i, s := range m.Squares {
		if i > 0 {
			b = append(b, sep)
		}
		b = s.Append(b)
	}
	return b
}

// lookAlike maps the letters people type instead of Latin notation: Cyrillic
// look-alikes and transliterations (а в/б с д е/ё ф г н), so that "с3-д4" and
// "Е3:С5" read as c3-d4 and e3:c5. The Cyrillic "х" is handled apart: it is
// the capture sign between squares and the file h at the start of a square.
var lookAlike = map[rune]rune{
	'а': 'a', 'б': 'b', 'в': 'b', 'ь': 'b', 'с': 'c', 'д': 'd', 'е': 'e', 'ё': 'e',
	'ф': 'f', 'г': 'g', 'н': 'h', 'і': 'i',
	'–': '-', '—': '-', '‒': '-', '−': '-', '―': '-',
	'×': 'x',
}

// NormalizeNotation lower-cases s, maps Cyrillic look-alikes and
// transliterated file letters to Latin, dashes to '-', the capture signs 'x',
// 'х' and '×' to ':' (a Cyrillic 'х' that starts a square, as in "х2", is the
// file h), and drops spaces around separators so "c3 - d4" reads as "c3-d4".
// Apply it to text meant as moves: it would also change Cyrillic words.
func NormalizeNotation(s string) string {
	if normal(s) {
		return s // the engine's own notation and most letters: nothing to change, nothing to allocate
	}
	return normalize(s)
}

// normal reports whether NormalizeNotation leaves s as it is: printable
// ASCII without capitals, spaces or 'x', which is all it would change.
func normal(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b <= ' ' || b > '~' || b >= 'A' && b <= 'Z' || b == 'x' {
			return false
		}
	}
	return true
}

// normalize is NormalizeNotation of text that may need it.
func normalize(s string) string {
	rs := []rune(strings.ReplaceAll(strings.ToLower(s), "…", "..."))
	out := make([]rune, 0, len(rs))
	for i, r := range rs {
		if m, ok := lookAlike[r]; ok {
			r = m
		}
		if r == 'х' || r == 'x' {
			switch {
			case r == 'х' && startsSquare(out) && i+1 < len(rs) && isDigit(rs[i+1]):
				r = 'h'
			case endsSquareOrFile(trimSpaces(out)) && (isDigit(latin(nextNonSpace(rs, i+1))) || isFileRune(latin(nextNonSpace(rs, i+1)))):
				r = ':'
			}
		}
		out = append(out, r)
	}
	// Drop spaces around separators. next[i] is the first non-space rune at
	// or after i, computed backwards so long runs of spaces stay linear.
	next := make([]rune, len(out)+1)
	for i := len(out) - 1; i >= 0; i-- {
		next[i] = out[i]
		if unicode.IsSpace(out[i]) {
			next[i] = next[i+1]
		}
	}
	res := make([]rune, 0, len(out))
	for i, r := range out {
		if unicode.IsSpace(r) {
			prev := len(res) > 0 && isSep(res[len(res)-1])
			if prev || (isSep(next[i]) && len(res) > 0 && (isDigit(res[len(res)-1]) || isFileRune(res[len(res)-1]))) {
				continue
			}
		}
		res = append(res, r)
	}
	return string(res)
}

// startsSquare reports whether a square may start after out: at the start,
// after a separator, a space or a move number's dot.
func startsSquare(out []rune) bool {
	if len(out) == 0 {
		return true
	}
	r := out[len(out)-1]
	return isSep(r) || unicode.IsSpace(r) || r == '.'
}

// endsSquareOrFile reports whether out ends with a square ("c3", "32") or a
// lone file letter of an abbreviated move ("e" in "exd4"), so that an 'x'
// after it is a capture sign and not part of a word.
func endsSquareOrFile(out []rune) bool {
	if len(out) == 0 {
		return false
	}
	r := out[len(out)-1]
	if isDigit(r) {
		return true
	}
	return isFileRune(r) && startsSquare(out[:len(out)-1])
}

// latin maps a look-alike to its Latin letter, so the capture sign is
// recognised before a square written in Cyrillic ("Е3хС5").
func latin(r rune) rune {
	if m, ok := lookAlike[r]; ok {
		return m
	}
	return r
}

func trimSpaces(rs []rune) []rune {
	for len(rs) > 0 && unicode.IsSpace(rs[len(rs)-1]) {
		rs = rs[:len(rs)-1]
	}
	return rs
}

func nextNonSpace(rs []rune, i int) rune {
	for ; i < len(rs); i++ {
		if !unicode.IsSpace(rs[i]) {
			return rs[i]
		}
	}
	return 0
}

func isSep(r rune) bool      { return r == '-' || r == ':' }
func isDigit(r rune) bool    { return r >= '0' && r <= '9' }
func isFileRune(r rune) bool { return r >= 'a' && r <= 'j' }

// MoveTextError says why a written move could not be read.
type MoveTextError struct {
	Text   string // the text as given
	Reason string
}

func (e *MoveTextError) Error() string {
	return fmt.Sprintf("draughts: cannot read the move %q: %s", e.Text, e.Reason)
}

// ParseMoveText reads one move in full, numeric or abbreviated notation.
// It is tolerant of capitals, Cyrillic look-alikes, dashes, 'x'/'х'/'×' for
// captures and spaces around separators, and of trailing strength marks
// ("!", "?"). It knows no position: legality is Position.Resolve's.
func ParseMoveText(s string) (MoveText, error) {
	orig := s
	n := NormalizeNotation(strings.TrimSpace(s))
	n = strings.TrimRight(n, "!?+")
	if n == "" {
		return MoveText{}, &MoveTextError{orig, "it is empty"}
	}
	fail := func(reason string) (MoveText, error) { return MoveText{}, &MoveTextError{orig, reason} }

	// One allocation for the squares: one more than the separators.
	mt := MoveText{Squares: make([]SquareText, 0, 1+strings.Count(n, "-")+strings.Count(n, ":"))}
	i := 0
	// Abbreviated: a file letter not followed by a digit ("cd4", "b:d4").
	if isFileRune(rune(n[0])) && (len(n) == 1 || !isDigit(rune(n[1]))) {
		mt.Abbreviated = true
		mt.FromFile = int(n[0]-'a') + 1
		i = 1
		if i < len(n) && n[i] == ':' {
			mt.Capture = true
			i++
		}
	}
	alpha, numeric := false, false
	for {
		sq, next, ok := readSquare(n, i)
		if !ok {
			if i >= len(n) {
				return fail("a square is missing at the end")
			}
			return fail(fmt.Sprintf("%q is not a square", n[i:]))
		}
		if sq.Numeric() {
			numeric = true
		} else {
			alpha = true
		}
		mt.Squares = append(mt.Squares, sq)
		i = next
		if i == len(n) {
			break
		}
		switch n[i] {
		case ':':
			mt.Capture = true
		case '-':
			if mt.Abbreviated {
				return fail("an abbreviated move has no '-'")
			}
		default:
			return fail(fmt.Sprintf("unexpected %q after %s", n[i:], sq))
		}
		i++
	}
	switch {
	case alpha && numeric:
		return fail("it mixes numeric and letter squares")
	case mt.Abbreviated && numeric:
		return fail("a numeric square cannot follow a file letter")
	case !mt.Abbreviated && len(mt.Squares) < 2:
		return fail("a move needs its origin and its destination, as c3-d4")
	case !mt.Abbreviated && !mt.Capture && len(mt.Squares) > 2:
		return fail("a move that is not a capture goes from one square to the next; captures are written with ':'")
	}
	return mt, nil
}

// readSquare reads "c3", "j10" or "32" at n[i:].
func readSquare(n string, i int) (SquareText, int, bool) {
	if i >= len(n) {
		return SquareText{}, i, false
	}
	if isFileRune(rune(n[i])) {
		j := i + 1
		for j < len(n) && isDigit(rune(n[j])) && j-i <= 2 {
			j++
		}
		if j == i+1 {
			return SquareText{}, i, false
		}
		r, _ := strconv.Atoi(n[i+1 : j])
		if r < 1 || r > 10 || (j < len(n) && isDigit(rune(n[j]))) {
			return SquareText{}, i, false
		}
		return SquareText{File: int(n[i]-'a') + 1, Rank: r}, j, true
	}
	j := i
	for j < len(n) && isDigit(rune(n[j])) && j-i < 2 {
		j++
	}
	if j == i || (j < len(n) && isDigit(rune(n[j]))) {
		return SquareText{}, i, false
	}
	num, _ := strconv.Atoi(n[i:j])
	if num < 1 || num > 50 {
		return SquareText{}, i, false
	}
	return SquareText{Number: num}, j, true
}

// NumberedMove is a move of a sequence with the number written before it.
type NumberedMove struct {
	// Number is the move number written ("5." or "5..."), or carried from
	// White's move of the pair to Black's; 0 when none was written.
	Number int
	// Black is set for "5...f6-g5" and for the second move of a pair.
	Black bool
	Text  MoveText
}

// ParseMoveSequence reads moves with optional numbers: "1.c3-d4 f6-g5
// 2.d4-c5", "5...f6-g5", "12. c3:e5 f6:d4". Moves may be separated by spaces,
// commas or semicolons. On an unreadable token it returns the moves read
// before it and an error naming the token.
func ParseMoveSequence(s string) ([]NumberedMove, error) {
	n := NormalizeNotation(s)
	fields := strings.FieldsFunc(n, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' })
	var out []NumberedMove
	num, black := 0, false // what the next move is, as far as we know
	for _, f := range fields {
		rest, number, dots := splitMoveNumber(f)
		if number > 0 {
			num, black = number, dots >= 2
		}
		if rest == "" {
			if number == 0 {
				return out, &MoveTextError{f, "it is neither a move nor a move number"}
			}
			continue
		}
		mt, err := ParseMoveText(rest)
		if err != nil {
			return out, err
		}
		out = append(out, NumberedMove{Number: num, Black: black, Text: mt})
		if black {
			if num > 0 {
				num++
			}
			black = false
		} else {
			black = true
		}
	}
	return out, nil
}

// splitMoveNumber splits "12.c3-d4" into "c3-d4", 12 and the count of dots.
// "12." alone gives "", 12; a token without a number gives itself and 0.
func splitMoveNumber(f string) (rest string, number, dots int) {
	i := 0
	for i < len(f) && isDigit(rune(f[i])) {
		i++
	}
	if i == 0 || i > 4 {
		return f, 0, 0
	}
	j := i
	for j < len(f) && (f[j] == '.' || f[j] == ')') {
		j++
	}
	if j == i {
		return f, 0, 0 // "32-28": a numeric move, not a number
	}
	number, _ = strconv.Atoi(f[:i])
	return f[j:], number, j - i
}
