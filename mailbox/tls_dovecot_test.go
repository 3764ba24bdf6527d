package mailbox_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/mailtest"
)

// startDovecotTLS starts Dovecot with ssl = required and returns it with
// a client configuration trusting its certificate.
func startDovecotTLS(t *testing.T) (*mailtest.Dovecot, *tls.Config) {
	d := mailtest.StartDovecotTLS(t, map[string]string{tournament: secret}, true)
	pool := x509.NewCertPool()
	pool.AddCert(d.Cert)
	return d, &tls.Config{RootCAs: pool}
}

// tlsMode is a way to a Dovecot requiring TLS.
type tlsMode struct {
	name     string
	security mailbox.Security
	addr     string
}

// tlsModes are the two ways to a Dovecot requiring TLS: STARTTLS where
// it takes the client as remote (ssl = required holds), implicit TLS.
func tlsModes(d *mailtest.Dovecot) []tlsMode {
	return []tlsMode{
		{"STARTTLS", mailbox.SecurityStartTLS, d.OffHostAddr},
		{"ImplicitTLS", mailbox.SecurityTLS, d.TLSAddr},
	}
}

// TestDovecotTLS_ReadsAndFiles: against a real Dovecot requiring TLS the
// reader logs in over STARTTLS and over implicit TLS, reads the letters
// and files them, and ReadFolders (rebuild) reads them back.
func TestDovecotTLS_ReadsAndFiles(t *testing.T) {
	d, cliTLS := startDovecotTLS(t)
	for i, m := range tlsModes(d) {
		t.Run(m.name, func(t *testing.T) {
			n := strconv.Itoa(i)
			appendLetters(t, d.Addr, letter("tls.a"+n+"@example.ru", "1"), letter("tls.b"+n+"@example.ru", "please refuse"))
			inbox := newFakeInbox()
			stop := startReader(t, m.addr, inbox, func(o *mailbox.ReaderOptions) {
				o.Security, o.TLSConfig = m.security, cliTLS
			})
			inbox.waitApplied(t, 2)
			waitFolders(t, d.Addr, map[string]int{"INBOX": 0, "zaochnik/processed": i + 1, "zaochnik/refused": i + 1})
			stop()
			inbox.checkOnce(t)

			kept := 0
			require.NoError(t, mailbox.ReadFolders(context.Background(), mailbox.ReaderOptions{Addr: m.addr, Security: m.security,
				TLSConfig: cliTLS, Username: tournament, Password: secret, Logger: testLogger(t)},
				[]string{"zaochnik/processed", "zaochnik/refused"}, func(mailbox.KeptLetter) error { kept++; return nil }))
			assert.Equal(t, 2*(i+1), kept, "rebuild reads the folders over TLS too")
		})
	}
	logins := 0
	for _, line := range strings.Split(d.Log(), "\n") {
		if strings.Contains(line, "Login: user=<"+tournament+">") && strings.Contains(line, "lip=127.0.0.2") {
			logins++
			assert.Contains(t, line, "TLS", "the login at the address where TLS is required was over TLS")
		}
	}
	assert.NotZero(t, logins, "the reader logged in where TLS is required\n%s", d.Log())
}

// TestDovecotTLS_UntrustedRefused: a certificate the reader does not
// trust, or one not naming the server, stops it before the login (fail
// closed): the error says why, nothing is read, marked or created, and
// ReadFolders fails with the same reason.
func TestDovecotTLS_UntrustedRefused(t *testing.T) {
	d, cliTLS := startDovecotTLS(t)
	_, stranger := selfSigned(t) // trusts a certificate of its own, not Dovecot's
	wrongName := cliTLS.Clone()
	wrongName.ServerName = "imap.example.ru"
	appendLetters(t, d.Addr, letter("u.1@example.ru", "1"))
	tests := []struct {
		name string
		cfg  *tls.Config
		want string
	}{
		{"UnknownAuthority", &tls.Config{RootCAs: stranger.RootCAs}, "certificate signed by unknown authority"},
		{"WrongName", wrongName, "wanted to match imap.example.ru"},
	}
	for _, tt := range tests {
		for _, m := range tlsModes(d) {
			t.Run(tt.name+"/"+m.name, func(t *testing.T) {
				var log mailtest.Buffer
				inbox := newFakeInbox()
				stop := startReader(t, m.addr, inbox, func(o *mailbox.ReaderOptions) {
					o.Security, o.TLSConfig = m.security, tt.cfg
					o.Logger = slog.New(slog.NewTextHandler(&log, nil))
				})
				require.Eventually(t, func() bool { return strings.Count(log.String(), tt.want) >= 2 }, 10*time.Second, 10*time.Millisecond,
					"refused, and again after a backoff")
				stop()
				assert.Contains(t, log.String(), "tls: failed to verify certificate")
				assert.Contains(t, log.String(), "imap: cannot connect or log in; trying again")
				assert.NotContains(t, log.String(), "connection lost", "it never connected")
				inbox.mu.Lock()
				assert.Empty(t, inbox.applied, "nothing handed over")
				inbox.mu.Unlock()
				for _, flags := range inboxFlags(t, d.Addr) {
					assert.Empty(t, flags, "the letter stays as it came, unmarked")
				}
				assert.Equal(t, map[string][]string{"INBOX": {"u.1@example.ru"}}, folders(t, d.Addr), "no folder created")

				err := mailbox.ReadFolders(context.Background(), mailbox.ReaderOptions{Addr: m.addr, Security: m.security, TLSConfig: tt.cfg,
					Username: tournament, Password: secret, Logger: testLogger(t)}, []string{"INBOX"},
					func(mailbox.KeptLetter) error { t.Error("a letter handed over"); return nil })
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.want)
			})
		}
	}
	assert.NotContains(t, d.Log(), "Login: user=<"+tournament+">, method=PLAIN, rip=127.0.0.1, lip=127.0.0.2",
		"never logged in where TLS is required")
}

// TestDovecotTLS_HostileResponseDropped: the bound of a response holds
// inside TLS. The hostile proxy sits between TLS and TLS (the reader
// trusts its certificate; it reaches Dovecot's implicit TLS), so what it
// poisons is what the reader reads inside its TLS session: the connection
// is dropped, nothing handed over nor marked, and once the server behaves
// every letter is read, once. The frame reads above the TLS connection in
// both modes (connect), so implicit TLS stands for STARTTLS too.
func TestDovecotTLS_HostileResponseDropped(t *testing.T) {
	d, dovecotTLS := startDovecotTLS(t)
	appendLetters(t, d.Addr, letter("h.1@example.ru", "1"), letter("h.2@example.ru", "2"))
	srvTLS, cliTLS := selfSigned(t)
	p := newTLSProxy(t, d.TLSAddr, srvTLS, dovecotTLS)
	p.poison.Store(&poison{"* 1 FETCH (UID 1 BODY[] \"From: x\r\n", "line\r\n"})
	var log mailtest.Buffer
	inbox := newFakeInbox()
	startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
		o.Security, o.TLSConfig = mailbox.SecurityTLS, cliTLS
		o.MaxLetterSize = 16 << 10
		o.Logger = slog.New(slog.NewTextHandler(&log, nil))
	})
	checkHostileDropped(t, p, d.Addr, inbox, &log)
}
