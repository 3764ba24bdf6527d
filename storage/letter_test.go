package storage

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter is stored once per Message-ID and per mailbox UID holding the
// same bytes; offered again, the stored letter's id and disposition come
// back.
func TestStoreLetter_IdempotentPerMessageIDAndUID(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	in := Incoming{MessageID: "<a@x>", Mailbox: "INBOX", UIDValidity: 7, UID: 3, Raw: []byte("Subject: a\r\n\r\nbody\r\n"),
		Postmark: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), From: "a@example.org"}
	id, d, fresh, err := db.StoreLetter(ctx, in)
	require.NoError(t, err)
	assert.True(t, fresh)
	assert.Equal(t, Pending, d)
	require.NoError(t, db.SetDisposition(ctx, id, Ignored, letter.Because(letter.ReasonNoTournament)))

	cases := []struct {
		name string
		edit func(in Incoming) Incoming
	}{
		{"same Message-ID, new UID (UIDVALIDITY reset)", func(in Incoming) Incoming { in.UIDValidity, in.UID = 8, 1; return in }},
		{"same UID, Message-ID rewritten", func(in Incoming) Incoming { in.MessageID = "<b@x>"; return in }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			again, d, fresh, err := db.StoreLetter(ctx, c.edit(in))
			require.NoError(t, err)
			assert.False(t, fresh)
			assert.Equal(t, id, again)
			assert.Equal(t, Ignored, d, "the disposition recorded")
		})
	}
	l, err := db.Letter(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, in.Raw, l.Raw, "raw bytes kept unchanged")
	assert.Len(t, l.SHA256, 64)
}

func TestWatermark_AdvancesWithTheLetterAndRestartsOnNewUIDValidity(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	store := func(validity, uid uint32, mid string) {
		_, _, _, err := db.StoreLetter(ctx, Incoming{MessageID: mid, Mailbox: "INBOX", UIDValidity: validity, UID: uid, Raw: []byte(mid)})
		require.NoError(t, err)
	}
	steps := []struct {
		validity, uid      uint32
		mid                string
		wantValidity, uid2 uint32
	}{
		{5, 10, "<1>", 5, 10},
		{5, 4, "<2>", 5, 10}, // an older UID never moves the watermark back
		{5, 12, "<3>", 5, 12},
		{6, 2, "<4>", 6, 2}, // UIDVALIDITY changed: the watermark restarts
	}
	for _, s := range steps {
		store(s.validity, s.uid, s.mid)
		v, last, err := db.Watermark(ctx, "INBOX")
		require.NoError(t, err)
		assert.Equal(t, s.wantValidity, v, s.mid)
		assert.Equal(t, s.uid2, last, s.mid)
	}
	v, last, err := db.Watermark(ctx, "Other")
	require.NoError(t, err)
	assert.Zero(t, v)
	assert.Zero(t, last)
}

// Q28: a mail server restarted empty gives UID 1 again under UIDVALIDITY 1;
// the letter it now holds is another one and must not be dropped.
func TestStoreLetter_ReusedUIDHoldingAnotherLetterIsKept(t *testing.T) {
	first := Incoming{MessageID: "<first@x>", Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: []byte("Subject: a\r\n\r\nfirst\r\n"),
		Postmark: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), From: "a@example.org"}
	cases := []struct {
		name string
		next Incoming
	}{
		{"another Message-ID", Incoming{MessageID: "<second@x>", Raw: []byte("Subject: b\r\n\r\nsecond\r\n")}},
		{"no Message-ID, other bytes", Incoming{Raw: []byte("Subject: c\r\n\r\nthird\r\n")}},
	}
	put := func(db *DB, in Incoming) (int64, bool, error) {
		id, _, fresh, err := db.StoreLetter(context.Background(), in)
		return id, fresh, err
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db := mustOpen(t)
			oldID, fresh, err := put(db, first)
			require.NoError(t, err)
			require.True(t, fresh)
			next := first
			next.MessageID, next.Raw = c.next.MessageID, c.next.Raw
			id, fresh, err := put(db, next)
			require.NoError(t, err)
			assert.True(t, fresh, "a reused UID holding other bytes is a new letter")
			assert.NotEqual(t, oldID, id)
			got, err := db.Letter(context.Background(), id)
			require.NoError(t, err)
			assert.Equal(t, next.Raw, got.Raw)
			assert.Equal(t, uint32(1), got.UID, "the new letter holds the UID now")
			old, err := db.Letter(context.Background(), oldID)
			require.NoError(t, err)
			assert.Equal(t, first.Raw, old.Raw, "the old letter is kept")

			again, fresh, err := put(db, next)
			require.NoError(t, err)
			assert.False(t, fresh, "fetched again, the new letter is a duplicate")
			assert.Equal(t, id, again)
		})
	}
}

// A reason is kept typed (letter.Reason as JSON) and read back as it was;
// the free text older versions kept becomes a reason of its own
// (migration 0007), shown as it was written, and one left unmigrated
// still reads.
func TestLetters_ReasonKeptTypedOldTextStillShows(t *testing.T) {
	typed := letter.Because(letter.ReasonStranger, "x@example.org", "ЧР-2026")
	tests := []struct {
		name   string
		stored string // the reason column before migration 0007 ran again
		want   letter.Reason
	}{
		{"Typed", reasonColumn(typed), typed},
		{"OldEnglish", "automatic letter, not answered (RFC 3834): Auto-Submitted: auto-replied", letter.Reason{Text: "automatic letter, not answered (RFC 3834): Auto-Submitted: auto-replied"}},
		{"OldRussian", "сейчас ход партнёра", letter.Reason{Text: "сейчас ход партнёра"}},
		{"None", "", letter.Reason{}},
	}
	db := mustOpen(t)
	ctx := context.Background()
	ids := map[string]int64{}
	for i, tt := range tests {
		id, _, _, err := db.StoreLetter(ctx, Incoming{MessageID: fmt.Sprintf("<%d@x>", i), Raw: []byte(tt.name), Postmark: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)})
		require.NoError(t, err)
		_, err = db.db.ExecContext(ctx, `UPDATE letters SET reason = ? WHERE id = ?`, tt.stored, id)
		require.NoError(t, err)
		ids[tt.name] = id
	}
	for _, migrated := range []bool{false, true} {
		if migrated {
			_, err := db.db.ExecContext(ctx, `PRAGMA user_version = 6`)
			require.NoError(t, err)
			migrateTo(t, db.db, 7)
		}
		all, err := db.Letters(ctx)
		require.NoError(t, err)
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/migrated=%v", tt.name, migrated), func(t *testing.T) {
				l, err := db.Letter(ctx, ids[tt.name])
				require.NoError(t, err)
				assert.Equal(t, tt.want, l.Reason)
				i := slices.IndexFunc(all, func(s LetterSummary) bool { return s.ID == ids[tt.name] })
				require.GreaterOrEqual(t, i, 0)
				assert.Equal(t, tt.want, all[i].Reason)
			})
		}
	}
	var raw string
	require.NoError(t, db.db.QueryRowContext(ctx, `SELECT reason FROM letters WHERE id = ?`, ids["OldRussian"]).Scan(&raw))
	assert.JSONEq(t, `{"text": "сейчас ход партнёра"}`, raw, "the column holds JSON alone after the migration")
}
