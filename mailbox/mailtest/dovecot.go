// Package mailtest runs a real Dovecot on loopback for the mailbox tests
// and benchmarks, with a configuration written into a temporary directory
// (Debian bookworm's Dovecot 2.3 syntax), TLS on request (StartDovecotTLS).
// Tests that use it are skipped
// where Dovecot is not installed or the process is not root (the master
// must start as root); CI installs it.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"text/template"
	"time"
)

// mailUID is the system user owning the mail: Dovecot refuses uid 0, and
// nobody (65534) exists everywhere.
const mailUID = 65534

// Dovecot is a running test Dovecot.
type Dovecot struct {
	// Addr is the IMAP listener of port 143's kind, "127.0.0.1:port":
	// plain, and with TLS (StartDovecotTLS) offering STARTTLS.
	Addr string
	// OffHostAddr is Addr's listener at 127.0.0.2 (with TLS only). Dovecot
	// takes a client whose address is its own (127.0.0.1 at Addr) as on
	// its host, secure, and lets it log in without TLS whatever ssl says;
	// at OffHostAddr the client's address (127.0.0.1) is not the
	// listener's, so ssl = required holds there as for a remote client.
	OffHostAddr string
	// TLSAddr is the listener of implicit TLS (port 993's kind); empty
	// unless started by StartDovecotTLS.
	TLSAddr string
	// Cert is the server's self-signed certificate (for 127.0.0.1), which
	// a client trusts to reach TLSAddr or STARTTLS on Addr; nil without TLS.
	Cert *x509.Certificate
	dir  string
	bin  string
	tb   testing.TB
}

// confTmpl is the minimal 2.3 configuration (see shared/notes/mail-stack.md),
// with mail_fsync = never: test mail needs no durability, and fsync would
// dominate every APPEND and MOVE.
var confTmpl = template.Must(template.New("dovecot.conf").Parse(`protocols = imap
listen = 127.0.0.1
base_dir = {{.Dir}}/run
state_dir = {{.Dir}}/state
instance_name = zaochnik-test-{{.Port}}
log_path = {{.Dir}}/dovecot.log
info_log_path = {{.Dir}}/dovecot.log
{{if .TLSPort}}ssl = {{if .Required}}required{{else}}yes{{end}}
ssl_cert = <{{.Dir}}/cert.pem
ssl_key = <{{.Dir}}/key.pem
{{else}}ssl = no
{{end}}disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{{.Dir}}/mail/%u/Maildir
mail_uid = {{.UID}}
mail_gid = {{.UID}}
first_valid_uid = 100
mail_fsync = never
service imap-login {
  inet_listener imap {
    address = 127.0.0.1{{if .TLSPort}} 127.0.0.2{{end}}
    port = {{.Port}}
  }
  inet_listener imaps {
{{if .TLSPort}}    address = 127.0.0.1
    port = {{.TLSPort}}
    ssl = yes
{{else}}    port = 0
{{end}}  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {{.Dir}}/users
}
userdb {
  driver = static
  args = uid={{.UID}} gid={{.UID}} home={{.Dir}}/mail/%u
}
`))

// StartDovecot starts Dovecot with the given users (login -> password) in a
// fresh directory and stops it when the test ends; extra lines are added to
// its configuration. It skips the test when Dovecot cannot run here.
func StartDovecot(tb testing.TB, users map[string]string, extra ...string) *Dovecot {
	tb.Helper()
	return start(tb, users, nil, extra)
}

// StartDovecotTLS starts Dovecot as StartDovecot does, with TLS on: a
// certificate made for the test (Dovecot.Cert), STARTTLS offered on Addr
// and implicit TLS on TLSAddr. With required (ssl = required) no login
// succeeds before TLS; else (ssl = yes) a plain login is still accepted.
func StartDovecotTLS(tb testing.TB, users map[string]string, required bool, extra ...string) *Dovecot {
	tb.Helper()
	return start(tb, users, &tlsOptions{required: required}, extra)
}

// tlsOptions is how StartDovecotTLS sets up TLS.
type tlsOptions struct{ required bool }

func start(tb testing.TB, users map[string]string, t *tlsOptions, extra []string) *Dovecot {
	tb.Helper()
	bin := lookDovecot()
	if bin == "" {
		tb.Skip("dovecot is not installed (apt-get install dovecot-imapd); .ci/run installs it")
	}
	if os.Geteuid() != 0 {
		tb.Skip("the Dovecot master must start as root")
	}
	dir := tb.TempDir()
	// The unprivileged imap and login processes must reach the directory.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	for _, d := range []string{"run", "state", "mail"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	if err := os.Chown(filepath.Join(dir, "mail"), mailUID, mailUID); err != nil {
		tb.Fatal(err)
	}
	var pw strings.Builder
	for u, p := range users {
		fmt.Fprintf(&pw, "%s:{PLAIN}%s\n", u, p)
	}
	if err := os.WriteFile(filepath.Join(dir, "users"), []byte(pw.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	port := freePort(tb)
	vars := map[string]any{"Dir": dir, "Port": port, "UID": mailUID, "TLSPort": 0}
	var cert *x509.Certificate
	if t != nil {
		cert = writeCert(tb, dir)
		vars["TLSPort"], vars["Required"] = freePort(tb), t.required
	}
	var conf bytes.Buffer
	if err := confTmpl.Execute(&conf, vars); err != nil {
		tb.Fatal(err)
	}
	for _, line := range extra {
		conf.WriteString(line + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "dovecot.conf"), conf.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	d := &Dovecot{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Cert: cert, dir: dir, bin: bin, tb: tb}
	if t != nil {
		d.TLSAddr = net.JoinHostPort("127.0.0.1", strconv.Itoa(vars["TLSPort"].(int)))
		d.OffHostAddr = net.JoinHostPort("127.0.0.2", strconv.Itoa(port))
	}
	d.Start()
	tb.Cleanup(d.Stop)
	return d
}

// Start starts the master and waits until the IMAP port accepts. Right
// after Stop the old processes may still hold their sockets for a moment
// ("Dovecot is already running?"), so a failed start is retried briefly.
func (d *Dovecot) Start() {
	d.tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		// No output capture: the daemon's children inherit stdout and
		// stderr, so a pipe would never close. Errors go to Dovecot's log.
		err := exec.Command(d.bin, "-c", d.conf()).Run()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			d.tb.Fatalf("starting dovecot: %v\n%s", err, d.Log())
		}
		time.Sleep(20 * time.Millisecond)
	}
	for {
		c, err := net.DialTimeout("tcp", d.Addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			d.tb.Fatalf("dovecot does not listen on %s: %v\n%s", d.Addr, err, d.Log())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Stop stops this Dovecot, cutting every client connection, and waits
// until it is gone. Mail stays on disk, so Start brings the same
// mailboxes back. The master alone is not enough: after SIGTERM its imap
// processes keep serving open connections for a while, so every process
// of this instance (named after its unique instance_name) is killed too.
func (d *Dovecot) Stop() {
	pid, err := os.ReadFile(filepath.Join(d.dir, "run", "master.pid"))
	if err != nil {
		return // not running
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(pid)))
	if n > 0 {
		_ = syscall.Kill(n, syscall.SIGTERM)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		left := d.processes()
		for _, p := range left {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		if len(left) == 0 && (n <= 0 || !alive(n)) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = os.Remove(filepath.Join(d.dir, "run", "master.pid"))
}

// processes lists the live child processes of this instance: Dovecot
// titles them "<instance_name>/<service>".
func (d *Dovecot) processes() []int {
	prefix := []byte(d.instance() + "/")
	dirs, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range dirs {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.HasPrefix(cmd, prefix) && alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// instance is how Dovecot titles this instance's processes: its
// instance_name with "dovecot-" before it.
func (d *Dovecot) instance() string {
	_, port, _ := net.SplitHostPort(d.Addr)
	return "dovecot-zaochnik-test-" + port
}

// SetUIDValidity forces a new UIDVALIDITY on user's mailbox, as a server
// restored from backup or rebuilt would present it.
func (d *Dovecot) SetUIDValidity(user, mailbox string, v uint32) {
	d.tb.Helper()
	cmd := exec.Command(d.doveadm(), "-c", d.conf(), "mailbox", "update", "-u", user,
		"--uid-validity", strconv.FormatUint(uint64(v), 10), mailbox)
	if out, err := cmd.CombinedOutput(); err != nil {
		d.tb.Fatalf("doveadm mailbox update: %v\n%s", err, out)
	}
}

func (d *Dovecot) conf() string { return filepath.Join(d.dir, "dovecot.conf") }
func (d *Dovecot) doveadm() string {
	if p, err := exec.LookPath("doveadm"); err == nil {
		return p
	}
	return "/usr/bin/doveadm"
}

// Log is Dovecot's log so far (logins, with TLS or not; failures).
func (d *Dovecot) Log() string {
	b, _ := os.ReadFile(filepath.Join(d.dir, "dovecot.log"))
	return string(b)
}

// lookDovecot finds the binary; Debian puts it in /usr/sbin, which a
// non-login PATH may lack.
func lookDovecot() string {
	if p, err := exec.LookPath("dovecot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/dovecot"); err == nil {
		return "/usr/sbin/dovecot"
	}
	return ""
}

// NewCert makes a self-signed certificate for 127.0.0.1 and 127.0.0.2,
// valid for a day around now, with its key and Leaf, for a test server.
func NewCert(tb testing.TB) tls.Certificate {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(now.UnixNano()), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: now.Add(-12 * time.Hour), NotAfter: now.Add(12 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("127.0.0.2")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}
}

// writeCert makes a certificate (NewCert) and writes it and its key as
// cert.pem and key.pem into dir, where the configuration reads them.
func writeCert(tb testing.TB, dir string) *x509.Certificate {
	tb.Helper()
	cert := NewCert(tb)
	kder, err := x509.MarshalPKCS8PrivateKey(cert.PrivateKey)
	if err != nil {
		tb.Fatal(err)
	}
	for name, block := range map[string]*pem.Block{
		"cert.pem": {Type: "CERTIFICATE", Bytes: cert.Leaf.Raw}, "key.pem": {Type: "PRIVATE KEY", Bytes: kder},
	} {
		// The key is read by the master, as root, before it drops privileges.
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(block), 0o600); err != nil {
			tb.Fatal(err)
		}
	}
	return cert.Leaf
}

// freePort asks the kernel for a free loopback port.
func freePort(tb testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// alive reports whether process pid runs. A zombie does not: the
// daemonized master is reparented to an init that may never reap it.
func alive(pid int) bool {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// "pid (comm) S ...": the state follows the last ')'.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
