package swiss

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSwiss_1_15_NinePlayersFiveRounds draws a whole tournament of nine
// players over five rounds by individual coefficients (start numbers as the
// classification, No. 1 White), with a bye in every odd round, a win without
// play, a withdrawal, repeat-pairing conflicts and a broken pair. Each
// round's draw is worked out by hand in its comment.
func TestSwiss_1_15_NinePlayersFiveRounds(t *testing.T) {
	rounds := []struct {
		groups  [][]int
		want    []Pair
		bye     int
		results []string
		after   []string
	}{
		{
			// 1.15.5.2: halves 1-4 | 5-8, 9 last classified has the plus
			// (1.15.2); odd numbers of the upper half White, even Black.
			groups:  [][]int{{1, 2, 3, 4, 5, 6, 7, 8, 9}},
			want:    []Pair{{1, 5}, {6, 2}, {3, 7}, {8, 4}},
			bye:     9,
			results: []string{"1 1-5 1-0", "1 6-2 0-1", "1 3-7 +-", "1 8-4 1/2-1/2", "1 bye 9"},
		},
		{
			// Round 2, even: descending numbers (1.15.5.3). 5, last placed,
			// has the plus. 9-2 and 3-1 by halves; 8 and 4 drew each other
			// in round 1, so the groups below are drawn together (1.15.8):
			// 8 4 | 7 6 gives 8-7 and 4-6. Colours: 9 and 3 have no game
			// played (a bye, a win without play), so 2 and 1 alternate.
			groups:  [][]int{{9, 3, 2, 1}, {8, 4}, {7, 6, 5}},
			want:    []Pair{{2, 9}, {3, 1}, {7, 8}, {4, 6}},
			bye:     5,
			results: []string{"2 2-9 1-0", "2 3-1 1/2-1/2", "2 7-8 0-1", "2 4-6 1-0", "2 bye 5"},
		},
		{
			// Round 3, odd: ascending. 7 has the plus (his "-" in round 1
			// is no plus). 2 comes down and meets 1 (1.15.5.4); of 3 4 8
			// the last, 8, comes down to 5 9 and meets 5; 3-4; 9 comes
			// down to 6.
			groups:  [][]int{{2}, {1, 3, 4, 8}, {5, 9}, {6, 7}},
			want:    []Pair{{1, 2}, {4, 3}, {5, 8}, {9, 6}},
			bye:     7,
			results: []string{"3 1-2 1-0", "3 4-3 0-1", "3 5-8 1/2-1/2", "3 9-6 1-0", "3 bye 7"},
			after:   []string{"withdrawn 4"},
		},
		{
			// Round 4: 4 has left (1.15.2), eight play, no bye. 3 and 1, the
			// top group, met in round 2: the groups are drawn together from
			// the bottom up until they pair, 3 1 9 8 | 2 5 7 6: 3-2, 1-5
			// met so 1-7, 9-5, 8-6.
			groups:  [][]int{{3, 1}, {9, 8, 2}, {5}, {7}, {6}},
			want:    []Pair{{2, 3}, {7, 1}, {5, 9}, {8, 6}},
			results: []string{"4 2-3 1-0", "4 7-1 1/2-1/2", "4 5-9 0-1", "4 8-6 1-0"},
		},
		{
			// Round 5, odd: 1 2 | 8 9. 1-8, then 2 has met 9 and nobody is
			// left: the last pair, 1-8, is broken and 1 takes 9, 2 takes 8
			// (1.15.5.5). 3 comes down to 5; 7 comes down to 6. 6 has had
			// Black three times running: he has White (1.15.2).
			groups: [][]int{{1, 2, 8, 9}, {3}, {5, 7}, {6}},
			want:   []Pair{{9, 1}, {8, 2}, {3, 5}, {6, 7}},
		},
	}
	var lines []string
	for i, r := range rounds {
		h := hist(t, lines...)
		g, err := ScoreGroups(field(9), h, numbered(Individual))
		require.NoError(t, err)
		assert.Equal(t, r.groups, g, "round %d groups", i+1)
		got, err := Draw(field(9), h, numbered(Individual))
		require.NoError(t, err)
		assert.Equal(t, Round{Number: i + 1, Pairs: r.want, Bye: r.bye}, got, "round %d", i+1)
		lines = append(append(lines, r.results...), r.after...)
	}
}
