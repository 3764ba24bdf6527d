package mailbox

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// FuzzWriteDotted: a letter's data goes out as net/textproto's DotWriter
// (go-smtp's client) sends it once every lone CR or LF is made CRLF:
// leading dots doubled, the final dot; no line of it but the last is a
// lone dot, and no CR or LF is outside a CRLF.
func FuzzWriteDotted(f *testing.F) {
	for _, s := range []string{"", ".", "a", "a\r\n.b\r\n", ".\r\n", "a\n.\n", "a\r", "a\r\r\n", "a\r\r\r\n",
		"\r", "\n", "\r\n", "..\r\n..", "x\r\n", "a\r.b\n.", "\r\r", "a\r.\r\nMAIL FROM:<x>\r\n"} {
		f.Add([]byte(s))
	}
	crlf := strings.NewReplacer("\r\n", "\r\n", "\r", "\r\n", "\n", "\r\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		var want bytes.Buffer
		dw := textproto.NewWriter(bufio.NewWriter(&want)).DotWriter()
		_, err := dw.Write([]byte(crlf.Replace(string(data))))
		require.NoError(t, err)
		require.NoError(t, dw.Close())
		var got bytes.Buffer
		w := bufio.NewWriter(&got)
		writeDotted(w, data)
		require.NoError(t, w.Flush())
		require.Equal(t, want.String(), got.String())

		lines := strings.Split(strings.TrimSuffix(got.String(), "\r\n.\r\n"), "\r\n")
		for _, l := range lines {
			require.NotEqual(t, ".", l, "a lone dot before the end")
			require.False(t, strings.ContainsAny(l, "\r\n"), "a lone CR or LF in %q", l)
		}
	})
}

// TestWriteDotted_Smuggling: a lone CR or LF around a dot (SMTP
// smuggling) goes out as a dot-stuffed line of its own; clean data goes
// out as it is.
func TestWriteDotted_Smuggling(t *testing.T) {
	tests := []struct{ data, want string }{
		{"a\r.\r\nMAIL FROM:<x>\r\n", "a\r\n..\r\nMAIL FROM:<x>\r\n.\r\n"},
		{"a\n.\nMAIL FROM:<x>\n", "a\r\n..\r\nMAIL FROM:<x>\r\n.\r\n"},
		{"a\r\n.\rb", "a\r\n..\r\nb\r\n.\r\n"},
		{"a\r\n.b\r\nc", "a\r\n..b\r\nc\r\n.\r\n"},
		{"", "\r\n.\r\n"},
	}
	for _, tt := range tests {
		var got bytes.Buffer
		w := bufio.NewWriter(&got)
		writeDotted(w, []byte(tt.data))
		require.NoError(t, w.Flush())
		require.Equal(t, tt.want, got.String(), "%q", tt.data)
	}
}

// FuzzReply: a server's reply is read as net/textproto (go-smtp's
// client) reads it, whatever the bytes.
func FuzzReply(f *testing.F) {
	for _, s := range []string{"250 OK\r\n", "250-a\r\n250-b\r\n250 c\r\n", "250-a\r\nxyz\r\n250 c\r\n", "250-a\r\n251 b\r\n250 c\r\n",
		"550 5.1.1 No such user\r\n", "25\r\n", "250\r\n", "abc def\r\n", "099 x\r\n", "250 x", "354 Go ahead\n250 later\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > 2000 {
			return
		}
		c := &smtpConn{r: bufio.NewReader(bytes.NewReader(raw))}
		code, msg, err := c.reply()
		wantCode, wantMsg, wantErr := textproto.NewReader(bufio.NewReader(bytes.NewReader(raw))).ReadResponse(0)
		if err == nil {
			require.NoError(t, wantErr)
		}
		if wantErr == nil && bytes.HasSuffix(raw, []byte("\n")) {
			require.NoError(t, err)
		}
		if err == nil && wantErr == nil {
			require.Equal(t, wantCode, code)
			require.Equal(t, wantMsg, msg)
		}
	})
}

// TestReply_Bounded: a hostile server's greeting of endless short
// continuation lines ends the session with a clear error instead of
// growing until the timeout.
func TestReply_Bounded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		line := bytes.Repeat([]byte("220-\r\n"), 100) // lines of no text
		for {
			if _, err := conn.Write(line); err != nil {
				return // the client hung up
			}
		}
	}()
	_, err = dialSMTP(context.Background(), SenderOptions{Addr: ln.Addr().String(), Security: SecurityPlain, LocalName: "localhost", Timeout: 5 * time.Second})
	require.ErrorContains(t, err, "a reply longer than 65536 bytes")
}
