package storage

import (
	"context"
	"database/sql"
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
	// One statement, two index lookups, no sort (a fresh letter, the
	// common case, misses both): the Message-ID's row, then the UID's row
	// unless it is the same one. An OR with ORDER BY put the rows through
	// a temporary b-tree for every letter.
	st, err := db.stmt(ctx, tx, `SELECT id, disposition, sha256, 1 FROM letters WHERE message_id = ?1
		UNION ALL SELECT id, disposition, sha256, 0 FROM letters WHERE mailbox = ?2 AND uidvalidity = ?3 AND uid = ?4 AND message_id != ?1`)
	if err != nil {
		return 0, "", false, 0, err
	}
	rows, err := st.QueryContext(ctx, in.MessageID, nullable(in.Mailbox, in.Mailbox), in.UIDValidity, in.UID)
	if err != nil {
		return 0, "", false, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var rid int64
		var rd Disposition
		var old string
		var byID bool
		if err := rows.Scan(&rid, &rd, &old, &byID); err != nil {
			return 0, "", false, 0, err
		}
		switch {
		case byID:
			return rid, rd, true, 0, nil // the Message-ID's row wins over the UID's
		case old == sum:
			id, d, found = rid, rd, true
		default:
			reused = rid
		}
	}
	if err := rows.Err(); err != nil {
		return 0, "", false, 0, err
	}
	if found {
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
