package draughts

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Move generation into a reused buffer, and playing a move, allocate nothing.
func TestLegalMoves_NoAllocation(t *testing.T) {
	for _, tt := range []struct {
		v   Variant
		fen string
	}{
		{Russian, "W:W21-32:B1-12"},
		{Russian, "B:Wc3,d4,f2,f4:BKa5"},         // king capture, Turkish strike
		{Russian, "W:Wc3:Bb4,b6,d4,d6"},          // duplicate paths merged
		{International, "W:Wc1,i7:Bd2,f4,h8"},    // majority rule
		{International, "W:WK46,K50:B5,9,14,23"}, // kings
	} {
		p := engFEN(t, tt.v, tt.fen)
		buf := make([]Move, 0, 64)
		allocs := testing.AllocsPerRun(50, func() {
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				_ = p.Play(m)
			}
		})
		assert.Zero(t, allocs, tt.fen)
	}
}
