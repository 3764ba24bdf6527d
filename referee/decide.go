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
// reading ahead goes to the decision (adjudication.Letter.Ahead).
func (r *Referee) take(ctx context.Context, tx *storage.Tx, c checked, ra *readAhead, i int) (Outcome, error) {
	a := c.Arrival
	a.Incoming = a.Named()
	if c.keep != "" {
		res, decided, err := tx.Keep(ctx, a.Incoming, c.keep, c.why)
		if err == nil && decided {
			r.logger().Info("referee: letter kept, not applied", "from", a.From, "message_id", a.MessageID, "reason", c.why)
		}
		return Outcome{Result: res}, err
	}
	s, err := tx.Read(ctx, a)
	var d adjudication.Decision
	if err == nil && !s.Stored {
		ra.learned(r.ahead.learn(s.Case, s.Zone()))
		s.Letter.Ahead = ra.claim(i)
		d, err = adjudication.Decide(s.Case, s.Letter)
	}
	if err != nil {
		// Read or Decide failed: a letter stored before is not failed by
		// it (Write answers it from its row, d unread).
		if s, err = tx.StoredBefore(ctx, s, err); err != nil {
			return Outcome{}, err
		}
	}
	res, err := tx.Write(ctx, s, d)
	if err != nil {
		return Outcome{}, err
	}
	if s.Answer {
		return Outcome{Result: res, Auth: corr.AuthKey, Confirmation: true}, nil
	}
	if res.Fresh && res.Disposition == storage.Held {
		// The one log line of a held letter (the store logs none).
		r.logger().Info("referee: letter held until its sender confirms it", "letter", res.LetterID, "from", a.From,
			"message_id", a.MessageID, "auth", s.Letter.Auth.Detail, "why", res.Outcome.Reason)
	}
	return Outcome{Result: res, Auth: authOf(s.Letter.Auth)}, nil
}

// ReceiveDecoded stores letter rec, read and authenticated already (a
// paper letter, say), and decides it in one transaction of the store of
// its own (take): all or nothing, with the new game state, desk, events,
// ledger lines and outgoing letters. It is idempotent per Message-ID and
// per mailbox UID holding the same bytes (a reused UID holding another
// letter is a new letter).
func (r *Referee) ReceiveDecoded(ctx context.Context, rec storage.Received) (storage.Result, error) {
	var o Outcome
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var err error
		o, err = r.take(ctx, tx, checked{Arrival: storage.Arrival{Received: rec}}, nil, 0)
		return err
	})
	if err != nil {
		return storage.Result{}, fmt.Errorf("referee: receive letter %s from %s: %w", rec.Named().MessageID, rec.From, err)
	}
	return o.Result, nil
}
