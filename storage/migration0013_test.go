package storage

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// A store of schema 12 (and 11) whose games' lists are of every length
// at a chunk's boundary, and as long as at move 40 (80 items), reads
// back after migration 0013 as the JSON it read before, every game of it;
// each list's length is met in each of the four lists over the rounds,
// and its rows are those this version writes (listsColumn, the chunks of
// a game written whole).
func TestMigration_0013_EveryLengthReadsAsBefore(t *testing.T) {
	sizes := []int{0, 1, 7, 8, 9, 16, 17, 80}
	ctx := context.Background()
	for round := range sizes {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, cipher := twoPlayers(t, path)
			for _, r := range game12 {
				accepted(t, db, cipher, r)
			}
			before, err := db.State(ctx, cipher)
			require.NoError(t, err)
			require.NoError(t, db.Close())
			var src corr.Game // the items the lists are made of
			for _, g := range before.Games {
				if len(g.Plies) > 0 {
					src = *g
				}
			}
			require.NotEmpty(t, src.Letters[0])
			for j, g := range before.Games {
				n := func(k int) int { return sizes[(round+j+k)%len(sizes)] }
				g.Plies, g.Replies, g.Letters = nil, nil, [2][]string{}
				for i := range n(0) {
					p := src.Plies[i%len(src.Plies)]
					p.Text = fmt.Sprintf("%s %d", p.Text, i)
					g.Plies = append(g.Plies, p)
				}
				for i := range n(1) {
					r := src.Replies[i%len(src.Replies)]
					r.Received = r.Received.AddDays(i)
					g.Replies = append(g.Replies, r)
				}
				for side := range 2 {
					for i := range n(2 + side) {
						g.Letters[side] = append(g.Letters[side], fmt.Sprintf("<%d.%d.%s@x>", side, i, src.Letters[0][0]))
					}
				}
			}
			old, err := sql.Open("sqlite", "file:"+path)
			require.NoError(t, err)
			asVersion12(t, old, before.Games)
			require.NoError(t, old.Close())

			db, after := migrated(t, path, cipher, before)
			for i, g := range after.Games {
				require.JSONEq(t, string(marshalGame(t, emptyListsNil(*before.Games[i]))), string(marshalGame(t, emptyListsNil(*g))), g.Code)
				var lists string
				require.NoError(t, db.db.QueryRow(`SELECT lists FROM games WHERE code = ?`, g.Code).Scan(&lists))
				require.Equal(t, listsColumn(g), lists, "%s: its row as this version writes it", g.Code)
				want, _ := changedChunks(g, &corr.Game{}, false)
				rows, err := db.db.Query(`SELECT c.list, c.chunk, c.items FROM game_chunks c JOIN games g ON g.id = c.game_id WHERE g.code = ? ORDER BY c.list, c.chunk`, g.Code)
				require.NoError(t, err)
				var got []listChunkRow
				for rows.Next() {
					var r listChunkRow
					require.NoError(t, rows.Scan(&r.list, &r.chunk, &r.items))
					got = append(got, r)
				}
				require.NoError(t, rows.Err())
				require.Equal(t, want, got, "%s: its chunks as this version writes them", g.Code)
			}
		})
	}
}
