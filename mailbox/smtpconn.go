package mailbox

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpConn is the Sender's SMTP session: greeted, secured and logged in
// here, then letters handed over by transact (transact.go). It is the
// Sender's own client, not go-smtp's, so that a batch's commands can share
// one write and one wait when the server offers PIPELINING (RFC 2920);
// refusals are go-smtp's *SMTPError all the same.
type smtpConn struct {
	conn    net.Conn
	r       *bufio.Reader
	w       *bufio.Writer
	ext     map[string]struct{} // the EHLO keywords, upper case
	timeout time.Duration       // of each exchange; the reply to a letter's data gets submitTimeout
	debug   io.Writer
	// inTransaction: a mail transaction may be open (a refused letter's
	// MAIL was accepted and no data ended it): RSET before the next MAIL.
	inTransaction bool
	stop          func() bool // forgets the closing at ctx's end (dialSMTP)
}

// submitTimeout bounds the wait for the reply to a letter's data (RFC 5321
// section 4.5.3.2.6 suggests 10 minutes; go-smtp's client used 5).
const submitTimeout = 5 * time.Minute

// dialSMTP connects to o.Addr, reads the greeting, says EHLO, starts TLS
// as o.Security says and logs in when o.Username is set. When ctx ends
// the connection is closed at once, whatever waits on it (the Sender
// stops without waiting out a stalled server's timeout).
func dialSMTP(ctx context.Context, o SenderOptions) (*smtpConn, error) {
	if strings.ContainsAny(o.LocalName, "\r\n") {
		return nil, errors.New("smtp: the EHLO name must not contain CR or LF")
	}
	host, _, _ := net.SplitHostPort(o.Addr)
	tlsConfig := o.TLSConfig
	if tlsConfig == nil {
		tlsConfig = &tls.Config{}
	}
	if tlsConfig.ServerName == "" {
		tlsConfig = tlsConfig.Clone()
		tlsConfig.ServerName = host
	}
	conn, err := (&net.Dialer{Timeout: o.Timeout}).DialContext(ctx, "tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	c := &smtpConn{timeout: o.Timeout, debug: o.Debug, stop: context.AfterFunc(ctx, func() { conn.Close() })}
	c.attach(conn)
	if o.Security == SecurityTLS {
		c.attach(tls.Client(conn, tlsConfig)) // the handshake with the greeting's read
	}
	if err := c.open(o, tlsConfig); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// open greets, secures and logs in.
func (c *smtpConn) open(o SenderOptions, tlsConfig *tls.Config) error {
	if err := c.expect("", 220); err != nil {
		return err
	}
	if err := c.hello(o.LocalName); err != nil {
		return err
	}
	if o.Security == SecurityStartTLS {
		if !c.has("STARTTLS") {
			return errors.New("smtp: the server does not offer STARTTLS")
		}
		if err := c.expect("STARTTLS", 220); err != nil {
			return err
		}
		c.attach(tls.Client(c.conn, tlsConfig))
		if err := c.hello(o.LocalName); err != nil {
			return err
		}
	}
	if o.Username != "" {
		if !c.offersAuth() {
			if o.Security == SecurityPlain {
				return fmt.Errorf("logging in as %s: %w", o.Username, errNoAuthPlain)
			}
			return fmt.Errorf("logging in as %s: smtp: the server offers no login (AUTH), and the password was not sent", o.Username)
		}
		if err := c.auth(sasl.NewPlainClient("", o.Username, o.Password)); err != nil {
			return fmt.Errorf("logging in as %s: %w", o.Username, err)
		}
	}
	return nil
}

// attach reads and writes over conn from now on (the TCP connection, then
// its TLS session after STARTTLS), through the trace when there is one.
func (c *smtpConn) attach(conn net.Conn) {
	c.conn = conn
	var rw io.ReadWriter = conn
	if c.debug != nil {
		rw = traced{conn, c.debug}
	}
	c.r = bufio.NewReader(rw)
	c.w = bufio.NewWriterSize(rw, 16<<10)
}

// traced copies both directions of a connection to a trace.
type traced struct {
	conn  net.Conn
	trace io.Writer
}

func (t traced) Read(b []byte) (int, error) {
	n, err := t.conn.Read(b)
	t.trace.Write(b[:n])
	return n, err
}

func (t traced) Write(b []byte) (int, error) {
	t.trace.Write(b)
	return t.conn.Write(b)
}

// hello says EHLO and keeps the keywords offered, or HELO to a server
// that does not know EHLO (it offers none).
func (c *smtpConn) hello(name string) error {
	code, msg, err := c.cmd("EHLO " + name)
	if err != nil {
		return err
	}
	if code == 500 || code == 502 {
		c.ext = nil // HELO: no extensions
		return c.expect("HELO "+name, 250)
	}
	if err := replyError(code, msg, 250); err != nil {
		return err
	}
	c.ext = map[string]struct{}{}
	lines := strings.Split(msg, "\n")
	for _, l := range lines[1:] {
		k, _, _ := strings.Cut(l, " ")
		c.ext[strings.ToUpper(k)] = struct{}{}
	}
	return nil
}

// has reports whether the server offered the EHLO keyword ext (upper case).
func (c *smtpConn) has(ext string) bool {
	_, ok := c.ext[ext]
	return ok
}

// errNoAuthPlain is open's refusal to log in where the server offers no
// AUTH on a connection not encrypted, as a server taking logins only over
// TLS does (Postfix's smtpd_tls_auth_only).
var errNoAuthPlain = errors.New("smtp: the server offers no login (AUTH) without TLS, and the password was not sent: use security tls or starttls")

// offersAuth reports whether the server offered AUTH, or AUTH= as some
// old servers write it; a server knowing HELO only says nothing of it,
// and is tried.
func (c *smtpConn) offersAuth() bool {
	if c.ext == nil {
		return true
	}
	for k := range c.ext {
		if k == "AUTH" || strings.HasPrefix(k, "AUTH=") {
			return true
		}
	}
	return false
}

// auth logs in with a, its responses base64 as RFC 4954 says.
func (c *smtpConn) auth(a sasl.Client) error {
	mech, resp, err := a.Start()
	if err != nil {
		return err
	}
	line := "AUTH " + mech
	if resp != nil {
		line += " " + base64.StdEncoding.EncodeToString(resp)
	}
	for {
		code, msg, err := c.cmd(line)
		if err != nil {
			return err
		}
		if code != 334 {
			return replyError(code, msg, 235)
		}
		challenge, err := base64.StdEncoding.DecodeString(msg)
		if err == nil {
			resp, err = a.Next(challenge)
		}
		if err != nil {
			c.cmd("*") // cancels the exchange (RFC 4954 section 4)
			return err
		}
		line = base64.StdEncoding.EncodeToString(resp)
	}
}

// quit says QUIT and closes the connection.
func (c *smtpConn) quit() {
	c.cmd("QUIT")
	c.close()
}

// close closes the connection without a word.
func (c *smtpConn) close() {
	c.stop()
	c.conn.Close()
}

// expect sends line (none when empty) and checks that the reply is of
// want's class.
func (c *smtpConn) expect(line string, want int) error {
	code, msg, err := c.cmd(line)
	if err != nil {
		return err
	}
	return replyError(code, msg, want)
}

// cmd sends line (none when empty) and reads the reply, within the
// timeout. Its error is the connection's, never the reply's.
func (c *smtpConn) cmd(line string) (int, string, error) {
	c.conn.SetDeadline(time.Now().Add(c.timeout))
	if line != "" {
		c.w.WriteString(line)
		c.w.WriteString("\r\n")
		if err := c.w.Flush(); err != nil {
			return 0, "", err
		}
	}
	return c.reply()
}

// maxReply bounds a reply of several lines (each of at most 4096 bytes),
// their codes included: an EHLO reply is a few hundred bytes, and a server
// sending more is not one to talk to.
const maxReply = 64 << 10

// reply reads one reply, its lines' texts joined by "\n", as
// net/textproto (go-smtp's client) reads it: within a reply of several
// lines, a line that is not the reply's continuation is kept whole as
// text (FuzzReply). A reply longer than maxReply is an error, which ends
// the session.
func (c *smtpConn) reply() (code int, msg string, err error) {
	line, err := c.line()
	if err != nil {
		return 0, "", err
	}
	code, more, text, err := codeLine(line)
	if err != nil {
		return 0, "", err
	}
	var b strings.Builder
	b.WriteString(text)
	size := len(line) // of the lines read, their line ends counted as one byte
	for more {
		line, err := c.line()
		if err != nil {
			return 0, "", err
		}
		if size += len(line) + 1; size > maxReply {
			return 0, "", fmt.Errorf("smtp: a reply longer than %d bytes", maxReply)
		}
		b.WriteByte('\n')
		next, cont, text, err := codeLine(line)
		if err != nil || next != code {
			b.WriteString(line)
			continue
		}
		b.WriteString(text)
		more = cont
	}
	return code, b.String(), nil
}

// line reads a line of a reply without its CRLF (or LF).
func (c *smtpConn) line() (string, error) {
	b, err := c.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return "", errors.New("smtp: a reply line longer than 4096 bytes")
	}
	if err != nil {
		return "", err
	}
	b = b[:len(b)-1]
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return string(b), nil
}

// codeLine reads a reply line: its code, whether the reply goes on, its
// text.
func codeLine(line string) (code int, more bool, text string, err error) {
	if len(line) < 4 || line[3] != ' ' && line[3] != '-' {
		return 0, false, "", fmt.Errorf("smtp: a short reply line %q", line)
	}
	code, err = strconv.Atoi(line[:3])
	if err != nil || code < 100 {
		return 0, false, "", fmt.Errorf("smtp: a reply line without a code %q", line)
	}
	return code, line[3] == '-', line[4:], nil
}

// replyError is nil when code is of want's class (2xx for 250), else the
// reply as go-smtp's *SMTPError, the enhanced status code (RFC 3463) read
// out of msg as go-smtp reads it.
func replyError(code int, msg string, want int) error {
	if code/100 == want/100 {
		return nil
	}
	e := &smtp.SMTPError{Code: code, Message: msg}
	first, rest, ok := strings.Cut(msg, " ")
	if !ok {
		return e
	}
	var enh smtp.EnhancedCode
	parts := strings.Split(first, ".")
	if len(parts) != 3 {
		return e
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return e
		}
		enh[i] = n
	}
	e.EnhancedCode = enh
	e.Message = strings.ReplaceAll(rest, "\n"+first+" ", "\n")
	return e
}
