package storage

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queue puts one letter straight into the outbox.
func queue(t *testing.T, db *DB, to string) int64 {
	t.Helper()
	var id int64
	require.NoError(t, db.tx(context.Background(), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(context.Background(), `INSERT INTO outbox (message_id, to_addr, kind, subject, body, queued, next_attempt)
			VALUES (?, ?, 'notice', 's', 'b', ?, ?)`, "<"+to+"@t>", to, db.stamp(), db.stamp())
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	}))
	return id
}

func TestOutbox_AttemptRecordedBeforeSendingWithBackoff(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	id := queue(t, db, "a@example.org")
	due, err := db.Due(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, due, 1)

	// Each failed attempt doubles the wait: 7.5 min, 15 min, 30 min...
	wants := []time.Duration{450 * time.Second, 900 * time.Second, 1800 * time.Second}
	for i, want := range wants {
		require.NoError(t, db.Attempt(ctx, id, now))
		due, err := db.Due(ctx, now, 10)
		require.NoError(t, err)
		assert.Empty(t, due, "not due again right after attempt %d", i+1)
		dead, err := db.MarkFailed(ctx, id, "451 try later", false, now)
		require.NoError(t, err)
		assert.False(t, dead)
		due, err = db.Due(ctx, now.Add(want), 10)
		require.NoError(t, err)
		require.Len(t, due, 1, "due after %v", want)
		assert.Equal(t, i+1, due[0].Attempts)
		assert.Equal(t, "451 try later", due[0].LastError)
	}
	require.NoError(t, db.Attempt(ctx, id, now))
	require.NoError(t, db.MarkSent(ctx, id, now))
	due, err = db.Due(ctx, now.Add(48*time.Hour), 10)
	require.NoError(t, err)
	assert.Empty(t, due, "a sent letter is never due")
}

func TestOutbox_PermanentFailureOrTooManyAttemptsIsDead(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	perm := queue(t, db, "p@example.org")
	require.NoError(t, db.Attempt(ctx, perm, now))
	dead, err := db.MarkFailed(ctx, perm, "550 no such user", true, now)
	require.NoError(t, err)
	assert.True(t, dead)

	temp := queue(t, db, "t@example.org")
	for i := 0; i < MaxAttempts; i++ {
		require.NoError(t, db.Attempt(ctx, temp, now))
		dead, err = db.MarkFailed(ctx, temp, "451", false, now)
		require.NoError(t, err)
		assert.Equal(t, i == MaxAttempts-1, dead, "attempt %d", i+1)
	}
	due, err := db.Due(ctx, now.Add(365*24*time.Hour), 10)
	require.NoError(t, err)
	assert.Empty(t, due)
	require.ErrorIs(t, db.MarkSent(ctx, 999, now), ErrNotFound)
}
