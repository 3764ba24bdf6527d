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
			const n = 8
			ids := make([]string, n)
			for i := range ids {
				ids[i] = fmt.Sprintf("b.%d@example.ru", i)
			}
			lm := backlogMail(t, ids...)
			out := newFakeOutbox()
			s := backlogSender(t, lm, out, tc.backlog, 0, time.Minute)
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
	lm := stuckMail(t)
	backlog := &mailbox.Backlog{}
	out := newFakeOutbox()
	s := backlogSender(t, lm, out, backlog, mailbox.DefaultBatch, 50*time.Millisecond)
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

// TestSender_GivingWayRecordsWithTheNextClaim: while the reader hands a
// backlog over, the sender still records a batch's outcomes in the
// transaction that claims the next, one write transaction a batch: none
// only records (Claim with max 0) before it gives way.
func TestSender_GivingWayRecordsWithTheNextClaim(t *testing.T) {
	lm := stuckMail(t)
	backlog := &mailbox.Backlog{}
	out := newFakeOutbox()
	s := backlogSender(t, lm, out, backlog, 1, 20*time.Millisecond)
	runSender(t, s)
	const n = 3
	var calls []claimCall // as the outbox saw them while the backlog was pending
	inbox := &forwardingInbox{fakeInbox: newFakeInbox(), t: t, out: out, kick: s.Kick, wait: func() {
		for i := range n {
			out.queue(t, fmt.Sprintf("earlier.%d@zaochnik.test", i), player)
		}
		s.Kick()
		out.waitSettled(t)
		out.mu.Lock()
		calls = append(calls, out.calls...)
		out.mu.Unlock()
	}}
	startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) { o.Backlog = backlog })
	inbox.waitApplied(t, 1)
	var claimed []int64
	for i, c := range calls {
		assert.NotZero(t, c.max, "call %d only records: %+v", i, c)
		if i > 0 {
			assert.Len(t, c.done, len(calls[i-1].claimed), "call %d records the batch before", i)
		}
		claimed = append(claimed, c.claimed...)
	}
	assert.Len(t, claimed, n, "each letter claimed once")
}

// TestSender_KilledWhileGivingWayNeverSendsItsBatchAgain: killed while
// it gives way (the outbox as it stands during the wait, the batch sent),
// the sender leaves the batch it sent in flight, its outcomes not
// recorded, as a kill during the batch does: a sender started on the
// outbox as the kill left it sends the next letters and never that batch
// again (the store marks it uncertain at the start, SettleInFlight).
func TestSender_KilledWhileGivingWayNeverSendsItsBatchAgain(t *testing.T) {
	lm := stuckMail(t)
	// A batch goes after two seconds' give-way; the kill comes within the
	// next two seconds' wait, before the claim that would record it.
	sender := func(out mailbox.Outbox, backlog *mailbox.Backlog) *mailbox.Sender {
		s := backlogSender(t, lm, out, backlog, 1, 2*time.Second)
		runSender(t, s)
		return s
	}
	backlog := &mailbox.Backlog{}
	out := newFakeOutbox()
	s := sender(out, backlog)
	var at *fakeOutbox // the outbox as a kill while the sender gives way leaves it
	inbox := &forwardingInbox{fakeInbox: newFakeInbox(), t: t, out: out, kick: s.Kick, wait: func() {
		out.queue(t, "earlier@zaochnik.test", player)
		s.Kick()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if sinkCounts(t, lm)["earlier@zaochnik.test"] == 1 {
				at = out.snapshot()
				return
			}
		}
	}}
	startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) { o.Backlog = backlog })
	inbox.waitApplied(t, 1)
	require.NotNil(t, at, "the batch went out while the reader's Accept waited")
	require.Len(t, at.rows, 1)
	assert.True(t, at.rows[0].flying && !at.rows[0].sent, "the batch sent is in flight at the kill")

	at.queue(t, "later@zaochnik.test", player)
	sender(at, nil).Kick()
	require.Eventually(t, func() bool { return sinkCounts(t, lm)["later@zaochnik.test"] == 1 }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, 1, sinkCounts(t, lm)["earlier@zaochnik.test"], "never sent again")
}

// TestSender_StoppedWhileGivingWayRecordsItsBatch: stopped while it gives
// way (its context done during the wait), the sender returns at once and,
// as a graceful stop does anywhere, records the outcomes of the batch it
// sent: nothing it handed to SMTP is left in flight for the next start to
// mark uncertain.
func TestSender_StoppedWhileGivingWayRecordsItsBatch(t *testing.T) {
	lm := stuckMail(t)
	backlog := &mailbox.Backlog{}
	out := newFakeOutbox()
	// A batch goes after a second's give-way; stopped within the next
	// second's, the sender has that batch's outcome in hand.
	s := backlogSender(t, lm, out, backlog, 1, time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	var sentBefore, returned bool
	var runErr error
	inbox := &forwardingInbox{fakeInbox: newFakeInbox(), t: t, out: out, kick: s.Kick, wait: func() {
		out.queue(t, "earlier@zaochnik.test", player)
		s.Kick()
		for deadline := time.Now().Add(10 * time.Second); !sentBefore && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			sentBefore = sinkCounts(t, lm)["earlier@zaochnik.test"] == 1
		}
		cancel() // the sender gives way now
		select {
		case runErr = <-ran:
			returned = true
		case <-time.After(10 * time.Second): // a guard against a hang
		}
	}}
	stop := startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) { o.Backlog = backlog })
	inbox.waitApplied(t, 1)
	stop()
	require.True(t, sentBefore, "the batch went out while the reader's Accept waited")
	require.True(t, returned, "the sender returned while giving way")
	require.NoError(t, runErr)
	out.mu.Lock()
	defer out.mu.Unlock()
	require.Len(t, out.rows, 2) // the batch sent, then the reader's forward
	assert.True(t, out.rows[0].sent && !out.rows[0].flying, "the batch's outcome recorded at the stop")
}

// snapshot is a copy of f's letters, as a kill leaves the outbox.
func (f *fakeOutbox) snapshot() *fakeOutbox {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := newFakeOutbox()
	for _, r := range f.rows {
		r := *r
		c.rows = append(c.rows, &r)
	}
	return c
}

// stuckMail is a mail server with one letter in the tournament's inbox:
// the backlog a test's reader hands over while its Accept waits.
func stuckMail(t *testing.T) *localmail.Server { return backlogMail(t, "stuck.1@example.ru") }

// backlogMail is a mail server of the tournament and the player whose
// tournament inbox holds a letter from the player for each of ids.
func backlogMail(t *testing.T, ids ...string) *localmail.Server {
	lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))
	for _, id := range ids {
		require.NoError(t, lm.Deliver("player@example.ru", []string{tournament}, letter(id, "backlog")))
	}
	return lm
}

// backlogSender is a sender of lm's tournament on out, batch letters a
// batch (0: the default), giving way to backlog for giveWay at most; not yet running.
func backlogSender(t *testing.T, lm *localmail.Server, out mailbox.Outbox, backlog *mailbox.Backlog, batch int, giveWay time.Duration) *mailbox.Sender {
	s, err := mailbox.NewSender(mailbox.SenderOptions{
		Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret, Batch: batch,
		Outbox: out, Backlog: backlog, GiveWay: giveWay, Timeout: 10 * time.Second, Logger: testLogger(t),
	})
	require.NoError(t, err)
	return s
}
