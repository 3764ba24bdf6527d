package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	"zaochnik/corr/letter"
)

// The store's tests reach a letter's rows one step at a time through these;
// the house goes through Tx (StoreLetter, SetDisposition) and NextBatch.

// StoreLetter keeps a received letter's raw bytes unchanged with their hash,
// without applying it (for letters the referee must not see: automatic
// replies, failed sender checks; SetDisposition then says why), and in the
// same transaction advances the mailbox's watermark to its UID (a new
// UIDVALIDITY restarts the watermark). It is idempotent: a letter
// already stored (same Message-ID, or same mailbox UID) is not stored again;
// the answer then has fresh == false and the stored letter's id and
// disposition.
func (db *DB) StoreLetter(ctx context.Context, in Incoming) (id int64, d Disposition, fresh bool, err error) {
	err = db.Update(ctx, func(t *Tx) error {
		id, d, fresh, err = t.StoreLetter(ctx, in, "")
		return err
	})
	if err != nil {
		return 0, "", false, fmt.Errorf("storage: store letter %s from %s: %w", in.Named().MessageID, in.Mailbox, err)
	}
	return id, d, fresh, nil
}

// SetDisposition records what became of a letter the referee did not apply
// (ignored auto-replies, letters for no tournament), in a transaction of
// its own (see Tx.SetDisposition).
func (db *DB) SetDisposition(ctx context.Context, id int64, d Disposition, reason letter.Reason) error {
	return db.Update(ctx, func(t *Tx) error { return t.SetDisposition(ctx, id, d, reason) })
}

// BeginAttempt puts letter id alone in flight, due or not, as NextBatch does
// (attempt at now, the next at retryAt), and returns it with the number of
// this attempt: a letter as it goes out (the sender uses NextBatch).
func (db *DB) BeginAttempt(ctx context.Context, id int64, now, retryAt time.Time) (Mail, int, error) {
	var c Claimed
	err := db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = scanClaimed(db.queryRow(ctx, tx, `SELECT `+claimedColumns+` FROM outbox
			WHERE id = ? AND sent = '' AND dead = 0 AND `+notFlying, id))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("storage: outgoing letter %d: %w (or already sent, dead or in flight)", id, ErrNotFound)
		}
		if err != nil {
			return err
		}
		return db.fly(ctx, tx, []int64{id}, now, retryAt)
	})
	if err != nil {
		return Mail{}, 0, err
	}
	if err := db.readParts(ctx, &c); err != nil {
		return Mail{}, 0, err
	}
	return c.Mail, c.Attempt, nil
}

// SchemaVersion returns the schema version of the open database.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := db.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}
