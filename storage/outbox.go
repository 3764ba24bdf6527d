package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Outgoing is a letter queued for sending.
type Outgoing struct {
	ID        int64
	MessageID string // fixed when queued, so a resend after a crash is the same message
	To        string
	Kind      string // what it is: forward, refusal, notice, reminder, claim, ruling, start-list...
	Subject   string
	Body      string
	InReplyTo string // Message-ID of the letter it answers or the game's thread, if any
	GameCode  string // "" for letters about no single game
	// Attach lists the Message-IDs of stored letters to attach whole (the
	// offender's letters in a judge's dossier); LetterByMessageID reads them.
	Attach      []string
	Attempts    int
	NextAttempt time.Time
	LastError   string
	Hold        bool
	Dead        bool
	Sent        time.Time // zero until sent
}

// Backoff between attempts, after mox's queue: 7.5 minutes, doubling with
// each failed attempt (7.5 m, 15 m, 30 m, 1 h, 2 h, 4 h, 8 h, 16 h); after
// MaxAttempts attempts the letter is dead and the secretary is told.
const (
	firstBackoff = 450 * time.Second
	// MaxAttempts is how many times a letter is tried before it is dead.
	MaxAttempts = 8
)

func backoff(attempts int) time.Duration {
	return firstBackoff << max(0, attempts-1)
}

// Due returns up to limit letters whose next attempt is due at now: not
// sent, not dead, not held; oldest first.
func (db *DB) Due(ctx context.Context, now time.Time, limit int) ([]Outgoing, error) {
	return findOutgoing(ctx, db.db, `WHERE o.sent = '' AND o.dead = 0 AND o.hold = 0 AND o.next_attempt <= ? ORDER BY o.next_attempt, o.id LIMIT ?`,
		now.UTC().Format(time.RFC3339), limit)
}

// Outbox returns every queued letter, in order of queueing.
func (db *DB) Outbox(ctx context.Context) ([]Outgoing, error) {
	return findOutgoing(ctx, db.db, `ORDER BY o.id`)
}

func findOutgoing(ctx context.Context, q querier, where string, args ...any) ([]Outgoing, error) {
	rows, err := q.QueryContext(ctx, `SELECT o.id, o.message_id, o.to_addr, o.kind, o.subject, o.body, o.in_reply_to, o.attach,
		coalesce(g.code, ''), o.attempts, o.next_attempt, o.last_error, o.hold, o.dead, o.sent
		FROM outbox o LEFT JOIN games g ON g.id = o.game_id `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Outgoing
	for rows.Next() {
		var o Outgoing
		var next, sent, attach string
		if err := rows.Scan(&o.ID, &o.MessageID, &o.To, &o.Kind, &o.Subject, &o.Body, &o.InReplyTo, &attach, &o.GameCode,
			&o.Attempts, &next, &o.LastError, &o.Hold, &o.Dead, &sent); err != nil {
			return nil, err
		}
		o.Attach = strings.Fields(attach)
		o.NextAttempt, _ = time.Parse(time.RFC3339, next)
		if sent != "" {
			o.Sent, _ = time.Parse(time.RFC3339, sent)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Attempt records, before the letter is handed to SMTP, that an attempt is
// being made at now: attempts+1 and the next attempt after the backoff. A
// crash during sending thus delays the retry instead of looping hot.
func (db *DB) Attempt(ctx context.Context, id int64, now time.Time) error {
	return db.updateOutgoing(ctx, id, func(o *Outgoing) {
		o.Attempts++
		o.NextAttempt = now.Add(backoff(o.Attempts))
	}, now)
}

// MarkSent records that the letter was accepted by the SMTP server at now.
func (db *DB) MarkSent(ctx context.Context, id int64, now time.Time) error {
	return db.updateOutgoing(ctx, id, func(o *Outgoing) { o.Sent = now; o.LastError = "" }, now)
}

// MarkFailed records a failed attempt. A permanent failure (SMTP 5xx), or a
// temporary one after MaxAttempts attempts, makes the letter dead; the
// caller tells the secretary.
func (db *DB) MarkFailed(ctx context.Context, id int64, reason string, permanent bool, now time.Time) (dead bool, err error) {
	err = db.updateOutgoing(ctx, id, func(o *Outgoing) {
		o.LastError = reason
		o.Dead = permanent || o.Attempts >= MaxAttempts
		dead = o.Dead
	}, now)
	return dead, err
}

func (db *DB) updateOutgoing(ctx context.Context, id int64, change func(o *Outgoing), now time.Time) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		os, err := findOutgoing(ctx, tx, `WHERE o.id = ?`, id)
		if err != nil {
			return err
		}
		if len(os) == 0 {
			return fmt.Errorf("storage: outgoing letter %d: %w", id, ErrNotFound)
		}
		o := os[0]
		change(&o)
		sent := ""
		if !o.Sent.IsZero() {
			sent = o.Sent.UTC().Format(time.RFC3339)
		}
		_, err = tx.ExecContext(ctx, `UPDATE outbox SET attempts = ?, next_attempt = ?, last_attempt = ?, last_error = ?, dead = ?, sent = ? WHERE id = ?`,
			o.Attempts, o.NextAttempt.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339), o.LastError, o.Dead, sent, id)
		return err
	})
}

// DeliverAll marks every queued letter sent at now: the replay's mail
// carrier, which delivers a letter the moment it is sent.
func (db *DB) DeliverAll(ctx context.Context, now time.Time) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		stamp := now.UTC().Format(time.RFC3339)
		_, err := tx.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, last_attempt = ?, sent = ? WHERE sent = '' AND hold = 0 AND dead = 0`, stamp, stamp)
		return err
	})
}
