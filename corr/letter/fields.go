package letter

import (
	"unicode"
	"unicode/utf8"
)

// nextField returns the first field of s as strings.Fields splits it (a
// run of runes that are not unicode.IsSpace) and what follows it; ok is
// false when s has no field left. It tells spaces by isSpace, so that the
// Cyrillic letters of a line are not looked up in unicode's tables
// (FuzzNextField compares with strings.Fields).
func nextField(s string) (field, rest string, ok bool) {
	i := 0
	for i < len(s) { // the spaces before
		space, n := spaceAt(s, i)
		if !space {
			break
		}
		i += n
	}
	if i == len(s) {
		return "", "", false
	}
	j := i
	for j < len(s) {
		space, n := spaceAt(s, j)
		if space {
			break
		}
		j += n
	}
	return s[i:j], s[j:], true
}

// spaceAt reports whether the rune at s[i] is a space (isSpace), and its
// length: ASCII and a letter of the Cyrillic block (two bytes, lead
// D0-D3, no space among them) told without decoding the rune.
func spaceAt(s string, i int) (space bool, n int) {
	switch c := s[i]; {
	case c < utf8.RuneSelf:
		return c == ' ' || '\t' <= c && c <= '\r', 1
	case 0xD0 <= c && c <= 0xD3 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
		return false, 2
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return isSpace(r), n
}

// isSpace is unicode.IsSpace, answering for ASCII and for the Cyrillic
// block (U+0400-04FF, no space in it) without the tables
// (TestIsSpace_AsUnicode over every rune).
func isSpace(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r == ' ' || '\t' <= r && r <= '\r'
	case r >= 0x400 && r <= 0x4ff:
		return false
	}
	return unicode.IsSpace(r)
}
