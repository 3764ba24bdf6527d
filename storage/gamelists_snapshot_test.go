package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A game read by another connection while the writer commits (the web's,
// a command's: DB.State outside a transaction) is one commit's game: its
// lists' rows read in the statement that reads its row, which sees one
// snapshot, not in a statement of their own, between whose two snapshots
// a commit can fall and give a game whose lists are a letter behind the
// rest of it. The writer here commits the row and a list item together,
// the row counting the items (Known), as fast as it can.
func TestGameLists_ReadIsOneCommitsGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	reader, err := Open(path)
	require.NoError(t, err)
	defer reader.Close()
	const commits = 400
	var wg sync.WaitGroup
	wg.Add(1)
	werr := make(chan error, 1)
	go func() {
		defer wg.Done()
		for i := 1; i <= commits; i++ {
			tx, err := db.db.BeginTx(ctx, nil)
			if err == nil {
				_, err = tx.Exec(`UPDATE games SET state = json_set(state, '$.Known', json_array(?, 0)) WHERE code = 'ТЕСТ-2026 1-2'`, i)
			}
			if err == nil {
				_, err = tx.Exec(`INSERT INTO game_lists (game_id, list, seq, item) SELECT id, 2, ?, ? FROM games WHERE code = 'ТЕСТ-2026 1-2'`, i-1, fmt.Sprintf(`"<%d>"`, i))
			}
			if err == nil {
				_, err = tx.Exec(`UPDATE tournaments SET state = json_set(state, '$.Rev', ?)`, 1000+i) // the copies read again
			}
			if err == nil {
				err = tx.Commit()
			}
			if err != nil {
				werr <- err
				return
			}
		}
	}()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	torn := 0
	for reads := 0; ; reads++ {
		select {
		case <-done:
			require.Zero(t, torn, "games read torn in %d reads", reads)
			select {
			case err := <-werr:
				require.NoError(t, err)
			default:
			}
			return
		default:
		}
		s, err := reader.State(ctx, cipher)
		require.NoError(t, err)
		g, _ := s.Game("ТЕСТ-2026 1-2")
		if len(g.Letters[0]) != g.Known[0] {
			torn++
		}
	}
}
