package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Q10: a command that works on a store refuses a --db that does not exist
// rather than creating an empty database at a mistyped path.
func TestCommands_MissingDatabaseIsRefusedNotCreated(t *testing.T) {
	cases := [][]string{
		{"judge", "claims"},
		{"judge", "rule", "1", "confirm"},
		{"judge", "deadlines"},
		{"tournament", "show", "ДЕМО-2026"},
		{"tournament", "start", "ДЕМО-2026"},
		{"standings", "ДЕМО-2026"},
		{"ledger", "ДЕМО-2026 1-2"},
	}
	for _, args := range cases {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "typo.db")
			var out, errb bytes.Buffer
			code := run(&env{stdout: &out, stderr: &errb}, append(append([]string{}, args...), "--db", path))
			assert.Equal(t, 1, code, errb.String())
			assert.Contains(t, errb.String(), "no database at "+path+"; create it with zaochnik tournament create")
			_, err := os.Stat(path)
			assert.ErrorIs(t, err, os.ErrNotExist, "nothing created")
		})
	}
}
