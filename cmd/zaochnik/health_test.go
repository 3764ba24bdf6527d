package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// Q24: /healthz is about the daemon (store, IMAP, SMTP); a dead letter to a
// stranger is reported in the JSON and the secretary's business, not a 503.
func TestHealth_DeadLettersDoNotDegradeButStuckMailDoes(t *testing.T) {
	cases := []struct {
		name     string
		act      func(t *testing.T, db *storage.DB, ids []int64, now time.Time) time.Time // returns the clock to look at
		code     int
		dead     int
		overdue  int
		failing  int
		problems int
	}{
		{"letters just queued", func(t *testing.T, db *storage.DB, ids []int64, now time.Time) time.Time { return now },
			http.StatusOK, 0, 0, 0, 0},
		{"one bounced reply, the others sent", func(t *testing.T, db *storage.DB, ids []int64, now time.Time) time.Time {
			require.NoError(t, db.Record(context.Background(), storage.Outcome{ID: ids[0], Fate: storage.Undeliverable, At: now, Reason: "550 no such user"}))
			out, err := db.Outbox(context.Background())
			require.NoError(t, err)
			for _, o := range out[1:] { // the secretary's report of the dead letter too
				require.NoError(t, db.Record(context.Background(), storage.Outcome{ID: o.ID, Fate: storage.Delivered, At: now}))
			}
			return now.Add(24 * time.Hour)
		}, http.StatusOK, 1, 0, 0, 0},
		{"the SMTP server cannot be reached", func(t *testing.T, db *storage.DB, ids []int64, now time.Time) time.Time {
			return now.Add(smtpOverdue + time.Minute)
		}, http.StatusServiceUnavailable, 0, -1, 0, 1},
		{"the SMTP server keeps refusing", func(t *testing.T, db *storage.DB, ids []int64, now time.Time) time.Time {
			// The sender's attempts (storage.DB.NextBatch): the first
			// letter refused each time, the others given back due.
			for i := range smtpFailures {
				at := now.Add(time.Duration(i) * time.Minute)
				batch, err := db.NextBatch(context.Background(), nil, at, at, len(ids))
				require.NoError(t, err)
				require.NotEmpty(t, batch)
				require.Equal(t, ids[0], batch[0].ID)
				done := []storage.Outcome{{ID: ids[0], Fate: storage.Deferred, At: at.Add(time.Minute), Reason: "451 try later"}}
				for _, c := range batch[1:] {
					done = append(done, storage.Outcome{ID: c.ID, Fate: storage.Deferred, At: now})
				}
				require.NoError(t, db.Record(context.Background(), done...))
			}
			return now
		}, http.StatusServiceUnavailable, 0, 0, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
			clock := now
			db := healthStore(t, func() time.Time { return clock })
			outbox := newStoreOutbox(db, mailbox.Address{Addr: "server@zaochnik.example"}, referee.Keys{})
			out, err := db.Outbox(context.Background())
			require.NoError(t, err)
			var ids []int64
			for _, o := range out {
				ids = append(ids, o.ID)
			}
			require.NotEmpty(t, ids)
			clock = c.act(t, db, ids, now)

			m := &Main{Config: defaultConfig(), Now: func() time.Time { return clock }, db: db, started: time.Now(),
				outbox: outbox, inbox: &shellInbox{ref: testReferee(t, db), lastCheck: time.Now()}}
			rec := httptest.NewRecorder()
			m.serveHealth(rec, httptest.NewRequest("GET", "/healthz", nil))
			assert.Equal(t, c.code, rec.Code, rec.Body.String())
			var h health
			require.NoError(t, json.NewDecoder(rec.Body).Decode(&h))
			assert.Equal(t, c.dead, h.Outbox.Dead)
			if c.overdue >= 0 {
				assert.Equal(t, c.overdue, h.SMTP.Overdue)
			} else {
				assert.Positive(t, h.SMTP.Overdue)
			}
			assert.Equal(t, c.failing, h.SMTP.Failing)
			assert.Len(t, h.Problems, c.problems, h.Problems)
		})
	}
}

// healthStore is a store with a started tournament and a move applied, so
// that letters wait in the outbox.
func healthStore(t *testing.T, now func() time.Time) *storage.DB {
	t.Helper()
	db, _ := startedStore(t, "two.toml", now)
	raw, err := os.ReadFile(filepath.Join(replayDir("clean"), "01.eml"))
	require.NoError(t, err)
	accept(t, testReferee(t, db), 1, 1, raw)
	return db
}

// TestHealth_SlowLetterKeepsTheReaderConnected: a letter whose bytes keep
// arriving (ReaderOptions.Progress) keeps the reader connected while its
// own deadline, up to 12 min 40 s for 10 MiB, runs past what /healthz
// allows between looks at the mailbox; bytes that stopped coming do not.
func TestHealth_SlowLetterKeepsTheReaderConnected(t *testing.T) {
	const allowed = 5*time.Minute + 2*time.Minute + 30*time.Second // the IDLE watchdog and the slack
	cases := []struct {
		name             string
		looked, lastByte time.Duration // how long ago; 0 for never
		arriving         bool          // the reader tells of bytes arriving now (progress)
		connected        bool
	}{
		{"looked at the mailbox lately", time.Minute, 0, false, true},
		{"looked long ago, nothing arriving", allowed + time.Minute, 0, false, false},
		{"looked long ago, a letter arriving", allowed + time.Minute, 0, true, true},
		{"looked long ago, a letter's bytes stopped", allowed + time.Minute, allowed + 10*time.Second, false, false},
		{"bytes long ago, looked lately", time.Minute, allowed + time.Minute, false, true},
	}
	db := healthStore(t, time.Now)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := time.Now()
			in := &shellInbox{ref: testReferee(t, db), lastCheck: now.Add(-c.looked)}
			if c.lastByte > 0 {
				in.lastBytes = now.Add(-c.lastByte)
			}
			if c.arriving {
				in.progress()
			}
			cfg := defaultConfig()
			cfg.IMAP.Idle, cfg.IMAP.IdleWatchdog = true, duration(5*time.Minute)
			m := &Main{Config: cfg, Now: time.Now, db: db, started: now.Add(-time.Hour),
				outbox: newStoreOutbox(db, mailbox.Address{Addr: "server@zaochnik.example"}, referee.Keys{}), inbox: in}
			h := m.health(httptest.NewRequest("GET", "/healthz", nil))
			assert.Equal(t, c.connected, h.IMAP.Connected)
			assert.Equal(t, c.connected, len(h.Problems) == 0, h.Problems)
		})
	}
}
