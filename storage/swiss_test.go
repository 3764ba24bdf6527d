package storage

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// A Swiss round whose end comes draws the next one the same day; the new
// games, their round and dates and the byes are kept by the store.
func TestNextRound_1_15_DrawnAtTheRoundsEndAndKept(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	// Rounds of 20 days: they end before any silent overstep (50 days, 6.3.5).
	src = []byte(strings.Replace(string(src), "round_days = 90", "round_days = 20", 1))
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = db.start(ctx, tr.Cipher, tr.Start)
	require.NoError(t, err)

	end := tr.Start.AddDays(20)
	for day := tr.Start; !day.After(end); day = day.AddDays(1) {
		_, err := db.daily(ctx, tr.Cipher, day)
		require.NoError(t, err)
		out, err := db.nextRound(ctx, tr.Cipher, day)
		require.NoError(t, err)
		if day.Before(end) {
			require.Empty(t, out.Out, "round 1 still on, %s", day)
			continue
		}
		assert.Len(t, out.Out, 10, "round 2's start lists: eight players, the bye, the secretary")
	}
	require.NoError(t, db.Close())

	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	s, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	require.Len(t, s.Games, 8)
	assert.Equal(t, 2, s.Round())
	for _, g := range s.Games[:4] {
		assert.Equal(t, corr.Unfinished, g.Status, "round 1 ended unfinished: to the judge (6.5.2)")
	}
	for _, g := range s.Games[4:] {
		assert.Equal(t, 2, g.Round)
		assert.Equal(t, end, g.Start)
		assert.Equal(t, end.AddDays(20), g.End)
	}
	require.Len(t, s.Byes, 2)
	assert.Equal(t, []int{1, 2}, []int{s.Byes[0].Round, s.Byes[1].Round})
	assert.NotEqual(t, s.Byes[0].Player, s.Byes[1].Player, "no second bye (1.15.2)")
}
