package referee_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// TestReady: letters wait in the mailbox until the store holds a
// tournament (a restored or new store must see them).
func TestReady(t *testing.T) {
	tests := []struct {
		name    string
		create  bool
		wantErr error
	}{
		{"EmptyStore", false, referee.ErrNoTournament},
		{"WithATournament", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
			require.NoError(t, err)
			t.Cleanup(func() { db.Close() })
			ref := &referee.Referee{DB: db}
			if tt.create {
				_, err := ref.Create(context.Background(), tournamentFile(t, "two.toml"), false)
				require.NoError(t, err)
			}
			assert.ErrorIs(t, ref.Ready(context.Background()), tt.wantErr)
		})
	}
}
