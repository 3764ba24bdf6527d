package adjudication

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/swiss"
)

// roundTwo is the nine-player Swiss tournament with round 1 won by White
// and round 2 drawn on day.
func roundTwo(t *testing.T) corr.State {
	t.Helper()
	s := finish(swissStarted(t), 1)
	next, _, err := Desk{}.NextRound(s, s.Tournament.Start.AddDays(40))
	require.NoError(t, err)
	require.Equal(t, 2, next.Round())
	return next
}

// moved plays White's first move in the game with code.
func moved(s corr.State, code string) corr.State {
	s = s.Clone()
	m := draughts.Initial(draughts.Russian).LegalMoves(nil)[0]
	for i := range s.Games {
		if s.Games[i].Code == code {
			s.Games[i].Plies = []corr.Ply{{Move: m, Text: "move"}}
		}
	}
	return s
}

func TestRedraw_1_15_8_CancelsTheGamesWithoutAMoveAndDrawsThemAgain(t *testing.T) {
	base := roundTwo(t)
	round2 := slices.DeleteFunc(slices.Clone(base.Games), func(g *corr.Game) bool { return g.Round != 2 })
	require.Len(t, round2, 4)
	withdrawn := round2[0].White
	reason := fmt.Sprintf("участник №%d выбыл до первого хода", withdrawn)
	tests := []struct {
		name string
		// prepare changes the state and the desk before the re-draw.
		prepare func(corr.State) (corr.State, Desk)
		// stand are the round's games that stand (a move, a result).
		stand []string
		// left are players who must be in no new game.
		left []int
	}{
		{
			name: "a player withdrawn after the draw: every game drawn again without him",
			prepare: func(s corr.State) (corr.State, Desk) {
				s = s.Clone()
				s.Undrawable = 3 // the judge was told round 3 could not be drawn: the new round 2 may change that
				return s, Desk{Withdrawals: []WithdrawalRuling{{Player: withdrawn, Ruling: WithdrawnByRule}}}
			},
			left: []int{withdrawn},
		},
		{
			name: "a game with a move stands; its players are not drawn again (fewest touched)",
			prepare: func(s corr.State) (corr.State, Desk) {
				return moved(s, round2[1].Code), Desk{Withdrawals: []WithdrawalRuling{{Player: withdrawn, Ruling: WithdrawnByRule}}}
			},
			stand: []string{round2[1].Code},
			left:  []int{withdrawn, round2[1].White, round2[1].Black},
		},
		{
			name: "a game with a result stands",
			prepare: func(s corr.State) (corr.State, Desk) {
				s = s.Clone()
				for i := range s.Games {
					if s.Games[i].Code == round2[2].Code {
						s.Games[i].Status, s.Games[i].Result = corr.Finished, "0-1"
					}
				}
				return s, Desk{}
			},
			stand: []string{round2[2].Code},
			left:  []int{round2[2].White, round2[2].Black},
		},
		{
			name: "a game the judge forfeited stands, without a move (6.5.3)",
			prepare: func(s corr.State) (corr.State, Desk) {
				g := round2[3]
				return s, Desk{Withdrawals: []WithdrawalRuling{{Player: g.White, Ruling: WithdrawnByRule}},
					Forfeits: []Game{{White: g.White, Black: g.Black, Result: BlackWinsWithoutPlay}}}
			},
			stand: []string{round2[3].Code},
			left:  []int{round2[3].White, round2[3].Black},
		},
		{
			name: "a game lost by a sanction stands (6.1.9)",
			prepare: func(s corr.State) (corr.State, Desk) {
				g := round2[3]
				return s, Desk{Sanctions: []Sanction{{Player: g.White, Kind: LossOfGame, Game: Pair{White: g.White, Black: g.Black},
					Clauses: []string{"6.1.7"}, Reason: "оскорбительное письмо партнёру", Date: s.Tournament.Start.AddDays(41), By: Judge}}}
			},
			stand: []string{round2[3].Code},
			left:  []int{round2[3].White, round2[3].Black},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, d := tt.prepare(base)
			day := base.Tournament.Start.AddDays(45)
			next, out, err := d.Redraw(s, day, reason)
			require.NoError(t, err)
			assert.Zero(t, next.Undrawable, "a later round that cannot be drawn is told again")

			var cancelled []string
			for _, g := range out.Cancelled {
				assert.Equal(t, corr.Cancelled, g.Status)
				cancelled = append(cancelled, g.Code)
			}
			for _, g := range round2 {
				assert.Equal(t, !slices.Contains(tt.stand, g.Code), slices.Contains(cancelled, g.Code), g.Code)
			}
			// The state holds no cancelled game; the games that stand are kept as they were.
			var fresh []corr.Game
			for _, g := range next.Games {
				assert.NotEqual(t, corr.Cancelled, g.Status)
				if g.Round == 2 && !slices.Contains(tt.stand, g.Code) {
					fresh = append(fresh, *g)
				}
			}
			assert.Equal(t, 2, next.Round())
			for _, g := range fresh {
				start, _ := g.Dates(next.Tournament)
				assert.Equal(t, day, start, "the new games start the day of the re-draw")
				for _, n := range tt.left {
					assert.NotContains(t, []int{g.White, g.Black}, n, "player %d is not drawn again", n)
				}
			}
			// Everyone but the players left out plays or has the bye, once.
			seen := map[int]int{}
			for _, g := range next.Games {
				if g.Round == 2 {
					seen[g.White]++
					seen[g.Black]++
				}
			}
			var byes []swiss.Bye
			for _, b := range next.Byes {
				if b.Round == 2 {
					byes = append(byes, b)
					seen[b.Player]++
				}
			}
			assert.LessOrEqual(t, len(byes), 1)
			for _, p := range next.Tournament.Players {
				want := 1
				if p.Number == withdrawn && slices.Contains(tt.left, withdrawn) {
					want = 0
				}
				assert.Equal(t, want, seen[p.Number], "player %d in round 2", p.Number)
			}

			// Letters: the players of each cancelled game are told why; the new games' players,
			// the bye and the secretary get the round's start list.
			told := map[string]bool{}
			lists := map[string]bool{}
			for _, o := range out.Out {
				switch o.Kind {
				case "round-cancelled":
					assert.Contains(t, o.Body, reason)
					assert.Contains(t, o.Body, "1.15.8")
					told[o.To] = true
				case "start-list":
					assert.Regexp(t, `(Тур|Round) 2 \((швейцарская система, п\. |Swiss system, )1\.15\)`, o.Body)
					lists[o.To] = true
				default:
					t.Errorf("unexpected letter %s to %s", o.Kind, o.To)
				}
			}
			for _, g := range out.Cancelled {
				for _, n := range []int{g.White, g.Black} {
					p, _ := s.Tournament.Player(n)
					assert.True(t, told[p.Email], "player %d told of the cancelled game", n)
				}
			}
			for _, g := range fresh {
				for _, n := range []int{g.White, g.Black} {
					p, _ := s.Tournament.Player(n)
					assert.True(t, lists[p.Email], "player %d gets the start list", n)
				}
			}
			assert.True(t, lists[s.Tournament.Secretary.Email])
			kinds := []string{}
			for _, e := range out.Events {
				kinds = append(kinds, e.Kind)
			}
			assert.Contains(t, kinds, "round-redrawn")
			assert.Contains(t, kinds, "round-started")
		})
	}
}

func TestRedraw_1_15_8_Refused(t *testing.T) {
	base := roundTwo(t)
	everyMove := base
	for _, g := range base.Games {
		if g.Round == 2 {
			everyMove = moved(everyMove, g.Code)
		}
	}
	roundRobin := base.Clone()
	roundRobin.Tournament.Swiss = nil
	tests := []struct {
		name   string
		s      corr.State
		reason string
		want   string
	}{
		{"no reason", base, "  ", "needs the judge's reason"},
		{"every game has a move", everyMove, "ошибка в таблице", "nothing to draw again"},
		{"not a Swiss tournament", roundRobin, "ошибка", "no Swiss round"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Desk{}.Redraw(tt.s, base.Tournament.Start.AddDays(45), tt.reason)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// corr.RedrawRound cancels only what it may: a game of the round without a move.
func TestRedrawRound_1_15_8_CancelsOnlyGamesWithoutAMove(t *testing.T) {
	base := roundTwo(t)
	var two []corr.Game
	for _, g := range base.Games {
		if g.Round == 2 {
			two = append(two, *g)
		}
	}
	played := moved(base, two[0].Code)
	day := base.Tournament.Start.AddDays(45)
	r := swiss.Round{Number: 2}
	for _, code := range []string{two[0].Code, base.Games[0].Code, "КР-2027-ШВ 99-98"} {
		_, _, err := corr.RedrawRound(played, r, []string{code}, day, "причина")
		assert.Error(t, err, code)
	}
}
