package storage

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkNextBatch drains an outbox of 2,000 letters of about 1 KiB as
// the sender does: each NextBatch records the batch before as delivered
// and claims the next 16. cpu-us/letter is the process's CPU time (user
// and system) per letter.
func BenchmarkNextBatch(b *testing.B) {
	const n = 2000
	batch := 16
	if v, err := strconv.Atoi(os.Getenv("ZAOCHNIK_BENCH_BATCH")); err == nil {
		batch = v
	}
	ctx := context.Background()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		db := mustOpen(b)
		body := strings.Repeat("Партия 7: ход соперника 1... f6-g5. ", 16)
		require.NoError(b, db.tx(ctx, func(tx *sql.Tx) error {
			for i := range n {
				if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (message_id, to_addr, kind, subject, body, queued, next_attempt)
					VALUES (?, ?, 'forward', 'Партия 7', ?, ?, ?)`, fmt.Sprintf("m%d@zaochnik.test", i), "ivanov@example.ru", body, db.stamp(), db.stamp()); err != nil {
					return err
				}
			}
			return nil
		}))
		b.StartTimer()
		cpu0 := rusage(b)
		now := db.Now()
		var done []Outcome
		sent := 0
		for {
			claimed, err := db.NextBatch(ctx, done, now, now.Add(time.Minute), batch)
			require.NoError(b, err)
			sent += len(done)
			if len(claimed) == 0 {
				break
			}
			done = done[:0]
			for _, c := range claimed {
				done = append(done, Outcome{ID: c.ID, Fate: Delivered, At: now})
			}
		}
		cpu += rusage(b) - cpu0
		require.Equal(b, n, sent)
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(n*b.N), "cpu-us/letter")
}

// rusage is this process's CPU time so far, user and system.
func rusage(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
