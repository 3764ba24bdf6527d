package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTournamentCommand_CreateStartShow(t *testing.T) {
	db := filepath.Join(t.TempDir(), "z.db")
	example := filepath.Join("..", "..", "testdata", "tournaments", "example.toml")
	code, out, errs := runCmd(t, "tournament", "create", example, "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "2 players, 1 games")
	code, _, errs = runCmd(t, "tournament", "create", example, "--db", db)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "exists already")

	code, out, errs = runCmd(t, "tournament", "start", "ЧР-2026-ЗФ", "--date", "2026-03-01", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "3 letters queued", "a start list to each player and the secretary (6.3.2)")
	code, _, errs = runCmd(t, "tournament", "start", "ЧР-2026-ЗФ", "--date", "2026-03-02", "--db", db)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "was started on 2026-03-01")

	code, out, errs = runCmd(t, "tournament", "show", "ЧР-2026-ЗФ", "--json", "--db", db)
	require.Equal(t, 0, code, errs)
	var show struct {
		Cipher  string       `json:"cipher"`
		Started string       `json:"started"`
		Games   []gameReport `json:"games"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &show))
	assert.Equal(t, "2026-03-01", show.Started)
	require.Len(t, show.Games, 1)
	assert.Equal(t, "playing", show.Games[0].Status)

	code, out, _ = runCmd(t, "tournament", "show", "ЧР-2026-ЗФ", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "1-2  playing")
	code, _, errs = runCmd(t, "tournament", "show", "НЕТ", "--db", db)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "tournament create FILE")
}

func TestTournamentCommand_BadFileNamesKeyAndLine(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.toml")
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "tournaments", "example.toml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bad, append(src, []byte("\nrounds = 3\n")...), 0o644))
	code, _, errs := runCmd(t, "tournament", "create", bad, "--db", filepath.Join(t.TempDir(), "z.db"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `unknown key "games.rounds"`)
	assert.Contains(t, errs, "line 34")
}

func TestCommands_HelpAndUsage(t *testing.T) {
	for _, args := range [][]string{
		{"tournament", "--help"}, {"judge", "--help"}, {"replay", "--help"}, {"ledger", "GAME", "--help"},
	} {
		code, _, errs := runCmd(t, args...)
		assert.Equal(t, 0, code, "%v", args)
		assert.Contains(t, errs, "Usage: zaochnik", "%v", args)
	}
	for _, args := range [][]string{
		{"tournament"}, {"tournament", "launch", "X"}, {"judge", "rule", "x", "confirm"}, {"judge", "rule", "1", "maybe"},
		{"replay", "--mail", "x"}, {"replay", "--tournament", "x", "--mail", "y", "--until", "soon"},
	} {
		code, _, _ := runCmd(t, args...)
		assert.Equal(t, 2, code, "%v", args)
	}
}
