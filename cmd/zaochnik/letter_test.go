package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runLetterCmd runs "zaochnik ARGS" in-process with stdin.
func runLetterCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	code = run(e, args)
	return code, out.String(), errb.String()
}

func TestLetterParse(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "letters", "ru_clean_full.txt")
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out, err string
	}{
		{"help", "", []string{"letter", "--help"}, 0, "zaochnik letter parse FILE", ""},
		{"parse help", "", []string{"letter", "parse", "--help"}, 0, "", "--variant"},
		{"file", "", []string{"letter", "parse", "--postmark", "2026-03-16", sample}, 0, "moves:      6.c3-d4", ""},
		{"stdin", "Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 6.32-28", []string{"letter", "parse", "--variant", "international", "-"}, 0, "moves:      6.32-28", ""},
		{"numeric on 8x8 is unreadable", "Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 6.32-28", []string{"letter", "parse", "-"}, 0, "unreadable-move (6.2.2)", ""},
		{"english", "Cipher ЧР-2026-ЗФ, game 1-2\nMy move: 6.c3-d4\nFine weather", []string{"letter", "parse", "-"}, 0, "was not forwarded", ""},
		{"no subcommand", "", []string{"letter"}, 2, "", "expected the subcommand 'parse'"},
		{"no file", "", []string{"letter", "parse"}, 2, "", "give one FILE"},
		{"bad variant", "", []string{"letter", "parse", "--variant", "chess", "-"}, 2, "", "use russian, international, giveaway or 10x8"},
		{"10x8 reads the j file", "Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 1.i3-j4", []string{"letter", "parse", "--variant", "10x8", "-"}, 0, "moves:      1.i3-j4", ""},
		{"10x8 has no rank 9", "Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 1.i8-j9", []string{"letter", "parse", "--variant", "10x8", "-"}, 0, "unreadable-move (6.2.2)", ""},
		{"bad language", "", []string{"letter", "parse", "--lang", "de", "-"}, 2, "", "want ru or en"},
		{"bad postmark", "", []string{"letter", "parse", "--postmark", "16.03.2026", "-"}, 2, "", "YYYY-MM-DD"},
		{"missing file", "", []string{"letter", "parse", "no-such-letter.txt"}, 1, "", "cannot read the letter"},
		{"flags after the file, as the README writes them", "", []string{"letter", "parse", sample, "--postmark", "2026-03-16", "--lang", "en"}, 0, "moves:      6.c3-d4", ""},
		{"stdin then --json", "Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 6.c3-d4", []string{"letter", "parse", "-", "--json"}, 0, `"move": "c3-d4"`, ""},
		{"two files", "", []string{"letter", "parse", sample, sample}, 2, "", "give one FILE"},
		{"known cipher in lower case (6.2.3)", "чр-2026-зф 1-2\nМой ход: 6.c3-d4", []string{"letter", "parse", "-", "--cipher", "ЧР-2026-ЗФ"}, 0, "game:       ЧР-2026-ЗФ 1-2", ""},
		{"-- ends the flags", "", []string{"letter", "parse", "--", "--json"}, 1, "", "cannot read the letter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runLetterCmd(tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code, out+errs)
			assert.Contains(t, out, tt.out)
			assert.Contains(t, errs, tt.err)
		})
	}
}

func TestLetterParse_JSON(t *testing.T) {
	code, out, errs := runLetterCmd("Subject: [ЧР-2026-ЗФ #1-2]\nВаш ход 5...f6-g5\nМой ход 6.c3-d4\n12.03/14.03/15.03\n12/15",
		"letter", "parse", "--json", "--postmark", "2026-03-16", "-")
	require.Equal(t, 0, code, errs)
	var got struct {
		Game struct {
			Cipher       string
			White, Black int
		}
		Repeated []struct{ Move string }
		Moves    []struct {
			Number int
			Move   string
		}
		Dates    map[string]string
		Time     struct{ White, Black int }
		Problems []struct{ Kind, Clause string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, "ЧР-2026-ЗФ", got.Game.Cipher)
	assert.Equal(t, [2]int{1, 2}, [2]int{got.Game.White, got.Game.Black})
	assert.Equal(t, "f6-g5", got.Repeated[0].Move)
	assert.Equal(t, 6, got.Moves[0].Number)
	assert.Equal(t, "2026-03-14", got.Dates["received"])
	assert.Equal(t, 15, got.Time.Black)
	require.Len(t, got.Problems, 3)
	assert.Equal(t, "year-guessed", got.Problems[0].Kind)
}
