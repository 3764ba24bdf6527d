package tables

import (
	"fmt"
	"testing"

	"zaochnik/corr/draughts"
)

// BenchmarkBuild builds each variant's 4-piece tables (for 5 pieces, time
// `zaochnik tables build --pieces 5`).
func BenchmarkBuild(b *testing.B) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International} {
		b.Run(fmt.Sprint(v), func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(v, 4, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSolve is the 25-ply win searched again under the draw
// rules' counts, against the table's own answer (Probe) as the baseline.
func BenchmarkSolve(b *testing.B) {
	s := tablesOf(b, draughts.Russian)
	p := mustFEN(b, draughts.Russian, "W:WKf8,Kd2,Kb4:BKa7")
	b.Run("probe", func(b *testing.B) {
		for b.Loop() {
			s.Probe(p)
		}
	})
	b.Run("solve", func(b *testing.B) {
		for b.Loop() {
			s.Solve(p, draughts.NewDrawCounter(p))
		}
	})
}
