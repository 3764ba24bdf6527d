package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"maps"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"zaochnik/corr"
	"zaochnik/mailbox/localmail"
	"zaochnik/mailbox/mailtest"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// benchGame is one game of the benchmark's tournaments with its players.
type benchGame struct {
	cipher       string
	white, black corr.Player
}

// code is g's game code (corr.GameCode).
func (g benchGame) code() string {
	return corr.GameCode(g.cipher, corr.Pairing{White: g.white.Number, Black: g.black.Number})
}

// benchTournaments writes into db tournaments of 15 players each (105
// games), started today, until they hold at least n games; it returns the
// games.
func benchTournaments(tb testing.TB, db *storage.DB, n int, today timecontrol.Date) []benchGame {
	ctx := context.Background()
	var games []benchGame
	for k := 1; len(games) < n; k++ {
		cipher := fmt.Sprintf("Б-%03d", k)
		var b strings.Builder
		fmt.Fprintf(&b, "cipher = %q\nname = \"bench\"\nvariant = \"russian\"\nstart = %s\nend = %s\ntimezone = \"Europe/Moscow\"\n"+
			"[time_control]\ndays = 50\nmoves = 10\n[secretary]\nname = \"S\"\nemail = \"sec%03d@bench.test\"\n[judge]\nname = \"J\"\nemail = \"judge@bench.test\"\n",
			cipher, today, today.AddDays(365), k)
		for i := 1; i <= 15; i++ {
			fmt.Fprintf(&b, "[[players]]\nnumber = %d\nname = \"P%d\"\nemail = \"p%03d-%02d@bench.test\"\n", i, i, k, i)
		}
		t, err := corr.ParseTournament([]byte(b.String()))
		require.NoError(tb, err)
		require.NoError(tb, db.CreateTournament(ctx, t, []byte(b.String())))
		_, err = (&referee.Referee{DB: db}).Start(ctx, cipher, today, false)
		require.NoError(tb, err)
		for _, p := range t.Games {
			w, _ := t.Player(p.White)
			bl, _ := t.Player(p.Black)
			games = append(games, benchGame{cipher: cipher, white: w, black: bl})
		}
	}
	return games
}

// benchLetter is White's first move (reply false) or Black's answer.
func benchLetter(g benchGame, reply bool, id string, now time.Time) []byte {
	day := timecontrol.DateOf(now.In(moscow()))
	p := benchPly{own: "c3-d4", dates: [3]timecontrol.Date{day, day, day}}
	if reply {
		p.ply, p.answers, p.own = 1, "c3-d4", "f6-g5"
	}
	return benchMail(g, reply, p.text(g), id, now)
}

// benchMail is the letter of game g's White (black false) or Black with
// the text, received now.
func benchMail(g benchGame, black bool, text, id string, now time.Time) []byte {
	from := g.white
	if black {
		from = g.black
	}
	// The receiving server vouches for the sender, as a player's provider
	// with DMARC does (the daemon runs with authserv_id = bench.test).
	return []byte(fmt.Sprintf("Authentication-Results: bench.test; dmarc=pass header.from=%s\r\n"+
		"Received: from mx by bench.test; %s\r\nFrom: <%s>\r\nTo: <turnir@bench.test>\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s",
		mailDomain(from.Email), now.Format(time.RFC1123Z), from.Email, g.cipher, id, now.Format(time.RFC1123Z), text))
}

// benchConfig is the daemon's configuration for a benchmark: the tournament
// mailbox at imapAddr, the sink at smtpAddr, the store at dbPath, the
// letters vouched for by bench.test's Authentication-Results, no desk and
// no schedule.
func benchConfig(tb testing.TB, imapAddr, smtpAddr, dbPath string) Config {
	cfg := defaultConfig()
	host, p, _ := net.SplitHostPort(imapAddr)
	cfg.IMAP.Host, cfg.IMAP.Security, cfg.IMAP.User, cfg.IMAP.Password = host, "plain", "turnir@bench.test", "pw"
	require.NoError(tb, cfg.IMAP.Port.UnmarshalText([]byte(p)))
	sh, sp, _ := net.SplitHostPort(smtpAddr)
	cfg.SMTP.Host, cfg.SMTP.Security, cfg.SMTP.From = sh, "plain", "turnir@bench.test"
	require.NoError(tb, cfg.SMTP.Port.UnmarshalText([]byte(sp)))
	cfg.Database.Path = dbPath
	cfg.AuthservID = "bench.test"
	cfg.Web.Listen = ""
	cfg.Schedule = ScheduleConfig{}
	return cfg
}

// addBenchUsers gives every address of the benchmark's tournaments a
// mailbox on the embedded server, which delivers only to local users.
func addBenchUsers(tb testing.TB, db *storage.DB, mail *localmail.Server) {
	for _, u := range benchUsers(tb, db) {
		require.NoError(tb, mail.AddUser(u, "pw"))
	}
}

// benchUsers lists every address of the benchmark's tournaments.
func benchUsers(tb testing.TB, db *storage.DB) []string {
	users := map[string]bool{"judge@bench.test": true}
	ciphers, err := db.Ciphers(context.Background())
	require.NoError(tb, err)
	for _, c := range ciphers {
		s, err := db.State(context.Background(), c)
		require.NoError(tb, err)
		users[s.Tournament.Secretary.Email] = true
		for _, p := range s.Tournament.Players {
			users[p.Email] = true
		}
	}
	return slices.Sorted(maps.Keys(users))
}

// firstMoves is White's first move in each game.
func firstMoves(games []benchGame) [][]byte {
	letters := make([][]byte, len(games))
	now := time.Now()
	for i, g := range games {
		letters[i] = benchLetter(g, false, fmt.Sprintf("first.%d@bench.test", i), now)
	}
	return letters
}

// appendAll puts letters into the mailbox over one IMAP connection.
func appendAll(tb testing.TB, addr string, letters [][]byte) { appendTo(tb, addr, "INBOX", letters) }

// appendTo puts letters into folder (created if missing) over one IMAP
// connection.
func appendTo(tb testing.TB, addr, folder string, letters [][]byte) {
	c := dialBench(tb, addr)
	defer c.Close()
	if folder != "INBOX" {
		require.NoError(tb, c.Create(folder, nil).Wait())
	}
	for _, raw := range letters {
		cmd := c.Append(folder, int64(len(raw)), nil)
		_, err := cmd.Write(raw)
		require.NoError(tb, err)
		require.NoError(tb, cmd.Close())
		_, err = cmd.Wait()
		require.NoError(tb, err)
	}
	require.NoError(tb, c.Logout().Wait())
}

// bareFetch fetches every letter of the mailbox (BODY.PEEK[], 100 a FETCH)
// and returns how many.
func bareFetch(tb testing.TB, addr string) int { return bareFetchFrom(tb, addr, "INBOX", nil) }

// bareFetchFrom is bareFetch of folder, handing each FETCH's letters to
// each when it is not nil.
func bareFetchFrom(tb testing.TB, addr, folder string, each func(raws [][]byte)) int {
	c := dialBench(tb, addr)
	defer c.Close()
	_, err := c.Select(folder, nil).Wait()
	require.NoError(tb, err)
	list, err := c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true}).Collect()
	require.NoError(tb, err)
	n := 0
	body := &imap.FetchItemBodySection{Peek: true}
	for i := 0; i < len(list); i += 100 {
		var uids []imap.UID
		for _, m := range list[i:min(i+100, len(list))] {
			uids = append(uids, m.UID)
		}
		msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
		require.NoError(tb, err)
		n += len(msgs)
		if each != nil {
			raws := make([][]byte, len(msgs))
			for k, m := range msgs {
				raws[k] = m.FindBodySection(body)
			}
			each(raws)
		}
	}
	require.NoError(tb, c.Logout().Wait())
	return n
}

// bareArchive fetches every letter of folder as bareFetchFrom does and,
// beside the fetch, keeps each one's bytes in a fresh SQLite file with the
// store's settings (bareStore): one INSERT a letter, keyed by the bytes'
// SHA-256 as the store keys them, committed every 256 letters (the
// reader's group). It is the least any daemon's catch-up must do, so the
// catch-up's rate is read against it as well as against the bare fetch.
// It returns how many letters were stored, and how long it took.
func bareArchive(tb testing.TB, addr, folder string) (int, time.Duration) {
	db := bareStore(tb)
	defer db.Close()
	_, err := db.Exec(`CREATE TABLE letters (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, raw BLOB NOT NULL)`)
	require.NoError(tb, err)
	fetched := make(chan [][]byte, 4)
	stored := make(chan error, 1)
	began := time.Now()
	go func() { stored <- archive(db, fetched) }()
	bareFetchFrom(tb, addr, folder, func(raws [][]byte) { fetched <- raws })
	close(fetched)
	require.NoError(tb, <-stored)
	took := time.Since(began)
	var n int
	require.NoError(tb, db.QueryRow(`SELECT count(*) FROM letters`).Scan(&n))
	return n, took
}

// archive stores the letters of fetched for bareArchive, 256 a
// transaction. It reads fetched to its end even when storing failed, so
// that the fetch feeding it is not left blocked and the failure is told.
func archive(db *sql.DB, fetched <-chan [][]byte) error {
	defer func() {
		for range fetched {
		}
	}()
	var tx *sql.Tx
	inTx := 0
	for raws := range fetched {
		for _, raw := range raws {
			if tx == nil {
				var err error
				if tx, err = db.Begin(); err != nil {
					return err
				}
			}
			sum := sha256.Sum256(raw)
			if _, err := tx.Exec(`INSERT INTO letters (sha256, raw) VALUES (?, ?)`, hex.EncodeToString(sum[:]), raw); err != nil {
				tx.Rollback()
				return err
			}
			if inTx++; inTx == 256 {
				if err := tx.Commit(); err != nil {
					return err
				}
				tx, inTx = nil, 0
			}
		}
	}
	if tx == nil {
		return nil
	}
	return tx.Commit()
}

// bareStore opens a fresh SQLite file with the store's settings (WAL,
// synchronous FULL, BEGIN IMMEDIATE).
func bareStore(tb testing.TB) *sql.DB {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(tb.TempDir(), "bare.db")+"?"+q.Encode())
	require.NoError(tb, err)
	return db
}

// bareInserts runs n one-insert transactions on a fresh SQLite file with
// the store's settings (bareStore).
func bareInserts(tb testing.TB, n int) time.Duration {
	db := bareStore(tb)
	defer db.Close()
	_, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, raw BLOB NOT NULL)`)
	require.NoError(tb, err)
	row := make([]byte, 400)
	began := time.Now()
	for range n {
		tx, err := db.Begin()
		require.NoError(tb, err)
		_, err = tx.Exec(`INSERT INTO t (raw) VALUES (?)`, row)
		require.NoError(tb, err)
		require.NoError(tb, tx.Commit())
	}
	return time.Since(began)
}

// vmKB reads a VmRSS/VmHWM figure of process pid, in KiB.
func vmKB(tb testing.TB, pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(tb, err)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			require.NoError(tb, err)
			return n
		}
	}
	tb.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// BenchmarkDaemon measures the whole daemon against Dovecot (run once:
// -bench Daemon -benchtime 1x; ZAOCHNIK_BENCH_LETTERS sets the backlog,
// 10000 by default): the catch-up rate through the whole pipeline (IMAP
// fetch, MIME, referee, SQLite commit, IMAP filing) on a backlog of first
// moves, one per game, and the time until every forward reached the SMTP
// sink; beside it, in the same run, a bare go-imap client fetching the same
// backlog and bare one-insert SQLite transactions; then the latency from a
// letter's APPEND to its forward at the sink with IDLE, one letter at a
// time; and the daemon's resident memory (a child process: this binary as
// `zaochnik serve`) with the games in its store.
func BenchmarkDaemon(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_LETTERS")); err == nil && v > 0 {
		n = v
	}
	dove := mailtest.StartDovecot(b, map[string]string{"turnir@bench.test": "pw"})
	sink, want, arrived := forwardSink(b)

	dbPath := filepath.Join(b.TempDir(), "bench.db")
	db, err := storage.Open(dbPath)
	require.NoError(b, err)
	today := timecontrol.DateOf(time.Now().In(moscow()))
	began := time.Now()
	games := benchTournaments(b, db, n, today)[:n]
	b.Logf("%d games in %d tournaments stored in %v", len(games), (len(games)+104)/105, time.Since(began).Round(time.Millisecond))
	addBenchUsers(b, db, sink)
	require.NoError(b, db.Close())
	letters := firstMoves(games)
	began = time.Now()
	appendAll(b, dove.Addr, letters)
	b.Logf("%d letters appended to Dovecot in %v", n, time.Since(began).Round(time.Millisecond))

	b.ResetTimer()
	began = time.Now()
	got := bareFetch(b, dove.Addr)
	fetch := time.Since(began)
	require.Equal(b, n, got)
	inserts := bareInserts(b, n)

	cfg := benchConfig(b, dove.Addr, sink.SMTPAddr, dbPath)
	cfg.Log.Level = "warn"
	cfgPath := filepath.Join(b.TempDir(), "zaochnik.toml")
	f, err := os.Create(cfgPath)
	require.NoError(b, err)
	require.NoError(b, toml.NewEncoder(f).Encode(cfg))
	require.NoError(b, f.Close())

	watcher, err := storage.Open(dbPath)
	require.NoError(b, err)
	defer watcher.Close()
	child := exec.Command(os.Args[0], "-test.run=^TestServeChild$", "-test.bench=^$")
	child.Env = append(os.Environ(), "ZAOCHNIK_SERVE_CHILD="+cfgPath)
	child.Stderr = os.Stderr
	began = time.Now()
	require.NoError(b, child.Start())
	defer func() {
		child.Process.Signal(syscall.SIGTERM)
		child.Wait()
	}()
	// Polled cheaply (the watermark, the next due letter), so that the
	// watcher takes little from the daemon.
	var caughtUp, drained time.Duration
	for drained == 0 {
		time.Sleep(50 * time.Millisecond)
		require.Less(b, time.Since(began), 30*time.Minute, "the daemon did not catch up")
		if caughtUp == 0 {
			// The reader keeps its watermark under user/mailbox.
			if _, last, err := watcher.Watermark(context.Background(), cfg.IMAP.User+"/INBOX"); err == nil && int(last) >= n {
				caughtUp = time.Since(began)
			}
			continue
		}
		_, _, _, waiting, err := watcher.NextDue(context.Background())
		require.NoError(b, err)
		if c, err := watcher.Counts(context.Background(), time.Now()); !waiting && err == nil && c.InFlight == 0 { // nor the sender's last batch in flight
			drained = time.Since(began)
		}
	}
	processed := 0
	ls, err := watcher.Letters(context.Background())
	require.NoError(b, err)
	for _, l := range ls {
		if l.Disposition == storage.Processed {
			processed++
		}
	}
	require.Equal(b, n, processed, "every first move applied")

	// Latency with IDLE: Black answers, one letter at a time; first each
	// letter right after the previous forward, then letters a second apart,
	// as letters arrive in life.
	latency := func(first, samples int, pause time.Duration) []time.Duration {
		lat := make([]time.Duration, 0, samples)
		for i := range samples {
			g := games[(first+i)*len(games)/(2*samples)]
			time.Sleep(pause)
			want.Store(g.white.Email)
			select {
			case <-arrived:
			default:
			}
			t0 := time.Now()
			appendAll(b, dove.Addr, [][]byte{benchLetter(g, true, fmt.Sprintf("reply.%d@bench.test", first+i), time.Now())})
			select {
			case <-arrived:
				lat = append(lat, time.Since(t0))
			case <-time.After(30 * time.Second):
				b.Fatalf("no forward of reply %d", first+i)
			}
		}
		slices.Sort(lat)
		return lat
	}
	samples := min(100, n/2)
	lat := latency(0, samples, 0)
	spaced := latency(samples, samples, time.Second)
	b.StopTimer()
	rss, hwm := vmKB(b, child.Process.Pid, "VmRSS"), vmKB(b, child.Process.Pid, "VmHWM")

	perSec := func(k int, d time.Duration) float64 { return float64(k) / d.Seconds() }
	b.ReportMetric(perSec(n, caughtUp), "pipeline-letters/s")
	b.ReportMetric(perSec(n, drained), "until-all-forwarded-letters/s")
	b.ReportMetric(perSec(n, fetch), "bare-imap-fetch/s")
	b.ReportMetric(perSec(n, inserts), "bare-sqlite-tx/s")
	b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "latency-p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Milliseconds()), "latency-p99-ms")
	b.ReportMetric(float64(spaced[len(spaced)/2].Milliseconds()), "spaced-latency-p50-ms")
	b.ReportMetric(float64(spaced[len(spaced)*99/100].Milliseconds()), "spaced-latency-p99-ms")
	b.ReportMetric(float64(rss)/1024, "rss-MiB")
	b.ReportMetric(float64(hwm)/1024, "peak-rss-MiB")
	b.Logf("backlog %d: caught up in %v, all forwarded in %v; bare fetch %v, bare inserts %v; latency p50 %v p99 %v (a second apart: p50 %v p99 %v); RSS %d KiB (peak %d KiB)",
		n, caughtUp.Round(time.Millisecond), drained.Round(time.Millisecond), fetch.Round(time.Millisecond), inserts.Round(time.Millisecond),
		lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond),
		spaced[len(spaced)/2].Round(time.Millisecond), spaced[len(spaced)*99/100].Round(time.Millisecond), rss, hwm)
}

// forwardSink starts an SMTP sink that signals on arrived when a letter
// reaches the recipient stored in want (the address a latency loop waits
// for; "" waits for none). It is closed with the benchmark.
func forwardSink(b *testing.B) (sink *localmail.Server, want *atomic.Value, arrived chan struct{}) {
	want, arrived = &atomic.Value{}, make(chan struct{}, 1)
	want.Store("")
	sink, err := localmail.Start(localmail.Options{Logger: quietLog(), OnData: func(_ string, to []string, _ []byte) error {
		if len(to) > 0 && to[0] == want.Load().(string) {
			select {
			case arrived <- struct{}{}:
			default:
			}
		}
		return nil
	}})
	require.NoError(b, err)
	b.Cleanup(func() { sink.Close() })
	return sink, want, arrived
}
