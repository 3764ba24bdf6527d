package letter

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// seedLetters adds the sample letters to a fuzz corpus.
func seedLetters(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(lettersDir, "*.txt"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
}

// FuzzParse: any text reads without panic into a letter whose problems are
// complete (kind, clause, both languages, a line inside the letter) and
// which encodes to JSON.
func FuzzParse(f *testing.F) {
	seedLetters(f)
	f.Add("Вариант А: если 6...g5-h4, то 7.d4-c5\nберу перерыв с 31.02 по 01.03")
	f.Add("ЧР-2026-ЗФ 1-2\nМой ход: 1.i3-j4\nесли 1...j6:h4, то 2.g3:i5")
	f.Fuzz(func(t *testing.T, text string) {
		opts := goldenOptions()
		// Each board in turn: 10x8 (6.1.4) reads letters a-j, ranks 1-8.
		opts.Board = [3]Board{{}, {Width: 10, Height: 8}, {Width: 10, Height: 10}}[len(text)%3]
		l := Parse(text, opts)
		body := text
		if looksLikeHTML(text) {
			body = HTMLToText(text) // lines count in the text the reader saw
		}
		lines := strings.Count(body, "\n") + 1
		for _, p := range l.Problems {
			if p.Kind == "" || p.Clause == "" || p.Ru == "" || p.En == "" || p.Line < 0 || p.Line > lines {
				t.Fatalf("incomplete problem %+v in a letter of %d lines", p, lines)
			}
			if strings.Contains(p.Ru+p.En, "%!") && !strings.Contains(text, "%!") {
				t.Fatalf("badly formatted problem: %s / %s", p.Ru, p.En)
			}
		}
		if _, err := json.Marshal(l); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzHTMLToText: any markup turns into text without panic, and text with
// no markup characters passes through with its words.
func FuzzHTMLToText(f *testing.F) {
	f.Add("<p>Мой ход: 6.c3&ndash;d4</p><blockquote>old</blockquote>")
	f.Add("<script>1<2</script>ok &#x445; &bogus;")
	f.Fuzz(func(t *testing.T, html string) {
		out := HTMLToText(html)
		if !strings.ContainsAny(html, "<&") && strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(html), " ") {
			t.Fatalf("plain text changed: %q -> %q", html, out)
		}
	})
}

// FuzzParseGameCode: a code found formats back to a code that reads the same.
func FuzzParseGameCode(f *testing.F) {
	f.Add("Re: [ЧР-2026-ЗФ #1-2] Ход партнёра")
	f.Add("[KM-25 3-4]")
	f.Add("[[[ #1-2]]")
	f.Fuzz(func(t *testing.T, s string) {
		ref, ok := ParseGameCode(s)
		if !ok {
			return
		}
		again, ok := ParseGameCode(FormatGameCode(ref.Cipher, ref.White, ref.Black))
		if !ok || again.Cipher != ref.Cipher || again.White != ref.White || again.Black != ref.Black {
			t.Fatalf("%q read as %+v, formatted back as %+v", s, ref, again)
		}
	})
}

// FuzzAppendGameCode: the code is written as it was through strings.Map
// and strconv.Itoa, for any cipher and numbers.
func FuzzAppendGameCode(f *testing.F) {
	f.Add("ЧР-2026-ЗФ", 1, 2)
	f.Add("a b\u00a0[c]#\xff\xef\xbf\xbd", -3, 1234567)
	f.Fuzz(func(t *testing.T, cipher string, white, black int) {
		c := strings.Map(func(r rune) rune {
			if isSpace(r) || r == '[' || r == ']' || r == '#' {
				return '_'
			}
			return r
		}, cipher)
		want := "[" + c + " #" + strconv.Itoa(white) + "-" + strconv.Itoa(black) + "]"
		if got := FormatGameCode(cipher, white, black); got != want {
			t.Fatalf("FormatGameCode(%q, %d, %d) = %q, want %q", cipher, white, black, got, want)
		}
	})
}

// FuzzMoveJSON: a stored move reads back without panicking, and what reads
// writes back the same.
func FuzzMoveJSON(f *testing.F) {
	for _, s := range []string{`{"number":1,"black":true,"move":"f6-g5"}`, `{"move":"c3:e5:g7"}`, `{"move":"cd4"}`, `{"move":""}`, `{"move":"k9"}`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var m Move
		if json.Unmarshal([]byte(s), &m) != nil {
			return
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Move
		if err := json.Unmarshal(b, &back); err != nil && m.Text.String() != "" {
			t.Fatalf("%s reads as %+v, writes %s, which does not read: %v", s, m, b, err)
		}
	})
}
