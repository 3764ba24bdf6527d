package storage

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// A game's lists at every boundary of a chunk (0, 1, 7, 8, 9, 16, 17
// items: none, a tail alone, a tail full, a chunk sealed and a tail of
// one...) read back as written, and so does every change from one of
// these lengths to another, grown or cut, told as a change of the stored
// game (had) or written whole (a game restarted or rewritten: not had).
func TestGameLists_EveryBoundaryReadsBack(t *testing.T) {
	pool, _ := rowGames(t, 29)
	var plies []corr.Ply
	for _, g := range pool {
		plies = append(plies, g.Plies...)
	}
	require.Greater(t, len(plies), 17)
	sized := func(n, salt int) corr.Game {
		var g corr.Game
		for i := range n {
			p := plies[(i+salt)%len(plies)]
			g.Plies = append(g.Plies, p)
			g.Replies = append(g.Replies, timecontrol.Reply{Player: timecontrol.Color(i % 2), Received: timecontrol.MustDate("2026-03-01").AddDays(i + salt)})
			g.Letters[i%2] = append(g.Letters[i%2], fmt.Sprintf("<%d.%d@x>", i, salt))
		}
		return g
	}
	sizes := []int{0, 1, 7, 8, 9, 16, 17}
	ctx := context.Background()
	db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	tid, gid := game12IDs(t, db)
	write := func(g, old corr.Game, had bool) corr.Game {
		tx, err := db.db.BeginTx(ctx, nil)
		require.NoError(t, err)
		defer tx.Rollback()
		require.NoError(t, db.writeListOps(ctx, tx, listOps(gid, g, old, had)))
		got, _ := rowReadBack(t, db, tx, tid, gid, g)
		return got
	}
	for _, from := range sizes {
		for _, to := range sizes {
			for _, had := range []bool{true, false} {
				t.Run(fmt.Sprintf("%d to %d, had %v", from, to, had), func(t *testing.T) {
					old := sized(from, 0)
					require.Equal(t, asJSON(t, old), emptyListsNil(write(old, corr.Game{}, false)))
					// The new lists share the old's first items but for
					// the first, so that every chunk of a cut list changes.
					g := sized(to, 0)
					if to > 0 {
						g.Plies[0], g.Letters[0][0] = plies[len(plies)-1], "<changed@x>"
						g.Replies[0].Postmark = timecontrol.MustDate("2026-02-01")
					}
					require.Equal(t, asJSON(t, g), emptyListsNil(write(g, old, had)))
				})
			}
		}
	}
}

// asJSON is g as its JSON reads back (strings made valid UTF-8), its
// empty lists nil.
func asJSON(t *testing.T, g corr.Game) corr.Game {
	return emptyListsNil(readGame(t, marshalGame(t, g)))
}

// game12IDs are the ids of the two-player tournament's game 1-2 and of
// its tournament.
func game12IDs(t *testing.T, db *DB) (tid, gid int64) {
	t.Helper()
	require.NoError(t, db.db.QueryRow(`SELECT tournament_id, id FROM games WHERE code = 'ТЕСТ-2026 1-2'`).Scan(&tid, &gid))
	return tid, gid
}

// rowReadBack writes in tx game gid's row, its tails, as the letter that
// made it g writes it (its chunks written before), reads tournament
// tid's games back from the rows in tx, commits tx, and returns the game
// read back (its code none, as g's) and its row's id.
func rowReadBack(t *testing.T, db *DB, tx *sql.Tx, tid, gid int64, g corr.Game) (corr.Game, int64) {
	t.Helper()
	ctx := context.Background()
	state, err := gameJSON(withoutLists(g))
	require.NoError(t, err)
	_, err = tx.Exec(`UPDATE games SET state = ?, lists = ? WHERE id = ?`, string(state), listsColumn(&g), gid)
	require.NoError(t, err)
	c := &committed{games: map[string]gameRow{}}
	require.NoError(t, db.readGames(ctx, tx, c, tid))
	require.NoError(t, tx.Commit())
	i := slices.IndexFunc(c.state.Games, func(x *corr.Game) bool { return x.Code == "" })
	require.GreaterOrEqual(t, i, 0)
	return *c.state.Games[i], c.games[""].id
}
