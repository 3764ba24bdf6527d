package referee

import (
	"context"
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
)

// ReceiveDecoded stores letter rec, read and authenticated already (a
// letter of the mailbox, a paper letter, a letter the secretary
// reassigned), and decides it in one transaction of the store, with the
// watermark, the new game state, desk, events, ledger lines and
// outgoing letters: all or nothing. It is idempotent per Message-ID and per
// mailbox UID holding the same bytes (a reused UID holding another letter
// is a new letter).
func (r *Referee) ReceiveDecoded(ctx context.Context, rec storage.Received) (storage.Result, error) {
	var res storage.Result
	rec.Incoming = rec.Named()
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var err error
		res, err = r.receiveIn(ctx, tx, rec)
		return err
	})
	if err != nil {
		return storage.Result{}, fmt.Errorf("referee: receive letter %s from %s: %w", rec.MessageID, rec.From, err)
	}
	return res, nil
}

// receiveIn stores letter rec in tx and decides it, unless it was stored
// before (the result is then the stored letter's).
func (r *Referee) receiveIn(ctx context.Context, tx *storage.Tx, rec storage.Received) (storage.Result, error) {
	id, d, fresh, err := tx.StoreLetter(ctx, rec.Incoming, authOf(rec.Auth))
	if err != nil || !fresh {
		return storage.Result{LetterID: id, Disposition: d}, err
	}
	return r.decide(ctx, tx, id, rec)
}

// confirm stores reply, the answer to the confirmation request of held
// letter heldID, and in the same transaction applies the held letter, or
// drops it when decline (see storage.Tx.Confirm, drop).
func (r *Referee) confirm(ctx context.Context, reply storage.Incoming, heldID int64, decline bool) (storage.Result, error) {
	var res storage.Result
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var apply *storage.Received
		var declined string
		var err error
		if res, apply, declined, err = tx.Confirm(ctx, reply, heldID, decline); err != nil {
			return err
		}
		if declined != "" {
			t, err := tx.Load(ctx, declined)
			if err != nil {
				return err
			}
			day := t.Day(reply.Postmark)
			h, _, err := tx.HeldFor(ctx, heldID, day)
			if err != nil {
				return err
			}
			return drop(ctx, tx, t, heldID, h, letter.HoldDeclined, day)
		}
		if apply == nil {
			return nil
		}
		res, err = r.decide(ctx, tx, heldID, *apply)
		return err
	})
	if err != nil {
		return storage.Result{}, fmt.Errorf("referee: confirmation %s of held letter %d: %w", reply.MessageID, heldID, err)
	}
	return res, nil
}

// decide decides stored letter id (rec) in tx, in order: the tournament
// (the only one its sender plays in, else the one it names), whether its
// sender may be answered at all (a stranger, the desk's organiser), whether
// what vouches for him vouches for the change (else it is held), the
// change itself (the desk and the referee), and what is written of it.
//
// A letter from an address that is no player, judge or secretary of the
// tournament is kept unanswered (Ignored), unless the secretary put it
// before the referee herself (corr.AuthDesk) or it is the desk's organiser
// vouched for by a reply key, DMARC or DKIM (decisions on protests,
// 6.1.12). A letter that is not authenticated, or whose authentication
// does not vouch for the change it would make (corr.Trusted), is kept Held
// and its sender asked to confirm.
func (r *Referee) decide(ctx context.Context, tx *storage.Tx, id int64, rec storage.Received) (storage.Result, error) {
	res := storage.Result{LetterID: id, Fresh: true, Disposition: storage.Ignored}
	if strings.TrimSpace(rec.From) == "" {
		// Kept for the secretary and answered to nobody: an answer to "" is a dead letter.
		return res, tx.Ignore(ctx, id, nil, letter.Because(letter.ReasonNoSender))
	}
	mine, all, err := tx.Ciphers(ctx, rec.From)
	if err != nil {
		return res, err
	}
	cipher := corr.PickTournament(mine, all, rec.Subject, rec.Text)
	if cipher == "" {
		return res, tx.Ignore(ctx, id, nil, letter.Because(letter.ReasonNoTournament))
	}
	res.Cipher = cipher
	t, err := tx.Load(ctx, cipher)
	if err != nil {
		return res, err
	}
	s := t.State
	day := t.Day(rec.Postmark)
	if s.Tournament.RoleOf(rec.From) == corr.Stranger && rec.Auth.Method != corr.AuthDesk {
		// The organiser the desk names answers protests against the
		// judge's rulings (6.1.12): only a reply key, DMARC or DKIM vouch
		// for it; nothing else is held or asked, it is kept unanswered.
		org := t.Desk.IsOrganiser(rec.From)
		if !org {
			return res, tx.Ignore(ctx, id, &t, letter.Because(letter.ReasonStranger, rec.From, cipher))
		}
		if m := rec.Auth.Method; m != corr.AuthKey && m != corr.AuthDMARC && m != corr.AuthDKIM {
			return res, tx.Ignore(ctx, id, &t, letter.Because(letter.ReasonOrganiser, rec.From, cipher))
		}
	}
	res.Disposition = storage.Held
	held := func(why letter.Reason) (storage.Result, error) {
		res.Outcome.Reason = why
		return res, hold(ctx, tx, t, id, rec, day, why)
	}
	if !rec.Auth.Authenticated() {
		_, why := corr.Trusted(s.Tournament, rec.From, rec.Auth, corr.Outcome{})
		return held(why)
	}
	thread, err := tx.ThreadGame(ctx, rec.InReplyTo)
	if err != nil {
		return res, err
	}
	obs := corr.Observation{From: rec.From, Postmark: day, Posted: rec.Posted, MessageID: rec.MessageID, Subject: rec.Subject, Thread: thread}
	if !rec.Forwarded.IsZero() {
		obs.Forwarded = t.Day(rec.Forwarded)
	}
	desk, next, out, err := t.Desk.Referee(s, rec.Text, obs)
	if err != nil {
		return res, err
	}
	if ok, why := corr.Trusted(s.Tournament, rec.From, rec.Auth, out); !ok {
		return held(why)
	}
	t.Desk = desk
	res.Outcome = out
	res.Disposition = storage.Processed
	if !out.Accepted {
		res.Disposition = storage.Refused
	}
	return res, tx.Save(ctx, t, next, id, res.Disposition, day, out)
}

// registered is the address of the tournament's person who wrote from
// addr, where the request to confirm a held letter of his goes.
func registered(s corr.State, addr string) string {
	_, person, _, _ := s.Tournament.Person(addr)
	return person
}
