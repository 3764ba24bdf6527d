package diagram

import (
	"testing"

	"zaochnik/corr/draughts"
)

// BenchmarkPNG draws and encodes the initial 10x10 position, the largest
// picture a letter carries.
func BenchmarkPNG(b *testing.B) {
	p := draughts.Initial(draughts.International)
	var n int
	for b.Loop() {
		n = len(PNG(p))
	}
	b.ReportMetric(float64(n), "bytes")
}
