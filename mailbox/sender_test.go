package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
)

const player = "ivanov@example.ru"

// outRow is one letter of the fake outbox.
type outRow struct {
	letter    mailbox.Outgoing
	messageID string
	attempts  int
	due       time.Time
	flying    bool // claimed, its outcome not recorded
	broken    bool // the store cannot read it whole (Attempt.Err)
	sent      bool
	dead      string
	reasons   []string
}

// claimCall is one Claim: the outcomes it recorded and the letters it put
// in flight, in one transaction.
type claimCall struct {
	done    []mailbox.Outcome
	max     int
	failed  bool    // the store failed: nothing recorded or claimed
	flying  int     // letters still in flight once done was recorded
	claimed []int64 // the batch
}

// fakeOutbox keeps the outbox in memory as the Outbox contract describes;
// each Claim is one transaction.
type fakeOutbox struct {
	mu      sync.Mutex
	rows    []*outRow
	calls   []claimCall
	failing map[int]bool // the Claims (numbered from 0) that fail, recording and claiming nothing
	changed chan struct{}
}

func newFakeOutbox() *fakeOutbox { return &fakeOutbox{changed: make(chan struct{}, 1)} }

// queue composes a letter to rcpt and queues it, due now.
func (f *fakeOutbox) queue(t *testing.T, id, rcpt string) {
	t.Helper()
	o := outgoing()
	o.MessageID = id
	o.To = []mailbox.Address{{Addr: rcpt}}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows = append(f.rows, &outRow{letter: o, messageID: id, due: time.Now()})
}

// waiting is the rows neither sent, dead nor in flight, the earliest due
// first.
func (f *fakeOutbox) waiting() []int {
	var out []int
	for i, r := range f.rows {
		if !r.sent && r.dead == "" && !r.flying {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return f.rows[out[i]].due.Before(f.rows[out[j]].due) })
	return out
}

func (f *fakeOutbox) NextDue(context.Context) (time.Time, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w := f.waiting()
	if len(w) == 0 {
		return time.Time{}, false, nil
	}
	return f.rows[w[0]].due, true, nil
}

func (f *fakeOutbox) Claim(_ context.Context, done []mailbox.Outcome, now, retryAt time.Time, max int) ([]mailbox.Attempt, error) {
	f.mu.Lock()
	defer func() {
		f.mu.Unlock()
		select {
		case f.changed <- struct{}{}:
		default:
		}
	}()
	if f.failing[len(f.calls)] {
		f.calls = append(f.calls, claimCall{done: done, max: max, failed: true})
		return nil, errors.New("database or disk is full")
	}
	for _, o := range done {
		r := f.rows[o.ID]
		if !r.flying {
			return nil, fmt.Errorf("letter %d is not in flight", o.ID)
		}
		r.flying = false
		switch o.Fate {
		case mailbox.Sent:
			r.sent = true
		case mailbox.Retry:
			r.due, r.reasons = o.At, append(r.reasons, o.Reason)
		case mailbox.Dead:
			r.dead = o.Reason
		case mailbox.Unattempted:
			r.attempts--
			r.due = o.At
		}
	}
	call := claimCall{done: done, max: max}
	for _, r := range f.rows {
		if r.flying {
			call.flying++
		}
	}
	var out []mailbox.Attempt
	for _, i := range f.waiting() {
		r := f.rows[i]
		if len(out) == max || r.due.After(now) {
			break
		}
		r.attempts++
		r.due, r.flying = retryAt, true
		a := mailbox.Attempt{ID: int64(i), Number: r.attempts, Letter: r.letter}
		if r.broken {
			a.Err = errors.New("letter-1.eml: not found")
		}
		out = append(out, a)
		call.claimed = append(call.claimed, int64(i))
	}
	f.calls = append(f.calls, call)
	return out, nil
}

// settled reports whether every letter is sent or dead.
func (f *fakeOutbox) settled() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.rows {
		if !r.sent && r.dead == "" {
			return false
		}
	}
	return true
}

// waitSettled waits until every letter is sent or dead.
func (f *fakeOutbox) waitSettled(t *testing.T) {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for !f.settled() {
		select {
		case <-f.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatal("letters still waiting")
		}
	}
}

// startSender runs a sender against lm until the test ends.
func startSender(t *testing.T, lm *localmail.Server, out mailbox.Outbox, maxAttempts int) *mailbox.Sender {
	t.Helper()
	return startBatchSender(t, lm.SMTPAddr, out, maxAttempts, 0)
}

// startBatchSender runs a sender of batches of batch letters (0: the
// default) against the SMTP server at addr until the test ends.
func startBatchSender(t *testing.T, addr string, out mailbox.Outbox, maxAttempts, batch int) *mailbox.Sender {
	t.Helper()
	s, err := mailbox.NewSender(mailbox.SenderOptions{
		Addr: addr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret,
		Outbox: out, Batch: batch, RetryBase: 5 * time.Millisecond, RetryMax: 50 * time.Millisecond,
		MaxAttempts: maxAttempts, Timeout: 10 * time.Second, Logger: testLogger(t),
	})
	require.NoError(t, err)
	runSender(t, s)
	return s
}

// runSender runs s until the test ends.
func runSender(t *testing.T, s *mailbox.Sender) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })
}

// sinkCounts counts the letters delivered per Message-ID.
func sinkCounts(t *testing.T, lm *localmail.Server) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, d := range lm.Deliveries() {
		in, err := mailbox.Decode(d.Raw)
		require.NoError(t, err)
		n[in.MessageID]++
	}
	return n
}

// TestSender covers the outbox's outcomes: delivery, a sink answering 451
// for a while and then 250, a 550 (dead letter at once), a 451 that never
// ends (dead after the last attempt), an unknown recipient (550 5.1.1).
// Every letter reaches the sink at most once.
func TestSender(t *testing.T) {
	tests := []struct {
		name      string
		rcpt      string
		fail      func(n int) error // the sink's answer to the n-th DATA (1-based); nil accepts
		wantSent  bool
		wantTries int
		wantDead  string
	}{
		{"Delivered", player, nil, true, 1, ""},
		{"Temporary451ThenOK", player, func(n int) error {
			if n <= 3 {
				return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try later"}
			}
			return nil
		}, true, 4, ""},
		{"Permanent550", player, func(int) error {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "Rejected"}
		}, false, 1, "550"},
		{"TemporaryForever", player, func(int) error {
			return &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 4, 2}, Message: "Busy"}
		}, false, 4, "gave up after 4 attempts"},
		{"UnknownRecipient", "nobody@example.ru", nil, false, 1, "550"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			tries := 0
			lm, err := localmail.Start(localmail.Options{Logger: testLogger(t), OnData: func(string, []string, []byte) error {
				mu.Lock()
				defer mu.Unlock()
				tries++
				if tt.fail != nil {
					return tt.fail(tries)
				}
				return nil
			}})
			require.NoError(t, err)
			t.Cleanup(func() { lm.Close() })
			require.NoError(t, lm.AddUser(tournament, secret))
			require.NoError(t, lm.AddUser(player, secret))

			out := newFakeOutbox()
			out.queue(t, "g7.1@zaochnik.test", tt.rcpt)
			startSender(t, lm, out, 4)
			out.waitSettled(t)

			out.mu.Lock()
			r := out.rows[0]
			assert.Equal(t, tt.wantSent, r.sent)
			assert.Equal(t, tt.wantTries, r.attempts)
			if tt.wantDead == "" {
				assert.Empty(t, r.dead)
			} else {
				assert.Contains(t, r.dead, tt.wantDead)
			}
			out.mu.Unlock()
			want := map[string]int{}
			if tt.wantSent {
				want["g7.1@zaochnik.test"] = 1
			}
			assert.Equal(t, want, sinkCounts(t, lm))
		})
	}
}

// TestSender_KickAndRead: letters queued while the sender idles go out on
// Kick, each once, and the player reads them over IMAP.
func TestSender_KickAndRead(t *testing.T) {
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))
	out := newFakeOutbox()
	s := startSender(t, lm, out, 4)
	var ids []string
	for i := range 5 {
		id := fmt.Sprintf("g7.%d@zaochnik.test", i)
		ids = append(ids, id)
		out.queue(t, id, player)
		s.Kick()
	}
	out.waitSettled(t)
	counts := sinkCounts(t, lm)
	for _, id := range ids {
		assert.Equal(t, 1, counts[id], id)
	}

	got := playerInbox(t, lm.IMAPAddr)
	assert.ElementsMatch(t, ids, got)
}

// TestSender_LetterQueuedByAnotherProcess: a letter queued with no Kick
// (as "zaochnik judge rule" queues the ruling into the store of a running
// server) goes out within Poll, also while another letter waits for a
// retry far ahead.
func TestSender_LetterQueuedByAnotherProcess(t *testing.T) {
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))
	out := newFakeOutbox()
	out.queue(t, "later@zaochnik.test", player)
	out.rows[0].due = time.Now().Add(time.Hour) // a retry due in an hour
	s, err := mailbox.NewSender(mailbox.SenderOptions{
		Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret,
		Outbox: out, Poll: 20 * time.Millisecond, Timeout: 10 * time.Second, Logger: testLogger(t),
	})
	require.NoError(t, err)
	runSender(t, s)
	time.Sleep(50 * time.Millisecond) // the sender is idle, waiting for the retry
	out.queue(t, "ruling@zaochnik.test", player)
	require.Eventually(t, func() bool { return sinkCounts(t, lm)["ruling@zaochnik.test"] == 1 }, 10*time.Second, 10*time.Millisecond)
	assert.Zero(t, sinkCounts(t, lm)["later@zaochnik.test"], "the retry keeps its schedule")
}

// TestSender_ServerDown: while the SMTP server cannot be reached the
// letters wait without spending attempts; they go out once it is back.
func TestSender_ServerDown(t *testing.T) {
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(player, secret))
	p := newProxy(t, lm.SMTPAddr)
	p.refuse.Store(true)
	out := newFakeOutbox()
	out.queue(t, "down.1@zaochnik.test", player)
	s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: p.addr(), Security: mailbox.SecurityPlain,
		Outbox: out, Logger: testLogger(t)})
	require.NoError(t, err)
	runSender(t, s)
	time.Sleep(100 * time.Millisecond) // a failed connection or two
	out.mu.Lock()
	assert.Equal(t, 0, out.rows[0].attempts, "no attempt spent on a server that is down")
	out.mu.Unlock()
	p.refuse.Store(false)
	out.waitSettled(t)
	out.mu.Lock()
	assert.True(t, out.rows[0].sent)
	assert.Equal(t, 1, out.rows[0].attempts)
	out.mu.Unlock()
	assert.Equal(t, map[string]int{"down.1@zaochnik.test": 1}, sinkCounts(t, lm))
}

// ids are the letters of outcomes.
func ids(done []mailbox.Outcome) []int64 {
	var out []int64
	for _, o := range done {
		out = append(out, o.ID)
	}
	return out
}

// TestSender_Batch: the sender claims a batch, hands its letters to SMTP
// in turn and records their outcomes with the claim of the next batch, in
// one transaction, so that at most one batch is ever in flight; a
// connection lost mid-batch costs the letters not yet handed over no
// attempt. Every letter reaches the sink at most once.
func TestSender_Batch(t *testing.T) {
	unknown := "nobody@example.ru"
	tests := []struct {
		name  string
		batch int
		rcpts []string
		// fail is the sink's answer to the n-th DATA (1-based); nil accepts.
		// cut cuts the connection.
		fail         func(n int, cut func()) error
		broken       []int          // the letters the store cannot read whole
		wantFirst    []mailbox.Fate // the first batch's outcomes, as the second claim records them
		wantAttempts []int
		wantSent     []bool
	}{
		{"OutcomesRecordedWithTheNextClaim", 2, []string{player, player, player, player, player}, nil, nil,
			[]mailbox.Fate{mailbox.Sent, mailbox.Sent}, []int{1, 1, 1, 1, 1}, []bool{true, true, true, true, true}},
		{"EachLetterItsOwnOutcome", 3, []string{player, unknown, player}, func(n int, _ func()) error {
			if n == 2 { // the third letter (the second DATA: the unknown recipient is refused at RCPT)
				return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try later"}
			}
			return nil
		}, nil, []mailbox.Fate{mailbox.Sent, mailbox.Dead, mailbox.Retry}, []int{1, 1, 2}, []bool{true, false, true}},
		{"ConnectionLostMidBatch", 4, []string{player, player, player, player}, func(n int, cut func()) error {
			if n == 2 {
				cut()
				return &smtp.SMTPError{Code: 451, Message: "gone"} // never read: the connection is cut
			}
			return nil
		}, nil, []mailbox.Fate{mailbox.Sent, mailbox.Retry, mailbox.Unattempted, mailbox.Unattempted}, []int{1, 2, 1, 1}, []bool{true, true, true, true}},
		// Retried as a temporary failure, dead after the last attempt.
		{"LetterTheStoreCannotRead", 2, []string{player, player}, nil, []int{1},
			[]mailbox.Fate{mailbox.Sent, mailbox.Retry}, []int{1, 4}, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			datas := 0
			var p *proxy
			lm, err := localmail.Start(localmail.Options{Logger: testLogger(t), OnData: func(string, []string, []byte) error {
				mu.Lock()
				defer mu.Unlock()
				datas++
				if tt.fail != nil {
					return tt.fail(datas, p.cut)
				}
				return nil
			}})
			require.NoError(t, err)
			t.Cleanup(func() { lm.Close() })
			require.NoError(t, lm.AddUser(tournament, secret))
			require.NoError(t, lm.AddUser(player, secret))
			p = newProxy(t, lm.SMTPAddr)

			out := newFakeOutbox()
			for i, rcpt := range tt.rcpts {
				out.queue(t, fmt.Sprintf("b%d@zaochnik.test", i), rcpt)
			}
			for _, i := range tt.broken {
				out.rows[i].broken = true
			}
			startBatchSender(t, p.addr(), out, 4, tt.batch)
			out.waitSettled(t)

			out.mu.Lock()
			defer out.mu.Unlock()
			calls := out.calls
			require.GreaterOrEqual(t, len(calls), 2)
			assert.Equal(t, []int64{0, 1, 2, 3, 4}[:min(tt.batch, len(tt.rcpts))], calls[0].claimed, "the first batch")
			var first []mailbox.Fate
			for _, o := range calls[1].done {
				first = append(first, o.Fate)
			}
			assert.Equal(t, tt.wantFirst, first)
			for i, c := range calls {
				assert.Zero(t, c.flying, "claim %d: the batch before is recorded whole before the next is claimed", i)
				assert.LessOrEqual(t, len(c.claimed), tt.batch, "claim %d", i)
				if i > 0 {
					assert.Equal(t, calls[i-1].claimed, ids(c.done), "claim %d records the outcomes of claim %d's batch", i, i-1)
				}
			}
			want := map[string]int{}
			for i, r := range out.rows {
				assert.Equal(t, tt.wantAttempts[i], r.attempts, "letter %d's attempts", i)
				assert.Equal(t, tt.wantSent[i], r.sent, "letter %d sent", i)
				if r.sent {
					want[r.messageID] = 1
				}
			}
			assert.Equal(t, want, sinkCounts(t, lm))
		})
	}
}

// TestSender_StoreFailsOutcomesKept: when the store cannot record a
// batch's outcomes, the sender keeps them, backs off, and writes them
// before it reads the outbox again; it never claims nor sends meanwhile.
func TestSender_StoreFailsOutcomesKept(t *testing.T) {
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))
	out := newFakeOutbox()
	out.failing = map[int]bool{1: true, 2: true} // the claim after the first batch, and the record after it
	for i := range 3 {
		out.queue(t, fmt.Sprintf("s%d@zaochnik.test", i), player)
	}
	startBatchSender(t, lm.SMTPAddr, out, 4, 2)
	out.waitSettled(t)

	out.mu.Lock()
	defer out.mu.Unlock()
	calls := out.calls
	require.GreaterOrEqual(t, len(calls), 5)
	assert.Equal(t, []int64{0, 1}, calls[0].claimed)
	for i := 1; i <= 3; i++ {
		assert.Equal(t, []int64{0, 1}, ids(calls[i].done), "call %d carries the first batch's outcomes", i)
		assert.Equal(t, i == 3, !calls[i].failed)
	}
	assert.Equal(t, 2, calls[1].max, "the claim that failed")
	assert.Zero(t, calls[2].max, "then the outcomes alone, before the outbox is read again")
	assert.Zero(t, calls[3].max)
	assert.Equal(t, []int64{2}, calls[4].claimed, "then the next batch")
	assert.Equal(t, map[string]int{"s0@zaochnik.test": 1, "s1@zaochnik.test": 1, "s2@zaochnik.test": 1}, sinkCounts(t, lm))
}
