package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type tablesBuilt struct {
	Folder    string `json:"folder"`
	Positions int    `json:"positions"`
	Bytes     int64  `json:"bytes"`
	Built     int    `json:"built"`
	Kept      int    `json:"kept"`
}

func buildTables(t *testing.T, args ...string) tablesBuilt {
	t.Helper()
	code, out, stderr := analyseRun(append([]string{"tables", "build", "--json"}, args...)...)
	require.Equal(t, 0, code, stderr)
	var b tablesBuilt
	require.NoError(t, json.Unmarshal([]byte(out), &b))
	return b
}

// tables build writes one file a material that analyse --tables reads;
// the positions, and positions with men, come out proven, with
// the distance and the draw rules. A second run keeps what is on disk:
// a stopped build resumes where it stopped.
func TestTablesCommand_BuildResumeThenAnalyse(t *testing.T) {
	dir := t.TempDir()
	built := buildTables(t, "--variant", "russian", "--pieces", "4", "--out", dir)
	assert.Equal(t, filepath.Join(dir, "russian"), built.Folder)
	assert.Equal(t, 0, built.Kept)
	assert.Less(t, built.Bytes, int64(built.Positions))
	files, err := filepath.Glob(filepath.Join(built.Folder, "*.zkt.gz"))
	require.NoError(t, err)
	assert.Len(t, files, built.Built)

	require.NoError(t, os.Remove(filepath.Join(built.Folder, "wm1wk0bm1bk1.zkt.gz")))
	again := buildTables(t, "--variant", "russian", "--pieces", "4", "--out", dir)
	assert.Equal(t, 1, again.Built)
	assert.Equal(t, built.Built-1, again.Kept)
	assert.Equal(t, built.Bytes, again.Bytes)

	for _, c := range []struct {
		fen, result string
		plies       int
	}{
		{"W:WKc1,Ke1,Kh2:BKd4", "draw", 0},
		{"W:WKf8,Kd2,Kb4:BKa7", "white wins", 25},
		{"B:Wa1,c5:Bd6", "white wins", 6},
	} {
		code, out, stderr := analyseRun("analyse", "--variant", "russian", "--fen", c.fen, "--tables", dir, "--time", "10s", "--json")
		require.Equal(t, 0, code, stderr)
		var got analyseOutput
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		assert.Equal(t, c.result, got.Result, c.fen)
		assert.True(t, got.Tables, c.fen)
		assert.Equal(t, c.plies, got.PliesToEnd, c.fen)
		if c.plies > 0 {
			assert.Equal(t, 30000-c.plies, got.Evaluation, c.fen)
		}
	}

	code, _, stderr := analyseRun("analyse", "--variant", "international", "--fen", "W:WK1,K2,K3:BK28", "--tables", dir, "--depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "no international tables")
	// A damaged file is not trusted: the position is searched instead.
	require.NoError(t, os.WriteFile(filepath.Join(built.Folder, "wm0wk1bm0bk1.zkt.gz"), []byte("not gzip"), 0o644))
	code, out, stderr := analyseRun("analyse", "--variant", "russian", "--fen", "W:WKc1:BKd4", "--tables", dir, "--depth", "2", "--json")
	require.Equal(t, 0, code, stderr)
	var got analyseOutput
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.False(t, got.Tables)
	assert.Contains(t, stderr, "wm0wk1bm0bk1", "the judge is told which table could not be read")
	code, _, _ = analyseRun("tables", "build", "--variant", "giveaway", "--pieces", "3", "--out", dir)
	assert.Equal(t, 2, code)
}
