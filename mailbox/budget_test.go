package mailbox

import (
	"fmt"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBudget_TakeWaitsUntilGiven: a take that would overspend waits for
// a give, one larger than the whole budget goes when nothing is spent.
// Whether a take waits is fits; a take that waits goes once given.
func TestBudget_TakeWaitsUntilGiven(t *testing.T) {
	for _, tc := range []struct {
		name         string
		max, held, n int64
		waits        bool
	}{
		{"fits beside what is spent", 10, 4, 6, false},
		{"would overspend", 10, 4, 7, true},
		{"larger than the budget, nothing spent", 10, 0, 11, false},
		{"larger than the budget, something spent", 10, 1, 11, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBudget(tc.max)
			if tc.held > 0 {
				b.take(tc.held)
			}
			b.mu.Lock()
			fits := b.fits(tc.n)
			b.mu.Unlock()
			assert.Equal(t, !tc.waits, fits)
			took := make(chan struct{})
			go func() { b.take(tc.n); close(took) }()
			want := tc.held + tc.n
			if tc.waits {
				b.give(tc.held)
				want = tc.n
			}
			select { // a guard against a hang, not a measure
			case <-took:
			case <-time.After(10 * time.Second):
				t.Fatal("the take never went")
			}
			b.mu.Lock()
			defer b.mu.Unlock()
			assert.Equal(t, want, b.spent)
		})
	}
}

// TestReader_FetchWaitsForTheBudget: the fetch hands a letter on only
// once its bytes fit beside those fetched and not yet accepted
// (ReaderOptions.FetchBytes), so a backlog of large letters is not all
// held in memory while the store works; it goes on as the Inbox answers.
func TestReader_FetchWaitsForTheBudget(t *testing.T) {
	var raws [][]byte
	for i := range 3 {
		raws = append(raws, []byte(fmt.Sprintf("From: p%d@example.ru\r\nSubject: x\r\nMessage-ID: <b%d@example.ru>\r\n\r\n%0500d\r\n", i, i, i)))
	}
	c, addr := selectedWith(t, raws)
	r, err := NewReader(ReaderOptions{Addr: addr, Username: "tournament@zaochnik.test", Inbox: nopInbox{}, Reading: readerReading})
	require.NoError(t, err)
	arrived := make(chan arrival, len(raws)+1)
	spend := newBudget(int64(len(raws[0]) + len(raws[1])))
	fetched := make(chan error, 1)
	go func() { fetched <- r.fetch(c, []imap.UID{1, 2, 3}, arrived, spend, map[imap.UID]int64{}) }()
	first, second := <-arrived, <-arrived
	spend.mu.Lock() // the two letters spend the budget, and the third does not fit: take waits
	assert.Equal(t, cost(raws[0])+cost(raws[1]), spend.spent, "only the two letters handed on are spent")
	assert.False(t, spend.fits(cost(raws[2])))
	spend.mu.Unlock()
	spend.give(cost(first.f.Raw)) // the Inbox answered the first
	third := <-arrived
	require.NoError(t, <-fetched)
	assert.Equal(t, []uint32{1, 2, 3}, []uint32{first.f.UID, second.f.UID, third.f.UID})
	assert.True(t, (<-arrived).end)
}
