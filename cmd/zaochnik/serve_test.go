package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/storage"
)

// serverAddr is the tournament mailbox of the daemon tests.
const serverAddr = "server@zaochnik.example"

// testClock is a settable virtual clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(s string) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// daemonWorld is the embedded mail server with the players of two.toml,
// a started tournament in a store, and the configuration of a daemon
// talking to that server.
type daemonWorld struct {
	mail  *localmail.Server
	clock *testClock
	cfg   Config
}

func newDaemonWorld(t *testing.T, dbPath string) *daemonWorld {
	t.Helper()
	w := &daemonWorld{clock: &testClock{}}
	w.clock.Set("2026-03-01T10:00:00+03:00")
	var err error
	w.mail, err = localmail.Start(localmail.Options{Now: w.clock.Now, Logger: quietLog()})
	require.NoError(t, err)
	t.Cleanup(func() { w.mail.Close() })
	for _, u := range []string{serverAddr, "ivanov@example.org", "petrov@example.org", "secretary@example.org", "judge@example.org"} {
		require.NoError(t, w.mail.AddUser(u, "pw"))
	}
	if _, err := os.Stat(dbPath); err != nil {
		seedTournament(t, dbPath, replayDir("two.toml"), w.clock.Now())
	}
	w.cfg = mailConfig(w.mail, dbPath)
	return w
}

// seedTournament creates and starts the tournament of file in a new store.
func seedTournament(t testing.TB, dbPath, file string, now time.Time) {
	db, err := storage.Open(dbPath)
	require.NoError(t, err)
	defer db.Close()
	db.Now = func() time.Time { return now }
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(context.Background(), tr, src))
	_, err = db.Start(context.Background(), tr.Cipher, tr.Start)
	require.NoError(t, err)
}

// mailConfig is a daemon configuration for the embedded server.
func mailConfig(mail *localmail.Server, dbPath string) Config {
	c := defaultConfig()
	ih, ip, _ := net.SplitHostPort(mail.IMAPAddr)
	sh, sp, _ := net.SplitHostPort(mail.SMTPAddr)
	var iport, sport port
	_ = iport.UnmarshalText([]byte(ip))
	_ = sport.UnmarshalText([]byte(sp))
	c.IMAP = IMAPConfig{Host: ih, Port: iport, Security: "plain", User: serverAddr, Password: "pw", Mailbox: "INBOX",
		ProcessedFolder: "zaochnik/processed", RefusedFolder: "zaochnik/refused", Idle: true,
		IdleWatchdog: duration(time.Minute), PollInterval: duration(time.Second)}
	c.SMTP = SMTPConfig{Host: sh, Port: sport, Security: "plain", From: serverAddr, Name: "zaochnik", LocalName: "localhost"}
	c.Database.Path = dbPath
	c.Web.Listen = "127.0.0.1:0"
	c.Schedule = ScheduleConfig{}
	c.ShutdownGrace = duration(5 * time.Second)
	return c
}

func quietLog() *slog.Logger { return slog.New(slog.DiscardHandler) }

// start runs a daemon on w until the test ends.
func (w *daemonWorld) start(t *testing.T) *Main {
	t.Helper()
	m := &Main{Config: w.cfg, Now: w.clock.Now, Logger: quietLog()}
	require.NoError(t, m.Run(t.Context()))
	t.Cleanup(func() { m.Close() })
	return m
}

// send delivers a letter from a player to the tournament mailbox at the
// clock's time, as if it came in by SMTP.
func (w *daemonWorld) send(t *testing.T, from, msgID, text string) {
	t.Helper()
	now := w.clock.Now()
	raw := fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: move\r\nMessage-ID: <%s>\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		from, serverAddr, msgID, now.Format(time.RFC1123Z), strings.ReplaceAll(text, "\n", "\r\n"))
	require.NoError(t, w.mail.Deliver(from, []string{serverAddr}, []byte(raw)))
}

// waitFor waits until some delivery to rcpt satisfies ok, and returns it.
func (w *daemonWorld) waitFor(t *testing.T, rcpt string, ok func(*mailbox.Incoming) bool) *mailbox.Incoming {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, d := range w.mail.Deliveries() {
			if !strings.EqualFold(d.To[0], rcpt) {
				continue
			}
			in, err := mailbox.Decode(d.Raw)
			require.NoError(t, err)
			if ok(in) {
				return in
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no letter to %s arrived in time; deliveries: %d", rcpt, len(w.mail.Deliveries()))
	return nil
}

func containing(s string) func(*mailbox.Incoming) bool {
	return func(in *mailbox.Incoming) bool { return strings.Contains(in.Text, s) }
}

// A short game by mail through the whole daemon: a move in, its forward
// out to the opponent over SMTP, the reply in and forwarded back; then a
// refused letter, and a break told to the opponent and the secretary.
func TestServe_GameByMail(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	m := w.start(t)

	w.send(t, "ivanov@example.org", "g1@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	fwd := w.waitFor(t, "petrov@example.org", containing("c3-d4"))
	assert.Equal(t, "auto-replied", fwd.AutoSubmitted, "RFC 3834: the server's letters are automatic")
	assert.Equal(t, serverAddr, fwd.From.Addr)

	w.clock.Set("2026-03-04T10:00:00+03:00")
	w.send(t, "petrov@example.org", "g2@example.org", "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3")
	w.waitFor(t, "ivanov@example.org", containing("f6-g5"))

	// 6.2.9: a letter repeating the opponent's move wrongly is refused back.
	w.clock.Set("2026-03-05T10:00:00+03:00")
	w.send(t, "ivanov@example.org", "g3@example.org", "ТЕСТ-2026 1-2\nВаш ход: 1...h6-g5\nМой ход: 2.g3-f4\n04.03.2026 / 04.03.2026 / 05.03.2026\nВремя: 1/3")
	refusal := w.waitFor(t, "ivanov@example.org", func(in *mailbox.Incoming) bool { return strings.Contains(in.Text, "6.2.9") })
	assert.Contains(t, refusal.InReplyTo, "g3@example.org", "the refusal answers the letter")

	// 6.4: a break is told to the opponent and the secretary.
	w.send(t, "petrov@example.org", "g4@example.org", "ТЕСТ-2026 1-2\nI take a break from 10.04.2026 to 20.04.2026.")
	w.waitFor(t, "ivanov@example.org", containing("20.04.2026"))
	w.waitFor(t, "secretary@example.org", containing("20.04.2026"))

	// An auto-reply is kept and never answered (RFC 3834).
	raw := "From: <ivanov@example.org>\r\nTo: <" + serverAddr + ">\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <ooo@example.org>\r\n\r\nI am away.\r\n"
	require.NoError(t, w.mail.Deliver("ivanov@example.org", []string{serverAddr}, []byte(raw)))

	require.Eventually(t, func() bool {
		h := getHealth(t, m)
		return h.IMAP.Accepted+h.IMAP.Refused == 5
	}, 10*time.Second, 20*time.Millisecond)
	h := getHealth(t, m)
	assert.Equal(t, "ok", h.Status)
	assert.True(t, h.IMAP.Connected)
	assert.Equal(t, 2, h.IMAP.Refused, "the wrong repetition and the auto-reply")
	require.Eventually(t, func() bool { return getHealth(t, m).Outbox.Waiting == 0 }, 10*time.Second, 20*time.Millisecond)

	require.NoError(t, m.Close())
	db, err := storage.Open(w.cfg.Database.Path)
	require.NoError(t, err)
	defer db.Close()
	letters, err := db.Letters(t.Context())
	require.NoError(t, err)
	disp := map[string]storage.Disposition{}
	for _, l := range letters {
		disp[l.MessageID] = l.Disposition
	}
	assert.Equal(t, map[string]storage.Disposition{"g1@example.org": storage.Processed, "g2@example.org": storage.Processed,
		"g3@example.org": storage.Refused, "g4@example.org": storage.Processed, "ooo@example.org": storage.Ignored}, disp)
	for _, d := range w.mail.Deliveries() {
		if d.From == serverAddr {
			assert.NotContains(t, string(d.Raw), "ooo@example.org", "nothing answers the auto-reply")
		}
	}
	s, err := db.State(t.Context(), "ТЕСТ-2026")
	require.NoError(t, err)
	assert.Len(t, s.Games[0].Plies, 2)
}

// getHealth reads /healthz.
func getHealth(t *testing.T, m *Main) health {
	t.Helper()
	resp, err := http.Get("http://" + m.HTTPAddr + "/healthz")
	require.NoError(t, err)
	defer resp.Body.Close()
	var h health
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&h))
	return h
}
