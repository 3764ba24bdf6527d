package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReplay_LongGame replays a 120-letter game (each letter decoded,
// stored raw, applied and committed with its events, ledger lines and
// outgoing letters in one transaction; the daily checks for every day) into a
// fresh store: the referee's pipeline without the network.
func BenchmarkReplay_LongGame(b *testing.B) {
	mail := b.TempDir()
	writeLongGame(b, mail, 120)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out, errb bytes.Buffer
		db := filepath.Join(b.TempDir(), fmt.Sprintf("b%d.db", i))
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb},
			[]string{"replay", "--tournament", replayDir("two.toml"), "--mail", mail, "--db", db, "--until", "2026-11-01"})
		if code != 0 {
			b.Fatal(errb.String())
		}
	}
	b.ReportMetric(float64(120*b.N)/b.Elapsed().Seconds(), "letters/s")
}
