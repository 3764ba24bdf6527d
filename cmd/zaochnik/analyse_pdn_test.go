package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Q33: a game whose record does not read is refused naming the slip, never
// analysed from another position.
func TestAnalyseCommand_PDNGameThatDoesNotReplay(t *testing.T) {
	cases := []struct {
		name, game, want string
	}{
		{"moves written as dashes", "[Event \"x\"]\n[GameType \"25\"]\n1. - - 2. - - *\n", `move 1. is written as "-"`},
		{"impossible move", "[Event \"x\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-e6 *\n", "d4-e6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.pdn")
			require.NoError(t, os.WriteFile(path, []byte(c.game), 0o644))
			code, out, stderr := analyseRun("analyse", "--pdn", path, "--depth", "2")
			assert.Equal(t, 1, code, out)
			assert.Contains(t, stderr, "game 1 of "+path)
			assert.Contains(t, stderr, c.want)
			assert.Empty(t, out, "no analysis of another position")
		})
	}
}

// Q33 (also): an empty board is a slip in the FEN, refused as bad usage.
func TestAnalyseCommand_EmptyBoardRefused(t *testing.T) {
	for _, fen := range []string{"B:W:B", "W:W:B"} {
		code, out, stderr := analyseRun("analyse", "--fen", fen, "--depth", "2")
		assert.Equal(t, 2, code, out)
		assert.Contains(t, stderr, "has no pieces at all", fen)
	}
	code, _, stderr := analyseRun("analyse", "--fen", "W:W21:B", "--depth", "2")
	assert.Equal(t, 0, code, "one side without pieces is a finished game, still analysed: %s", stderr)
}
