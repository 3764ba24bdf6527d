package referee

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// TestCheck_AutomaticLetterNotVouched: an automatic letter (RFC 3834) is
// kept unread, so nothing is looked up to vouch for its sender: neither
// the reply key it carries (a bounce quotes the address it came back
// from) nor the Authentication-Results; a person's letter with the same
// key and results has both.
func TestCheck_AutomaticLetterNotVouched(t *testing.T) {
	const from = "ivanov@example.ru"
	keys := Keys{Secret: []byte("secret"), Address: "turnir@zaochnik.test"}
	r := &Referee{Keys: keys, Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: "mx.zaochnik.test"}, Own: []string{keys.Address}}}
	head := "Authentication-Results: mx.zaochnik.test; dmarc=pass header.from=example.ru\r\n" +
		"From: " + from + "\r\nTo: turnir+" + keys.Person(from, 1, 2) + "@zaochnik.test\r\n" +
		"Subject: 1.c3-d4\r\nMessage-ID: <m1@example.ru>\r\nDate: Tue, 06 Jan 2026 10:14:00 +0300\r\n"
	tests := []struct {
		name    string
		raw     string
		keep    storage.Disposition
		keys    []storage.Key
		vouched string
	}{
		{"Person", head + "\r\n1.c3-d4\r\n", "", []storage.Key{{A: 1, B: 2}}, corr.AuthDMARC},
		{"Automatic", head + "Auto-Submitted: auto-replied\r\n\r\naway\r\n", storage.Ignored, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := r.Reading.Decode([]byte(tt.raw))
			require.NoError(t, err)
			c := r.check(Letter{Raw: []byte(tt.raw), Mail: in})
			assert.Equal(t, tt.keep, c.keep)
			assert.Equal(t, tt.keys, c.Keys, "reply keys looked up")
			assert.Equal(t, tt.vouched, c.Auth.Method, "Authentication-Results read")
		})
	}
}

// TestCheck_DecidesFromTheDecodedLetter: the edge reads a letter once
// (Reading.Decode) and check decides from what that reading found, never
// reading the raw bytes again: given a decoded letter whose raw bytes say
// the opposite (automatic where the reading found a person, an
// authserv-id's pass where the reading found none), the automatic status,
// the trusted Authentication-Results, the subject and the sender are the
// decoded letter's.
func TestCheck_DecidesFromTheDecodedLetter(t *testing.T) {
	const authserv = "mx.zaochnik.test"
	r := &Referee{Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: authserv}}}
	person := "Authentication-Results: " + authserv + "; dmarc=pass header.from=example.ru\r\n" +
		"From: ivanov@example.ru\r\nSubject: 1.c3-d4\r\nMessage-ID: <p@example.ru>\r\nDate: Tue, 06 Jan 2026 10:14:00 +0300\r\n\r\n1.c3-d4\r\n"
	robot := "From: petrov@example.org\r\nAuto-Submitted: auto-replied\r\nSubject: away\r\n" +
		"Message-ID: <a@example.org>\r\nDate: Tue, 06 Jan 2026 11:00:00 +0300\r\n\r\naway\r\n"
	tests := []struct {
		name          string
		decoded, raw  string
		keep          storage.Disposition
		auth, subject string
	}{
		{"PersonDecodedAutomaticRaw", person, robot, "", corr.AuthDMARC, "1.c3-d4"},
		{"AutomaticDecodedPersonRaw", robot, person, storage.Ignored, "", "away"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := r.Reading.Decode([]byte(tt.decoded))
			require.NoError(t, err)
			c := r.check(Letter{Raw: []byte(tt.raw), Mail: in})
			assert.Equal(t, tt.keep, c.keep, c.why)
			assert.Equal(t, tt.auth, c.Auth.Method)
			assert.Equal(t, tt.subject, c.Subject)
			assert.Equal(t, in.From.Addr, c.From)
		})
	}
	t.Run("ReadingNotRepeated", func(t *testing.T) {
		// The decoded letter's reading stands even where the referee's
		// own configuration would read its header otherwise: his
		// authserv-id's pass, his own address in From (automatic).
		own := &Referee{Reading: mailbox.Reading{Auth: r.Reading.Auth, Own: []string{"ivanov@example.ru"}}}
		in, err := mailbox.Reading{}.Decode([]byte(person))
		require.NoError(t, err)
		c := own.check(Letter{Raw: []byte(person), Mail: in})
		assert.Equal(t, storage.Disposition(""), c.keep, "not automatic when the letter was read: %v", c.why)
		assert.Equal(t, corr.AuthNone, c.Auth.Method, "the results were not believed when the letter was read")
		assert.Equal(t, in.Auth.Detail, c.Auth.Detail)
	})
}

// TestVouched_OnlyWhatMailProves: the Authentication-Results' methods
// (DMARC, DKIM, SPF) vouch; a method only the house grants (the desk, a
// reply key, a confirmation) or an unknown name, set in a letter built by
// hand, vouches for nothing.
func TestVouched_OnlyWhatMailProves(t *testing.T) {
	tests := []struct{ method, want string }{
		{mailbox.AuthDMARC, corr.AuthDMARC},
		{mailbox.AuthDKIM, corr.AuthDKIM},
		{mailbox.AuthSPF, corr.AuthSPF},
		{mailbox.AuthNone, corr.AuthNone},
		{"", corr.AuthNone},
		{corr.AuthDesk, corr.AuthNone},
		{corr.AuthKey, corr.AuthNone},
		{corr.AuthConfirmed, corr.AuthNone},
		{"pass", corr.AuthNone},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			got := vouched(mailbox.Authentication{Method: tt.method, Detail: "d"})
			assert.Equal(t, tt.want, got.Method)
			assert.Equal(t, tt.want != corr.AuthNone, got.Authenticated())
		})
	}
}

// TestCheck_HandBuiltLetterNotRead: a letter that did not come out of
// Reading.Decode (an Incoming built by hand, with an empty Automatic that
// would pass the RFC 3834 loop guard and a method that would vouch) is
// refused as unreadable: nothing is looked up and nothing vouches; the
// same letter decoded is read.
func TestCheck_HandBuiltLetterNotRead(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	r := &Referee{DB: db, Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: "mx.zaochnik.test"}}}
	raw := "Authentication-Results: mx.zaochnik.test; dmarc=pass header.from=example.ru\r\n" +
		"From: ivanov@example.ru\r\nSubject: 1.c3-d4\r\nMessage-ID: <h1@example.ru>\r\n" +
		"Date: Tue, 06 Jan 2026 10:14:00 +0300\r\n\r\n1.c3-d4\r\n"
	decoded, err := r.Reading.Decode([]byte(raw))
	require.NoError(t, err)
	built := *decoded
	built = mailbox.Incoming{From: built.From, Subject: built.Subject, Text: built.Text, MessageID: built.MessageID,
		Postmark: built.Postmark, Auth: mailbox.Authentication{Method: mailbox.AuthDMARC}}
	tests := []struct {
		name string
		in   *mailbox.Incoming
		keep storage.Disposition
		auth string
	}{
		{"Decoded", decoded, "", corr.AuthDMARC},
		{"BuiltByHand", &built, storage.Refused, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := r.check(Letter{Raw: []byte(raw), Mail: tt.in, Name: "<h1@example.ru>"})
			assert.Equal(t, tt.keep, c.keep)
			assert.Equal(t, tt.auth, c.Auth.Method)
			if tt.keep == storage.Refused {
				assert.Equal(t, letter.ReasonUnreadable, c.why.Code)
			}
		})
	}
}
