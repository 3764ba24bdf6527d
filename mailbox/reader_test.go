package mailbox_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/mailtest"
)

// TestReader_FetchAndFile: letters in three charsets and an HTML-only one
// are handed over once each and filed; a refused one goes to the refused
// folder; a letter arriving while the reader IDLEs wakes it (the watchdog
// is a minute away, so only the IDLE push can deliver it in time).
func TestReader_FetchAndFile(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		for _, name := range []string{"cp1251.eml", "koi8r.eml", "html-only.eml"} {
			raw, err := os.ReadFile(filepath.Join("testdata", name))
			require.NoError(t, err)
			s.deliver(raw)
		}
		s.deliver(letter("bad.1@example.ru", "please refuse this"))
		inbox := newFakeInbox()
		startReader(t, s.addr, inbox, nil)
		inbox.waitApplied(t, 4)

		s.deliver(letter("late.1@example.ru", "Партия 7"))
		inbox.waitApplied(t, 5)
		inbox.checkOnce(t)

		inbox.mu.Lock()
		assert.Contains(t, inbox.texts["cp1251.1@example.ru"], "Ход: 1. c3-d4")
		assert.Contains(t, inbox.texts["koi8.1@example.org"], "Ход: 2. f6-g5")
		assert.Contains(t, inbox.texts["html.1@example.com"], "1. c3-d4 & f6-g5")
		inbox.mu.Unlock()

		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 4, "zaochnik/refused": 1})
		f := folders(t, s.addr)
		assert.ElementsMatch(t, []string{"bad.1@example.ru"}, f["zaochnik/refused"])
	})
}

// TestReader_Poll follows the mailbox without IDLE.
func TestReader_Poll(t *testing.T) {
	s := startLocal(t)
	inbox := newFakeInbox()
	startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) {
		o.Poll, o.PollInterval = true, 20*time.Millisecond
	})
	s.deliver(letter("p.1@example.ru", "1"))
	inbox.waitApplied(t, 1)
	s.deliver(letter("p.2@example.ru", "2"))
	inbox.waitApplied(t, 2)
	inbox.checkOnce(t)
}

// TestReader_ReconnectDuringIdle: the connection dies while the reader
// IDLEs (a server restart, a network cut); it reconnects with backoff and
// takes the letters that came meanwhile.
func TestReader_ReconnectDuringIdle(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		p := newProxy(t, s.addr)
		inbox := newFakeInbox()
		startReader(t, p.addr(), inbox, nil)
		s.deliver(letter("r.1@example.ru", "1"))
		inbox.waitApplied(t, 1)

		if s.dovecot != nil {
			s.dovecot.Stop() // a real restart: the server is gone for a while
			s.dovecot.Start()
		} else {
			p.cut()
		}
		s.deliver(letter("r.2@example.ru", "2"))
		inbox.waitApplied(t, 2)
		inbox.checkOnce(t)
	})
}

// TestReader_StoreErrorRetried: an Accept that fails stores nothing; the
// reader offers the letter again after reconnecting and files it once.
func TestReader_StoreErrorRetried(t *testing.T) {
	s := startLocal(t)
	inbox := newFakeInbox()
	inbox.failTimes["busy.1@example.ru"] = 2
	s.deliver(letter("ok.1@example.ru", "1"))
	s.deliver(letter("busy.1@example.ru", "2"))
	s.deliver(letter("ok.2@example.ru", "3"))
	startReader(t, s.addr, inbox, nil)
	inbox.waitApplied(t, 3)
	inbox.checkOnce(t)
	waitFolders(t, s.addr, map[string]int{"zaochnik/processed": 3})
}

// TestReader_Groups: a backlog is handed over in groups of at most
// GroupSize, in UID order, a failed letter and those after it offered
// again; a lone letter arriving in IDLE is handed over alone, at once.
func TestReader_Groups(t *testing.T) {
	s := startLocal(t)
	inbox := newFakeInbox()
	for i := range 10 {
		s.deliver(letter(fmt.Sprintf("g.%d@example.ru", i), "backlog"))
	}
	inbox.failTimes["g.5@example.ru"] = 1
	startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.GroupSize = 3 })
	inbox.waitApplied(t, 10)
	s.deliver(letter("lone.1@example.ru", "in IDLE"))
	inbox.waitApplied(t, 11)
	inbox.checkOnce(t)
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	for _, n := range inbox.groups {
		assert.LessOrEqual(t, n, 3)
	}
	assert.Equal(t, 1, inbox.groups[len(inbox.groups)-1], "the lone letter goes alone")
	assert.Equal(t, 12, inbox.offers, "g.5 offered twice, every other letter once")
}

// TestReader_ResumesAfterCrash: a letter accepted before a crash but not
// filed is offered again (Accept answers as the first time), one flagged
// before the crash is filed without being offered, so neither is applied
// twice.
func TestReader_ResumesAfterCrash(t *testing.T) {
	s := startLocal(t)
	inbox := newFakeInbox()
	// The store had accepted c.1 (as UID 1) when the process died.
	inbox.validity, inbox.last = 1, 1
	inbox.decided["c.1@example.ru"] = true
	inbox.applied["c.1@example.ru"] = 1
	s.deliver(letter("c.1@example.ru", "accepted, not filed"))
	s.deliver(letter("c.2@example.ru", "new"))
	startReader(t, s.addr, inbox, nil)
	inbox.waitApplied(t, 2)
	inbox.checkOnce(t)
	require.Eventually(t, func() bool {
		f := folders(t, s.addr)
		return len(f["INBOX"]) == 0 && assert.ObjectsAreEqual([]string{"c.1@example.ru"}, f["zaochnik/refused"])
	}, 10*time.Second, 20*time.Millisecond, "the first answer (refused) is kept")
}

// TestReader_UIDValidityReset: the server presents a new UIDVALIDITY (a
// restore, a rebuilt index) with letters seen before back in the INBOX;
// the reader rescans and the store's Message-ID dedup keeps every letter
// applied once.
func TestReader_UIDValidityReset(t *testing.T) {
	s := startDovecot(t)
	inbox := newFakeInbox()
	first := letter("u.1@example.ru", "1")
	s.deliver(first)
	stop := startReader(t, s.addr, inbox, nil)
	inbox.waitApplied(t, 1)
	stop()

	s.deliver(first) // restored from a backup
	s.deliver(letter("u.2@example.ru", "2"))
	s.dovecot.SetUIDValidity(tournament, "INBOX", 4242)
	startReader(t, s.addr, inbox, nil)
	inbox.waitApplied(t, 2)
	inbox.checkOnce(t)
	inbox.mu.Lock()
	assert.Equal(t, uint32(4242), inbox.validity)
	assert.GreaterOrEqual(t, inbox.offers, 3, "the restored letter was offered again")
	inbox.mu.Unlock()
	waitFolders(t, s.addr, map[string]int{"INBOX": 0})
}

// TestReader_IdleWatchdog: the server never tells the reader about a new
// letter (its EXISTS is lost); the watchdog that breaks IDLE finds it.
func TestReader_IdleWatchdog(t *testing.T) {
	s := startLocal(t)
	p := newProxy(t, s.addr)
	p.muteExists.Store(true)
	inbox := newFakeInbox()
	startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) { o.IdleWatchdog = 50 * time.Millisecond })
	s.deliver(letter("w.1@example.ru", "1"))
	inbox.waitApplied(t, 1)
	s.deliver(letter("w.2@example.ru", "2"))
	inbox.waitApplied(t, 2)
	inbox.checkOnce(t)
}

// TestReader_SilentServer: the server stops answering without closing
// the connection (half-open TCP); the watchdog leaves IDLE, the command
// deadline drops the connection, and the reader reconnects.
func TestReader_SilentServer(t *testing.T) {
	s := startLocal(t)
	p := newProxy(t, s.addr)
	inbox := newFakeInbox()
	startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
		o.IdleWatchdog, o.CommandTimeout = 50*time.Millisecond, 200*time.Millisecond
	})
	s.deliver(letter("s.1@example.ru", "1"))
	inbox.waitApplied(t, 1)
	waitFolders(t, s.addr, map[string]int{"zaochnik/processed": 1})
	time.Sleep(20 * time.Millisecond) // into IDLE; stalling earlier is covered as well
	p.stall()
	s.deliver(letter("s.2@example.ru", "2"))
	inbox.waitApplied(t, 2)
	inbox.checkOnce(t)
}

// TestReader_NamespacePrefix: on a server whose personal namespace is
// "INBOX." (Courier, Cyrus, some Dovecots), the folders are created under it.
func TestReader_NamespacePrefix(t *testing.T) {
	d := mailtest.StartDovecot(t, map[string]string{tournament: secret},
		"namespace inbox {\n  inbox = yes\n  prefix = INBOX.\n  separator = .\n}")
	appendLetters(t, d.Addr, letter("n.1@example.ru", "1"), letter("n.2@example.ru", "please refuse"))
	inbox := newFakeInbox()
	startReader(t, d.Addr, inbox, nil)
	inbox.waitApplied(t, 2)
	waitFolders(t, d.Addr, map[string]int{"INBOX": 0, "INBOX/zaochnik/processed": 1, "INBOX/zaochnik/refused": 1})
}

// TestReader_OversizedNeverFetched: a letter over MaxLetterSize is handed
// to Inbox.Oversized with its header only (its body never crosses the
// wire), read by the reader like any letter, and filed as refused; the
// letters around it are read as usual.
func TestReader_OversizedNeverFetched(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		s.deliver(letter("small.1@example.ru", "1"))
		big := append(letter("big.1@example.ru", "2"), bytes.Repeat([]byte("BODY-OF-THE-BIG-LETTER\r\n"), 2000)...)
		s.deliver(big)
		s.deliver(letter("small.2@example.ru", "3"))
		inbox := newFakeInbox()
		startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.MaxLetterSize = 16 << 10 })
		inbox.waitApplied(t, 2)
		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/refused": 1})
		inbox.mu.Lock()
		defer inbox.mu.Unlock()
		_, header := inbox.oneOversized(t)
		assert.Contains(t, string(header.Raw), "big.1@example.ru")
		assert.NotContains(t, string(header.Raw), "BODY-OF-THE-BIG-LETTER")
		require.NotNil(t, header.Mail, "the header is read at the edge, once")
		assert.True(t, header.Mail.Read())
		assert.Equal(t, "big.1@example.ru", header.Mail.MessageID)
		assert.NotContains(t, inbox.applied, "big.1@example.ru")
		assert.ElementsMatch(t, []string{"big.1@example.ru"}, folders(t, s.addr)["zaochnik/refused"])
	})
}

// TestReader_UnderstatedSizeNotBuffered: a letter whose RFC822.SIZE the
// server understates is fetched, but its literal, over MaxLetterSize, is
// discarded as it arrives, not held (or, past the bound of a response,
// the connection is dropped as soon as it is announced); the letter then
// goes the way of the oversized letters (Inbox.Oversized with its header
// and its real size, filed as refused), and the letters around it are
// read as usual.
func TestReader_UnderstatedSizeNotBuffered(t *testing.T) {
	for _, lines := range []int{2000, 5000} { // 48 KB, and 120 KB: past the bound of 80 KiB
		t.Run(strconv.Itoa(lines), func(t *testing.T) { understated(t, lines) })
	}
}

func understated(t *testing.T, lines int) {
	eachServer(t, func(t *testing.T, s server) {
		s.deliver(letter("small.1@example.ru", "1"))
		big := append(letter("big.1@example.ru", "2"), bytes.Repeat([]byte("BODY-OF-THE-BIG-LETTER\r\n"), lines)...)
		s.deliver(big)
		s.deliver(letter("small.2@example.ru", "3"))
		p := newProxy(t, s.addr)
		p.understate.Store(true)
		inbox := newFakeInbox()
		startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) { o.MaxLetterSize = 16 << 10 })
		inbox.waitApplied(t, 2)
		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 2, "zaochnik/refused": 1})
		inbox.mu.Lock()
		defer inbox.mu.Unlock()
		uid, header := inbox.oneOversized(t)
		assert.NotContains(t, string(header.Raw), "BODY-OF-THE-BIG-LETTER")
		require.NotNil(t, header.Mail, "the header is read at the edge, once")
		assert.Equal(t, "big.1@example.ru", header.Mail.MessageID)
		assert.GreaterOrEqual(t, inbox.sizes[uid], int64(len(big)), "the size that arrived, not the one announced")
		assert.NotContains(t, inbox.applied, "big.1@example.ru")
		assert.ElementsMatch(t, []string{"big.1@example.ru"}, folders(t, s.addr)["zaochnik/refused"])
		if len(big) > 16<<10+64<<10 {
			assert.GreaterOrEqual(t, p.opened.Load(), int64(2), "past the bound: the connection dropped, the reader back")
		} else {
			assert.EqualValues(t, 1, p.opened.Load(), "the connection goes on")
		}
	})
}

// TestReader_OversizedHeaderNotHeld: the header of an oversized letter is
// fetched under the same limit: a header over it is discarded as it
// arrives, and the letter handed to Inbox.Oversized with the fields that
// name it (its Message-ID, by which the store finds it again under
// another UIDVALIDITY; its sender, subject and date), or, when those are
// over the limit too, with none (the store keeps it all the same), and
// filed as refused.
func TestReader_OversizedHeaderNotHeld(t *testing.T) {
	tests := []struct {
		name, long, id string // id: the Message-ID handed over, "" for no header
	}{
		{"Fields", "X-Long: ", "big.1@example.ru"},
		{"None", "Subject: ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachServer(t, func(t *testing.T, s server) {
				long := tt.long + string(bytes.Repeat([]byte("LONG-HEADER "), 2000)) + "\r\n"
				s.deliver(append([]byte(long), letter("big.1@example.ru", "1")...))
				s.deliver(letter("small.1@example.ru", "2"))
				inbox := newFakeInbox()
				startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.MaxLetterSize = 16 << 10 })
				inbox.waitApplied(t, 1)
				waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/refused": 1})
				inbox.mu.Lock()
				defer inbox.mu.Unlock()
				uid, header := inbox.oneOversized(t)
				assert.NotContains(t, string(header.Raw), "LONG-HEADER", "a header over the limit is not held")
				assert.Greater(t, inbox.sizes[uid], int64(16<<10))
				if tt.id == "" {
					assert.Empty(t, header.Raw)
				} else {
					require.NotNil(t, header.Mail, "read at the edge, once")
					assert.Equal(t, tt.id, header.Mail.MessageID)
					assert.Equal(t, "player@example.ru", header.Mail.From.Addr)
					assert.Equal(t, "1", header.Mail.Subject)
				}
				assert.Contains(t, inbox.applied, "small.1@example.ru")
			})
		})
	}
}

// TestReader_LateOversizedOnce: a letter found over
// MaxLetterSize only as it arrived (the server understated its
// RFC822.SIZE) is remembered when the catch-up that found it fails before
// handing it over: a store failure on a letter after it, the connection
// cut in the middle of it, or the reader's own timeout dropping it there
// (which, for a letter too slow to arrive, came back at every retry, and
// the letters after it never came). The next catch-up fetches its header
// only: its body crosses the wire once, and it ends refused like any
// oversized letter, the letters around it applied.
func TestReader_LateOversizedOnce(t *testing.T) {
	tests := []struct {
		name    string
		fail    func(p *proxy, inbox *fakeInbox)
		timeout time.Duration // the reader's CommandTimeout
	}{
		{"StoreFails", func(_ *proxy, inbox *fakeInbox) { inbox.failTimes["small.2@example.ru"] = 1 }, 10 * time.Second},
		{"Cut", func(p *proxy, _ *fakeInbox) { p.atWatched.Store(ptr(p.cut)) }, 10 * time.Second},
		{"Stalled", func(p *proxy, _ *fakeInbox) { p.atWatched.Store(ptr(p.stall)) }, 2 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachServer(t, func(t *testing.T, s server) {
				const mark = "BODY-OF-THE-BIG-LETTER-BEGINS\r\n"
				s.deliver(letter("small.1@example.ru", "1"))
				big := append(letter("big.1@example.ru", "2"), mark...)
				s.deliver(append(big, bytes.Repeat([]byte("BODY-OF-THE-BIG-LETTER\r\n"), 2000)...))
				s.deliver(letter("small.2@example.ru", "3"))
				p := newProxy(t, s.addr)
				p.understate.Store(true)
				p.watched.Store(ptr(mark))
				inbox := newFakeInbox()
				tt.fail(p, inbox)
				startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
					o.MaxLetterSize, o.CommandTimeout = 16<<10, tt.timeout
				})
				inbox.waitApplied(t, 2)
				waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 2, "zaochnik/refused": 1})
				assert.EqualValues(t, 1, p.seen.Load(), "the big letter's body fetched once")
				inbox.checkOnce(t)
				inbox.mu.Lock()
				defer inbox.mu.Unlock()
				_, header := inbox.oneOversized(t)
				require.NotNil(t, header.Mail)
				assert.Equal(t, "big.1@example.ru", header.Mail.MessageID)
				assert.NotContains(t, inbox.applied, "big.1@example.ru")
			})
		})
	}
}

// TestReader_OversizedRefusedByTheStore: an oversized letter the Inbox
// cannot take (Oversized fails, for good as far as the reader knows)
// holds up no other letter: the letters around it are applied and filed,
// it stays in the mailbox unmarked (nothing of it lost), is offered again
// after a backoff of its own, and is filed once the store takes it.
func TestReader_OversizedRefusedByTheStore(t *testing.T) {
	s := startLocal(t)
	s.deliver(letter("small.1@example.ru", "1"))
	s.deliver(append(letter("big.1@example.ru", "2"), bytes.Repeat([]byte("BODY-OF-THE-BIG-LETTER\r\n"), 2000)...))
	s.deliver(letter("small.2@example.ru", "3"))
	inbox := newFakeInbox()
	inbox.oversizedFails.Store(true)
	startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) {
		o.MaxLetterSize, o.Poll, o.PollInterval = 16<<10, true, 20*time.Millisecond
	})
	inbox.waitApplied(t, 2)
	require.Eventually(t, func() bool {
		inbox.mu.Lock()
		defer inbox.mu.Unlock()
		return inbox.oversizedOffers >= 2
	}, 10*time.Second, 20*time.Millisecond, "offered again")
	waitFolders(t, s.addr, map[string]int{"zaochnik/processed": 2})
	f := folders(t, s.addr)
	assert.Equal(t, []string{"big.1@example.ru"}, f["INBOX"], "left where it was")
	assert.Empty(t, f["zaochnik/refused"])

	inbox.oversizedFails.Store(false)
	waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/refused": 1})
	inbox.checkOnce(t)
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	assert.Len(t, inbox.oversized, 1)
}

// TestReader_SlowLettersGetTheirTime: a letter coming slowly but
// steadily has the command timeout and a second for every
// MinTransferRate of its bytes, each letter its own: one under the limit
// slower than the command timeout is taken (it was cut at every try, for
// good), and letters discarded over the limit (their RFC822.SIZE
// understated) one after another no longer share one command timeout.
// The connection is never dropped.
func TestReader_SlowLettersGetTheirTime(t *testing.T) {
	tests := []struct {
		name       string
		limit      int64
		slow       int // letters of about 48 KB
		applied    int
		oversized  int
		understate bool
	}{
		{"UnderTheLimit", 64 << 10, 1, 3, 0, false},
		{"DiscardedOneAfterAnother", 16 << 10, 2, 2, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startLocal(t)
			s.deliver(letter("small.1@example.ru", "1"))
			for i := range tt.slow {
				s.deliver(append(letter(fmt.Sprintf("slow.%d@example.ru", i), "2"), bytes.Repeat([]byte("BODY-OF-THE-SLOW-LETTER\r\n"), 2000)...))
			}
			s.deliver(letter("small.2@example.ru", "3"))
			p := newProxy(t, s.addr)
			p.understate.Store(tt.understate)
			p.lineDelay.Store(int64(2 * time.Millisecond)) // 4 s and more a slow letter
			inbox := newFakeInbox()
			startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
				o.MaxLetterSize, o.CommandTimeout, o.MinTransferRate = tt.limit, 2*time.Second, 2<<10 // 25 s a slow letter
			})
			inbox.waitApplied(t, tt.applied)
			waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": tt.applied, "zaochnik/refused": tt.oversized})
			assert.EqualValues(t, 1, p.opened.Load(), "the connection was never dropped")
			inbox.checkOnce(t)
			inbox.mu.Lock()
			defer inbox.mu.Unlock()
			assert.Len(t, inbox.oversized, tt.oversized)
		})
	}
}

// TestReader_StalledLetterPutOff: a letter under the limit whose literal
// stops coming (at every try: a server or a link that fails on it) is cut
// once a try, by its allowance, and put off: the letters after it are
// handed over meanwhile, it stays in the mailbox unmarked and is tried
// again, alone and after the others, after a backoff of its own, and
// taken once it comes.
func TestReader_StalledLetterPutOff(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		const mark = "BODY-OF-THE-STALLED-LETTER-BEGINS\r\n"
		s.deliver(letter("small.1@example.ru", "1"))
		s.deliver(append(letter("stalled.1@example.ru", "2"), mark+"Ход: 2. d4-e5\r\n"...))
		s.deliver(letter("small.2@example.ru", "3"))
		p := newProxy(t, s.addr)
		p.watched.Store(ptr(mark))
		p.atWatched.Store(ptr(p.stall))
		p.everyTime.Store(true)
		inbox := newFakeInbox()
		startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
			o.CommandTimeout, o.Poll, o.PollInterval = time.Second, true, 20*time.Millisecond
		})
		inbox.waitApplied(t, 2)
		require.Eventually(t, func() bool { return p.seen.Load() >= 2 }, 30*time.Second, 20*time.Millisecond, "tried again")
		waitFolders(t, s.addr, map[string]int{"zaochnik/processed": 2})
		inbox.mu.Lock()
		assert.NotContains(t, inbox.applied, "stalled.1@example.ru")
		inbox.mu.Unlock()

		p.atWatched.Store(nil) // the link mended
		inbox.waitApplied(t, 3)
		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 3})
		inbox.checkOnce(t)
	})
}

// TestReader_OversizedHeaderPastTheBound: an oversized letter whose
// header alone takes its response past the bound of a response (the
// frame drops the connection as the header is announced) holds up no
// other letter: the letters around it are applied and filed, it is put
// off, and once its header has broken the connection twice it is handed
// over without one and filed as refused (it stopped the mailbox, the
// oversized letters being handed over first at every catch-up).
func TestReader_OversizedHeaderPastTheBound(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		long := "X-Long: " + string(bytes.Repeat([]byte("LONG-HEADER "), 10000)) + "\r\n" // 120 KB: past 16 KiB and 64 KiB
		s.deliver(letter("small.1@example.ru", "1"))
		s.deliver(append([]byte(long), letter("big.1@example.ru", "2")...))
		s.deliver(letter("small.2@example.ru", "3"))
		inbox := newFakeInbox()
		startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) {
			o.MaxLetterSize, o.Poll, o.PollInterval = 16<<10, true, 20*time.Millisecond
		})
		inbox.waitApplied(t, 2)
		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 2, "zaochnik/refused": 1})
		inbox.checkOnce(t)
		inbox.mu.Lock()
		defer inbox.mu.Unlock()
		_, header := inbox.oneOversized(t)
		assert.Empty(t, header.Raw, "handed over without its header")
	})
}

// ptr is a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// TestReader_FetchesTheNextBatchWhileTheStoreWorks: the next batch is
// asked of the server while the store still works on the last letter of
// the batch before (it does not wait for that batch to be handed over and
// filed), and every letter is still applied once and filed.
func TestReader_FetchesTheNextBatchWhileTheStoreWorks(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		for i := range 4 {
			s.deliver(letter(fmt.Sprintf("n.%d@example.ru", i), "backlog"))
		}
		trace := &fetchTrace{}
		inbox := &slowInbox{fakeInbox: newFakeInbox(), slow: 2, wait: func() bool {
			// A guard against a hang: a reader that waits for the store
			// never sends the second FETCH.
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				if trace.fetches() >= 2 {
					return true
				}
			}
			return false
		}}
		startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.BatchSize, o.GroupSize, o.Debug = 2, 1, trace })
		inbox.waitApplied(t, 4)
		inbox.checkOnce(t)
		assert.True(t, inbox.overlapped.Load(), "the second batch was asked for while the store worked on the first")
		waitFolders(t, s.addr, map[string]int{"INBOX": 0, "zaochnik/processed": 4})
	})
}

// slowInbox is a fakeInbox whose Accept of its slow-th letter (counting
// from 1) returns only after wait, recording what wait saw.
type slowInbox struct {
	*fakeInbox
	slow       int
	seen       atomic.Int64
	wait       func() bool
	overlapped atomic.Bool
}

func (s *slowInbox) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	if n := s.seen.Add(int64(len(letters))); n >= int64(s.slow) && n-int64(len(letters)) < int64(s.slow) {
		s.overlapped.Store(s.wait())
	}
	return s.fakeInbox.Accept(ctx, mbox, validity, letters)
}

// fetchTrace counts the body fetches a client sent in its IMAP trace.
type fetchTrace struct {
	mu sync.Mutex
	n  int
}

func (f *fetchTrace) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n += bytes.Count(b, []byte("BODY.PEEK[]"))
	return len(b), nil
}

func (f *fetchTrace) fetches() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// TestReader_AcceptGivesTheBudgetBack: the bytes of a letter fetched come
// back to the budget (ReaderOptions.FetchBytes) once the Inbox answered
// it, also when its Accept failed, else the fetch waits for them for
// good. The budget and each FETCH hold two letters of the backlog, and
// every group is one letter, so the fetch waits for the bytes of the
// first group before it takes the third letter.
func TestReader_AcceptGivesTheBudgetBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail string // the Message-ID whose first Accept fails
	}{
		{"all accepted", ""},
		{"the first Accept fails", "h.0@example.ru"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startLocal(t)
			inbox := newFakeInbox()
			const n = 6
			var size int
			for i := range n {
				raw := append(letter(fmt.Sprintf("h.%d@example.ru", i), "backlog"), bytes.Repeat([]byte("Ход: 1. c3-d4\r\n"), 800)...)
				size = len(raw) // with the headers localmail adds, under a tenth more
				s.deliver(raw)
			}
			if tc.fail != "" {
				inbox.failTimes[tc.fail] = 1
			}
			r := newReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.FetchBytes, o.GroupSize = int64(size)*5/2, 1 })
			// Run by hand, not by startReader: a reader whose fetch waits
			// for bytes never given back is left behind when waitApplied
			// fails, rather than waited for.
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- r.Run(ctx) }()
			inbox.waitApplied(t, n)
			cancel()
			require.NoError(t, <-done)
			inbox.checkOnce(t)
		})
	}
}

// TestReader_HostileResponseDropped: a server whose answer would make
// go-imap hold more than a letter of MaxLetterSize and its envelope (a
// body as a quoted string over lines or on one endless line, a long
// untagged line, a line without end) has the connection dropped, with an
// error in the log naming it and the bound; no letter is handed over nor
// marked, the reader backs off and comes again, and once the server
// behaves every letter is read, once. (How much go-imap reads before:
// TestBoundedConn_GoImapHoldsNoMore.)
func TestReader_HostileResponseDropped(t *testing.T) {
	tests := []struct {
		name string
		p    poison
	}{
		{"QuotedBodyOverLines", poison{"* 1 FETCH (UID 1 BODY[] \"From: x\r\n", "line\r\n"}},
		{"QuotedBodyOneLine", poison{"* 1 FETCH (UID 1 BODY[] \"", "xxxxxxxx"}},
		{"LongUntaggedLine", poison{"* OK [ALERT] ", "talk "}},
		{"LineWithoutEnd", poison{"* 1 FETCH (UID 1 FLAGS (", "\\x "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachServer(t, func(t *testing.T, s server) {
				s.deliver(letter("h.1@example.ru", "1"))
				s.deliver(letter("h.2@example.ru", "2"))
				p := newProxy(t, s.addr)
				p.poison.Store(&tt.p)
				var log mailtest.Buffer
				inbox := newFakeInbox()
				startReader(t, p.addr(), inbox, func(o *mailbox.ReaderOptions) {
					o.MaxLetterSize = 16 << 10
					o.Logger = slog.New(slog.NewTextHandler(&log, nil))
				})
				checkHostileDropped(t, p, s.addr, inbox, &log, "imap="+p.addr())
			})
		})
	}
}

// inboxFlags lists the flags of each letter in the tournament INBOX.
func inboxFlags(t *testing.T, addr string) [][]imap.Flag {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(tournament, secret).Wait())
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	require.NoError(t, err)
	require.NotZero(t, sel.NumMessages, "the letters are in INBOX")
	msgs, err := c.Fetch(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}}, &imap.FetchOptions{Flags: true}).Collect()
	require.NoError(t, err)
	var out [][]imap.Flag
	for _, m := range msgs {
		var kept []imap.Flag
		for _, f := range m.Flags {
			if !strings.EqualFold(string(f), `\Recent`) {
				kept = append(kept, f)
			}
		}
		out = append(out, kept)
	}
	return out
}

// checkHostileDropped: the reader behind p, poisoned with a response past
// the bound of a 16 KiB letter, is dropped and comes back after a backoff;
// nothing is handed over nor marked in the INBOX of addr, and log names
// the bound (and what else is given). Then p behaves, and both letters
// are read, once.
func checkHostileDropped(t *testing.T, p *proxy, addr string, inbox *fakeInbox, log *mailtest.Buffer, named ...string) {
	t.Helper()
	require.Eventually(t, func() bool { return p.poisoned.Load() >= 2 }, 20*time.Second, 10*time.Millisecond,
		"dropped, and back after a backoff")
	inbox.mu.Lock()
	assert.Empty(t, inbox.applied, "nothing handed over")
	inbox.mu.Unlock()
	for _, flags := range inboxFlags(t, addr) {
		assert.Empty(t, flags, "the letters stay as they came, unmarked")
	}
	text := log.String()
	assert.Contains(t, text, "a response past the bound")
	for _, n := range named {
		assert.Contains(t, text, n, "named in the log")
	}
	assert.Contains(t, text, "bound="+strconv.Itoa(16<<10+64<<10), "the bound named")

	p.poison.Store(nil)
	inbox.waitApplied(t, 2)
	waitFolders(t, addr, map[string]int{"INBOX": 0, "zaochnik/processed": 2})
	inbox.checkOnce(t)
}

// TestReader_ProgressOfALargeLetter: the reader tells
// ReaderOptions.Progress of each 64 KiB of a letter as it arrives (the
// daemon's /healthz counts it as the reader alive while a slow letter
// takes its time), and of nothing for small letters.
func TestReader_ProgressOfALargeLetter(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		s.deliver(letter("small@example.ru", "1"))
		s.deliver(append(letter("large@example.ru", "2"), bytes.Repeat([]byte("A-LINE-OF-A-LARGE-LETTER-OF-64-BYTES-ABCDEFGHIJKLMNOPQRSTUVWXY\r\n"), 5<<10)...)) // 320 KiB
		var calls atomic.Int64
		inbox := newFakeInbox()
		startReader(t, s.addr, inbox, func(o *mailbox.ReaderOptions) { o.Progress = func() { calls.Add(1) } })
		inbox.waitApplied(t, 2)
		assert.EqualValues(t, 5, calls.Load(), "five times 64 KiB of the large letter, nothing of the small")
	})
}
