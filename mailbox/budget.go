package mailbox

import "sync"

// budget bounds the bytes of the letters fetched and not yet accepted
// (waiting to be handed over, or in the group the Inbox works on): the
// fetch takes a letter's bytes before it hands the letter on and waits
// while they would overspend, and the hand-over gives them back once the
// Inbox answered the letter, also after a failed Accept, and as it drains
// the letters arriving after one. A letter always goes when nothing else
// is spent, so that one larger than the budget is not stuck. The bound
// leaves out the one letter the fetch holds while it waits in take, and
// each letter's decoded mail (Fetched.Mail).
type budget struct {
	mu         sync.Mutex
	freed      sync.Cond
	max, spent int64
}

// cost is what the letter raw spends of a budget: its bytes.
func cost(raw []byte) int64 { return int64(len(raw)) }

// newBudget is a budget of max bytes.
func newBudget(max int64) *budget {
	b := &budget{max: max}
	b.freed.L = &b.mu
	return b
}

// take spends n bytes, waiting until they fit.
func (b *budget) take(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for !b.fits(n) {
		b.freed.Wait()
	}
	b.spent += n
}

// fits reports whether n bytes may be spent now: beside what is spent,
// or alone however many; b.mu is held.
func (b *budget) fits(n int64) bool { return b.spent == 0 || b.spent+n <= b.max }

// give returns n bytes taken before.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.spent -= n
	b.mu.Unlock()
	b.freed.Broadcast()
}
