package letter

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"zaochnik/corr/draughts"
)

// fold prepares a word for keyword matching: Latin look-alikes inside a
// Cyrillic word become Cyrillic ("прeдлагаю" with a Latin e), then lower
// case, ё as е. Words with digits are left to the notation reader.
func fold(w string) string {
	if isASCII(w) {
		return strings.ToLower(w) // no Cyrillic, no ё: which most words of a move letter are
	}
	// One pass, one string at most (none when the word is folded already,
	// nor for a label's usual words): the look-alikes, then lower case,
	// then ё; a short word on the stack.
	cyr := cyrillicWord(w)
	if len(w) > 64 {
		if cyr {
			return strings.Map(func(r rune) rune { return foldRune(toCyrillic(r)) }, w)
		}
		return strings.Map(foldRune, w)
	}
	var buf [64 + utf8.UTFMax]byte
	b := buf[:0]
	for _, r := range w {
		if cyr {
			r = toCyrillic(r)
		}
		b = utf8.AppendRune(b, foldRune(r))
	}
	if string(b) == w {
		return w
	}
	if l, ok := labelWord(b); ok {
		return l
	}
	return string(b)
}

// labelWord returns the folded word b as a constant when it is one of the
// label words a letter writes capitalised at a line's start ("Мой ход:",
// "Время:"): fold makes no string for them.
func labelWord(b []byte) (string, bool) {
	switch string(b) {
	case "мой":
		return "мой", true
	case "мои":
		return "мои", true
	case "ваш":
		return "ваш", true
	case "время":
		return "время", true
	case "дата":
		return "дата", true
	case "шифр":
		return "шифр", true
	case "партия":
		return "партия", true
	case "вариант":
		return "вариант", true
	}
	return "", false
}

// cyrillicWord reports a word whose Latin look-alikes fold makes
// Cyrillic: one with a Cyrillic letter and no digit.
func cyrillicWord(w string) bool {
	hasCyr, hasDigit := false, false
	for _, r := range w {
		switch {
		case r < utf8.RuneSelf:
			hasDigit = hasDigit || '0' <= r && r <= '9'
		case r >= 0x400 && r <= 0x481: // Cyrillic letters, no digit: without the tables
			hasCyr = true
		default:
			hasCyr = hasCyr || unicode.Is(unicode.Cyrillic, r)
			hasDigit = hasDigit || unicode.IsDigit(r)
		}
	}
	return hasCyr && !hasDigit
}

// foldIs reports whether fold(w) is one of words, without building it.
// w's first rune tells most words apart (mayFoldTo, as foldHasPrefix):
// a word starting with neither of its folds is not compared, nor w's
// look-alikes looked for (FuzzFoldIs).
func foldIs(w string, words ...string) bool {
	if w == "" {
		return slices.Contains(words, "")
	}
	r, _ := utf8.DecodeRuneInString(w)
	var cyr lookAlikes
	for _, x := range words {
		if x == "" || !mayFoldTo(r, firstRune(x)) {
			continue // foldEqual would stop at the first rune
		}
		if foldEqual(w, x, &cyr) {
			return true
		}
	}
	return false
}

// firstRune is the first rune of s as utf8.DecodeRuneInString reads it:
// ASCII and the Cyrillic block's two bytes (lead D0-D3) without the call.
func firstRune(s string) rune {
	if len(s) > 1 && 0xD0 <= s[0] && s[0] <= 0xD3 && s[1]&0xC0 == 0x80 {
		return rune(s[0]&0x1F)<<6 | rune(s[1]&0x3F)
	}
	r, _ := utf8.DecodeRuneInString(s) // ASCII inlined
	return r
}

// foldHasPrefix reports whether fold(w) starts with prefix, without
// building it: a line is told from a heading ("От: …") so. Most lines
// are told by their first rune, before w's look-alikes are known
// (cyrillicWord reads all of w).
func foldHasPrefix(w, prefix string) bool {
	if r, _ := utf8.DecodeRuneInString(w); w != "" && prefix != "" {
		if x, _ := utf8.DecodeRuneInString(prefix); !mayFoldTo(r, x) {
			return false
		}
	}
	var cyr lookAlikes
	for _, r := range w {
		if prefix == "" {
			return true
		}
		xr, n := utf8.DecodeRuneInString(prefix)
		if foldRune(cyr.of(w, r)) != xr {
			return false
		}
		prefix = prefix[n:]
	}
	return prefix == ""
}

// foldEqual reports whether fold(w) is x; cyr is what is known of w's
// look-alikes, and what foldEqual finds out is kept there.
func foldEqual(w, x string, cyr *lookAlikes) bool {
	for _, r := range w {
		xr, n := utf8.DecodeRuneInString(x)
		if n == 0 || foldRune(cyr.of(w, r)) != xr {
			return false
		}
		x = x[n:]
	}
	return x == ""
}

// lookAlikes is whether fold makes the Latin look-alikes of a word
// Cyrillic (cyrillicWord), found out only once the word shows one: most
// words are told from a keyword by their first letters.
type lookAlikes int8

const (
	lookAlikesUnknown lookAlikes = iota
	lookAlikesKept
	lookAlikesCyrillic
)

// of returns the rune r of w as fold reads it: a Latin look-alike in a
// Cyrillic word is the Cyrillic letter.
func (c *lookAlikes) of(w string, r rune) rune {
	m := toCyrillic(r)
	if m == r {
		return r
	}
	if *c == lookAlikesUnknown {
		*c = lookAlikesKept
		if cyrillicWord(w) {
			*c = lookAlikesCyrillic
		}
	}
	if *c == lookAlikesCyrillic {
		return m
	}
	return r
}

// foldRune is a rune of fold's result: lower case, ё as е.
func foldRune(r rune) rune {
	switch {
	case r >= 'А' && r <= 'Я':
		return r + 'а' - 'А'
	case r >= 'а' && r <= 'я':
		return r
	case r == 'ё' || r == 'Ё':
		return 'е'
	}
	return unicode.ToLower(r)
}

// isASCII reports whether s is ASCII alone.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// toCyrillic maps a Latin letter that looks like a Cyrillic one to it.
func toCyrillic(r rune) rune {
	switch r {
	case 'A':
		return 'А'
	case 'B':
		return 'В'
	case 'C':
		return 'С'
	case 'E':
		return 'Е'
	case 'H':
		return 'Н'
	case 'K':
		return 'К'
	case 'M':
		return 'М'
	case 'O':
		return 'О'
	case 'P':
		return 'Р'
	case 'T':
		return 'Т'
	case 'X':
		return 'Х'
	case 'Y':
		return 'У'
	case 'a':
		return 'а'
	case 'c':
		return 'с'
	case 'e':
		return 'е'
	case 'k':
		return 'к'
	case 'm':
		return 'м'
	case 'o':
		return 'о'
	case 'p':
		return 'р'
	case 'x':
		return 'х'
	case 'y':
		return 'у'
	}
	return r
}

// kind is what a token of a line is.
type kind int

const (
	kWord     kind = iota
	kMove          // a move, perhaps with its number: "6.c3-d4", "f6-g5"
	kNumber        // a move number alone: "6.", "5..."
	kDate          // a date: "12.03", "12.03.26", "2026-03-12"
	kFraction      // a time fraction: "12/15"
	kInt           // a bare integer
	kSep           // punctuation alone: "-", "/", "—"
)

// token is one unit of a line. Its flags come last, together, so that
// it is 72 bytes and the parser's scratch of 12 tokens leaves the parser
// in a smaller size class of the allocator (2,304 bytes, not 2,688).
type token struct {
	orig string // as written, outer punctuation trimmed
	word string // folded, for keywords
	kind kind
	// For kMove and kNumber: the number written (0 none), whether it was
	// Black's ("5..."), and the move text after the number.
	number int
	move   string
	black  bool
	// colon is true when the written token ended with ':' or ')' — a label
	// ("Мой ход:", "А)").
	colon bool
	// forced is set on a move followed by a forced mark ("3.b4:d6
	// (вынужденно)", 6.2.4): the mark is that move's, as in any annotation.
	forced bool
}

// tokenize splits a line into tokens, appended to out (whose tokens are
// overwritten: the parser's one slice for them, reused from line to line).
// fields, when not nil, are the line's fields (strings.Fields), split
// already for the game reference. It runs in linear time.
func tokenize(out []token, line string, fields []string) []token {
	// Hyphens that are not the ASCII one ("f6‑g5" from an HTML letter).
	if strings.Contains(line, "\xe2\x80") { // U+2010-2012 are E2 80 90-92 in UTF-8
		line = strings.Map(func(r rune) rune {
			if r >= '\u2010' && r <= '\u2012' {
				return '-'
			}
			return r
		}, line)
		fields = nil
	}
	out = out[:0]
	if fields == nil {
		for f, rest, ok := nextField(line); ok; f, rest, ok = nextField(rest) {
			out = fieldTokens(out, f)
		}
	}
	for _, f := range fields {
		out = fieldTokens(out, f)
	}
	return mergeSpacedMoves(mergeWordDates(out))
}

// fieldTokens appends the tokens of one field, split at its commas and
// semicolons.
func fieldTokens(out []token, f string) []token {
	if strings.IndexByte(f, ',') < 0 && strings.IndexByte(f, ';') < 0 {
		return splitToken(out, f)
	}
	for p := range strings.FieldsFuncSeq(f, func(r rune) bool { return r == ',' || r == ';' }) {
		out = splitToken(out, p)
	}
	return out
}

// splitToken classifies one field, splitting date lists ("12.03/14.03"),
// and appends its tokens to ts.
func splitToken(ts []token, p string) []token {
	if p == "" {
		return ts
	}
	if c := p[0]; c == '(' || c == '"' || c == '\'' || c == '[' || c >= utf8.RuneSelf {
		p = strings.TrimLeftFunc(p, isOpeningMark) // most words start with none of these
	}
	p, colon := trimClosingMarks(p)
	if p == "" {
		return ts
	}
	if q := strings.TrimRight(p, "."); q != p && len(q) == 4 && isInt(q) {
		p = q // a year ending a sentence, "2026.", is no move number
	}
	if strings.Contains(p, "/") || strings.Count(p, "-") >= 1 && strings.Count(p, ".") > strings.Count(p, "-") {
		if parts, ok := splitDateList(ts, p); ok {
			return parts
		}
	}
	t := token{orig: p, colon: colon}
	switch {
	case isDateText(p):
		t.kind = kDate
	case isFraction(p):
		t.kind = kFraction
	case isInt(p):
		t.kind = kInt
	case onlySeparators(p):
		t.kind = kSep
	default:
		if n, black, rest, ok := moveish(p); ok {
			t.number, t.black, t.move = n, black, rest
			t.kind = kMove
			if rest == "" {
				t.kind = kNumber
			}
			return append(ts, t)
		}
		t.orig = strings.TrimRight(p, ".")
		t.word = fold(t.orig)
		if t.orig == "" {
			return ts
		}
	}
	return append(ts, t)
}

// isOpeningMark, isClosingMark and onlySeparators ask a switch what
// strings.TrimLeft(p, "(«\"'“„["), strings.TrimRight(p, ")»\"'”!?]:") and
// strings.Trim(p, "-—–/:.…x×") == "" would look up in their cutsets rune
// by rune (FuzzTokenMarks compares them).
func isOpeningMark(r rune) bool {
	switch r {
	case '(', '«', '"', '\'', '“', '„', '[':
		return true
	}
	return false
}

func isClosingMark(r rune) bool {
	switch r {
	case ')', '»', '"', '\'', '”', '!', '?', ']', ':':
		return true
	}
	return false
}

// trimClosingMarks is strings.TrimRightFunc(p, isClosingMark) told by
// bytes ('»' is C2 BB, '”' E2 80 9D, the rest ASCII); colon reports a ':'
// or ')' among the marks trimmed, a label's end (FuzzTrimClosingMarks).
func trimClosingMarks(p string) (_ string, colon bool) {
	for p != "" {
		n := 0
		switch c := p[len(p)-1]; c {
		case ':', ')':
			n, colon = 1, true
		case '"', '\'', '!', '?', ']':
			n = 1
		case 0xBB:
			if strings.HasSuffix(p, "»") {
				n = len("»")
			}
		case 0x9D:
			if strings.HasSuffix(p, "”") {
				n = len("”")
			}
		}
		if n == 0 {
			break
		}
		p = p[:len(p)-n]
	}
	return p, colon
}

func onlySeparators(p string) bool {
	for _, r := range p {
		switch r {
		case '-', '—', '–', '/', ':', '.', '…', 'x', '×':
		default:
			return false
		}
	}
	return true
}

// splitDateList appends to ts the dates of "12.03/14.03/15.03" or
// "12.03-14.03", or the fraction "12/15"; ok is false when p is neither,
// and ts is then as it was.
func splitDateList(ts []token, p string) (_ []token, ok bool) {
	if isFraction(p) {
		return append(ts, token{orig: p, kind: kFraction}), true
	}
	n := len(ts)
	for d := range strings.FieldsFuncSeq(p, func(r rune) bool { return r == '/' || r == '-' }) {
		if !isDateText(d) {
			return ts[:n], false
		}
		ts = append(ts, token{orig: d, kind: kDate})
	}
	if len(ts)-n < 2 {
		return ts[:n], false
	}
	return ts, true
}

func isInt(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isFraction(s string) bool {
	a, b, ok := strings.Cut(s, "/")
	return ok && isInt(a) && isInt(b) && len(a) <= 4 && len(b) <= 4
}

// moveish reports whether p reads as a move or a move number, and splits
// off the number: "6.c3-d4" -> 6, white, "c3-d4"; "5..." -> 5, black, "".
// The move text is returned normalised; the token keeps it as written.
func moveish(p string) (number int, black bool, rest string, ok bool) {
	if !hasDigit(p) {
		return 0, false, "", false // a move and a move number have digits, and notation makes none: a word
	}
	// Twice: the first pass maps the look-alikes that the second needs to
	// read a Cyrillic "х" between squares as a capture ("Е3хС5").
	n := draughts.NormalizeNotation(draughts.NormalizeNotation(p))
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	j := i
	for j < len(n) && n[j] == '.' {
		j++
	}
	if i > 0 && j > i && i <= 3 {
		for k := 0; k < i; k++ {
			number = number*10 + int(n[k]-'0')
		}
		black = j-i >= 2
		n = n[j:]
	} else if i > 0 && j == i && j < len(n) && n[j] == ')' {
		return 0, false, "", false
	}
	if n == "" {
		return number, black, "", number > 0
	}
	n = strings.TrimRight(n, "!?+.")
	if n == "" {
		return 0, false, "", false
	}
	digit, sep := false, false
	for k := 0; k < len(n); k++ {
		c := n[k]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c == '-' || c == ':':
			sep = true
		case c >= 'a' && c <= 'j':
		default:
			// Not notation, but shaped like a move ("c3-k4", "b6-z9"): it is
			// a move the reader must report as unreadable.
			return number, black, n, moveLike(n)
		}
	}
	fileFirst := n[0] >= 'a' && n[0] <= 'j'
	if !digit || !(sep || fileFirst) {
		return 0, false, "", false
	}
	if h, m, ok := strings.Cut(n, ":"); ok && number == 0 && isInt(h) && len(m) == 2 && isInt(m) {
		if _, err := draughts.ParseMoveText(n); err != nil {
			return 0, false, "", false // a time of day, "10:00"
		}
	}
	return number, black, n, true
}

// hasDigit reports whether s has a digit (unicode.IsDigit), telling the
// ASCII and Cyrillic letters of a word, which are no digits, without the
// tables.
func hasDigit(s string) bool {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if '0' <= r && r <= '9' {
				return true
			}
		case r >= 0x400 && r <= 0x4ff: // the Cyrillic block has no digit
		case unicode.IsDigit(r):
			return true
		}
	}
	return false
}

// moveLike reports text shaped like a move though not in its alphabet:
// squares of up to three letters and digits joined by one '-' or by ':'s.
func moveLike(n string) bool {
	parts := strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == ':' })
	if len(parts) < 2 || len(parts) > 12 || strings.Count(n, "-") > 1 || strings.Count(n, "-") == 1 && len(parts) != 2 {
		return false
	}
	for _, p := range parts {
		rs := []rune(p)
		if len(rs) > 3 {
			return false
		}
		digit := false
		for _, r := range rs {
			if unicode.IsDigit(r) {
				digit = true
			} else if !unicode.IsLetter(r) {
				return false
			}
		}
		if !digit { // every square has a digit: "5-й" is no move
			return false
		}
	}
	return true
}

// isSquareText reports whether s is one square as written ("c3", "с3").
func isSquareText(s string) bool {
	n := draughts.NormalizeNotation(s)
	return len(n) >= 2 && len(n) <= 3 && n[0] >= 'a' && n[0] <= 'j' && isInt(n[1:])
}

// mergeSpacedMoves joins "c3 - d4" and "c3 :e5" written with spaces.
func mergeSpacedMoves(ts []token) []token {
	out := ts[:0] // in place: a token is written where one was read already
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.kind == kNumber && i+1 < len(ts) && (ts[i+1].orig == "..." || ts[i+1].orig == "…" || ts[i+1].orig == "..") {
			t.black = true // "14. ... e7-d6"
			out = append(out, t)
			i++
			continue
		}
		if i+2 < len(ts) && t.kind == kInt && ts[i+1].orig == "/" && ts[i+2].kind == kInt {
			f := t.orig + "/" + ts[i+2].orig
			if isFraction(f) {
				out = append(out, token{orig: f, kind: kFraction})
				i += 2
				continue
			}
		}
		if i+2 < len(ts) && (t.kind == kMove || t.kind == kWord) && ts[i+1].kind == kSep &&
			len([]rune(ts[i+1].orig)) == 1 && strings.ContainsAny(ts[i+1].orig, "-—–:x×") &&
			squareEnd(t) && isSquareText(ts[i+2].orig) {
			joined := t.orig + ts[i+1].orig + ts[i+2].orig
			if n, black, rest, ok := moveish(joined); ok && rest != "" {
				out = append(out, token{orig: joined, kind: kMove, number: n, black: black, move: rest, colon: ts[i+2].colon})
				i += 2
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// squareEnd reports whether a token ends with a square: "c3" or "6.c3".
func squareEnd(t token) bool {
	if t.kind == kMove {
		return isSquareText(t.move)
	}
	return isSquareText(t.orig)
}
