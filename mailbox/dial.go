package mailbox

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// boundedConn is a connection to an IMAP server whose responses, as
// go-imap's client reads them, go through a frame: past its bound the
// connection is closed, tripped is told once, and every later Read fails.
// Only the client's reading goroutine calls Read.
type boundedConn struct {
	net.Conn
	server  string
	f       *frame
	err     error
	tripped func(error)
	over    atomic.Pointer[errOverBound] // the frame's error, for cause
}

// cause is err, an error of the client on c, or, when the frame stopped
// the server, the frame's error, which says why where go-imap's says only
// that the connection broke.
func (c *boundedConn) cause(err error) error {
	if ob := c.over.Load(); err != nil && ob != nil {
		return ob
	}
	return err
}

func (c *boundedConn) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.Conn.Read(p)
	k, ferr := c.f.scan(p[:n])
	if ferr == nil {
		return n, err
	}
	if e := (*errOverBound)(nil); errors.As(ferr, &e) {
		e.server = c.server
		c.over.Store(e)
	}
	c.err = ferr
	c.Conn.Close()
	c.tripped(ferr)
	return k, ferr
}

// dialTimeout bounds connecting and, for STARTTLS, the exchange before
// the handshake and the handshake.
const dialTimeout = 30 * time.Second

// connect opens the connection to the IMAP server with the configured
// security, its responses bounded (boundedConn) by MaxLetterSize and
// responseMargin; tripped is told when a response passes the bound. The
// frame reads what go-imap reads, so TLS, STARTTLS included, is below it
// (startTLS).
func (r *Reader) connect(tripped func(error)) (*boundedConn, error) {
	d := &net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second}
	cfg := &tls.Config{}
	if r.o.TLSConfig != nil {
		cfg = r.o.TLSConfig.Clone()
	}
	var conn net.Conn
	var err error
	switch r.o.Security {
	case SecurityTLS:
		if cfg.NextProtos == nil {
			cfg.NextProtos = []string{"imap"}
		}
		conn, err = tls.DialWithDialer(d, "tcp", r.o.Addr, cfg)
	case SecurityStartTLS:
		if cfg.ServerName == "" {
			if cfg.ServerName, _, err = net.SplitHostPort(r.o.Addr); err != nil {
				return nil, err
			}
		}
		if conn, err = d.Dial("tcp", r.o.Addr); err == nil {
			conn, err = startTLS(conn, cfg, r.o.Debug)
		}
	default:
		conn, err = d.Dial("tcp", r.o.Addr)
	}
	if err != nil {
		return nil, err
	}
	return &boundedConn{Conn: conn, server: r.o.Addr, f: newFrame(r.o.MaxLetterSize + responseMargin), tripped: tripped}, nil
}

// tlsGreeting is the greeting go-imap's client reads on a connection
// startTLS upgraded: the server's own came before STARTTLS, and what it
// said then (its capabilities) is not to be believed after (RFC 9051
// section 6.2.1), so the client asks again.
const tlsGreeting = "* OK TLS established\r\n"

// startTLS upgrades conn as go-imap's DialStartTLS would (the greeting,
// STARTTLS, the handshake), but here, so that the bound of the responses
// applies to what is read inside TLS; the connection it returns begins
// with tlsGreeting. Nothing the server sent before the handshake is kept:
// bytes after its OK go to the handshake and fail it. A greeting of
// PREAUTH is refused, as go-imap refuses it: it would skip the login on
// a connection not yet protected.
func startTLS(conn net.Conn, cfg *tls.Config, debug io.Writer) (net.Conn, error) {
	conn.SetDeadline(time.Now().Add(dialTimeout))
	tc, err := negotiateTLS(conn, cfg, debug)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("STARTTLS: %w", err)
	}
	conn.SetDeadline(time.Time{})
	return &prefixedConn{Conn: tc, r: io.MultiReader(strings.NewReader(tlsGreeting), tc)}, nil
}

// negotiateTLS is startTLS's exchange and handshake on conn.
func negotiateTLS(conn net.Conn, cfg *tls.Config, debug io.Writer) (*tls.Conn, error) {
	var rw io.ReadWriter = conn
	if debug != nil {
		rw = struct {
			io.Reader
			io.Writer
		}{io.TeeReader(conn, debug), io.MultiWriter(conn, debug)}
	}
	greeting, err := readLine(rw)
	if err != nil {
		return nil, fmt.Errorf("reading the greeting: %w", err)
	}
	switch up := strings.ToUpper(greeting); {
	case strings.HasPrefix(up, "* PREAUTH"):
		return nil, errors.New("the server sent PREAUTH on a connection not yet encrypted")
	case !isOK(up, "*"):
		return nil, fmt.Errorf("the server greets with %q", greeting)
	}
	if _, err := io.WriteString(rw, "S STARTTLS\r\n"); err != nil {
		return nil, err
	}
	for {
		line, err := readLine(rw)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(line, "* ") {
			continue // untagged data before the answer, such as CAPABILITY
		}
		if !isOK(strings.ToUpper(line), "S") {
			return nil, fmt.Errorf("the server answers %q", line)
		}
		break
	}
	tc := tls.Client(conn, cfg)
	if err := tc.Handshake(); err != nil {
		return nil, err
	}
	return tc, nil
}

// isOK reports whether line, upper case, is an OK of tag: "OK" a word
// of its own ("S OKAY" is no answer go-imap would take for one).
func isOK(line, tag string) bool {
	rest, ok := strings.CutPrefix(line, tag+" OK")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '[')
}

// readLine reads one line from r, a byte at a time (nothing after it is
// read), of at most responseMargin bytes, without its line end.
func readLine(r io.Reader) (string, error) {
	var b strings.Builder
	var c [1]byte
	for b.Len() <= responseMargin {
		if _, err := io.ReadFull(r, c[:]); err != nil {
			return "", err
		}
		if c[0] == '\n' {
			return strings.TrimSuffix(b.String(), "\r"), nil
		}
		b.WriteByte(c[0])
	}
	return "", fmt.Errorf("a line longer than %d bytes", responseMargin)
}

// prefixedConn is a connection whose reads come from r.
type prefixedConn struct {
	net.Conn
	r io.Reader
}

func (c *prefixedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// errLoginDisabled is login's refusal: the server said it takes no login
// before TLS, which the configured security did not give.
var errLoginDisabled = errors.New("the server takes no login without TLS (LOGINDISABLED), and the password was not sent: use security tls or starttls")

// login logs in on c, unless the server announces LOGINDISABLED (RFC 9051
// section 7.2.3; Dovecot's ssl = required, or disable_plaintext_auth, on
// a connection not encrypted): go-imap would send the password anyway, in
// clear, to be refused. Its error names username.
func login(c *imapclient.Client, username, password string) error {
	err := errLoginDisabled
	if !c.Caps().Has(imap.CapLoginDisabled) {
		err = c.Login(username, password).Wait()
	}
	if err != nil {
		return fmt.Errorf("logging in as %s: %w", username, err)
	}
	return nil
}
