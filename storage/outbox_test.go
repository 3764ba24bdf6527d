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
			VALUES (?, ?, 'notice', 'subject', 'body', ?, ?)`, to+".id", to, db.stamp(), db.stamp())
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	}))
	return id
}

func TestOutbox_AttemptIsRecordedBeforeSending(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	_, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "nothing waits")
	id := queue(t, db, "a@example.org")
	got, attempts, due, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, [2]int64{id, 0}, [2]int64{got, int64(attempts)})
	assert.Equal(t, now, due)

	retry := now.Add(time.Minute)
	m, attempt, err := db.BeginAttempt(ctx, id, now, retry)
	require.NoError(t, err)
	assert.Equal(t, 1, attempt)
	assert.Equal(t, Mail{MessageID: "a@example.org.id", Kind: "notice", To: "a@example.org", Subject: "subject", Body: "body",
		Date: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}, m, "the Message-ID and date fixed when queued")
	// In flight: not offered again until its outcome is recorded, so it
	// reaches SMTP at most once.
	_, _, _, ok, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "a letter in flight is not offered again")
	_, _, err = db.BeginAttempt(ctx, id, now, retry)
	assert.ErrorIs(t, err, ErrNotFound, "nor begun again")

	require.NoError(t, db.Retry(ctx, id, now.Add(time.Hour), "451 later"))
	_, _, due, _, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.Equal(t, now.Add(time.Hour), due)
	_, attempt, err = db.BeginAttempt(ctx, id, now.Add(time.Hour), now.Add(2*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, 2, attempt)
	require.NoError(t, db.Sent(ctx, id, now.Add(time.Hour)))
	_, _, _, ok, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "a sent letter never waits")
	_, _, err = db.BeginAttempt(ctx, id, now, now)
	assert.ErrorIs(t, err, ErrNotFound, "a sent letter is not sent again")
}

func TestOutbox_DeadLetterIsNotTriedAgain(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	id := queue(t, db, "p@example.org")
	require.NoError(t, db.Dead(ctx, id, now, "550 no such user"))
	_, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok)
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, out, 1, "no tournament, no secretary to tell")
	assert.True(t, out[0].Dead)
	assert.Equal(t, "550 no such user", out[0].LastError)
	assert.ErrorIs(t, db.Sent(ctx, 999, now), ErrNotFound)
}

// A letter a stopped daemon left in flight may have gone out: it is marked
// dead as uncertain and never sent again (at most one copy).
func TestOutbox_InFlightAtStartIsNeverSentAgain(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	flying, waiting := queue(t, db, "a@example.org"), queue(t, db, "b@example.org")
	_, _, err := db.BeginAttempt(ctx, flying, now, now)
	require.NoError(t, err)
	n, err := db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	id, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, waiting, id, "the other letter still goes")
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	assert.True(t, out[0].Dead)
	assert.Equal(t, Uncertain, out[0].LastError)
	n, err = db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	assert.Zero(t, n)
}

// The sender records a letter's success with the next attempt: both in one
// transaction, so that when the attempt cannot begin the success is not
// recorded either, and the sender records it alone.
func TestOutbox_SentThenBeginIsOneTransaction(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	first, second := queue(t, db, "a@example.org"), queue(t, db, "b@example.org")
	_, _, err := db.BeginAttempt(ctx, first, now, now)
	require.NoError(t, err)
	_, _, err = db.SentThenBegin(ctx, first, now, 999, now, now)
	assert.ErrorIs(t, err, ErrNotFound, "no letter 999 to begin")
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	assert.True(t, out[0].Sent.IsZero(), "nor is the first recorded sent")

	m, attempt, err := db.SentThenBegin(ctx, first, now, second, now, now)
	require.NoError(t, err)
	assert.Equal(t, [2]any{"b@example.org", 1}, [2]any{m.To, attempt})
	out, err = db.Outbox(ctx)
	require.NoError(t, err)
	assert.False(t, out[0].Sent.IsZero(), "the first is sent")
	_, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "the second is in flight")
}
