package corr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/swiss"
)

func readSwiss(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	return string(b)
}

func TestParseTournament_1_15_SwissKeys(t *testing.T) {
	tr, err := ParseTournament([]byte(readSwiss(t)))
	require.NoError(t, err)
	require.NotNil(t, tr.Swiss)
	assert.Equal(t, Swiss{Config: swiss.Config{System: swiss.Individual, Classification: swiss.ByRating, FirstColour: swiss.FirstLot, Seed: 20270110, GamesPerPair: 1}, Rounds: 5, RoundDays: 90}, *tr.Swiss)
	assert.Equal(t, 2310, tr.Players[0].Rating)
	assert.Equal(t, 0, tr.Players[3].Rating, "no rating: 0")
	// The games are round 1 of the draw: four of the nine; the last
	// classified has the plus, one of the two unrated (4, 7), after the rated.
	want, err := swiss.Draw(tr.Entrants(), swiss.History{}, tr.Swiss.Config)
	require.NoError(t, err)
	assert.Contains(t, []int{4, 7}, want.Bye)
	require.Len(t, tr.Games, 4)
	for i, p := range want.Pairs {
		assert.Equal(t, Pairing{White: p.White, Black: p.Black}, tr.Games[i])
	}
}

func TestParseTournament_1_11_GamesPerPairBothColours(t *testing.T) {
	rr := strings.Replace(string(readExample(t)), "[[games]]                         # optional; without it: round robin\nwhite = 1\nblack = 2\n", "", 1)
	rr = strings.Replace(rr, `timezone = "Europe/Moscow"`, "timezone = \"Europe/Moscow\"\ngames_per_pair = 2\nscore_by = \"matches\"", 1)
	tr, err := ParseTournament([]byte(rr))
	require.NoError(t, err)
	assert.Equal(t, []Pairing{{White: 1, Black: 2}, {White: 2, Black: 1}}, tr.Games, "the round robin with both colours")
	assert.Equal(t, ByMatches, tr.ScoreBy)

	// Written by hand: the second game of a pair must have the other colours.
	both := strings.Replace(string(readExample(t)), `timezone = "Europe/Moscow"`, "timezone = \"Europe/Moscow\"\ngames_per_pair = 2", 1) + "[[games]]\nwhite = 2\nblack = 1\n"
	tr, err = ParseTournament([]byte(both))
	require.NoError(t, err)
	assert.Equal(t, []Pairing{{White: 1, Black: 2}, {White: 2, Black: 1}}, tr.Games)
	same := strings.Replace(both, "white = 2\nblack = 1\n", "white = 1\nblack = 2\n", 1)
	_, err = ParseTournament([]byte(same))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the second game of a micro-match is with the other colours")

	sw := strings.Replace(readSwiss(t), "games_per_pair = 1 ", "games_per_pair = 2 ", 1)
	tr, err = ParseTournament([]byte(sw))
	require.NoError(t, err)
	require.Len(t, tr.Games, 8, "Swiss round 1 with both colours")
	assert.Equal(t, Pairing{White: tr.Games[0].Black, Black: tr.Games[0].White}, tr.Games[1])
}

func TestParseTournament_SwissErrorsNameKeyAndLine(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{"system", `system = "individual"`, `system = "dutch"`, []string{"line 14", "swiss.system", `"dutch" is not a drawing system`}},
		{"rounds", "rounds = 5", "rounds = 9", []string{"line 15", "swiss.rounds", "fewer than the 9 players"}},
		{"round days", "round_days = 90", "round_days = 0", []string{"line 16", "swiss.round_days"}},
		{"rounds after the end", "round_days = 90", "round_days = 200", []string{"line 16", "5 rounds of 200 days end on", "after the end of play"}},
		{"classification", `classification = "rating"`, `classification = "elo"`, []string{"line 17", "swiss.classification"}},
		{"first colour", `first_colour = "lot"`, `first_colour = "red"`, []string{"line 18", "swiss.first_colour"}},
		{"seed", "seed = 20270110", "", []string{"swiss.seed", "seed = 20260301"}},
		{"rating", "rating = 2450", "rating = -5", []string{"line 35", "players[2].rating"}},
		{"games per pair", "games_per_pair = 1", "games_per_pair = 3", []string{"line 11", "games_per_pair", "not 3"}},
		{"score by", `score_by = "games"`, `score_by = "points"`, []string{"line 12", "score_by", `"points"`}},
		{"matches without micro-matches", `score_by = "games"`, `score_by = "matches"`, []string{"line 12", "games_per_pair = 2"}},
		{"games in a Swiss", "[secretary]", "[[games]]\nwhite = 1\nblack = 2\n[secretary]", []string{"leave out [[games]]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := readSwiss(t)
			require.Contains(t, src, tc.old)
			_, err := ParseTournament([]byte(strings.Replace(src, tc.old, tc.new, 1)))
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestStart_1_11_MicroMatchGamesStartTogether(t *testing.T) {
	src := strings.Replace(string(readExample(t)), `timezone = "Europe/Moscow"`, "timezone = \"Europe/Moscow\"\ngames_per_pair = 2", 1) + "[[games]]\nwhite = 2\nblack = 1\n"
	tr, err := ParseTournament([]byte(src))
	require.NoError(t, err)
	s, out, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	require.Len(t, s.Games, 2)
	assert.Equal(t, []string{"ЧР-2026-ЗФ 1-2", "ЧР-2026-ЗФ 2-1"}, []string{s.Games[0].Code, s.Games[1].Code})
	// Each player's start list names both games, one with each colour.
	assert.Contains(t, out.Out[0].Body, "1-2")
	assert.Contains(t, out.Out[0].Body, "2-1")
	// A letter naming the game by its numbers reaches the game with those colours.
	s, res := send(s, black, "2026-03-01", "ЧР-2026-ЗФ 2-1\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, res.Accepted, res.Reason)
	assert.Len(t, s.Games[1].Plies, 1)
	assert.Empty(t, s.Games[0].Plies)
}

func TestDaily_1_15_RoundEndsAfterRoundDays(t *testing.T) {
	tr, err := ParseTournament([]byte(readSwiss(t)))
	require.NoError(t, err)
	s, out, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	end := tr.Start.AddDays(90)
	for _, g := range s.Games {
		assert.Equal(t, 1, g.Round)
		start, gend := g.Dates(tr)
		assert.Equal(t, tr.Start, start)
		assert.Equal(t, end, gend)
	}
	assert.Contains(t, out.Out[0].Body, end.Russian(), "the start list gives the round's end")
	before, day := Daily(s, end.AddDays(-1))
	for _, e := range day.Events {
		assert.NotEqual(t, "unfinished", e.Kind, "the round is still on")
	}
	assert.Equal(t, Suspended, before.Games[0].Status, "the silent Whites overstepped (6.3.5) within the round")
	after, day := Daily(s, end)
	require.Len(t, day.Events, 4)
	for i, g := range after.Games {
		assert.Equal(t, "unfinished", day.Events[i].Kind, "every game of round 1 is unfinished at the round's end (6.5.2)")
		assert.Equal(t, Unfinished, g.Status)
	}
}

func TestStartRound_1_15_Refusals(t *testing.T) {
	tr, err := ParseTournament([]byte(readSwiss(t)))
	require.NoError(t, err)
	s, _, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	rr, err := ParseTournament(readExample(t))
	require.NoError(t, err)
	first := s.Games[0]
	for _, tc := range []struct {
		name string
		s    State
		r    swiss.Round
		want string
	}{
		{"round robin", State{Tournament: rr, Started: rr.Start}, swiss.Round{Number: 1}, "is not a Swiss tournament"},
		{"not started", State{Tournament: tr}, swiss.Round{Number: 1}, "has not started"},
		{"round skipped", s, swiss.Round{Number: 3}, "round 3 cannot start after round 1 of 5"},
		{"meeting again", s, swiss.Round{Number: 2, Pairs: []swiss.Pair{{White: first.White, Black: first.Black}}}, "exists already"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := StartRound(tc.s, tc.r, tr.Start.AddDays(30))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
