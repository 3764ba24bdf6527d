package draughts

import "testing"

func benchPerft(b *testing.B, v Variant, depth int, paths bool) {
	p := Initial(v)
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth, paths)
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkPerftRussian8(b *testing.B)       { benchPerft(b, Russian, 8, false) }
func BenchmarkPerftRussian10(b *testing.B)      { benchPerft(b, Russian, 10, false) }
func BenchmarkPerftInternational6(b *testing.B) { benchPerft(b, International, 6, false) }
func BenchmarkPerftInternational8(b *testing.B) { benchPerft(b, International, 8, false) }
func BenchmarkPerftInternational9(b *testing.B) { benchPerft(b, International, 9, false) }
