package storage

import (
	"context"
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
// chunks are written at once or, as a group writes them, all at its
// commit. The steps are saveLists' own (listOps), so that a list cut, or
// a game written whole, that left old chunks stored fails here (readGames
// refuses chunks its row does not count).
func TestGameLists_EveryChangeReadsBack(t *testing.T) {
	pool, _ := rowGames(t, 29)
	ctx := context.Background()
	for _, grouped := range []bool{false, true} {
		db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
		tid, gid := game12IDs(t, db)
		rnd := rand.New(rand.NewPCG(7, 9))
		pick := func() corr.Game { return pool[rnd.IntN(len(pool))] }
		var g corr.Game
		var ops []listOp
		longest := 0
		for step := range 400 {
			longest = max(longest, len(g.Plies), len(g.Replies))
			old := g
			g.Plies, g.Replies = slices.Clone(old.Plies), slices.Clone(old.Replies)
			g.Letters = [2][]string{slices.Clone(old.Letters[0]), slices.Clone(old.Letters[1])}
			// Letters most often, so that the lists grow past a few chunks
			// (listChunk), and cut back now and then across a chunk's end.
			switch k := rnd.IntN(40); {
			case k < 20: // a letter: its ply, the reply it closed and the one it opened, its id
				if p := pick(); len(p.Plies) > 0 {
					g.Plies = append(g.Plies, p.Plies[rnd.IntN(len(p.Plies))])
				}
				if n := len(g.Replies); n > 0 {
					g.Replies[n-1].Sent = timecontrol.MustDate("2026-03-01").AddDays(step)
				}
				g.Replies = append(g.Replies, timecontrol.Reply{Player: timecontrol.Color(step % 2), Received: timecontrol.MustDate("2026-03-01").AddDays(step)})
				g.Letters[step%2] = append(g.Letters[step%2], `<a,b"],[{"x@y>`)
			case k < 26: // a ply corrected in place
				if n := len(g.Plies); n > 0 {
					i := rnd.IntN(n)
					g.Plies[i].Corrected, g.Plies[i].Text = !g.Plies[i].Corrected, g.Plies[i].Text+"*"
				}
			case k < 30: // cut: a move taken back, a ruling
				if n := len(g.Plies); n > 0 {
					g.Plies = g.Plies[:n-1-rnd.IntN(min(n, 10))]
				}
				if n := len(g.Replies); n > 0 {
					g.Replies = g.Replies[:n-1-rnd.IntN(min(n, 10))]
				}
			case k < 34: // cut and one item changed before the new end
				if n := len(g.Replies); n > 1 {
					g.Replies = g.Replies[:n-1]
					g.Replies[0].Postmark = timecontrol.MustDate("2026-02-01").AddDays(step)
				}
			case k < 35 && rnd.IntN(4) == 0: // emptied
				g.Plies, g.Letters[1] = nil, nil
			default: // another letter's id of the same side
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
			got, id := rowReadBack(t, db, tx, tid, gid, g)
			require.Equal(t, gid, id, "the game, its code none")
			require.Equal(t, emptyListsNil(readGame(t, marshalGame(t, g))), emptyListsNil(got), "step %d (grouped %v)", step, grouped)
		}
		require.Greater(t, longest, 4*listChunk, "lists of many chunks")
	}
}
