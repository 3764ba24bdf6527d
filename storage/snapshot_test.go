package storage

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
)

// A tournament read by another connection while the writer commits (the
// web's, a command's) is one commit's: its row, its games and its desk
// read in one read transaction (snapshot.go), not by statements each
// seeing its own snapshot, between which a commit can fall. The writer
// here commits, as fast as it can, the tournament's row (Undrawable
// counting its commits), a game's row (Known, the same count) and a
// withdrawal on the desk, all together; a read whose three counts differ
// is torn.
func TestState_ReadIsOneCommit(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func(ctx context.Context, db *DB, cipher string) (state, game, desk int, err error)
	}{
		{"State", func(ctx context.Context, db *DB, cipher string) (int, int, int, error) {
			s, err := db.State(ctx, cipher)
			g, _ := s.Game("ТЕСТ-2026 1-2")
			return s.Undrawable, g.Known[0], s.Undrawable, err
		}},
		{"StateWithDesk", func(ctx context.Context, db *DB, cipher string) (int, int, int, error) {
			s, d, err := db.StateWithDesk(ctx, cipher)
			g, _ := s.Game("ТЕСТ-2026 1-2")
			return s.Undrawable, g.Known[0], len(d.Withdrawals), err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			db, cipher := twoPlayers(t, path)
			ctx := context.Background()
			reader, err := Open(path)
			require.NoError(t, err)
			defer reader.Close()
			ruling := adjudication.Withdrawal(0).String()
			noTornRead(t, db, 300, func(tx *sql.Tx, i int) error {
				_, err := tx.Exec(`UPDATE tournaments SET state = json_set(state, '$.undrawable', ?, '$.rev', ?)`, i, 1000+i)
				if err == nil {
					_, err = tx.Exec(`UPDATE games SET state = json_set(state, '$.Known', json_array(?, 0)) WHERE code = 'ТЕСТ-2026 1-2'`, i)
				}
				if err == nil {
					_, err = tx.Exec(`INSERT INTO withdrawals (tournament_id, seq, player, ruling) SELECT id, ?, 1, ? FROM tournaments`, i, ruling)
				}
				return err
			}, func() bool {
				state, game, desk, err := tc.read(ctx, reader, cipher)
				require.NoError(t, err)
				return state != game || state != desk
			})
		})
	}
}

// noTornRead commits write's transactions on db, commits of them (i from
// 1), as fast as they go, while it reads (torn says whether a read was
// torn) over and over on another connection; t fails if a read was torn
// or a write failed.
func noTornRead(t *testing.T, db *DB, commits int, write func(tx *sql.Tx, i int) error, torn func() bool) {
	t.Helper()
	werr := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 1; i <= commits; i++ {
			tx, err := db.db.BeginTx(context.Background(), nil)
			if err == nil {
				err = write(tx, i)
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
	n := 0
	for reads := 0; ; reads++ {
		select {
		case <-done:
			require.Zero(t, n, "%d of %d reads torn", n, reads)
			select {
			case err := <-werr:
				require.NoError(t, err)
			default:
			}
			return
		default:
		}
		if torn() {
			n++
		}
	}
}
