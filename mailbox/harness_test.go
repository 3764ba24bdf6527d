package mailbox_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
)

const (
	tournament = "tournament@zaochnik.test"
	secret     = "secret"
)

// server is an IMAP server holding the tournament mailbox.
type server struct {
	addr    string
	deliver func(raw []byte) // into the tournament INBOX, as the MTA would
	// dovecot is set for the real Dovecot, which can also restart and
	// reset UIDVALIDITY.
	dovecot *mailtest.Dovecot
}

// eachServer runs f against the embedded server and against Dovecot (the
// latter skipped where Dovecot is not installed).
func eachServer(t *testing.T, f func(t *testing.T, s server)) {
	t.Run("localmail", func(t *testing.T) { f(t, startLocal(t)) })
	t.Run("dovecot", func(t *testing.T) { f(t, startDovecot(t)) })
}

func startLocal(t testing.TB) server {
	lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: testLogger(t)})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser(tournament, secret))
	return server{addr: lm.IMAPAddr, deliver: func(raw []byte) {
		require.NoError(t, lm.Deliver("player@example.ru", []string{tournament}, raw))
	}}
}

func startDovecot(t testing.TB) server {
	d := mailtest.StartDovecot(t, map[string]string{tournament: secret})
	return server{addr: d.Addr, dovecot: d, deliver: func(raw []byte) { appendLetters(t, d.Addr, raw) }}
}

// appendLetters puts letters into the tournament INBOX over IMAP, the
// quickest way into Dovecot (doveadm save costs 0.3 s a letter).
// The APPENDs are pipelined.
func appendLetters(t testing.TB, addr string, raws ...[]byte) {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(tournament, secret).Wait())
	cmds := make([]*imapclient.AppendCommand, len(raws))
	for i, raw := range raws {
		cmds[i] = c.Append("INBOX", int64(len(raw)), nil)
		_, err := cmds[i].Write(raw)
		require.NoError(t, err)
		require.NoError(t, cmds[i].Close())
	}
	for _, cmd := range cmds {
		_, err := cmd.Wait()
		require.NoError(t, err)
	}
	require.NoError(t, c.Logout().Wait())
}

// testLogger logs to the test when -v is given, else nowhere.
func testLogger(t testing.TB) *slog.Logger {
	if !testing.Verbose() {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// letter is a minimal letter with the given Message-ID and subject.
func letter(id, subject string) []byte {
	return []byte(fmt.Sprintf("From: Игрок <player@example.ru>\r\nTo: %s\r\nSubject: %s\r\nDate: Mon, 05 Jan 2026 22:00:00 +0300\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nХод: 1. c3-d4\r\n", tournament, subject, id))
}

// fakeInbox is the store's side as the Inbox contract describes it:
// idempotent per Message-ID, watermark advanced with each letter.
type fakeInbox struct {
	mu        sync.Mutex
	validity  uint32
	last      uint32
	decided   map[string]bool // key -> refused
	applied   map[string]int  // key -> times applied (must stay 1)
	offers    int             // Accept calls, repeats included
	texts     map[string]string
	failTimes map[string]int // key -> Accept errors still to return
	changed   chan struct{}
	oversized map[uint32]mailbox.Fetched // uid -> the header handed over instead of the letter
	sizes     map[uint32]int64           // uid -> the size Oversized was told
	groups    []int                      // how many letters each Accept was handed
	// oversizedFails makes Oversized fail (as a store that cannot keep
	// the letter would), counted in oversizedOffers, while it is set.
	oversizedFails  atomic.Bool
	oversizedOffers int
}

// oneOversized is the one letter handed to Oversized (its UID and
// header), failing the test unless there is exactly one; f.mu is held.
func (f *fakeInbox) oneOversized(t *testing.T) (uint32, mailbox.Fetched) {
	t.Helper()
	require.Len(t, f.oversized, 1)
	uid := slices.Collect(maps.Keys(f.oversized))[0]
	return uid, f.oversized[uid]
}

func newFakeInbox() *fakeInbox {
	return &fakeInbox{decided: map[string]bool{}, applied: map[string]int{}, texts: map[string]string{},
		failTimes: map[string]int{}, changed: make(chan struct{}, 1), oversized: map[uint32]mailbox.Fetched{}, sizes: map[uint32]int64{}}
}

func (f *fakeInbox) Watermark(_ context.Context, _ string) (uint32, uint32, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.validity, f.last, nil
}

func (f *fakeInbox) Oversized(_ context.Context, _ string, validity uint32, header mailbox.Fetched, size int64) error {
	uid := header.UID
	f.mu.Lock()
	defer f.mu.Unlock()
	f.oversizedOffers++
	if f.oversizedFails.Load() {
		return fmt.Errorf("the store cannot keep oversized letter %d", uid)
	}
	if validity != f.validity {
		f.validity, f.last = validity, 0
	}
	f.last = max(f.last, uid)
	f.oversized[uid], f.sizes[uid] = header, size
	select {
	case f.changed <- struct{}{}:
	default:
	}
	return nil
}

func (f *fakeInbox) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	f.mu.Lock()
	f.groups = append(f.groups, len(letters))
	f.mu.Unlock()
	return oneByOne(ctx, mbox, validity, letters, f.accept)
}

func (f *fakeInbox) accept(_ context.Context, mbox string, validity uint32, l mailbox.Fetched) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.offers++
	uid, in, err := l.UID, l.Mail, l.Unreadable // read by the reader, not here
	key := fmt.Sprintf("%s/%d/%d", mbox, validity, uid)
	unread := err != nil || in == nil // over the size limit, or unreadable
	if !unread && in.MessageID != "" {
		key = in.MessageID
	}
	if f.failTimes[key] > 0 {
		f.failTimes[key]--
		return false, fmt.Errorf("store busy")
	}
	if validity != f.validity {
		f.validity, f.last = validity, 0
	}
	f.last = max(f.last, uid)
	if refused, ok := f.decided[key]; ok {
		return refused, nil
	}
	refused := unread || strings.Contains(in.Subject, "refuse")
	f.decided[key] = refused
	f.applied[key]++
	if !unread {
		f.texts[key] = in.Text
	}
	select {
	case f.changed <- struct{}{}:
	default:
	}
	return refused, nil
}

// waitApplied waits until n distinct letters were applied.
func (f *fakeInbox) waitApplied(t *testing.T, n int) {
	t.Helper()
	// A guard against a hang, not a measure: a restarted Dovecot on a loaded
	// machine plus one command timeout (10 s) can take longer than 15 s.
	deadline := time.After(45 * time.Second)
	for {
		f.mu.Lock()
		got := len(f.applied)
		f.mu.Unlock()
		if got >= n {
			return
		}
		select {
		case <-f.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("%d letters applied, want %d", got, n)
		}
	}
}

// checkOnce fails unless every letter was applied exactly once.
func (f *fakeInbox) checkOnce(t *testing.T) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, n := range f.applied {
		if n != 1 {
			t.Errorf("letter %s applied %d times", k, n)
		}
	}
}

// startReader runs a reader (newReader) until stop is called or the
// test ends.
func startReader(t *testing.T, addr string, inbox mailbox.Inbox, tweak func(*mailbox.ReaderOptions)) (stop func()) {
	t.Helper()
	r := newReader(t, addr, inbox, tweak)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			require.NoError(t, <-done)
		})
	}
	t.Cleanup(stop)
	return stop
}

// newReader is a reader of the tournament INBOX at addr for inbox, with
// the tests' options, as tweak changes them.
func newReader(t *testing.T, addr string, inbox mailbox.Inbox, tweak func(*mailbox.ReaderOptions)) *mailbox.Reader {
	t.Helper()
	o := mailbox.ReaderOptions{
		Addr: addr, Security: mailbox.SecurityPlain, Username: tournament, Password: secret,
		Inbox: inbox, IdleWatchdog: time.Minute, PollInterval: time.Minute,
		MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond,
		CommandTimeout: 10 * time.Second, Logger: testLogger(t), Debug: debugWriter(t),
	}
	if tweak != nil {
		tweak(&o)
	}
	r, err := mailbox.NewReader(o)
	require.NoError(t, err)
	return r
}

// folders maps each mailbox of the tournament account (with '/' as the
// delimiter, whatever the server's) to its letters' Message-IDs.
func folders(t *testing.T, addr string) map[string][]string { return foldersOf(t, addr, tournament) }

// waitFolders waits until each folder of the tournament named in want
// holds that many letters (a folder not made yet holds none). Its bound
// is a guard against a hang, not a measure: a restarted Dovecot on a
// loaded machine and a command timeout or two.
func waitFolders(t *testing.T, addr string, want map[string]int) {
	t.Helper()
	got := map[string]int{}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		f := folders(t, addr)
		for name := range want {
			got[name] = len(f[name])
		}
		if maps.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the folders hold %v letters, not %v", got, want)
		}
	}
}

// playerInbox lists the Message-IDs in the player's INBOX.
func playerInbox(t *testing.T, addr string) []string { return foldersOf(t, addr, player)["INBOX"] }

func foldersOf(t *testing.T, addr, user string) map[string][]string {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(user, secret).Wait())
	list, err := c.List("", "*", nil).Collect()
	require.NoError(t, err)
	out := map[string][]string{}
	for _, m := range list {
		name := m.Mailbox
		if m.Delim != 0 {
			name = strings.ReplaceAll(name, string(m.Delim), "/")
		}
		sel, err := c.Select(m.Mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			continue // \Noselect parents
		}
		out[name] = []string{}
		if sel.NumMessages == 0 {
			continue
		}
		body := &imap.FetchItemBodySection{Peek: true}
		msgs, err := c.Fetch(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}}, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{body}}).Collect()
		require.NoError(t, err)
		for _, msg := range msgs {
			in, err := mailbox.Decode(msg.FindBodySection(body))
			require.NoError(t, err)
			out[name] = append(out[name], in.MessageID)
		}
	}
	return out
}

// proxy forwards TCP connections to a server and can cut them all, as a
// restarting server or a broken network would.
type proxy struct {
	ln     net.Listener
	mu     sync.Mutex
	conns  []net.Conn
	target string
	// muteExists drops the server's "* N EXISTS" lines, as a server that
	// misses a change notification would.
	muteExists atomic.Bool
	// understate says every letter is of one byte in the server's
	// RFC822.SIZE, as a hostile or broken server would.
	understate atomic.Bool
	// watched is a line of the server's whose passing seen counts; at
	// the first, atWatched runs (cut, stall), as a broken network would
	// in the middle of a letter.
	watched   atomic.Pointer[string]
	seen      atomic.Int64
	atWatched atomic.Pointer[func()]
	// everyTime runs atWatched at every passing of watched, not the
	// first only.
	everyTime atomic.Bool
	// lineDelay holds each line of the server's back this long, as a slow
	// link would.
	lineDelay atomic.Int64 // time.Duration
	// Connections numbered up to stalled get no more bytes from the
	// server, as over a half-open TCP connection.
	opened, stalled atomic.Int64
	// refuse closes new connections at once, as a server that is down.
	refuse atomic.Bool
	// poison, when set, takes the place of the first letter's body the
	// server sends (its FETCH line announcing BODY[]): the client gets
	// poison's head and then its body over and over until it goes, as
	// from a hostile server; poisoned counts the connections so served.
	poison   atomic.Pointer[poison]
	poisoned atomic.Int64
}

// poison is an endless answer: head, then body over and over.
type poison struct{ head, body string }

// send writes p to w until w fails.
func (p *poison) send(w io.Writer) {
	if _, err := io.WriteString(w, p.head); err != nil {
		return
	}
	chunk := []byte(strings.Repeat(p.body, 32<<10/len(p.body)))
	for {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

func newProxy(t *testing.T, target string) *proxy { return newTLSProxy(t, target, nil, nil) }

// newTLSProxy is newProxy with TLS on both sides when front is set: its
// clients reach it with front's certificate, it reaches target with back,
// and what it reads and changes is inside both.
func newTLSProxy(t *testing.T, target string, front, back *tls.Config) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dial := func() (net.Conn, error) { return net.Dial("tcp", target) }
	if front != nil {
		ln = tls.NewListener(ln, front)
		dial = func() (net.Conn, error) { return tls.Dial("tcp", target, back) }
	}
	p := &proxy{ln: ln, target: target}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			a, err := ln.Accept()
			if err != nil {
				return
			}
			if p.refuse.Load() {
				a.Close()
				continue
			}
			b, err := dial()
			if err != nil {
				a.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, a, b)
			p.mu.Unlock()
			n := p.opened.Add(1)
			go func() { p.down(n, a, b); a.Close() }()
			go func() { io.Copy(b, a); b.Close() }()
		}
	}()
	return p
}

// stall silences every connection open now.
func (p *proxy) stall() { p.stalled.Store(p.opened.Load()) }

// down copies the server's lines to the client, dropping EXISTS when muted.
func (p *proxy) down(n int64, client io.Writer, server io.Reader) {
	br := bufio.NewReader(server)
	for {
		line, err := br.ReadBytes('\n')
		if ps := p.poison.Load(); ps != nil && bodyLine.Match(line) {
			p.poisoned.Add(1)
			ps.send(client)
			return
		}
		if p.understate.Load() && fetchLine.Match(line) {
			line = sizeItem.ReplaceAll(line, []byte("RFC822.SIZE 1"))
		}
		if w := p.watched.Load(); w != nil && string(line) == *w {
			p.seen.Add(1)
			do := p.atWatched.Load()
			if !p.everyTime.Load() {
				do = p.atWatched.Swap(nil)
			}
			if do != nil {
				(*do)()
			}
		}
		if d := time.Duration(p.lineDelay.Load()); d > 0 {
			time.Sleep(d)
		}
		if len(line) > 0 && n > p.stalled.Load() && !(p.muteExists.Load() && existsLine.Match(line)) {
			if _, werr := client.Write(line); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

var (
	existsLine = regexp.MustCompile(`^\* \d+ EXISTS\r?\n$`)
	fetchLine  = regexp.MustCompile(`^\* \d+ FETCH `)
	sizeItem   = regexp.MustCompile(`RFC822\.SIZE \d+`)
	bodyLine   = regexp.MustCompile(`^\* \d+ FETCH \(.*BODY\[\] \{\d+\}\r?\n$`)
)

func (p *proxy) addr() string { return p.ln.Addr().String() }

// cut closes every connection made so far.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// debugWriter traces IMAP to the test log when ZAOCHNIK_IMAP_TRACE is set.
func debugWriter(t testing.TB) io.Writer {
	if os.Getenv("ZAOCHNIK_IMAP_TRACE") == "" {
		return nil
	}
	return tWriter{t}
}

// oneByOne answers a group of letters with accept, one letter at a time,
// up to the first that fails.
func oneByOne(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched,
	accept func(ctx context.Context, mbox string, validity uint32, l mailbox.Fetched) (bool, error)) ([]bool, error) {
	var refused []bool
	for _, l := range letters {
		r, err := accept(ctx, mbox, validity, l)
		if err != nil {
			return refused, err
		}
		refused = append(refused, r)
	}
	return refused, nil
}
