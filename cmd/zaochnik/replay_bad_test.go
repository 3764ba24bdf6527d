package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Q21: one file that is no readable letter is stored and refused with the
// reason; the rest of the folder is replayed.
func TestReplay_UnreadableFileIsRefusedAndTheRestReplayed(t *testing.T) {
	cases := []struct {
		name, raw, reason string
	}{
		{"bad MIME header", "asdkjh qwe 12345\r\n\r\nbody\r\n", "the postmark is unknown"}, // the line is skipped (issue 12.6); nothing dates the letter
		{"no postmark", "From: <ivanov@example.org>\r\nSubject: hi\r\n\r\nbody\r\n", "the postmark is unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			names, err := filepath.Glob(filepath.Join(replayDir("clean"), "*.eml"))
			require.NoError(t, err)
			for _, n := range names {
				raw, err := os.ReadFile(n)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(n)), raw, 0o644))
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "00-garbage.eml"), []byte(c.raw), 0o644))

			code, out, errs := runCmd(t, "replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"), "--mail", dir, "--json")
			require.Equal(t, 0, code, errs)
			var rep replayReport
			require.NoError(t, json.Unmarshal([]byte(out), &rep))
			require.Len(t, rep.Letters, len(names)+1)
			var garbage replayLetter
			accepted := 0
			for _, l := range rep.Letters {
				if l.File == "00-garbage.eml" {
					garbage = l
				} else if l.Outcome == "accepted" {
					accepted++
				}
			}
			assert.Equal(t, "refused", garbage.Outcome)
			assert.Contains(t, garbage.Reason, c.reason)
			assert.Equal(t, len(names), accepted, "the clean game replayed whole")
			assert.Equal(t, "1-0", rep.Games[0].Result)

			code, out, _ = runCmd(t, "replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"), "--mail", dir)
			require.Equal(t, 0, code)
			assert.Contains(t, out, "refused 00-garbage.eml: ")
		})
	}
}

// Q21: a missing folder and an --until before the letters are said, not
// taken for "no letters" or ignored.
func TestReplay_FolderAndUntilErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--mail", filepath.Join(t.TempDir(), "none")}, 1, "no such folder"},
		{[]string{"--mail", t.TempDir()}, 1, "no .eml files"},
		{[]string{"--mail", replayDir("clean"), "--until", "2026-01-01"}, 2, "is before the day of the last letter"},
	}
	for _, c := range cases {
		code, _, errs := runCmd(t, append([]string{"replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml")}, c.args...)...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, errs)
		assert.Contains(t, errs, c.want, "%v", c.args)
	}
}
