package referee_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// TestDaily_6_3_4_CatchesUpEveryDay: the referee's day checks every day
// from the last one checked up to today in the tournament's zone, once:
// days the daemon was down are caught up in order, so the 30-day inquiry
// about a missing first move (6.3.4) goes out however late the run comes,
// and a second run the same day does nothing again.
func TestDaily_6_3_4_CatchesUpEveryDay(t *testing.T) {
	tests := []struct {
		name        string
		runs        []string // the days Daily runs on, in order
		wantDays    int      // tournament days checked by the last run
		wantChecked string
		wantInquiry int
	}{
		{"FirstDay", []string{"2026-03-01"}, 1, "2026-03-01", 0},
		{"DownForForty", []string{"2026-03-01", "2026-04-10"}, 40, "2026-04-10", 1},
		{"TwiceTheSameDay", []string{"2026-04-10", "2026-04-10"}, 0, "2026-04-10", 1},
		{"PastMidnightInItsZone", []string{"2026-03-31T22:30:00Z"}, 32, "2026-04-01", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			loc := w.state().Tournament.Location()
			var days int
			for _, run := range tt.runs {
				now, err := time.Parse(time.RFC3339, run)
				if err != nil {
					d := timecontrol.MustDate(run)
					now = time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, loc)
				}
				rep, err := w.ref.Daily(ctx, now)
				require.NoError(t, err)
				days = rep.Days
			}
			assert.Equal(t, tt.wantDays, days)
			assert.Equal(t, tt.wantChecked, w.state().Checked.String())
			assert.Len(t, w.outbox(ivanov, "inquiry"), tt.wantInquiry, "the inquiry to White, once")
		})
	}
}

// TestDaily_NotStartedIsNotChecked: a tournament not yet started has no
// days to check.
func TestDaily_NotStartedIsNotChecked(t *testing.T) {
	w, ctx := newUnstarted(t, "two.toml"), context.Background()
	rep, err := w.ref.Daily(ctx, time.Date(2026, 4, 10, 12, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	assert.Zero(t, rep.Days)
	s, err := w.db.State(ctx, w.cipher)
	require.NoError(t, err)
	assert.Equal(t, corr.State{}.Checked, s.Checked)
}
