package main

import (
	"bufio"
	"errors"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// limitedDaemon runs a daemon with the desk and short web limits.
func limitedDaemon(t *testing.T, readTimeout time.Duration, maxConns int) *Main {
	t.Helper()
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	accounts, err := demoAccounts()
	require.NoError(t, err)
	w.cfg.Web.Accounts = accounts
	w.cfg.Web.KeyFile = filepath.Join(t.TempDir(), "key")
	w.cfg.Web.ReadTimeout = duration(readTimeout)
	w.cfg.Web.MaxConnections = maxConns
	return w.start(t)
}

// A client trickling a form's body is cut off by the read timeout instead
// of holding its connection for as long as it likes.
func TestServe_TricklingClientIsCutOff(t *testing.T) {
	m := limitedDaemon(t, 300*time.Millisecond, 64)
	c, err := net.Dial("tcp", m.HTTPAddr)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Write([]byte("POST /login HTTP/1.1\r\nHost: desk\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nname="))
	require.NoError(t, err)
	go func() {
		for range 2000 { // 100 s at this pace
			if _, err := c.Write([]byte("a")); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(15*time.Second)))
	_, err = bufio.NewReader(c).ReadString(0)
	var ne net.Error
	assert.False(t, errors.As(err, &ne) && ne.Timeout(), "the server ended the connection: %v", err)
}

// Connections past web.max_connections wait to be accepted until one closes.
func TestServe_ConnectionsAreCapped(t *testing.T) {
	m := limitedDaemon(t, 30*time.Second, 2)
	var idle []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", m.HTTPAddr)
		require.NoError(t, err)
		defer c.Close()
		idle = append(idle, c)
	}
	c, err := net.Dial("tcp", m.HTTPAddr) // the kernel accepts it; the server does not yet
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: desk\r\n\r\n"))
	require.NoError(t, err)
	r := bufio.NewReader(c)
	require.NoError(t, c.SetReadDeadline(time.Now().Add(time.Second)))
	_, err = r.ReadString('\n')
	var ne net.Error
	require.True(t, errors.As(err, &ne) && ne.Timeout(), "a third connection is not served while two are open: %v", err)

	idle[0].Close()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(15*time.Second)))
	line, err := r.ReadString('\n')
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(line, "HTTP/1.1 "), line)
}

// Every form is read through MaxBytesReader: a body over 1 MiB is refused.
func TestServe_FormBodyIsBounded(t *testing.T) {
	m := limitedDaemon(t, 30*time.Second, 64)
	c, err := net.Dial("tcp", m.HTTPAddr)
	require.NoError(t, err)
	defer c.Close()
	body := "name=" + strings.Repeat("a", 2<<20)
	go func() {
		_, _ = c.Write([]byte("POST /login HTTP/1.1\r\nHost: desk\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " +
			strconv.Itoa(len(body)) + "\r\n\r\n" + body))
	}()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(15*time.Second)))
	line, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	assert.Contains(t, line, "400")
}
