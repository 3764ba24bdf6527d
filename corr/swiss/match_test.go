package swiss

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSwiss_1_11_MicroMatchIsTheSumOfItsGames(t *testing.T) {
	// Round 1 as micro-matches of two games: 1 beats 2 by 1½-½, 3 beats 4 by 2-0.
	h := hist(t, "1 1-2 1-0", "1 2-1 1/2-1/2", "1 3-4 1-0", "1 4-3 0-1", "1 bye 5")
	for _, tc := range []struct {
		name      string
		byMatches bool
		want      [][]int
	}{
		// By games: 3 has 2, 1 has 1½, the bye (5) the two games of a match 2, 2 has ½, 4 has 0.
		{"games", false, [][]int{{5, 3}, {1}, {2}, {4}}},
		// By matches: 1, 3 and 5 won a match each; 2 and 4 lost theirs.
		{"matches", true, [][]int{{5, 3, 1}, {4, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := numbered(Individual)
			cfg.GamesPerPair, cfg.ByMatches = 2, tc.byMatches
			g, err := ScoreGroups(field(5), h, cfg)
			require.NoError(t, err)
			assert.Equal(t, tc.want, g)
			r, err := Draw(field(5), h, cfg)
			require.NoError(t, err)
			assert.NotContains(t, meetings(r), [2]int{1, 2}, "the micro-match was one meeting")
			assert.NotContains(t, meetings(r), [2]int{3, 4})
		})
	}
}

func TestSwiss_1_11_SecondGameOfAMatchHasTheOtherColours(t *testing.T) {
	cfg := numbered(Individual)
	cfg.GamesPerPair = 2
	_, err := Draw(field(4), hist(t, "1 1-2 1-0", "1 1-2 0-1", "1 3-4 1-0", "1 4-3 1-0"), cfg)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "player 1 already has game 1")
	// One game a pair: a second game in the round is refused.
	_, err = Draw(field(4), hist(t, "1 1-2 1-0", "1 2-1 0-1"), numbered(Individual))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already has game 1 (round 1, 1-2)")
}
