package draughts

import "testing"

func benchPerft(b *testing.B, v Variant, fen string, depth int, paths bool) {
	p := Initial(v)
	if fen != "" {
		p = engFEN(b, v, fen)
	}
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth, paths)
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// The positions of "zaochnik perft --bench" (cmd/zaochnik/perft.go), at
// depths a profile can afford.
const (
	woldouby     = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
	random178    = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"
	kingsAmongst = "W:WK3,K29,K48:B7,8,12,13,17,18,19,22,23,24,27,33,34,37,38"
)

func BenchmarkPerftRussian8(b *testing.B)       { benchPerft(b, Russian, "", 8, false) }
func BenchmarkPerftRussian10(b *testing.B)      { benchPerft(b, Russian, "", 10, false) }
func BenchmarkPerftInternational6(b *testing.B) { benchPerft(b, International, "", 6, false) }
func BenchmarkPerftInternational8(b *testing.B) { benchPerft(b, International, "", 8, false) }
func BenchmarkPerftInternational9(b *testing.B) { benchPerft(b, International, "", 9, false) }
func BenchmarkPerftWoldouby12(b *testing.B)     { benchPerft(b, International, woldouby, 12, false) }
func BenchmarkPerftRandom178_7(b *testing.B)    { benchPerft(b, International, random178, 7, false) }
func BenchmarkPerftKingsAmongMen8(b *testing.B) { benchPerft(b, International, kingsAmongst, 8, false) }
