package mailbox_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
)

// forwardingInbox is a fakeInbox that, as the daemon's does, queues a
// forward in out for every letter and kicks the sender; each Accept first
// runs wait (the referee's work), then notes how many letters the sender
// had claimed by then.
type forwardingInbox struct {
	*fakeInbox
	t    *testing.T
	out  *fakeOutbox
	kick func()
	wait func()

	mu      sync.Mutex
	claimed []int // at the end of each Accept
}

func (f *forwardingInbox) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	f.wait()
	refused, err := f.fakeInbox.Accept(ctx, mbox, validity, letters)
	n := claims(f.out)
	f.mu.Lock()
	f.claimed = append(f.claimed, n)
	f.mu.Unlock()
	for _, l := range letters {
		f.out.queue(f.t, fmt.Sprintf("fwd.%d@zaochnik.test", l.UID), player)
	}
	f.kick()
	return refused, err
}

// claims is how many letters the sender has claimed of out.
func claims(out *fakeOutbox) int {
	out.mu.Lock()
	defer out.mu.Unlock()
	n := 0
	for _, c := range out.calls {
		n += len(c.claimed)
	}
	return n
}

// TestSender_GivesWayToTheReadersBacklog: with a Backlog shared by the
// reader and the sender (as the daemon wires them), the sender claims no
// letter while the reader hands a backlog over, and sends every forward
// once the last letter is handed over; without one it sends meanwhile.
func TestSender_GivesWayToTheReadersBacklog(t *testing.T) {
	for _, tc := range []struct {
		name        string
		backlog     *mailbox.Backlog
		wantClaimed bool // letters claimed before the last Accept
	}{
		{"Shared", &mailbox.Backlog{}, false},
		{"None", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: testLogger(t)})
			require.NoError(t, err)
			t.Cleanup(func() { lm.Close() })
			require.NoError(t, lm.AddUser(tournament, secret))
			require.NoError(t, lm.AddUser(player, secret))
			const n = 8
			for i := range n {
				require.NoError(t, lm.Deliver("player@example.ru", []string{tournament}, letter(fmt.Sprintf("b.%d@example.ru", i), "backlog")))
			}
			out := newFakeOutbox()
			s, err := mailbox.NewSender(mailbox.SenderOptions{
				Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret,
				Outbox: out, Backlog: tc.backlog, GiveWay: time.Minute, Timeout: 10 * time.Second, Logger: testLogger(t),
			})
			require.NoError(t, err)
			runSender(t, s)
			// The referee's work: time for a sender that does not give
			// way to claim meanwhile.
			wait := func() { time.Sleep(30 * time.Millisecond) }
			if tc.backlog == nil {
				// Without a backlog the sender claims while the reader
				// works: from the second Accept on (the first one's
				// forward queued) each waits until the outbox records a
				// claim, all of them 30 s at most, a guard against a hang
				// (a sender that never claims meanwhile fails below).
				var deadline time.Time // the reader calls Accept one at a time
				wait = func() {
					if deadline.IsZero() {
						deadline = time.Now().Add(30 * time.Second)
						return
					}
					for time.Now().Before(deadline) && claims(out) == 0 {
						time.Sleep(5 * time.Millisecond)
					}
				}
			}
			inbox := &forwardingInbox{fakeInbox: newFakeInbox(), t: t, out: out, kick: s.Kick, wait: wait}
			startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) { o.GroupSize, o.Backlog = 1, tc.backlog })
			inbox.waitApplied(t, n)
			require.Eventually(t, func() bool {
				out.mu.Lock()
				defer out.mu.Unlock()
				return len(out.rows) == n
			}, 10*time.Second, 10*time.Millisecond)
			out.waitSettled(t)
			inbox.mu.Lock()
			defer inbox.mu.Unlock()
			require.Len(t, inbox.claimed, n)
			assert.Equal(t, tc.wantClaimed, inbox.claimed[n-1] > 0, "letters claimed during the backlog: %v", inbox.claimed)
			for id, k := range sinkCounts(t, lm) {
				assert.Equal(t, 1, k, id)
			}
		})
	}
}

// TestSender_GiveWayIsBounded: a reader stuck on its backlog holds the
// sender back for GiveWay at most: a letter due goes out while the
// reader's Accept still waits.
func TestSender_GiveWayIsBounded(t *testing.T) {
	lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))
	require.NoError(t, lm.Deliver("player@example.ru", []string{tournament}, letter("stuck.1@example.ru", "backlog")))
	backlog := &mailbox.Backlog{}
	out := newFakeOutbox()
	s, err := mailbox.NewSender(mailbox.SenderOptions{
		Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret,
		Outbox: out, Backlog: backlog, GiveWay: 50 * time.Millisecond, Timeout: 10 * time.Second, Logger: testLogger(t),
	})
	require.NoError(t, err)
	runSender(t, s)
	sentMeanwhile := make(chan bool, 1)
	inbox := &forwardingInbox{fakeInbox: newFakeInbox(), t: t, out: out, kick: s.Kick, wait: func() {
		out.queue(t, "earlier@zaochnik.test", player)
		s.Kick()
		// A guard against a hang: a sender waiting for the whole backlog
		// never sends while this Accept lasts.
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if sinkCounts(t, lm)["earlier@zaochnik.test"] == 1 {
				sentMeanwhile <- true
				return
			}
		}
		sentMeanwhile <- false
	}}
	startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) { o.Backlog = backlog })
	assert.True(t, <-sentMeanwhile, "the letter went out while the reader's Accept still waited")
	inbox.waitApplied(t, 1)
	out.waitSettled(t)
}
