package localmail

import (
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// batchAt is how much a batchConn holds before it writes without waiting
// for the server to read.
const batchAt = 64 << 10

// batchListener hands out batchConns, over wrap's connections if set
// (Options.wrap).
type batchListener struct {
	net.Listener
	wrap func(net.Conn) net.Conn
}

// Accept implements net.Listener.
func (l *batchListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if l.wrap != nil {
		c = l.wrap(c)
	}
	return &batchConn{Conn: c}, nil
}

// batchConn writes what the server wrote when the server next reads, or
// when batchAt bytes are held, instead of at every write. go-imap's and
// go-smtp's servers flush every response line, so a FETCH of 500 letters,
// or the EXPUNGE of each letter a MOVE took, was one write system call
// (and one segment for the client to read) a letter; a server reads only
// once it has answered, so its answers go out whole and at once. A write
// while the server waits in Read (IDLE's updates, written by another
// goroutine) goes out at once, with whatever else is written meanwhile.
//
// go-imap bounds each answer's writes by a write deadline and clears it
// once the answer is written, so what is held goes out later, from Read or
// flushPending, under a deadline of batchConn's own (flushWithin): a
// client that stops reading must not block a write for good while it
// holds c.mu, which Close needs.
type batchConn struct {
	net.Conn

	mu       sync.Mutex
	held     []byte
	reading  bool      // the server waits in Read
	pending  bool      // a write of what is held is on its way
	err      error     // the first write's failure, returned by every write after
	deadline time.Time // the server's write deadline, put back after a flush of batchConn's own
	// closing is Close's write deadline once Close has begun: no deadline
	// set after it, by a flush that took c.mu first, outlasts it.
	closing atomic.Pointer[time.Time]
}

// heldWriteTimeout bounds the write of what is held, like go-imap's
// bound of an answer's writes.
const heldWriteTimeout = 30 * time.Second

// Write implements net.Conn.
func (c *batchConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	switch {
	case len(p) >= batchAt: // a letter's literal: written, not copied
		c.flush()
		if c.err == nil {
			_, c.err = c.Conn.Write(p)
		}
	case len(c.held)+len(p) >= batchAt:
		c.held = append(c.held, p...)
		c.flush()
	default:
		c.held = append(c.held, p...)
		if c.reading && !c.pending {
			c.pending = true
			go c.flushPending()
		}
	}
	return len(p), c.err
}

// flushPending writes what is held while the server waits in Read.
func (c *batchConn) flushPending() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = false
	c.flushWithin(heldWriteTimeout)
}

// Read implements net.Conn: what is held goes out first.
func (c *batchConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	c.flushWithin(heldWriteTimeout)
	err := c.err
	c.reading = err == nil
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	c.reading = false
	c.mu.Unlock()
	return n, err
}

// Close implements net.Conn: what is held goes out first (a LOGOUT's
// answer), unless the client has stopped reading for a second. The
// deadline is set before taking c.mu too, so that a write under way from
// Read or flushPending, which holds it, gives up within that second:
// go-imap's Server.Close closes its connections one by one. A flush that
// took c.mu just before and sets its own deadline after keeps to Close's
// (closing; it set its own 30 s over Close's second, a flaky test under
// load).
func (c *batchConn) Close() error {
	by := time.Now().Add(time.Second)
	c.closing.Store(&by)
	c.Conn.SetWriteDeadline(by)
	c.mu.Lock()
	c.flushWithin(time.Second)
	c.mu.Unlock()
	return c.Conn.Close()
}

// SetWriteDeadline implements net.Conn: the server's deadline, kept to be
// put back after a flush under batchConn's own, and never changed while
// such a flush is under way.
func (c *batchConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deadline = t
	return c.setWriteDeadline(t)
}

// setWriteDeadline sets the connection's write deadline to t, or to
// Close's when Close has begun and t is later. It is read after t is set:
// a Close beginning meanwhile sets its own after.
func (c *batchConn) setWriteDeadline(t time.Time) error {
	err := c.Conn.SetWriteDeadline(t)
	if by := c.closing.Load(); by != nil && (t.IsZero() || by.Before(t)) {
		err = c.Conn.SetWriteDeadline(*by)
	}
	return err
}

// flushWithin writes what is held within d, then puts the server's write
// deadline back; c.mu is held.
func (c *batchConn) flushWithin(d time.Duration) {
	if len(c.held) == 0 || c.err != nil {
		return
	}
	c.setWriteDeadline(time.Now().Add(d))
	c.flush()
	c.setWriteDeadline(c.deadline)
}

// flush writes what is held; c.mu is held.
func (c *batchConn) flush() {
	if len(c.held) == 0 || c.err != nil {
		return
	}
	_, c.err = c.Conn.Write(c.held)
	c.held = c.held[:0]
}
