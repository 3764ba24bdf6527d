package letter

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

var update = flag.Bool("update", false, "rewrite the golden readings in testdata/letters")

// lettersDir holds the sample letters, NAME.txt, each with its expected
// reading NAME.json (reviewed by hand; regenerate with -update).
const lettersDir = "../../testdata/letters"

// goldenOptions is what the server knows of every sample letter: it
// arrived on 16 March 2026.
func goldenOptions() Options {
	return Options{Postmark: timecontrol.MustDate("2026-03-16")}
}

func TestParse_Golden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(lettersDir, "*.txt"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 40, "the sample letters are missing")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(f)
			require.NoError(t, err)
			got, err := json.MarshalIndent(Parse(string(text), goldenOptions()), "", "  ")
			require.NoError(t, err)
			golden := strings.TrimSuffix(f, ".txt") + ".json"
			if *update {
				require.NoError(t, os.WriteFile(golden, append(got, '\n'), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "no golden reading; run go test -update and review it")
			require.JSONEq(t, string(want), string(got))
		})
	}
}
