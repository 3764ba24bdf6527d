package letter

import "strings"

// The letters variants are labelled with, in alphabet order: a label moves
// between the languages by its place (А is A, Б is B, В is C).
const (
	cyrillicLabels = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ"
	latinLabels    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

// lookAlike maps the Cyrillic capitals that look like Latin ones.
var lookAlike = map[rune]rune{'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X'}

// labelPlace returns the place in its alphabet of a one-letter label, or -1.
func labelPlace(r rune) int {
	if i := strings.IndexRune(latinLabels, r); i >= 0 {
		return i
	}
	for i, c := range []rune(cyrillicLabels) {
		if c == r {
			return i
		}
	}
	return -1
}

// oneLetter returns the upper-cased letter of a one-letter label.
func oneLetter(label string) (rune, bool) {
	rs := []rune(strings.ToUpper(strings.TrimSpace(label)))
	if len(rs) != 1 {
		return 0, false
	}
	return rs[0], true
}

// VariantLabel writes a variant's label in the letters of lang: a letter of
// the other alphabet becomes the letter at its place (Russian А, Б, В for
// English A, B, C, and back); numbers and longer labels stay as written.
func VariantLabel(label string, lang Lang) string {
	if strings.TrimSpace(label) == "" {
		return label
	}
	r, ok := oneLetter(label)
	i := labelPlace(r)
	if !ok || i < 0 {
		return label
	}
	if lang.orDefault() == English {
		if i < len(latinLabels) {
			return latinLabels[i : i+1]
		}
		return label
	}
	return string([]rune(cyrillicLabels)[i])
}

// SameVariantLabel reports whether two written labels name the same
// variant: equal but for case, or one-letter labels alike by look (Cyrillic
// А and Latin A, В and B) or by place in the alphabet (Б and B).
func SameVariantLabel(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if strings.EqualFold(a, b) {
		return true
	}
	if a == "" || b == "" {
		return false
	}
	ra, oka := oneLetter(a)
	rb, okb := oneLetter(b)
	if !oka || !okb {
		return false
	}
	look := func(r rune) rune {
		if l, ok := lookAlike[r]; ok {
			return l
		}
		return r
	}
	return look(ra) == look(rb) || labelPlace(ra) >= 0 && labelPlace(ra) == labelPlace(rb)
}
