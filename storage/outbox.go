package storage

import (
	"context"
	"database/sql"
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

// DeliverAll marks every queued letter sent at now: the replay's mail
// carrier, which delivers a letter the moment it is sent.
func (db *DB) DeliverAll(ctx context.Context, now time.Time) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		stamp := now.UTC().Format(time.RFC3339)
		_, err := db.exec(ctx, tx, `UPDATE outbox SET attempts = attempts + 1, last_attempt = ?, sent = ? WHERE sent = '' AND hold = 0 AND dead = 0`, stamp, stamp)
		return err
	})
}
