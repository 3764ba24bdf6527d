package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/timecontrol"
)

// TestEnterPaperLetter_6_3_1_PostingDate: a paper letter's posting
// postmark is its sent date (the reply's days run to it) and its arrival
// postmark the opponent's receipt; it is vouched for by the desk, entered
// once, and refused for a player or game that does not exist.
func TestEnterPaperLetter_6_3_1_PostingDate(t *testing.T) {
	// The letter says it was sent on 2.03; the postmark is the observation.
	white := "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 0/1\nИванов"
	tests := []struct {
		name      string
		p         referee.PaperLetter
		twice     bool
		wantErr   error
		wantSent  string
		wantPlies int
	}{
		{"PostingDateIsSent", referee.PaperLetter{Game: "ТЕСТ-2026 1-2", Player: 1, Posted: timecontrol.MustDate("2026-03-03"),
			Received: timecontrol.MustDate("2026-03-06"), Text: white}, false, nil, "2026-03-03", 1},
		{"EnteredTwiceAppliedOnce", referee.PaperLetter{Game: "ТЕСТ-2026 1-2", Player: 1, Posted: timecontrol.MustDate("2026-03-02"),
			Received: timecontrol.MustDate("2026-03-06"), Text: white}, true, referee.ErrConflict, "2026-03-02", 1},
		{"PostedAfterArrival", referee.PaperLetter{Game: "ТЕСТ-2026 1-2", Player: 1, Posted: timecontrol.MustDate("2026-03-07"),
			Received: timecontrol.MustDate("2026-03-06"), Text: white}, false, referee.ErrConflict, "", 0},
		{"NoSuchPlayer", referee.PaperLetter{Game: "ТЕСТ-2026 1-2", Player: 9, Posted: timecontrol.MustDate("2026-03-02"),
			Received: timecontrol.MustDate("2026-03-06"), Text: white}, false, referee.ErrNotFound, "", 0},
		{"NoSuchGame", referee.PaperLetter{Game: "ТЕСТ-2026 1-7", Player: 1, Posted: timecontrol.MustDate("2026-03-02"),
			Received: timecontrol.MustDate("2026-03-06"), Text: white}, false, referee.ErrNotFound, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			out, err := w.ref.EnterPaperLetter(ctx, tt.p)
			if tt.twice {
				require.NoError(t, err)
				require.True(t, out.Accepted, out.Reason)
				_, err = w.ref.EnterPaperLetter(ctx, tt.p)
			}
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
				assert.True(t, out.Accepted, out.Reason)
			}
			g := w.game("1-2")
			require.Len(t, g.Plies, tt.wantPlies)
			if tt.wantPlies > 0 {
				assert.Equal(t, tt.wantSent, g.Replies[0].Sent.String(), "the posting postmark is the sent date (6.3.1)")
			}
		})
	}
}
