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
			took := make(chan struct{})
			go func() { b.take(tc.n); close(took) }()
			if !tc.waits {
				<-took
				return
			}
			select {
			case <-took:
				t.Fatal("took more than the budget holds while something was spent")
			case <-time.After(50 * time.Millisecond):
			}
			b.give(tc.held)
			<-took
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
	go func() { fetched <- r.fetch(c, []imap.UID{1, 2, 3}, arrived, spend) }()
	first, second := <-arrived, <-arrived
	select {
	case a := <-arrived:
		t.Fatalf("letter %d handed on while two letters, the budget, wait", a.f.UID)
	case <-time.After(100 * time.Millisecond):
	}
	spend.give(cost(first.f.Raw)) // the Inbox answered the first
	third := <-arrived
	require.NoError(t, <-fetched)
	assert.Equal(t, []uint32{1, 2, 3}, []uint32{first.f.UID, second.f.UID, third.f.UID})
	assert.True(t, (<-arrived).end)
}
