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

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
	"zaochnik/referee"
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
	// deliver puts a letter into the tournament mailbox as sent by from
	// logged in at his provider: the receiving server vouches for it in
	// Authentication-Results. By default the embedded server's delivery
	// (useDovecot replaces it).
	deliver func(t *testing.T, from string, raw []byte)
	// forge puts a letter in that nothing vouches for (sent without
	// logging in, or written by anybody under from's address).
	forge func(t *testing.T, from string, raw []byte)
}

func newDaemonWorld(t *testing.T, dbPath string, tweak ...func(*localmail.Options)) *daemonWorld {
	t.Helper()
	w := &daemonWorld{clock: &testClock{}}
	w.clock.Set("2026-03-01T10:00:00+03:00")
	var err error
	o := localmail.Options{Domain: testAuthservID, Now: w.clock.Now, Logger: quietLog()}
	for _, f := range tweak {
		f(&o)
	}
	w.mail, err = localmail.Start(o)
	require.NoError(t, err)
	t.Cleanup(func() { w.mail.Close() })
	for _, u := range []string{serverAddr, "ivanov@example.org", "petrov@example.org", "secretary@example.org", "judge@example.org"} {
		require.NoError(t, w.mail.AddUser(u, "pw"))
	}
	if _, err := os.Stat(dbPath); err != nil {
		seedTournament(t, dbPath, replayDir("two.toml"), w.clock.Now())
	}
	w.cfg = testConfig(w.mail, dbPath)
	w.deliver = func(t *testing.T, from string, raw []byte) {
		require.NoError(t, w.mail.DeliverAs(from, from, []string{serverAddr}, raw))
	}
	w.forge = func(t *testing.T, from string, raw []byte) {
		require.NoError(t, w.mail.Deliver(from, []string{serverAddr}, raw))
	}
	return w
}

// useDovecot moves the tournament mailbox to a real Dovecot (skipping the
// test where it cannot run); the server's letters still go to the embedded
// server's SMTP side, the sink. Letters are put in by IMAP APPEND with the
// Received header a delivering server would add.
func (w *daemonWorld) useDovecot(t *testing.T) {
	d := mailtest.StartDovecot(t, map[string]string{serverAddr: "pw"})
	w.moveMailbox(t, d, d.Addr)
}

// moveMailbox has the daemon read the tournament mailbox in d at addr (one
// of d's listeners) and the test put letters in at d.Addr.
func (w *daemonWorld) moveMailbox(t *testing.T, d *mailtest.Dovecot, addr string) {
	host, p, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	w.cfg.IMAP.Host = host
	require.NoError(t, w.cfg.IMAP.Port.UnmarshalText([]byte(p)))
	put := func(t *testing.T, auth string, raw []byte) {
		c, err := imapclient.DialInsecure(d.Addr, nil)
		require.NoError(t, err)
		defer c.Close()
		require.NoError(t, c.Login(serverAddr, "pw").Wait())
		raw = append([]byte(auth+"Received: from mx.example.org by "+testAuthservID+"; "+w.clock.Now().Format(time.RFC1123Z)+"\r\n"), raw...)
		cmd := c.Append("INBOX", int64(len(raw)), nil)
		_, err = cmd.Write(raw)
		require.NoError(t, err)
		require.NoError(t, cmd.Close())
		_, err = cmd.Wait()
		require.NoError(t, err)
		require.NoError(t, c.Logout().Wait())
	}
	// The receiving server's own results, as Postfix with OpenDMARC writes them.
	w.deliver = func(t *testing.T, from string, raw []byte) {
		put(t, "Authentication-Results: "+testAuthservID+"; dmarc=pass header.from="+mailDomain(from)+"\r\n", raw)
	}
	w.forge = func(t *testing.T, from string, raw []byte) {
		put(t, "Authentication-Results: "+testAuthservID+"; dmarc=none header.from="+mailDomain(from)+"\r\n", raw)
	}
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
	_, err = (&referee.Referee{DB: db}).Start(context.Background(), tr.Cipher, tr.Start, false)
	require.NoError(t, err)
}

// testConfig is the configuration of a daemon on the embedded server, with
// the schedule off (tests run the jobs themselves) and a short retry.
func testConfig(mail *localmail.Server, dbPath string) Config {
	c := localConfig(mail, serverAddr, "pw", dbPath)
	c.AuthservID = testAuthservID
	c.Web.Listen = "127.0.0.1:0"
	c.Schedule = ScheduleConfig{}
	c.SMTP.RetryBase = duration(200 * time.Millisecond)
	// Should an IDLE wake-up ever be missed, a test loses 2 s, not the 5
	// minutes of the default watchdog (localmail's IDLE polls: see
	// pollingIdle).
	c.IMAP.IdleWatchdog = duration(2 * time.Second)
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
	w.deliver(t, from, []byte(raw))
}

// cp1251Letter is a letter whose text is in windows-1251, 8 bit.
func cp1251Letter(from, msgID string, date time.Time, text string) []byte {
	var body []byte
	for _, r := range text {
		switch {
		case r >= 'А' && r <= 'я':
			body = append(body, byte(r-'А'+0xC0))
		case r == 'Ё':
			body = append(body, 0xA8)
		case r == 'ё':
			body = append(body, 0xB8)
		case r < 128:
			body = append(body, byte(r))
		default:
			body = append(body, '?')
		}
	}
	head := fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: move\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=windows-1251\r\nContent-Transfer-Encoding: 8bit\r\n\r\n", from, serverAddr, msgID, date.Format(time.RFC1123Z))
	return append([]byte(head), body...)
}

// waitFor waits until some delivery to rcpt satisfies ok, and returns it.
func (w *daemonWorld) waitFor(t *testing.T, rcpt string, ok func(*mailbox.Incoming) bool) *mailbox.Incoming {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // generous: CI builds other packages meanwhile
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
	var got []string
	for _, d := range w.mail.Deliveries() {
		if in, err := mailbox.Decode(d.Raw); err == nil {
			got = append(got, fmt.Sprintf("%v %q: %.200q", d.To, in.Subject, in.Text))
		}
	}
	t.Fatalf("no letter to %s arrived in time; deliveries:\n%s", rcpt, strings.Join(got, "\n"))
	return nil
}

func containing(s string) func(*mailbox.Incoming) bool {
	return func(in *mailbox.Incoming) bool { return strings.Contains(in.Text, s) }
}

// A short game by mail through the whole daemon, against the embedded
// server and against Dovecot: a move in (in windows-1251), its forward out
// to the opponent over SMTP, the reply in and forwarded back; a refused
// letter (6.2.9), a break told to the opponent and the secretary (6.4), the
// correction, and Black's resignation ending the game.
func TestServe_GameByMail(t *testing.T) {
	for _, dovecot := range []bool{false, true} {
		t.Run(map[bool]string{false: "localmail", true: "dovecot"}[dovecot], func(t *testing.T) {
			w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
			if dovecot {
				w.useDovecot(t)
			}
			gameByMail(t, w)
		})
	}
}

func gameByMail(t *testing.T, w *daemonWorld) {
	m := w.start(t)

	// The first letter is in windows-1251, as old Russian mail clients write.
	w.deliver(t, "ivanov@example.org", cp1251Letter("ivanov@example.org", "g1@example.org", w.clock.Now(),
		"ТЕСТ-2026 1-2\r\nМой ход: 1.c3-d4\r\n01.03.2026 / 01.03.2026 / 01.03.2026\r\nВремя: 0/0\r\nИванов\r\n"))
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

	// The correction goes through; then Black resigns and the game ends.
	w.clock.Set("2026-03-06T10:00:00+03:00")
	w.send(t, "ivanov@example.org", "g5@example.org", "ТЕСТ-2026 1-2\nВаш ход: 1...f6-g5\nМой ход: 2.g3-f4\n04.03.2026 / 04.03.2026 / 06.03.2026\nВремя: 2/3")
	w.waitFor(t, "petrov@example.org", containing("g3-f4"))
	w.send(t, "petrov@example.org", "g6@example.org", "ТЕСТ-2026 1-2\nI resign.")
	w.waitFor(t, "secretary@example.org", containing("1-0"))

	// An auto-reply is kept and never answered (RFC 3834).
	raw := "From: <ivanov@example.org>\r\nTo: <" + serverAddr + ">\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <ooo@example.org>\r\n\r\nI am away.\r\n"
	w.deliver(t, "ivanov@example.org", []byte(raw))

	require.Eventually(t, func() bool {
		h := getHealth(t, m)
		return h.IMAP.Accepted+h.IMAP.Refused == 7
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
		"g3@example.org": storage.Refused, "g4@example.org": storage.Processed, "g5@example.org": storage.Processed,
		"g6@example.org": storage.Processed, "ooo@example.org": storage.Ignored}, disp)
	for _, d := range w.mail.Deliveries() {
		if d.From == serverAddr {
			assert.NotContains(t, string(d.Raw), "ooo@example.org", "nothing answers the auto-reply")
		}
	}
	s, err := db.State(t.Context(), "ТЕСТ-2026")
	require.NoError(t, err)
	assert.Len(t, s.Games[0].Plies, 3)
	assert.Equal(t, "1-0", s.Games[0].Result, "Black resigned")
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

// With accounts in the config the desk is served beside /healthz; the
// health answer is the daemon's (reader, outbox), not the desk's.
func TestServe_DeskBesideHealth(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	accounts, err := demoAccounts()
	require.NoError(t, err)
	w.cfg.Web.Accounts = accounts
	w.cfg.Web.KeyFile = filepath.Join(t.TempDir(), "key")
	m := w.start(t)
	resp, err := http.Get("http://" + m.HTTPAddr + "/login")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	key, err := os.ReadFile(w.cfg.Web.KeyFile)
	require.NoError(t, err)
	assert.Len(t, key, 32, "the session key was made and kept")
	require.Eventually(t, func() bool { return getHealth(t, m).IMAP.Connected }, 10*time.Second, 20*time.Millisecond)
}

// letterTo is a letter from from to the address to (a keyed reply address
// of the server's), answering inReplyTo, at the clock's time.
func (w *daemonWorld) letterTo(from, to, msgID, inReplyTo, subject, text string) []byte {
	now := w.clock.Now()
	h := fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n", from, to, subject, msgID, now.Format(time.RFC1123Z))
	if inReplyTo != "" {
		h += "In-Reply-To: <" + inReplyTo + ">\r\n"
	}
	return []byte(h + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n") + "\r\n")
}

// Issue 11 end to end, against the embedded server and against Dovecot: a
// genuine move that nothing authenticated is held and its sender asked; his
// reply to the request (with its key, from any mail client) applies it as
// received on its own day, so his ledger shows no days for the round trip;
// the opponent answers by replying to the forward, whose reply key is his
// only proof; a forged resignation is held and never ends the game.
func TestServe_ConfirmationByMail(t *testing.T) {
	for _, dovecot := range []bool{false, true} {
		t.Run(map[bool]string{false: "localmail", true: "dovecot"}[dovecot], func(t *testing.T) {
			w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
			if dovecot {
				w.useDovecot(t)
			}
			m := w.start(t)
			const ivanov, petrov = "ivanov@example.org", "petrov@example.org"
			w.forge(t, ivanov, w.letterTo(ivanov, serverAddr, "c1@example.org", "", "ТЕСТ-2026 1-2",
				"ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов"))
			req := w.waitFor(t, ivanov, func(in *mailbox.Incoming) bool { return strings.Contains(in.Subject, "Подтвердите") })
			assert.Contains(t, req.Text, "1.c3-d4", "the request quotes the held letter")
			require.Len(t, req.ReplyTo, 1)
			assert.Contains(t, req.ReplyTo[0].Addr, "server+", "the reply address carries the key")

			w.clock.Set("2026-03-04T10:00:00+03:00")
			w.forge(t, ivanov, w.letterTo(ivanov, req.ReplyTo[0].Addr, "c2@example.org", req.MessageID, "Re: "+req.Subject, "Да, это я.\n\n> "+req.Subject))
			fwd := w.waitFor(t, petrov, containing("c3-d4"))
			require.Len(t, fwd.ReplyTo, 1)

			w.forge(t, petrov, w.letterTo(petrov, fwd.ReplyTo[0].Addr, "c3@example.org", fwd.MessageID, "Re: "+fwd.Subject,
				"ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n04.03.2026 / 04.03.2026 / 04.03.2026\nTime: 0/0"))
			w.waitFor(t, ivanov, containing("f6-g5"))

			w.forge(t, petrov, w.letterTo(petrov, serverAddr, "c4@example.org", "", "ТЕСТ-2026 1-2", "ТЕСТ-2026 1-2\nI resign."))
			w.waitFor(t, petrov, func(in *mailbox.Incoming) bool { return strings.Contains(in.Subject, "Please confirm") })
			require.Eventually(t, func() bool { return getHealth(t, m).Outbox.Waiting == 0 }, 10*time.Second, 20*time.Millisecond)

			require.NoError(t, m.Close())
			db, err := storage.Open(w.cfg.Database.Path)
			require.NoError(t, err)
			defer db.Close()
			s, err := db.State(t.Context(), "ТЕСТ-2026")
			require.NoError(t, err)
			g := gamesReport(s)[0]
			assert.Equal(t, "*", g.Result, "the forged resignation is not applied")
			assert.Equal(t, "1.cd4 fg5", g.Moves)
			assert.Equal(t, 0, g.Ledger.White.Total, "the confirmed move counts from its arrival on 01.03 (6.3.1)")
			assert.Equal(t, 0, g.Ledger.Black.Total, "Black received the move with its forward on 04.03 and answered that day")
			letters, err := db.Letters(t.Context())
			require.NoError(t, err)
			got := map[string]string{}
			for _, l := range letters {
				got[l.MessageID] = string(l.Disposition) + "/" + l.Auth
			}
			assert.Equal(t, map[string]string{"c1@example.org": "processed/confirmed", "c2@example.org": "processed/key",
				"c3@example.org": "processed/key", "c4@example.org": "held/none"}, got)
		})
	}
}

// mailDomain is the part of addr after '@'.
func mailDomain(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return d
}
