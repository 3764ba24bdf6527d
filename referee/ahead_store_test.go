package referee

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// TestReceive_DecisionsTakeTheReadingsAhead: against a store, the chain
// tells the reader the tournament it learned and which letter it takes,
// and the decisions take the readings ahead: each was read under the
// options its case reads the letter with, the postmark's day as the store
// computes it (storage.Tournament.Day; posted late in the evening in
// UTC, the next day in Moscow), and a reading handed to the decision
// decides (a reading made up here is what the last letter is decided
// by); every reading is claimed and let go.
func TestReceive_DecisionsTakeTheReadingsAhead(t *testing.T) {
	ctx := context.Background()
	tr, src := twoTournament(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = (&Referee{DB: db}).Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	db.Now = func() time.Time { return time.Date(2026, 3, 7, 9, 0, 0, 0, time.UTC) }
	const authserv = "mx.zaochnik.test"
	r := &Referee{DB: db, Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: authserv}}}

	letters := []struct{ from, body string }{
		{"ivanov@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"},
		{"petrov@example.org", "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03 / 01.03 / 04.03\nTime: 0/3"},
		{"ivanov@example.org", "ТЕСТ-2026 1-2\nВаш ход: 1...f6-g5\nМой ход: 2.b2-c3\n04.03 / 04.03 / 06.03\nВремя: 0/2"},
		{"petrov@example.org", "ТЕСТ-2026 1-2\nYour move: 2.b2-c3\nMy move: 2...g7-f6\n06.03 / 06.03 / 07.03\nTime: 0/4"},
	}
	days := []int{1, 4, 6, 7} // in Moscow: posted at 22:30 UTC the day before
	cs := make([]checked, len(letters))
	for i, l := range letters {
		raw := fmt.Sprintf("Authentication-Results: %s; dmarc=pass header.from=example.org\r\n"+
			"Received: from mail.example.org by %s; %s\r\n"+
			"From: %s\r\nTo: turnir@zaochnik.test\r\nSubject: ТЕСТ-2026 1-2\r\nMessage-ID: <m%d@example.org>\r\n"+
			"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
			authserv, authserv, time.Date(2026, 3, days[i]-1, 22, 30, 0, 0, time.UTC).Format(time.RFC1123Z), l.from, i, l.body)
		lt := Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: []byte(raw)}
		lt.Mail, lt.Unreadable = r.Reading.Decode(lt.Raw)
		cs[i] = r.check(lt)
		require.Empty(t, cs[i].keep, "letter %d read", i)
	}

	ra := r.readAhead(cs) // the book empty: every letter waits for its tournament
	defer ra.end()
	var outs []Outcome
	n, err := r.receiveGroup(ctx, cs[:1], 0, GroupTime, ra, &outs) // the chain learns the tournament
	require.NoError(t, err)
	require.Equal(t, 1, n)
	for i := 1; i < len(cs); i++ {
		require.Eventually(t, func() bool { return readOf(ra, i) != nil }, 10*time.Second, time.Millisecond,
			"letter %d read ahead once the chain learned its tournament", i)
	}
	require.NoError(t, db.Update(ctx, func(tx *storage.Tx) error {
		l, err := tx.Load(ctx, tr.Cipher)
		require.NoError(t, err)
		for i := 1; i < len(cs); i++ {
			day := l.Day(cs[i].Postmark)
			assert.Equal(t, days[i], day.Day(), "letter %d: the postmark's day in Moscow", i)
			opts, _, _ := l.State.Tournament.ReadOptions(cs[i].From, cs[i].Subject, day)
			assert.Equal(t, opts, readOf(ra, i).Options, "letter %d read under its case's options", i)
		}
		return nil
	}))
	last := readOf(ra, 3)
	last.Letter = letter.Parse(letters[2].body, last.Options) // White's move, as if Black wrote it

	for len(outs) < len(cs) {
		_, err := r.receiveGroup(ctx, cs, len(outs), GroupTime, ra, &outs)
		require.NoError(t, err)
	}
	for i, o := range outs[:3] {
		assert.Equal(t, storage.Processed, o.Disposition, "letter %d: %s", i, o.Outcome.Reason)
	}
	assert.Equal(t, storage.Refused, outs[3].Disposition, "the last letter decided by its reading ahead, made up")
	ra.mu.Lock()
	defer ra.mu.Unlock()
	assert.Equal(t, len(cs)-1, ra.taking, "the chain told the reader which letter it takes")
	assert.Equal(t, make([]*letter.Ahead, len(cs)), ra.read, "every reading claimed and let go")
}
