package mailbox_test

import (
	"crypto/tls"
	"crypto/x509"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
)

// selfSigned makes a certificate for 127.0.0.1 and the client config that
// trusts it.
func selfSigned(t *testing.T) (server, client *tls.Config) {
	cert := mailtest.NewCert(t)
	pool := x509.NewCertPool()
	pool.AddCert(cert.Leaf)
	return &tls.Config{Certificates: []tls.Certificate{cert}}, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
}

// TestSTARTTLS runs the reader and the sender over STARTTLS, as a real
// provider on ports 143 and 587 would have them.
func TestSTARTTLS(t *testing.T) {
	srvTLS, cliTLS := selfSigned(t)
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t), TLSConfig: srvTLS})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.AddUser(player, secret))

	inbox := newFakeInbox()
	startReader(t, lm.IMAPAddr, inbox, func(o *mailbox.ReaderOptions) {
		o.Security, o.TLSConfig = mailbox.SecurityStartTLS, cliTLS
	})
	require.NoError(t, lm.Deliver(player, []string{tournament}, letter("tls.1@example.ru", "1")))
	inbox.waitApplied(t, 1)

	out := newFakeOutbox()
	out.queue(t, "tls.2@zaochnik.test", player)
	s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: lm.SMTPAddr, Security: mailbox.SecurityStartTLS,
		TLSConfig: cliTLS, Username: tournament, Password: secret, Outbox: out, Logger: testLogger(t)})
	require.NoError(t, err)
	runSender(t, s)
	out.waitSettled(t)
	require.Equal(t, map[string]int{"tls.1@example.ru": 1, "tls.2@zaochnik.test": 1}, sinkCounts(t, lm))
}
