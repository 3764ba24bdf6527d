package storage

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"zaochnik/corr/letter"

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
// the retry schedule; the store records it. NextBatch records the outcomes of
// the letters in flight and puts the next due letters in flight, in one
// transaction, before any of them is handed to SMTP. A letter in flight is
// a row of outbox_flight (migration 0008), not a mark in its outbox row: a
// claim writes one small row a letter there, and the letter's own row, its
// text with it, is written once, when its outcome is recorded.

// notFlying is the condition of a waiting letter not in flight.
const notFlying = `id NOT IN (SELECT outbox_id FROM outbox_flight)`

// NextDue returns the waiting letter (not sent, not dead, not held, not in
// flight) with the earliest next attempt.
func (db *DB) NextDue(ctx context.Context) (id int64, attempts int, due time.Time, ok bool, err error) {
	var next string
	err = db.queryRow(ctx, db.db, `SELECT id, attempts, next_attempt FROM outbox
		WHERE sent = '' AND dead = 0 AND hold = 0 AND `+notFlying+` ORDER BY next_attempt, id LIMIT 1`).Scan(&id, &attempts, &next)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, time.Time{}, false, nil
	}
	if err != nil {
		return 0, 0, time.Time{}, false, err
	}
	due, err = time.Parse(time.RFC3339, next)
	return id, attempts, due, err == nil, err
}

// Fate is what became of a letter in flight.
type Fate uint8

const (
	// Delivered: the SMTP server accepted the letter at Outcome.At.
	Delivered Fate = iota + 1
	// Deferred: a temporary failure; the next attempt is at Outcome.At.
	Deferred
	// Undeliverable: a permanent failure at Outcome.At (or the last
	// attempt failed); the letter is dead and the secretary is told.
	Undeliverable
	// Unattempted: the letter was never handed to SMTP (the connection was
	// lost or the sender stopped before its turn); it waits again, due at
	// Outcome.At, and its attempt is not counted.
	Unattempted
)

// Outcome is what became of letter ID, put in flight by NextBatch.
type Outcome struct {
	ID     int64
	Fate   Fate
	At     time.Time
	Reason string // Deferred, Undeliverable: the SMTP reply or the error
}

// Claimed is a letter NextBatch put in flight, as plain values for the mail
// shell to compose, with the number of this attempt (1 for the first).
type Claimed struct {
	ID      int64
	Attempt int
	Mail    Mail
	// Err: the letter's attachments or files could not be read; it cannot
	// go this time (the sender counts it as a temporary failure).
	Err error

	attach []string // the Message-IDs of the stored letters it attaches
	files  int      // how many files it has
}

// NextBatch records the outcomes done of letters in flight and then puts in
// flight up to max due letters (not sent, dead, held or in flight, next
// attempt at or before now; the earliest due first, then the first
// queued), all in one transaction. A letter in flight has its attempt
// begun at now, due again at retryAt until its outcome says otherwise (as
// Outbox and Waiting show it); the attempt is counted in the letter's row
// when its outcome is recorded. They are returned in the order queued. A
// letter in flight is never claimed again, so it reaches SMTP at most once
// even if its outcome is never recorded (SettleInFlight). With max 0 it
// only records. When it fails, nothing is recorded and nothing claimed.
func (db *DB) NextBatch(ctx context.Context, done []Outcome, now, retryAt time.Time, max int) ([]Claimed, error) {
	if len(done) == 0 && max <= 0 {
		return nil, nil
	}
	var out []Claimed
	err := db.trackedTx(ctx, func(tx *sql.Tx) error { // the outbox's rows alone
		if err := db.recordAll(ctx, tx, done); err != nil {
			return err
		}
		if max <= 0 {
			return nil
		}
		st, err := db.stmt(ctx, tx, `SELECT `+claimedColumns+` FROM outbox
			WHERE sent = '' AND dead = 0 AND hold = 0 AND next_attempt <= ? AND `+notFlying+`
			ORDER BY next_attempt, id LIMIT ?`)
		if err != nil {
			return err
		}
		rows, err := st.QueryContext(ctx, stampOf(now), max)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanClaimed(rows)
			if err != nil {
				return err
			}
			out = append(out, c)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		ids := make([]int64, len(out))
		for i, c := range out {
			ids[i] = c.ID
		}
		return db.fly(ctx, tx, ids, now, retryAt)
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Claimed) int { return cmp.Compare(a.ID, b.ID) })
	for i := range out {
		out[i].Err = db.readParts(ctx, &out[i])
	}
	return out, nil
}

// fly puts letters ids in flight in tx: their attempt begun at now, due
// again at retryAt until an outcome is recorded.
func (db *DB) fly(ctx context.Context, tx *sql.Tx, ids []int64, now, retryAt time.Time) error {
	since, next := any(stampOf(now)), any(stampOf(retryAt)) // boxed once for every row
	args := make([]any, 0, 3*len(ids))
	for _, id := range ids {
		args = append(args, id, since, next)
	}
	return db.insertRows(ctx, tx, `INSERT INTO outbox_flight (outbox_id, since, next_attempt) VALUES`, 3, idsPart, args)
}

// idsPart is how many ids one statement of inParts names at most.
const idsPart = 64

// inParts calls fn with ids in parts of idsPart at most, each of a power
// of two (rowsAtOnce), so that a statement is of a few sizes, each
// prepared once. The statements name their ids as parameters: json_each,
// which takes any number in one, cost about 5 thousand instructions a
// letter more (BenchmarkNextBatch).
func inParts(ids []int64, fn func(part []int64) error) error {
	for len(ids) > 0 {
		part := ids[:rowsAtOnce(len(ids), idsPart)]
		ids = ids[len(part):]
		if err := fn(part); err != nil {
			return err
		}
	}
	return nil
}

// idsIn is the statement head followed by the list of part's ids as
// parameters, "(?, ?, ?)", with its arguments: args, then the ids.
func (db *DB) idsIn(head string, part []int64, args ...any) (string, []any) {
	for _, id := range part {
		args = append(args, id)
	}
	return db.manyRows(head, 1, len(part)), args
}

// claimedColumns are a letter as NextBatch claims it, read by scanClaimed:
// the number of the attempt it begins is one more than those recorded.
const claimedColumns = `id, message_id, kind, to_addr, subject, body, in_reply_to, attach, attempts + 1, queued,
	coalesce(tournament_id, 0), coalesce(game_id, 0), coalesce(confirms, 0),
	(SELECT count(*) FROM outbox_files f WHERE f.outbox_id = outbox.id)`

// scanClaimed reads a claimedColumns row; readParts reads the letters it
// attaches and its files.
func scanClaimed(row interface{ Scan(...any) error }) (Claimed, error) {
	var c Claimed
	var queued, attach string
	m := &c.Mail
	if err := row.Scan(&c.ID, &m.MessageID, &m.Kind, &m.To, &m.Subject, &m.Body, &m.InReplyTo, &attach, &c.Attempt, &queued,
		&m.TournamentID, &m.GameID, &m.Confirms, &c.files); err != nil {
		return Claimed{}, err
	}
	m.Date, _ = time.Parse(time.RFC3339, queued)
	c.attach = strings.Fields(attach)
	return c, nil
}

// readParts reads the stored letters c attaches and its files.
func (db *DB) readParts(ctx context.Context, c *Claimed) error {
	for _, mid := range c.attach {
		l, err := db.LetterByMessageID(ctx, mid)
		if err != nil {
			return fmt.Errorf("storage: outgoing letter %d attaches %s: %w", c.ID, mid, err)
		}
		c.Mail.Attachments = append(c.Mail.Attachments, l.Raw)
	}
	if c.files == 0 {
		return nil
	}
	var err error
	if c.Mail.Files, err = outboxFiles(ctx, db.db, c.ID); err != nil {
		return fmt.Errorf("storage: outgoing letter %d: its files: %w", c.ID, err)
	}
	return nil
}

// Record records outcomes of letters in flight in one transaction (NextBatch
// with nothing to claim).
func (db *DB) Record(ctx context.Context, done ...Outcome) error {
	_, err := db.NextBatch(ctx, done, time.Time{}, time.Time{}, 0)
	return err
}

// recordAll records the outcomes done in tx: the letters delivered in the
// same second (most of a batch) in one statement, the others one by one,
// and then takes them out of flight in one statement.
func (db *DB) recordAll(ctx context.Context, tx *sql.Tx, done []Outcome) error {
	if len(done) == 0 {
		return nil
	}
	var stamps []string // of the deliveries, in order
	delivered := map[string][]int64{}
	ids := make([]int64, len(done))
	for i, o := range done {
		ids[i] = o.ID
		if o.Fate != Delivered {
			if err := db.record(ctx, tx, o); err != nil {
				return err
			}
			continue
		}
		stamp := stampOf(o.At)
		if delivered[stamp] == nil {
			stamps = append(stamps, stamp)
		}
		delivered[stamp] = append(delivered[stamp], o.ID)
	}
	for _, stamp := range stamps {
		err := inParts(delivered[stamp], func(part []int64) error {
			q, args := db.idsIn(`UPDATE outbox SET sent = ?, last_error = '', `+attemptCounted+` WHERE id IN`, part, stamp)
			res, err := db.exec(ctx, tx, q, args...)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != int64(len(part)) {
				return fmt.Errorf("storage: recording outgoing letters %v as sent: %d of them %w", part, int64(len(part))-n, ErrNotFound)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return inParts(ids, func(part []int64) error {
		q, args := db.idsIn(`DELETE FROM outbox_flight WHERE outbox_id IN`, part)
		_, err := db.exec(ctx, tx, q, args...)
		return err
	})
}

// attemptCounted counts in a letter's row the attempt in flight that its
// outcome ends; a letter not in flight (an outcome recorded by hand) has
// none to count.
const attemptCounted = `attempts = attempts + (id IN (SELECT outbox_id FROM outbox_flight))`

// attemptBegan records when the attempt in flight of a letter not
// delivered began. A delivered letter's last_attempt is left as it was:
// sent says when it went, and a row that does not grow by another stamp
// is rewritten in place more often (BenchmarkNextBatch: a tenth of the
// instructions a letter).
const attemptBegan = `last_attempt = coalesce((SELECT since FROM outbox_flight WHERE outbox_id = outbox.id), last_attempt)`

// record records outcome o, other than Delivered (see recordAll), in tx.
func (db *DB) record(ctx context.Context, tx *sql.Tx, o Outcome) error {
	switch o.Fate {
	case Deferred:
		return db.updateOutgoing(ctx, tx, o.ID, `next_attempt = ?, last_error = ?, `+attemptCounted+`, `+attemptBegan, stampOf(o.At), o.Reason)
	case Undeliverable:
		return db.dead(ctx, tx, o.ID, o.At, o.Reason)
	case Unattempted:
		return db.updateOutgoing(ctx, tx, o.ID, `next_attempt = ?`, stampOf(o.At))
	}
	return fmt.Errorf("storage: outgoing letter %d: unknown outcome %d", o.ID, o.Fate)
}

// dead marks letter id dead in tx and queues what the tournament writes of
// it (corr.Tournament.Undelivered: a notice to its secretary unless the
// dead letter was hers).
func (db *DB) dead(ctx context.Context, tx *sql.Tx, id int64, now time.Time, reason string) error {
	res, err := tx.ExecContext(ctx, `UPDATE outbox SET dead = 1, last_error = ?, last_attempt = ?, `+attemptCounted+` WHERE id = ?`, reason, stampOf(now), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("storage: outgoing letter %d: %w", id, ErrNotFound)
	}
	u := letter.Undelivered{Reason: reason, Uncertain: reason == Uncertain, Attempted: now}
	var tid sql.NullInt64
	var source []byte
	var queued, attach, game string
	var files int
	if err := tx.QueryRowContext(ctx, `SELECT o.to_addr, o.subject, o.body, o.queued, o.attach, coalesce(g.code, ''),
		(SELECT count(*) FROM outbox_files f WHERE f.outbox_id = o.id), o.tournament_id, coalesce(t.source, '') FROM outbox o
		LEFT JOIN tournaments t ON t.id = o.tournament_id LEFT JOIN games g ON g.id = o.game_id WHERE o.id = ?`, id).
		Scan(&u.To, &u.Subject, &u.Body, &queued, &attach, &game, &files, &tid, &source); err != nil {
		return err
	}
	u.Queued, _ = time.Parse(time.RFC3339, queued)
	u.Attached = len(strings.Fields(attach)) + files
	if _, p, err := corr.ParseGameCode(game); err == nil {
		u.White, u.Black = p.White, p.Black
	}
	if !tid.Valid {
		return nil
	}
	t, err := db.parsedTournament(source)
	if err != nil {
		return nil // a stored tournament's file parses; the letter is dead all the same
	}
	for _, o := range t.Undelivered(u) {
		if _, err := db.enqueue(ctx, tx, outRow{tid: tid.Int64, to: o.To, kind: o.Kind, subject: o.Subject, body: o.Body}, stampOf(now)); err != nil {
			return err
		}
	}
	return nil
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
const Uncertain = "uncertain: the daemon stopped while this letter was in flight (among the letters being handed to the SMTP server), so it may have been delivered; " +
	"it is not sent again (at most one copy): ask the addressee, and send it by hand if it did not arrive"

// SettleInFlight ends the attempts a stopped daemon left in flight: each
// such letter may or may not have reached the SMTP server, so it is marked
// dead (Uncertain), never sent again, and the secretary is told of each
// (as of every Undeliverable letter), in one transaction. The daemon calls
// it once at start, before its sender runs. It returns how many letters it
// settled.
func (db *DB) SettleInFlight(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := db.trackedTx(ctx, func(tx *sql.Tx) error { // the outbox's rows alone
		rows, err := tx.QueryContext(ctx, `SELECT f.outbox_id FROM outbox_flight f JOIN outbox o ON o.id = f.outbox_id
			WHERE o.sent = '' AND o.dead = 0 ORDER BY f.outbox_id`)
		if err != nil {
			return err
		}
		var done []Outcome
		for rows.Next() {
			o := Outcome{Fate: Undeliverable, At: now, Reason: Uncertain}
			if err := rows.Scan(&o.ID); err != nil {
				rows.Close()
				return err
			}
			done = append(done, o)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if err := db.recordAll(ctx, tx, done); err != nil {
			return err
		}
		n = len(done)
		// A letter sent or dead meanwhile (marked by hand) was in flight
		// no more.
		_, err = tx.ExecContext(ctx, `DELETE FROM outbox_flight`)
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
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
