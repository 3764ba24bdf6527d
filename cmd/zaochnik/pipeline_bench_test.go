package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/localmail"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// BenchmarkPipeline measures the daemon against the embedded mail server
// (so that no server's IDLE delay is in it), in one run beside the bare
// rates it is compared with (issue 13). The daemon is a child process
// (this binary as `zaochnik serve`, TestServeChild), so that its CPU time
// and memory are its own; the mail server and the benchmark run in this
// process. The backlog, first moves one per game (White's move N with
// ZAOCHNIK_BENCH_MOVE=N, every stored game played to just before it
// first: playTo), the tournaments' letters interleaved as a real
// backlog's are, waits in a folder of its own until the daemon follows
// the empty INBOX, then is copied into it at once (COPY, not MOVE: the
// same letters land in INBOX, and the benchmark does not make the server
// report 5,000 expunges to itself meanwhile).
// Every clock and CPU counter below starts just before that COPY.
//
//   - pipeline-letters/s: from the copy until every letter is applied in
//     the store (fetched, read, authenticated, refereed, committed with its
//     ledger and outbox), seen by the reader's watermark (asked every
//     10 ms, by a statement prepared once);
//   - catchup-letters/s: until every letter is also filed out of INBOX
//     (seen by STATUS on one connection of the benchmark's own, kept for
//     the run and asked every 10 ms once every letter is applied);
//   - bare-sqlite-tx/s: one-insert SQLite transactions with the store's
//     settings;
//   - bare-fetch/s: a bare go-imap client fetching the same letters;
//   - bare-archive/s: the same fetch with each letter's bytes stored
//     beside it, one INSERT a letter, 256 a synced transaction
//     (bareArchive): the least any catch-up must do;
//   - cpu-us/letter: the daemon's CPU time (user and system, all its
//     threads: reader, referee, store and SMTP sender) from the copy until
//     every letter is caught up and every forward sent, per letter;
//   - catchup-cpu-us/letter: the daemon's CPU time until caught up, per
//     letter, and server-cpu-us/letter this process's (the mail server
//     serving the daemon, and the benchmark's polling: the watermark,
//     then STATUS) meanwhile: on a machine of 2 cores the catch-up cannot
//     beat 2 s over their sum a letter, nor 1 s over the referee's serial
//     chain a letter;
//   - rss-MiB: the daemon's peak resident memory (VmHWM), with
//     ZAOCHNIK_BENCH_GAMES games in the store (the backlog's count by
//     default; issue 13's target is 64 MiB with 100,000).
//
// Since 1 December 2026 the mail server writes its answers in batches
// (localmail's batchConn), not a write a line: bare-fetch/s and
// server-cpu-us/letter taken before and after that are not comparable.
//
// Run: go test -run '^$' -bench '^BenchmarkPipeline$' -benchtime 1x ./cmd/zaochnik
// (ZAOCHNIK_BENCH_LETTERS sets the backlog, 5000 by default;
// ZAOCHNIK_BENCH_GAMES=N stores N games; ZAOCHNIK_BENCH_MOVE=N makes the
// letters move N, 1 by default, each game's lists and ledger the longer
// the later the move; ZAOCHNIK_BENCH_CPUPROFILE=FILE
// and ZAOCHNIK_BENCH_MEMPROFILE=FILE profile the daemon).
func BenchmarkPipeline(b *testing.B) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_LETTERS")); err == nil && v > 0 {
		n = v
	}
	stored := n
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_GAMES")); err == nil && v > n {
		stored = v
	}
	mail, err := localmail.Start(localmail.Options{Domain: "bench.test", Logger: quietLog()})
	require.NoError(b, err)
	defer mail.Close()
	require.NoError(b, mail.AddUser("turnir@bench.test", "pw"))
	dbPath := filepath.Join(b.TempDir(), "bench.db")
	db, err := storage.Open(dbPath)
	require.NoError(b, err)
	today := timecontrol.DateOf(time.Now().In(moscow()))
	began := time.Now()
	move := benchMove(b, os.Getenv)
	games := benchTournaments(b, db, stored, benchStart(today, move))
	backlog := func() [][]byte { return firstMoves(interleave(spread(games, n))) }
	if move > 1 {
		white, _ := playTo(b, db, games, move, today)
		backlog = func() [][]byte {
			return plyLetters(interleave(spread(games, n)), white, fmt.Sprintf("move%d", move), time.Now())
		}
	}
	b.Logf("%d games stored, played to move %d, in %v", len(games), move, time.Since(began).Round(time.Millisecond))
	// The start lists went out long ago: the daemon's sender forwards the
	// backlog's moves only.
	require.NoError(b, db.DeliverAll(context.Background(), time.Now()))
	addBenchUsers(b, db, mail)
	require.NoError(b, db.Close())
	appendTo(b, mail.IMAPAddr, "backlog", backlog())

	b.ResetTimer()
	began = time.Now()
	require.Equal(b, n, bareFetchFrom(b, mail.IMAPAddr, "backlog", nil))
	fetch := time.Since(began)
	archived, archiving := bareArchive(b, mail.IMAPAddr, "backlog")
	require.Equal(b, n, archived)
	inserts := bareInserts(b, n)

	cfg := benchConfig(b, mail.IMAPAddr, mail.SMTPAddr, dbPath)
	child := startDaemon(b, cfg)
	watcher, err := storage.Open(dbPath)
	require.NoError(b, err)
	defer watcher.Close()
	// The reader keeps its watermark under user/mailbox.
	applies := watchApplied(b, dbPath, cfg.IMAP.User+"/INBOX")
	defer applies.close()
	inbox := watchInbox(b, mail.IMAPAddr)
	defer inbox.close()
	copier := dialBench(b, mail.IMAPAddr)
	defer copier.Close()
	_, err = copier.Select("backlog", &imap.SelectOptions{ReadOnly: true}).Wait()
	require.NoError(b, err)

	cpu0, self0 := procCPU(b, child.Process.Pid), selfCPU(b)
	began = time.Now()
	_, err = copier.Copy(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, "INBOX").Wait()
	require.NoError(b, err)
	var applied, caughtUp, forwarded time.Duration
	var catchupCPU, serverCPU time.Duration // the daemon's, and this process's, until caught up
	for forwarded == 0 {
		time.Sleep(10 * time.Millisecond)
		require.Less(b, time.Since(began), 30*time.Minute, "the daemon did not catch up")
		if applied == 0 {
			if int(applies.last(b)) >= n {
				applied = time.Since(began)
			}
			continue
		}
		if caughtUp == 0 {
			if inbox.messages(b) == 0 {
				caughtUp = time.Since(began)
				catchupCPU, serverCPU = procCPU(b, child.Process.Pid)-cpu0, selfCPU(b)-self0
			}
			continue
		}
		if _, _, _, waiting, err := watcher.NextDue(context.Background()); err == nil && !waiting {
			// Nothing waits; the sender's last batch may still be in flight.
			if c, err := watcher.Counts(context.Background(), time.Now()); err == nil && c.InFlight == 0 {
				forwarded = time.Since(began)
			}
		}
	}
	cpu := procCPU(b, child.Process.Pid) - cpu0
	b.StopTimer()
	rss := vmKB(b, child.Process.Pid, "VmHWM")
	ls, err := watcher.Letters(context.Background())
	require.NoError(b, err)
	processed := 0
	for _, l := range ls {
		if l.Disposition == storage.Processed {
			processed++
		}
	}
	// The letters that played the games to move (playTo), each applied,
	// are in the store too.
	played := 2 * (move - 1) * len(games)
	require.Equal(b, n+played, processed, "every letter of the backlog applied")
	out, err := watcher.Outbox(context.Background())
	require.NoError(b, err)
	sent := 0
	for _, o := range out {
		if !o.Sent.IsZero() {
			sent++
		}
	}
	b.Logf("caught up in %v, every letter forwarded in %v: %d of %d letters sent", caughtUp.Round(time.Millisecond), forwarded.Round(time.Millisecond), sent, len(out))

	perSec := func(d time.Duration) float64 { return float64(n) / d.Seconds() }
	b.ReportMetric(perSec(applied), "pipeline-letters/s")
	b.ReportMetric(perSec(caughtUp), "catchup-letters/s")
	b.ReportMetric(perSec(inserts), "bare-sqlite-tx/s")
	b.ReportMetric(perSec(fetch), "bare-fetch/s")
	b.ReportMetric(perSec(archiving), "bare-archive/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-us/letter")
	b.ReportMetric(float64(catchupCPU.Microseconds())/float64(n), "catchup-cpu-us/letter")
	b.ReportMetric(float64(serverCPU.Microseconds())/float64(n), "server-cpu-us/letter")
	b.ReportMetric(float64(rss)/1024, "rss-MiB")
}

// startDaemon runs the daemon with cfg as a child process (this binary as
// `zaochnik serve`, TestServeChild) until the benchmark ends, and waits
// until it follows the mailbox. ZAOCHNIK_BENCH_CPUPROFILE=FILE and
// ZAOCHNIK_BENCH_MEMPROFILE=FILE profile it.
func startDaemon(b *testing.B, cfg Config) *exec.Cmd {
	cfg.Log.Level = "error"
	cfg.Web.Listen = freeAddr(b) // for /healthz only
	cfgPath := filepath.Join(b.TempDir(), "zaochnik.toml")
	f, err := os.Create(cfgPath)
	require.NoError(b, err)
	require.NoError(b, toml.NewEncoder(f).Encode(cfg))
	require.NoError(b, f.Close())
	args := []string{"-test.run=^TestServeChild$", "-test.bench=^$"}
	if p := os.Getenv("ZAOCHNIK_BENCH_CPUPROFILE"); p != "" {
		args = append(args, "-test.cpuprofile="+p)
	}
	if p := os.Getenv("ZAOCHNIK_BENCH_MEMPROFILE"); p != "" {
		args = append(args, "-test.memprofile="+p)
	}
	child := exec.Command(os.Args[0], args...)
	child.Env = append(os.Environ(), "ZAOCHNIK_SERVE_CHILD="+cfgPath)
	child.Stderr = os.Stderr
	require.NoError(b, child.Start())
	b.Cleanup(func() {
		child.Process.Signal(syscall.SIGTERM)
		child.Wait()
	})
	waitFollowing(b, "http://"+cfg.Web.Listen+"/healthz")
	return child
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

// interleave orders games as their letters arrive in a real backlog: one
// of each tournament in turn, not a tournament's games one after the
// other (which would find the tournament in memory at every letter but
// its first).
func interleave(games []benchGame) []benchGame {
	var ciphers []string
	of := map[string][]benchGame{}
	for _, g := range games {
		if of[g.cipher] == nil {
			ciphers = append(ciphers, g.cipher)
		}
		of[g.cipher] = append(of[g.cipher], g)
	}
	out := make([]benchGame, 0, len(games))
	for len(out) < len(games) {
		for _, c := range ciphers {
			if gs := of[c]; len(gs) > 0 {
				out, of[c] = append(out, gs[0]), gs[1:]
			}
		}
	}
	return out
}

// freeAddr is a loopback address with a port free a moment ago.
func freeAddr(tb testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(tb, err)
	defer l.Close()
	return l.Addr().String()
}

// waitFollowing waits until the daemon's /healthz says its reader follows
// the mailbox.
func waitFollowing(tb testing.TB, url string) {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		var h health
		err = json.NewDecoder(resp.Body).Decode(&h)
		resp.Body.Close()
		if err == nil && h.IMAP.Connected {
			return
		}
	}
	tb.Fatal("the daemon did not follow the mailbox within 2 minutes")
}

// procCPU is the CPU time (user and system) process pid has used, from
// /proc/PID/stat in clock ticks of 10 ms (USER_HZ, 100 on Linux).
func procCPU(tb testing.TB, pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(tb, err)
	// The fields after the command name (which may hold spaces) in
	// parentheses: state is the 3rd field, utime the 14th, stime the 15th.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	utime, err := strconv.ParseInt(f[11], 10, 64)
	require.NoError(tb, err)
	stime, err := strconv.ParseInt(f[12], 10, 64)
	require.NoError(tb, err)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// selfCPU is the CPU time (user and system) this process has used.
func selfCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// appliedWatch reads the reader's watermark, as storage.DB.Watermark
// does, by one statement prepared once on a connection of its own: asked
// every 10 ms, it costs a lookup, not SQL parsed again each time.
type appliedWatch struct {
	db      *sql.DB
	stmt    *sql.Stmt
	mailbox string
}

// watchApplied prepares the watch of mailbox's watermark in the store at
// path: read-only and waiting out the daemon's write lock (busy_timeout,
// as storage's check opens it), so that a passing SQLITE_BUSY does not
// fail the run.
func watchApplied(tb testing.TB, path, mailbox string) appliedWatch {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	require.NoError(tb, err)
	db.SetMaxOpenConns(1)
	stmt, err := db.Prepare(`SELECT last_uid FROM watermarks WHERE mailbox = ?`)
	require.NoError(tb, err)
	return appliedWatch{db: db, stmt: stmt, mailbox: mailbox}
}

// last is the highest UID applied, 0 before the first.
func (w appliedWatch) last(tb testing.TB) uint32 {
	var uid uint32
	err := w.stmt.QueryRow(w.mailbox).Scan(&uid)
	if errors.Is(err, sql.ErrNoRows) {
		return 0
	}
	require.NoError(tb, err)
	return uid
}

func (w appliedWatch) close() { w.stmt.Close(); w.db.Close() }

// dialBench is a connection to the benchmark's tournament mailbox, logged
// in.
func dialBench(tb testing.TB, addr string) *imapclient.Client {
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(tb, err)
	require.NoError(tb, c.Login("turnir@bench.test", "pw").Wait())
	return c
}

// inboxWatch asks the tournament INBOX's message count over one
// connection kept for the benchmark, with no mailbox selected: one STATUS
// a question, so that the server queues none of INBOX's updates for it and
// the watching takes next to nothing from what it watches.
type inboxWatch struct{ c *imapclient.Client }

// watchInbox connects the watch.
func watchInbox(tb testing.TB, addr string) inboxWatch { return inboxWatch{dialBench(tb, addr)} }

// messages is how many letters INBOX holds.
func (w inboxWatch) messages(tb testing.TB) uint32 {
	st, err := w.c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	require.NoError(tb, err)
	require.NotNil(tb, st.NumMessages)
	return *st.NumMessages
}

func (w inboxWatch) close() { w.c.Close() }

// TestInboxWatch_FollowsTheInbox: the benchmark's watch counts the letters
// of INBOX over its one connection as they come and go.
func TestInboxWatch_FollowsTheInbox(t *testing.T) {
	mail, err := localmail.Start(localmail.Options{Domain: "bench.test", Logger: quietLog()})
	require.NoError(t, err)
	defer mail.Close()
	require.NoError(t, mail.AddUser("turnir@bench.test", "pw"))
	w := watchInbox(t, mail.IMAPAddr)
	defer w.close()
	require.Zero(t, w.messages(t))
	for i := range 3 {
		require.NoError(t, mail.Deliver("a@bench.test", []string{"turnir@bench.test"}, []byte(fmt.Sprintf("Subject: %d\r\n\r\nx\r\n", i))))
	}
	require.EqualValues(t, 3, w.messages(t))
	c := dialBench(t, mail.IMAPAddr)
	defer c.Close()
	_, err = c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	require.NoError(t, c.Create("done", nil).Wait())
	_, err = c.Move(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, "done").Wait()
	require.NoError(t, err)
	require.Zero(t, w.messages(t))
}

// TestAppliedWatch_ReadsTheWatermark: the benchmark's watch reads the
// watermark the store keeps (the table's name and columns as storage has
// them), 0 before the first letter.
func TestAppliedWatch_ReadsTheWatermark(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	w := watchApplied(t, path, "turnir@bench.test/INBOX")
	defer w.close()
	require.Zero(t, w.last(t))
	raw, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	defer raw.Close()
	_, err = raw.Exec(`INSERT INTO watermarks (mailbox, uidvalidity, last_uid) VALUES ('turnir@bench.test/INBOX', 7, 42)`)
	require.NoError(t, err)
	require.EqualValues(t, 42, w.last(t))
	_, last, err := db.Watermark(context.Background(), "turnir@bench.test/INBOX")
	require.NoError(t, err)
	require.EqualValues(t, last, w.last(t), "as storage reads it")
}

// TestAppliedWatch_WaitsOutALock: the watch, opened and asked while
// another connection holds the store locked, waits for it (busy_timeout)
// instead of failing the run.
func TestAppliedWatch_WaitsOutALock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := storage.Open(path)
	require.NoError(t, err)
	db.Close()
	raw, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	ctx := context.Background()
	lock, err := raw.Conn(ctx)
	require.NoError(t, err)
	for _, q := range []string{`PRAGMA locking_mode=EXCLUSIVE`, `BEGIN EXCLUSIVE`,
		`INSERT INTO watermarks (mailbox, uidvalidity, last_uid) VALUES ('turnir@bench.test/INBOX', 7, 42)`, `COMMIT`} {
		_, err = lock.ExecContext(ctx, q)
		require.NoError(t, err, q)
	}
	go func() { // the lock is let go, with its connection, while the watch waits
		time.Sleep(50 * time.Millisecond)
		lock.Raw(func(any) error { return driver.ErrBadConn })
		raw.Close()
	}()
	w := watchApplied(t, path, "turnir@bench.test/INBOX")
	defer w.close()
	require.EqualValues(t, 42, w.last(t))
}
