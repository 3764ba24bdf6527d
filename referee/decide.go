package referee

import (
	"context"
	"fmt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/storage"
)

// take takes the steps of checked letter c on tx, its transaction, in one
// line: a letter kept unread is stored with its disposition
// (storage.Tx.Keep); any other takes a letter's three steps, the store
// reading what the decision needs (storage.Tx.Read), the rules deciding,
// pure (adjudication.Decide), and the store writing the decision
// (storage.Tx.Write). A letter stored before is not written again: the
// result is then the stored letter's (Write finds it by its row's keys,
// storage.Tx.StoredBefore when reading or deciding it failed).
// A paper letter, a re-assigned one and a confirmation take the same
// steps. The tournament read is kept for reading ahead (aheadBook); ra,
// when not nil, reads letters ahead, c being its i-th, and the letter's
// reading ahead goes to the decision (adjudication.Letter.Ahead). The
// letter's log line (held, kept unread) is returned, for the caller to
// write once tx committed (Referee.write): a transaction rolled back, or a
// letter taken again, logs nothing of its own.
func (r *Referee) take(ctx context.Context, tx *storage.Tx, c checked, ra *readAhead, i int) (Outcome, note, error) {
	a := c.Arrival
	a.Incoming = a.Named()
	if c.keep != "" {
		res, decided, err := tx.Keep(ctx, a.Incoming, c.keep, c.why)
		var n note
		if err == nil && decided {
			n = note{"referee: letter kept, not applied", []any{"from", a.From, "message_id", a.MessageID, "reason", c.why}}
		}
		return Outcome{Result: res}, n, err
	}
	s, err := tx.Read(ctx, a)
	var d adjudication.Decision
	if err == nil && !s.Stored {
		ra.learn(&r.ahead, s.Case, s.Zone())
		s.Letter.Ahead = ra.claim(i)
		d, err = adjudication.Decide(s.Case, s.Letter)
	}
	if err != nil {
		// Read or Decide failed: a letter stored before is not failed by
		// it (Write answers it from its row, d unread).
		if s, err = tx.StoredBefore(ctx, s, err); err != nil {
			return Outcome{}, note{}, err
		}
	}
	res, err := tx.Write(ctx, s, d)
	if err != nil {
		return Outcome{}, note{}, err
	}
	if s.Answer {
		return Outcome{Result: res, Auth: corr.AuthKey, Confirmation: true}, note{}, nil
	}
	var n note
	if res.Fresh && res.Disposition == storage.Held {
		// The one log line of a held letter (the store logs none).
		n = note{"referee: letter held until its sender confirms it", []any{"letter", res.LetterID, "from", a.From,
			"message_id", a.MessageID, "auth", s.Letter.Auth.Detail, "why", res.Outcome.Reason}}
	}
	return Outcome{Result: res, Auth: authOf(s.Letter.Auth)}, n, nil
}

// note is a letter's log line, kept until its transaction committed.
type note struct {
	msg  string // "" for none
	args []any
}

// write logs n, if it is a line, to r's log.
func (r *Referee) write(n note) {
	if n.msg != "" {
		r.logger().Info(n.msg, n.args...)
	}
}

// ReceiveDecoded stores letter rec, read and authenticated already (a
// paper letter, say), and decides it in one transaction of the store of
// its own (take): all or nothing, with the new game state, desk, events,
// ledger lines and outgoing letters. It is idempotent per Message-ID and
// per mailbox UID holding the same bytes (a reused UID holding another
// letter is a new letter).
func (r *Referee) ReceiveDecoded(ctx context.Context, rec storage.Received) (storage.Result, error) {
	var o Outcome
	var n note
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var err error
		o, n, err = r.take(ctx, tx, checked{Arrival: storage.Arrival{Received: rec}}, nil, 0)
		return err
	})
	if err != nil {
		return storage.Result{}, fmt.Errorf("referee: receive letter %s from %s: %w", rec.Named().MessageID, rec.From, err)
	}
	r.write(n)
	return o.Result, nil
}
