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

func analyseRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestAnalyseCommand_JSON(t *testing.T) {
	// The shot d2-e3! d4:f2 e1:g3 wins all of Black's men (2.8.1).
	code, out, stderr := analyseRun("analyse", "--variant", "russian", "--fen", "W:We1,d2,h4:Bd4,g5,f6", "--depth", "7", "--time", "0", "--json")
	require.Equal(t, 0, code, stderr)
	var got analyseOutput
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "white wins", got.Result)
	assert.Equal(t, 5, got.PliesToEnd)
	assert.Equal(t, []string{"d2-e3", "d4:f2", "e1:g3"}, got.PV[:3])
	assert.Equal(t, 30000-5, got.Evaluation)
	assert.Equal(t, "white", got.SideToMove)
	assert.Positive(t, got.Nodes)
	assert.Positive(t, got.Depth)
}

func TestAnalyseCommand_TextBlackToMove(t *testing.T) {
	code, out, stderr := analyseRun("analyse", "--variant", "giveaway", "--fen", "B:Wc3:Be5", "--depth", "4", "--english")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "giveaway B:Wc3:Be5, black to move\n")
	assert.Contains(t, out, "Engine: proven black wins within 2 plies.")
	assert.Contains(t, out, "Best line: 1...e5-d4 2.c3:e5")

	code, out, stderr = analyseRun("analyse", "--variant", "giveaway", "--fen", "B:Wc3:Be5", "--depth", "4")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "обратные шашки, B:Wc3:Be5, ход чёрных\n")
	assert.Contains(t, out, "Программа: доказан выигрыш чёрных не более чем за 2 полухода.")
	assert.Contains(t, out, "Лучший вариант: 1...e5-d4 2.c3:e5")
}

func TestAnalyseCommand_PDNCountsTheGamesMoves(t *testing.T) {
	// King against king, four moves each already played: the game's fifth
	// moves complete the count of 2.1.9.1.5 within a 3-ply search; the bare
	// final position, whose count starts afresh, is not proven.
	game := `[Event "test"]
[GameType "25"]
[SetUp "1"]
[FEN "W:WKc1:BKf8"]
1. c1-a3 f8-g7 2. a3-b4 g7-h6 3. b4-a5 h6-g5 4. a5-b6 g5-h4 *

[Event "second"]
[GameType "25"]
1. c3-d4 *
`
	path := filepath.Join(t.TempDir(), "games.pdn")
	require.NoError(t, os.WriteFile(path, []byte(game), 0o644))
	code, out, stderr := analyseRun("analyse", "--pdn", path, "--depth", "3", "--time", "0", "--json")
	require.Equal(t, 0, code, stderr)
	var got analyseOutput
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "draw", got.Result)
	assert.Equal(t, 8, got.PliesPlayed)
	assert.Equal(t, "W:WKb6:BKh4", got.FEN)

	code, out, stderr = analyseRun("analyse", "--fen", got.FEN, "--depth", "3", "--time", "0", "--json")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "unproven", got.Result)

	code, out, stderr = analyseRun("analyse", "--pdn", path, "--game", "2", "--depth", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "русские шашки, ")
	assert.Contains(t, out, "ход чёрных, после 1-го полухода партии")

	code, _, stderr = analyseRun("analyse", "--pdn", path, "--game", "3", "--depth", "2")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "has 2 games")
	code, _, stderr = analyseRun("analyse", "--pdn", filepath.Join(t.TempDir(), "missing.pdn"), "--depth", "2")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "missing.pdn")
}

func TestAnalyseCommand_ProgressOnTerminalOnly(t *testing.T) {
	args := []string{"analyse", "--fen", "W:W21-32:B1-12", "--depth", "3", "--time", "1m"}
	var out, errb bytes.Buffer
	require.Equal(t, 0, run(&env{stdout: &out, stderr: &errb, terminal: true}, args))
	assert.Regexp(t, `depth [1-3] [+-][0-9]+\.[0-9][0-9]`, errb.String(), "the bar shows the depth and evaluation reached")
	assert.Contains(t, out.String(), "глубина 3 полухода")

	out.Reset()
	errb.Reset()
	require.Equal(t, 0, run(&env{stdout: &out, stderr: &errb, terminal: true}, append(args, "--json")))
	assert.Empty(t, errb.String(), "--json is quiet")
	code, _, stderr := analyseRun(args...)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr, "not a terminal: quiet")
}

func TestAnalyseCommand_Errors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"analyse", "--variant", "chess", "--fen", "W:W21-32:B1-12"}, "--variant"},
		{[]string{"analyse", "--variant", "russian"}, "give the position with --fen"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "--pdn", "x.pdn"}, "not both"},
		{[]string{"analyse", "--pdn", "x.pdn", "--variant", "russian"}, "leave out --variant"},
		{[]string{"analyse", "--fen", "W:W99"}, "--fen"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "--time", "0"}, "--time or --depth"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "extra"}, "unexpected argument"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "--depth", "2", "--threads", "0"}, "--threads 0: give 1 to"},
	} {
		code, _, stderr := analyseRun(c.args...)
		assert.Equal(t, 2, code, c.args)
		assert.Contains(t, stderr, c.want, c.args)
	}
	code, _, stderr := analyseRun("analyse", "--help")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(stderr, "Usage: zaochnik analyse"))
}
