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
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if !isSpace(r) {
			break
		}
		i += n
	}
	if i == len(s) {
		return "", "", false
	}
	j := i
	for j < len(s) {
		r, n := rune(s[j]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[j:])
		}
		if isSpace(r) {
			break
		}
		j += n
	}
	return s[i:j], s[j:], true
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
