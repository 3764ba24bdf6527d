package referee_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/timecontrol"
)

// TestDeskDecision: each desk decision is carried out by the desk's rule
// of its clause and kept with its letters; a decision about a game that is
// not stored is ErrNotFound, and what the rules refuse comes back with
// their reason.
func TestDeskDecision(t *testing.T) {
	withdrawn, err := adjudication.ParseWithdrawal("withdrawn")
	require.NoError(t, err)
	tests := []struct {
		name    string
		x       referee.Decision
		wantErr error // nil: done; errAny: refused by the rules
		check   func(t *testing.T, d adjudication.Desk)
	}{
		{"Organiser_6_5_7", referee.Decision{Kind: referee.Organiser, Organiser: corr.Person{Name: "Федерация", Email: "org@example.org"}}, nil,
			func(t *testing.T, d adjudication.Desk) { assert.Equal(t, "org@example.org", d.Organiser.Email) }},
		{"Withdraw_6_5_3", referee.Decision{Kind: referee.Withdraw, Player: 2, Withdrawal: withdrawn}, nil,
			func(t *testing.T, d adjudication.Desk) {
				require.Len(t, d.Withdrawals, 1)
				assert.Equal(t, 2, d.Withdrawals[0].Player)
			}},
		{"Sanction_6_1_10_DatedToday", referee.Decision{Kind: referee.Sanction, Sanction: adjudication.Sanction{Player: 1, Kind: adjudication.Remark,
			Clauses: []string{"6.2.6"}, Reason: "комментарии в письме", By: adjudication.Judge}}, nil,
			func(t *testing.T, d adjudication.Desk) {
				require.Len(t, d.Sanctions, 1)
				assert.Equal(t, "2026-03-10", d.Sanctions[0].Date.String(), "the register's entry is dated the day of the decision")
			}},
		{"AdjudicateNoSuchGame", referee.Decision{Kind: referee.Adjudicate, Game: "ТЕСТ-2026 1-7", Result: adjudication.Draw}, referee.ErrNotFound, nil},
		{"Adjudicate_6_5_4_GameStillPlayed", referee.Decision{Kind: referee.Adjudicate, Game: "ТЕСТ-2026 1-2", Result: adjudication.Draw}, errAny, nil},
		{"NoSuchKind", referee.Decision{Kind: "pardon", Cipher: "ТЕСТ-2026"}, errAny, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			w.at("2026-03-10")
			done, err := w.ref.DeskDecision(ctx, tt.x)
			switch tt.wantErr {
			case nil:
				require.NoError(t, err)
				assert.Equal(t, "2026-03-10", done.Day.String(), "no date: today in the tournament's zone")
			case errAny:
				require.Error(t, err)
				assert.NotErrorIs(t, err, referee.ErrNotFound)
			default:
				require.ErrorIs(t, err, tt.wantErr)
			}
			d, err := w.db.Desk(ctx, w.cipher)
			require.NoError(t, err)
			if tt.check != nil {
				tt.check(t, d)
			}
		})
	}
}

// errAny marks a decision the desk's rules refuse.
var errAny = errors.New("refused by the rules")

// TestDeskDecision_6_1_12_AppealUpheld: the organiser upholds the protest
// against the judge's confirmed overstep: the loss is withdrawn, play
// resumes.
func TestDeskDecision_6_1_12_AppealUpheld(t *testing.T) {
	w, ctx := newWorld(t, "two.toml"), context.Background()
	w.feed("judge-confirm/*.eml")
	require.Equal(t, "0-1", w.game("1-2").Result, "the judge confirmed White's overstep")
	_, err := w.ref.DeskDecision(ctx, referee.Decision{Kind: referee.Organiser, Organiser: corr.Person{Name: "Федерация", Email: "org@example.org"},
		Day: timecontrol.MustDate("2026-05-02")})
	require.NoError(t, err)
	w.feed("appeal-upheld/01.eml")
	done, err := w.ref.DeskDecision(ctx, referee.Decision{Kind: referee.Appeal, Game: "ТЕСТ-2026 1-2", Upheld: true, Note: "квитанция в порядке",
		Day: timecontrol.MustDate("2026-05-08")})
	require.NoError(t, err)
	assert.NotEmpty(t, done.Out, "both players, the judge and the secretary are told")
	assert.Equal(t, "*", w.game("1-2").Result)
	s, err := w.db.State(ctx, w.cipher)
	require.NoError(t, err)
	appeals := adjudication.Appeals(s)
	require.Len(t, appeals, 1)
	assert.Equal(t, adjudication.ProtestUpheld, appeals[0].Decision)
}
