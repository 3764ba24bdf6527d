package storage

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// TestStored_MessageIDThenUID: a letter is the stored one of its
// Message-ID, else of its mailbox UID when the bytes are the same; a UID
// holding other bytes was reused by the mail server; the Message-ID's row
// wins over the UID's when both exist.
func TestStored_MessageIDThenUID(t *testing.T) {
	db := opened(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	letter := func(mid, mbox string, uid uint32, raw string) Incoming {
		return Incoming{MessageID: mid, Mailbox: mbox, UIDValidity: 1, UID: uid, Raw: []byte(raw), Postmark: at, From: "a@example.org"}
	}
	a, _, _, err := db.StoreLetter(ctx, letter("<a@x>", "INBOX", 5, "a"))
	require.NoError(t, err)
	b, _, _, err := db.StoreLetter(ctx, letter("<b@x>", "INBOX", 6, "b"))
	require.NoError(t, err)
	tests := []struct {
		name   string
		in     Incoming
		id     int64
		found  bool
		reused int64
	}{
		{"Fresh", letter("<c@x>", "INBOX", 7, "c"), 0, false, 0},
		{"SameMessageID", letter("<a@x>", "INBOX", 9, "other bytes"), a, true, 0},
		{"SameUIDSameBytes", letter("<other@x>", "INBOX", 6, "b"), b, true, 0},
		{"SameUIDOtherBytes", letter("<new@x>", "INBOX", 6, "new"), 0, false, b},
		{"MessageIDBeforeUID", letter("<a@x>", "INBOX", 6, "b"), a, true, 0},
		{"MessageIDBeforeReusedUID", letter("<a@x>", "INBOX", 6, "new"), a, true, 0},
		{"OtherMailbox", letter("<d@x>", "Archive", 6, "b"), 0, false, 0},
		{"NotReadOverIMAP", letter("<e@x>", "", 6, "b"), 0, false, 0},
		{"NoMessageIDSameUID", letter("", "INBOX", 5, "a"), a, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Update(ctx, func(tx *Tx) error {
				sum := sha256Hex(tt.in.Raw)
				id, d, found, reused, err := tx.db.stored(ctx, tx.tx, tt.in.named(sum), sum)
				require.NoError(t, err)
				assert.Equal(t, tt.found, found)
				assert.Equal(t, tt.id, id)
				assert.Equal(t, tt.reused, reused)
				if found {
					assert.Equal(t, Pending, d)
				}
				return errUndo
			})
			require.ErrorIs(t, err, errUndo)
		})
	}
}

// TestRelease_ReusedUIDWarnedOnceCommitted: the warning of a UID the mail
// server reused is written once the transaction that kept the new letter
// committed: a transaction rolled back writes none (a group whose later
// letter failed, taken again by the referee, wrote it once for each try),
// and the new letter offered again writes none either.
func TestRelease_ReusedUIDWarnedOnceCommitted(t *testing.T) {
	db := mustOpen(t)
	warned := warnings(db, "reused a UID")
	ctx := context.Background()
	first := Incoming{MessageID: "<first@x>", Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: []byte("Subject: a\r\n\r\nfirst\r\n"),
		Postmark: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), From: "a@example.org"}
	_, _, _, err := db.StoreLetter(ctx, first)
	require.NoError(t, err)
	next := first
	next.MessageID, next.Raw = "<second@x>", []byte("Subject: b\r\n\r\nsecond\r\n")
	store := func(tx *Tx) error {
		_, _, fresh, err := tx.StoreLetter(ctx, next, "")
		require.True(t, fresh)
		return err
	}
	noWarningRolledBack(t, db, store, warned)

	g, err := db.Group(ctx)
	require.NoError(t, err)
	require.NoError(t, each(g, store))
	require.NoError(t, g.Commit())
	assert.Equal(t, 1, warned(), "the group committed")

	_, _, fresh, err := db.StoreLetter(ctx, next)
	require.NoError(t, err)
	require.False(t, fresh)
	assert.Equal(t, 1, warned(), "offered again")
}

// TestCommitOutcome_LetterToNobodyWarnedOnceCommitted: an outgoing letter
// of no address is not queued, and its warning is written once the
// transaction that dropped it committed, none for one rolled back.
func TestCommitOutcome_LetterToNobodyWarnedOnceCommitted(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	warned := warnings(db, "a letter to nobody")
	ctx := context.Background()
	out := corr.Outcome{Accepted: true, Out: []corr.Outgoing{{To: " ", Kind: "notice", Subject: "нет адреса"}}}
	save := func(tx *Tx) error {
		l, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		return tx.SaveDesk(ctx, l, timecontrol.MustDate("2026-03-02"), out)
	}
	noWarningRolledBack(t, db, save, warned)

	require.NoError(t, db.Update(ctx, save))
	assert.Equal(t, 1, warned(), "committed")
}

// warnings counts the warnings db writes, from now on, that hold msg.
func warnings(db *DB, msg string) func() int {
	var log strings.Builder
	db.Log = slog.New(slog.NewTextHandler(&log, nil))
	return func() int { return strings.Count(log.String(), msg) }
}

// noWarningRolledBack runs do in a group whose next letter fails, then in
// a transaction that fails after it: neither writes a warning (warned
// counts them), both rolled back.
func noWarningRolledBack(t *testing.T, db *DB, do func(*Tx) error, warned func() int) {
	t.Helper()
	ctx := context.Background()
	failed := errors.New("a later step failed")
	g, err := db.Group(ctx)
	require.NoError(t, err)
	require.NoError(t, each(g, do))
	require.ErrorIs(t, each(g, func(*Tx) error { return failed }), failed)
	require.Error(t, g.Commit())
	assert.Zero(t, warned(), "a group rolled back")

	require.ErrorIs(t, db.Update(ctx, func(tx *Tx) error { return errors.Join(do(tx), failed) }), failed)
	assert.Zero(t, warned(), "a transaction rolled back")
}
