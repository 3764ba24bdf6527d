package storage

import (
	"context"
	"strings"

	"zaochnik/corr"
)

// receive stores and applies letter r as the referee does for a letter of
// a player vouched for (package referee holds the whole decision: strangers,
// held letters): enough to exercise the rows a received letter writes.
func receive(ctx context.Context, db *DB, r Received) (Result, error) {
	var res Result
	r.Incoming = r.Named()
	err := db.Update(ctx, func(tx *Tx) error {
		id, d, fresh, err := tx.StoreLetter(ctx, r.Incoming, authOf(r.Auth))
		res = Result{LetterID: id, Disposition: d, Fresh: fresh}
		if err != nil || !fresh {
			return err
		}
		mine, all, err := tx.Ciphers(ctx, r.From)
		if err != nil {
			return err
		}
		res.Cipher = corr.PickTournament(mine, all, r.Subject, r.Text)
		if strings.TrimSpace(r.From) == "" || res.Cipher == "" {
			res.Disposition = Ignored
			return tx.Ignore(ctx, id, nil, "no tournament")
		}
		t, err := tx.Load(ctx, res.Cipher)
		if err != nil {
			return err
		}
		day := t.Day(r.Postmark)
		thread, err := tx.ThreadGame(ctx, r.InReplyTo)
		if err != nil {
			return err
		}
		var next corr.State
		t.Desk, next, res.Outcome, err = t.Desk.Referee(t.State, r.Text, corr.Observation{From: r.From, Postmark: day, MessageID: r.MessageID, Subject: r.Subject, Thread: thread})
		if err != nil {
			return err
		}
		res.Disposition = Processed
		if !res.Outcome.Accepted {
			res.Disposition = Refused
		}
		return tx.Save(ctx, t, next, id, res.Disposition, day, res.Outcome)
	})
	return res, err
}

// authOf is the method stored for a letter.
func authOf(a corr.Auth) string {
	if !a.Authenticated() {
		return corr.AuthNone
	}
	return a.Method
}
