package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/timecontrol"
)

// The daily job catches up every day since the last one checked, on the
// injected clock: 45 days without White's first move bring the 30-day
// inquiry (6.3.4) to White, and the store records the last day checked.
func TestJobs_Daily_6_3_4_CatchesUpTheDaysAndInquires(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	m := w.start(t)
	w.clock.Set("2026-04-15T10:00:00+03:00")
	require.NoError(t, m.jobs.daily(context.Background()))
	s, err := m.db.State(context.Background(), "ТЕСТ-2026")
	require.NoError(t, err)
	assert.Equal(t, timecontrol.MustDate("2026-04-15"), s.Checked)
	in := w.waitFor(t, "ivanov@example.org", containing("6.3.4"))
	assert.Equal(t, "auto-replied", in.AutoSubmitted)
	w.waitFor(t, "secretary@example.org", containing("6.3.4"))

	// Run again the same day: nothing more is sent. Count once every letter
	// of the first run is out (the opponent's copy may still be on its way).
	require.Eventually(t, func() bool { return getHealth(t, m).Outbox.Waiting == 0 }, 10*time.Second, 20*time.Millisecond)
	before := len(w.mail.Deliveries())
	require.NoError(t, m.jobs.daily(context.Background()))
	require.Eventually(t, func() bool { return getHealth(t, m).Outbox.Waiting == 0 }, 10*time.Second, 20*time.Millisecond)
	assert.Len(t, w.mail.Deliveries(), before)
}

// The digest and the standings go to the secretary through the sender.
func TestJobs_DigestAndStandingsToTheSecretary(t *testing.T) {
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	m := w.start(t)
	w.send(t, "ivanov@example.org", "d1@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	w.deliver(t, "ivanov@example.org", []byte("From: <ivanov@example.org>\r\nTo: <"+serverAddr+">\r\nSubject: Away\r\n"+
		"Auto-Submitted: auto-replied\r\nMessage-ID: <d2@example.org>\r\n\r\nAway.\r\n"))
	w.waitFor(t, "petrov@example.org", containing("c3-d4"))
	require.Eventually(t, func() bool { h := getHealth(t, m); return h.IMAP.Accepted+h.IMAP.Refused == 2 }, 10*time.Second, 20*time.Millisecond)

	require.NoError(t, m.jobs.digest(context.Background()))
	digest := w.waitFor(t, "secretary@example.org", func(in *mailbox.Incoming) bool { return strings.Contains(in.Subject, "Сводка") })
	assert.Contains(t, digest.Text, "Принято писем: 1. Не принято: 1.")
	assert.Contains(t, digest.Text, "оставлено без ответа: автоматическое письмо (Auto-Submitted: auto-replied)", "the disposition and the reason in her language")

	require.NoError(t, m.jobs.standings(context.Background()))
	table := w.waitFor(t, "secretary@example.org", func(in *mailbox.Incoming) bool {
		return strings.Contains(in.Subject, "Турнирная таблица")
	})
	assert.Contains(t, table.Text, "ТЕСТ-2026")
	assert.Contains(t, table.Text, "Иванов")
}

// Only the configured jobs are scheduled; an empty spec turns one off.
func TestJobs_ScheduleOnlyTheConfigured(t *testing.T) {
	j := &jobs{log: quietLog()}
	c, err := j.schedule(ScheduleConfig{Daily: "5 0 * * *", Standings: "@every 1h"}, moscow())
	require.NoError(t, err)
	assert.Len(t, c.Entries(), 2)
	c, err = j.schedule(ScheduleConfig{}, moscow())
	require.NoError(t, err)
	assert.Empty(t, c.Entries())
}
