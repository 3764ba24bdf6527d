package storage

import (
	"context"
	"database/sql/driver"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// A game's lists changed every way a game's lists change (an item
// appended, one changed in place: a reply's Sent filled in, a ply
// corrected, 6.2.10; a list cut: a move taken back, an adjournment; a
// list emptied) read back from the rows as the game, whether each step's
// rows are written at once or, as a group writes them, all at its commit.
// The steps are saveLists' own (listOps), so that a list cut, or a game
// written whole, that left old items stored fails here.
func TestGameLists_EveryChangeReadsBack(t *testing.T) {
	pool, _ := rowGames(t, 29)
	ctx := context.Background()
	for _, grouped := range []bool{false, true} {
		db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
		var tid, gid int64
		require.NoError(t, db.db.QueryRow(`SELECT g.tournament_id, g.id FROM games g WHERE g.code = 'ТЕСТ-2026 1-2'`).Scan(&tid, &gid))
		rnd := rand.New(rand.NewPCG(7, 9))
		pick := func() corr.Game { return pool[rnd.IntN(len(pool))] }
		var g corr.Game
		var ops []listOp
		for step := range 400 {
			old := g
			g.Plies, g.Replies = slices.Clone(old.Plies), slices.Clone(old.Replies)
			g.Letters = [2][]string{slices.Clone(old.Letters[0]), slices.Clone(old.Letters[1])}
			switch rnd.IntN(7) {
			case 0, 1: // a letter: its ply, the reply it closed and the one it opened, its id
				if p := pick(); len(p.Plies) > 0 {
					g.Plies = append(g.Plies, p.Plies[rnd.IntN(len(p.Plies))])
				}
				if n := len(g.Replies); n > 0 {
					g.Replies[n-1].Sent = timecontrol.MustDate("2026-03-01").AddDays(step)
				}
				g.Replies = append(g.Replies, timecontrol.Reply{Player: timecontrol.Color(step % 2), Received: timecontrol.MustDate("2026-03-01").AddDays(step)})
				g.Letters[step%2] = append(g.Letters[step%2], `<a,b"],[{"x@y>`)
			case 2: // a ply corrected in place
				if n := len(g.Plies); n > 0 {
					i := rnd.IntN(n)
					g.Plies[i].Corrected, g.Plies[i].Text = !g.Plies[i].Corrected, g.Plies[i].Text+"*"
				}
			case 3: // cut: a move taken back, a ruling
				if n := len(g.Plies); n > 0 {
					g.Plies = g.Plies[:rnd.IntN(n)]
				}
				if n := len(g.Replies); n > 0 {
					g.Replies = g.Replies[:rnd.IntN(n)]
				}
			case 4: // cut and one item changed before the new end
				if n := len(g.Replies); n > 1 {
					g.Replies = g.Replies[:n-1]
					g.Replies[0].Postmark = timecontrol.MustDate("2026-02-01").AddDays(step)
				}
			case 5: // emptied
				g.Plies, g.Letters[1] = nil, nil
			case 6: // another letter's id of the same side
				g.Letters[0] = append(g.Letters[0], `<x@y>`)
			}
			tx, err := db.db.BeginTx(ctx, nil)
			require.NoError(t, err)
			// Now and then the game written as one not known stored (a row
			// saveGame writes over): its rows all written again.
			ops = append(ops, listOps(gid, g, old, rnd.IntN(10) != 0)...)
			if grouped && rnd.IntN(8) != 0 { // the group's next letter
				require.NoError(t, tx.Rollback())
				continue
			}
			require.NoError(t, db.writeListOps(ctx, tx, ops))
			ops = nil
			var lists [4]string
			require.NoError(t, db.eachRow(ctx, tx, readGamesQuery, []any{tid}, func(row []driver.Value) error {
				if row[0].(int64) != gid {
					return nil
				}
				return gameList(&lists, row[2], row[3])
			}))
			require.NoError(t, tx.Commit())
			state, err := gameJSON(withoutLists(g))
			require.NoError(t, err)
			got, err := readGameJSON(gameWithLists(string(state), &lists))
			require.NoError(t, err)
			require.Equal(t, emptyListsNil(readGame(t, marshalGame(t, g))), emptyListsNil(got), "step %d (grouped %v)", step, grouped)
		}
	}
}
