package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

func standingsRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// replayedStore replays the clean two-player game (1-0) into a fresh store.
func replayedStore(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "z.db")
	code, _, stderr := standingsRun("replay", "--authserv-id", testAuthservID, "--tournament", filepath.Join("..", "..", "testdata", "replay", "two.toml"),
		"--mail", filepath.Join("..", "..", "testdata", "replay", "clean"), "--db", db, "--json")
	require.Equal(t, 0, code, stderr)
	return db
}

func TestStandingsCommand_JSON(t *testing.T) {
	db := replayedStore(t)
	code, out, stderr := standingsRun("standings", "ТЕСТ-2026", "--db", db, "--json", "--points", "2/1/0")
	require.Equal(t, 0, code, stderr)
	var got standingsOutput
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "ТЕСТ-2026", got.Cipher)
	require.Len(t, got.Rows, 2)
	assert.Equal(t, []float64{2, 0}, []float64{got.Rows[0].Points, got.Rows[1].Points})
	assert.Equal(t, []string{"1", "2"}, []string{got.Rows[0].Place, got.Rows[1].Place})
	assert.Equal(t, "2", got.Rows[0].Cells[1].Mark)
	assert.Equal(t, 2.0, got.Points.Win)
}

func TestStandingsCommand_Text(t *testing.T) {
	db := replayedStore(t)
	code, out, stderr := standingsRun("standings", "ТЕСТ-2026", "--db", db, "--lang", "en", "--tie-breaks", "buchholz, wins")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "ТЕСТ-2026 — ")
	assert.Contains(t, out, "№ Player")
	assert.Contains(t, out, "Buch Wins Place")
	assert.Contains(t, out, "Equal points are separated by, in order: Buch, Wins.")
}

// TestStandingsCommand_6_5_3_Rulings: a rulings file annuls player 2's
// results, so player 1 stands alone; a wrong file is refused with its line.
func TestStandingsCommand_6_5_3_Rulings(t *testing.T) {
	db := replayedStore(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "rulings.toml")
	require.NoError(t, os.WriteFile(good, []byte("[[withdrawal]]\nplayer = 2\nruling = \"withdrawn-annulled\"\n"), 0o644))
	code, out, stderr := standingsRun("standings", "ТЕСТ-2026", "--db", db, "--rulings", good)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Результаты аннулированы решением судьи (п. 6.5.3): 2 ")

	bad := filepath.Join(dir, "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("[[result]]\nwhite = 2\nblack = 1\nresult = \"1-0\"\n"), 0o644))
	code, _, stderr = standingsRun("standings", "ТЕСТ-2026", "--db", db, "--rulings", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "result of game 2-1: there is no such game (White first)")
	code, _, stderr = standingsRun("standings", "ТЕСТ-2026", "--db", db, "--rulings", filepath.Join(dir, "none.toml"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "none.toml")
}

func TestStandingsCommand_Errors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "empty.db")
	store, err := storage.Open(db) // a store without the tournament asked
	require.NoError(t, err)
	require.NoError(t, store.Close())
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"standings"}, 2, "give the tournament cipher first"},
		{[]string{"standings", "--json"}, 2, "give the tournament cipher first"},
		{[]string{"standings", "X", "--tie-breaks", "koya", "--db", db}, 2, `"koya" is not a tie-break`},
		{[]string{"standings", "X", "--points", "1/1/0", "--db", db}, 2, "a win must be worth more than a draw"},
		{[]string{"standings", "X", "--points", "1/0.5", "--db", db}, 2, "write the points for a win, a draw and a loss"},
		{[]string{"standings", "X", "--lang", "de", "--db", db}, 2, "write ru or en"},
		{[]string{"standings", "X", "extra", "--db", db}, 2, `unexpected "extra"`},
		{[]string{"standings", "НЕТ-ТАКОГО", "--db", db}, 1, "НЕТ-ТАКОГО"},
	} {
		code, _, stderr := standingsRun(c.args...)
		assert.Equal(t, c.code, code, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
	code, _, stderr := standingsRun("standings", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, stderr, "Usage: zaochnik standings CIPHER")
}

func TestParsePoints(t *testing.T) {
	for in, want := range map[string][3]float64{"1/0.5/0": {1, 0.5, 0}, "2/1/0": {2, 1, 0}, "1/½/0": {1, 0.5, 0}, "1/.5/0": {1, 0.5, 0}} {
		p, err := parsePoints(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, [3]float64{p.Win, p.Draw, p.Loss}, in)
	}
}
