package mailbox

import (
	"testing"
	"time"
)

// TestBackoff checks the schedule: doubling from base, capped at max,
// always within ±20% of the nominal delay.
func TestBackoff(t *testing.T) {
	tests := []struct {
		n       int
		nominal time.Duration
	}{
		{0, time.Minute}, {1, 2 * time.Minute}, {3, 8 * time.Minute},
		{7, 128 * time.Minute}, {8, 4 * time.Hour}, {60, 4 * time.Hour},
	}
	for _, tt := range tests {
		for range 100 {
			got := backoff(tt.n, time.Minute, 4*time.Hour)
			if got < tt.nominal*4/5 || got > tt.nominal*6/5 {
				t.Fatalf("backoff(%d) = %v, want %v ±20%%", tt.n, got, tt.nominal)
			}
		}
	}
}
