package storage

import (
	"context"
	"errors"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"zaochnik/corr/letter"
)

// letterRow is the row of the letter a decision is about: a fresh
// letter's (id 0), inserted once with what became of it, so that
// receiving a letter writes its row in one statement; or a stored
// letter's (a held letter confirmed), updated.
type letterRow struct {
	id        int64
	in        Incoming // fresh: the letter as received, named
	sum, auth string   // fresh: its bytes' hash, how its sender was authenticated
}

// letterOutcome is what became of a letter, as its row keeps it.
type letterOutcome struct {
	tid    any // its tournament; nil: none (a stored letter keeps its own)
	d      Disposition
	reason letter.Reason
	// applied: the referee applied the letter to its game gid (nil:
	// none), finding problems (JSON); only then are they written.
	applied  bool
	gid      any
	problems string
}

// keyTaken is a fresh letter's INSERT refused by a UNIQUE key of the
// letters' table: its Message-ID or its mailbox UID taken (Write finds
// which). Another constraint's refusal (NOT NULL, FOREIGN KEY) is no
// such thing, and fails as it is.
type keyTaken struct{ err error }

func (k keyTaken) Error() string { return k.err.Error() }
func (k keyTaken) Unwrap() error { return k.err }

// settle writes o into r's row: inserts a fresh letter with it (r.id is
// then its id), updates a stored one.
func (t *Tx) settle(ctx context.Context, r *letterRow, o letterOutcome) error {
	if r.id != 0 {
		var err error
		if o.applied {
			_, err = t.db.exec(ctx, t.tx, `UPDATE letters SET tournament_id = ?, game_id = ?, disposition = ?, reason = ?, problems = ? WHERE id = ?`,
				o.tid, o.gid, o.d, reasonColumn(o.reason), o.problems, r.id)
		} else {
			_, err = t.db.exec(ctx, t.tx, `UPDATE letters SET tournament_id = coalesce(?, tournament_id), disposition = ?, reason = ? WHERE id = ?`,
				o.tid, o.d, reasonColumn(o.reason), r.id)
		}
		return err
	}
	in := r.in
	var problems any // the column's default
	if o.applied {
		problems = o.problems
	}
	ins, err := t.db.exec(ctx, t.tx, `INSERT INTO letters
		(message_id, mailbox, uidvalidity, uid, raw, sha256, postmark, from_addr, auth, tournament_id, game_id, disposition, reason, problems, stored_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, '[]'), ?)`,
		in.MessageID, nullable(in.Mailbox, in.Mailbox), nullable(in.Mailbox, in.UIDValidity), nullable(in.Mailbox, in.UID), in.Raw, r.sum,
		in.Postmark.UTC().Format(time.RFC3339), in.From, r.auth, o.tid, o.gid, o.d, reasonColumn(o.reason), problems, t.db.stamp())
	var se *sqlite.Error
	// The extended result code names the constraint that refused it.
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return keyTaken{err}
	}
	if err != nil {
		return err
	}
	r.id, err = ins.LastInsertId()
	return err
}
