package referee

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
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
	r := &Referee{Keys: keys, Auth: mailbox.AuthPolicy{AuthservID: "mx.zaochnik.test"}, Own: []string{keys.Address}}
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
			in, err := mailbox.Decode([]byte(tt.raw))
			require.NoError(t, err)
			c := r.check(Letter{Raw: []byte(tt.raw), Mail: in})
			assert.Equal(t, tt.keep, c.keep)
			assert.Equal(t, tt.keys, c.Keys, "reply keys looked up")
			assert.Equal(t, tt.vouched, c.Auth.Method, "Authentication-Results read")
		})
	}
}
