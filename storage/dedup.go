package storage

import (
	"context"
	"database/sql"
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
	// One query for both (a fresh letter is the common case): the
	// Message-ID's row first.
	var old string
	var byID bool
	err = db.queryRow(ctx, tx, `SELECT id, disposition, sha256, message_id = ?1 FROM letters
		WHERE message_id = ?1 OR (mailbox = ?2 AND uidvalidity = ?3 AND uid = ?4) ORDER BY message_id = ?1 DESC LIMIT 1`,
		in.MessageID, nullable(in.Mailbox, in.Mailbox), in.UIDValidity, in.UID).Scan(&id, &d, &old, &byID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, "", false, 0, nil
	case err != nil:
		return 0, "", false, 0, err
	case byID || old == sum:
		return id, d, true, 0, nil
	}
	return 0, "", false, id, nil
}

// release takes its UID from letter old, whose UID the mail server gave
// to letter in (see stored); old 0 is none.
func (db *DB) release(ctx context.Context, tx *sql.Tx, old int64, in Incoming) error {
	if old == 0 {
		return nil
	}
	db.logger().Warn("storage: the mail server reused a UID for another letter under the same UIDVALIDITY (RFC 3501 forbids it; was it restarted empty?); keeping the new letter",
		"mailbox", in.Mailbox, "uidvalidity", in.UIDValidity, "uid", in.UID, "old_letter", old, "message_id", in.MessageID)
	_, err := db.exec(ctx, tx, `UPDATE letters SET uidvalidity = NULL, uid = NULL WHERE id = ?`, old)
	return err
}

// logger is Log, or the default logger when none was set.
func (db *DB) logger() *slog.Logger {
	if db.Log != nil {
		return db.Log
	}
	return slog.Default()
}
