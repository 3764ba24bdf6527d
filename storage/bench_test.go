package storage

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
)

// manyGames stores and starts a round robin of players (players*(players-1)/2
// games) and returns the store and the tournament.
func manyGames(b *testing.B, players int) (*DB, corr.Tournament) {
	var src strings.Builder
	src.WriteString("cipher = \"БЕНЧ-2026\"\nname = \"Бенчмарк\"\nvariant = \"russian\"\nstart = 2026-03-01\nend = 2027-03-01\ntimezone = \"UTC\"\n" +
		"[secretary]\nname = \"Секретарь\"\nemail = \"secretary@example.org\"\n[judge]\nname = \"Судья\"\nemail = \"judge@example.org\"\n")
	for n := 1; n <= players; n++ {
		fmt.Fprintf(&src, "[[players]]\nnumber = %d\nname = \"Игрок %d\"\nemail = \"p%d@example.org\"\n", n, n, n)
	}
	t, err := corr.ParseTournament([]byte(src.String()))
	if err != nil {
		b.Fatal(err)
	}
	db, err := Open(filepath.Join(b.TempDir(), "z.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	ctx := context.Background()
	if err := db.CreateTournament(ctx, t, []byte(src.String())); err != nil {
		b.Fatal(err)
	}
	if err := start(ctx, db, t.Cipher, t.Start); err != nil {
		b.Fatal(err)
	}
	return db, t
}

// benchGame is a game of the benchmark as its players see it.
type benchGame struct {
	pair     corr.Pairing
	pos      draughts.Position
	ply      int
	prevText string
	over     bool
}

// next returns the letter of the side to move in g, played on the ply's
// day, and plays it; ok is false when the game has no move left.
func (g *benchGame) next(t corr.Tournament, seq int) (Received, bool) {
	ms := g.pos.LegalMoves(nil)
	if len(ms) == 0 {
		return Received{}, false
	}
	m := ms[(g.ply*54+17)%len(ms)]
	text := g.pos.Notation(m)
	num := func(ply int, s string) string {
		if ply%2 == 0 {
			return fmt.Sprintf("%d.%s", ply/2+1, s)
		}
		return fmt.Sprintf("%d...%s", ply/2+1, s)
	}
	from := g.pair.White
	if g.ply%2 == 1 {
		from = g.pair.Black
	}
	day, prev := t.Start.AddDays(g.ply), t.Start.AddDays(max(g.ply-1, 0))
	body := fmt.Sprintf("%s %d-%d\n", t.Cipher, g.pair.White, g.pair.Black)
	if g.ply > 0 {
		body += "Ваш ход: " + num(g.ply-1, g.prevText) + "\n"
	}
	body += "Мой ход: " + num(g.ply, text) + "\n" + fmt.Sprintf("%s / %s / %s\nВремя: 0/0\n", prev.Russian(), prev.Russian(), day.Russian())
	g.pos, g.prevText = g.pos.Play(m), text
	g.ply++
	return Received{Incoming: Incoming{MessageID: fmt.Sprintf("<b%d@example.org>", seq), Raw: []byte(body),
		From: fmt.Sprintf("p%d@example.org", from), Postmark: day.Time().Add(10 * time.Hour)},
		Subject: fmt.Sprintf("[%s #%d-%d]", t.Cipher, g.pair.White, g.pair.Black), Text: body, Auth: dmarcPass}, true
}

// BenchmarkReceive_ManyGames applies move letters, one game after another,
// to a tournament of 105 games (15 players): each letter found, stored raw,
// applied and committed with its events, ledger lines and outgoing letters
// in one transaction, without the mail shell and without the daily checks.
// Beside it, in the same run, bare one-insert SQLite transactions.
func BenchmarkReceive_ManyGames(b *testing.B) {
	db, t := manyGames(b, 15)
	games := make([]*benchGame, len(t.Games))
	for i, p := range t.Games {
		games[i] = &benchGame{pair: p, pos: draughts.Initial(draughts.Russian)}
	}
	ctx := context.Background()
	cpu := cpuTime(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		r, ok := g.next(t, i)
		if !ok {
			continue
		}
		if _, err := apply(ctx, db, t.Cipher, r); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "letters/s")
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/float64(b.N), "cpu-µs/letter")
	b.ReportMetric(bareTx(b, 2000), "bare-sqlite-tx/s")
}

// cpuTime is the CPU time the process has used (user and system): on a
// machine shared with other work it varies less than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bareTx is the rate of n one-insert transactions on a fresh file with the
// store's settings.
func bareTx(b *testing.B, n int) float64 {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(b.TempDir(), "bare.db")+"?"+q.Encode())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, raw BLOB NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	row := make([]byte, 400)
	began := time.Now()
	for range n {
		tx, err := db.Begin()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO t (raw) VALUES (?)`, row); err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	return float64(n) / time.Since(began).Seconds()
}
