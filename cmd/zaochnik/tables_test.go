package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tables build writes a gzip file that analyse --tables reads; the issue's
// positions come out proven, with the distance and the draw rules.
func TestTablesCommand_BuildThenAnalyse(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := analyseRun("tables", "build", "--variant", "russian", "--pieces", "4", "--out", dir, "--json")
	require.Equal(t, 0, code, stderr)
	var built struct {
		File      string `json:"file"`
		Positions int    `json:"positions"`
		Bytes     int64  `json:"bytes"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &built))
	assert.Equal(t, filepath.Join(dir, "russian-4.tables.gz"), built.File)
	fi, err := os.Stat(built.File)
	require.NoError(t, err)
	assert.Equal(t, built.Bytes, fi.Size())
	assert.Less(t, built.Bytes, int64(built.Positions))

	for _, c := range []struct{ fen, result string }{
		{"W:WKc1,Ke1,Kh2:BKd4", "draw"},
		{"W:WKf8,Kd2,Kb4:BKa7", "white wins"},
	} {
		code, out, stderr := analyseRun("analyse", "--variant", "russian", "--fen", c.fen, "--tables", built.File, "--time", "10s", "--json")
		require.Equal(t, 0, code, stderr)
		var got analyseOutput
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		assert.Equal(t, c.result, got.Result, c.fen)
		assert.True(t, got.Tables, c.fen)
		if c.result == "white wins" {
			assert.Equal(t, 25, got.PliesToEnd)
			assert.Equal(t, 30000-25, got.Evaluation)
		}
	}

	code, _, stderr = analyseRun("analyse", "--variant", "international", "--fen", "W:WK1,K2,K3:BK28", "--tables", built.File, "--depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "russian tables")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.gz"), []byte("not gzip"), 0o644))
	code, _, stderr = analyseRun("analyse", "--variant", "russian", "--fen", "W:WKc1:BKd4", "--tables", filepath.Join(dir, "bad.gz"), "--depth", "1")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "not a file of zaochnik tables build")
	code, _, _ = analyseRun("tables", "build", "--variant", "giveaway", "--pieces", "3", "--out", dir)
	assert.Equal(t, 2, code)
}
