package referee_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// TestOversized: a letter over the size limit, of which only the header
// was fetched, is kept refused unread and filed under the tournament its
// sender plays in or its subject names (corr.PickTournament); its
// secretary is told, and its sender too when he is a person of it; a
// letter of no tournament is answered to nobody, nor the sender of an
// automatic one (RFC 3834); offered again, nothing changes.
func TestOversized(t *testing.T) {
	tests := []struct {
		name, from, subject string
		second              bool // a second tournament in the store
		told                []string
	}{
		{"FromAPlayer", ivanov, "ТЕСТ-2026 1-2", false, []string{secr, ivanov}},
		{"FromTheSecretary", secr, "отчёт", false, []string{secr}},
		{"FromAStrangerOfTheOnlyTournament", "someone@example.net", "партия", false, []string{secr}},
		{"FromAStrangerNamingOneOfTwo", "someone@example.net", "ТРИ-2026: партия", true, []string{secr}},
		{"FromAStrangerNamingNoneOfTwo", "someone@example.net", "партия", true, nil},
		{"AnAutoReplyOfAPlayer", ivanov, "Автоответ: ТЕСТ-2026 1-2", false, []string{secr}}, // automatic by its subject
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			if tt.second {
				_, err := w.ref.Create(ctx, tournamentFile(t, "three.toml"), false)
				require.NoError(t, err)
			}
			before := len(w.outbox("", ""))
			header := []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <big@example.org>\r\nDate: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\n", tt.from, server, tt.subject))
			for range 2 {
				require.NoError(t, w.ref.Oversized(ctx, decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: 9, Raw: header}), 30<<20))
			}
			letters, err := w.db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 1, "kept once")
			assert.Equal(t, storage.Refused, letters[0].Disposition)
			assert.Equal(t, "a letter of 30.0 MiB, over the limit of 10.0 MiB: not read (only its header is kept)", letters[0].Reason.String())
			assert.Equal(t, "письмо в 30.0 MiB больше предела в 10.0 MiB и не прочитано (сохранён только его заголовок)", letters[0].Reason.In("ru"))
			var got []string
			for _, o := range w.outbox("", "oversized") {
				got = append(got, o.To)
			}
			assert.ElementsMatch(t, tt.told, got)
			assert.Len(t, w.outbox("", ""), before+len(tt.told), "nothing else is queued")
			_, uid, err := w.db.Watermark(ctx, "INBOX")
			require.NoError(t, err)
			assert.Equal(t, uint32(9), uid)
		})
	}
}

// TestOversized_NoHeader: an oversized letter of which no header came (a
// server that sent none, or one over the limit too) is kept all the same,
// refused, with no bytes, for the reason of a letter too large (not the
// oversized one's "only its header is kept"), and the secretary of the
// only tournament told; its event names no sender (it read "()"); two
// such letters are two (named by their UIDs, not by their bytes), each
// kept and told once when offered again.
func TestOversized_NoHeader(t *testing.T) {
	w, ctx := newWorld(t, "two.toml"), context.Background()
	before := len(w.outbox("", ""))
	for range 2 {
		for _, uid := range []uint32{9, 10} {
			require.NoError(t, w.ref.Oversized(ctx, decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uid}), 30<<20))
		}
	}
	letters, err := w.db.Letters(ctx)
	require.NoError(t, err)
	require.Len(t, letters, 2, "each kept once")
	for _, l := range letters {
		assert.Equal(t, storage.Refused, l.Disposition)
		assert.Empty(t, l.From)
		assert.EqualValues(t, "too-large", l.Reason.Code, "nothing of it kept, its header neither: %s", l.Reason)
	}
	var details []string
	rows, err := w.side(`SELECT 1`).Query(`SELECT detail FROM events WHERE kind = 'oversized'`)
	require.NoError(t, err)
	for rows.Next() {
		var d string
		require.NoError(t, rows.Scan(&d))
		details = append(details, d)
	}
	require.NoError(t, rows.Err())
	require.Len(t, details, 2)
	for _, d := range details {
		assert.Equal(t, "a letter of 30.0 MiB, over the limit of 10.0 MiB: not read", d, "no sender to name")
	}
	assert.NotEqual(t, letters[0].MessageID, letters[1].MessageID)
	told := w.outbox("", "oversized")
	require.Len(t, told, 2, "one notice a letter")
	for _, o := range told {
		assert.Equal(t, secr, o.To)
	}
	assert.Len(t, w.outbox("", ""), before+2, "nothing else is queued")
	_, uid, err := w.db.Watermark(ctx, "INBOX")
	require.NoError(t, err)
	assert.Equal(t, uint32(10), uid)
}

// TestOversized_UIDValidityReset: an oversized letter offered again under
// another UIDVALIDITY and UID (the mail server reset them before the
// letter was filed) is the letter kept before: found again by its
// Message-ID, or by its header's bytes when it has none, as any letter
// is; kept and told once.
func TestOversized_UIDValidityReset(t *testing.T) {
	tests := []struct{ name, messageID string }{
		{"ByMessageID", "Message-ID: <big@example.org>\r\n"},
		{"ByItsHeader", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			before := len(w.outbox("", ""))
			header := []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: ТЕСТ-2026 1-2\r\n%sDate: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\n", ivanov, server, tt.messageID))
			for _, at := range [][2]uint32{{1, 9}, {2, 3}} {
				l := referee.Letter{Mailbox: "INBOX", UIDValidity: at[0], UID: at[1], Raw: header}
				require.NoError(t, w.ref.Oversized(ctx, decoded(w.ref, l), 30<<20))
			}
			letters, err := w.db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 1, "kept once")
			assert.Len(t, w.outbox("", ""), before+2, "the secretary and the sender told once")
		})
	}
}

// TestOversized_NoHeaderSeveralTournaments: an oversized letter of which
// no header came names no tournament; when the mailbox serves several,
// the secretary of each is told, once an address (a secretary of two
// tournaments gets one notice), in her language, under no tournament;
// the letter is kept once, refused, and offered again tells nobody more.
func TestOversized_NoHeaderSeveralTournaments(t *testing.T) {
	const other = "other.secretary@example.org"
	tests := []struct {
		name   string
		second string // the second tournament's secretary
		told   []string
	}{
		{"TwoSecretaries", other, []string{secr, other}},
		{"OneSecretaryOfBoth", secr, []string{secr}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			src := strings.Replace(string(tournamentFile(t, "three.toml")), secr, tt.second, 1)
			_, err := w.ref.Create(ctx, []byte(src), false)
			require.NoError(t, err)
			before := len(w.outbox("", ""))
			for range 2 {
				require.NoError(t, w.ref.Oversized(ctx, decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: 9}), 30<<20))
			}
			letters, err := w.db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 1, "kept once")
			assert.Equal(t, storage.Refused, letters[0].Disposition)
			var got []string
			for _, o := range w.outbox("", "oversized") {
				got = append(got, o.To)
				assert.Contains(t, o.Body, "Ни к одному турниру его отнести нельзя")
				assert.Contains(t, o.Body, "неизвестного отправителя")
			}
			assert.ElementsMatch(t, tt.told, got)
			assert.Len(t, w.outbox("", ""), before+len(tt.told), "nothing else is queued")
		})
	}
}

// TestOversized_NoticesBounded: a sender mailing many letters too large
// in a day floods nobody: of his letters of a day only the 1st, 2nd, 4th
// and 8th are told (to the secretary, and to him when he is a player),
// each with its number and the next one told; every letter is kept,
// refused, with its event; the next day starts again from one. Letters
// whose header did not come are counted together, as one sender.
func TestOversized_NoticesBounded(t *testing.T) {
	tests := []struct {
		name   string
		header bool
		told   []string // each notice's addressee, for one told letter
	}{
		{"FromAPlayer", true, []string{secr, ivanov}},
		{"NoHeader", false, []string{secr}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			before := len(w.outbox("", ""))
			offer := func(uid uint32, day string) {
				l := referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uid}
				w.at(day)
				if tt.header {
					l.Raw = []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: ТЕСТ-2026 1-2\r\nMessage-ID: <big.%d@example.org>\r\nDate: %s\r\n\r\n",
						ivanov, server, uid, w.db.Now().Format(time.RFC1123Z)))
				}
				require.NoError(t, w.ref.Oversized(ctx, decoded(w.ref, l), 30<<20))
			}
			for uid := uint32(1); uid <= 9; uid++ {
				offer(uid, "2026-03-02")
			}
			offer(5, "2026-03-02") // offered again: changes nothing
			offer(10, "2026-03-03")

			letters, err := w.db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, letters, 10, "every letter kept")
			for _, l := range letters {
				assert.Equal(t, storage.Refused, l.Disposition)
			}
			var events int
			require.NoError(t, w.side(`SELECT 1`).QueryRow(`SELECT count(*) FROM events WHERE kind = 'oversized'`).Scan(&events))
			assert.Equal(t, 10, events, "each letter's event")

			told := w.outbox("", "oversized")
			assert.Len(t, told, 5*len(tt.told), "the 1st, 2nd, 4th and 8th of 2 March, the 1st of 3 March")
			assert.Len(t, w.outbox("", ""), before+len(told), "nothing else is queued")
			var nth []string
			for _, o := range told {
				if o.To == secr {
					nth = append(nth, o.Body)
				}
			}
			require.Len(t, nth, 5)
			assert.NotContains(t, nth[0], "-е такое")
			assert.Contains(t, nth[2], "Это уже 4-е такое письмо этого отправителя за 02.03.2026")
			assert.Contains(t, nth[2], "следующее уведомление придёт, когда их станет 8")
			assert.Contains(t, nth[3], "Это уже 8-е такое письмо")
			assert.NotContains(t, nth[4], "-е такое", "a new day")
		})
	}
}
