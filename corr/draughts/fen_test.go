package draughts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFEN_RoundTrip(t *testing.T) {
	tests := []struct {
		v       Variant
		in      string
		numeric string
		alpha   string
	}{
		{Russian, "W:W21-32:B1-12", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
			"W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		{Russian, " b : Wa1, Kc3 : BKb8,d6 . ", "B:WK22,29:BK1,10", "B:Wa1,Kc3:Bd6,Kb8"},
		// 50 = i1 and 46 = a1 (White's back row), 31 = b4, 16 = a7.
		{International, "W:B16,17:W31,K50", "W:W31,K50:B16,17", "W:WKi1,b4:Ba7,c7"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := ParseFEN(tt.v, tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.numeric, p.FEN())
			assert.Equal(t, tt.alpha, p.FENAlpha())
			for _, s := range []string{p.FEN(), p.FENAlpha()} {
				q, err := ParseFEN(tt.v, s)
				require.NoError(t, err)
				assert.Equal(t, p, q)
			}
		})
	}
}

func TestFEN_InitialMatchesNotes(t *testing.T) {
	for _, tt := range []struct {
		v   Variant
		fen string
	}{{Russian, "W:W21-32:B1-12"}, {International, "W:W31-50:B1-20"}, {Giveaway, "W:W21-32:B1-12"}} {
		p, err := ParseFEN(tt.v, tt.fen)
		require.NoError(t, err)
		assert.Equal(t, Initial(tt.v), p, tt.v.String())
	}
}

func TestFEN_Errors(t *testing.T) {
	for _, in := range []string{"", "X:W1:B2", "W:W1:W2", "W:W1:B1", "W:W33", "W:Wa2", "W:W5-3", "W:W1", "B:B29", "W:Q1", "W:Wzz"} {
		_, err := ParseFEN(Russian, in)
		assert.Error(t, err, in)
	}
}
