package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// The store is the mail shell's inbox.
var _ mailbox.Inbox = (*storage.DB)(nil)

// A letter fetched twice (a reconnect, a UIDVALIDITY change) is applied once.
func TestWiring_AcceptIsIdempotent(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	defer db.Close()
	db.Decode = decodeLetter
	ctx := context.Background()
	src, err := os.ReadFile(replayDir("two.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = db.Start(ctx, tr.Cipher, tr.Start)
	require.NoError(t, err)
	raw, err := os.ReadFile(filepath.Join(replayDir("clean"), "01.eml"))
	require.NoError(t, err)

	refused, err := db.Accept(ctx, "INBOX", 1, 10, raw)
	require.NoError(t, err)
	assert.False(t, refused)
	refused, err = db.Accept(ctx, "INBOX", 2, 1, raw) // the same letter after a UIDVALIDITY change
	require.NoError(t, err)
	assert.False(t, refused)

	s, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	assert.Len(t, s.Games[0].Plies, 1, "applied once")
	v, last, err := db.Watermark(ctx, "INBOX")
	require.NoError(t, err)
	assert.Equal(t, [2]uint32{2, 1}, [2]uint32{v, last})

	refused, err = db.Accept(ctx, "INBOX", 2, 2, []byte("not a letter"))
	require.NoError(t, err)
	assert.True(t, refused, "an unreadable letter is kept and refused")
}
