package localmail

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingConn counts the writes that reach the connection.
type countingConn struct {
	net.Conn
	writes atomic.Int32
}

func (c *countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// peer is the client's end of a pipe, reading everything it is sent.
type peer struct {
	net.Conn
	mu  sync.Mutex
	got bytes.Buffer
}

func newBatchPipe(t *testing.T) (*batchConn, *countingConn, *peer) {
	server, client := net.Pipe()
	counted := &countingConn{Conn: server}
	p := &peer{Conn: client}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := client.Read(buf)
			p.mu.Lock()
			p.got.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { server.Close(); client.Close() })
	return &batchConn{Conn: counted}, counted, p
}

// received is what the peer has read so far.
func (p *peer) received() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.got.String()
}

// eventually waits up to a second for p to have read want.
func (p *peer) eventually(t *testing.T, want string) {
	t.Helper()
	require.Eventually(t, func() bool { return p.received() == want }, time.Second, time.Millisecond, "the peer read %q", p.received())
}

// lines writes n response lines as go-imap's server does, one write each.
func lines(t *testing.T, c net.Conn, n int) string {
	var all bytes.Buffer
	for i := 1; i <= n; i++ {
		l := fmt.Sprintf("* %d EXPUNGE\r\n", i)
		all.WriteString(l)
		_, err := c.Write([]byte(l))
		require.NoError(t, err)
	}
	return all.String()
}

// TestBatchConn_AnswersGoOutWhenTheServerReads: a command's response
// lines are held until the server reads the next command, then written
// at once.
func TestBatchConn_AnswersGoOutWhenTheServerReads(t *testing.T) {
	c, counted, p := newBatchPipe(t)
	want := lines(t, c, 500)
	assert.Zero(t, counted.writes.Load(), "nothing written before the server reads")
	read := make(chan string)
	go func() {
		buf := make([]byte, 64)
		n, _ := c.Read(buf)
		read <- string(buf[:n])
	}()
	p.eventually(t, want)
	assert.EqualValues(t, 1, counted.writes.Load(), "the 500 lines in one write")
	_, err := p.Write([]byte("a2 NOOP\r\n"))
	require.NoError(t, err)
	assert.Equal(t, "a2 NOOP\r\n", <-read)
}

// TestBatchConn_WhileTheServerReads: what another goroutine writes while
// the server waits for the client (IDLE's updates) goes out without
// waiting for the next read.
func TestBatchConn_WhileTheServerReads(t *testing.T) {
	c, _, p := newBatchPipe(t)
	go c.Read(make([]byte, 64))
	require.Eventually(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.reading
	}, time.Second, time.Millisecond)
	want := lines(t, c, 3)
	p.eventually(t, want)
}

// TestBatchConn_NoMoreThanBatchAtHeld: a long answer goes out in writes
// of batchAt bytes while the server is still writing it, and a literal
// longer than that is written as it is.
func TestBatchConn_NoMoreThanBatchAtHeld(t *testing.T) {
	c, counted, p := newBatchPipe(t)
	want := lines(t, c, 10000) // about 160 KB
	assert.Greater(t, p.received(), "", "written before any read")
	c.mu.Lock()
	assert.Less(t, len(c.held), batchAt)
	c.mu.Unlock()
	big := bytes.Repeat([]byte("x"), batchAt+1)
	_, err := c.Write(big)
	require.NoError(t, err)
	p.eventually(t, want+string(big))
	assert.Less(t, counted.writes.Load(), int32(10), "160 KB and a literal in a few writes")
}

// TestBatchConn_CloseWritesWhatIsHeld: the answer to LOGOUT, written just
// before the server closes the connection, reaches the client.
func TestBatchConn_CloseWritesWhatIsHeld(t *testing.T) {
	c, _, p := newBatchPipe(t)
	want := lines(t, c, 2)
	require.NoError(t, c.Close())
	p.eventually(t, want)
}

// TestBatchConn_CloseWhileTheClientDoesNotRead: a client that stops
// reading blocks the write of what is held (from Read, or while the
// server reads), which holds the lock Close needs; Close still returns,
// the write ended under Close's deadline, so go-imap's Server.Close,
// closing connection after connection, does. The flush is held (gated)
// after it took the lock and before it set its own deadline, until Close
// has set its own: the flush's 30 s outlasted Close's second (a flaky
// test under load).
func TestBatchConn_CloseWhileTheClientDoesNotRead(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(t *testing.T, c *batchConn)
	}{
		{"the answer held, written from Read", func(t *testing.T, c *batchConn) {
			lines(t, c, 2)
			go c.Read(make([]byte, 64))
		}},
		{"an update written while the server reads", func(t *testing.T, c *batchConn) {
			go c.Read(make([]byte, 64))
			require.Eventually(t, func() bool {
				c.mu.Lock()
				defer c.mu.Unlock()
				return c.reading
			}, 10*time.Second, time.Millisecond)
			lines(t, c, 1) // one write: the flush it starts then holds the lock
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, client := net.Pipe() // a write blocks until the client reads it, which it never does
			t.Cleanup(func() { server.Close(); client.Close() })
			g := &gatedConn{Conn: server, first: make(chan struct{}), release: make(chan struct{})}
			c := &batchConn{Conn: g}
			tc.write(t, c)
			select { // the flush of what is held has the lock, its deadline not yet set
			case <-g.first:
			case <-time.After(10 * time.Second):
				t.Fatal("what is held was not written")
			}
			closed := make(chan struct{})
			go func() { c.Close(); close(closed) }()
			select {
			case <-closed:
			case <-time.After(30 * time.Second):
				t.Fatal("Close blocked behind a write to a client that does not read")
			}
			g.mu.Lock()
			defer g.mu.Unlock()
			assert.Equal(t, g.closeBy, g.endedBy, "the write of what is held ended under Close's deadline")
		})
	}
}

// gatedConn holds the first write deadline set on it until the next one
// is set (Close's), then sets it, and notes the deadline a write ended
// under.
type gatedConn struct {
	net.Conn
	first, release chan struct{}

	mu               sync.Mutex
	calls            int
	cur              time.Time // the deadline set last
	closeBy, endedBy time.Time // the second deadline set; the one in force when a write ended
}

func (g *gatedConn) SetWriteDeadline(t time.Time) error {
	g.mu.Lock()
	g.calls++
	n := g.calls
	g.mu.Unlock()
	switch n {
	case 1:
		close(g.first)
		<-g.release
	case 2:
		defer close(g.release)
		g.mu.Lock()
		g.closeBy = t
		g.mu.Unlock()
	}
	g.mu.Lock()
	g.cur = t
	g.mu.Unlock()
	return g.Conn.SetWriteDeadline(t)
}

func (g *gatedConn) Write(p []byte) (int, error) {
	n, err := g.Conn.Write(p)
	g.mu.Lock()
	g.endedBy = g.cur
	g.mu.Unlock()
	return n, err
}

// TestAnswersInFewWrites: both servers write a command's answer in one
// system call, however many lines it has (a FETCH of 50 letters, the
// lines of EHLO), not one a line: the writes that reach each server's
// end of the client's connection are counted.
func TestAnswersInFewWrites(t *testing.T) {
	var mu sync.Mutex
	accepted := map[string]*countingConn{} // by the client's address
	s, err := Start(Options{Domain: "zaochnik.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		wrap: func(c net.Conn) net.Conn {
			counted := &countingConn{Conn: c}
			mu.Lock()
			accepted[c.RemoteAddr().String()] = counted
			mu.Unlock()
			return counted
		}})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.NoError(t, s.AddUser("tournament@zaochnik.test", "secret"))
	writes := func(client net.Conn) int {
		mu.Lock()
		defer mu.Unlock()
		return int(accepted[client.LocalAddr().String()].writes.Load())
	}
	for i := range 50 {
		require.NoError(t, s.Deliver("a@example.ru", []string{"tournament@zaochnik.test"}, []byte(fmt.Sprintf("Subject: %d\r\n\r\nbody\r\n", i))))
	}
	imapConn, err := net.Dial("tcp", s.IMAPAddr)
	require.NoError(t, err)
	c := imapclient.New(imapConn, nil)
	defer c.Close()
	require.NoError(t, c.Login("tournament@zaochnik.test", "secret").Wait())
	_, err = c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	before := writes(imapConn)
	msgs, err := c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, Flags: true, RFC822Size: true}).Collect()
	require.NoError(t, err)
	require.Len(t, msgs, 50)
	assert.Equal(t, 1, writes(imapConn)-before, "the FETCH's 51 lines of answer")

	conn, err := net.Dial("tcp", s.SMTPAddr)
	require.NoError(t, err)
	defer conn.Close()
	r := bufio.NewReader(conn)
	_, err = r.ReadString('\n') // the greeting
	require.NoError(t, err)
	before = writes(conn)
	_, err = conn.Write([]byte("EHLO client.test\r\n"))
	require.NoError(t, err)
	lines := 0
	for {
		l, err := r.ReadString('\n')
		require.NoError(t, err)
		lines++
		if strings.HasPrefix(l, "250 ") {
			break
		}
	}
	require.Greater(t, lines, 3)
	assert.Equal(t, 1, writes(conn)-before, "EHLO's %d lines of answer", lines)
}
