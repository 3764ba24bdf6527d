package mailbox_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
)

// TestLoginOnlyOverTLS_PlainRefused: set to plain against a server that
// takes logins only over TLS (Dovecot's ssl = required, announcing
// LOGINDISABLED; the embedded server likewise, its SMTP then offering no
// AUTH), the reader and the sender never send the password: they stop
// with an error saying why, and nothing is read.
func TestLoginOnlyOverTLS_PlainRefused(t *testing.T) {
	srvTLS, _ := selfSigned(t)
	lm, err := localmail.Start(localmail.Options{Logger: testLogger(t), TLSConfig: srvTLS, LoginOnlyOverTLS: true})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	require.NoError(t, lm.Deliver(player, []string{tournament}, letter("p.1@example.ru", "1")))

	imapRefused := func(t *testing.T, addr string) {
		var log, trace mailtest.Buffer
		inbox := newFakeInbox()
		stop := startReader(t, addr, inbox, func(o *mailbox.ReaderOptions) {
			o.Logger, o.Debug = slog.New(slog.NewTextHandler(&log, nil)), &trace
		})
		require.Eventually(t, func() bool { return strings.Count(log.String(), "LOGINDISABLED") >= 2 }, 10*time.Second, 10*time.Millisecond,
			"refused, and again after a backoff")
		stop()
		assert.Contains(t, log.String(), "the password was not sent")
		assert.NotContains(t, trace.String(), secret, "the password never crossed the wire")
		inbox.mu.Lock()
		assert.Empty(t, inbox.applied)
		inbox.mu.Unlock()
	}
	t.Run("IMAP/localmail", func(t *testing.T) { imapRefused(t, lm.IMAPAddr) })
	t.Run("IMAP/dovecot", func(t *testing.T) {
		d, _ := startDovecotTLS(t)
		appendLetters(t, d.Addr, letter("p.1@example.ru", "1"))
		imapRefused(t, d.OffHostAddr)
		assert.Len(t, folders(t, d.Addr)["INBOX"], 1, "nothing read")
	})

	t.Run("SMTP", func(t *testing.T) {
		var log, trace mailtest.Buffer
		out := newFakeOutbox()
		out.queue(t, "p.2@zaochnik.test", player)
		s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain,
			Username: tournament, Password: secret, Outbox: out, Debug: &trace,
			Logger: slog.New(slog.NewTextHandler(&log, nil))})
		require.NoError(t, err)
		runSender(t, s)
		require.Eventually(t, func() bool { return strings.Contains(log.String(), "the password was not sent") },
			10*time.Second, 10*time.Millisecond)
		assert.NotContains(t, trace.String(), "AUTH PLAIN", "the password never crossed the wire")
		assert.NotContains(t, sinkCounts(t, lm), "p.2@zaochnik.test")
	})
}

// TestSender_NoAuthOffered: over TLS too, a server whose EHLO offers no
// AUTH is not sent the password; the error says so, and nothing is sent.
func TestSender_NoAuthOffered(t *testing.T) {
	srvTLS, cliTLS := selfSigned(t)
	srv := startScript(t, &scriptServer{noAuth: true, tls: srvTLS})
	var log mailtest.Buffer
	out := newFakeOutbox()
	out.queue(t, "n.1@zaochnik.test", player)
	s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: srv.addr(), Security: mailbox.SecurityTLS, TLSConfig: cliTLS,
		Username: tournament, Password: secret, Outbox: out, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	require.NoError(t, err)
	runSender(t, s)
	require.Eventually(t, func() bool {
		return strings.Contains(log.String(), "the server offers no login (AUTH), and the password was not sent")
	}, 10*time.Second, 10*time.Millisecond)
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for _, c := range srv.commands {
		assert.False(t, strings.HasPrefix(c, "AUTH"), "AUTH sent: %s", c)
	}
	assert.Empty(t, srv.letters)
}
