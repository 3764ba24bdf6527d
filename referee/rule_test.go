package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/timecontrol"
)

// TestRule_6_3_7_ClaimByID: the judge's ruling finds the claim by its id,
// or by its game and number, without reading the others: confirmed, the
// offender (White, here: 51 days for his second move) loses; rejected, play resumes. A ruling without a
// date is dated today in the tournament's zone.
func TestRule_6_3_7_ClaimByID(t *testing.T) {
	tests := []struct {
		name       string
		x          func(id int64) referee.Ruling
		wantErr    error
		wantResult string
		wantStatus string
		wantDay    string
	}{
		{"ConfirmedByID", func(id int64) referee.Ruling {
			return referee.Ruling{Claim: id, Confirm: true, Day: timecontrol.MustDate("2026-05-02")}
		}, nil, "0-1", "confirmed", "2026-05-02"},
		{"RejectedByGameAndSeq", func(int64) referee.Ruling {
			return referee.Ruling{Game: "ТЕСТ-2026 1-2", Seq: 1, Note: "почта задержала письмо"}
		}, nil, "*", "rejected", "2026-05-03"},
		{"NoSuchClaim", func(id int64) referee.Ruling { return referee.Ruling{Claim: id + 100} }, referee.ErrNotFound, "*", "pending", ""},
		{"NoSuchSeq", func(int64) referee.Ruling { return referee.Ruling{Game: "ТЕСТ-2026 1-2", Seq: 2} }, referee.ErrNotFound, "*", "pending", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			w.feed("overstep-letter/*.eml")
			claims, err := w.db.Claims(ctx, true)
			require.NoError(t, err)
			require.Len(t, claims, 1, "the overstep claim against White")
			w.at("2026-05-03")
			done, err := w.ref.Rule(ctx, tt.x(claims[0].ID))
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tt.wantDay, done.Day.String())
			}
			c, err := w.db.Claim(ctx, claims[0].ID)
			require.NoError(t, err)
			assert.Equal(t, tt.wantStatus, c.Status)
			assert.Equal(t, tt.wantResult, w.game("1-2").Result)
		})
	}
}
