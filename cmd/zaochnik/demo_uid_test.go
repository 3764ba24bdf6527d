package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// TestNextUIDValidity_Q28 checks that a restarted demo's mail server takes a
// UIDVALIDITY the store has not seen, so its UIDs 1, 2, ... are new letters.
func TestNextUIDValidity_Q28(t *testing.T) {
	for _, seen := range []uint32{0, 1, 5} {
		path := filepath.Join(t.TempDir(), "demo.db")
		if seen > 0 {
			db, err := storage.Open(path)
			require.NoError(t, err)
			in := storage.Incoming{MessageID: "<a@x>", Mailbox: demoServer + "/" + defaultConfig().IMAP.Mailbox,
				UIDValidity: seen, UID: 1, Raw: []byte("a"), Postmark: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}
			require.NoError(t, db.Update(context.Background(), func(tx *storage.Tx) error {
				_, _, _, err := tx.StoreLetter(context.Background(), in, "")
				return err
			}))
			require.NoError(t, db.Close())
		}
		got, err := nextUIDValidity(path, demoServer)
		require.NoError(t, err)
		assert.Equal(t, seen+1, got, "store saw %d", seen)
	}
}
