package referee_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// newUnstarted is a world whose store holds the tournament of
// testdata/replay/FILE created, not started.
func newUnstarted(t *testing.T, file string) *world {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	w := &world{t: t, db: db, ref: &referee.Referee{DB: db}}
	tr, err := w.ref.Create(context.Background(), tournamentFile(t, file), false)
	require.NoError(t, err)
	w.cipher = tr.Cipher
	return w
}

// tournamentFile reads testdata/replay/FILE.
func tournamentFile(t *testing.T, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", file))
	require.NoError(t, err)
	return src
}

// TestStart_6_3_2_StartList: starting a tournament begins its games and
// queues the start list to every player on the day given (today in its
// zone without one); a second start is refused, or is nothing when a
// resumed run asks again.
func TestStart_6_3_2_StartList(t *testing.T) {
	tests := []struct {
		name    string
		day     string
		again   bool // start a second time
		resume  bool
		wantErr error
		wantDay string
	}{
		{"OnTheDayGiven", "2026-03-01", false, false, nil, "2026-03-01"},
		{"TodayWithoutADay", "", false, false, nil, "2026-02-27"},
		{"StartedTwice", "2026-03-01", true, false, referee.ErrConflict, ""},
		{"ResumedKeepsTheFirstStart", "2026-03-01", true, true, nil, "2026-03-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newUnstarted(t, "two.toml"), context.Background()
			w.at("2026-02-27")
			var day timecontrol.Date
			if tt.day != "" {
				day = timecontrol.MustDate(tt.day)
			}
			done, err := w.ref.Start(ctx, w.cipher, day, false)
			if tt.again {
				require.NoError(t, err)
				done, err = w.ref.Start(ctx, w.cipher, timecontrol.MustDate("2026-03-05"), tt.resume)
			}
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantDay, done.Day.String())
			assert.Equal(t, tt.wantDay, w.state().Started.String())
			assert.Len(t, w.outbox(ivanov, "start-list"), 1, "one start list to each player")
			assert.Len(t, w.outbox(petrov, "start-list"), 1)
		})
	}
}

// TestCreate: a tournament is stored once; a resumed run keeps the stored
// one, and a file that does not read is refused with the reason.
func TestCreate(t *testing.T) {
	tests := []struct {
		name    string
		src     []byte
		resume  bool
		wantErr bool
	}{
		{"Again", nil, false, true},
		{"Resumed", nil, true, false},
		{"BadFile", []byte("cipher = \"X\"\n"), false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newUnstarted(t, "two.toml"), context.Background()
			src := tt.src
			if src == nil {
				src = tournamentFile(t, "two.toml")
			}
			_, err := w.ref.Create(ctx, src, tt.resume)
			assert.Equal(t, tt.wantErr, err != nil, err)
			ciphers, err := w.db.Ciphers(ctx)
			require.NoError(t, err)
			assert.Equal(t, []string{w.cipher}, ciphers)
		})
	}
}

// TestStart_NoSuchTournament is ErrNotFound.
func TestStart_NoSuchTournament(t *testing.T) {
	w := newUnstarted(t, "two.toml")
	_, err := w.ref.Start(context.Background(), "НЕТ-2026", timecontrol.MustDate("2026-03-01"), false)
	assert.ErrorIs(t, err, referee.ErrNotFound)
}
