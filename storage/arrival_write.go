package storage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// Write writes decision d about the letter s was read for (Read): the
// letter with its mailbox's watermark, and what d makes of it and of its
// tournament. A letter stored before is left as it was (d is not read).
func (t *Tx) Write(ctx context.Context, s Scene, d adjudication.Decision) (Result, error) {
	if err := t.usable(); err != nil {
		return Result{}, err
	}
	in := s.rec.Incoming
	if err := t.db.advanceWatermark(ctx, t.tx, in.Mailbox, in.UIDValidity, in.UID); err != nil {
		return Result{}, err
	}
	if s.Answer {
		return t.writeAnswer(ctx, s, d)
	}
	if s.Stored {
		return Result{LetterID: s.LetterID, Disposition: s.Disposition}, nil
	}
	r := &letterRow{in: in, sum: s.sum, auth: authOf(s.Letter.Auth)}
	res, err := t.writeDecision(ctx, s, r, d)
	if !errors.As(err, new(keyTaken)) {
		return res, err
	}
	// The letter's row, the first the decision writes, was refused: its
	// Message-ID or its mailbox UID is a stored letter's. The letter was
	// stored before, and nothing is written again; or the mail server
	// reused the UID for it, and the old letter gives it up.
	seen, serr := t.seen(ctx, s)
	switch {
	case serr != nil:
		return Result{}, serr
	case seen.Stored:
		return Result{LetterID: seen.LetterID, Disposition: seen.Disposition}, nil
	case seen.reused == 0:
		return Result{}, err // a key of neither letter refused it
	}
	if err := t.db.release(ctx, t.tx, seen.reused, in); err != nil {
		return Result{}, err
	}
	return t.writeDecision(ctx, s, r, d) // r as it was: its INSERT refused, it has no id
}

// writeDecision writes what d makes of the letter of row r (s), inserted
// with it when fresh, and of its tournament.
func (t *Tx) writeDecision(ctx context.Context, s Scene, r *letterRow, d adjudication.Decision) (res Result, err error) {
	res = Result{Fresh: true, Disposition: Ignored, Cipher: d.Cipher}
	defer func() { res.LetterID = r.id }()
	var l *Tournament // the tournament the letter is filed under
	var tid any
	if d.Cipher != "" && s.t != nil {
		l, tid = s.t, s.t.id
	}
	switch d.Fate {
	case adjudication.Ignore:
		return res, t.settle(ctx, r, letterOutcome{tid: tid, d: Ignored, reason: d.Reason})
	case adjudication.File:
		res.Disposition = Refused
		if l == nil {
			if err := t.settle(ctx, r, letterOutcome{d: Refused, reason: d.Reason}); err != nil {
				return res, err
			}
			return res, t.db.queueUnfiled(ctx, t.tx, r.id, d.Outcome.Out)
		}
		return res, t.file(ctx, r, *l, Refused, s.Letter.Postmark, d.Outcome)
	case adjudication.Hold:
		res.Disposition, res.Outcome.Reason = Held, d.Reason
		return res, t.holdAndAsk(ctx, s, r, d)
	case adjudication.Apply:
		l := *s.t
		l.Desk = d.Desk
		res.Disposition, res.Outcome = Processed, d.Outcome
		if !d.Outcome.Accepted {
			res.Disposition = Refused
		}
		return res, t.save(ctx, l, d.State, r, res.Disposition, s.Letter.Postmark, d.Outcome)
	}
	return res, fmt.Errorf("storage: letter %s: no fate %d for a letter", s.rec.MessageID, d.Fate)
}

// holdAndAsk holds the letter of row r (s) for d.Reason and queues d.Ask,
// the request to confirm it, unless its person was asked about another
// letter that day (one answer a day to an address whose letters are not
// authenticated); the held letters' day asks later.
func (t *Tx) holdAndAsk(ctx context.Context, s Scene, r *letterRow, d adjudication.Decision) error {
	day := s.Letter.Postmark
	if err := t.hold(ctx, *s.t, r, s.rec, d.Person, day, d.Reason); err != nil {
		return err
	}
	id := r.id
	var n int
	err := t.db.queryRow(ctx, t.tx, `SELECT count(*) FROM holds WHERE person = ? AND asked = ?`, strings.ToLower(d.Person), day.String()).Scan(&n)
	if err != nil || n > 0 {
		return err
	}
	return t.Ask(ctx, *s.t, id, day, d.Ask)
}

// writeAnswer stores s, an answer to the confirmation request of a held
// letter, and writes what d makes of the held letter: nothing (it waits
// no more), dropped, or confirmed and decided. The result is the held
// letter's; an answer stored before changes nothing again.
func (t *Tx) writeAnswer(ctx context.Context, s Scene, d adjudication.Decision) (Result, error) {
	if s.Stored {
		return Result{}, nil
	}
	reply, h := s.rec.Incoming, s.held
	if err := t.db.release(ctx, t.tx, s.reused, reply); err != nil {
		return Result{}, err
	}
	note := letter.Because(letter.ReasonConfirms, h.mid)
	switch {
	case h.status != "held":
		note = letter.Because(letter.ReasonAnsweredLate, h.mid, h.status)
	case d.Fate == adjudication.Drop:
		note = letter.Because(letter.ReasonDeclines, h.mid)
	}
	if _, err := t.db.exec(ctx, t.tx, `INSERT INTO letters
		(message_id, mailbox, uidvalidity, uid, raw, sha256, postmark, from_addr, auth, tournament_id, disposition, reason, stored_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		reply.MessageID, nullable(reply.Mailbox, reply.Mailbox), nullable(reply.Mailbox, reply.UIDValidity), nullable(reply.Mailbox, reply.UID),
		reply.Raw, s.sum, reply.Postmark.UTC().Format(time.RFC3339), reply.From, corr.AuthKey, h.tid, Processed, reasonColumn(note), t.db.stamp()); err != nil {
		return Result{}, err
	}
	res := Result{LetterID: h.id, Disposition: Held}
	switch d.Fate {
	case adjudication.Stale:
		return res, nil
	case adjudication.Drop:
		return res, t.Drop(ctx, h.t, h.id, letter.HoldDeclined, s.Case.Confirms.Day, d.Reason, d.Outcome)
	case adjudication.Confirm:
		if _, err := t.db.exec(ctx, t.tx, `UPDATE holds SET status = 'confirmed' WHERE letter_id = ?`, h.id); err != nil {
			return res, err
		}
		if _, err := t.db.exec(ctx, t.tx, `UPDATE letters SET auth = ? WHERE id = ?`, corr.AuthConfirmed, h.id); err != nil {
			return res, err
		}
		return t.writeDecision(ctx, *h.letter, &letterRow{id: h.id}, *d.Then)
	}
	return res, fmt.Errorf("storage: held letter %d: no fate %d for an answer", h.id, d.Fate)
}

// Keep stores letter in, which the referee does not read (too large,
// unreadable, automatic), kept with disposition d for reason. A letter
// stored before is left as it is (decided false), unless an earlier
// version stored it and failed to decide it (Pending).
func (t *Tx) Keep(ctx context.Context, in Incoming, d Disposition, reason letter.Reason) (res Result, decided bool, err error) {
	if err := t.usable(); err != nil {
		return Result{}, false, err
	}
	id, was, fresh, err := t.StoreLetter(ctx, in, "")
	if err != nil {
		return Result{}, false, err
	}
	if !fresh && was != Pending {
		return Result{LetterID: id, Disposition: was}, false, nil
	}
	return Result{LetterID: id, Fresh: fresh, Disposition: d}, true, t.SetDisposition(ctx, id, d, reason)
}

// authOf names the method of a for the letter's row: "none" when nothing
// vouches for its sender, "" for a letter never read (no method at all).
func authOf(a corr.Auth) string {
	if a.Method == "" {
		return ""
	}
	if !a.Authenticated() {
		return corr.AuthNone
	}
	return a.Method
}
