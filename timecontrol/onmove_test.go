package timecontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOnMove_6_3_5_SilentOverstepDate(t *testing.T) {
	base := []Reply{rep(White, "2026-03-01", "2026-03-11"), rep(Black, "2026-03-15", "2026-03-16")} // White: 10 days
	tests := []struct {
		name    string
		replies []Reply
		breaks  []Break
		player  Color
		since   string
		want    string // first day a reply oversteps
	}{
		{"White thinking since a recorded receipt: 40 days left", append(base, rep(White, "2026-03-20", "")), nil,
			White, "2026-03-20", "2026-04-30"},
		{"a break in between pushes the date by its days", append(base, rep(White, "2026-03-20", "")),
			[]Break{{Player: Black, From: d("2026-04-01"), To: d("2026-04-10"), Announced: d("2026-03-25")}},
			White, "2026-03-20", "2026-05-10"},
		{"a break running when the move arrives", append(base, rep(White, "2026-03-20", "")),
			[]Break{{Player: White, From: d("2026-03-18"), To: d("2026-03-25"), Announced: d("2026-03-10")}},
			White, "2026-03-20", "2026-05-05"},
		{"no receipt recorded: estimated from the average transit", base, nil,
			White, "2026-03-20", "2026-04-30"},
		{"no replies: White thinks from the start", nil, nil, White, "2026-03-01", "2026-04-21"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := mustCompute(t, Timeline{Start: d("2026-03-01"), Replies: tt.replies, Breaks: tt.breaks})
			m := l.OnMove
			assert.Equal(t, tt.player, m.Player)
			assert.Equal(t, d(tt.since), m.Since)
			over := d(tt.want)
			assert.Equal(t, over, m.OverstepDate)
			assert.Equal(t, m.Limit, l.RunningTotal(over.AddDays(-1)), "the day before, the player is exactly at the limit")
			assert.Equal(t, m.Limit+1, l.RunningTotal(over))
		})
	}
}

func TestOnMove_6_3_2_ClockStopsAtTheEndOfPlay(t *testing.T) {
	l := mustCompute(t, Timeline{Start: d("2026-03-01"), End: d("2026-04-01"),
		Replies: []Reply{rep(White, "2026-03-01", "2026-03-30"), rep(Black, "2026-04-02", "")}})
	assert.True(t, l.OnMove.Stopped)
	assert.True(t, l.OnMove.OverstepDate.IsZero())
	assert.Equal(t, 0, l.RunningTotal(d("2026-12-31")))
}

func TestOnMove_6_3_5_AlreadyOverAfterAPenalty(t *testing.T) {
	l := mustCompute(t, Timeline{Start: d("2026-03-01"),
		Replies:   []Reply{rep(White, "2026-03-01", "2026-04-18"), rep(Black, "2026-04-20", "")},
		Penalties: []Penalty{{Player: Black, Days: 51, Date: d("2026-04-19"), Clause: "6.3.7", Reason: "test"}},
	})
	assert.Equal(t, d("2026-04-20"), l.OnMove.OverstepDate, "over the limit already: any reply oversteps")
	assert.Equal(t, 51, l.RunningTotal(d("2026-04-10")), "before the move arrives the total is what it was")
}
