package mailbox_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
)

// TestAuthenticate_RFC8601 checks which Authentication-Results count
// (RFC 8601 section 5) and what authenticates the From domain (RFC 7489
// alignment). Every case that is not a trusted, aligned pass is "none":
// the caller fails closed.
func TestAuthenticate_RFC8601(t *testing.T) {
	const id = "mx.zaochnik.test"
	const ours = "Received: from mail.example.ru by mx.zaochnik.test; Mon, 2 Mar 2026 10:00:00 +0300"
	const theirs = "Received: from pc by mail.example.ru; Mon, 2 Mar 2026 09:59:00 +0300"
	tests := []struct {
		name  string
		from  string
		trace []string // header lines, top down
		want  string
	}{
		{"DMARCPass", "a@example.ru", []string{"Authentication-Results: " + id + "; dmarc=pass header.from=example.ru", ours, theirs}, mailbox.AuthDMARC},
		{"DKIMPassAligned", "a@example.ru", []string{"Authentication-Results: " + id + "; dkim=pass header.d=example.ru", ours}, mailbox.AuthDKIM},
		{"DKIMPassParentDomain", "a@mail.example.ru", []string{"Authentication-Results: " + id + "; dkim=pass header.d=example.ru", ours}, mailbox.AuthDKIM},
		{"DKIMPassOtherDomain", "a@example.ru", []string{"Authentication-Results: " + id + "; dkim=pass header.d=attacker.test", ours}, mailbox.AuthNone},
		{"SPFPassAligned", "a@example.ru", []string{"Authentication-Results: " + id + "; spf=pass smtp.mailfrom=a@example.ru", ours}, mailbox.AuthSPF},
		{"DMARCNoneSPFPassOtherDomain", "judge@zaochnik.test", []string{"Authentication-Results: " + id + "; dmarc=none header.from=zaochnik.test; spf=pass smtp.mailfrom=evil@attacker.test", ours}, mailbox.AuthNone},
		{"DMARCFailOutweighsSPF", "a@example.ru", []string{"Authentication-Results: " + id + "; dmarc=fail header.from=example.ru; spf=pass smtp.mailfrom=a@example.ru", ours}, mailbox.AuthNone},
		{"DMARCPassOtherFrom", "a@example.ru", []string{"Authentication-Results: " + id + "; dmarc=pass header.from=attacker.test", ours}, mailbox.AuthNone},
		{"NoHeader", "a@example.ru", []string{ours, theirs}, mailbox.AuthNone},
		{"AnotherAuthservID", "a@example.ru", []string{"Authentication-Results: mx.attacker.test; dmarc=pass header.from=example.ru", ours}, mailbox.AuthNone},
		{"ForgedBelowForeignReceived", "a@example.ru", []string{ours, theirs, "Authentication-Results: " + id + "; dmarc=pass header.from=example.ru"}, mailbox.AuthNone},
		{"TrustedAboveForgedBelow", "a@example.ru", []string{"Authentication-Results: " + id + "; dmarc=fail header.from=example.ru", ours, theirs, "Authentication-Results: " + id + "; dmarc=pass header.from=example.ru"}, mailbox.AuthNone},
		{"BelowOwnBorderHop", "a@example.ru", []string{"Received: by 2001:db8::1 with SMTP id x; Mon, 2 Mar 2026 10:00:01 +0300", ours, "Authentication-Results: " + id + "; dkim=pass header.d=example.ru", theirs}, mailbox.AuthDKIM},
		{"AuthservCaseInsensitive", "a@example.ru", []string{"Authentication-Results: MX.Zaochnik.Test; dmarc=pass header.from=example.ru", ours}, mailbox.AuthDMARC},
		{"Unparseable", "a@example.ru", []string{"Authentication-Results: garbage ;;; =", ours}, mailbox.AuthNone},
		{"SoftfailIsNoPass", "a@example.ru", []string{"Authentication-Results: " + id + "; spf=softfail smtp.mailfrom=a@example.ru", ours}, mailbox.AuthNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := strings.Join(tt.trace, "\r\n") + "\r\nFrom: " + tt.from + "\r\nSubject: x\r\n\r\nx"
			in, err := mailbox.Decode([]byte(raw))
			require.NoError(t, err)
			got := mailbox.Authenticate(in, mailbox.AuthPolicy{AuthservID: id})
			assert.Equal(t, tt.want, got.Method, got.Detail)
			assert.NotEmpty(t, got.Detail)
			read, err := mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: id}}.Decode([]byte(raw))
			require.NoError(t, err)
			assert.Equal(t, got, read.Auth, "decoding reads the trusted results once, for the referee")
		})
	}
}

// TestAuthenticate_Off: with no authserv-id nothing is believed.
func TestAuthenticate_Off(t *testing.T) {
	in, err := mailbox.Decode([]byte("Authentication-Results: mx; dmarc=pass header.from=example.ru\r\nFrom: a@example.ru\r\n\r\nx"))
	require.NoError(t, err)
	assert.Equal(t, mailbox.AuthNone, mailbox.Authenticate(in, mailbox.AuthPolicy{}).Method)
	noFrom, err := mailbox.Decode([]byte("Authentication-Results: mx; dmarc=pass header.from=example.ru\r\nSubject: x\r\n\r\nx"))
	require.NoError(t, err)
	assert.Equal(t, mailbox.AuthNone, mailbox.Authenticate(noFrom, mailbox.AuthPolicy{AuthservID: "mx"}).Method)
}
