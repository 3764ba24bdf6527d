package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
)

// TestServe_GameByMailOverTLS: the game by mail through the whole daemon
// with the tournament mailbox in a Dovecot requiring TLS (ssl = required),
// reached over STARTTLS and over implicit TLS, and the letters sent through
// the embedded server over STARTTLS: each server's certificate is
// self-signed, trusted by its ca_file alone.
func TestServe_GameByMailOverTLS(t *testing.T) {
	for _, sec := range []security{"starttls", "tls"} {
		t.Run(string(sec), func(t *testing.T) {
			cert := mailtest.NewCert(t)
			w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"), func(o *localmail.Options) {
				o.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
			})
			d := mailtest.StartDovecotTLS(t, map[string]string{serverAddr: "pw"}, true)
			// At OffHostAddr Dovecot takes the daemon as remote: no login before TLS.
			w.moveMailbox(t, d, map[security]string{"starttls": d.OffHostAddr, "tls": d.TLSAddr}[sec])
			w.cfg.IMAP.Security, w.cfg.IMAP.CAFile = sec, writeCA(t, d.Cert)
			w.cfg.SMTP.Security, w.cfg.SMTP.CAFile = "starttls", writeCA(t, cert.Leaf)
			gameByMail(t, w)
		})
	}
}

// writeCA writes cert as a PEM file for a ca_file and returns its path.
func writeCA(t *testing.T, cert *x509.Certificate) string {
	f, err := os.CreateTemp(t.TempDir(), "ca-*.pem")
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, pem.Encode(f, &pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}))
	return f.Name()
}
