package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// migrateTo applies to sqldb the embedded migrations numbered above its
// user_version up to last, each in a transaction, as migrate does: a store
// as the version of that schema wrote it.
func migrateTo(t *testing.T, sqldb *sql.DB, last int) {
	t.Helper()
	names, err := fs.Glob(migrations, "migrations/*.sql")
	require.NoError(t, err)
	sort.Strings(names)
	for _, name := range names {
		num, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, "migrations/"), "_", 2)[0])
		require.NoError(t, err)
		var version int
		require.NoError(t, sqldb.QueryRow("PRAGMA user_version").Scan(&version))
		if num <= version || num > last {
			continue
		}
		body, err := migrations.ReadFile(name)
		require.NoError(t, err)
		tx, err := sqldb.Begin()
		require.NoError(t, err)
		_, err = tx.Exec(string(body))
		require.NoError(t, err, name)
		_, err = tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", num))
		require.NoError(t, err)
		require.NoError(t, tx.Commit())
	}
}

// A store written before migration 0008 marked a letter in flight in its
// outbox row (sending), its attempt counted at the claim. Opened by this
// version, the letters it left in flight stay in flight (never offered
// again, uncertain at the next start), each attempt counted once, and the
// others go as before.
func TestOutbox_0008_LettersInFlightSurviveTheUpgrade(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	require.NoError(t, err)
	migrateTo(t, old, 7)
	const queued, claimed, retry = "2026-03-01T09:00:00Z", "2026-03-01T10:00:00Z", "2026-03-01T10:01:00Z"
	rows := []struct {
		to                        string
		attempts                  int
		next, last, sending, sent string
		lastError                 string
	}{
		{"sent@example.org", 1, claimed, claimed, "", claimed, ""},
		{"first@example.org", 1, retry, claimed, claimed, "", ""},          // in flight, its first attempt
		{"again@example.org", 3, retry, claimed, claimed, "", "451 later"}, // in flight, its third attempt
		{"waiting@example.org", 0, queued, "", "", "", ""},                 // due, not claimed yet
	}
	for i, r := range rows {
		_, err := old.Exec(`INSERT INTO outbox (id, message_id, to_addr, kind, subject, body, queued, attempts, next_attempt, last_attempt, sending, sent, last_error)
			VALUES (?, ?, ?, 'notice', 'subject', 'body', ?, ?, ?, ?, ?, ?, ?)`, i+1, fmt.Sprintf("m%d@x", i+1), r.to, queued, r.attempts, r.next, r.last, r.sending, r.sent, r.lastError)
		require.NoError(t, err)
	}
	require.NoError(t, old.Close())

	db := opened(t, path)
	ctx := context.Background()
	v, err := db.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, v, 8)
	var sending int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM pragma_table_info('outbox') WHERE name = 'sending'`).Scan(&sending))
	assert.Zero(t, sending, "the old mark is gone")

	now, _ := time.Parse(time.RFC3339, "2026-03-01T10:00:30Z")
	n, err := db.Counts(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, OutboxCounts{Waiting: 3, Due: 1, InFlight: 2, Sent: 1}, n)
	for id, want := range map[int64]struct {
		attempts int
		next     string
	}{2: {1, retry}, 3: {3, retry}, 4: {0, queued}} {
		o, flying := row(t, db, id)
		assert.Equal(t, want.attempts, o.Attempts, "letter %d shows its attempts as before", id)
		assert.Equal(t, want.next, stampOf(o.NextAttempt), "letter %d", id)
		assert.Equal(t, id != 4, flying, "letter %d", id)
	}

	batch, err := db.NextBatch(ctx, nil, now, now.Add(time.Minute), 16)
	require.NoError(t, err)
	assert.Equal(t, []int64{4}, claimedIDs(batch), "the letters in flight are not offered again")
	batch, err = db.NextBatch(ctx, []Outcome{{ID: 2, Fate: Delivered, At: now}, {ID: 4, Fate: Delivered, At: now}}, now, now, 16)
	require.NoError(t, err)
	assert.Empty(t, batch)
	settled, err := db.SettleInFlight(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, 1, settled, "the letter still in flight is uncertain")
	for id, want := range map[int64]struct {
		attempts int
		last     string
	}{2: {1, claimed}, 3: {3, stampOf(now)}, 4: {1, ""}} {
		var attempts int
		var last string
		require.NoError(t, db.db.QueryRow(`SELECT attempts, last_attempt FROM outbox WHERE id = ?`, id).Scan(&attempts, &last))
		assert.Equal(t, [2]any{want.attempts, want.last}, [2]any{attempts, last}, "letter %d: each attempt counted once", id)
	}
	o, _ := row(t, db, 3)
	assert.True(t, o.Dead && o.LastError == Uncertain)
}

// A claim writes the letters in flight into outbox_flight and leaves their
// own rows, their text with them, as they were: a letter's row is written
// once an attempt, when its outcome is recorded, and the attempt is
// counted then (Outbox shows it counted from the claim on).
func TestOutbox_ClaimLeavesTheLettersRowAlone(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	ids := []int64{queue(t, db, "a@example.org"), queue(t, db, "b@example.org"), queue(t, db, "c@example.org")}
	raw := func(id int64) string {
		var s string
		require.NoError(t, db.db.QueryRow(`SELECT json_array(attempts, next_attempt, last_attempt, last_error, sent, dead) FROM outbox WHERE id = ?`, id).Scan(&s))
		return s
	}
	before := map[int64]string{}
	for _, id := range ids {
		before[id] = raw(id)
	}
	retry := now.Add(time.Minute)
	batch, err := db.NextBatch(ctx, nil, now, retry, 16)
	require.NoError(t, err)
	require.Equal(t, ids, claimedIDs(batch))
	for _, id := range ids {
		assert.Equal(t, before[id], raw(id), "letter %d's row is not written by the claim", id)
		o, flying := row(t, db, id)
		assert.True(t, flying)
		assert.Equal(t, [2]any{1, retry}, [2]any{o.Attempts, o.NextAttempt}, "letter %d shows its attempt begun", id)
	}
	n, err := db.Counts(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, OutboxCounts{Waiting: 3, InFlight: 3}, n, "in flight, none due (/healthz)")

	later := now.Add(time.Hour)
	_, err = db.NextBatch(ctx, []Outcome{{ID: ids[0], Fate: Delivered, At: now}, {ID: ids[1], Fate: Deferred, At: later, Reason: "451 later"},
		{ID: ids[2], Fate: Unattempted, At: now}}, now, retry, 0)
	require.NoError(t, err)
	tests := []struct {
		id   int64
		want string
	}{
		{ids[0], `[1,"2026-03-01T09:00:00Z","","","2026-03-01T09:00:00Z",0]`}, // sent says when
		{ids[1], `[1,"2026-03-01T10:00:00Z","2026-03-01T09:00:00Z","451 later","",0]`},
		{ids[2], `[0,"2026-03-01T09:00:00Z","","","",0]`}, // no attempt to count
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, raw(tt.id), "letter %d", tt.id)
		_, flying := row(t, db, tt.id)
		assert.False(t, flying, "letter %d", tt.id)
	}
	n, err = db.Counts(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, OutboxCounts{Waiting: 2, Due: 1, Sent: 1}, n)
}

// The claims' statements name their ids in parts of a power of two (64 at
// most), so that a batch of any size prepares a few statements, not one a
// size.
func TestInParts_PowersOfTwo(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{
		{1, []int{1}},
		{13, []int{8, 4, 1}},
		{16, []int{16}},
		{64, []int{64}},
		{130, []int{64, 64, 2}},
	}
	for _, tt := range tests {
		ids := make([]int64, tt.n)
		for i := range ids {
			ids[i] = int64(i + 1)
		}
		var sizes []int
		var seen []int64
		require.NoError(t, inParts(ids, func(part []int64) error {
			sizes = append(sizes, len(part))
			seen = append(seen, part...)
			return nil
		}))
		assert.Equal(t, tt.want, sizes, "%d ids", tt.n)
		assert.Equal(t, ids, seen, "every id once, in order")
	}
}
