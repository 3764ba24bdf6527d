package main

import (
	"net"
	"sync"
)

// limitListener accepts at most n connections at once: past that, Accept
// waits until one closes, and the kernel's backlog holds the others. A
// crowd of slow clients cannot so take every file descriptor and goroutine.
func limitListener(l net.Listener, n int) net.Listener {
	return &limited{Listener: l, slots: make(chan struct{}, n)}
}

type limited struct {
	net.Listener
	slots chan struct{}
}

// Accept takes a slot, then a connection that gives it back on Close.
func (l *limited) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &slotConn{Conn: c, free: func() { <-l.slots }}, nil
}

// slotConn gives its slot back once, on the first Close.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *slotConn) Close() error {
	c.once.Do(c.free)
	return c.Conn.Close()
}
