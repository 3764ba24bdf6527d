package localmail_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/localmail"
)

func start(t *testing.T) *localmail.Server {
	t.Helper()
	now := time.Date(2026, 1, 6, 10, 15, 0, 0, time.UTC)
	s, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.NoError(t, s.AddUser("tournament@zaochnik.test", "secret"))
	return s
}

// TestSMTP checks what the SMTP side answers: a wrong password is a
// permanent 535 (not go-smtp's temporary 454 for plain errors), an unknown
// mailbox 550 5.1.1, and a delivered letter gets Return-Path and Received.
func TestSMTP(t *testing.T) {
	tests := []struct {
		name     string
		password string // "" sends without AUTH
		rcpt     string
		from     string
		header   string // the letter's From header
		auth     string // the Authentication-Results stamped
		code     int    // 0: delivered
	}{
		{"NoAuth", "", "tournament@zaochnik.test", "a@example.ru", "a@example.ru", "zaochnik.test; dmarc=none header.from=example.ru", 0},
		{"AuthAsFrom", "secret", "tournament@zaochnik.test", "a@example.ru", "Турнир <tournament@zaochnik.test>",
			"zaochnik.test; dmarc=pass (sender logged in as the From address) header.from=zaochnik.test", 0},
		{"AuthAsOther", "secret", "tournament@zaochnik.test", "a@example.ru", "judge@zaochnik.test", "zaochnik.test; dmarc=none header.from=zaochnik.test", 0},
		{"PlusAddress", "", "tournament+k3y@zaochnik.test", "a@example.ru", "a@example.ru", "zaochnik.test; dmarc=none header.from=example.ru", 0},
		{"NullSender", "", "Tournament@Zaochnik.test", "", "", "zaochnik.test; none", 0},
		{"WrongPassword", "guess", "tournament@zaochnik.test", "a@example.ru", "a@example.ru", "", 535},
		{"UnknownMailbox", "", "nobody@zaochnik.test", "a@example.ru", "a@example.ru", "", 550},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t)
			c, err := smtp.Dial(s.SMTPAddr)
			require.NoError(t, err)
			defer c.Close()
			if tt.password != "" {
				err = c.Auth(sasl.NewPlainClient("", "tournament@zaochnik.test", tt.password))
			}
			if err == nil {
				err = c.SendMail(tt.from, []string{tt.rcpt}, strings.NewReader("From: "+tt.header+"\r\nSubject: x\r\n\r\nbody\r\n"))
			}
			if tt.code != 0 {
				var se *smtp.SMTPError
				require.True(t, errors.As(err, &se), "%v", err)
				assert.Equal(t, tt.code, se.Code)
				assert.False(t, se.Temporary())
				assert.Empty(t, s.Deliveries())
				return
			}
			require.NoError(t, err)
			d := s.Deliveries()
			require.Len(t, d, 1)
			assert.Equal(t, tt.from, d[0].From)
			want := "Return-Path: <" + tt.from + ">\r\nDelivered-To: " + tt.rcpt + "\r\nAuthentication-Results: " + tt.auth +
				"\r\nReceived: by zaochnik.test (zaochnik localmail) for <" + tt.rcpt + ">; Tue, 06 Jan 2026 10:15:00 +0000\r\nFrom: "
			assert.True(t, bytes.HasPrefix(d[0].Raw, []byte(want)), "%q", d[0].Raw)
		})
	}
}

func TestAddUserTwice(t *testing.T) {
	s := start(t)
	assert.Error(t, s.AddUser("TOURNAMENT@zaochnik.test", "x"))
}

// TestUIDValidity checks that the INBOX has the UIDVALIDITY asked, so that a
// store outliving a restarted server sees its UIDs as new (Q28).
func TestUIDValidity(t *testing.T) {
	for _, want := range []uint32{0, 1, 2, 7} {
		s, err := localmail.Start(localmail.Options{UIDValidity: want, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		require.NoError(t, err)
		require.NoError(t, s.AddUser("a@zaochnik.test", "secret"))
		c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
		require.NoError(t, err)
		require.NoError(t, c.Login("a@zaochnik.test", "secret").Wait())
		data, err := c.Select("INBOX", nil).Wait()
		require.NoError(t, err)
		assert.Equal(t, max(want, 1), data.UIDValidity, "asked %d", want)
		list, err := c.List("", "*", nil).Collect()
		require.NoError(t, err)
		assert.Len(t, list, 1, "only the INBOX is left")
		c.Close()
		s.Close()
	}
}

// TestStripsForgedAuthResults: results a sender wrote under the server's
// own authserv-id are removed before its own are added (RFC 8601 section 5);
// those of other servers stay.
func TestStripsForgedAuthResults(t *testing.T) {
	s := start(t)
	raw := "Authentication-Results: zaochnik.test; dmarc=pass header.from=example.ru\r\n" +
		"Authentication-Results: mx.other.test; spf=pass smtp.mailfrom=a@example.ru\r\nFrom: a@example.ru\r\nSubject: x\r\n\r\nbody\r\n"
	require.NoError(t, s.Deliver("a@example.ru", []string{"tournament@zaochnik.test"}, []byte(raw)))
	got := string(s.Deliveries()[0].Raw)
	assert.Equal(t, 1, strings.Count(got, "Authentication-Results: zaochnik.test;"), got)
	assert.Contains(t, got, "Authentication-Results: zaochnik.test; dmarc=none header.from=example.ru")
	assert.Contains(t, got, "mx.other.test; spf=pass")
	assert.True(t, strings.HasSuffix(got, "\r\n\r\nbody\r\n"), got)
}

// TestMoveExpungesOnce: the client that moves letters is told of each
// letter's EXPUNGE once, as RFC 6851 says, and so is another client with
// the mailbox selected (go-imap's memory server told the mover twice: in
// MOVE's answer, then again from its queue of updates).
func TestMoveExpungesOnce(t *testing.T) {
	s := start(t)
	for i := range 3 {
		require.NoError(t, s.Deliver("a@example.ru", []string{"tournament@zaochnik.test"}, []byte(fmt.Sprintf("Subject: %d\r\n\r\nbody\r\n", i))))
	}
	dial := func(expunges *atomic.Int32) *imapclient.Client {
		c, err := imapclient.DialInsecure(s.IMAPAddr, &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Expunge: func(uint32) { expunges.Add(1) },
		}})
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		require.NoError(t, c.Login("tournament@zaochnik.test", "secret").Wait())
		_, err = c.Select("INBOX", nil).Wait()
		require.NoError(t, err)
		return c
	}
	var moved, other atomic.Int32
	mover, watcher := dial(&moved), dial(&other)
	require.NoError(t, mover.Create("done", nil).Wait())
	data, err := mover.Move(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, "done").Wait()
	require.NoError(t, err)
	assert.Equal(t, "1:3", data.DestUIDs.String(), "COPYUID")
	require.NoError(t, mover.Noop().Wait())
	require.NoError(t, watcher.Noop().Wait())
	assert.EqualValues(t, 3, moved.Load(), "the mover")
	assert.EqualValues(t, 3, other.Load(), "another client")
	st, err := watcher.Status("done", &imap.StatusOptions{NumMessages: true}).Wait()
	require.NoError(t, err)
	assert.EqualValues(t, 3, *st.NumMessages)
	sel, err := mover.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	assert.Zero(t, sel.NumMessages)
}
