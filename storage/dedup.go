package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"log/slog"
)

// stored finds a letter already kept: the same Message-ID, or the same
// mailbox UID with the same raw bytes. A UID under the same UIDVALIDITY
// holding other bytes is another letter: the server reused its UIDs, which
// RFC 3501 forbids but a mail server restarted empty does (the demo's
// in-memory one). Dropping the new letter would lose it silently, so the old
// letter gives up its UID (release), kept as the record shows: found is
// false and reused names the old letter.
func (db *DB) stored(ctx context.Context, tx *sql.Tx, in Incoming, sum string) (id int64, d Disposition, found bool, reused int64, err error) {
	if !db.raw(tx) {
		return 0, "", false, 0, errors.New("storage: a letter stored before is looked up in the write transaction only")
	}
	// One statement, two index lookups, no sort (a fresh letter, the
	// common case, misses both): the Message-ID's row, then the UID's row
	// unless it is the same one. An OR with ORDER BY put the rows through
	// a temporary b-tree for every letter.
	byID := false
	err = db.queryRaw(ctx, `SELECT id, disposition, sha256, 1 FROM letters WHERE message_id = ?1
		UNION ALL SELECT id, disposition, sha256, 0 FROM letters WHERE mailbox = ?2 AND uidvalidity = ?3 AND uid = ?4 AND message_id != ?1`,
		[]any{in.MessageID, nullable(in.Mailbox, in.Mailbox), int64(in.UIDValidity), int64(in.UID)}, func(row []driver.Value) error {
			var rid int64
			var rd, old string
			if err := (&rawRow{vals: row[:3]}).Scan(&rid, &rd, &old); err != nil {
				return err
			}
			switch {
			case byID:
				// the Message-ID's row wins over the UID's
			case row[3] == int64(1):
				id, d, found, reused, byID = rid, Disposition(rd), true, 0, true
			case old == sum:
				id, d, found = rid, Disposition(rd), true
			default:
				reused = rid
			}
			return nil
		})
	switch {
	case err != nil:
		return 0, "", false, 0, err
	case found:
		return id, d, true, 0, nil
	}
	return 0, "", false, reused, nil
}

// release takes its UID from letter old, whose UID the mail server gave
// to letter in (see stored); old 0 is none.
func (db *DB) release(ctx context.Context, tx *sql.Tx, old int64, in Incoming) error {
	if old == 0 {
		return nil
	}
	db.warn(tx, "storage: the mail server reused a UID for another letter under the same UIDVALIDITY (RFC 3501 forbids it; was it restarted empty?); keeping the new letter",
		"mailbox", in.Mailbox, "uidvalidity", in.UIDValidity, "uid", in.UID, "old_letter", old, "message_id", in.MessageID)
	_, err := db.exec(ctx, tx, `UPDATE letters SET uidvalidity = NULL, uid = NULL WHERE id = ?`, old)
	return err
}

// warning is a warning of the store's, kept until its transaction
// committed (warn).
type warning struct {
	msg  string
	args []any
}

// warn writes a warning of what tx does: once tx committed when it is the
// write transaction (writing.warnings, written by warned), so that a
// transaction rolled back, or a group's letters taken again after one of
// them failed (referee.ReceiveAll), writes it never or once; at once for
// any other.
func (db *DB) warn(tx *sql.Tx, msg string, args ...any) {
	if tx != nil && tx == db.w.tx {
		db.w.warnings = append(db.w.warnings, warning{msg, args})
		return
	}
	db.logger().Warn(msg, args...)
}

// warned writes the warnings of the write transaction, which committed.
func (db *DB) warned() {
	for _, w := range db.w.warnings {
		db.logger().Warn(w.msg, w.args...)
	}
	db.w.warnings = nil
}

// logger is Log, or the default logger when none was set.
func (db *DB) logger() *slog.Logger {
	if db.Log != nil {
		return db.Log
	}
	return slog.Default()
}
