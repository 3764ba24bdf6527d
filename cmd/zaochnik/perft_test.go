package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func perftRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := perftRun("perft", "--variant", "russian", "--depth", "4")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6) // title, header, depths 1-4
	for i, want := range []string{"7", "49", "302", "1469"} {
		assert.Equal(t, want, strings.Fields(lines[2+i])[1])
	}

	code, out, _ = perftRun("perft", "--variant", "international", "--fen", "W:B16,17,18,19,20:W31,32,33,34,35", "--depth", "9", "--paths", "--json")
	require.Equal(t, 0, code)
	var got struct {
		Variant string
		FEN     string
		Depth   int
		Nodes   uint64
		Seconds float64
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "international", got.Variant)
	assert.Equal(t, 9, got.Depth)
	assert.Equal(t, uint64(1008317), got.Nodes)
	assert.Equal(t, "W:W31,32,33,34,35:B16,17,18,19,20", got.FEN)
}

func TestPerftCommandOnATerminal(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb, terminal: true}, []string{"perft", "--variant", "russian", "--depth", "8", "--paths"})
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Equal(t, "929905", strings.Fields(lines[len(lines)-1])[1], "the count by root moves agrees")
	assert.Contains(t, errb.String(), "depth 8", "the bar went to stderr")
}

func TestPerftCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "--variant", "chess", "--depth", "3"},
		{"perft", "--variant", "russian"},
		{"perft", "--depth", "2", "--fen", "W:W99"},
		{"perft", "--depth", "2", "extra"},
	} {
		code, _, stderr := perftRun(args...)
		assert.Equal(t, 2, code, args)
		assert.NotEmpty(t, stderr, args)
	}
	code, _, _ := perftRun("perft", "--help")
	assert.Equal(t, 0, code)
}

func TestPerft_BenchPositions(t *testing.T) {
	saved := perftBenches
	defer func() { perftBenches = saved }()
	want := map[string]uint64{"international initial": 81, "Woldouby": 12, "random178 (kings middlegame)": 55, "Russian initial": 49}
	perftBenches = nil
	for _, b := range saved {
		if _, ok := want[b.Name]; ok {
			b.Depth = 2
			perftBenches = append(perftBenches, b)
		}
	}
	var out, errb bytes.Buffer
	require.Equal(t, 0, run(&env{stdout: &out, stderr: &errb}, []string{"perft", "--bench", "--json"}), errb.String())
	var got []struct {
		Name  string
		Nodes uint64
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got), out.String())
	require.Len(t, got, len(want))
	for _, g := range got {
		assert.Equal(t, want[g.Name], g.Nodes, g.Name)
	}
}
