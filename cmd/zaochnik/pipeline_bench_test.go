package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/localmail"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// BenchmarkPipeline measures the daemon against the embedded mail server
// (so that no server's IDLE delay is in it), in one run beside the bare
// rates it is compared with (issue 13):
//
//   - pipeline-letters/s: a backlog of first moves, one per game, from the
//     daemon's start until every letter is applied in the store (fetched,
//     read, authenticated, refereed, committed with its ledger and outbox);
//   - catchup-letters/s: the same backlog until every letter is also filed
//     out of INBOX;
//   - bare-sqlite-tx/s: one-insert SQLite transactions with the store's
//     settings;
//   - bare-fetch/s: a bare go-imap client fetching the same letters;
//   - cpu-us/letter: the process's CPU time during the catch-up, per letter.
//
// Run: go test -run '^$' -bench '^BenchmarkPipeline$' -benchtime 1x ./cmd/zaochnik
// (ZAOCHNIK_BENCH_LETTERS sets the backlog, 5000 by default).
func BenchmarkPipeline(b *testing.B) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_LETTERS")); err == nil && v > 0 {
		n = v
	}
	mail, err := localmail.Start(localmail.Options{Domain: "bench.test", Logger: quietLog()})
	require.NoError(b, err)
	defer mail.Close()
	require.NoError(b, mail.AddUser("turnir@bench.test", "pw"))

	dbPath := filepath.Join(b.TempDir(), "bench.db")
	db, err := storage.Open(dbPath)
	require.NoError(b, err)
	today := timecontrol.DateOf(time.Now().In(moscow()))
	games := benchTournaments(b, db, n, today)[:n]
	addBenchUsers(b, db, mail)
	require.NoError(b, db.Close())
	appendAll(b, mail.IMAPAddr, firstMoves(games))

	b.ResetTimer()
	began := time.Now()
	require.Equal(b, n, bareFetch(b, mail.IMAPAddr))
	fetch := time.Since(began)
	inserts := bareInserts(b, n)

	cfg := benchConfig(b, mail.IMAPAddr, mail.SMTPAddr, dbPath)
	m := &Main{Config: cfg, Logger: quietLog()}
	cpu0 := cpuTime(b)
	began = time.Now()
	require.NoError(b, m.Run(context.Background()))
	defer m.Close()
	var applied, caughtUp time.Duration
	for caughtUp == 0 {
		time.Sleep(20 * time.Millisecond)
		require.Less(b, time.Since(began), 30*time.Minute, "the daemon did not catch up")
		if applied == 0 {
			if _, last, err := m.db.Watermark(context.Background(), cfg.IMAP.User+"/INBOX"); err == nil && int(last) >= n {
				applied = time.Since(began)
			}
			continue
		}
		if _, _, accepted, refused := m.inbox.seen(); accepted+refused >= n && inboxEmpty(b, mail.IMAPAddr) {
			caughtUp = time.Since(began)
		}
	}
	cpu := cpuTime(b) - cpu0
	b.StopTimer()
	ls, err := m.db.Letters(context.Background())
	require.NoError(b, err)
	processed := 0
	for _, l := range ls {
		if l.Disposition == storage.Processed {
			processed++
		}
	}
	require.Equal(b, n, processed, "every first move applied")

	perSec := func(d time.Duration) float64 { return float64(n) / d.Seconds() }
	b.ReportMetric(perSec(applied), "pipeline-letters/s")
	b.ReportMetric(perSec(caughtUp), "catchup-letters/s")
	b.ReportMetric(perSec(inserts), "bare-sqlite-tx/s")
	b.ReportMetric(perSec(fetch), "bare-fetch/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-us/letter")
}

// inboxEmpty reports whether the tournament INBOX holds no letter.
func inboxEmpty(tb testing.TB, addr string) bool {
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(tb, err)
	defer c.Close()
	require.NoError(tb, c.Login("turnir@bench.test", "pw").Wait())
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	require.NoError(tb, err)
	return sel.NumMessages == 0
}
