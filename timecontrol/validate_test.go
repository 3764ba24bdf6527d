package timecontrol

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidate_NamesFieldAndRule(t *testing.T) {
	ok := func() Timeline {
		return Timeline{Start: d("2026-03-01"), Replies: []Reply{rep(White, "2026-03-01", "2026-03-02"), rep(Black, "2026-03-05", "2026-03-06")}}
	}
	tests := []struct {
		name   string
		change func(*Timeline)
		want   string
	}{
		{"no start", func(tl *Timeline) { tl.Start = Date{} }, "start: missing: write the start date of the start list, e.g. start = 2026-01-15 (rule 6.3.2)"},
		{"end before start", func(tl *Timeline) { tl.End = d("2026-02-01") }, "end: end of play 2026-02-01 is before the start 2026-03-01; check both dates (rule 6.3.2)"},
		{"not alternating", func(tl *Timeline) { tl.Replies[1].Player = White },
			"reply #2: player: is white, but replies alternate from White, so reply #2 is black's; list the letters in game order (rule 6.3.1)"},
		{"sent before received", func(tl *Timeline) { tl.Replies[1].Sent = d("2026-03-04") },
			"reply #2: sent: 2026-03-04 is before the receipt 2026-03-05; a reply cannot be posted before the move it answers arrived (rule 6.3.1)"},
		{"received before posted", func(tl *Timeline) { tl.Replies[1].Received = d("2026-03-01") },
			"reply #2: received: 2026-03-01 is before reply #1 was posted (2026-03-02); a letter cannot arrive before it is sent (rule 6.3.1)"},
		{"unsent reply in the middle", func(tl *Timeline) {
			tl.Replies[0].Sent = Date{}
		}, "reply #1: sent: missing: only the last reply may lack its posting date (the player is still thinking) (rule 6.3.1)"},
		{"negative moves", func(tl *Timeline) { tl.Replies[0].Moves = -1 },
			"reply #1: moves: -1 is negative; write the counted moves of this reply (own and forced) (rule 6.3.5)"},
		{"correction without postmark", func(tl *Timeline) { tl.Replies[0].Corrected = true },
			"reply #1: corrected: a correction needs the postmark it was made from; add postmark = YYYY-MM-DD (rule 6.3.1)"},
		{"break reversed", func(tl *Timeline) {
			tl.Breaks = []Break{{Player: Black, From: d("2026-04-10"), To: d("2026-04-01")}}
		}, "break #1: to: 2026-04-01 is before the first day 2026-04-10; a break runs from ... to ..., both days included (rule 6.4.3)"},
		{"penalty clause", func(tl *Timeline) {
			tl.Penalties = []Penalty{{Player: Black, Days: 6, Date: d("2026-03-06"), Clause: "6.2.9", Reason: "x"}}
		}, `penalty #1: clause: "6.2.9" does not charge penalty days; write 6.2.11, 6.2.13, 6.3.3 or 6.3.7`},
		{"penalty without reason", func(tl *Timeline) {
			tl.Penalties = []Penalty{{Player: Black, Days: 6, Date: d("2026-03-06"), Clause: "6.2.11"}}
		}, "penalty #1: reason: missing: say what the penalty is for, as the player was told (rule 6.1.10)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := ok()
			require.NoError(t, tl.Validate())
			tt.change(&tl)
			_, err := Compute(tl)
			require.Error(t, err)
			var es Errors
			require.True(t, errors.As(err, &es))
			assert.Equal(t, tt.want, es[0].Error())
		})
	}
}

func TestValidate_ListsEveryProblem(t *testing.T) {
	err := Timeline{Replies: []Reply{{Player: Black, Moves: -2}}}.Validate()
	var es Errors
	require.True(t, errors.As(err, &es))
	var fields []string
	for _, e := range es {
		fields = append(fields, e.Field())
	}
	assert.Equal(t, []string{"start", "reply #1: player", "reply #1: received", "reply #1: moves"}, fields)
}
