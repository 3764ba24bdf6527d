package draughts

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseWhole reads data with one parser over the whole input, as the reader
// did before it read game by game: the oracle of the scanner.
func parseWhole(data []byte) ([]PDNGame, error) {
	start := cursor{line: 1, col: 1}
	p := &pdnParser{src: bytes.TrimPrefix(data, []byte("\uFEFF")), start: start, cur: start}
	p.run()
	errs := make([]error, len(p.errs))
	for i, e := range p.errs {
		errs[i] = e
	}
	return p.games, errors.Join(errs...)
}

func TestPDNScanner_GameByGameAsWhole(t *testing.T) {
	tests := map[string]string{
		"tags and results":     "[Event \"a\"]\n1.32-28 19-23 1-0\n[Event \"b\"]\n1.33-29 *\n",
		"no results":           "[Event \"a\"]\n1.32-28\n[Event \"b\"]\n1.33-29\n",
		"results without tags": "1.32-28 1-0 1.33-29 0-1\n2.c3-d4 *",
		"glued result":         "1.32- 1-0 19-23 *",
		"tag split mid-line":   "1.32-28 *  [Event \"é\"] 1.33-29 )",
		"brackets in comments": "[Event \"a\"]\n1.32-28 {[not a tag]} (19-23 [x]) ; [no]\n% [escape]\n[Event \"b\"]\n1.33-29 *",
		"stray before a game":  ") ] } \"q\" $7\n[Event \"a\"]\n1.32-28 *",
		"unclosed comment":     "[Event \"a\"]\n1.32-28 {[Event \"b\"]\n1.33-29 *",
		"NAG then tag":         "[Event \"a\"] $12\n[Event \"b\"]\n1.33-29 *",
		"bom and crlf":         "\uFEFF[Event \"a\"]\r\n1.32-28 *\r\n[Event \"b\"]\r\n1.33-29 *\r\n",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			want, werr := parseWhole([]byte(in))
			got, gerr := ParsePDN([]byte(in))
			assert.Equal(t, want, got)
			assert.Equal(t, fmt.Sprint(werr), fmt.Sprint(gerr))
		})
	}
}

func TestPDNScanner_ErrorsByGame(t *testing.T) {
	s := NewPDNScanner(strings.NewReader(")\n[Event \"a\"]\n1.32-28 ) *\n[Event \"b\"]\n1.33-29 *"))
	var lines [][]int
	for s.Scan() {
		var l []int
		for _, e := range s.Errors() {
			var pe *PDNError
			require.True(t, errors.As(e, &pe))
			l = append(l, pe.Line, pe.Col)
		}
		lines = append(lines, l)
	}
	assert.Equal(t, [][]int{{3, 9}, nil}, lines)
	assert.ErrorContains(t, s.Err(), "PDN line 1, column 1 (before the first game): unexpected ')'", "an error before every game")
}

// A line of a few MB of ')' is read in time linear in its length (see
// BenchmarkParsePDN_ParenFlood), each error located right, the errors past
// maxPDNErrors counted in one.
func TestParsePDN_ParenFloodLocatedAndCounted(t *testing.T) {
	const n = 3 << 20
	in := "[GameType \"20\"]\n1.32-28 " + strings.Repeat(")", n) + " 19-23 *\n[GameType \"20\"]\n1.33-29 *"
	games, err := ParsePDN([]byte(in))
	require.Len(t, games, 2)
	assert.Equal(t, []string{"32-28", "19-23"}, moveStrings(games[0]))
	assert.Equal(t, "*", games[0].Result)
	assert.Equal(t, 2, games[0].Moves[1].Line)
	assert.Equal(t, 9+n+1, games[0].Moves[1].Col)
	assert.Equal(t, 3, games[1].Line)
	errs := unjoin(err)
	require.Len(t, errs, maxPDNErrors+1)
	for i, e := range errs {
		var pe *PDNError
		require.True(t, errors.As(e, &pe))
		assert.Equal(t, 1, pe.Game)
		assert.Equal(t, 2, pe.Line)
		assert.Equal(t, 9+i, pe.Col)
	}
	assert.Contains(t, errs[maxPDNErrors].Error(), fmt.Sprintf("this error and %d more after it", n-maxPDNErrors-1))
}

func TestParsePDN_GameOverLimitSkipped(t *testing.T) {
	in := "[Event \"big\"]\n{" + strings.Repeat("x", MaxPDNGameBytes) + "}\n1.32-28 *\n[Event \"next\"]\n1.33-29 *"
	games, err := ParsePDN([]byte(in))
	require.Len(t, games, 2)
	assert.Empty(t, games[0].Moves)
	assert.Equal(t, 1, games[0].Line)
	assert.ErrorContains(t, err, "longer than 8 MiB")
	assert.Equal(t, []string{"33-29"}, moveStrings(games[1]))
	assert.Equal(t, 4, games[1].Line)
}

func TestParsePDN_PliesBounded(t *testing.T) {
	games, err := ParsePDN([]byte(strings.Repeat("32-28 ", maxPDNPlies+5) + "*"))
	require.Len(t, games, 1)
	assert.Len(t, games[0].Moves, maxPDNPlies)
	assert.ErrorContains(t, err, "more than 10000 half-moves")
}

// FuzzPDNScanner checks that reading game by game gives what one parser
// over the whole input gives.
func FuzzPDNScanner(f *testing.F) {
	for _, s := range []string{"[a \"b\"]\n1.32-28 1-0 [c]", "1.32- 1-0 x", "{[}[a]", "(;[\n[a]1-0)[b]", "%[\n[a]", "1-0$1[", "\"[\"1-0\"x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, werr := parseWhole(data)
		got, gerr := ParsePDN(data)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("errors differ:\nwhole: %v\ngame by game: %v", werr, gerr)
		}
		if fmt.Sprintf("%#v", want) != fmt.Sprintf("%#v", got) {
			t.Fatalf("games differ:\nwhole: %#v\ngame by game: %#v", want, got)
		}
	})
}

func BenchmarkParsePDN_ParenFlood(b *testing.B) {
	for _, mb := range []int{1, 4} {
		in := []byte("1.32-28 " + strings.Repeat(")", mb<<20) + " *")
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				ParsePDN(in)
			}
		})
	}
}
