package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// BenchmarkReceivePath measures the receive path alone, in this process:
// the letters BenchmarkPipeline's reader hands the referee (White's first
// move in each of 420 games, then Black's answer; with
// ZAOCHNIK_BENCH_MOVE=N White's move N and Black's answer, the games
// played to just before it first, outside the clock: playTo), received in
// groups of 100 as the daemon's reader hands them (decoded at the edge as
// the reader does in its fetch stage, then referee.ReceiveAll:
// authenticate, referee, ledger, rows, commit), without IMAP and without
// the sender. cpu-us/letter is the process's CPU time (user and system,
// GC included) per letter; issue 13's target for it is 150 µs. The
// collector is the daemon's (serve's gc_percent and memory_limit_mib by
// default; GOGC and GOMEMLIMIT in the environment win, as they do for
// serve: GOGC=100 measures under Go's default). Profile with -cpuprofile.
func BenchmarkReceivePath(b *testing.B) {
	defer tuneGC(defaultConfig(), os.Getenv, quietLog())()
	move := benchMove(b, os.Getenv)
	var cpu time.Duration
	letters := 0
	for range b.N {
		b.StopTimer()
		db, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
		require.NoError(b, err)
		db.MessageIDKey = []byte("bench message ids")
		today := timecontrol.DateOf(time.Now().In(moscow()))
		games := benchTournaments(b, db, 420, benchStart(today, move))
		now := time.Now()
		var first, replies [][]byte
		if move == 1 {
			for i, g := range games {
				first = append(first, benchLetter(g, false, fmt.Sprintf("first.%d@bench.test", i), now))
				replies = append(replies, benchLetter(g, true, fmt.Sprintf("reply.%d@bench.test", i), now))
			}
		} else {
			white, black := playTo(b, db, games, move, today)
			first, replies = plyLetters(games, white, "first", now), plyLetters(games, black, "reply", now)
		}
		var ls []referee.Letter
		for _, raw := range append(first, replies...) {
			ls = append(ls, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(len(ls) + 1), Raw: raw})
		}
		ref := benchReferee(db)
		b.StartTimer()
		began := processCPU(b)
		receiveBacklog(b, ref, ls)
		cpu += processCPU(b) - began
		letters += len(ls)
		b.StopTimer()
		require.NoError(b, db.Close())
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(letters), "cpu-us/letter")
}

// receiveBacklog receives the letters ls in groups of 100 as the daemon's
// reader hands them, decoded at the edge as it does, and fails b unless
// each is applied without a problem found. It is the part measured, apart (callgrind's
// --toggle-collect='*receiveBacklog*' counts it alone, without the
// setup).
func receiveBacklog(b testing.TB, ref *referee.Referee, ls []referee.Letter) {
	for k := 0; k < len(ls); k += 100 {
		group := make([]referee.Letter, 0, 100)
		for _, l := range ls[k:min(k+100, len(ls))] {
			group = append(group, decoded(ref, l)) // at the edge, as the daemon's reader does
		}
		outs, err := ref.ReceiveAll(context.Background(), group)
		require.NoError(b, err)
		for _, o := range outs {
			if o.Disposition != storage.Processed || len(o.Outcome.Problems) > 0 {
				b.Fatalf("letter %d not applied as written: %s %s %v", o.LetterID, o.Disposition, o.Outcome.Reason, o.Outcome.Problems)
			}
		}
	}
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	require.NoError(b, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
