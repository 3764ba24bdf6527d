package mailbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Outbox is the queue of letters the server sends; storage implements it.
// Every method commits before it returns.
type Outbox interface {
	// NextDue returns the waiting letter (neither sent nor dead, and no
	// attempt at it begun and not yet recorded) with the earliest next
	// attempt, how many attempts it had, and when the next is due. ok is
	// false when nothing waits.
	NextDue(ctx context.Context) (id int64, attempts int, due time.Time, ok bool, err error)

	// BeginAttempt records an attempt before it is made (attempts+1, the
	// last attempt now, the next attempt retryAt), so that a crash during
	// the send cannot cause a hot retry loop, and returns the letter as
	// plain values (the Sender composes it; its From and To are the
	// envelope) with the number of this attempt (1 for the first). Until
	// Sent, Retry or Dead records the attempt's outcome the letter is in
	// flight: NextDue does not offer it again, so it reaches SMTP at most
	// once even if the outcome cannot be recorded.
	//
	// When sent is not nil, BeginAttempt also records, in the same
	// transaction, that the SMTP server accepted letter sent.ID (as Sent
	// does): the Sender records each letter's success with the next
	// attempt, one commit a letter instead of two, and at most one letter
	// is ever in flight or accepted but not recorded.
	BeginAttempt(ctx context.Context, id int64, now, retryAt time.Time, sent *Accepted) (letter Outgoing, attempt int, err error)

	// Sent records that the SMTP server accepted the letter.
	Sent(ctx context.Context, id int64, now time.Time) error

	// Retry records a temporary failure; the next attempt is at retryAt.
	Retry(ctx context.Context, id int64, retryAt time.Time, reason string) error

	// Dead records a permanent failure (an SMTP 5xx reply, or temporary
	// failures past the last attempt): the letter is not tried again, and
	// the store tells the secretary.
	Dead(ctx context.Context, id int64, now time.Time, reason string) error
}

// Accepted is a letter the SMTP server accepted at At, whose record waits
// for the next attempt's transaction (Outbox.BeginAttempt).
type Accepted struct {
	ID int64
	At time.Time
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

	// Retries of temporary failures (4xx replies, network errors) wait
	// RetryBase doubled per attempt up to RetryMax, ±20% jitter. With the
	// defaults (1 min, 4 h, 20 attempts) the schedule is 1, 2, 4, 8, 16,
	// 32, 64, 128 min, then every 4 h: about 2 days before the letter is
	// declared dead.
	RetryBase, RetryMax time.Duration
	MaxAttempts         int
	// Timeout bounds each SMTP command; the final reply to DATA gets 5 min.
	// 1 min.
	Timeout time.Duration
	// Poll bounds the wait between two readings of the outbox, so that a
	// letter another process queued (zaochnik judge rule, tournament start)
	// goes out without a Kick. 1 min.
	Poll time.Duration

	Now    func() time.Time // time.Now if nil
	Logger *slog.Logger     // slog.Default() if nil
	Debug  io.Writer        // raw SMTP trace, credentials included
}

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
	setDefault(&o.Timeout, time.Minute)
	setDefault(&o.Poll, time.Minute)
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
// connection is kept while letters are due and closed when none is.
//
// A letter is handed to SMTP at most once (see Outbox.BeginAttempt): when
// the store cannot record what became of an attempt (sent, to retry,
// dead), the sender keeps that record and writes it before it reads the
// outbox again, backing off while the store fails; it never sends the
// letter again meanwhile.
func (s *Sender) Run(ctx context.Context) error {
	var c *smtp.Client
	defer func() {
		if c != nil {
			c.Close()
		}
	}()
	var unrecorded []func(context.Context) error // outcomes of attempts the store has not recorded yet
	var accepted *Accepted                       // the last letter sent, recorded with the next attempt
	// settle moves the accepted letter's record to the unrecorded ones,
	// written before anything else: no attempt follows it at once.
	settle := func() {
		if accepted != nil {
			a := *accepted
			unrecorded = append(unrecorded, func(ctx context.Context) error { return s.o.Outbox.Sent(ctx, a.ID, a.At) })
			accepted = nil
		}
	}
	defer func() {
		settle()
		_ = record(context.WithoutCancel(ctx), &unrecorded) // stopping: what the store takes now is not in flight at the next start
	}()
	failures := 0      // consecutive failures to connect
	storeFailures := 0 // consecutive failures of the store
	storeWait := func(err error) {
		wait := backoff(storeFailures, time.Second, time.Minute)
		storeFailures++
		s.log.Error("store: the outbox cannot be read or written; letters wait", "err", err, "retry in", wait)
		sleep(ctx.Done(), wait)
	}
	for ctx.Err() == nil {
		if err := record(ctx, &unrecorded); err != nil {
			storeWait(err)
			continue
		}
		id, attempts, due, ok, err := s.o.Outbox.NextDue(ctx)
		if err != nil {
			settle()
			storeWait(err)
			continue
		}
		now := s.o.Now()
		if !ok || due.After(now) {
			if accepted != nil {
				settle() // recorded at the top of the loop, before any wait
				continue
			}
			storeFailures = 0
			if c != nil {
				_ = c.Quit()
				c = nil
			}
			wait := s.o.Poll
			if ok {
				wait = min(wait, due.Sub(now))
			}
			s.idle(ctx, wait)
			continue
		}
		if c == nil {
			if c, err = s.connect(); err != nil {
				settle()
				// The server, not the letter, is at fault: retry it
				// every few minutes at most, letters keep their schedule.
				wait := backoff(failures, time.Second, min(s.o.RetryMax, 5*time.Minute))
				failures++
				s.log.Warn("smtp: cannot connect; letters wait", "err", err, "retry in", wait)
				if record(ctx, &unrecorded) == nil {
					sleep(ctx.Done(), wait)
				}
				continue
			}
		}
		failures = 0
		usable, err := s.send(ctx, c, id, attempts, &accepted, &unrecorded)
		if !usable {
			c.Close()
			c = nil
		}
		if err != nil {
			storeWait(err)
			continue
		}
		if len(unrecorded) == 0 {
			storeFailures = 0
		}
	}
	return nil
}

// record writes the kept outcomes, oldest first, until the store fails.
func record(ctx context.Context, unrecorded *[]func(context.Context) error) error {
	for len(*unrecorded) > 0 {
		if err := (*unrecorded)[0](ctx); err != nil {
			return &StoreError{fmt.Errorf("recording the outcome of a letter handed to SMTP: %w", err)}
		}
		*unrecorded = (*unrecorded)[1:]
	}
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

// connect dials, greets and authenticates.
func (s *Sender) connect() (*smtp.Client, error) {
	var c *smtp.Client
	var err error
	switch s.o.Security {
	case SecurityTLS:
		c, err = smtp.DialTLS(s.o.Addr, s.o.TLSConfig)
	case SecurityStartTLS:
		c, err = smtp.DialStartTLS(s.o.Addr, s.o.TLSConfig)
	default:
		c, err = smtp.Dial(s.o.Addr)
	}
	if err != nil {
		return nil, err
	}
	c.CommandTimeout, c.SubmissionTimeout, c.DebugWriter = s.o.Timeout, 5*time.Minute, s.o.Debug
	if err := c.Hello(s.o.LocalName); err != nil {
		c.Close()
		return nil, err
	}
	if s.o.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.o.Username, s.o.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("logging in as %s: %w", s.o.Username, err)
		}
	}
	return c, nil
}

// send makes one attempt at letter id, recording with it the success of the
// attempt before (accepted), and records its outcome: a success is left in
// accepted for the next attempt; another outcome the store cannot record
// is kept in unrecorded. It reports whether the
// connection is still usable, and a store error when the attempt could not
// even begin.
func (s *Sender) send(ctx context.Context, c *smtp.Client, id int64, attempts int, accepted **Accepted, unrecorded *[]func(context.Context) error) (usable bool, err error) {
	now := s.o.Now()
	o, attempt, err := s.o.Outbox.BeginAttempt(ctx, id, now, now.Add(backoff(attempts, s.o.RetryBase, s.o.RetryMax)), *accepted)
	if a := *accepted; a != nil {
		*accepted = nil
		if err != nil { // nothing of the transaction stands: record the success alone
			*unrecorded = append(*unrecorded, func(ctx context.Context) error { return s.o.Outbox.Sent(ctx, a.ID, a.At) })
		}
	}
	if err != nil {
		return true, &StoreError{fmt.Errorf("beginning an attempt at letter %d: %w", id, err)}
	}
	var to []string
	for _, a := range append(o.To, o.Cc...) {
		to = append(to, a.Addr)
	}
	log := s.log.With("letter", id, "attempt", attempt, "to", to)
	keep := func(what string, outcome func(context.Context) error) {
		if err := outcome(ctx); err != nil {
			log.Error("store: "+what+" but not recorded yet; it is kept and recorded when the store answers, and not sent again", "err", err)
			*unrecorded = append(*unrecorded, outcome)
		}
	}
	raw, err := Compose(o)
	if err != nil {
		// The letter, not the server, is at fault: it never could go.
		log.Error("smtp: the letter cannot be composed; dead letter", "err", err)
		reason := err.Error()
		keep("not composed", func(ctx context.Context) error { return s.o.Outbox.Dead(ctx, id, now, reason) })
		return true, nil
	}
	err = c.SendMail(o.From.Addr, to, bytes.NewReader(raw))
	now = s.o.Now()
	if err == nil {
		log.Info("smtp: sent")
		*accepted = &Accepted{ID: id, At: now} // recorded with the next attempt, or at once when none follows
		return true, nil
	}
	var se *smtp.SMTPError
	isSMTP := errors.As(err, &se)
	reason := err.Error()
	switch {
	case isSMTP && !se.Temporary():
		log.Warn("smtp: refused permanently; dead letter", "err", err)
		keep("refused", func(ctx context.Context) error { return s.o.Outbox.Dead(ctx, id, now, reason) })
	case attempt >= s.o.MaxAttempts:
		log.Warn("smtp: still failing after the last attempt; dead letter", "err", err)
		keep("given up", func(ctx context.Context) error {
			return s.o.Outbox.Dead(ctx, id, now, fmt.Sprintf("gave up after %d attempts: %s", attempt, reason))
		})
	default:
		retryAt := now.Add(backoff(attempt-1, s.o.RetryBase, s.o.RetryMax))
		log.Info("smtp: temporary failure; will retry", "err", err, "at", retryAt)
		keep("failed", func(ctx context.Context) error { return s.o.Outbox.Retry(ctx, id, retryAt, reason) })
	}
	// After a reply the session goes on with RSET; after a network error
	// the connection is gone.
	return isSMTP && c.Reset() == nil, nil
}
