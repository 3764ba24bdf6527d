package mailbox_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
)

// benchLetters is the backlog size: ZAOCHNIK_BENCH_LETTERS, else 2000.
func benchLetters(b *testing.B) int {
	if s := os.Getenv("ZAOCHNIK_BENCH_LETTERS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(b, err)
		return n
	}
	return 2000
}

// benchBatch is the reader's batch size: ZAOCHNIK_BENCH_BATCH, else the default.
func benchBatch(b *testing.B) int {
	n, _ := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_BATCH"))
	return n
}

// fillBacklog appends n letters of about 1 KiB to the tournament INBOX.
func fillBacklog(b *testing.B, addr string, n int) {
	b.Helper()
	const chunk = 500
	for i := 0; i < n; i += chunk {
		var raws [][]byte
		for j := i; j < min(n, i+chunk); j++ {
			raw := letter(fmt.Sprintf("bench.%d.%d@example.ru", time.Now().UnixNano(), j), "Партия 7")
			raws = append(raws, append(raw, []byte(fmt.Sprintf("%0900d\r\n", j))...))
		}
		appendLetters(b, addr, raws...)
	}
}

// countingInbox accepts everything and stores nothing: what remains is
// the reader's own cost.
type countingInbox struct {
	n    atomic.Int64
	last atomic.Uint32
	at   chan time.Time // when given, receives the time of each Accept
}

func (c *countingInbox) Watermark(context.Context, string) (uint32, uint32, error) {
	return 0, c.last.Load(), nil
}

func (c *countingInbox) Oversized(_ context.Context, _ string, _ uint32, header mailbox.Fetched, _ int64) error {
	c.last.Store(header.UID)
	return nil
}

func (c *countingInbox) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	return oneByOne(ctx, mbox, validity, letters, c.accept)
}

func (c *countingInbox) accept(_ context.Context, _ string, _ uint32, l mailbox.Fetched) (bool, error) {
	c.n.Add(1)
	c.last.Store(l.UID)
	if c.at != nil {
		c.at <- time.Now()
	}
	return false, nil
}

// BenchmarkFetchBacklog compares, on the same Dovecot and backlog, the rate
// at which a bare go-imap client fetches the letters (UID FETCH BODY.PEEK[]
// in batches of 100) with the reader's catch-up rate (fetch, hand over,
// flag and MOVE). Run: go test -run='^$' -bench=FetchBacklog -benchtime=1x ./mailbox
func BenchmarkFetchBacklog(b *testing.B) {
	n := benchLetters(b)
	s := startDovecot(b)
	b.Run("bare", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			fillBacklog(b, s.addr, n)
			c, err := imapclient.DialInsecure(s.addr, nil)
			require.NoError(b, err)
			require.NoError(b, c.Login(tournament, secret).Wait())
			_, err = c.Select("INBOX", nil).Wait()
			require.NoError(b, err)
			b.StartTimer()
			start := time.Now()
			list, err := c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, Flags: true}).Collect()
			require.NoError(b, err)
			body := &imap.FetchItemBodySection{Peek: true}
			got := 0
			for i := 0; i < len(list); i += 100 {
				var set imap.UIDSet
				for _, m := range list[i:min(len(list), i+100)] {
					set.AddNum(m.UID)
				}
				msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
				require.NoError(b, err)
				got += len(msgs)
			}
			b.ReportMetric(float64(got)/time.Since(start).Seconds(), "letters/s")
			b.StopTimer()
			// Empty the INBOX for the next round.
			_, err = c.Store(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Collect()
			require.NoError(b, err)
			require.NoError(b, c.Expunge().Close())
			c.Close()
			b.StartTimer()
		}
	})
	b.Run("reader", func(b *testing.B) {
		// A second connection watches the processed folder: the catch-up
		// ends when the last letter is filed, not when it is handed over.
		watch, err := imapclient.DialInsecure(s.addr, nil)
		require.NoError(b, err)
		defer watch.Close()
		require.NoError(b, watch.Login(tournament, secret).Wait())
		filed := func() int {
			st, err := watch.Status("zaochnik.processed", &imap.StatusOptions{NumMessages: true}).Wait()
			if err != nil || st.NumMessages == nil {
				return 0 // not created yet
			}
			return int(*st.NumMessages)
		}
		for range b.N {
			b.StopTimer()
			fillBacklog(b, s.addr, n)
			target := filed() + n
			inbox := &countingInbox{}
			r, err := mailbox.NewReader(mailbox.ReaderOptions{Addr: s.addr, Security: mailbox.SecurityPlain,
				Username: tournament, Password: secret, Inbox: inbox, Logger: testLogger(b), BatchSize: benchBatch(b)})
			require.NoError(b, err)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error)
			b.StartTimer()
			start := time.Now()
			go func() { done <- r.Run(ctx) }()
			for inbox.n.Load() < int64(n) {
				time.Sleep(time.Millisecond)
			}
			handed := time.Since(start)
			for filed() < target {
				time.Sleep(2 * time.Millisecond)
			}
			b.ReportMetric(float64(n)/handed.Seconds(), "handed-over/s")
			b.ReportMetric(float64(n)/time.Since(start).Seconds(), "letters/s")
			b.StopTimer()
			cancel()
			require.NoError(b, <-done)
			b.StartTimer()
		}
	})
}

// BenchmarkIdleWakeup measures the time from a letter's APPEND completing
// in Dovecot to the reader handing it over, while the reader IDLEs.
// Run: go test -run='^$' -bench=IdleWakeup -benchtime=20x ./mailbox
func BenchmarkIdleWakeup(b *testing.B) {
	s := startDovecot(b)
	inbox := &countingInbox{at: make(chan time.Time, 1)}
	r, err := mailbox.NewReader(mailbox.ReaderOptions{Addr: s.addr, Security: mailbox.SecurityPlain,
		Username: tournament, Password: secret, Inbox: inbox, Logger: testLogger(b)})
	require.NoError(b, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.Run(ctx) }()
	defer func() { cancel(); <-done }()
	c, err := imapclient.DialInsecure(s.addr, nil)
	require.NoError(b, err)
	defer c.Close()
	require.NoError(b, c.Login(tournament, secret).Wait())
	time.Sleep(200 * time.Millisecond) // let the reader reach IDLE
	var lat []time.Duration
	b.ResetTimer()
	for i := range b.N {
		raw := letter(fmt.Sprintf("idle.%d@example.ru", i), "x")
		cmd := c.Append("INBOX", int64(len(raw)), nil)
		_, err := cmd.Write(raw)
		require.NoError(b, err)
		require.NoError(b, cmd.Close())
		_, err = cmd.Wait()
		require.NoError(b, err)
		appended := time.Now()
		lat = append(lat, (<-inbox.at).Sub(appended))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Milliseconds()), "p99-ms")
}

// sizeInbox records what became of each letter: handed over whole, or
// told of as oversized with its header only.
type sizeInbox struct {
	last  atomic.Uint32
	whole atomic.Int64 // bytes of the letters handed over whole
	done  chan struct{}
	want  int
	n     atomic.Int64
}

func (s *sizeInbox) Watermark(context.Context, string) (uint32, uint32, error) {
	return 0, s.last.Load(), nil
}

func (s *sizeInbox) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	return oneByOne(ctx, mbox, validity, letters, s.accept)
}

func (s *sizeInbox) accept(_ context.Context, _ string, _ uint32, l mailbox.Fetched) (bool, error) {
	s.whole.Add(int64(len(l.Raw)))
	s.seen(l.UID)
	return false, nil
}

func (s *sizeInbox) Oversized(_ context.Context, _ string, _ uint32, header mailbox.Fetched, _ int64) error {
	s.seen(header.UID)
	return nil
}

func (s *sizeInbox) seen(uid uint32) {
	s.last.Store(uid)
	if s.n.Add(1) == int64(s.want) {
		close(s.done)
	}
}

// BenchmarkOversizedLetter measures what reading a mailbox holding a 50 MiB
// letter costs the reader with the size limit (10 MiB: the letter is never
// fetched) beside the same read without it (the baseline, which fetches
// it): bytes allocated and the peak of the live heap, sampled every
// millisecond. Run: go test -run='^$' -bench=OversizedLetter -benchtime=1x ./mailbox
func BenchmarkOversizedLetter(b *testing.B) {
	s := startDovecot(b)
	big := append(letter("huge.1@example.ru", "вложение"), bytes.Repeat([]byte(strings.Repeat("x", 76)+"\r\n"), 50<<20/78)...)
	for _, c := range []struct {
		name  string
		limit int64
	}{{"limit-10MiB", 10 << 20}, {"baseline-no-limit", 1 << 40}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				appendLetters(b, s.addr, big, letter(fmt.Sprintf("small.%d@example.ru", time.Now().UnixNano()), "1"))
				inbox := &sizeInbox{done: make(chan struct{}), want: 2}
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				var peak atomic.Uint64
				stopSampling := make(chan struct{})
				go func() {
					var m runtime.MemStats
					for {
						select {
						case <-stopSampling:
							return
						case <-time.After(time.Millisecond):
							runtime.ReadMemStats(&m)
							if m.HeapAlloc > peak.Load() {
								peak.Store(m.HeapAlloc)
							}
						}
					}
				}()
				r, err := mailbox.NewReader(mailbox.ReaderOptions{Addr: s.addr, Security: mailbox.SecurityPlain, Username: tournament,
					Password: secret, Inbox: inbox, MaxLetterSize: c.limit, Logger: testLogger(b)})
				require.NoError(b, err)
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan error)
				go func() { done <- r.Run(ctx) }()
				<-inbox.done
				cancel()
				require.NoError(b, <-done)
				close(stopSampling)
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/(1<<20), "alloc-MiB")
				b.ReportMetric(float64(peak.Load()-min(peak.Load(), before.HeapAlloc))/(1<<20), "peak-heap-growth-MiB")
				b.ReportMetric(float64(inbox.whole.Load())/(1<<20), "fetched-MiB")
			}
		})
	}
}
