package storage

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"time"

	"zaochnik/corr"
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

// Waiting returns the letters neither sent, dead nor held, in order of
// queueing: the outbox's few, read through its index, not its history.
func (db *DB) Waiting(ctx context.Context) ([]Outgoing, error) {
	return findOutgoing(ctx, db.db, `WHERE o.sent = '' AND o.dead = 0 AND o.hold = 0 ORDER BY o.id`)
}

func findOutgoing(ctx context.Context, q querier, where string, args ...any) ([]Outgoing, error) {
	// A letter in flight shows its attempt begun and when it is tried
	// again unless its outcome says otherwise (NextBatch).
	rows, err := q.QueryContext(ctx, `SELECT o.id, o.message_id, o.to_addr, o.kind, o.subject, o.body, o.in_reply_to, o.attach,
		coalesce(g.code, ''), o.attempts + (f.outbox_id IS NOT NULL), coalesce(f.next_attempt, o.next_attempt), o.last_error, o.hold, o.dead, o.sent
		FROM outbox o LEFT JOIN games g ON g.id = o.game_id LEFT JOIN outbox_flight f ON f.outbox_id = o.id `+where, args...)
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
	return db.trackedTx(ctx, func(tx *sql.Tx) error { // the outbox's rows alone
		stamp := now.UTC().Format(time.RFC3339)
		_, err := db.exec(ctx, tx, `UPDATE outbox SET attempts = attempts + 1, last_attempt = ?, sent = ? WHERE sent = '' AND hold = 0 AND dead = 0`, stamp, stamp)
		return err
	})
}

// outRow is a letter to queue; the any fields are ids or nil.
type outRow struct {
	tid, gid, lid, confirms                    any
	to, kind, subject, body, inReplyTo, attach string
}

// enqueue adds r to the outbox, due at once, and returns its id.
func (db *DB) enqueue(ctx context.Context, tx *sql.Tx, r outRow, now string) (int64, error) {
	ids, err := db.enqueueAll(ctx, tx, []outRow{r}, nil, now)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// outboxRows is how many rows one INSERT of the outbox writes at most.
const outboxRows = 32

// enqueueAll adds rs, with their documents files (files[i] of rs[i]; nil
// is none), to the outbox, due at once, and returns their ids. A row's id
// is chosen before it is written, as SQLite would choose it (max(id)+1),
// so that its Message-ID, made from the id (see messageID), is written
// with it; the rows are written as a group's appended ones (writeQueued).
func (db *DB) enqueueAll(ctx context.Context, tx *sql.Tx, rs []outRow, files [][]corr.File, now string) ([]int64, error) {
	qs, err := db.numbered(ctx, tx, rs, files, now)
	if err != nil {
		return nil, err
	}
	if err := db.writeQueued(ctx, tx, qs); err != nil {
		return nil, err
	}
	ids := make([]int64, len(qs))
	for i, q := range qs {
		ids[i] = q.id
	}
	return ids, nil
}

// values is the VALUES list of a multi-row INSERT: n rows of k parameters.
func values(n, k int) string {
	row := "(" + strings.Repeat("?, ", k-1) + "?)"
	return strings.Repeat(row+", ", n-1) + row
}

// manyRows is the multi-row INSERT head (ending in VALUES) of n rows of k
// parameters, made once for each head, n and k: a letter writes three (its
// events, its outgoing letters, its ledger lines), each of the same few
// sizes every time. One row of k is a list of k values (idsIn).
func (db *DB) manyRows(head string, n, k int) string {
	m := &db.rowsSQL
	m.mu.Lock()
	defer m.mu.Unlock()
	key := rowsKey{head, n, k}
	q, ok := m.made[key]
	if !ok {
		if m.made == nil {
			m.made = map[rowsKey]string{}
		}
		q = head + " " + values(n, k)
		m.made[key] = q
	}
	return q
}

// rowsStatements are manyRows' statements.
type rowsStatements struct {
	mu   sync.Mutex
	made map[rowsKey]string
}

// rowsKey names a statement of manyRows.
type rowsKey struct {
	head string
	n, k int
}

// KindReport is the kind of a report of the daemon's own (QueueReport).
const KindReport = "report"

// QueueReport queues a letter of the daemon's own (a digest, the
// standings) to one address, due at once.
func (db *DB) QueueReport(ctx context.Context, to, subject, body string) error {
	return db.trackedTx(ctx, func(tx *sql.Tx) error { // the outbox's rows alone
		_, err := db.enqueue(ctx, tx, outRow{to: to, kind: KindReport, subject: subject, body: body}, db.stamp())
		return err
	})
}

// OutboxCounts is the state of the outbox.
type OutboxCounts struct {
	Waiting  int `json:"waiting"`   // neither sent nor dead (held ones included)
	Due      int `json:"due"`       // of those, due at now, not held and not in flight
	InFlight int `json:"in_flight"` // of those, handed to the SMTP sender, their outcome not recorded yet
	Dead     int `json:"dead"`
	Sent     int `json:"sent"`
}

// Counts counts the outbox's letters, the due ones as of now.
func (db *DB) Counts(ctx context.Context, now time.Time) (OutboxCounts, error) {
	var n OutboxCounts
	err := db.queryRow(ctx, db.db, `SELECT
		coalesce(sum(o.dead = 0 AND o.sent = ''), 0),
		coalesce(sum(o.dead = 0 AND o.sent = '' AND o.hold = 0 AND f.outbox_id IS NULL AND o.next_attempt <= ?), 0),
		coalesce(sum(o.dead = 0 AND o.sent = '' AND f.outbox_id IS NOT NULL), 0),
		coalesce(sum(o.dead = 1), 0),
		coalesce(sum(o.dead = 0 AND o.sent <> ''), 0) FROM outbox o LEFT JOIN outbox_flight f ON f.outbox_id = o.id`, stampOf(now)).Scan(&n.Waiting, &n.Due, &n.InFlight, &n.Dead, &n.Sent)
	return n, err
}
