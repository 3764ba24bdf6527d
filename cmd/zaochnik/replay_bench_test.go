package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// machine shared with other work it varies less than the wall clock.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReplay_LongGame replays a 120-letter game (each letter decoded,
// stored raw, applied and committed with its events, ledger lines and
// outgoing letters in one transaction; the daily checks for every day) into a
// fresh store: the referee's pipeline without the network. Beside it, in the
// same run, the rate of bare one-insert SQLite transactions (issue 6's
// yardstick: the pipeline should reach half of it).
func BenchmarkReplay_LongGame(b *testing.B) {
	const letters = 120
	mail := b.TempDir()
	writeLongGame(b, mail, letters)
	cpu := cpuTime(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out, errb bytes.Buffer
		db := filepath.Join(b.TempDir(), fmt.Sprintf("b%d.db", i))
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb},
			[]string{"replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"), "--mail", mail, "--db", db, "--until", "2026-11-01"})
		if code != 0 {
			b.Fatal(errb.String())
		}
	}
	b.StopTimer()
	n := float64(letters * b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "letters/s")
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/n, "cpu-µs/letter")
	const bare = 2000
	b.ReportMetric(bare/bareInserts(b, bare).Seconds(), "bare-sqlite-tx/s")
}
