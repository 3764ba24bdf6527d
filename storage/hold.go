package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strings"

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

// hold keeps the letter of row (r, arrived on day) of tournament l
// unapplied until its sender confirms it, for reason why; person, the
// sender's registered address, is the one to ask (Tx.Ask).
func (t *Tx) hold(ctx context.Context, l Tournament, row *letterRow, r Received, person string, day timecontrol.Date, why letter.Reason) error {
	if err := t.settle(ctx, row, letterOutcome{tid: l.id, d: Held, reason: why}); err != nil {
		return err
	}
	_, err := t.db.exec(ctx, t.tx, `INSERT INTO holds (letter_id, tournament_id, person, subject, body, refs, why, arrived) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		row.id, l.id, strings.ToLower(person), r.Subject, r.Text, strings.Join(r.InReplyTo, " "), reasonColumn(why), day.String())
	return err
}

// HeldFor reads held letter id as the referee describes it, and whether
// the address asked about it was asked about a held letter on day already.
func (t *Tx) HeldFor(ctx context.Context, id int64, day timecontrol.Date) (h corr.Held, askedToday bool, err error) {
	if err := t.usable(); err != nil {
		return corr.Held{}, false, err
	}
	h, person, err := t.db.held(ctx, t.tx, id)
	if err != nil {
		return h, false, err
	}
	var n int
	err = t.db.queryRow(ctx, t.tx, `SELECT count(*) FROM holds WHERE person = ? AND asked = ?`, person, day.String()).Scan(&n)
	return h, n > 0, err
}

// Ask queues o, the confirmation request of held letter id of tournament
// l, and records it asked on day.
func (t *Tx) Ask(ctx context.Context, l Tournament, id int64, day timecontrol.Date, o corr.Outgoing) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := t.db.queue(ctx, t.tx, l.id, nil, id, id, o); err != nil {
		return err
	}
	_, err := t.db.exec(ctx, t.tx, `UPDATE holds SET asked = ? WHERE letter_id = ?`, day.String(), id)
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

// Drop ends held letter id of tournament l unapplied on day (why:
// declined or expired), refused for reason, with the outcome's events and
// letters (the secretary told).
func (t *Tx) Drop(ctx context.Context, l Tournament, id int64, why letter.HoldOutcome, day timecontrol.Date, reason letter.Reason, out corr.Outcome) error {
	if err := t.usable(); err != nil {
		return err
	}
	if _, err := t.db.exec(ctx, t.tx, `UPDATE holds SET status = ? WHERE letter_id = ?`, string(why), id); err != nil {
		return err
	}
	if _, err := t.db.exec(ctx, t.tx, `UPDATE letters SET disposition = ?, reason = ? WHERE id = ?`, Refused, reasonColumn(reason), id); err != nil {
		return err
	}
	return t.db.commitOutcome(ctx, t.tx, l.id, id, day, out, l.from.games)
}

// WaitingLetter is a letter waiting for its sender's confirmation.
type WaitingLetter struct {
	ID     int64
	Cipher string // its tournament
	Asked  bool   // its sender was asked to confirm it
}

// Waiting lists the letters waiting for their sender's confirmation, oldest first.
func (t *Tx) Waiting(ctx context.Context) ([]WaitingLetter, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	rows, err := t.tx.QueryContext(ctx, `SELECT h.letter_id, t.cipher, h.asked != '' FROM holds h JOIN tournaments t ON t.id = h.tournament_id
		WHERE h.status = 'held' ORDER BY h.letter_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var hs []WaitingLetter
	for rows.Next() {
		var h WaitingLetter
		if err := rows.Scan(&h.ID, &h.Cipher, &h.Asked); err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	return hs, rows.Err()
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

// keyScope returns the cipher of tournament tid and the code of game gid
// (0: none), the scope a reply key was made for; ErrNotFound when either
// does not exist.
func (db *DB) keyScope(ctx context.Context, q querier, tid, gid int64) (cipher, game string, err error) {
	err = db.queryRow(ctx, q, `SELECT t.cipher, coalesce((SELECT code FROM games WHERE id = ? AND tournament_id = t.id), '')
		FROM tournaments t WHERE t.id = ?`, gid, tid).Scan(&cipher, &game)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && gid != 0 && game == "") {
		return "", "", fmt.Errorf("storage: key scope %d/%d: %w", tid, gid, ErrNotFound)
	}
	return cipher, game, err
}

// HeldPersons lists the addresses of tournament cipher with a letter
// waiting for their confirmation.
func (t *Tx) HeldPersons(ctx context.Context, cipher string) ([]string, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	return t.db.column(ctx, t.tx, `SELECT DISTINCT h.person FROM holds h JOIN tournaments t ON t.id = h.tournament_id
		WHERE t.cipher = ? AND h.status = 'held'`, cipher)
}
