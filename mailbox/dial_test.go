package mailbox

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/mailtest"
)

// hostile is an endless answer of a server: head, then body over and over,
// each byte counted as it is made (none is kept).
type hostile struct {
	head, body string
	made       atomic.Int64
}

func (h *hostile) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		made := h.made.Load()
		var src string
		if made < int64(len(h.head)) {
			src = h.head[made:]
		} else {
			b := (made - int64(len(h.head))) % int64(len(h.body))
			src = h.body[b:]
		}
		k := copy(p[n:], src)
		n += k
		h.made.Add(int64(k))
	}
	return n, nil
}

// TestBoundedConn_GoImapHoldsNoMore: go-imap's client, reading a FETCH
// through the bound of a reader of limit bytes, gets no more than the
// bound (and one read's buffer) of a hostile answer however it comes —
// a body as a quoted string over lines or on one endless line, a long
// untagged line, a line without end, a literal past the bound — and the
// fetch fails with the bound's error, told once; a literal of the limit
// itself passes whole. The bytes are counted as the server makes them.
func TestBoundedConn_GoImapHoldsNoMore(t *testing.T) {
	const limit = 64 << 10
	const bound = limit + responseMargin
	const chunk = 1 << 10 // the server's writes
	tests := []struct {
		name       string
		answer     *hostile
		whole      bool // an honest answer
		tripsEarly bool // stopped at once, not at the bound
	}{
		{"a body as a quoted string over lines", &hostile{head: "* 1 FETCH (UID 1 BODY[] \"From: x\r\n", body: "line\r\n"}, false, true},
		{"a body as one endless quoted string", &hostile{head: "* 1 FETCH (UID 1 BODY[] \"", body: "xxxxxxxx"}, false, false},
		{"a long untagged line", &hostile{head: "* OK [ALERT] ", body: "talk talk "}, false, false},
		{"a line without end", &hostile{head: "* 1 FETCH (UID 1 FLAGS (", body: "\\x "}, false, false},
		{"a long-numbered status, then a body as a quoted string over lines", &hostile{head: "* 000000000001 OK {150}\r\n* 1 FETCH (UID 1 BODY[] \"From: x\r\n", body: "line\r\n"}, false, true},
		{"a literal past the bound", &hostile{head: "* 1 FETCH (UID 1 BODY[] {999999999}\r\n", body: "x"}, false, true},
		{"a literal of the limit", &hostile{head: "* 1 FETCH (UID 1 BODY[] {" + strconv.Itoa(limit) + "}\r\n" +
			strings.Repeat("y", limit) + ")\r\nT1 OK done\r\n", body: "\r\n"}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cli, srv := net.Pipe()
			t.Cleanup(func() { cli.Close(); srv.Close() })
			go serveHostile(srv, tt.answer, chunk, tt.whole)
			var tripped []error
			conn := &boundedConn{Conn: cli, server: "imap.test:993", f: newFrame(bound),
				tripped: func(err error) { tripped = append(tripped, err) }}
			c := imapclient.New(conn, nil)
			defer c.Close()
			body := &imap.FetchItemBodySection{Peek: true}
			cmd := c.Fetch(imap.UIDSetNum(1), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}})
			var got []byte
			for m := cmd.Next(); m != nil; m = cmd.Next() {
				if it, err := collect(m, body, limit, nil); err == nil && it.raw != nil {
					got = it.raw
				}
			}
			err := cmd.Close()
			if tt.whole {
				require.NoError(t, err)
				assert.Equal(t, strings.Repeat("y", limit), string(got), "the letter of the limit, whole")
				assert.Empty(t, tripped)
				return
			}
			require.Error(t, err, "the fetch fails")
			require.Len(t, tripped, 1, "told once")
			var ob *errOverBound
			require.True(t, errors.As(tripped[0], &ob))
			assert.Contains(t, ob.Error(), "imap.test:993", "the server named")
			assert.Contains(t, ob.Error(), strconv.Itoa(bound), "the bound named")
			assert.Equal(t, ob, conn.cause(err), "the fetch's error said as the frame's")
			made := tt.answer.made.Load()
			// What go-imap read is at most the bound; beyond it, the
			// frame's last read (go-imap's buffer, 4 KiB) and the
			// server's last write, not yet taken, were made.
			assert.LessOrEqual(t, made, int64(bound+4096+chunk), "bytes made for go-imap")
			if tt.tripsEarly {
				assert.Less(t, made, int64(16<<10), "stopped at once")
			}
		})
	}
}

// hostileEnough is where serveHostile gives up: far past any bound of
// the tests, so that a bound not kept fails its test rather than hang it.
const hostileEnough = 16 << 20

// serveHostile greets, reads one command and answers it with answer,
// chunk bytes a write, until the client is gone or hostileEnough bytes
// were made (or, for an honest answer, once it was sent).
func serveHostile(conn net.Conn, answer *hostile, chunk int, whole bool) {
	defer conn.Close()
	if _, err := io.WriteString(conn, "* OK [CAPABILITY IMAP4rev1] fake\r\n"); err != nil {
		return
	}
	if _, err := bufio.NewReader(conn).ReadString('\n'); err != nil {
		return
	}
	if whole {
		io.WriteString(conn, answer.head)
		io.Copy(io.Discard, conn)
		return
	}
	buf := make([]byte, chunk)
	for answer.made.Load() < hostileEnough {
		answer.Read(buf)
		if _, err := conn.Write(buf); err != nil {
			return
		}
	}
}

// TestStartTLS_RefusesWhatIsNotOK: the exchange before the handshake
// refuses a greeting of PREAUTH (the login would be skipped on a
// connection not yet protected), any greeting but OK, a refused
// STARTTLS, a line without end and bytes after the OK; untagged data
// before the answer is skipped.
func TestStartTLS_RefusesWhatIsNotOK(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		{"PREAUTH", "* PREAUTH hello\r\n", "PREAUTH"},
		{"BYE", "* BYE busy\r\n", "greets with"},
		{"refused", "* OK hi\r\n* CAPABILITY IMAP4rev1\r\nS NO [PRIVACYREQUIRED] no\r\n", "answers"},
		{"a line without end", "* OK " + strings.Repeat("x", responseMargin+10), "longer than"},
		{"a greeting not OK but OKAY", "* OKAY hi\r\n", "greets with"},
		{"an answer not OK but OKAY", "* OK hi\r\nS OKAY\r\n", "answers"},
		// Bytes after the OK (a man in the middle's "injected" answers,
		// CVE-2011-0411's class) go to the handshake and fail it: none is
		// read as IMAP inside TLS.
		{"a response pipelined after the OK", "* OK hi\r\nS OK begin\r\n* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] injected\r\n", "TLS handshake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cli, srv := net.Pipe()
			go func() {
				defer srv.Close()
				go io.Copy(io.Discard, srv)
				srv.Write([]byte(tt.script))
			}()
			var trace bytes.Buffer
			_, err := startTLS(cli, &tls.Config{ServerName: "imap.test"}, &trace)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestStartTLS_CapabilitiesAskedInsideTLS: after startTLS, go-imap's
// client believes none of the capabilities the server announced in
// plain text (a man in the middle could have struck LOGINDISABLED out of
// them): it asks CAPABILITY again inside TLS, and login then refuses to
// send the password where the server, inside, takes no login.
func TestStartTLS_CapabilitiesAskedInsideTLS(t *testing.T) {
	cert := mailtest.NewCert(t)
	cli, srv := net.Pipe()
	asked := make(chan string, 1)
	go func() {
		defer srv.Close()
		br := bufio.NewReader(srv)
		io.WriteString(srv, "* OK [CAPABILITY IMAP4rev1 STARTTLS AUTH=PLAIN] plain\r\n")
		if _, err := br.ReadString('\n'); err != nil {
			return
		}
		io.WriteString(srv, "S OK begin TLS\r\n")
		tc := tls.Server(srv, &tls.Config{Certificates: []tls.Certificate{cert}})
		tr := bufio.NewReader(tc)
		for {
			line, err := tr.ReadString('\n')
			if err != nil {
				return
			}
			tag, cmd, _ := strings.Cut(strings.TrimSpace(line), " ")
			select {
			case asked <- cmd:
			default:
			}
			if strings.EqualFold(cmd, "CAPABILITY") {
				io.WriteString(tc, "* CAPABILITY IMAP4rev1 LOGINDISABLED\r\n")
			}
			io.WriteString(tc, tag+" OK done\r\n")
		}
	}()
	pool := x509.NewCertPool()
	pool.AddCert(cert.Leaf)
	conn, err := startTLS(cli, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}, nil)
	require.NoError(t, err)
	c := imapclient.New(conn, nil)
	defer c.Close()
	require.NoError(t, c.WaitGreeting())
	assert.True(t, c.Caps().Has(imap.CapLoginDisabled), "the capabilities from inside TLS")
	assert.Equal(t, "CAPABILITY", <-asked, "asked again inside TLS")
	assert.ErrorIs(t, login(c, "u", "p"), errLoginDisabled)
}
