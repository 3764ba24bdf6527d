package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func pdnRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// writePDN writes a PDN file into a temporary folder.
func writePDN(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

const pdnGood = `[Event "Test"]
[White "Иванов"]
[Black "Петров"]
[GameType "25"]
1.c3-d4 f6-g5 2.d4-c5 b6xd4 3.e3xc5 *

[GameType "20"]
1.32-28 19-23 2.28x19 14x23 1-1
`

func TestPDNCheck_OK(t *testing.T) {
	code, out, _ := pdnRun("pdn", "check", writePDN(t, "good.pdn", pdnGood))
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "good.pdn game 1 (line 1) Иванов - Петров: OK, 5 plies")
	assert.Contains(t, out, "good.pdn game 2 (line 7): OK, 4 plies")
	assert.Contains(t, out, "2 games: 2 OK, 0 failed")
}

func TestPDNCheck_FailuresJSON(t *testing.T) {
	bad := writePDN(t, "bad.pdn", "[GameType \"25\"]\n1.c3-d4 f6-e5 2.a3-b4 *\n\n[GameType \"20\"]\n1.32-28 ) 19-23 *\n")
	missing := filepath.Join(t.TempDir(), "missing.pdn")
	good := writePDN(t, "good.pdn", pdnGood)
	code, out, _ := pdnRun("pdn", "check", "--json", good, bad, missing)
	assert.Equal(t, 1, code)
	var rep struct {
		Games, OK int
		Failed    []struct {
			File  string
			Game  int
			Move  string
			Ply   int
			Line  int
			Error string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, 4, rep.Games)
	assert.Equal(t, 2, rep.OK)
	require.Len(t, rep.Failed, 3)

	illegal := rep.Failed[0]
	assert.Equal(t, bad, illegal.File)
	assert.Equal(t, 1, illegal.Game)
	assert.Equal(t, "2.", illegal.Move)
	assert.Equal(t, 3, illegal.Ply)
	assert.Equal(t, 2, illegal.Line)
	assert.Contains(t, illegal.Error, "a capture is compulsory")
	assert.Contains(t, illegal.Error, "d4:f6", "the legal moves there")

	syntax := rep.Failed[1]
	assert.Equal(t, 2, syntax.Game)
	assert.Empty(t, syntax.Move)
	assert.Equal(t, 5, syntax.Line)
	assert.Contains(t, syntax.Error, "unexpected ')'")

	assert.Equal(t, missing, rep.Failed[2].File)
	assert.Zero(t, rep.Failed[2].Game)
	assert.Contains(t, rep.Failed[2].Error, "missing.pdn")
}

// The flags may follow the files: "pdn check games.pdn --json" prints JSON
// and does not look for a file named "--json".
func TestPDNCheck_FlagsAfterFiles(t *testing.T) {
	good := writePDN(t, "good.pdn", pdnGood)
	code, out, errs := pdnRun("pdn", "check", good, "--json")
	require.Equal(t, 0, code, errs)
	var rep struct{ Games, OK int }
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, 2, rep.Games)
	assert.Equal(t, 2, rep.OK)
	code, out, errs = pdnRun("pdn", "draws", good, "--lang", "en", good)
	assert.Equal(t, 0, code, errs)
	assert.NotContains(t, out+errs, "--lang")
}

func TestPDNCheck_TextFailure(t *testing.T) {
	bad := writePDN(t, "bad.pdn", "[GameType \"20\"]\n1.32-28 19-23 2.27-22 *\n")
	code, out, _ := pdnRun("pdn", "check", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "bad.pdn game 1 (line 1): FAILED: move 2. 27-22 (line 2, column 17) is not legal: move 27-22: there is no piece on 27; legal moves there:")
	assert.Contains(t, out, "1 games: 0 OK, 1 failed")
}

func TestPDNCheck_SharedCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "pdn")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdn"))
	if len(files) == 0 {
		t.Skipf("shared PDN corpus absent (%s)", dir)
	}
	code, out, _ := pdnRun(append([]string{"pdn", "check", "--json"}, files...)...)
	var rep struct {
		Games, OK int
		Failed    []struct {
			File string
			Game int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	// Every game replays but game 36 of abatsiev.pdn, whose moves are "-".
	assert.Equal(t, 1, code)
	require.Len(t, rep.Failed, 1)
	assert.Equal(t, "abatsiev.pdn", filepath.Base(rep.Failed[0].File))
	assert.Equal(t, 36, rep.Failed[0].Game)
	assert.Equal(t, rep.Games-1, rep.OK)
}

func TestPDNDraws(t *testing.T) {
	shuttle := strings.Repeat("c1-d2 f8-e7 d2-c1 e7-f8 ", 2)
	file := writePDN(t, "draw.pdn", "[GameType \"25\"]\n[FEN \"W:WKc1,e1,g1:BKf8,b8,d8\"]\n"+shuttle+"*\n\n"+pdnGood)
	code, out, _ := pdnRun("pdn", "draws", "--json", file)
	require.Equal(t, 0, code)
	var got []struct {
		Game   int
		Claims []struct {
			Rule, Move, Text string
			Ply, Since       int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Len(t, got, 3)
	require.Len(t, got[0].Claims, 1)
	c := got[0].Claims[0]
	assert.Equal(t, "2.1.9.1.9", c.Rule)
	assert.Equal(t, "4...", c.Move)
	assert.Equal(t, 8, c.Ply)
	assert.Contains(t, c.Text, "ничья по п. 2.1.9.1.9 с хода 4...")
	assert.Empty(t, got[1].Claims)

	code, out, _ = pdnRun("pdn", "draws", "--lang", "en", file)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "draw.pdn game 1 (line 1):\n  draw by rule 2.1.9.1.9 from move 4...")
	assert.Contains(t, out, "draw.pdn game 2 (line 5) Иванов - Петров: no draw by rule")
}

func TestPDNUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"pdn"}, 2},
		{[]string{"pdn", "--help"}, 0},
		{[]string{"pdn", "check", "--help"}, 0},
		{[]string{"pdn", "draws", "--help"}, 0},
		{[]string{"pdn", "check"}, 2},
		{[]string{"pdn", "check", "--nope", "x.pdn"}, 2},
		{[]string{"pdn", "draws", "--lang", "de", "x.pdn"}, 2},
		{[]string{"pdn", "frobnicate"}, 2},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := pdnRun(tt.args...)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, stderr, "zaochnik pdn")
		})
	}
}

func TestPDNCheck_ProgressBarOnTerminalOnly(t *testing.T) {
	file := writePDN(t, "good.pdn", pdnGood)
	for _, tt := range []struct {
		terminal, json, bar bool
	}{{true, false, true}, {true, true, false}, {false, false, false}} {
		var out, errb bytes.Buffer
		args := []string{"pdn", "check", file}
		if tt.json {
			args = []string{"pdn", "check", "--json", file}
		}
		code := run(&env{stdout: &out, stderr: &errb, terminal: tt.terminal}, args)
		assert.Equal(t, 0, code)
		assert.Equal(t, tt.bar, strings.Contains(errb.String(), "pdn check"), "terminal %v, json %v: %q", tt.terminal, tt.json, errb.String())
		assert.NotContains(t, out.String(), "pdn check", "the bar stays off standard output")
	}
}

// The help gives the JSON of both subcommands, as a program reads them.
func TestPDNHelp_GivesTheJSONShapes(t *testing.T) {
	code, _, stderr := pdnRun("pdn", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, stderr, `{"games":N,"ok":N,"failed":[{"file"`)
	assert.Contains(t, stderr, `"claims":[{"rule":"2.1.9.1.9"`)
}

func TestPDNCheck_NoGameFound(t *testing.T) {
	for name, text := range map[string]string{"empty": "", "blank": "\n \r\n", "escape line only": "% nothing\n"} {
		t.Run(name, func(t *testing.T) {
			path := writePDN(t, "empty.pdn", text)
			code, out, _ := pdnRun("pdn", "check", path)
			assert.Equal(t, 1, code)
			assert.Contains(t, out, "empty.pdn: FAILED: no game found")
			assert.Contains(t, out, "0 games: 0 OK, 0 failed")

			code, out, _ = pdnRun("pdn", "check", "--json", path)
			assert.Equal(t, 1, code)
			var rep pdnReport
			require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
			assert.Equal(t, 0, rep.Games)
			require.Len(t, rep.Failed, 1)
			assert.Equal(t, path, rep.Failed[0].File)
			assert.Contains(t, rep.Failed[0].Error, "no game found")
		})
	}
}

// An old Russian collection: no GameType, the FEN in numbers, the moves in
// letters. Every game is read as Russian and replays.
func TestPDNCheck_LetterMovesNumericFEN(t *testing.T) {
	code, out, _ := pdnRun("pdn", "check", filepath.Join("..", "..", "corr", "draughts", "testdata", "pdn", "numeric_fen_letter_moves.pdn"))
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "2 games: 2 OK, 0 failed")
}

// A game of 80-square draughts (GameType 41, 6.1.4) replays on the 10x8 board.
func TestPDNCheck_6_1_4_EightySquare(t *testing.T) {
	code, out, _ := pdnRun("pdn", "check", filepath.Join("..", "..", "corr", "draughts", "testdata", "pdn", "eighty_square.pdn"))
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "OK, 25 plies")
}

// A syntax error before the first game fails the file, naming the place.
func TestPDNCheck_ErrorOutsideEveryGame(t *testing.T) {
	code, out, _ := pdnRun("pdn", "check", writePDN(t, "stray.pdn", ")\n[GameType \"25\"]\n1.c3-d4 *\n"))
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "stray.pdn game 1 (line 2): OK, 1 ply")
	assert.Contains(t, out, "FAILED: PDN line 1, column 1 (before the first game): unexpected ')'")
}
