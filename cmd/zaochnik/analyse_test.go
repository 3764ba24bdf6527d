package main

import (
	"bytes"
	"encoding/json"
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
	code, out, stderr := analyseRun("analyse", "--variant", "giveaway", "--fen", "B:Wc3:Be5", "--depth", "4")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "result: black wins (proven, within 2 plies)")
	assert.Contains(t, out, "line: 1...e5-d4 2.c3:e5")
	assert.Contains(t, out, "evaluation black wins in 2 plies")
	assert.Contains(t, out, "giveaway B:Wc3:Be5, black to move")
}

func TestAnalyseCommand_Errors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"analyse", "--variant", "chess", "--fen", "W:W21-32:B1-12"}, "--variant"},
		{[]string{"analyse", "--variant", "russian"}, "--fen is required"},
		{[]string{"analyse", "--fen", "W:W99"}, "--fen"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "--time", "0"}, "--time or --depth"},
		{[]string{"analyse", "--fen", "W:W21-32:B1-12", "extra"}, "unexpected argument"},
	} {
		code, _, stderr := analyseRun(c.args...)
		assert.Equal(t, 2, code, c.args)
		assert.Contains(t, stderr, c.want, c.args)
	}
	code, _, stderr := analyseRun("analyse", "--help")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(stderr, "Usage: zaochnik analyse"))
}
