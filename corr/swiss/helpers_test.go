package swiss

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// field returns entrants 1..n without ratings.
func field(n int) []Entrant {
	es := make([]Entrant, n)
	for i := range es {
		es[i] = Entrant{Number: i + 1}
	}
	return es
}

// hist reads a history written one event a line: "1 3-7 1-0" (round,
// White-Black, result), "1 bye 9", "withdrawn 4".
func hist(t *testing.T, lines ...string) History {
	t.Helper()
	var h History
	for _, l := range lines {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "withdrawn":
			var n int
			_, err := fmt.Sscan(f[1], &n)
			require.NoError(t, err, l)
			h.Withdrawn = append(h.Withdrawn, n)
		case len(f) == 3 && f[1] == "bye":
			var b Bye
			_, err := fmt.Sscanf(l, "%d bye %d", &b.Round, &b.Player)
			require.NoError(t, err, l)
			h.Byes = append(h.Byes, b)
		case len(f) == 3:
			var g Game
			_, err := fmt.Sscanf(f[0]+" "+f[1], "%d %d-%d", &g.Round, &g.White, &g.Black)
			require.NoError(t, err, l)
			g.Result, err = ParseResult(f[2])
			require.NoError(t, err, l)
			h.Games = append(h.Games, g)
		default:
			t.Fatalf("bad history line %q", l)
		}
	}
	return h
}

// meetings returns the pairs of a round without colours, smaller number first.
func meetings(r Round) [][2]int {
	out := make([][2]int, len(r.Pairs))
	for i, p := range r.Pairs {
		out[i] = [2]int{min(p.White, p.Black), max(p.White, p.Black)}
	}
	return out
}

// numbered is the config of most tests: classification by start numbers, first colour White.
func numbered(s System) Config {
	return Config{System: s, Classification: ByNumbers, FirstColour: FirstWhite, Seed: 1}
}
