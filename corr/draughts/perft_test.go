package draughts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The perft tables whose deepest counts docs/developers.md gives
// ("Benchmarks: move generation"), cut where they stay fast.
func TestPerft_Oracle(t *testing.T) {
	const frontRows = "W:B16,17,18,19,20:W31,32,33,34,35"
	tests := []struct {
		name  string
		v     Variant
		fen   string
		paths bool
		want  []uint64
	}{
		{"russian distinct", Russian, "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}},
		{"russian paths", Russian, "", true, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905}},
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

// The middlegames of "zaochnik perft --bench", cut where they stay fast:
// every count agrees with Scan 3.1's move generator. Kings of both sides
// step and capture in the last two plies, which the perft counts without
// listing the steps.
func TestPerft_BenchPositions(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []uint64
	}{
		{"woldouby", woldouby, []uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369}},
		{"random178", random178, []uint64{14, 55, 1168, 5432, 87195}},
		{"kings among men", kingsAmongst, []uint64{8, 73, 281, 2574, 22520}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := engFEN(t, International, tt.fen)
			for d, want := range tt.want {
				assert.Equal(t, want, Perft(p, d+1, false), "perft(%d)", d+1)
			}
		})
	}
}

// Positions with kings and long captures, counted by hand.
func TestPerft_HandCounted(t *testing.T) {
	tests := []struct {
		name string
		v    Variant
		fen  string
		want []uint64
	}{
		// Diagram 8 of 2.1.6.2: three captures. After d2:a5 (takes f4, f6,
		// b6) Black has d6-c5, d6-e5, g7-f6, g7-h6; after d2:h6:f8:c5:a7
		// (f4, g7, d6, b6) f6-e5, f6-g5; after d2:g5:e7:c5:a7 (f4, f6, d6,
		// b6) g7-f6, g7-h6: 4+2+2 = 8.
		{"diagram 8", Russian, "W:WKd2:Bb6,d6,f4,f6,g7", []uint64{3, 8}},
		// King 46 on the big road with the man 5 at its end: eight steps
		// (to 41, 37, 32, 28, 23, 19, 14 or 10); then the man 5 has one
		// move each time: 5-10, or 5x14 when the king stands on 10.
		{"big road", International, "W:WK46:B5", []uint64{8, 8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := engFEN(t, tt.v, tt.fen)
			for d, want := range tt.want {
				assert.Equal(t, want, Perft(p, d+1, false), "perft(%d)", d+1)
				assert.Equal(t, want, Perft(p, d+1, true), "perft(%d) paths", d+1)
			}
		})
	}
}

// countMoves takes shortcuts (population counts, single captures counted
// whole); on every position of these trees it must agree with the moves
// listed, both counting conventions.
func TestPerft_CountMovesAgreesWithGeneration(t *testing.T) {
	tests := []struct {
		name  string
		v     Variant
		fen   string
		depth int
	}{
		{"international initial", International, "", 5},
		{"woldouby", International, woldouby, 10},
		{"random178", International, random178, 4},
		{"kings among men", International, kingsAmongst, 5},
		{"russian initial", Russian, "", 6},
		{"russian crowned mid-capture", Russian, "W:WKd2,e3:Bb6,d6,f4,f6,g7,c7,e7", 5},
		{"10x8 initial", EightySquare, "", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Initial(tt.v)
			if tt.fen != "" {
				p = engFEN(t, tt.v, tt.fen)
			}
			for _, paths := range []bool{false, true} {
				var c gen
				c.setup(tt.v.rules(), genOptions{paths: paths})
				checked := 0
				var walk func(p Position, depth int)
				walk = func(p Position, depth int) {
					moves := p.generate(nil, genOptions{paths: paths})
					if n := p.countMoves(&c, nil); n != len(moves) {
						t.Fatalf("%s paths=%v: counted %d moves, listed %d", p.FEN(), paths, n, len(moves))
					}
					checked++
					if depth > 0 {
						for _, m := range moves {
							walk(p.Play(m), depth-1)
						}
					}
				}
				walk(p, tt.depth)
				assert.Greater(t, checked, 100)
			}
		})
	}
}
