package engine

import (
	"testing"

	"zaochnik/corr/draughts"
)

// benchSearch analyses the initial position of v to a fixed depth and
// reports the speed in positions searched per second.
func benchSearch(b *testing.B, v draughts.Variant, depth int) {
	a := NewAnalyser(20)
	p := draughts.Initial(v)
	var nodes uint64
	for b.Loop() {
		nodes += a.Analyse(p, Limits{Depth: depth}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkSearchRussian(b *testing.B)       { benchSearch(b, draughts.Russian, 12) }
func BenchmarkSearchInternational(b *testing.B) { benchSearch(b, draughts.International, 9) }
func BenchmarkSearchGiveaway(b *testing.B)      { benchSearch(b, draughts.Giveaway, 12) }
