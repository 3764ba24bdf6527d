package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/mailtest"
)

// TestOversized_OnceAcrossAUIDValidityReset: an oversized letter whose
// header is over the limit too, found again in the mailbox under another
// UIDVALIDITY and UID (restored there, the server's UIDVALIDITY reset
// before it was filed), is the letter the store kept: handed over with the
// fields that name it, it is found by its Message-ID, kept once and told
// once (it was named by its UID, kept and told twice).
func TestOversized_OnceAcrossAUIDValidityReset(t *testing.T) {
	const user = "turnir@bench.test" // dialBench's
	d := mailtest.StartDovecot(t, map[string]string{user: "pw"})
	db, _ := startedStore(t, "two.toml", nil)
	ref := testReferee(t, db)
	ref.MaxLetterSize = 64 << 10
	in := &shellInbox{ref: ref, kick: func() {}, store: &storeHealth{}}
	long := "X-Long: " + strings.Repeat("LONG-HEADER ", 8000) + "\r\n" // 96 KB
	raw := []byte(long + fmt.Sprintf("From: ivanov@example.org\r\nTo: %s\r\nSubject: ТЕСТ-2026 1-2\r\nMessage-ID: <big@example.org>\r\nDate: Mon, 02 Mar 2026 10:00:00 +0000\r\n\r\nХод: 1. c3-d4\r\n", user))

	read := func() {
		r, err := mailbox.NewReader(mailbox.ReaderOptions{Addr: d.Addr, Security: mailbox.SecurityPlain, Username: user, Password: "pw",
			Inbox: in, Reading: ref.Reading, MaxLetterSize: ref.MaxSize(), Logger: slog.New(slog.DiscardHandler)})
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- r.Run(ctx) }()
		require.Eventually(t, func() bool {
			c := dialBench(t, d.Addr)
			defer c.Close()
			s, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
			return err == nil && s.NumMessages != nil && *s.NumMessages == 0
		}, 30*time.Second, 50*time.Millisecond, "filed")
		cancel()
		require.NoError(t, <-done)
	}
	appendTo(t, d.Addr, "INBOX", [][]byte{raw})
	read()
	appendTo(t, d.Addr, "INBOX", [][]byte{raw}) // restored from a backup
	d.SetUIDValidity(user, "INBOX", 4242)
	read()

	letters, err := db.Letters(context.Background())
	require.NoError(t, err)
	require.Len(t, letters, 1, "kept once")
	assert.Equal(t, "big@example.org", letters[0].MessageID, "named by its Message-ID")
	out, err := db.Outbox(context.Background())
	require.NoError(t, err)
	var told []string
	for _, o := range out {
		if o.Kind == "oversized" {
			told = append(told, o.To)
		}
	}
	assert.ElementsMatch(t, []string{"secretary@example.org", "ivanov@example.org"}, told, "told once")
}
