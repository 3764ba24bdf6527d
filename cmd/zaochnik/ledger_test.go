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

// timelineFile is an example timeline a secretary can copy.
func timelineFile(name string) string {
	return filepath.Join("..", "..", "testdata", "timelines", name)
}

func ledgerRun(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, append([]string{"ledger"}, args...))
	return code, out.String(), errb.String()
}

func TestLedgerCommand_Text(t *testing.T) {
	code, out, errs := ledgerRun("", "--timeline", timelineFile("plain.toml"))
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "График времени на обдумывание (п. 6.3.6)")
	assert.Regexp(t, `(?m)^01\.03\.26 +03\.03\.26 +2 +2 +c3-b4 +1 +f6-g5 +12\.03\.26 +15\.03\.26 +3 +3$`, out)

	code, out, _ = ledgerRun("", "--timeline", timelineFile("pending.toml"), "--today", "2026-05-15", "--lang", "en")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "On move on 15.05.2026: Black, move received 20.04.2026; total on that date 36 days; the limit for move 3 is 50 days.")
	assert.Contains(t, out, "A reply posted on or after 30.05.2026 oversteps (in 15 days) (6.3.5).")
}

// The JSON keys are the ones issue 3 gives; a program reads them.
func TestLedgerCommand_JSON_6_3_5_Overstep(t *testing.T) {
	code, out, errs := ledgerRun("", "--timeline", timelineFile("overstep.toml"), "--json")
	require.Equal(t, 0, code, errs)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, map[string]any{"player": "white", "move": 10.0, "total": 55.0, "limit": 50.0, "date": "2026-06-08"}, got["overstep"])
	assert.Nil(t, got["pending"], "no --today, no running clock")
	assert.Equal(t, map[string]any{"days": 60.0, "penalty_days": 0.0, "total": 60.0, "moves": 11.0}, got["white"])
	lines := got["lines"].([]any)
	assert.Len(t, lines, 21)
	tenth := lines[18].(map[string]any)
	assert.ElementsMatch(t, []string{"player", "received", "sent", "days", "total", "counted_moves", "break_days", "notes"}, keys(tenth))
	assert.Equal(t, []any{"просрочка: 55 дн. на 10 ходов и менее при норме 50 дн. (п. 6.3.5)"}, tenth["notes"])
}

func TestLedgerCommand_JSON_6_3_5_PendingSilentOverstep(t *testing.T) {
	code, out, errs := ledgerRun("", "--timeline", timelineFile("pending.toml"), "--today", "2026-05-15", "--json", "--lang", "en")
	require.Equal(t, 0, code, errs)
	var got struct {
		Lines []struct {
			Player    string   `json:"player"`
			Sent      string   `json:"sent"`
			BreakDays int      `json:"break_days"`
			Notes     []string `json:"notes"`
		} `json:"lines"`
		Pending map[string]any `json:"pending"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, map[string]any{"player": "black", "since": "2026-04-20", "running_total": 36.0, "overstep_date": "2026-05-30"}, got.Pending)
	last := got.Lines[len(got.Lines)-1]
	assert.Equal(t, "black", last.Player)
	assert.Equal(t, "", last.Sent, "still thinking")
	assert.Equal(t, []string{"first move sent by the start of play: no days (6.3.2)"}, got.Lines[0].Notes)
}

func TestLedgerCommand_JSON_6_4_3_BreakAndPenalty(t *testing.T) {
	code, out, errs := ledgerRun("", "--timeline", timelineFile("break-and-penalty.toml"), "--json")
	require.Equal(t, 0, code, errs)
	var got struct {
		Lines []struct {
			Player    string `json:"player"`
			Received  string `json:"received"`
			Days      int    `json:"days"`
			BreakDays int    `json:"break_days"`
		} `json:"lines"`
		Black  map[string]int   `json:"black"`
		Breaks []map[string]any `json:"breaks"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 16, got.Lines[4].BreakDays, "White's reply of 08.10-27.10 over Black's break")
	assert.Equal(t, 3, got.Lines[4].Days)
	penalty := got.Lines[len(got.Lines)-1]
	assert.Equal(t, "", penalty.Received)
	assert.Equal(t, 6, penalty.Days)
	assert.Equal(t, 6, got.Black["penalty_days"])
	assert.Equal(t, []map[string]any{{"player": "black", "from": "2026-10-10", "to": "2026-10-25", "days": 16.0, "valid": true,
		"counted_from": "2026-10-10", "counted_to": "2026-10-25", "notes": []any{}}}, got.Breaks)
}

func TestLedgerCommand_Errors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("start = 2026-03-01\n[[reply]]\nplayer = \"white\"\nsent = 2026-03-02\n[[reply]]\nplayer = \"black\"\nreceived = 2026-03-01\nsent = 2026-03-04\n"), 0o644))
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"help", []string{"--help"}, 0, "Usage: zaochnik ledger --timeline FILE.toml"},
		{"no timeline", nil, 2, "give the timeline with --timeline FILE"},
		{"bad date", []string{"--timeline", bad, "--today", "2026-13-01"}, 2, `--today: timecontrol: "2026-13-01" is not a date of the form YYYY-MM-DD`},
		{"bad language", []string{"--timeline", bad, "--lang", "de"}, 2, `--lang "de": write ru or en`},
		{"missing file", []string{"--timeline", filepath.Join(t.TempDir(), "none.toml")}, 1, "cannot read the timeline"},
		{"today before the last letter", []string{"--timeline", timelineFile("break-and-penalty.toml"), "--today", "2026-05-15"}, 2, "--today 2026-05-15 is before the timeline's last letter (2026-11-12)"},
		{"invalid timeline", []string{"--timeline", bad}, 1, "line 7: reply #2: received: 2026-03-01 is before reply #1 was posted (2026-03-02); a letter cannot arrive before it is sent (rule 6.3.1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := ledgerRun("", tt.args...)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, errs, tt.want)
			assert.Empty(t, out)
		})
	}
}

func TestLedgerCommand_Stdin(t *testing.T) {
	code, out, errs := ledgerRun("start = 2026-03-01\n[[reply]]\nplayer = \"white\"\nsent = 2026-03-04\n", "--timeline", "-", "--json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"total": 3`)
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// A stored game's running clock is not read before its last letter.
func TestLedgerGame_TodayBeforeTheLastLetter(t *testing.T) {
	db := filepath.Join(t.TempDir(), "z.db")
	code, _, errs := runCmd(t, "replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"), "--mail", replayDir("impossible-none"), "--db", db)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "ledger", "ТЕСТ-2026 1-2", "--db", db, "--today", "2020-01-01")
	assert.Equal(t, 2, code, out)
	assert.Contains(t, errs, "--today 2020-01-01 is before the game's last letter")
	code, out, errs = runCmd(t, "ledger", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out+errs, "zaochnik ledger GAME [--db FILE]")
}
