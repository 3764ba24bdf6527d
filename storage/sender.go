package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"zaochnik/corr"
)

// Mail is a queued letter as plain values, for the mail shell to compose.
type Mail struct {
	MessageID string // without angle brackets, fixed when queued
	Kind      string // as Outgoing.Kind
	To        string
	Subject   string
	Body      string
	InReplyTo string
	Date      time.Time // when it was queued
	// Attachments are the raw letters to attach whole (a judge's dossier).
	Attachments [][]byte
	// Files are the documents made for the letter (a diagram, a PDN),
	// attached after the letters.
	Files []corr.File
	// TournamentID and GameID (0: none) are the scope of the addressee's
	// reply key; Confirms is the held letter a confirmation request is
	// about (0: none), whose key it carries instead.
	TournamentID, GameID, Confirms int64
}

// The outbox as the SMTP sender drains it (mailbox.Outbox). The sender owns
// the retry schedule; the store records each step in its own transaction,
// the attempt before the letter is handed to SMTP.

// NextDue returns the waiting letter (not sent, not dead, not held, not in
// flight) with the earliest next attempt.
func (db *DB) NextDue(ctx context.Context) (id int64, attempts int, due time.Time, ok bool, err error) {
	var next string
	err = db.queryRow(ctx, db.db, `SELECT id, attempts, next_attempt FROM outbox
		WHERE sent = '' AND dead = 0 AND hold = 0 AND sending = '' ORDER BY next_attempt, id LIMIT 1`).Scan(&id, &attempts, &next)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, time.Time{}, false, nil
	}
	if err != nil {
		return 0, 0, time.Time{}, false, err
	}
	due, err = time.Parse(time.RFC3339, next)
	return id, attempts, due, err == nil, err
}

// BeginAttempt records an attempt at now (the next one at retryAt), puts
// the letter in flight until Sent, Retry or Dead, and returns it as plain
// values with the number of this attempt; the mail shell composes it.
func (db *DB) BeginAttempt(ctx context.Context, id int64, now, retryAt time.Time) (Mail, int, error) {
	return db.beginAttempt(ctx, 0, time.Time{}, id, now, retryAt)
}

// SentThenBegin records that letter sentID was sent at sentAt (as Sent
// does) and begins an attempt at letter id (as BeginAttempt does), in one
// transaction.
func (db *DB) SentThenBegin(ctx context.Context, sentID int64, sentAt time.Time, id int64, now, retryAt time.Time) (Mail, int, error) {
	return db.beginAttempt(ctx, sentID, sentAt, id, now, retryAt)
}

// beginAttempt is BeginAttempt, recording first that letter sentID (0:
// none) was sent at sentAt.
func (db *DB) beginAttempt(ctx context.Context, sentID int64, sentAt time.Time, id int64, now, retryAt time.Time) (m Mail, attempt int, err error) {
	var queued, attach string
	var files int
	err = db.tx(ctx, func(tx *sql.Tx) error {
		if sentID != 0 {
			if err := db.sent(ctx, tx, sentID, sentAt); err != nil {
				return err
			}
		}
		err := db.queryRow(ctx, tx, `UPDATE outbox SET attempts = attempts + 1, last_attempt = ?, next_attempt = ?, sending = ?
			WHERE id = ? AND sent = '' AND dead = 0 AND sending = ''
			RETURNING message_id, kind, to_addr, subject, body, in_reply_to, attach, attempts, queued,
				coalesce(tournament_id, 0), coalesce(game_id, 0), coalesce(confirms, 0),
				(SELECT count(*) FROM outbox_files f WHERE f.outbox_id = outbox.id)`,
			stampOf(now), stampOf(retryAt), stampOf(now), id).
			Scan(&m.MessageID, &m.Kind, &m.To, &m.Subject, &m.Body, &m.InReplyTo, &attach, &attempt, &queued, &m.TournamentID, &m.GameID, &m.Confirms, &files)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("storage: outgoing letter %d: %w (or already sent, dead or in flight)", id, ErrNotFound)
		}
		return err
	})
	if err != nil {
		return Mail{}, 0, err
	}
	m.Date, _ = time.Parse(time.RFC3339, queued)
	for _, mid := range strings.Fields(attach) {
		l, err := db.LetterByMessageID(ctx, mid)
		if err != nil {
			return Mail{}, 0, fmt.Errorf("storage: outgoing letter %d attaches %s: %w", id, mid, err)
		}
		m.Attachments = append(m.Attachments, l.Raw)
	}
	if files == 0 {
		return m, attempt, nil
	}
	if m.Files, err = outboxFiles(ctx, db.db, id); err != nil {
		return Mail{}, 0, fmt.Errorf("storage: outgoing letter %d: its files: %w", id, err)
	}
	return m, attempt, nil
}

// Sent records that the SMTP server accepted letter id.
func (db *DB) Sent(ctx context.Context, id int64, now time.Time) error {
	return db.tx(ctx, func(tx *sql.Tx) error { return db.sent(ctx, tx, id, now) })
}

// sent records in tx that letter id was sent at now.
func (db *DB) sent(ctx context.Context, tx *sql.Tx, id int64, now time.Time) error {
	return db.updateOutgoing(ctx, tx, id, `sent = ?, last_error = '', sending = ''`, stampOf(now))
}

// Retry records a temporary failure; the next attempt is at retryAt.
func (db *DB) Retry(ctx context.Context, id int64, retryAt time.Time, reason string) error {
	return db.setOutgoing(ctx, id, `next_attempt = ?, last_error = ?, sending = ''`, stampOf(retryAt), reason)
}

// Dead records a permanent failure and, in the same transaction, queues
// what the tournament writes of it (corr.Tournament.Undelivered: a notice
// to its secretary unless the dead letter was hers).
func (db *DB) Dead(ctx context.Context, id int64, now time.Time, reason string) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE outbox SET dead = 1, last_error = ?, last_attempt = ?, sending = '' WHERE id = ?`, reason, stampOf(now), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("storage: outgoing letter %d: %w", id, ErrNotFound)
		}
		var to, subject string
		var tid sql.NullInt64
		var source []byte
		if err := tx.QueryRowContext(ctx, `SELECT o.to_addr, o.subject, o.tournament_id, coalesce(t.source, '') FROM outbox o
			LEFT JOIN tournaments t ON t.id = o.tournament_id WHERE o.id = ?`, id).Scan(&to, &subject, &tid, &source); err != nil {
			return err
		}
		if !tid.Valid {
			return nil
		}
		t, err := db.parsedTournament(source)
		if err != nil {
			return nil // a stored tournament's file parses; the letter is dead all the same
		}
		for _, o := range t.Undelivered(to, subject, reason) {
			if _, err := db.enqueue(ctx, tx, outRow{tid: tid.Int64, to: o.To, kind: o.Kind, subject: o.Subject, body: o.Body}, stampOf(now)); err != nil {
				return err
			}
		}
		return nil
	})
}

// MarkSentUpTo records the waiting letters queued up to before as sent at
// their queued time, with note (a held letter stays held): in a store rebuilt from the letters
// received, they are the history of letters the lost store sent already,
// which must not go out again. It returns how many it marked.
func (db *DB) MarkSentUpTo(ctx context.Context, before time.Time, note string) (int, error) {
	res, err := db.db.ExecContext(ctx, `UPDATE outbox SET sent = queued, last_error = ? WHERE sent = '' AND dead = 0 AND hold = 0 AND queued <= ?`,
		note, stampOf(before))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Uncertain is the reason given to a letter found in flight at start.
const Uncertain = "uncertain: the daemon stopped while handing this letter to the SMTP server, so it may have been delivered; " +
	"it is not sent again (at most one copy): ask the addressee, and send it by hand if it did not arrive"

// SettleInFlight ends the attempts a stopped daemon left in flight: each
// such letter may or may not have reached the SMTP server, so it is marked
// dead (Uncertain), never sent again, and the secretary is told (see
// Dead). The daemon calls it once at start, before its sender runs. It
// returns how many letters it settled.
func (db *DB) SettleInFlight(ctx context.Context, now time.Time) (int, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id FROM outbox WHERE sending <> '' AND sent = '' AND dead = 0 ORDER BY id`)
	if err != nil {
		return 0, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for i, id := range ids {
		if err := db.Dead(ctx, id, now, Uncertain); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}

func (db *DB) setOutgoing(ctx context.Context, id int64, set string, args ...any) error {
	return db.tx(ctx, func(tx *sql.Tx) error { return db.updateOutgoing(ctx, tx, id, set, args...) })
}

// updateOutgoing sets columns of outgoing letter id in tx.
func (db *DB) updateOutgoing(ctx context.Context, tx *sql.Tx, id int64, set string, args ...any) error {
	res, err := db.exec(ctx, tx, `UPDATE outbox SET `+set+` WHERE id = ?`, append(args, id)...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("storage: outgoing letter %d: %w", id, ErrNotFound)
	}
	return nil
}

func stampOf(t time.Time) string { return t.UTC().Truncate(time.Second).Format(time.RFC3339) }
