package referee_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// TestKeep_OneTransaction: a letter the referee must not read (oversized,
// automatic; an unreadable one goes the same way) is stored with its
// disposition and its mailbox's watermark in one transaction: when recording the disposition fails (a
// trigger of the test's own refuses it), nothing of the letter is kept and
// the watermark stays, so the letter is fetched again; offered again, it
// is kept once with its disposition.
func TestKeep_OneTransaction(t *testing.T) {
	auto := "From: robot@example.org\r\nTo: " + server + "\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <auto@example.org>\r\n\r\naway\r\n"
	tests := []struct {
		name string
		raw  []byte
		want storage.Disposition
	}{
		{"Oversized", []byte("From: a@example.org\r\nSubject: x\r\n\r\n" + strings.Repeat("x", 200)), storage.Refused},
		{"Automatic", []byte(auto), storage.Ignored},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, err := storage.Open(path)
			require.NoError(t, err)
			t.Cleanup(func() { db.Close() })
			ref := &referee.Referee{DB: db, Reading: mailbox.Reading{Own: []string{server}}, MaxLetterSize: 100}
			raw := tt.raw
			if tt.name != "Oversized" {
				ref.MaxLetterSize = 0
			}
			side, err := sql.Open("sqlite", "file:"+path)
			require.NoError(t, err)
			t.Cleanup(func() { side.Close() })
			_, err = side.Exec(`CREATE TRIGGER refuse BEFORE UPDATE OF disposition ON letters BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
			require.NoError(t, err)

			ctx := context.Background()
			l := decoded(ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 7, UID: 3, Raw: raw})
			_, err = ref.Receive(ctx, l)
			require.ErrorContains(t, err, "refused by the test")
			letters, err := db.Letters(ctx)
			require.NoError(t, err)
			assert.Empty(t, letters, "nothing of the letter is kept")
			_, uid, err := db.Watermark(ctx, "INBOX")
			require.NoError(t, err)
			assert.Zero(t, uid, "the watermark stays: the letter is fetched again")

			_, err = side.Exec(`DROP TRIGGER refuse`)
			require.NoError(t, err)
			out, err := ref.Receive(ctx, l)
			require.NoError(t, err)
			assert.Equal(t, tt.want, out.Disposition)
			assert.True(t, out.Fresh)
			letters, err = db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 1)
			assert.Equal(t, tt.want, letters[0].Disposition)
			_, uid, err = db.Watermark(ctx, "INBOX")
			require.NoError(t, err)
			assert.Equal(t, uint32(3), uid)
		})
	}
}

// TestReceive_NotReadRefused: a letter is read at the edge (mailbox.Decode)
// before the referee; one the edge could not read, or did not decode, is
// kept refused unread with the reason.
func TestReceive_NotReadRefused(t *testing.T) {
	raw := []byte("From: a@example.org\r\nSubject: x\r\n\r\nХод 1.c3-d4\r\n")
	tests := []struct {
		name   string
		l      referee.Letter
		reason string // in English
	}{
		{"Unreadable", referee.Letter{Raw: raw, Unreadable: errors.New("mailbox: a broken header")}, "the letter cannot be read as mail (mailbox: a broken header)"},
		{"NotDecoded", referee.Letter{Raw: raw}, "the letter cannot be read as mail (not decoded)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
			require.NoError(t, err)
			t.Cleanup(func() { db.Close() })
			ctx := context.Background()
			out, err := (&referee.Referee{DB: db}).Receive(ctx, tt.l)
			require.NoError(t, err)
			assert.Equal(t, storage.Refused, out.Disposition)
			letters, err := db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 1)
			assert.Equal(t, tt.reason, letters[0].Reason.String())
		})
	}
}

// TestReceive_OversizedNotRead: a letter over the size limit is not read,
// even when its caller decoded it: it is kept refused under no Message-ID
// and no sender of its own, as one the edge never decoded.
func TestReceive_OversizedNotRead(t *testing.T) {
	raw := []byte("From: a@example.org\r\nMessage-ID: <big@example.org>\r\nSubject: x\r\n\r\n" + strings.Repeat("x", 200))
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	ref := &referee.Referee{DB: db, MaxLetterSize: 100}
	out, err := ref.Receive(ctx, decoded(ref, referee.Letter{Raw: raw}))
	require.NoError(t, err)
	assert.Equal(t, storage.Refused, out.Disposition)
	letters, err := db.Letters(ctx)
	require.NoError(t, err)
	require.Len(t, letters, 1)
	assert.NotEqual(t, "<big@example.org>", letters[0].MessageID, "its header is not read")
	assert.Empty(t, letters[0].From)
	assert.Equal(t, "a letter of 266 bytes, over the limit of 100 bytes: not read", letters[0].Reason.String())
}
