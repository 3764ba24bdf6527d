package mailbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/emersion/go-smtp"
)

// Outbox is the queue of letters the server sends; storage implements it.
// Every method commits before it returns.
//
// The Sender sends in batches: Claim puts up to a batch of due letters in
// flight and records, in the same transaction, the outcomes of the batch
// before. A letter in flight (its attempt begun, its outcome not recorded)
// is never offered again, so it reaches SMTP at most once even if its
// outcome is never recorded; at most one batch is ever in flight.
type Outbox interface {
	// NextDue reports when the earliest waiting letter (neither sent, dead,
	// held nor in flight) is due; ok is false when none waits. The Sender
	// asks it only when it has no letter in hand, to know how long to wait.
	NextDue(ctx context.Context) (due time.Time, ok bool, err error)

	// Claim records the outcomes done (of the letters the last Claim put in
	// flight) and puts in flight up to max letters due at now, the earliest
	// due first, all in one transaction: each letter's attempt is recorded
	// as begun (at now, the next at retryAt until its outcome says
	// otherwise) before it is handed to SMTP, and counted when its outcome
	// is recorded. A letter in flight is never offered again, so that a
	// crash during the send cannot cause a hot retry loop: the store
	// settles what a crash left in flight once, at the next start. It
	// returns the letters as plain values (the Sender composes them; From
	// and To are the envelope). With max 0 it only records. When it fails
	// nothing is recorded or claimed.
	Claim(ctx context.Context, done []Outcome, now, retryAt time.Time, max int) ([]Attempt, error)
}

// Attempt is a letter Claim put in flight.
type Attempt struct {
	ID     int64
	Number int // of this attempt, 1 for the first
	Letter Outgoing
	// Err: the store could not read the letter whole (an attached letter,
	// a file); the attempt fails as a temporary failure would.
	Err error
}

// Fate is what became of a letter in flight.
type Fate uint8

const (
	// Sent: the SMTP server accepted the letter at Outcome.At.
	Sent Fate = iota + 1
	// Retry: a temporary failure (a 4xx reply, a network error); the next
	// attempt is at Outcome.At.
	Retry
	// Dead: a permanent failure (a 5xx reply, or temporary failures past
	// the last attempt) at Outcome.At; the letter is not tried again, and
	// the store tells the secretary.
	Dead
	// Unattempted: the letter was not handed to SMTP (the connection was
	// lost, or the Sender stopped, before its turn in the batch); it waits
	// again, due at Outcome.At, its attempt not counted.
	Unattempted
)

// Outcome is what became of letter ID, for the next Claim to record.
type Outcome struct {
	ID     int64
	Fate   Fate
	At     time.Time
	Reason string // Retry, Dead: the SMTP reply or the error
}

// SenderOptions configure a Sender. Addr and Outbox are required; every
// zero duration or count takes the default in its comment.
type SenderOptions struct {
	Addr      string   // "smtp.example.ru:587"
	Security  Security // SecurityStartTLS if empty
	TLSConfig *tls.Config
	Username  string // AUTH PLAIN when set
	Password  string
	LocalName string // the EHLO name; "localhost"

	Outbox Outbox
	// Batch is how many letters one Claim puts in flight (DefaultBatch if
	// zero). A bigger batch costs fewer transactions a letter; after a
	// crash every letter of the batch in flight is of unknown fate (the
	// store marks them dead as uncertain and tells the secretary).
	Batch int

	// Retries of temporary failures (4xx replies, network errors) wait
	// RetryBase doubled per attempt up to RetryMax, ±20% jitter. With the
	// defaults (1 min, 4 h, 20 attempts) the schedule is 1, 2, 4, 8, 16,
	// 32, 64, 128 min, then every 4 h: about 2 days before the letter is
	// declared dead.
	RetryBase, RetryMax time.Duration
	MaxAttempts         int
	// Timeout bounds each SMTP exchange (a command and its reply, or a
	// pipelined group of them); the reply to a letter's data gets 5 min.
	// 1 min.
	Timeout time.Duration
	// Poll bounds the wait between two readings of the outbox, so that a
	// letter another process queued (zaochnik judge rule, tournament start)
	// goes out without a Kick. 1 min.
	Poll time.Duration
	// Backlog, shared with the Reader of the same process, holds the
	// sender back while the Reader hands a backlog over, GiveWay at most
	// before each batch (nil: never). 2 s.
	Backlog *Backlog
	GiveWay time.Duration

	Now    func() time.Time // time.Now if nil
	Logger *slog.Logger     // slog.Default() if nil
	Debug  io.Writer        // raw SMTP trace, credentials included
}

// DefaultBatch is SenderOptions.Batch's default: 16 letters a
// transaction instead of one, and at most 16 letters of unknown fate
// after a crash.
const DefaultBatch = 16

// Sender sends the outbox's letters over SMTP, one goroutine, woken by Kick,
// by a timer set to the next due letter and, at the latest, every Poll.
type Sender struct {
	o    SenderOptions
	log  *slog.Logger
	kick chan struct{}
}

// NewSender checks o and fills its defaults.
func NewSender(o SenderOptions) (*Sender, error) {
	switch {
	case o.Addr == "":
		return nil, errors.New("mailbox: the SMTP sender needs the server address (host:port)")
	case o.Outbox == nil:
		return nil, errors.New("mailbox: the SMTP sender needs an Outbox to send from")
	}
	setDefault(&o.Security, SecurityStartTLS)
	if o.Security != SecurityTLS && o.Security != SecurityStartTLS && o.Security != SecurityPlain {
		return nil, fmt.Errorf("mailbox: unknown SMTP security %q: use tls, starttls or plain", o.Security)
	}
	setDefault(&o.LocalName, "localhost")
	setDefault(&o.RetryBase, time.Minute)
	setDefault(&o.RetryMax, 4*time.Hour)
	setDefault(&o.MaxAttempts, 20)
	setDefault(&o.Batch, DefaultBatch)
	setDefault(&o.Timeout, time.Minute)
	setDefault(&o.Poll, time.Minute)
	setDefault(&o.GiveWay, 2*time.Second)
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Sender{o: o, log: o.Logger.With("smtp", o.Addr), kick: make(chan struct{}, 1)}, nil
}

// Kick tells the sender that a letter was queued. It never blocks.
func (s *Sender) Kick() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// Run sends due letters until ctx is done, then returns nil. The
// connection is kept while letters are due and closed when none is, or at
// once when ctx ends: a letter being handed over then is cut off and
// retried.
//
// It claims a batch of due letters once connected (so that a server that
// cannot be reached spends no attempt), sends them in turn, and records
// their outcomes with the next claim. A letter is handed to SMTP at most
// once (see Outbox): when the store cannot record the outcomes, the sender
// keeps them and writes them before it reads the outbox again, backing off
// while the store fails; it never sends a letter again meanwhile. While
// the Reader beside it hands a backlog over (SenderOptions.Backlog) it
// waits before each batch, the outcomes of the last one recorded with the
// next claim still: one write transaction a batch, a backlog or not.
func (s *Sender) Run(ctx context.Context) error {
	var c *smtpConn
	defer func() {
		if c != nil {
			c.close()
		}
	}()
	var done []Outcome // of the letters in flight, recorded with the next claim
	defer func() {
		// Stopping: what the store takes now is not in flight at the next start.
		_ = s.record(context.WithoutCancel(ctx), &done)
	}()
	failures := 0      // consecutive failures to connect
	storeFailures := 0 // consecutive failures of the store
	storeWait := func(err error) {
		wait := backoff(storeFailures, time.Second, time.Minute)
		storeFailures++
		s.log.Error("store: the outbox cannot be read or written; letters wait", "err", err, "retry in", wait)
		sleep(ctx.Done(), wait)
	}
	due := false // letters were due at the last look: claim without asking NextDue
	for ctx.Err() == nil {
		if !due {
			if err := s.record(ctx, &done); err != nil {
				storeWait(err)
				continue
			}
			next, ok, err := s.o.Outbox.NextDue(ctx)
			if err != nil {
				storeWait(&StoreError{fmt.Errorf("reading the outbox: %w", err)})
				continue
			}
			storeFailures = 0
			now := s.o.Now()
			if !ok || next.After(now) {
				if c != nil {
					c.quit()
					c = nil
				}
				wait := s.o.Poll
				if ok {
					wait = min(wait, next.Sub(now))
				}
				s.idle(ctx, wait)
				continue
			}
			due = true
		}
		if s.o.Backlog.pending() {
			// The reader is catching up: its chain goes first, the
			// writer's lock included. The last batch waits in flight
			// meanwhile, as it does while the next is claimed: killed
			// now, the daemon leaves it uncertain (never sent again).
			s.o.Backlog.wait(ctx, s.o.GiveWay)
			if ctx.Err() != nil {
				continue
			}
		}
		if c == nil {
			var err error
			if c, err = dialSMTP(ctx, s.o); err != nil {
				due = false
				// The server, not the letter, is at fault: retry it
				// every few minutes at most, letters keep their schedule.
				wait := backoff(failures, time.Second, min(s.o.RetryMax, 5*time.Minute))
				failures++
				s.log.Warn("smtp: cannot connect; letters wait", "err", err, "retry in", wait)
				if s.record(ctx, &done) == nil {
					sleep(ctx.Done(), wait)
				}
				continue
			}
		}
		failures = 0
		now := s.o.Now()
		batch, err := s.o.Outbox.Claim(ctx, done, now, now.Add(backoff(0, s.o.RetryBase, s.o.RetryMax)), s.o.Batch)
		if err != nil {
			due = false
			storeWait(&StoreError{fmt.Errorf("recording %d letters' outcomes and claiming the next: %w", len(done), err)})
			continue
		}
		done, storeFailures = nil, 0
		if len(batch) == 0 {
			due = false
			continue
		}
		if !s.sendBatch(ctx, c, batch, &done) {
			c.close()
			c = nil
		}
	}
	return nil
}

// record writes the kept outcomes in one transaction.
func (s *Sender) record(ctx context.Context, done *[]Outcome) error {
	if len(*done) == 0 {
		return nil
	}
	if _, err := s.o.Outbox.Claim(ctx, *done, s.o.Now(), time.Time{}, 0); err != nil {
		return &StoreError{fmt.Errorf("recording the outcomes of %d letters handed to SMTP: %w", len(*done), err)}
	}
	*done = nil
	return nil
}

// idle waits for a kick, for the time in to pass (the next due letter or
// the next look at the outbox) or for ctx.
func (s *Sender) idle(ctx context.Context, in time.Duration) {
	t := time.NewTimer(in)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-s.kick:
	case <-t.C:
	}
}

// sendBatch hands the batch's letters to SMTP in turn (smtpConn.transact)
// and appends their outcomes to done, in the batch's order. A letter the
// store could not read, or that cannot be composed, gets its outcome
// without SMTP; when the connection is lost or ctx ends, the letters not
// handed over yet are Unattempted. It reports whether the connection is
// still usable.
func (s *Sender) sendBatch(ctx context.Context, c *smtpConn, batch []Attempt, done *[]Outcome) (usable bool) {
	outcomes := make([]Outcome, len(batch))
	logs := make([]*slog.Logger, len(batch))
	var envs []envelope
	var sent []int // the batch's index of each of envs
	for i, a := range batch {
		o := a.Letter
		env := envelope{from: o.From.Addr}
		for _, r := range append(o.To, o.Cc...) {
			env.to = append(env.to, r.Addr)
		}
		logs[i] = s.log.With("letter", a.ID, "attempt", a.Number, "to", env.to)
		if a.Err != nil { // the store could not read it whole: try again later
			outcomes[i] = s.failed(logs[i], a, s.o.Now(), &StoreError{a.Err})
			continue
		}
		var err error
		if env.data, err = Compose(o); err != nil {
			// The letter, not the server, is at fault: it never could go.
			logs[i].Error("smtp: the letter cannot be composed; dead letter", "err", err)
			outcomes[i] = Outcome{ID: a.ID, Fate: Dead, At: s.o.Now(), Reason: err.Error()}
			continue
		}
		envs = append(envs, env)
		sent = append(sent, i)
	}
	errs, usable := c.transact(ctx, envs)
	now := s.o.Now()
	for k, i := range sent {
		a := batch[i]
		if k >= len(errs) {
			outcomes[i] = Outcome{ID: a.ID, Fate: Unattempted, At: now}
			continue
		}
		if errors.Is(errs[k], errCutByStop) {
			logs[i].Warn("smtp: stopped before the server said whether it took the letter; left in flight, settled as uncertain at the next start")
			continue
		}
		outcomes[i] = s.outcome(logs[i], a, now, errs[k])
	}
	for _, o := range outcomes {
		if o.Fate != 0 { // a letter cut by the stop has none
			*done = append(*done, o)
		}
	}
	return usable
}

// outcome is what the server's answer err (nil: accepted) makes of
// attempt a: a permanent refusal, or an envelope no server would take,
// makes it dead at once.
func (s *Sender) outcome(log *slog.Logger, a Attempt, now time.Time, err error) Outcome {
	if err == nil {
		log.Info("smtp: sent")
		return Outcome{ID: a.ID, Fate: Sent, At: now}
	}
	var se *smtp.SMTPError
	if errors.As(err, &se) && !se.Temporary() {
		log.Warn("smtp: refused permanently; dead letter", "err", err)
		return Outcome{ID: a.ID, Fate: Dead, At: now, Reason: err.Error()}
	}
	var ee *envelopeError
	if errors.As(err, &ee) {
		log.Error("smtp: the envelope cannot be sent; dead letter", "err", err)
		return Outcome{ID: a.ID, Fate: Dead, At: now, Reason: err.Error()}
	}
	return s.failed(log, a, now, err)
}

// failed is the outcome of attempt a failing at now for a temporary
// reason: a retry with backoff, or a dead letter after the last attempt.
func (s *Sender) failed(log *slog.Logger, a Attempt, now time.Time, err error) Outcome {
	if a.Number >= s.o.MaxAttempts {
		log.Warn("smtp: still failing after the last attempt; dead letter", "err", err)
		return Outcome{ID: a.ID, Fate: Dead, At: now, Reason: fmt.Sprintf("gave up after %d attempts: %s", a.Number, err)}
	}
	retryAt := now.Add(backoff(a.Number-1, s.o.RetryBase, s.o.RetryMax))
	log.Info("smtp: temporary failure; will retry", "err", err, "at", retryAt)
	return Outcome{ID: a.ID, Fate: Retry, At: retryAt, Reason: err.Error()}
}
