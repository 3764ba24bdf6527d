package swiss

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSwiss_ResultsFile(t *testing.T) {
	h, err := ParseResults([]byte(`
[[games]]
round = 1
white = 3
black = 7
result = "1-0"

[[games]]
round = 1
white = 1
black = 2
result = "1/2-1/2"

[[games]]
round = 1
white = 4
black = 5
result = "--"

[[byes]]
round = 1
player = 9

[[withdrawals]]
player = 4
`))
	require.NoError(t, err)
	assert.Equal(t, History{
		Games:     []Game{{1, 3, 7, WhiteWins}, {1, 1, 2, Drawn}, {1, 4, 5, BothLose}},
		Byes:      []Bye{{1, 9}},
		Withdrawn: []int{4},
	}, h)
}

func TestSwiss_ResultsFileErrorsSayWhatToWrite(t *testing.T) {
	for _, tc := range []struct {
		name, file, message string
	}{
		{"syntax", "[[games]]\nround = = 1", "results file, line 2"},
		{"unknown key", "[[games]]\nround = 1\nwhite = 1\nblack = 2\nresult = \"1-0\"\nboard = 3", `unknown key "games.board"`},
		{"bad result", "[[games]]\nround = 1\nwhite = 1\nblack = 2\nresult = \"2-1\"", `games[1] (round 1, 1-2): "2-1" is not a result`},
		{"no result", "[[games]]\nround = 1\nwhite = 1\nblack = 2", "the result is required"},
		{"no round", "[[games]]\nwhite = 1\nblack = 2\nresult = \"0-1\"", "round, white and black are required"},
		{"bye without player", "[[byes]]\nround = 2", "byes[1]: round and player are required"},
		{"wrong type", "[[games]]\nround = \"one\"", "results file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseResults([]byte(tc.file))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.message)
		})
	}
}

func FuzzParseResults(f *testing.F) {
	f.Add([]byte("[[games]]\nround = 1\nwhite = 3\nblack = 7\nresult = \"1-0\"\n[[byes]]\nround = 1\nplayer = 9\n"))
	f.Add([]byte("[[withdrawals]]\nplayer = 4\n"))
	f.Add([]byte("[[games]]\nround = -1\nresult = \"½-½\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ParseResults(data)
		if err != nil {
			return
		}
		// Whatever reads must go through the draw without a panic.
		_, _ = Draw(field(10), h, numbered(Individual))
	})
}
