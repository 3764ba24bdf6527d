package mailbox

import (
	"context"
	"sync"
	"time"
)

// Backlog lets a Sender give way to a Reader of the same process while the
// Reader hands a backlog of letters over (ReaderOptions.Backlog,
// SenderOptions.Backlog). The letters' way through the referee is one
// serial chain, and on a machine of few cores the Sender's batches (and
// the SMTP server's work on them, when it runs there too) take their CPU
// from it: a backlog is caught up sooner when its forwards go out after
// it, and a lone letter, handed over at once, is not held back. The zero
// value is ready; a nil *Backlog never holds the Sender back.
type Backlog struct {
	mu sync.Mutex
	// clear is closed when the backlog is handed over; nil while none is.
	clear chan struct{}
}

// begin marks the Reader handing letters over.
func (b *Backlog) begin() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.clear == nil {
		b.clear = make(chan struct{})
	}
}

// end marks every letter fetched handed over (or the hand-over given up).
func (b *Backlog) end() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.clear != nil {
		close(b.clear)
		b.clear = nil
	}
}

// pending reports whether the Reader is handing letters over.
func (b *Backlog) pending() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.clear != nil
}

// wait returns once no backlog is being handed over, after at most max,
// or when ctx is done.
func (b *Backlog) wait(ctx context.Context, max time.Duration) {
	if b == nil {
		return
	}
	b.mu.Lock()
	clear := b.clear
	b.mu.Unlock()
	if clear == nil {
		return
	}
	t := time.NewTimer(max)
	defer t.Stop()
	select {
	case <-clear:
	case <-t.C:
	case <-ctx.Done():
	}
}
