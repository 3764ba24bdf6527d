package mailbox

import (
	"errors"
	"log/slog"
	"math"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
)

// TestPutOff_BacksOffUpToAnHour: a letter failing alone waits MinBackoff
// doubled at each failure, past MaxBackoff (the reconnections'), up to an
// hour (maxPutOff, ±20%), each letter its own.
func TestPutOff_BacksOffUpToAnHour(t *testing.T) {
	r := &Reader{o: ReaderOptions{MinBackoff: time.Second, MaxBackoff: 5 * time.Minute}, log: slog.New(slog.DiscardHandler)}
	waits := func(uid imap.UID) time.Duration { return time.Until(r.waiting[uid].at) }
	r.putOff(7, errors.New("the store refused it"))
	assert.InDelta(t, float64(time.Second), float64(waits(7)), float64(300*time.Millisecond), "the first wait")
	for range 20 {
		r.putOff(7, errors.New("the store refused it"))
	}
	assert.Greater(t, waits(7), 40*time.Minute, "past MaxBackoff")
	assert.LessOrEqual(t, waits(7), maxPutOff+maxPutOff/5)
	r.putOff(8, errors.New("its bytes stopped coming"))
	assert.Less(t, waits(8), 2*time.Second, "each letter its own")
	assert.Equal(t, 21, r.waiting[7].failures)
}

// TestAllowance: a literal's allowance is CommandTimeout and a second for
// every MinTransferRate bytes, whatever the size announced (none, huge:
// no overflow), up to a day's seconds, and never shorter for a larger
// literal.
func TestAllowance(t *testing.T) {
	r := &Reader{o: ReaderOptions{CommandTimeout: 2 * time.Minute, MinTransferRate: 16 << 10}}
	day := int64(maxAllowance / time.Second)
	tests := []struct {
		n    int64
		want time.Duration
	}{
		{-1, 2 * time.Minute},
		{0, 2 * time.Minute},
		{16<<10 - 1, 2 * time.Minute},
		{10 << 20, 2*time.Minute + 640*time.Second},
		{day * 16 << 10, 2*time.Minute + maxAllowance},
		{day*16<<10 + 16<<10, 2*time.Minute + maxAllowance},
		{math.MaxInt64, 2*time.Minute + maxAllowance},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, r.allowance(tt.n), "%d bytes", tt.n)
	}
}
