package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// runCmdAt runs a command with its clock at now.
func runCmdAt(t *testing.T, now time.Time, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, now: func() time.Time { return now }}, args)
	return code, out.String(), errb.String()
}

// inZone runs the test with the machine's zone set to name.
func inZone(t *testing.T, name string) {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	prev := time.Local
	time.Local = loc
	t.Cleanup(func() { time.Local = prev })
}

// The commands that date what they record without --date take today in the
// tournament's zone (Moscow here), as the daemon does, not in the zone of
// the machine (New York): at 22:30 UTC it is already the next day in Moscow.
func TestCommands_TodayIsInTheTournamentsZone(t *testing.T) {
	inZone(t, "America/New_York")
	t.Run("tournament start", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "z.db")
		code, _, errs := runCmd(t, "tournament", "create", filepath.Join("..", "..", "testdata", "tournaments", "example.toml"), "--db", db)
		require.Equal(t, 0, code, errs)
		code, out, errs := runCmdAt(t, time.Date(2026, 3, 1, 22, 30, 0, 0, time.UTC), "tournament", "start", "ЧР-2026-ЗФ", "--db", db)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "started on 2026-03-02")
	})
	t.Run("judge rule", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "z.db")
		code, _, errs := runCmd(t, "replay", "--tournament", replayDir("two.toml"), "--mail", replayDir("overstep-letter"), "--db", db, "--json")
		require.Equal(t, 0, code, errs)
		code, out, errs := runCmd(t, "judge", "claims", "--json", "--db", db)
		require.Equal(t, 0, code, errs)
		var cs []storage.ClaimRow
		require.NoError(t, json.Unmarshal([]byte(out), &cs))
		require.NotEmpty(t, cs)
		code, out, errs = runCmdAt(t, time.Date(2026, 5, 1, 22, 30, 0, 0, time.UTC), "judge", "rule", fmt.Sprint(cs[0].ID), "confirm", "--db", db)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "confirmed on 2026-05-02")
	})
	t.Run("judge sanction", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "z.db")
		replayInto(t, db, "short.toml", "unfinished-differ", "2026-04-16")
		code, out, errs := runCmdAt(t, time.Date(2026, 4, 17, 21, 30, 0, 0, time.UTC), "judge", "sanction", "1", "remark", "--clauses", "6.2.6", "--reason", "комментарии к ходам", "--db", db)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "recorded on 2026-04-18")
	})
}
