package referee_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// TestDigest: the weekly digest counts the letters of the tournament's
// players in the seven days before it (a stranger's are not the
// tournament's), lists those not applied, and the claims waiting for the
// judge (6.3.6-6.3.7).
func TestDigest(t *testing.T) {
	overstep := func(w *world) { w.feed("overstep-letter/*.eml") }
	refusedAndStranger := func(w *world) {
		bad := w.receive(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 2, above: []string{dmarcIvanov},
			body: "ТЕСТ-2026 1-2\nМой ход: 1.a1-h8\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 1/0\nИванов"})
		require.Equal(t, storage.Refused, bad.Disposition, bad.Outcome.Reason)
		w.receive(letter{from: "someone@example.net", subject: "ТЕСТ-2026 1-2", day: 2, body: firstMove})
	}
	tests := []struct {
		name           string
		setup          func(*world)
		now            time.Time
		wantApplied    int
		wantNotApplied int
		wantClaims     int
	}{
		{"WeekOfTheClaim", overstep, time.Date(2026, 4, 25, 9, 0, 0, 0, time.UTC), 2, 0, 1},
		{"RefusedListedStrangerNot", refusedAndStranger, time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC), 0, 1, 0},
		{"OlderThanAWeek", refusedAndStranger, time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC), 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			tt.setup(w)
			facts, err := w.ref.Digest(ctx, tt.now)
			require.NoError(t, err)
			require.Len(t, facts, 1)
			f := facts[0]
			assert.Equal(t, tt.wantApplied, f.Applied)
			assert.Len(t, f.NotApplied, tt.wantNotApplied)
			assert.Len(t, f.Claims, tt.wantClaims)
		})
	}
}

// TestDigest_NotStartedHasNone: a tournament not started has no digest.
func TestDigest_NotStartedHasNone(t *testing.T) {
	w := newUnstarted(t, "two.toml")
	facts, err := w.ref.Digest(context.Background(), time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	assert.Empty(t, facts)
}
