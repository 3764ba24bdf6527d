package main

import (
	"database/sql"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/mailtest"
)

// diskFull makes the store at path refuse the writes named by the triggers
// as a full disk does, while reads still work; the returned func ends it.
func diskFull(t *testing.T, path string, triggers ...string) func() {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	for i, on := range triggers {
		_, err := db.Exec(`CREATE TRIGGER full` + string(rune('a'+i)) + ` BEFORE ` + on + ` BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
		require.NoError(t, err)
	}
	return func() {
		for i := range triggers {
			_, err := db.Exec(`DROP TRIGGER full` + string(rune('a'+i)))
			require.NoError(t, err)
		}
	}
}

// A full disk: the reader names it a store error (not a lost IMAP
// connection) and backs off, /healthz says degraded with the reason at
// once, and the letter waits in the mailbox until the store writes again.
func TestServe_StoreErrorsAreNamedAndReported(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	var log mailtest.Buffer
	m := &Main{Config: w.cfg, Now: w.clock.Now, Logger: slog.New(slog.NewTextHandler(&log, nil))}
	require.NoError(t, m.Run(t.Context()))
	t.Cleanup(func() { m.Close() })
	require.Eventually(t, func() bool { return getHealth(t, m).Status == "ok" }, 30*time.Second, 20*time.Millisecond)

	end := diskFull(t, w.cfg.Database.Path, "INSERT ON letters")
	w.send(t, "ivanov@example.org", "full@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов")
	require.Eventually(t, func() bool { return getHealth(t, m).Status == "degraded" }, 30*time.Second, 20*time.Millisecond)
	h := getHealth(t, m)
	assert.Contains(t, h.Store, "database or disk is full")
	assert.Contains(t, strings.Join(h.Problems, "\n"), "the store fails")
	require.Eventually(t, func() bool { return strings.Count(log.String(), "store: the letters cannot be stored") >= 3 }, 30*time.Second, 20*time.Millisecond)
	assert.NotContains(t, log.String(), "imap: connection lost", "a store error is not an IMAP error")
	waits := retryWaits(t, log.String(), "store: the letters cannot be stored")
	assert.Greater(t, waits[2], waits[0], "the reader backs off: %v", waits)

	end()
	require.Eventually(t, func() bool {
		l, err := m.db.LetterByMessageID(t.Context(), "full@example.org")
		return err == nil && l.Disposition == "processed"
	}, 30*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool { return getHealth(t, m).Status == "ok" }, 30*time.Second, 20*time.Millisecond)
}

// A letter the SMTP server took but the store could not record as sent is
// kept as sent in memory, recorded when the store writes again, and never
// sent a second time (at most one copy); the sender backs off meanwhile.
func TestServe_SentButNotRecordedIsNotSentAgain(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	end := diskFull(t, w.cfg.Database.Path, "UPDATE OF sent ON outbox WHEN NEW.sent <> ''")
	var log mailtest.Buffer
	m := &Main{Config: w.cfg, Now: w.clock.Now, Logger: slog.New(slog.NewTextHandler(&log, nil))}
	require.NoError(t, m.Run(t.Context()))
	t.Cleanup(func() { m.Close() })
	out, err := m.db.Outbox(t.Context())
	require.NoError(t, err)
	require.NotEmpty(t, out, "the start lists wait")

	require.Eventually(t, func() bool { return len(sentIDs(t, w)) >= 1 }, 30*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool { return strings.Count(log.String(), "store: the outbox cannot be read or written") >= 3 }, 30*time.Second, 20*time.Millisecond)
	assert.Equal(t, "degraded", getHealth(t, m).Status)
	waits := retryWaits(t, log.String(), "store: the outbox cannot be read or written")
	assert.Greater(t, waits[2], waits[0], "the sender backs off: %v", waits)
	// Many retry intervals (200 ms) have passed: still one copy.
	for id, n := range sentIDs(t, w) {
		assert.Equal(t, 1, n, "%s sent once", id)
	}

	end()
	require.Eventually(t, func() bool {
		out, err := m.db.Outbox(t.Context())
		require.NoError(t, err)
		for _, o := range out {
			if o.Sent.IsZero() {
				return false
			}
		}
		return true
	}, 30*time.Second, 20*time.Millisecond)
	sent := sentIDs(t, w)
	assert.Len(t, sent, len(out))
	for id, n := range sent {
		assert.Equal(t, 1, n, "%s sent once", id)
	}
}

// retryWaits reads the "retry in" durations of the log lines holding msg.
func retryWaits(t *testing.T, log, msg string) []time.Duration {
	t.Helper()
	var waits []time.Duration
	re := regexp.MustCompile(`retry in"?=([0-9.a-zµ]+)`)
	for _, line := range strings.Split(log, "\n") {
		if !strings.Contains(line, msg) {
			continue
		}
		mm := re.FindStringSubmatch(line)
		require.NotNil(t, mm, line)
		d, err := time.ParseDuration(mm[1])
		require.NoError(t, err)
		waits = append(waits, d)
	}
	require.GreaterOrEqual(t, len(waits), 3)
	return waits
}
