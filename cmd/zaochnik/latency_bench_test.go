package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/mailtest"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// BenchmarkForwardLatency measures, against Dovecot, the time from a move
// letter's APPEND to the tournament mailbox until its forward reaches the
// SMTP sink (the daemon a child process, waiting in IDLE), and beside it,
// in the same run and on the same server, a bare go-imap client's IDLE
// wake-up: from an APPEND to another user's INBOX until that client gets
// the EXISTS. Dovecot delays IDLE notifications by 500 ms, so the bare
// wake-up is the floor; issue 13's target is a forward within 1.1× of it.
// Samples alternate, 50 of each by default (b.N is not used: -benchtime 1x).
//
// Run: go test -run '^$' -bench '^BenchmarkForwardLatency$' -benchtime 1x ./cmd/zaochnik
func BenchmarkForwardLatency(b *testing.B) {
	const samples = 50
	dove := mailtest.StartDovecot(b, map[string]string{"turnir@bench.test": "pw", "bare@bench.test": "pw"})
	sink, want, forwarded := forwardSink(b)
	dbPath := filepath.Join(b.TempDir(), "bench.db")
	db, err := storage.Open(dbPath)
	require.NoError(b, err)
	games := benchTournaments(b, db, samples, timecontrol.DateOf(time.Now().In(moscow())))
	addBenchUsers(b, db, sink)
	require.NoError(b, db.Close())
	startDaemon(b, benchConfig(b, dove.Addr, sink.SMTPAddr, dbPath))

	woken := make(chan struct{}, 1)
	bare, err := imapclient.DialInsecure(dove.Addr, &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case woken <- struct{}{}:
				default:
				}
			}
		},
	}})
	require.NoError(b, err)
	defer bare.Close()
	require.NoError(b, bare.Login("bare@bench.test", "pw").Wait())
	_, err = bare.Select("INBOX", nil).Wait()
	require.NoError(b, err)
	idle, err := bare.Idle()
	require.NoError(b, err)
	defer idle.Close()

	wait := func(c <-chan struct{}, what string) {
		select {
		case <-c:
		case <-time.After(30 * time.Second):
			b.Fatalf("no %s within 30 s", what)
		}
	}
	var fwd, wake []time.Duration
	b.ResetTimer()
	for i := range samples {
		time.Sleep(100 * time.Millisecond)
		t0 := time.Now()
		appendAs(b, dove.Addr, "bare@bench.test", benchLetter(games[i], false, fmt.Sprintf("bare.%d@bench.test", i), time.Now()))
		wait(woken, "IDLE wake-up")
		wake = append(wake, time.Since(t0))

		time.Sleep(100 * time.Millisecond)
		want.Store(games[i].black.Email)
		t0 = time.Now()
		appendAs(b, dove.Addr, "turnir@bench.test", benchLetter(games[i], false, fmt.Sprintf("move.%d@bench.test", i), time.Now()))
		wait(forwarded, "forward")
		fwd = append(fwd, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(fwd)
	slices.Sort(wake)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(fwd[len(fwd)/2]), "forward-p50-ms")
	b.ReportMetric(ms(fwd[len(fwd)*9/10]), "forward-p90-ms")
	b.ReportMetric(ms(wake[len(wake)/2]), "bare-idle-p50-ms")
	b.ReportMetric(ms(wake[len(wake)*9/10]), "bare-idle-p90-ms")
	b.ReportMetric(float64(fwd[len(fwd)/2])/float64(wake[len(wake)/2]), "forward/bare-p50")
}

// appendAs puts one letter into user's INBOX.
func appendAs(tb testing.TB, addr, user string, raw []byte) {
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(tb, err)
	defer c.Close()
	require.NoError(tb, c.Login(user, "pw").Wait())
	cmd := c.Append("INBOX", int64(len(raw)), nil)
	_, err = cmd.Write(raw)
	require.NoError(tb, err)
	require.NoError(tb, cmd.Close())
	_, err = cmd.Wait()
	require.NoError(tb, err)
}
