package adjudication

import (
	"os"
	"path/filepath"
	"slices"
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
		g := s.Games[i]
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

func TestFollow_1_10_WithdrawnPlayerGetsNoLettersAboutHisGames(t *testing.T) {
	s := swissStarted(t)
	g := s.Games[0]
	white, _ := s.Tournament.Player(g.White)
	black, _ := s.Tournament.Player(g.Black)
	d := Desk{Withdrawals: []WithdrawalRuling{{Player: g.White, Ruling: WithdrawnByRule}}}
	tests := []struct {
		name string
		o    corr.Outgoing
		from int // the sender of the letter that caused it
		goes bool
	}{
		{"reminder to him", corr.Outgoing{To: white.Email, Kind: "reminder", Game: g.Code}, 0, false},
		{"30-day inquiry to him", corr.Outgoing{To: white.Email, Kind: "inquiry", Game: g.Code}, 0, false},
		{"the opponent's move forwarded to him", corr.Outgoing{To: white.Email, Kind: "forward", Game: g.Code}, g.Black, false},
		{"a notice about his game", corr.Outgoing{To: white.Email, Kind: "notice", Game: g.Code}, g.Black, false},
		{"the request for his analysis (6.5.2)", corr.Outgoing{To: white.Email, Kind: "to-adjudication", Game: g.Code}, 0, false},
		{"the answer to his own letter", corr.Outgoing{To: white.Email, Kind: "refusal", Game: g.Code}, g.White, true},
		{"the judge's ruling", corr.Outgoing{To: white.Email, Kind: "ruling", Game: g.Code}, 0, true},
		{"a letter about no game", corr.Outgoing{To: white.Email, Kind: "standings"}, 0, true},
		{"the opponent's reminder", corr.Outgoing{To: black.Email, Kind: "reminder", Game: g.Code}, 0, true},
		{"the opponent's confirmation", corr.Outgoing{To: black.Email, Kind: "confirmation", Game: g.Code}, g.Black, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := corr.Outcome{Out: []corr.Outgoing{tt.o}}
			_, got := d.Follow(s, tt.from, out)
			kept := slices.ContainsFunc(got.Out, func(o corr.Outgoing) bool { return o.To == tt.o.To && o.Kind == tt.o.Kind })
			assert.Equal(t, tt.goes, kept)
			if tt.o.Kind == "forward" && !tt.goes {
				// The sender is told his move was not forwarded, and why.
				require.Len(t, got.Out, 1)
				assert.Equal(t, black.Email, got.Out[0].To)
				assert.Equal(t, "notice", got.Out[0].Kind)
				assert.Contains(t, got.Out[0].Body, "п. 1.10")
			} else {
				assert.Len(t, got.Out, map[bool]int{true: 1, false: 0}[tt.goes])
			}
			_, all := Desk{}.Follow(s, tt.from, out)
			assert.Len(t, all.Out, 1, "no withdrawal: every letter goes")
		})
	}
}

func TestNextRound_1_15_9_TheJudgeIsToldOnceWhenARoundCannotBeDrawn(t *testing.T) {
	s := finish(swissStarted(t), 1)
	var d Desk
	for _, p := range s.Tournament.Players[1:] { // one player is left: no pair can be drawn
		d.Withdrawals = append(d.Withdrawals, WithdrawalRuling{Player: p.Number, Ruling: WithdrawnByRule})
	}
	day := s.Tournament.Start.AddDays(40)
	next, out, err := d.NextRound(s, day)
	require.NoError(t, err, "the judge is told by letter; the daily job goes on")
	assert.Equal(t, 1, next.Round(), "nothing is drawn")
	assert.Equal(t, 2, next.Undrawable)
	assert.Zero(t, s.Undrawable, "the state given is not changed")
	require.Len(t, out.Out, 1)
	o := out.Out[0]
	assert.Equal(t, s.Tournament.Judge.Email, o.To)
	assert.Equal(t, "round-undrawable", o.Kind)
	assert.Contains(t, o.Subject, "Тур 2 не составлен (п. 1.15.9)")
	assert.Contains(t, o.Body, "Тур 2 турнира")
	assert.Contains(t, o.Body, "a round needs two", "the reason the draw gave")
	require.Len(t, out.Events, 1)
	assert.Equal(t, "1.15.9", out.Events[0].Clause)

	// The next days: no letter again while the round waits for the judge.
	for i := 1; i <= 3; i++ {
		again, out, err := d.NextRound(next, day.AddDays(i))
		require.NoError(t, err)
		assert.Empty(t, out.Out, "day %d", i)
		assert.Empty(t, out.Events)
		assert.Equal(t, next.Undrawable, again.Undrawable)
	}
}

// The draw reads a withdrawn player's games as the table counts them
// (1.10, 6.5.3): his unfinished game without a move of his is lost without
// play, one he moved in waits for the judge, and annulled results are
// meetings that score nothing.
func TestHistory_1_10_WithdrawnPlayersGamesAsTheTableCountsThem(t *testing.T) {
	tests := []struct {
		name   string
		ruling Withdrawal
		black  bool // the withdrawn player has Black in the first game
		plies  int  // made in the first game
		result string
		want   swiss.Result
	}{
		{"white by rule, no move", WithdrawnByRule, false, 0, "*", swiss.BlackWinsWithoutPlay},
		{"black by rule, white moved", WithdrawnByRule, true, 1, "*", swiss.WhiteWinsWithoutPlay},
		{"black by rule, black moved: to adjudication (1.10.4)", WithdrawnByRule, true, 2, "*", swiss.Pending},
		{"unfinished lost (6.5.3)", WithdrawnForfeitUnfinished, false, 4, "*", swiss.BlackWinsWithoutPlay},
		{"pending ruling", WithdrawnPending, false, 0, "*", swiss.Pending},
		{"to adjudication", WithdrawnAdjudicate, false, 0, "*", swiss.Pending},
		{"annulled: a meeting that scores nothing", WithdrawnAnnulled, false, 3, "1-0", swiss.Pending},
		{"a result stands", WithdrawnByRule, false, 3, "1-0", swiss.WhiteWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := swissStarted(t).Clone()
			g := s.Games[0]
			g.Plies = make([]corr.Ply, tt.plies)
			if tt.result != "*" {
				g.Status, g.Result = corr.Finished, tt.result
			}
			who := pick(tt.black, g.Black, g.White)
			d := Desk{Withdrawals: []WithdrawalRuling{{Player: who, Ruling: tt.ruling}}}
			h, err := d.History(s)
			require.NoError(t, err)
			assert.Equal(t, []int{who}, h.Withdrawn)
			assert.Equal(t, tt.want, h.Games[0].Result)
			assert.Equal(t, swiss.Pending, h.Games[1].Result, "the other games are untouched")
		})
	}
}
