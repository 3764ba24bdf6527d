package storage

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// A game read by another connection while the writer commits (the web's,
// a command's: DB.State) is one commit's game: its row and its chunks
// read in one read transaction (snapshot.go), not by two statements
// between whose snapshots a commit can fall and give a game whose chunks
// are a letter behind or ahead of its row (readGames refuses them: the
// row counts its chunks). The writer here commits the row and, every
// listChunk letters, a chunk of White's letters' ids together, the row
// counting the ids (Known), as fast as it can.
func TestGameLists_ReadIsOneCommitsGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	s0, err := db.State(ctx, cipher)
	require.NoError(t, err)
	g0, _ := s0.Game("ТЕСТ-2026 1-2")
	reader, err := Open(path)
	require.NoError(t, err)
	defer reader.Close()
	prev := g0
	noTornRead(t, db, 400, func(tx *sql.Tx, i int) error {
		g := prev
		g.Letters[0] = append(slices.Clone(prev.Letters[0]), fmt.Sprintf("<%d>", i))
		_, err := tx.Exec(`UPDATE games SET state = json_set(state, '$.Known', json_array(?, 0)), lists = ? WHERE code = 'ТЕСТ-2026 1-2'`, i, listsColumn(&g))
		rows, _ := changedChunks(&g, &prev, true)
		for _, r := range rows {
			if err == nil {
				_, err = tx.Exec(`INSERT INTO game_chunks (game_id, list, chunk, items) SELECT id, ?, ?, ? FROM games WHERE code = 'ТЕСТ-2026 1-2'`, r.list, r.chunk, r.items)
			}
		}
		if err == nil {
			_, err = tx.Exec(`UPDATE tournaments SET state = json_set(state, '$.rev', ?)`, 1000+i) // the copies read again
		}
		prev = g
		return err
	}, func() bool {
		s, err := reader.State(ctx, cipher)
		g, _ := s.Game("ТЕСТ-2026 1-2")
		return err != nil || len(g.Letters[0]) != g.Known[0]
	})
}
