package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// DefaultHoldDays is how long a held letter waits for its sender's
// confirmation when DB.HoldDays is not set.
const DefaultHoldDays = 7

// holdDays is the configured wait, or the default.
func (db *DB) holdDays() int {
	if db.HoldDays > 0 {
		return db.HoldDays
	}
	return DefaultHoldDays
}

// Hold keeps stored letter id (r, arrived on day) of tournament l
// unapplied until its sender confirms it, for reason why, and asks person,
// the sender's registered address, unless an answer to an unauthenticated
// letter went there today already.
func (t *Tx) Hold(ctx context.Context, l Tournament, id int64, r Received, person string, day timecontrol.Date, why string) error {
	db, tx := t.db, t.tx
	if _, err := db.exec(ctx, tx, `UPDATE letters SET tournament_id = ?, disposition = ?, reason = ? WHERE id = ?`,
		l.id, Held, "held until its sender confirms it: "+why, id); err != nil {
		return err
	}
	if _, err := db.exec(ctx, tx, `INSERT INTO holds (letter_id, tournament_id, person, subject, body, refs, why, arrived) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		id, l.id, strings.ToLower(person), r.Subject, r.Text, strings.Join(r.InReplyTo, " "), why, day.String()); err != nil {
		return err
	}
	db.logger().Info("storage: letter held until its sender confirms it", "letter", id, "from", r.From, "why", why)
	return db.ask(ctx, tx, l.id, l.State, id, day)
}

// ask queues the confirmation request of held letter id on day, unless
// its person was asked about another letter that day (one answer a day to
// an address whose letters are not authenticated); the daily run asks later.
func (db *DB) ask(ctx context.Context, tx *sql.Tx, tid int64, s corr.State, id int64, day timecontrol.Date) error {
	h, person, err := db.held(ctx, tx, id)
	if err != nil {
		return err
	}
	var n int
	if err := db.queryRow(ctx, tx, `SELECT count(*) FROM holds WHERE person = ? AND asked = ?`, person, day.String()).Scan(&n); err != nil || n > 0 {
		return err
	}
	if err := db.queue(ctx, tx, tid, nil, id, id, s.ConfirmRequest(h)); err != nil {
		return err
	}
	_, err = db.exec(ctx, tx, `UPDATE holds SET asked = ? WHERE letter_id = ?`, day.String(), id)
	return err
}

// held reads held letter id as the referee describes it, with the
// registered address asked about it.
func (db *DB) held(ctx context.Context, q querier, id int64) (corr.Held, string, error) {
	var h corr.Held
	var person, arrived string
	err := db.queryRow(ctx, q, `SELECT l.from_addr, h.person, h.subject, h.body, h.arrived FROM holds h JOIN letters l ON l.id = h.letter_id WHERE h.letter_id = ?`, id).
		Scan(&h.From, &person, &h.Subject, &h.Text, &arrived)
	if errors.Is(err, sql.ErrNoRows) {
		return h, "", fmt.Errorf("held letter %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return h, "", err
	}
	h.Arrived, err = timecontrol.ParseDate(arrived)
	h.HoldDays = db.holdDays()
	return h, person, err
}

// HeldLetter is a letter waiting for its sender's confirmation.
type HeldLetter struct {
	LetterID  int64
	MessageID string
	Person    string // the registered address asked
	Status    string // held | confirmed | declined | expired
}

// HeldLetter returns held letter id (ErrNotFound when id was never held).
func (db *DB) HeldLetter(ctx context.Context, id int64) (HeldLetter, error) {
	h := HeldLetter{LetterID: id}
	err := db.queryRow(ctx, db.reader(ctx), `SELECT l.message_id, h.person, h.status FROM holds h JOIN letters l ON l.id = h.letter_id WHERE h.letter_id = ?`, id).
		Scan(&h.MessageID, &h.Person, &h.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("storage: held letter %d: %w", id, ErrNotFound)
	}
	return h, err
}

// Confirm stores reply, a letter carrying the key of the confirmation
// request about held letter heldID, and marks the held letter confirmed,
// or, when decline, drops it and tells the secretary. apply is then the
// held letter to apply as received on its own arrival (6.3.1: the round
// trip of the confirmation costs its sender nothing), nil otherwise. A
// held letter no longer waiting is left as it is. The result is the held
// letter's; a reply stored before changes nothing again.
func (t *Tx) Confirm(ctx context.Context, reply Incoming, heldID int64, decline bool) (res Result, apply *Received, err error) {
	db, tx := t.db, t.tx
	sum := sha256Hex(reply.Raw)
	if reply.MessageID == "" {
		reply.MessageID = "sha256-" + sum + "@zaochnik.invalid"
	}
	if err := db.advanceWatermark(ctx, tx, reply.Mailbox, reply.UIDValidity, reply.UID); err != nil {
		return res, nil, err
	}
	if _, _, found, err := db.stored(ctx, tx, reply, sum); found || err != nil {
		return res, nil, err
	}
	var status, refs, mid, postmark, from, subject, body string
	var tid int64
	var raw []byte
	err = db.queryRow(ctx, tx, `SELECT h.status, h.refs, h.subject, h.body, h.tournament_id, l.message_id, l.postmark, l.from_addr, l.raw
		FROM holds h JOIN letters l ON l.id = h.letter_id WHERE h.letter_id = ?`, heldID).Scan(&status, &refs, &subject, &body, &tid, &mid, &postmark, &from, &raw)
	if err != nil {
		return res, nil, fmt.Errorf("held letter %d: %w", heldID, err)
	}
	note := fmt.Sprintf("confirms held letter %s", mid)
	switch {
	case status != "held":
		note = fmt.Sprintf("answers the confirmation request of letter %s, which was %s already", mid, status)
	case decline:
		note = fmt.Sprintf("refuses held letter %s: its sender did not write it", mid)
	}
	if _, err := db.exec(ctx, tx, `INSERT INTO letters
		(message_id, mailbox, uidvalidity, uid, raw, sha256, postmark, from_addr, auth, tournament_id, disposition, reason, stored_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		reply.MessageID, nullable(reply.Mailbox, reply.Mailbox), nullable(reply.Mailbox, reply.UIDValidity), nullable(reply.Mailbox, reply.UID),
		reply.Raw, sum, reply.Postmark.UTC().Format(time.RFC3339), reply.From, corr.AuthKey, tid, Processed, note, db.stamp()); err != nil {
		return res, nil, err
	}
	res = Result{LetterID: heldID, Disposition: Held}
	if status != "held" {
		return res, nil, nil
	}
	if decline {
		l, err := db.loadID(ctx, tx, tid)
		if err != nil {
			return res, nil, err
		}
		return res, nil, db.drop(ctx, tx, tid, heldID, letter.HoldDeclined, timecontrol.DateOf(reply.Postmark.In(l.from.loc)))
	}
	if _, err := db.exec(ctx, tx, `UPDATE holds SET status = 'confirmed' WHERE letter_id = ?`, heldID); err != nil {
		return res, nil, err
	}
	at, err := time.Parse(time.RFC3339, postmark)
	if err != nil {
		return res, nil, err
	}
	if _, err := db.exec(ctx, tx, `UPDATE letters SET auth = ? WHERE id = ?`, corr.AuthConfirmed, heldID); err != nil {
		return res, nil, err
	}
	return res, &Received{Incoming: Incoming{MessageID: mid, Raw: raw, Postmark: at, From: from}, Subject: subject, Text: body,
		InReplyTo: strings.Fields(refs), Forwarded: reply.Postmark, Auth: corr.Auth{Method: corr.AuthConfirmed, Detail: "confirmed by " + reply.MessageID}}, nil
}

// drop ends held letter id unapplied (declined or expired) and tells the
// secretary.
func (db *DB) drop(ctx context.Context, tx *sql.Tx, tid, id int64, why letter.HoldOutcome, day timecontrol.Date) error {
	l, err := db.loadID(ctx, tx, tid)
	if err != nil {
		return err
	}
	h, _, err := db.held(ctx, tx, id)
	if err != nil {
		return err
	}
	reason := "not applied: its sender answered that he did not send it"
	if why == letter.HoldExpired {
		reason = fmt.Sprintf("not applied: no confirmation came within %d days", h.HoldDays)
	}
	if _, err := db.exec(ctx, tx, `UPDATE holds SET status = ? WHERE letter_id = ?`, string(why), id); err != nil {
		return err
	}
	if _, err := db.exec(ctx, tx, `UPDATE letters SET disposition = ?, reason = ? WHERE id = ?`, Refused, reason, id); err != nil {
		return err
	}
	return db.commitOutcome(ctx, tx, tid, id, day, corr.Outcome{
		Events: []corr.Event{{Kind: "hold-" + string(why), Detail: reason + " (" + h.From + ")"}},
		Out:    []corr.Outgoing{l.State.HoldDropped(h, why)},
	})
}

// loadID loads tournament tid (see load).
func (db *DB) loadID(ctx context.Context, q querier, tid int64) (loaded, error) {
	var c string
	if err := db.queryRow(ctx, q, `SELECT cipher FROM tournaments WHERE id = ?`, tid).Scan(&c); err != nil {
		return loaded{}, err
	}
	return db.load(ctx, q, c)
}

// Holds runs the held letters' day: those whose time ran out are dropped
// (the secretary told), and those whose sender was not asked yet are asked,
// one request a day per address. It reports how many were dropped and asked.
func (db *DB) Holds(ctx context.Context, day timecontrol.Date) (dropped, asked int, err error) {
	err = db.tx(ctx, func(tx *sql.Tx) error {
		dropped, asked = 0, 0
		rows, err := tx.QueryContext(ctx, `SELECT letter_id, tournament_id, arrived, asked FROM holds WHERE status = 'held' ORDER BY letter_id`)
		if err != nil {
			return err
		}
		type row struct {
			id, tid        int64
			arrived, asked string
		}
		var rs []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.tid, &r.arrived, &r.asked); err != nil {
				rows.Close()
				return err
			}
			rs = append(rs, r)
		}
		rows.Close()
		for _, r := range rs {
			arrived, err := timecontrol.ParseDate(r.arrived)
			if err != nil {
				return err
			}
			if (corr.Held{Arrived: arrived, HoldDays: db.holdDays()}).Expired(day) {
				dropped++
				if err := db.drop(ctx, tx, r.tid, r.id, letter.HoldExpired, day); err != nil {
					return err
				}
				continue
			}
			if r.asked != "" {
				continue
			}
			l, err := db.loadID(ctx, tx, r.tid)
			if err != nil {
				return err
			}
			if err := db.ask(ctx, tx, r.tid, l.State, r.id, day); err != nil {
				return err
			}
			var now string
			if err := db.queryRow(ctx, tx, `SELECT asked FROM holds WHERE letter_id = ?`, r.id).Scan(&now); err != nil {
				return err
			}
			if now != "" {
				asked++
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("storage: held letters on %s: %w", day, err)
	}
	return dropped, asked, nil
}

// Secret returns the server's secret called name (32 random bytes made
// with crypto/rand on first use and kept in the store, so that a restored
// backup keeps the reply keys already sent valid).
func (db *DB) Secret(ctx context.Context, name string) ([]byte, error) {
	var v []byte
	err := db.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		v = make([]byte, 32)
		if _, err := rand.Read(v); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO secrets (name, value) VALUES (?, ?)`, name, v)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: secret %s: %w", name, err)
	}
	return v, nil
}

// KeyScope returns the cipher of tournament tid and the code of game gid
// (0: none), the scope a reply key was made for; ErrNotFound when either
// does not exist.
func (db *DB) KeyScope(ctx context.Context, tid, gid int64) (cipher, game string, err error) {
	err = db.queryRow(ctx, db.reader(ctx), `SELECT t.cipher, coalesce((SELECT code FROM games WHERE id = ? AND tournament_id = t.id), '')
		FROM tournaments t WHERE t.id = ?`, gid, tid).Scan(&cipher, &game)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && gid != 0 && game == "") {
		return "", "", fmt.Errorf("storage: key scope %d/%d: %w", tid, gid, ErrNotFound)
	}
	return cipher, game, err
}

// Oversized keeps a letter too large to read (Raw holds its header only)
// refused, and tells the secretary of the sender's tournament, and the
// sender at his registered address if he is a person of it. A letter from
// nobody of any tournament is kept unanswered.
func (db *DB) Oversized(ctx context.Context, in Incoming, subject string, size, limit int64) (Result, error) {
	var res Result
	sum := sha256Hex(in.Raw)
	if in.MessageID == "" {
		in.MessageID = "sha256-" + sum + "@zaochnik.invalid"
	}
	reason := fmt.Sprintf("letter of %d bytes, over the limit of %d: not read (only its header is kept)", size, limit)
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res = Result{}
		if err := db.advanceWatermark(ctx, tx, in.Mailbox, in.UIDValidity, in.UID); err != nil {
			return err
		}
		var found bool
		var err error
		if res.LetterID, res.Disposition, found, err = db.stored(ctx, tx, in, sum); found || err != nil {
			return err
		}
		mine, all, err := db.senderCiphers(ctx, tx, in.From)
		if err != nil {
			return err
		}
		cipher := corr.PickTournament(mine, all, subject, "")
		res.Fresh, res.Cipher, res.Disposition = true, cipher, Refused
		var tid any
		var l loaded
		if cipher != "" {
			if l, err = db.load(ctx, tx, cipher); err != nil {
				return err
			}
			tid = l.id
		}
		ins, err := db.exec(ctx, tx, `INSERT INTO letters
			(message_id, mailbox, uidvalidity, uid, raw, sha256, postmark, from_addr, auth, tournament_id, disposition, reason, stored_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)`,
			in.MessageID, nullable(in.Mailbox, in.Mailbox), nullable(in.Mailbox, in.UIDValidity), nullable(in.Mailbox, in.UID),
			in.Raw, sum, in.Postmark.UTC().Format(time.RFC3339), in.From, tid, Refused, reason, db.stamp())
		if err != nil {
			return err
		}
		if res.LetterID, err = ins.LastInsertId(); err != nil || cipher == "" {
			return err
		}
		day := timecontrol.DateOf(in.Postmark.In(l.from.loc))
		return db.commitOutcome(ctx, tx, l.id, res.LetterID, day, corr.Outcome{
			Events: []corr.Event{{Kind: "oversized", Detail: reason + " (" + in.From + ")"}},
			Out:    l.State.Oversized(in.From, subject, size, limit, day),
		})
	})
	if err != nil {
		return Result{}, fmt.Errorf("storage: oversized letter %s: %w", in.MessageID, err)
	}
	return res, nil
}

// HeldPersons lists the addresses of tournament cipher with a letter
// waiting for their confirmation.
func (t *Tx) HeldPersons(ctx context.Context, cipher string) ([]string, error) {
	rows, err := t.tx.QueryContext(ctx, `SELECT DISTINCT h.person FROM holds h JOIN tournaments t ON t.id = h.tournament_id
		WHERE t.cipher = ? AND h.status = 'held'`, cipher)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
