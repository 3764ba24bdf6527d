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

func pairRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append([]string{"pair"}, args...))
	return code, out.String(), errb.String()
}

func tournamentFile(name string) string {
	return filepath.Join("..", "..", "testdata", "tournaments", name)
}

// The JSON of issue 14: round, pairs of start numbers, bye or null.
func TestPairCommand_1_15_JSON(t *testing.T) {
	code, out, errs := pairRun("--tournament", tournamentFile("swiss.toml"), "--json")
	require.Equal(t, 0, code, errs)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.ElementsMatch(t, []string{"round", "pairs", "bye"}, keys(got))
	assert.Equal(t, 1.0, got["round"])
	// 6 (2520) and 2 (2450) head the classification; 4 and 7 have no rating and
	// come last by lot: the last classified, 4, has the plus (1.15.5.1, 1.15.2).
	assert.Equal(t, 4.0, got["bye"])
	pairs := got["pairs"].([]any)
	require.Len(t, pairs, 4)
	assert.Equal(t, map[string]any{"white": 5.0, "black": 6.0}, pairs[0], "No. 1 (6) meets No. 5 (5), the first of the lower half; the lot gave him Black")

	// Round 3 after a win without play, a double forfeit and a withdrawal.
	code, out, errs = pairRun("--tournament", tournamentFile("swiss.toml"), "--results", tournamentFile("swiss-results.toml"), "--json")
	require.Equal(t, 0, code, errs)
	var r3 struct {
		Round int `json:"round"`
		Pairs []struct {
			White int `json:"white"`
			Black int `json:"black"`
		} `json:"pairs"`
		Bye *int `json:"bye"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r3))
	assert.Equal(t, 3, r3.Round)
	assert.Nil(t, r3.Bye, "eight still playing (5 withdrew): no bye, null in the JSON")
	assert.Contains(t, out, `"bye": null`)
	assert.Len(t, r3.Pairs, 4)
	for _, p := range r3.Pairs {
		assert.NotContains(t, []int{p.White, p.Black}, 5, "the withdrawn player is left out (1.15.2)")
	}
	// 2 alone on 2 points goes down and meets 6, the first of 6, 9, 7 (1.15.5.4).
	assert.Equal(t, 2, r3.Pairs[0].White)
	assert.Equal(t, 6, r3.Pairs[0].Black)
}

func TestPairCommand_Text(t *testing.T) {
	code, out, errs := pairRun("--tournament", tournamentFile("swiss.toml"), "--results", tournamentFile("swiss-results.toml"))
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "КР-2027-ШВ — тур 3 из 5 (система individual, п. 1.15.5)")
	assert.Contains(t, out, " 1. 2 Борисов Борис — 6 Егоров Евгений")
	code, out, _ = pairRun("--tournament", tournamentFile("swiss.toml"), "--lang", "en")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Bye (a win without play, 1.15.2): 4 Григорьев Глеб")
}

func TestPairCommand_ErrorsSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	allPlayed, err := os.ReadFile(tournamentFile("swiss.toml"))
	require.NoError(t, err)
	twoRounds := write("two.toml", strings.Replace(string(allPlayed), "rounds = 5", "rounds = 2", 1))
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"help", []string{"--help"}, 0, "Usage: zaochnik pair"},
		{"no tournament", nil, 2, "give the tournament file"},
		{"extra argument", []string{"--tournament", "x", "y"}, 2, `unexpected "y"`},
		{"bad lang", []string{"--tournament", "x", "--lang", "de"}, 2, "--lang"},
		{"missing file", []string{"--tournament", filepath.Join(dir, "none.toml")}, 1, "cannot read the tournament file"},
		{"round robin", []string{"--tournament", tournamentFile("example.toml")}, 1, "is a round robin; pair draws the rounds of a Swiss tournament"},
		{"bad results", []string{"--tournament", tournamentFile("swiss.toml"), "--results", write("bad.toml", "[[games]]\nround = 1\nwhite = 1\nblack = 2\nresult = \"2-0\"\n")}, 1, `is not a valid results file; fix these and run again:` + "\n" + `results file, games[1] (round 1, 1-2): "2-0" is not a result`},
		{"unknown player", []string{"--tournament", tournamentFile("swiss.toml"), "--results", write("unknown.toml", "[[byes]]\nround = 1\nplayer = 12\n")}, 1, "there is no player with start number 12"},
		{"all rounds drawn", []string{"--tournament", twoRounds, "--results", tournamentFile("swiss-results.toml")}, 1, "all 2 rounds are drawn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := pairRun(tc.args...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.want)
		})
	}
}
