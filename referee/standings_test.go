package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/referee"
)

// TestStandings_1_12_1_Points: the crosstable counts the judge's confirmed
// overstep (White lost), by the points given (1.12.1), and the judge's
// rulings from a file after the desk's (6.5.3: an annulled player has no
// row).
func TestStandings_1_12_1_Points(t *testing.T) {
	annul, err := adjudication.ParseWithdrawal("withdrawn-annulled")
	require.NoError(t, err)
	tests := []struct {
		name      string
		o         referee.StandingsOptions
		wantRows  int
		wantBlack float64 // player 2's points
	}{
		{"Default", referee.StandingsOptions{}, 2, 1},
		{"TwoForAWin", referee.StandingsOptions{Points: adjudication.Points{Win: 2, Draw: 1, Loss: 0}}, 2, 2},
		{"RulingsFileAnnulsWhite", referee.StandingsOptions{Rulings: adjudication.Rulings{
			Withdrawals: []adjudication.WithdrawalRuling{{Player: 1, Ruling: annul}}}}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, "two.toml")
			w.feed("judge-confirm/*.eml")
			tour, ct, err := w.ref.Standings(context.Background(), w.cipher, tt.o)
			require.NoError(t, err)
			assert.Equal(t, w.cipher, tour.Cipher)
			require.Len(t, ct.Rows, tt.wantRows)
			for _, r := range ct.Rows {
				if r.Number == 2 {
					assert.Equal(t, tt.wantBlack, r.Points)
				}
			}
		})
	}
}
