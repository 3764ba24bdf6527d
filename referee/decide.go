package referee

import (
	"context"
	"fmt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/storage"
)

// take takes the steps of checked letter c on tx, its transaction: a
// letter to read is read, decided and written (receiveIn); one kept
// unread is stored with its disposition (storage.Tx.Keep).
func (r *Referee) take(ctx context.Context, tx *storage.Tx, c checked) (Outcome, error) {
	a := c.Arrival
	a.Incoming = a.Named()
	if c.keep == "" {
		res, s, err := receiveIn(ctx, tx, a)
		if err != nil {
			return Outcome{}, fmt.Errorf("referee: receive letter %s from %s: %w", a.MessageID, a.From, err)
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
	res, decided, err := tx.Keep(ctx, a.Incoming, c.keep, c.why)
	if err != nil {
		return Outcome{}, fmt.Errorf("referee: keep letter %s from %s: %w", a.MessageID, a.From, err)
	}
	if decided {
		r.logger().Info("referee: letter kept, not applied", "from", a.From, "message_id", a.MessageID, "reason", c.why)
	}
	return Outcome{Result: res}, nil
}

// ReceiveDecoded stores letter rec, read and authenticated already (a
// paper letter, say), and decides it in one transaction of the store (see
// receive).
func (r *Referee) ReceiveDecoded(ctx context.Context, rec storage.Received) (storage.Result, error) {
	res, _, err := r.receive(ctx, storage.Arrival{Received: rec})
	return res, err
}

// receive decides letter a in one transaction of the store, with the
// watermark, the new game state, desk, events, ledger lines and outgoing
// letters: all or nothing (see receiveIn). It is idempotent per Message-ID
// and per mailbox UID holding the same bytes (a reused UID holding another
// letter is a new letter).
func (r *Referee) receive(ctx context.Context, a storage.Arrival) (storage.Result, storage.Scene, error) {
	a.Incoming = a.Named()
	var res storage.Result
	var s storage.Scene
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var err error
		res, s, err = receiveIn(ctx, tx, a)
		return err
	})
	if err != nil {
		return storage.Result{}, s, fmt.Errorf("referee: receive letter %s from %s: %w", a.MessageID, a.From, err)
	}
	return res, s, nil
}

// receiveIn takes letter a's three steps in tx: the store reads what the
// decision needs (storage.Tx.Read), the rules decide, pure
// (adjudication.Decide), and the store writes the decision
// (storage.Tx.Write). A letter stored before is not decided again: the
// result is then the stored letter's.
func receiveIn(ctx context.Context, tx *storage.Tx, a storage.Arrival) (storage.Result, storage.Scene, error) {
	s, err := tx.Read(ctx, a)
	if err != nil {
		return storage.Result{}, s, err
	}
	var d adjudication.Decision
	if !s.Stored {
		if d, err = adjudication.Decide(s.Case, s.Letter); err != nil {
			return storage.Result{}, s, err
		}
	}
	res, err := tx.Write(ctx, s, d)
	return res, s, err
}
