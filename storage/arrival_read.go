package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// A received letter's way through the store is two calls on one Tx:
// Read finds everything the decision needs (adjudication.Decide, pure),
// and Write writes the decision, all in the transaction of the letter.

// Arrival is a letter put before the referee: the letter as received and
// decoded, and the scopes of the reply keys found valid in it, in order.
type Arrival struct {
	Received
	Keys []Key
}

// Key is the scope of a verified reply key: a person's for tournament A
// and game B (0: none), or, Confirm, the confirmation request's about held
// letter A.
type Key struct {
	Confirm bool
	A, B    int64
}

// Scene is what the store holds of a letter before the referee decides
// it: the values the decision reads (adjudication.Decide: the case, and
// the letter with Auth as its first reply key that still names something,
// else as given) and what Write needs to write the decision.
type Scene struct {
	Case   adjudication.Case
	Letter adjudication.Letter
	// Stored is set when the letter was stored before (same Message-ID,
	// or same mailbox UID holding the same bytes): nothing is decided
	// again, LetterID and Disposition are then the stored letter's. Read
	// sets it for an answer to a confirmation request; for any other
	// letter Write finds it (its row's INSERT refused by the keys), so
	// that a fresh letter, nearly every one, is not looked up first, and
	// StoredBefore when a step failed on the letter (reading what its
	// decision needs, deciding it).
	Stored      bool
	LetterID    int64
	Disposition Disposition
	// Answer is set when the letter answers the confirmation request of a
	// letter its sender's key names.
	Answer bool

	rec    Received
	sum    string      // the hash of rec's bytes
	reused int64       // the letter whose UID the mail server gave this one
	t      *Tournament // the tournament the letter is of, loaded
	held   *heldScene  // Answer: the held letter
}

// Zone is the time zone of the tournament the letter is of, nil when it
// is of none: loaded once for each stored file the store reads (its
// parsed files), so that a caller needs no zones of its own.
func (s Scene) Zone() *time.Location {
	if s.t == nil {
		return nil
	}
	return s.t.from.loc
}

// heldScene is the held letter a confirmation answers.
type heldScene struct {
	id     int64
	status string // held | confirmed | declined | expired
	mid    string // its Message-ID
	tid    int64
	t      Tournament // its tournament (Waiting only)
	letter *Scene     // the held letter to decide, as confirmed (Waiting only)
}

// Read reads what the decision about letter a needs: how its sender is
// vouched for by a reply key, and the tournament it is of
// (corr.PickTournament over the sender's tournaments, else all of them)
// with its desk and the game its thread names; whether it was stored
// before is Write's to find (Scene.Stored). A letter answering a
// confirmation request reads whether it was stored before, then the held
// letter it answers instead, as that letter will be decided. When
// reading fails (its tournament's state, its desk, its game: whatever
// the error), the scene returned still names the letter, for
// StoredBefore: a letter stored before is not failed by it.
func (t *Tx) Read(ctx context.Context, a Arrival) (Scene, error) {
	if err := t.usable(); err != nil {
		return Scene{}, err
	}
	rec := a.Received
	sum := sha256Hex(rec.Raw)
	rec.Incoming = rec.named(sum)
	s := Scene{rec: rec, sum: sum}
	auth, heldID, err := t.vouch(ctx, a.Keys, rec)
	if err != nil {
		return s, err
	}
	if heldID != 0 {
		return t.readAnswer(ctx, s, heldID)
	}
	s.rec.Auth, s.Letter.Auth = auth, auth
	err = t.readLetter(ctx, &s)
	return s, err
}

// StoredBefore answers err, the failure of a step on the letter of s
// (Read, deciding it): a letter stored before is not failed by it, and
// StoredBefore then returns s as seen makes it (Stored, with the stored
// letter's id and disposition), which Write answers from its row, and
// nil; for any other letter, s and err. This is the one place the rule
// is kept: Read and Write leave it to their caller.
func (t *Tx) StoredBefore(ctx context.Context, s Scene, err error) (Scene, error) {
	if seen, serr := t.seen(ctx, s); serr == nil && seen.Stored {
		return seen, nil
	}
	return s, err
}

// seen returns s with Stored set (and the stored letter's id and
// disposition) when its letter was stored before, and with the letter
// whose UID the mail server gave it, if any (see DB.stored). Read leaves
// it to Write, which asks only when the letter's row is refused.
func (t *Tx) seen(ctx context.Context, s Scene) (Scene, error) {
	if err := t.usable(); err != nil {
		return s, err
	}
	id, d, found, reused, err := t.db.stored(ctx, t.tx, s.rec.Incoming, s.sum)
	if err != nil {
		return s, err
	}
	s.Stored, s.reused = found, reused
	if found {
		s.LetterID, s.Disposition = id, d
	}
	return s, nil
}

// vouch finds the first of keys that still names something: a person's
// key vouches for the letter (a corr.AuthKey for its tournament and game),
// a confirmation request's key whose held letter was asked of the sender
// returns that letter. With none, the letter's own Auth stands.
func (t *Tx) vouch(ctx context.Context, keys []Key, rec Received) (corr.Auth, int64, error) {
	for _, k := range keys {
		if k.Confirm {
			var person string
			err := t.db.queryRow(ctx, t.tx, `SELECT person FROM holds WHERE letter_id = ?`, k.A).Scan(&person)
			if err == nil && strings.EqualFold(person, rec.From) {
				return corr.Auth{}, k.A, nil
			}
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return corr.Auth{}, 0, err
			}
			continue
		}
		cipher, game, err := t.db.keyScope(ctx, t.tx, k.A, k.B)
		if errors.Is(err, ErrNotFound) {
			continue // a tournament or game since removed
		}
		if err != nil {
			return corr.Auth{}, 0, err
		}
		return corr.Auth{Method: corr.AuthKey, Cipher: cipher, Game: game, Detail: "reply key for " + cipher + " " + game}, 0, nil
	}
	return rec.Auth, 0, nil
}

// readLetter reads into s what deciding its letter needs: its tournament,
// desk and thread.
func (t *Tx) readLetter(ctx context.Context, s *Scene) error {
	rec := s.rec
	s.Letter = adjudication.Letter{From: rec.From, Subject: rec.Subject, Text: rec.Text, MessageID: rec.MessageID, Auth: rec.Auth, Posted: rec.Posted}
	s.Case = adjudication.Case{HoldDays: t.db.holdDays()}
	// The rows first, then the rule that picks among them.
	mine, all, err := t.db.senderCiphers(ctx, t.tx, rec.From)
	if err != nil {
		return err
	}
	if s.Letter.Thread, err = t.db.threadGame(ctx, t.tx, rec.InReplyTo); err != nil {
		return err
	}
	cipher := corr.PickTournament(mine, all, rec.Subject, rec.Text)
	if cipher == "" {
		return nil
	}
	l, err := t.Load(ctx, cipher)
	if err != nil {
		return err
	}
	s.t = &l
	s.Case.Cipher, s.Case.State, s.Case.Desk, s.Letter.Postmark = cipher, l.State, l.Desk, l.Day(rec.Postmark)
	if !rec.Forwarded.IsZero() {
		s.Letter.Forwarded = l.Day(rec.Forwarded)
	}
	return nil
}

// readAnswer reads into s, a letter answering the confirmation request of
// held letter heldID, the held letter: as it is dropped, or applied as
// received on its own arrival (6.3.1: the round trip of the confirmation
// costs its sender nothing) and forwarded on the answer's.
func (t *Tx) readAnswer(ctx context.Context, s Scene, heldID int64) (Scene, error) {
	reply := s.rec.Incoming
	s.Answer, s.Letter.Auth = true, corr.Auth{Method: corr.AuthKey}
	_, _, found, reused, err := t.db.stored(ctx, t.tx, reply, s.sum)
	if err != nil || found {
		s.Stored = found
		return s, err
	}
	s.reused = reused
	h := &heldScene{id: heldID}
	var refs, postmark, from, subject, body, arrived string
	var raw []byte
	err = t.db.queryRow(ctx, t.tx, `SELECT h.status, h.refs, h.subject, h.body, h.arrived, h.tournament_id, l.message_id, l.postmark, l.from_addr, l.raw
		FROM holds h JOIN letters l ON l.id = h.letter_id WHERE h.letter_id = ?`, heldID).Scan(&h.status, &refs, &subject, &body, &arrived, &h.tid, &h.mid, &postmark, &from, &raw)
	if err != nil {
		return s, fmt.Errorf("held letter %d: %w", heldID, err)
	}
	s.held = h
	s.Letter = adjudication.Letter{From: reply.From, Text: s.rec.Text, MessageID: reply.MessageID, Auth: s.Letter.Auth}
	s.Case = adjudication.Case{Confirms: &adjudication.Confirmation{Waiting: h.status == "held"}}
	if h.status != "held" {
		return s, nil
	}
	var cipher string
	if err := t.db.queryRow(ctx, t.tx, `SELECT cipher FROM tournaments WHERE id = ?`, h.tid).Scan(&cipher); err != nil {
		return s, err
	}
	if h.t, err = t.Load(ctx, cipher); err != nil {
		return s, err
	}
	c := s.Case.Confirms
	c.State, c.Day = h.t.State, h.t.Day(reply.Postmark)
	c.Held = corr.Held{From: from, Subject: subject, Text: body, HoldDays: t.db.holdDays()}
	if c.Held.Arrived, err = timecontrol.ParseDate(arrived); err != nil {
		return s, err
	}
	at, err := time.Parse(time.RFC3339, postmark)
	if err != nil {
		return s, err
	}
	h.letter = &Scene{LetterID: heldID, rec: Received{Incoming: Incoming{MessageID: h.mid, Raw: raw, Postmark: at, From: from}, Subject: subject, Text: body,
		InReplyTo: strings.Fields(refs), Forwarded: reply.Postmark, Auth: corr.Auth{Method: corr.AuthConfirmed, Detail: "confirmed by " + reply.MessageID}}}
	if err := t.readLetter(ctx, h.letter); err != nil {
		return s, err
	}
	c.Letter, c.Case = h.letter.Letter, h.letter.Case
	return s, nil
}
