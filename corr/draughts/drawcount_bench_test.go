package draughts

import "testing"

// BenchmarkDrawCounterStep is the cost a search pays at each node for the
// draw counts, one Step and one Drawn, along kings shuttling in endings
// where every ending rule of the variant is looked at.
func BenchmarkDrawCounterStep(b *testing.B) {
	for _, st := range []struct {
		v          Variant
		fen, cycle string
	}{
		{Russian, "W:WKc1,Kg1,a3,e3:BKh8,Kf8", "c1-d2 f8-e7 d2-c1 e7-f8"},
		{International, "W:WK46,K1,28,33:BK5,K50,14", "46-41 5-10 41-46 10-5"},
	} {
		b.Run(st.v.String(), func(b *testing.B) {
			r := recordFrom(b, st.v, st.fen, repeatMoves(st.cycle, 50))
			ps := r.Positions()
			for b.Loop() {
				c := NewDrawCounter(r.Start)
				for i, m := range r.Moves {
					c = c.Step(m, ps[i+1])
					if _, ok := c.Drawn(); ok {
						c = NewDrawCounter(ps[i+1])
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(r.Moves)), "ns/step")
		})
	}
}
