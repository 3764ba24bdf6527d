package localmail

import (
	"net"
	"sync"
	"time"
)

// batchAt is how much a batchConn holds before it writes without waiting
// for the server to read.
const batchAt = 64 << 10

// batchListener hands out batchConns.
type batchListener struct{ net.Listener }

// Accept implements net.Listener.
func (l batchListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
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
type batchConn struct {
	net.Conn

	mu      sync.Mutex
	held    []byte
	reading bool  // the server waits in Read
	pending bool  // a write of what is held is on its way
	err     error // the first write's failure, returned by every write after
}

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
	c.flush()
}

// Read implements net.Conn: what is held goes out first.
func (c *batchConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	c.flush()
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
// answer), unless the client has stopped reading for a second.
func (c *batchConn) Close() error {
	c.mu.Lock()
	if len(c.held) > 0 && c.err == nil {
		c.Conn.SetWriteDeadline(time.Now().Add(time.Second))
		c.flush()
	}
	c.mu.Unlock()
	return c.Conn.Close()
}

// flush writes what is held; c.mu is held.
func (c *batchConn) flush() {
	if len(c.held) == 0 || c.err != nil {
		return
	}
	_, c.err = c.Conn.Write(c.held)
	c.held = c.held[:0]
}
