package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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
//   - cpu-us/letter: the daemon's CPU time during the catch-up, per letter:
//     the mail server runs in a child process (this binary as
//     TestMailChild), so the benchmark's process is the daemon (its reader,
//     referee, store and sender) and the benchmark's cheap polling;
//   - rss-MiB: the process's peak resident memory (VmHWM) once caught up,
//     with ZAOCHNIK_BENCH_GAMES games in the store (the backlog's count by
//     default; the target is 64 MiB with 100,000).
//
// Run: go test -run '^$' -bench '^BenchmarkPipeline$' -benchtime 1x ./cmd/zaochnik
// (ZAOCHNIK_BENCH_LETTERS sets the backlog, 5000 by default).
func BenchmarkPipeline(b *testing.B) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_LETTERS")); err == nil && v > 0 {
		n = v
	}
	stored := n
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_GAMES")); err == nil && v > n {
		stored = v
	}
	dbPath := filepath.Join(b.TempDir(), "bench.db")
	db, err := storage.Open(dbPath)
	require.NoError(b, err)
	today := timecontrol.DateOf(time.Now().In(moscow()))
	began := time.Now()
	games := benchTournaments(b, db, stored, today)
	b.Logf("%d games stored in %v", len(games), time.Since(began).Round(time.Millisecond))
	games = spread(games, n)
	imapAddr, smtpAddr := startMailChild(b, append(benchUsers(b, db), "turnir@bench.test"))
	require.NoError(b, db.Close())
	appendAll(b, imapAddr, firstMoves(games))

	b.ResetTimer()
	began = time.Now()
	require.Equal(b, n, bareFetch(b, imapAddr))
	fetch := time.Since(began)
	inserts := bareInserts(b, n)

	cfg := benchConfig(b, imapAddr, smtpAddr, dbPath)
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
		if _, _, accepted, refused := m.inbox.seen(); accepted+refused >= n && inboxEmpty(b, imapAddr) {
			caughtUp = time.Since(began)
		}
	}
	cpu := cpuTime(b) - cpu0
	b.StopTimer()
	rss := vmKB(b, os.Getpid(), "VmHWM")
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
	b.ReportMetric(float64(rss)/1024, "rss-MiB")
}

// spread picks n of games evenly, so that the backlog touches every
// tournament of a big store.
func spread(games []benchGame, n int) []benchGame {
	out := make([]benchGame, n)
	for i := range out {
		out[i] = games[i*len(games)/n]
	}
	return out
}

// startMailChild runs the embedded mail server (domain bench.test, every
// user's password "pw") in a child process, this binary as TestMailChild,
// so that its CPU and memory are not the daemon's. It returns the IMAP and
// SMTP addresses; the child ends with the benchmark.
func startMailChild(tb testing.TB, users []string) (imapAddr, smtpAddr string) {
	list := filepath.Join(tb.TempDir(), "users")
	require.NoError(tb, os.WriteFile(list, []byte(strings.Join(users, "\n")), 0o600))
	child := exec.Command(os.Args[0], "-test.run=^TestMailChild$", "-test.bench=^$")
	child.Env = append(os.Environ(), "ZAOCHNIK_MAIL_CHILD="+list)
	child.Stderr = os.Stderr
	stdin, err := child.StdinPipe()
	require.NoError(tb, err)
	stdout, err := child.StdoutPipe()
	require.NoError(tb, err)
	require.NoError(tb, child.Start())
	tb.Cleanup(func() {
		stdin.Close()
		child.Wait()
	})
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if _, err := fmt.Sscanf(lines.Text(), "mail imap=%s smtp=%s", &imapAddr, &smtpAddr); err == nil {
			return imapAddr, smtpAddr
		}
	}
	tb.Fatalf("the mail child did not start: %v", lines.Err())
	return "", ""
}

// TestMailChild is the mail server of startMailChild; it does nothing
// unless started by it. It serves until its standard input closes.
func TestMailChild(t *testing.T) {
	list := os.Getenv("ZAOCHNIK_MAIL_CHILD")
	if list == "" {
		t.Skip("run by startMailChild only")
	}
	users, err := os.ReadFile(list)
	require.NoError(t, err)
	mail, err := localmail.Start(localmail.Options{Domain: "bench.test", Logger: quietLog()})
	require.NoError(t, err)
	defer mail.Close()
	for _, u := range strings.Fields(string(users)) {
		require.NoError(t, mail.AddUser(u, "pw"))
	}
	fmt.Printf("mail imap=%s smtp=%s\n", mail.IMAPAddr, mail.SMTPAddr)
	bufio.NewReader(os.Stdin).ReadString(0) // until the benchmark ends
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
