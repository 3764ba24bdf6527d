package draughts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The tables of shared/notes/draughts-engine.md, cut where they stay fast.
func TestPerft_Oracle(t *testing.T) {
	const frontRows = "W:B16,17,18,19,20:W31,32,33,34,35"
	tests := []struct {
		name  string
		v     Variant
		fen   string
		paths bool
		want  []uint64
	}{
		{"russian distinct", Russian, "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}},
		{"russian paths", Russian, "", true, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667}},
		{"giveaway moves as russian", Giveaway, "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}},
		{"international distinct", International, "", false, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442}},
		{"international paths", International, "", true, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971}},
		{"frontrows paths", International, frontRows, true, []uint64{9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317}},
		{"frontrows distinct", International, frontRows, false, []uint64{9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008313}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Initial(tt.v)
			if tt.fen != "" {
				var err error
				p, err = ParseFEN(tt.v, tt.fen)
				require.NoError(t, err)
			}
			for d, want := range tt.want {
				if got := Perft(p, d+1, tt.paths); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}
