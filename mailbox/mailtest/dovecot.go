// Package mailtest runs a real Dovecot on loopback for the mailbox tests
// and benchmarks, with a configuration written into a temporary directory
// (Debian bookworm's Dovecot 2.3 syntax). Tests that use it are skipped
// where Dovecot is not installed or the process is not root (the master
// must start as root); CI installs it.
package mailtest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"
)

// mailUID is the system user owning the mail: Dovecot refuses uid 0, and
// nobody (65534) exists everywhere.
const mailUID = 65534

// Dovecot is a running test Dovecot.
type Dovecot struct {
	// Addr is the plain IMAP listener, "127.0.0.1:port".
	Addr string
	dir  string
	bin  string
	tb   testing.TB
}

// confTmpl is the minimal 2.3 configuration (see shared/notes/mail-stack.md).
var confTmpl = template.Must(template.New("dovecot.conf").Parse(`protocols = imap
listen = 127.0.0.1
base_dir = {{.Dir}}/run
state_dir = {{.Dir}}/state
instance_name = zaochnik-test-{{.Port}}
log_path = {{.Dir}}/dovecot.log
info_log_path = {{.Dir}}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{{.Dir}}/mail/%u/Maildir
mail_uid = {{.UID}}
mail_gid = {{.UID}}
first_valid_uid = 100
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = {{.Port}}
  }
  inet_listener imaps {
    port = 0
  }
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
// fresh directory and stops it when the test ends. It skips the test when
// Dovecot cannot run here.
func StartDovecot(tb testing.TB, users map[string]string) *Dovecot {
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
	var conf bytes.Buffer
	if err := confTmpl.Execute(&conf, map[string]any{"Dir": dir, "Port": port, "UID": mailUID}); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dovecot.conf"), conf.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	d := &Dovecot{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), dir: dir, bin: bin, tb: tb}
	d.Start()
	tb.Cleanup(d.Stop)
	return d
}

// Start starts the master and waits until the IMAP port accepts.
func (d *Dovecot) Start() {
	d.tb.Helper()
	// No output capture: the daemon's children inherit stdout and stderr,
	// so a pipe would never close. Dovecot writes its errors to its log.
	if err := exec.Command(d.bin, "-c", d.conf()).Run(); err != nil {
		d.tb.Fatalf("starting dovecot: %v\n%s", err, d.log())
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", d.Addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			d.tb.Fatalf("dovecot does not listen on %s: %v\n%s", d.Addr, err, d.log())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Stop stops the master and waits until the port is closed. Mail stays on
// disk, so Start brings the same mailboxes back.
func (d *Dovecot) Stop() {
	pid, err := os.ReadFile(filepath.Join(d.dir, "run", "master.pid"))
	if err != nil {
		return // not running
	}
	_ = exec.Command(d.doveadm(), "-c", d.conf(), "stop").Run()
	n, _ := strconv.Atoi(strings.TrimSpace(string(pid)))
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if n <= 0 || !alive(n) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = os.Remove(filepath.Join(d.dir, "run", "master.pid"))
}

// Save delivers raw into user's mailbox without IMAP (doveadm save), as the
// local delivery agent would.
func (d *Dovecot) Save(user, mailbox string, raw []byte) {
	d.tb.Helper()
	cmd := exec.Command(d.doveadm(), "-c", d.conf(), "save", "-u", user, "-m", mailbox)
	cmd.Stdin = bytes.NewReader(raw)
	if out, err := cmd.CombinedOutput(); err != nil {
		d.tb.Fatalf("doveadm save: %v\n%s", err, out)
	}
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

// log is Dovecot's log, for failure messages.
func (d *Dovecot) log() string {
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

// freePort asks the kernel for a free loopback port.
func freePort(tb testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	_, err := os.Stat(filepath.Join("/proc", strconv.Itoa(pid)))
	return err == nil
}
