package letter

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

// The reader's shortcuts against the definitions they replace: each
// gives the same answer without building a string or asking unicode's
// tables for the letters of a move letter.

func looksLikeHTMLByDefinition(s string) bool {
	l := strings.ToLower(s[:min(len(s), 4096)])
	for _, tag := range []string{"<html", "<body", "<div", "<p>", "<p ", "<br", "<table"} {
		if strings.Contains(l, tag) {
			return true
		}
	}
	return false
}

func FuzzLooksLikeHTML(f *testing.F) {
	for _, s := range []string{"<P>Мой ход", "Мой ход: 1.c3-d4", "<dİv>", "a\xff<BR>", "<tab", "x<p", strings.Repeat("я", 2047) + "<br>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := looksLikeHTML(s), looksLikeHTMLByDefinition(s); got != want {
			t.Fatalf("looksLikeHTML(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzFirstWords(f *testing.F) {
	for _, s := range []string{"с уважением иван", "  добрый  день ", "a\tb c", "hi\u00a0there you", "one", ""} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, w string, n int) {
		n = min(max(n, 0), 6)
		fs := strings.Fields(w)
		if got, want := firstWords(w, n), strings.Join(fs[:min(n, len(fs))], " "); got != want {
			t.Fatalf("firstWords(%q, %d) = %q, want %q", w, n, got, want)
		}
	})
}

func FuzzStartNumbers(f *testing.F) {
	for _, s := range []string{"1-2", "+1-2", "1--2", "12 – 3", "0-1", "3-3", "+-1", "1-+", "ab-2", "9999-1", "1.c3-d4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, b, ok := startNumbers(s)
		ww, wb, wok := startNumbersByAtoi(s)
		if w != ww || b != wb || ok != wok {
			t.Fatalf("startNumbers(%q) = %d, %d, %v, want %d, %d, %v", s, w, b, ok, ww, wb, wok)
		}
		// Map writes an invalid byte as U+FFFD, the Replacer keeps it: never a
		// digit either way, so startNumbers agrees above for every s.
		if got, want := hyphenated(s), strings.NewReplacer("–", "-", "—", "-", " ", "").Replace(s); utf8.ValidString(s) && got != want {
			t.Fatalf("hyphenated(%q) = %q, want %q", s, got, want)
		}
	})
}

// startNumbersByAtoi is startNumbers reading its numbers with strconv.Atoi.
func startNumbersByAtoi(s string) (w, b int, ok bool) {
	l, r, ok := startNumberHalves(s)
	if !ok {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(l)
	b, err2 := strconv.Atoi(r)
	return startPair(w, b, err1 == nil && err2 == nil)
}

func FuzzHasDigit(f *testing.F) {
	for _, s := range []string{"ход", "c3", "٣", "Ӂ9", "\xff", "١-٢"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasDigit(s), strings.IndexFunc(s, unicode.IsDigit) >= 0; got != want {
			t.Fatalf("hasDigit(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzIsDateText(f *testing.F) {
	for _, s := range []string{"12.03", "12.03.2026г.", "2026-03-12", "x12.03", "+1.2", ".12.03", "12/03/2026"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _, _, want := dateParts(s)
		if got := isDateText(s); got != want {
			t.Fatalf("isDateText(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzAppendLower(f *testing.F) {
	for _, s := range []string{"ЧР-2026-ЗФ", "Ёж İ K", "a\xffБ", "\uFFFD"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendLower(nil, s)), strings.ToLower(s); got != want {
			t.Fatalf("appendLower(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzJoinFields(f *testing.F) {
	for _, s := range []string{"Мой ход: 1.c3-d4", " a b", "a  b", "a\tb", "a\u00a0b", "", "a b "} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, drop uint8) {
		fields := strings.Fields(s)
		keep := fields
		if int(drop) < len(fields) && drop%2 == 1 {
			keep = append(append([]string{}, fields[:drop]...), fields[drop+1:]...)
		}
		if got, want := joinFields(s, fields, keep), strings.Join(keep, " "); got != want {
			t.Fatalf("joinFields(%q, drop %d) = %q, want %q", s, drop, got, want)
		}
	})
}

// The Unicode facts the shortcuts stand on: U+0400-0484 are Cyrillic
// letters (countLetters), and U+0400-04FF holds no digit (hasDigit).
func TestShortcuts_CyrillicBlock(t *testing.T) {
	for r := rune(0x400); r <= 0x4ff; r++ {
		if r <= 0x484 && !unicode.Is(unicode.Cyrillic, r) {
			t.Errorf("%U is not Cyrillic", r)
		}
		if unicode.IsDigit(r) {
			t.Errorf("%U is a digit", r)
		}
	}
}

// The writer writes a date as Date.Russian does, years of fewer than
// four digits and past 9999 included.
func TestWriterRussian_AsDateRussian(t *testing.T) {
	for _, d := range []timecontrol.Date{{}, timecontrol.NewDate(1, 1, 1), timecontrol.NewDate(999, 12, 31), timecontrol.NewDate(2026, 3, 1),
		timecontrol.NewDate(2026, 12, 9), timecontrol.NewDate(9999, 12, 31), timecontrol.NewDate(10000, 1, 1)} {
		w := &writer{}
		w.russian(d)
		if got := w.b.String(); got != d.Russian() {
			t.Errorf("%v written %q, want %q", d, got, d.Russian())
		}
	}
}

func FuzzHasAnyStem(f *testing.F) {
	f.Add("с уважением иван", "с уваж", "ив")
	f.Add("предлагаю ничью ", "", "ничь")
	f.Add("a b", "b", "x")
	f.Fuzz(func(t *testing.T, phrase, s1, s2 string) {
		want := phrase != "" && (hasStem(phrase, s1) || hasStem(phrase, s2))
		if got := hasAnyStem(phrase, s1, s2); got != want {
			t.Fatalf("hasAnyStem(%q, %q, %q) = %v, want %v", phrase, s1, s2, got, want)
		}
	})
}

func FuzzTrimCipherPunct(f *testing.F) {
	for _, s := range []string{"«ЧР-2026-ЗФ»,", "(1-2):", "\xab\xbb", "\"x\"", "№3-4."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimCipherPunct(s), strings.Trim(s, ":.,;«»\"()"); got != want {
			t.Fatalf("trimCipherPunct(%q) = %q, want %q", s, got, want)
		}
		if got, want := strings.TrimLeftFunc(s, func(r rune) bool { return r == '№' || r == '#' }), strings.TrimLeft(s, "№#"); got != want {
			t.Fatalf("the start numbers' marks trimmed from %q: %q, want %q", s, got, want)
		}
	})
}

func FuzzMonthOf(f *testing.F) {
	for _, s := range []string{"марта", "мая", "march", "jan", "janitor", "", "\xff", "сентября", "dec"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if got, want := monthOf(w), monthByStem(w); got != want {
			t.Fatalf("monthOf(%q) = %d, want %d", w, got, want)
		}
	})
}

// TestStartNumbers: the start numbers of a game reference as written, by
// an independent table (the fuzz target above shares the halves and the
// pair's rule with the code it checks).
func TestStartNumbers(t *testing.T) {
	tests := []struct {
		in   string
		w, b int
		ok   bool
	}{
		{"1-2", 1, 2, true},
		{"12 – 3", 12, 3, true},
		{"+3—4", 3, 4, true},
		{"1234-1", 1234, 1, true},
		{"0-1", 0, 0, false},     // no player starts at 0
		{"3-3", 0, 0, false},     // a player does not meet himself
		{"12345-1", 0, 0, false}, // more than four digits
		{"1-", 0, 0, false},
		{"-1-2", 0, 0, false},
		{"1-2-3", 0, 0, false},
		{"a-2", 0, 0, false},
		{"12", 0, 0, false},
	}
	for _, tt := range tests {
		w, b, ok := startNumbers(tt.in)
		if w != tt.w || b != tt.b || ok != tt.ok {
			t.Errorf("startNumbers(%q) = %d, %d, %v, want %d, %d, %v", tt.in, w, b, ok, tt.w, tt.b, tt.ok)
		}
	}
}

func FuzzPairOfNames(f *testing.F) {
	for _, s := range []string{"Иванов – Петров", "Иванов (б) - Петров (ч)", "Мой ход: 1.c3-d4", "Иванов2 - Петров", "Smith - Jones", "01.03.2026 / 01.03.2026", "Иванов - Петров3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if got, want := pairOfNames(fields), pairOfNamesByFields(fields); !slices.Equal(got, want) {
			t.Fatalf("pairOfNames(%q) = %q, want %q", line, got, want)
		}
	})
}

func FuzzNextField(f *testing.F) {
	for _, s := range []string{"Мой ход: 1.c3-d4", "  a\tb\u00a0c\u2003d  ", "\xff \xfe", "", " ", "ЧР-2026-ЗФ\u3000 1-2\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got []string
		for w, rest, ok := nextField(s); ok; w, rest, ok = nextField(rest) {
			got = append(got, w)
		}
		if want := strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("the fields of %q: %q, want %q", s, got, want)
		}
	})
}

// TestIsSpace_AsUnicode: isSpace is unicode.IsSpace for every rune.
func TestIsSpace_AsUnicode(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		if isSpace(r) != unicode.IsSpace(r) {
			t.Fatalf("isSpace(%U) = %v", r, isSpace(r))
		}
	}
}

func FuzzTokenMarks(f *testing.F) {
	for _, s := range []string{"«Мой»", "(ход:)", "„x“", "—/…", "x×", "\xff)", "-.-", "[1]!?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := strings.TrimLeftFunc(s, isOpeningMark), strings.TrimLeft(s, "(«\"'“„["); got != want {
			t.Fatalf("opening marks trimmed from %q: %q, want %q", s, got, want)
		}
		if got, want := strings.TrimRightFunc(s, isClosingMark), strings.TrimRight(s, ")»\"'”!?]:"); got != want {
			t.Fatalf("closing marks trimmed from %q: %q, want %q", s, got, want)
		}
		if got, want := onlySeparators(s), strings.Trim(s, "-—–/:.…x×") == ""; got != want {
			t.Fatalf("onlySeparators(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzTokenize: a line's tokens are the same from its fields split
// already (the game reference's) as from the line.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"Мой ход: 1.c3-d4", "12.03/14.03, 15 марта 2026 г.", "Время: 44-39; 1. c3 - d4", "f6\u2011g5 (вынужденно)", " a\u00a0b ", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got := tokenize(nil, line, strings.Fields(line))
		want := tokenize(nil, line, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("the tokens of %q from its fields: %+v, want %+v", line, got, want)
		}
	})
}

func FuzzHyphenated(f *testing.F) {
	for _, s := range []string{"1-2", "12 – 3", "1—2", "1.c3-d4", "\xff1-2", "№3-4", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hyphenated(s), hyphenatedByMap(s); got != want {
			t.Fatalf("hyphenated(%q) = %q, want %q", s, got, want)
		}
	})
}

// cutPrefixFoldByDefinition is cutPrefixFold without its first-rune test.
func cutPrefixFoldByDefinition(t string, prefixes ...string) (string, bool) {
	for _, pre := range prefixes {
		n := utf8.RuneCountInString(pre)
		i := 0
		for k := 0; k < n && i < len(t); k++ {
			_, size := utf8.DecodeRuneInString(t[i:])
			i += size
		}
		if foldIs(t[:i], pre) {
			return t[i:], true
		}
	}
	return "", false
}

func FuzzCutPrefixFold(f *testing.F) {
	for _, s := range []string{"Протест: ход", "PROTEST", "Рrotest", "Subject: x", "ТЕМА: ЧР", "\xffx", "", "Ёж"} {
		f.Add(s, "протест", "protest")
		f.Add(s, "subject:", "")
	}
	f.Fuzz(func(t *testing.T, s, a, b string) {
		got, gok := cutPrefixFold(s, a, b)
		want, wok := cutPrefixFoldByDefinition(s, a, b)
		if got != want || gok != wok {
			t.Fatalf("cutPrefixFold(%q, %q, %q) = %q, %v, want %q, %v", s, a, b, got, gok, want, wok)
		}
	})
}

// A cipher found in a line in any case is never ruled out by its
// plain run.
func FuzzMayNameCipher(f *testing.F) {
	for _, s := range [][2]string{{"ЧР-2026-ЗФ 1-2", "ЧР-2026-ЗФ"}, {"чр-2026-зф", "ЧР-2026-ЗФ"}, {"ЧР 2026 ЗФ", "ЧР-2026-ЗФ"},
		{"KM-25", "km-25"}, {"\u212a\u0130-1", "ki-1"}, {"x\xff-1", "\xff-1"}, {"abc", "ABC"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, line, cipher string) {
		p := parser{opts: Options{Ciphers: []string{"", cipher}}}
		found := cipher != "" && strings.Contains(string(appendLower(nil, line)), strings.ToLower(cipher))
		if found && !p.mayNameCipher(line) {
			t.Fatalf("cipher %q in %q ruled out by its run %q", cipher, line, plainRun(cipher))
		}
	})
}

// Lowering makes no ASCII byte that is no letter from another rune, and
// keeps every ASCII letter a letter: what mayNameCipher stands on.
func TestLowering_KeepsPlainBytes(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		l := unicode.ToLower(r)
		plain := func(c rune) bool { return c < utf8.RuneSelf && !('a' <= c|0x20 && c|0x20 <= 'z') }
		if plain(l) != plain(r) || plain(r) && l != r {
			t.Fatalf("ToLower(%U) = %U", r, l)
		}
	}
}

// The table cases of mayFoldTo's first-rune test and plainRun.
func TestCutPrefixFold_Cases(t *testing.T) {
	for _, tt := range []struct {
		in, rest string
		ok       bool
	}{
		{"Протест: ход 5", ": ход 5", true},
		{"ПРОТЕСТ", "", true},
		{"Protest.", ".", true},
		{"Рrotest", "", false}, // a Cyrillic Р first
		{"протестую", "ую", true},
		{"Мой ход", "", false},
		{"", "", false},
	} {
		rest, ok := cutPrefixFold(tt.in, "протест", "protest")
		assert.Equal(t, tt.ok, ok, tt.in)
		assert.Equal(t, tt.rest, rest, tt.in)
		wrest, wok := cutPrefixFoldByDefinition(tt.in, "протест", "protest")
		assert.Equal(t, wok, ok, tt.in)
		assert.Equal(t, wrest, rest, tt.in)
	}
	for in, want := range map[string]string{"ЧР-2026-ЗФ": "-2026-", "КМ-25": "-25", "ABC": "", "a1b22c": "22", "x, 1": ", 1"} {
		assert.Equal(t, want, plainRun(in), in)
	}
}

// phraseByDefinition joins the words of toks with single spaces.
func phraseByDefinition(toks []token) string {
	var words []string
	for _, t := range toks {
		if t.kind == kWord {
			words = append(words, t.word)
		}
	}
	return strings.Join(words, " ")
}

func FuzzPhrase(f *testing.F) {
	for _, s := range []string{"Мой ход: 1.c3-d4", "Время", "с уважением, Иван", "12 марта 2026", "", "a  b\tc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		toks := tokenize(nil, line, nil)
		if got, want := phrase(toks), phraseByDefinition(toks); got != want {
			t.Fatalf("phrase(%q) = %q, want %q", line, got, want)
		}
	})
}

func FuzzDateParts(f *testing.F) {
	for _, s := range []string{"01.03.2026", "1.03.2026", "01.03.20x6", "01-03-2026", "01.03.2026г", "0１.03.2026", "12.03", "31/12/2025"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, m, y, ok := dateParts(s)
		wd, wm, wy, wok := datePartsBySplit(s)
		if d != wd || m != wm || y != wy || ok != wok {
			t.Fatalf("dateParts(%q) = %q %q %q %v, want %q %q %q %v", s, d, m, y, ok, wd, wm, wy, wok)
		}
	})
}

func FuzzEndsSentence(f *testing.F) {
	for _, s := range []string{"ЗЧ-2026.", "ЗЧ-2026.»", "(1-2.)\"", "x»)", ".\xbb", "\xe2\xc2\xbb", "", "»"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := endsSentence(s), strings.HasSuffix(strings.TrimRight(s, "»\")"), "."); got != want {
			t.Fatalf("endsSentence(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzStartNumberHalves(f *testing.F) {
	for _, s := range []string{"1-2", "12 – 3", "+3—4", "12", "Мой", "1\u2012 2", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, r, ok := startNumberHalves(s)
		wl, wr, wok := strings.Cut(hyphenatedByMap(s), "-")
		if !wok || len(wl) > 4 || len(wr) > 4 {
			wl, wr, wok = "", "", false
		}
		if l != wl || r != wr || ok != wok {
			t.Fatalf("startNumberHalves(%q) = %q %q %v, want %q %q %v", s, l, r, ok, wl, wr, wok)
		}
	})
}

// isQuotedHeaderByDefinition is isQuotedHeader by fold alone, without
// foldHasPrefix and its first-rune test.
func isQuotedHeaderByDefinition(lines []string) bool {
	first := fold(strings.TrimSpace(lines[0]))
	if !strings.HasPrefix(first, "от:") && !strings.HasPrefix(first, "from:") || len(first) > 200 {
		return false
	}
	for _, l := range lines[1:min(len(lines), 7)] {
		if l := fold(strings.TrimSpace(l)); strings.HasPrefix(l, "тема:") || strings.HasPrefix(l, "subject:") {
			return true
		}
	}
	return false
}

func FuzzIsQuotedHeader(f *testing.F) {
	for _, s := range []string{"От: Иван\nТема: ЧР", "FROM: x\nx\nSUBJECT: y", "Oт: Иван\nТема:", " от:\n\nтема:", "Мой ход\nТема:", "От: Иван\n  Тeмa: ЧР"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		if got, want := isQuotedHeader(lines), isQuotedHeaderByDefinition(lines); got != want {
			t.Fatalf("isQuotedHeader(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzTrimSpace(f *testing.F) {
	for _, s := range []string{"  Мой ход  ", "\u00a0x\u2003", "\xff ", " \xc2", "\u0085я\u0085", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Fatalf("trimSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzTrimClosingMarks(f *testing.F) {
	for _, s := range []string{"ход:", "А)", "«Мой»", "x”!?", "\xbb", "\xe2\x80\x9d", "\xc2\x80\x9d", "a\xc2\xbb:", ")"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		colon := false
		want := strings.TrimRightFunc(s, func(r rune) bool {
			if r == ':' || r == ')' {
				colon = true
			}
			return isClosingMark(r)
		})
		if got, gotColon := trimClosingMarks(s); got != want || gotColon != colon {
			t.Fatalf("trimClosingMarks(%q) = %q, %v, want %q, %v", s, got, gotColon, want, colon)
		}
	})
}

// phraseOf is phrase for the line's tokens in order: a run of them, or
// a run less one token.
func FuzzPhraseOf(f *testing.F) {
	for _, s := range []string{"Мой ход: 1.c3-d4", "Получил ваш ход 5...f6-g5 14.03", "ход ход ход", "Время: белые 12, чёрные 15"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		toks := tokenize(nil, line, nil)
		p := parser{linePhrase: phrase(toks), lineWords: wordCount(toks)}
		for i := 0; i <= len(toks); i++ {
			for j := i; j <= len(toks); j++ {
				if got, want := p.phraseOf(toks[i:j]), phrase(toks[i:j]); got != want {
					t.Fatalf("phraseOf(%q[%d:%d]) = %q, want %q", line, i, j, got, want)
				}
				if j > i+1 {
					less := append(slices.Clone(toks[i:i+1]), toks[i+2:j]...)
					if got, want := p.phraseOf(less), phrase(less); got != want {
						t.Fatalf("phraseOf(%q[%d:%d] less one) = %q, want %q", line, i, j, got, want)
					}
				}
			}
		}
	})
}

// The letter's lines as Parse splits them: as strings.Split of the text
// with "\r\n" replaced by "\n".
func FuzzLinesOf(f *testing.F) {
	for _, s := range []string{"a\r\nb\r\n", "a\r\r\nb\r", "\r\n\r\n", "a\rb\nc", "\r", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := linesOf(nil, text)
		if want := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n"); !slices.Equal(lines, want) {
			t.Fatalf("lines of %q: %q, want %q", text, lines, want)
		}
	})
}

// FuzzIsOriginalMessage: the separator is told by its first rune
// (foldIs) as it was by the runes' count of the separators first, then
// each compared with the line folded as fold's comment defines it
// (foldByDefinition: the reference shares no code with foldIs, nor with
// foldEqual and the look-alikes it calls; a Latin look-alike first among
// the seeds).
func FuzzIsOriginalMessage(f *testing.F) {
	for _, s := range []string{"-----Original Message-----", "-- Исходное сообщение --", "---- Пересылаемое сообщение ----", "Мой ход: 1.c3-d4", "_оригинальное сообщение_", "-- Oригинальное сообщение --", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := false
		if c := trimRule(s); len(s) <= 100 {
			if n := utf8.RuneCountInString(c); n == 16 || n == 17 || n == 18 || n == 22 {
				folded := foldByDefinition(c)
				for _, x := range []string{"original message", "исходное сообщение", "пересылаемое сообщение", "forwarded message", "оригинальное сообщение"} {
					want = want || folded == x
				}
			}
		}
		if got := isOriginalMessage(s); got != want {
			t.Fatalf("isOriginalMessage(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzTrimKeywordPunct(f *testing.F) {
	for _, s := range []string{"Шифр:", ".;,:", "", "партия,", ":\xff."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimKeywordPunct(s), strings.Trim(s, ":.,;"); got != want {
			t.Fatalf("trimKeywordPunct(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzHasLongDash(f *testing.F) {
	for _, s := range []string{"1–2", "1—2", "1-2", "\xe2\x80", "\xe2\xe2\x80\x93", "a\xe2\x80\x92", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasLongDash(s), strings.Contains(s, "\u2013") || strings.Contains(s, "\u2014"); got != want {
			t.Fatalf("hasLongDash(%q) = %v, want %v", s, got, want)
		}
	})
}
