package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// The referee (through the shell) is the mail shell's inbox, the store its outbox.
var (
	_ mailbox.Inbox  = (*shellInbox)(nil)
	_ mailbox.Outbox = (*storeOutbox)(nil)
)

// testReferee receives letters into db as the daemon does, believing the
// Authentication-Results of the replayed letters (testdata/replay).
func testReferee(t *testing.T, db *storage.DB) *referee.Referee {
	t.Helper()
	c := defaultConfig()
	c.AuthservID, c.SMTP.From, c.IMAP.User = testAuthservID, "server@zaochnik.example", "server@zaochnik.example"
	ref, err := newReferee(context.Background(), db, c, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	return ref
}

// accept hands raw to ref as the IMAP reader does and reports whether it
// went to the refused folder.
func accept(t *testing.T, ref *referee.Referee, validity, uid uint32, raw []byte) bool {
	t.Helper()
	out, err := ref.Receive(context.Background(), decoded(ref, referee.Letter{Mailbox: "INBOX", UIDValidity: validity, UID: uid, Raw: raw}))
	require.NoError(t, err)
	return out.Refused()
}

// A letter fetched twice (a reconnect, a UIDVALIDITY change) is applied once.
func TestWiring_AcceptIsIdempotent(t *testing.T) {
	db, cipher := startedStore(t, "two.toml", nil)
	ctx := context.Background()
	raw, err := os.ReadFile(filepath.Join(replayDir("clean"), "01.eml"))
	require.NoError(t, err)

	ref := testReferee(t, db)
	assert.False(t, accept(t, ref, 1, 10, raw))
	assert.False(t, accept(t, ref, 2, 1, raw), "the same letter after a UIDVALIDITY change")

	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	assert.Len(t, s.Games[0].Plies, 1, "applied once")
	v, last, err := db.Watermark(ctx, "INBOX")
	require.NoError(t, err)
	assert.Equal(t, [2]uint32{2, 1}, [2]uint32{v, last})

	assert.True(t, accept(t, ref, 2, 2, []byte("not a letter")), "an unreadable letter is kept and refused")
}

// The dossier goes to the judge with the offender's letters attached whole,
// and a dead letter is reported to the secretary, a letter left in flight as
// one that may have arrived.
func TestWiring_OutboxComposesDossierAndReportsDeadLetters(t *testing.T) {
	db, _ := startedStore(t, "two.toml", nil)
	ref := testReferee(t, db)
	outbox := newStoreOutbox(db, mailbox.Address{Addr: "server@zaochnik.example"}, ref.Keys)
	ctx := context.Background()
	for uid, name := range []string{"01.eml", "02.eml", "03.eml"} {
		raw, err := os.ReadFile(filepath.Join(replayDir("overstep-letter"), name))
		require.NoError(t, err)
		accept(t, ref, 1, uint32(uid+1), raw)
	}
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var dossier, forward storage.Outgoing
	for _, o := range out {
		switch {
		case o.Kind == "dossier":
			dossier = o
		case o.Kind == "forward" && forward.ID == 0:
			forward = o
		}
	}
	require.NotZero(t, dossier.ID)
	assert.Len(t, dossier.Attach, 2, "White's two letters")
	batch, err := outbox.Claim(ctx, nil, db.Now(), db.Now(), len(out))
	require.NoError(t, err)
	require.Len(t, batch, len(out), "every queued letter is due")
	var o mailbox.Outgoing
	for _, a := range batch {
		if a.ID == dossier.ID {
			require.NoError(t, a.Err)
			o = a.Letter
		}
	}
	assert.Equal(t, []mailbox.Address{{Addr: "judge@example.org"}}, o.To)
	raw, err := mailbox.Compose(o)
	require.NoError(t, err)
	in, err := mailbox.Decode(raw)
	require.NoError(t, err)
	assert.Equal(t, dossier.MessageID, in.MessageID)
	var letters []mailbox.Attachment
	for _, a := range in.Attachments {
		if a.ContentType == "message/rfc822" {
			letters = append(letters, a)
		}
	}
	require.Len(t, letters, 2, "the offender's letters, attached whole")
	assert.Contains(t, string(letters[0].Data), "overstep-letter-1@example.org")

	_, err = outbox.Claim(ctx, []mailbox.Outcome{{ID: forward.ID, Fate: mailbox.Dead, At: db.Now(), Reason: "550 no such user"}}, db.Now(), db.Now(), 0)
	require.NoError(t, err)
	after, err := db.Outbox(ctx)
	require.NoError(t, err)
	last := after[len(after)-1]
	assert.Equal(t, "undeliverable", last.Kind)
	assert.Equal(t, "secretary@example.org", last.To)
	assert.Contains(t, last.Body, "550 no such user")

	// The others, left in flight by a stop, may have arrived: the
	// secretary is told so, in her language, not that they failed.
	n, err := db.SettleInFlight(ctx, db.Now())
	require.NoError(t, err)
	assert.Equal(t, len(out)-1, n)
	after, err = db.Outbox(ctx)
	require.NoError(t, err)
	last = after[len(after)-1]
	assert.Equal(t, "undeliverable", last.Kind)
	assert.Contains(t, last.Subject, "Письмо, возможно, не доставлено")
	assert.NotContains(t, last.Body, "uncertain:", "no English reason in her Russian letter")
}

// A letter that names no game is placed by the thread it answers (6.2.3).
func TestWiring_ThreadFindsTheGame(t *testing.T) {
	db, cipher := startedStore(t, "three.toml", nil)
	ctx := context.Background()
	raw, err := os.ReadFile(filepath.Join(replayDir("breaks"), "02.eml")) // 3 plays 1.c3-d4 against 1
	require.NoError(t, err)
	ref := testReferee(t, db)
	accept(t, ref, 1, 1, raw)
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var thread string
	for _, o := range out {
		if o.Kind == "forward" && o.To == "ivanov@example.org" {
			thread = o.MessageID
		}
	}
	require.NotEmpty(t, thread)
	// Player 1 is on move in 1-2 and in 3-1: without a game or a thread the letter is refused.
	letter := func(uid uint32, inReplyTo string) []byte {
		h := "Authentication-Results: zaochnik.example; dmarc=pass header.from=example.org\r\nFrom: Ivanov <ivanov@example.org>\r\nSubject: ход\r\nMessage-ID: <t" + fmt.Sprint(uid) + "@example.org>\r\nDate: Mon, 02 Mar 2026 10:00:00 +0300\r\n"
		if inReplyTo != "" {
			h += "In-Reply-To: <" + inReplyTo + ">\r\n"
		}
		return []byte(h + "\r\nВаш ход: 1.c3-d4\r\nМой ход: 1...f6-g5\r\n01.03.2026 / 01.03.2026 / 02.03.2026\r\nВремя: 0/1\r\n")
	}
	assert.True(t, accept(t, ref, 1, 2, letter(2, "")))
	assert.False(t, accept(t, ref, 1, 3, letter(3, thread)))
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	g, ok := s.Game("ТРИ-2026 3-1")
	require.True(t, ok)
	assert.Len(t, g.Plies, 2)
}

// startedStore is a store in a temporary file with the tournament of testdata/replay/FILE created and started.
// now, if not nil, is the store's clock from the start.
func startedStore(t *testing.T, file string, now func() time.Time) (*storage.DB, string) {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	if now != nil {
		db.Now = now
	}
	ctx := context.Background()
	src, err := os.ReadFile(replayDir(file))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = (&referee.Referee{DB: db}).Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	return db, tr.Cipher
}

// The edge reads a letter before the referee, unless it is over the
// referee's size limit: such a letter is never decoded.
func TestWiring_DecodedAtTheEdgeWithinTheLimit(t *testing.T) {
	raw := []byte("From: a@example.org\r\nSubject: x\r\n\r\nХод 1.c3-d4\r\n")
	tests := []struct {
		name  string
		limit int64
		read  bool
	}{
		{"WithinTheLimit", int64(len(raw)), true},
		{"OverTheLimit", int64(len(raw)) - 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := decoded(&referee.Referee{MaxLetterSize: tt.limit}, referee.Letter{Raw: raw})
			assert.Equal(t, tt.read, l.Mail != nil)
			assert.NoError(t, l.Unreadable)
			if tt.read {
				assert.Equal(t, "a@example.org", l.Mail.From.Addr)
			}
		})
	}
}

// The reader reads each letter at the edge (mailbox.ReaderOptions.Reading,
// the referee's) and the daemon's inbox hands its reading to the referee
// as it is: mailbox is entered once on a letter's way, so a letter the
// reader could not read is refused even when its bytes would read now.
func TestWiring_InboxTakesTheReadersReading(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(replayDir("clean"), "01.eml"))
	require.NoError(t, err)
	tests := []struct {
		name    string
		read    bool
		refused bool
	}{
		{"ReadByTheReader", true, false},
		{"UnreadableToTheReader", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := startedStore(t, "two.toml", nil)
			ref := testReferee(t, db)
			f := mailbox.Fetched{UID: 1, Raw: raw, Unreadable: errors.New("mailbox: the reader could not read it")}
			if tt.read {
				f.Mail, f.Unreadable = ref.Reading.Decode(raw)
			}
			in := &shellInbox{ref: ref, kick: func() {}, store: &storeHealth{}}
			refused, err := in.Accept(context.Background(), "INBOX", 1, []mailbox.Fetched{f})
			require.NoError(t, err)
			assert.Equal(t, []bool{tt.refused}, refused)
		})
	}
}
