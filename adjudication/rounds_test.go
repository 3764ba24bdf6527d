package adjudication

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/swiss"
)

// swissStarted is the nine-player Swiss tournament of testdata, started.
func swissStarted(t *testing.T) corr.State {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(data)
	require.NoError(t, err)
	s, _, err := corr.Start(corr.State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	return s
}

// finish gives every game of round r a result: White wins, but for the
// games listed, which stay as they are.
func finish(s corr.State, r int, except ...string) corr.State {
	s = s.Clone()
	for i := range s.Games {
		g := &s.Games[i]
		if g.Round != r {
			continue
		}
		skip := false
		for _, c := range except {
			skip = skip || g.Code == c
		}
		if !skip {
			g.Status, g.Result = corr.Finished, "1-0"
		}
	}
	return s
}

func TestNextRound_1_15_DrawnWhenTheRoundIsOver(t *testing.T) {
	s := swissStarted(t)
	require.Len(t, s.Byes, 1, "round 1's bye is recorded at the start")
	day := s.Tournament.Start.AddDays(40)

	// Round 1 in play: nothing is drawn.
	same, out, err := Desk{}.NextRound(s, day)
	require.NoError(t, err)
	assert.Len(t, same.Games, 4)
	assert.Empty(t, out.Out)

	s = finish(s, 1)
	next, out, err := Desk{}.NextRound(s, day)
	require.NoError(t, err)
	require.Len(t, next.Games, 8)
	assert.Equal(t, 2, next.Round())
	h, err := Desk{}.History(s)
	require.NoError(t, err)
	want, err := swiss.Draw(s.Tournament.Entrants(), h, s.Tournament.Swiss.Config)
	require.NoError(t, err)
	for i, p := range want.Pairs {
		g := next.Games[4+i]
		assert.Equal(t, [2]int{p.White, p.Black}, [2]int{g.White, g.Black})
		assert.Equal(t, 2, g.Round)
		start, end := g.Dates(s.Tournament)
		assert.Equal(t, day, start, "the round starts the day it is drawn")
		assert.Equal(t, day.AddDays(90), end)
	}
	assert.Equal(t, []swiss.Bye{s.Byes[0], {Round: 2, Player: want.Bye}}, next.Byes)
	// The start list of round 2: the eight players with a game, the one with the bye, the secretary.
	require.Len(t, out.Out, 10)
	byeLetter := ""
	for _, o := range out.Out {
		assert.Equal(t, "start-list", o.Kind)
		if p, ok := s.Tournament.Player(want.Bye); ok && o.To == p.Email {
			byeLetter = o.Body
		}
	}
	assert.Contains(t, byeLetter, "Тур 2 (швейцарская система, п. 1.15).")
	assert.Contains(t, byeLetter, "вам засчитывается выигрыш без игры (плюс, п. 1.15.2)")
	assert.Equal(t, "round-started", out.Events[0].Kind)

	// Drawn once: a second call has nothing to draw until round 2 is over.
	again, out, err := Desk{}.NextRound(next, day.AddDays(1))
	require.NoError(t, err)
	assert.Len(t, again.Games, 8)
	assert.Empty(t, out.Out)
}

func TestNextRound_1_15_2_WithdrawnLeftOutPendingGamesMet(t *testing.T) {
	s := swissStarted(t)
	first := s.Games[0]
	// Round 1 ends with its first game unfinished (before the judge, 6.5.2).
	s = finish(s, 1, first.Code)
	s.Games[0].Status = corr.Unfinished
	w := s.Games[1].White
	d := Desk{Withdrawals: []WithdrawalRuling{{Player: w, Ruling: WithdrawnByRule}}}
	next, out, err := d.NextRound(s, s.Tournament.Start.AddDays(90))
	require.NoError(t, err)
	require.Equal(t, 2, next.Round())
	for _, g := range next.Games[4:] {
		assert.NotContains(t, []int{g.White, g.Black}, w, "the withdrawn player is left out (1.15.2)")
		assert.NotEqual(t, [2]int{min(first.White, first.Black), max(first.White, first.Black)}, [2]int{min(g.White, g.Black), max(g.White, g.Black)}, "the pending game was a meeting")
	}
	assert.Len(t, next.Games[4:], 4, "eight play: no bye")
	for _, o := range out.Out {
		p, _ := s.Tournament.Player(w)
		assert.NotEqual(t, p.Email, o.To, "no letter to the withdrawn player")
	}
}

func TestNextRound_NotAfterTheLastRound(t *testing.T) {
	s := swissStarted(t)
	tr := s.Tournament
	sw := *tr.Swiss
	sw.Rounds = 1
	tr.Swiss = &sw
	s.Tournament = tr
	s = finish(s, 1)
	next, out, err := Desk{}.NextRound(s, tr.Start.AddDays(40))
	require.NoError(t, err)
	assert.Len(t, next.Games, 4)
	assert.Empty(t, out.Out)
}
