package draughts

import (
	"testing"
)

func TestPerftInitial(t *testing.T) {
	tests := []struct {
		name    string
		v       Variant
		fen     string
		paths   bool
		want    []uint64
	}{
		{"russian distinct", Russian, "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}},
		{"russian paths", Russian, "", true, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905}},
		{"international distinct", International, "", false, []uint64{9, 81, 658, 4265, 27117, 167140}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Initial(tt.v)
			for d, want := range tt.want {
				if got := Perft(p, d+1, tt.paths); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}
