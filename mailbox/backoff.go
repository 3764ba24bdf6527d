package mailbox

import (
	"math/rand/v2"
	"time"
)

// backoff is the delay before retry n (0 for the first retry): base
// doubled n times, capped at max, then spread by ±20% so that many
// clients failing together do not retry together.
func backoff(n int, base, max time.Duration) time.Duration {
	d := base
	for i := 0; i < n && d < max; i++ {
		d *= 2
	}
	d = min(d, max)
	return d - d/5 + rand.N(2*d/5+1)
}

// sleep waits d or until ctx is done, reporting whether it waited d.
func sleep(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-done:
		return false
	}
}
