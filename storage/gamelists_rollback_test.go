package storage

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// A group whose first letter seals a chunk of a game's lists (its ninth
// ply) and whose second letter fails is rolled back whole:
// the chunk it would have written is not stored, the copies in memory are
// not the group's, and the same change written again afterwards, and the
// next, read back from the rows (a cold store: their chunks counted) as
// the copy holds them.
func TestGameLists_AGroupRolledBackAtAChunksEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	const code = "ТЕСТ-2026 1-2"
	grow := func(tx *Tx) error {
		l, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		next := l.State.Clone()
		for _, g := range next.Games {
			if g.Code == code {
				n := len(g.Plies)
				g.Plies = append(g.Plies, corr.Ply{Text: "ход " + string(rune('a'+n))})
				g.Replies = append(g.Replies, timecontrol.Reply{Player: timecontrol.Color(n % 2), Received: timecontrol.MustDate("2026-03-01").AddDays(n)})
				g.Letters[n%2] = append(g.Letters[n%2], "<"+string(rune('a'+n))+"@x>")
			}
		}
		return tx.Save(ctx, l, next, 0, Processed, timecontrol.Date{}, corr.Outcome{})
	}
	plies := func(d *DB) int {
		s, err := d.State(ctx, cipher)
		require.NoError(t, err)
		g, _ := s.Game(code)
		return len(g.Plies)
	}
	for plies(db) < listChunk {
		require.NoError(t, db.Update(ctx, grow))
	}
	require.Equal(t, listChunk, plies(db))
	chunkRows := func() (n int) {
		require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_chunks`).Scan(&n))
		return n
	}
	before := chunkRows()

	g, err := db.Group(ctx)
	require.NoError(t, err)
	require.NoError(t, each(g, grow))
	failed := errors.New("the second letter failed")
	require.ErrorIs(t, each(g, func(tx *Tx) error { return failed }), failed)
	require.ErrorIs(t, g.Commit(), failed)
	require.Equal(t, before, chunkRows(), "the group's chunk is not stored")
	require.Equal(t, listChunk, plies(db))

	for range 2 {
		require.NoError(t, db.Update(ctx, grow))
	}
	warm, err := db.State(ctx, cipher)
	require.NoError(t, err)
	s := coldState(t, path, cipher)
	require.Equal(t, warm, s)
	gm, _ := s.Game(code)
	require.Len(t, gm.Plies, listChunk+2)
}
