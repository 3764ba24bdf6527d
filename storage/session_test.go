package storage

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Sessions are kept, listed per account, touched and ended; a new login
// drops the sessions past their expiry.
func TestSessions_KeptListedAndEnded(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	mk := func(id, account string, at time.Time) Session {
		return Session{ID: id, Account: account, Role: "secretary", Key: "k", Remote: "192.0.2.1", Created: at, LastSeen: at, Expires: at.Add(12 * time.Hour)}
	}
	require.NoError(t, db.CreateSession(ctx, mk("a1", "anna", t0)))
	require.NoError(t, db.CreateSession(ctx, mk("o1", "oleg", t0.Add(time.Hour))))
	require.NoError(t, db.CreateSession(ctx, mk("a2", "anna", t0.Add(2*time.Hour))))

	s, ok, err := db.Session(ctx, "a1")
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, mk("a1", "anna", t0), s)
	require.NoError(t, db.TouchSession(ctx, "a1", t0.Add(30*time.Minute)))
	s, _, err = db.Session(ctx, "a1")
	require.NoError(t, err)
	assert.Equal(t, t0.Add(30*time.Minute), s.LastSeen)

	all, err := db.AccountSessions(ctx, "anna")
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, "a2", all[0].ID, "newest first")

	require.NoError(t, db.EndSession(ctx, "a2"))
	_, ok, err = db.Session(ctx, "a2")
	require.NoError(t, err)
	assert.False(t, ok)

	require.NoError(t, db.CreateSession(ctx, mk("o2", "oleg", t0.Add(12*time.Hour))))
	_, ok, err = db.Session(ctx, "a1")
	require.NoError(t, err)
	assert.False(t, ok, "expired, dropped at the next login")
	_, ok, err = db.Session(ctx, "o1")
	require.NoError(t, err)
	assert.True(t, ok)
}
