package letter

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// GameRef is how a letter names its game: the tournament cipher with the
// start numbers ("1-2", White first) or the players' surnames, or the game
// code the server puts in every subject.
type GameRef struct {
	// Cipher is the tournament cipher as written (шифр турнира).
	Cipher string `json:"cipher,omitempty"`
	// White and Black are start numbers; 0 when not written.
	White int `json:"white,omitempty"` // White's start number
	Black int `json:"black,omitempty"` // Black's start number
	// Names are surnames written next to the cipher, as written.
	Names []string `json:"names,omitempty"`
	// Code is true when the numbers came from a game code.
	Code bool `json:"code,omitempty"`
}

// IsZero reports whether the letter named no game at all.
func (g GameRef) IsZero() bool {
	return g.Cipher == "" && g.White == 0 && g.Black == 0 && len(g.Names) == 0
}

// FormatGameCode returns the game code the server writes in every subject:
// "[CIPHER #W-B]", e.g. "[ЧР-2026-ЗФ #1-2]" for start numbers 1 (White) and
// 2 (Black). A cipher may not contain spaces, '[', ']' or '#'; such
// characters are replaced by '_' so the code always reads back.
func FormatGameCode(cipher string, white, black int) string {
	var a [64]byte // a code on the stack
	return string(appendGameCode(a[:0], cipher, white, black))
}

// writeGameCode writes FormatGameCode(cipher, white, black) to b.
func writeGameCode(b *strings.Builder, cipher string, white, black int) {
	var a [64]byte // a code on the stack, written to b at once
	b.Write(appendGameCode(a[:0], cipher, white, black))
}

// appendGameCode appends FormatGameCode(cipher, white, black) to b: the
// cipher's spaces and brackets as '_', an invalid byte as U+FFFD, as
// strings.Map wrote them, without a string for the cipher
// (FuzzAppendGameCode).
func appendGameCode(b []byte, cipher string, white, black int) []byte {
	b = append(b, '[')
	for i := 0; i < len(cipher); {
		c := cipher[i]
		if c < utf8.RuneSelf {
			if isSpace(rune(c)) || c == '[' || c == ']' || c == '#' {
				c = '_'
			}
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(cipher[i:])
		switch {
		case isSpace(r):
			b = append(b, '_')
		case r == utf8.RuneError && n == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		default:
			b = append(b, cipher[i:i+n]...)
		}
		i += n
	}
	b = append(b, " #"...)
	b = strconv.AppendInt(b, int64(white), 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(black), 10)
	return append(b, ']')
}

// ParseGameCode finds the first game code "[CIPHER #W-B]" in s, e.g. in a
// subject "Re: [ЧР-2026-ЗФ #1-2] ход 12"; "[CIPHER W-B]" is read as well.
func ParseGameCode(s string) (ref GameRef, ok bool) {
	ref, _, _, ok = findGameCode(s)
	return ref, ok
}

// findGameCode is ParseGameCode that also returns where the code is: s[start:end].
func findGameCode(s string) (ref GameRef, start, end int, ok bool) {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '[')
		if j < 0 {
			return GameRef{}, 0, 0, false
		}
		start = i + j
		i += j + 1
		// A code is short; looking no further keeps the scan linear.
		k := strings.IndexByte(s[i:min(len(s), i+maxCode)], ']')
		if k < 0 {
			continue
		}
		if ref, ok := readCode(s[i : i+k]); ok {
			return ref, start, i + k + 1, true
		}
	}
	return GameRef{}, 0, 0, false
}

// maxCode bounds the length of a game code's inside, in bytes.
const maxCode = 120

// readCode reads "CIPHER #W-B" (the inside of the brackets); "CIPHER W-B",
// the form corr.GameCode writes, is read too.
func readCode(s string) (GameRef, bool) {
	h := strings.LastIndex(s, "#")
	if h < 0 {
		h = strings.LastIndexFunc(s, unicode.IsSpace)
	}
	if h <= 0 {
		return GameRef{}, false
	}
	cipher := strings.TrimSpace(s[:h])
	w, b, ok := startNumbers(strings.TrimSpace(s[h+1:]))
	if !ok || cipher == "" || strings.ContainsAny(cipher, "#[") || strings.IndexFunc(cipher, unicode.IsSpace) >= 0 || !utf8.ValidString(cipher) {
		return GameRef{}, false
	}
	return GameRef{Cipher: cipher, White: w, Black: b, Code: true}, true
}

// startNumbers reads "W-B" (also with an en or em dash), numbers 1..9999.
func startNumbers(s string) (w, b int, ok bool) {
	l, r, ok := startNumberHalves(s)
	if !ok {
		return 0, 0, false
	}
	w, ok1 := startNumber(l)
	b, ok2 := startNumber(r)
	return startPair(w, b, ok1 && ok2)
}

// startNumberHalves cuts "W-B" at its dash, any dash, spaces dropped:
// the two numbers' texts, each at most four characters.
func startNumberHalves(s string) (l, r string, ok bool) {
	if strings.IndexByte(s, '-') < 0 && !hasLongDash(s) {
		return "", "", false // no dash of any kind: most fields
	}
	l, r, ok = strings.Cut(hyphenated(s), "-")
	if !ok || len(l) > 4 || len(r) > 4 {
		return "", "", false
	}
	return l, r, true
}

// hasLongDash reports whether s has an en or an em dash (E2 80 93, E2 80
// 94): strings.Contains of each, in one pass over the E2 bytes
// (FuzzHasLongDash).
func hasLongDash(s string) bool {
	for {
		i := strings.IndexByte(s, 0xE2)
		if i < 0 || i+2 >= len(s) {
			return false
		}
		if s[i+1] == 0x80 && (s[i+2] == 0x93 || s[i+2] == 0x94) {
			return true
		}
		s = s[i+1:]
	}
}

// hyphenated writes an en or em dash as "-" and drops the spaces; ASCII
// without a space, a move's or a date's field, is returned as it is
// (FuzzHyphenated compares with the mapping).
func hyphenated(s string) string {
	if isASCII(s) && strings.IndexByte(s, ' ') < 0 {
		return s
	}
	return hyphenatedByMap(s)
}

// hyphenatedByMap is hyphenated rune by rune.
func hyphenatedByMap(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '–', '—':
			return '-'
		case ' ':
			return -1
		}
		return r
	}, s)
}

// startPair is the game's two start numbers w and b, read (ok), when they
// are two players': positive and not the same.
func startPair(w, b int, ok bool) (int, int, bool) {
	if !ok || w < 1 || b < 1 || w == b {
		return 0, 0, false
	}
	return w, b, true
}

// startNumber reads a number of startNumbers as strconv.Atoi does ("+3"
// too), without the error Atoi builds for every word that is none; a
// negative number, never a start number, is not read.
func startNumber(s string) (int, bool) {
	s = strings.TrimPrefix(s, "+")
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
