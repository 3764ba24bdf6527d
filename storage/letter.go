package storage

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"zaochnik/corr/letter"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Disposition is what became of a received letter.
type Disposition string

// The dispositions of a letter.
const (
	Pending   Disposition = "pending"   // stored, not yet applied
	Processed Disposition = "processed" // applied to its game
	Refused   Disposition = "refused"   // answered with the reason and kept (no game, wrong sender, rules)
	Ignored   Disposition = "ignored"   // not for the referee (auto-replies, bounces, strangers): kept, not answered
	Held      Disposition = "held"      // not authenticated: kept until its sender confirms it (see Confirm)
	Assigned  Disposition = "assigned"  // set aside: the secretary applied a copy to the game she chose
)

// Incoming is a letter as fetched from a mailbox.
type Incoming struct {
	// MessageID identifies the letter; when empty the raw bytes' hash stands in.
	MessageID   string
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	Raw         []byte
	// Postmark is the instant the server received the letter (6.3.1: the
	// server's observation is the postmark).
	Postmark time.Time
	From     string // sender's address
}

// StoredLetter is a letter as kept in the store.
type StoredLetter struct {
	ID          int64
	MessageID   string
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	Raw         []byte
	SHA256      string
	Postmark    time.Time
	From        string
	Disposition Disposition
	Reason      letter.Reason
}

// nullable is v, or NULL when the letter came from no IMAP mailbox.
func nullable(mailbox string, v any) any {
	if mailbox == "" {
		return nil
	}
	return v
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// advanceWatermark advances mailbox's watermark to uid in tx; in a
// group's transaction, when the group commits (writeMarks).
func (db *DB) advanceWatermark(ctx context.Context, tx *sql.Tx, mailbox string, validity, uid uint32) error {
	if mailbox == "" {
		return nil // entered by hand (paper letters, replay): no IMAP mailbox
	}
	if db.deferring(tx) {
		db.w.rows.marks = append(db.w.rows.marks, watermark{mailbox, validity, uid})
		return nil
	}
	return db.writeMark(ctx, tx, mailbox, validity, uid)
}

// writeMarks writes the watermarks ms a group's letters advanced, in
// order, a run of the same mailbox and UIDVALIDITY as one.
func (db *DB) writeMarks(ctx context.Context, tx *sql.Tx, ms []watermark) error {
	for i, m := range ms {
		if i+1 < len(ms) && ms[i+1].mailbox == m.mailbox && ms[i+1].validity == m.validity {
			ms[i+1].uid = max(ms[i+1].uid, m.uid)
			continue
		}
		if err := db.writeMark(ctx, tx, m.mailbox, m.validity, m.uid); err != nil {
			return err
		}
	}
	return nil
}

// writeMark writes mailbox's watermark: uid, unless a higher one of the
// same UIDVALIDITY is stored.
func (db *DB) writeMark(ctx context.Context, tx *sql.Tx, mailbox string, validity, uid uint32) error {
	_, err := db.exec(ctx, tx, `INSERT INTO watermarks (mailbox, uidvalidity, last_uid) VALUES (?, ?, ?)
		ON CONFLICT (mailbox) DO UPDATE SET
			last_uid = CASE WHEN uidvalidity = excluded.uidvalidity THEN max(last_uid, excluded.last_uid) ELSE excluded.last_uid END,
			uidvalidity = excluded.uidvalidity`, mailbox, validity, uid)
	return err
}

// Watermark returns the UIDVALIDITY and the last UID stored for a mailbox
// (zeros for a mailbox never read).
func (db *DB) Watermark(ctx context.Context, mailbox string) (validity, lastUID uint32, err error) {
	err = db.db.QueryRowContext(ctx, `SELECT uidvalidity, last_uid FROM watermarks WHERE mailbox = ?`, mailbox).Scan(&validity, &lastUID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil
	}
	return validity, lastUID, err
}

// Letter returns a stored letter by id.
func (db *DB) Letter(ctx context.Context, id int64) (StoredLetter, error) {
	return findLetter(ctx, db.db, id)
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func findLetter(ctx context.Context, q querier, id int64) (StoredLetter, error) {
	var l StoredLetter
	var postmark string
	var reason string
	err := q.QueryRowContext(ctx, `SELECT id, message_id, coalesce(mailbox, ''), coalesce(uidvalidity, 0), coalesce(uid, 0), raw, sha256, postmark, from_addr, disposition, reason
		FROM letters WHERE id = ?`, id).Scan(&l.ID, &l.MessageID, &l.Mailbox, &l.UIDValidity, &l.UID, &l.Raw, &l.SHA256, &postmark, &l.From, &l.Disposition, &reason)
	if errors.Is(err, sql.ErrNoRows) {
		return l, fmt.Errorf("storage: letter %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return l, err
	}
	l.Reason = reasonOf(reason)
	l.Postmark, err = time.Parse(time.RFC3339, postmark)
	return l, err
}

// SetDisposition records what became of stored letter id, for reason.
func (t *Tx) SetDisposition(ctx context.Context, id int64, d Disposition, reason letter.Reason) error {
	if err := t.usable(); err != nil {
		return err
	}
	_, err := t.db.exec(ctx, t.tx, `UPDATE letters SET disposition = ?, reason = ? WHERE id = ?`, d, reasonColumn(reason), id)
	return err
}

// file records the letter of row r as filed under tournament l with
// disposition d for out.Reason, and out's events and letters under it on
// day; l's state and desk are left as stored.
func (t *Tx) file(ctx context.Context, r *letterRow, l Tournament, d Disposition, day timecontrol.Date, out corr.Outcome) error {
	if err := t.settle(ctx, r, letterOutcome{tid: l.id, d: d, reason: out.Reason}); err != nil {
		return err
	}
	return t.db.commitOutcome(ctx, t.tx, l.id, r.id, day, out, l.from.games)
}

// queueUnfiled queues out, the letters about letter lid, which is filed
// under no tournament (the secretaries told of an oversized letter that
// names none), under no tournament and no game.
func (db *DB) queueUnfiled(ctx context.Context, tx *sql.Tx, lid int64, out []corr.Outgoing) error {
	var rows []outRow
	for _, o := range out {
		rows = append(rows, outRowOf(nil, nil, lid, nil, o))
	}
	return db.queueRows(ctx, tx, rows, nil)
}

// Tournaments loads every tournament the store holds (the mailbox serves
// them all), for a letter that names none of them: whom to tell of it.
func (t *Tx) Tournaments(ctx context.Context) ([]Tournament, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	ciphers, err := t.db.column(ctx, t.tx, ciphersQuery)
	if err != nil {
		return nil, err
	}
	ts := make([]Tournament, 0, len(ciphers))
	for _, c := range ciphers {
		l, err := t.Load(ctx, c)
		if err != nil {
			return nil, err
		}
		ts = append(ts, l)
	}
	return ts, nil
}

// OversizedThatDay counts the letters stored before of the sender of s's
// letter, filed under its tournament (or under none when it is of none),
// refused for their size (letter.ReasonOversized, letter.ReasonTooLarge)
// with a postmark on the same day as its own, in its tournament's zone
// (UTC for none), through the index letters_oversized, which holds those
// letters only.
func (t *Tx) OversizedThatDay(ctx context.Context, s Scene) (int, error) {
	if err := t.usable(); err != nil {
		return 0, err
	}
	loc := s.Zone()
	if loc == nil {
		loc = time.UTC
	}
	at := s.rec.Postmark.In(loc)
	start := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, loc)
	var tid any
	if s.t != nil {
		tid = s.t.id
	}
	var n int
	err := t.db.queryRow(ctx, t.tx, oversizedThatDay,
		s.rec.From, start.UTC().Format(time.RFC3339), start.AddDate(0, 0, 1).UTC().Format(time.RFC3339), tid).Scan(&n)
	return n, err
}

// oversizedThatDay counts a sender's letters refused for their size under
// a tournament (or none) with a postmark in a range; its first term is the
// partial index letters_oversized's, so that the index answers it
// (TestOversizedThatDay_ByItsIndex).
const oversizedThatDay = `SELECT count(*) FROM letters
	WHERE (reason LIKE '{"code":"oversized"%' OR reason LIKE '{"code":"too-large"%')
	AND from_addr = ? AND postmark >= ? AND postmark < ? AND tournament_id IS ?`

// LetterSummary is what the referee made of a stored letter.
type LetterSummary struct {
	ID          int64
	MessageID   string
	From        string
	Postmark    time.Time
	Disposition Disposition
	Reason      letter.Reason
	Problems    []corr.Problem
	// Auth is how the sender was authenticated (a corr.Auth… method), ""
	// for a letter never read (unreadable, automatic, oversized).
	Auth string
}

// Letters lists every stored letter in the order it was received.
func (db *DB) Letters(ctx context.Context) ([]LetterSummary, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id, message_id, from_addr, postmark, disposition, reason, problems, auth FROM letters ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LetterSummary
	for rows.Next() {
		var l LetterSummary
		var postmark, reason, problems string
		if err := rows.Scan(&l.ID, &l.MessageID, &l.From, &postmark, &l.Disposition, &reason, &problems, &l.Auth); err != nil {
			return nil, err
		}
		l.Reason = reasonOf(reason)
		l.Postmark, _ = time.Parse(time.RFC3339, postmark)
		if err := json.Unmarshal([]byte(problems), &l.Problems); err != nil {
			return nil, fmt.Errorf("storage: letter %d: problems: %w", l.ID, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// LetterByMessageID returns a stored letter by its Message-ID.
func (db *DB) LetterByMessageID(ctx context.Context, messageID string) (StoredLetter, error) {
	var id int64
	err := db.db.QueryRowContext(ctx, `SELECT id FROM letters WHERE message_id = ?`, messageID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return StoredLetter{}, fmt.Errorf("storage: letter %s: %w", messageID, ErrNotFound)
	}
	if err != nil {
		return StoredLetter{}, err
	}
	return findLetter(ctx, db.db, id)
}

// reasonColumn is r as the letters' reason column keeps it (migration
// 0007): letter.Reason as JSON, ” for none.
func reasonColumn(r letter.Reason) string {
	if r.IsZero() {
		return ""
	}
	b, err := json.Marshal(r)
	if err != nil {
		return r.String() // a Reason is strings only: never
	}
	return string(b)
}

// reasonOf reads a reason column: JSON, or a free text kept before reasons
// were typed, shown as it was written.
func reasonOf(s string) letter.Reason {
	var r letter.Reason
	if s == "" || json.Unmarshal([]byte(s), &r) != nil {
		return letter.Reason{Text: s}
	}
	return r
}
