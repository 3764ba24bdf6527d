package letter

import (
	"runtime"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// foldByDefinition is fold as its comment defines it, pass by pass.
func foldByDefinition(w string) string {
	hasCyr, hasDigit := false, false
	for _, r := range w {
		hasCyr = hasCyr || unicode.Is(unicode.Cyrillic, r)
		hasDigit = hasDigit || unicode.IsDigit(r)
	}
	if hasCyr && !hasDigit {
		w = strings.Map(toCyrillic, w)
	}
	return strings.ReplaceAll(strings.ToLower(w), "ё", "е")
}

func TestFold_AsDefined(t *testing.T) {
	for _, w := range []string{"", "Мой", "ход:", "прeдлагаю", "ПРEДЛАГАЮ", "Ёлка", "ёж", "c3-d4", "с3-d4", "Ход1", "Ѐ", "ЇЖАК", "ǅ", "İ", "a\xffb", "Ω", "Время", "ШИФР", "Tournament"} {
		assert.Equal(t, foldByDefinition(w), fold(w), "%q", w)
		assert.True(t, foldIs(w, "шифр", foldByDefinition(w)), "%q", w)
		assert.Equal(t, foldByDefinition(w) == "шифр", foldIs(w, "шифр"), "%q", w)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := unicode.ToLower(r)
		if want == 'ё' {
			want = 'е'
		}
		if got := foldRune(r); got != want {
			t.Fatalf("foldRune(%U) = %U, want %U", r, got, want)
		}
	}
}

func FuzzFold(f *testing.F) {
	f.Add("Прeдлагаю ничью")
	f.Add("Ёж c3-d4")
	f.Fuzz(func(t *testing.T, w string) {
		want := foldByDefinition(w)
		if got := fold(w); got != want {
			t.Fatalf("fold(%q) = %q, want %q", w, got, want)
		}
		if !foldIs(w, "x", want) || foldIs(w, want+"x") || len(want) > 0 && foldIs(w, want[:len(want)-1]) {
			t.Fatalf("foldIs(%q) does not match fold's %q alone", w, want)
		}
	})
}

// FuzzFoldIs: foldIs, which tells words apart by w's first rune folded
// once, answers as foldEqual over every word does.
func FuzzFoldIs(f *testing.F) {
	f.Add("Шифр:", "шифр", "cipher")
	f.Add("Cипher", "сипher", "cipher")
	f.Add("Tурнир", "шифр", "турнир") // a Latin look-alike first in a Cyrillic word
	f.Add("", "", "x")
	f.Add("ТУРНИР", "tournament", "турнир")
	f.Add("c3-d4", "\xd0", "\xd3\xbf")
	f.Fuzz(func(t *testing.T, w, x, y string) {
		want := false
		var cyr lookAlikes
		for _, k := range []string{x, y} {
			want = want || foldEqual(w, k, &cyr)
		}
		if got := foldIs(w, x, y); got != want {
			t.Fatalf("foldIs(%q, %q, %q) = %v, want %v", w, x, y, got, want)
		}
		if r, _ := utf8.DecodeRuneInString(x); firstRune(x) != r {
			t.Fatalf("firstRune(%q) = %q, want %q", x, firstRune(x), r)
		}
	})
}

func FuzzHasStem(f *testing.F) {
	f.Add("предлагаю ничью", "нич")
	f.Add("ааа", "аа")
	f.Fuzz(func(t *testing.T, phrase, s string) {
		if got, want := hasStem(phrase, s), strings.HasPrefix(phrase, s) || strings.Contains(phrase, " "+s); got != want {
			t.Fatalf("hasStem(%q, %q) = %v, want %v", phrase, s, got, want)
		}
	})
}

// A move letter is read with few allocations: a word folded once into
// one string at most, tokens appended in place, stems found without
// building strings (171 for this letter, then 107); a line's fields split
// once into the parser's scratch, keywords and headers compared folded
// without building strings (59); a move in the notation's own letters
// not normalised again (49); the known ciphers lowered into the parser's
// scratch, a phrase of one word not copied, the label words folded into
// constants (23); a line's label and run of moves in arrays on the stack
// (14); a label that is the line's words takes the line's phrase (12);
// the lines split into an array on the stack (11). The bound is one
// above the count measured (11, Go 1.26.8), as TestApply_MoveLetterAllocations's
// in corr: a Go other than the least go.mod names may move the count by
// one with nothing of ours changed; two allocations more (one for each
// line, five here, or each move, two) still fail it.
func TestParse_MoveLetterAllocations(t *testing.T) {
	opts := goldenOptions()
	opts.Subject = "ЧР-2026-ЗФ"
	text := "ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n02.03.2026 / 02.03.2026 / 02.03.2026\nВремя: 0/0\n"
	n := testing.AllocsPerRun(20, func() { Parse(text, opts) })
	assert.LessOrEqual(t, n, 12.0)
	t.Logf("%.0f allocations (%s)", n, runtime.Version())
}

// TestParse_ParserInItsSizeClass: the parser, one allocation a letter
// with its scratch, stays within the allocator's 2,304-byte size class
// (the next is 2,688): token's flags are packed at its end.
func TestParse_ParserInItsSizeClass(t *testing.T) {
	assert.LessOrEqual(t, unsafe.Sizeof(parser{}), uintptr(2304))
}

func FuzzFoldHasPrefix(f *testing.F) {
	f.Add("От: Иван", "от:")
	f.Add("Oт: Иван 12", "от:")
	f.Add("FROM: x", "from:")
	f.Add("Mой ход", "от:") // told by its look-alike first rune
	f.Fuzz(func(t *testing.T, w, prefix string) {
		if !utf8.ValidString(prefix) {
			return // the prefixes are written in the code
		}
		if got, want := foldHasPrefix(w, prefix), strings.HasPrefix(foldByDefinition(w), prefix); got != want {
			t.Fatalf("foldHasPrefix(%q, %q) = %v, want %v", w, prefix, got, want)
		}
	})
}

// The label words are folded without making a string, to fold's own
// answer; other words as before.
func TestFold_LabelWords(t *testing.T) {
	for _, w := range []string{"Мой", "МОИ", "Ваш", "Время", "ВРЕМЯ", "Дата", "Шифр", "Партия", "Вариант", "Mой", "Ёлка", "Ход5", "ИВАНОВ"} {
		assert.Equal(t, foldByDefinition(w), fold(w), w)
	}
	for _, w := range []string{"Мой", "Ваш", "Время", "Вариант"} {
		assert.Zero(t, testing.AllocsPerRun(10, func() { fold(w) }), w)
	}
}

// trimRule is strings.Trim(t, "-_ ").
func TestTrimRule_AsTrim(t *testing.T) {
	for _, s := range []string{"", "-", "--- Original Message ---", "__x__", " -_ ", "-\xffя-", "a-b"} {
		assert.Equal(t, strings.Trim(s, "-_ "), trimRule(s), s)
	}
}
