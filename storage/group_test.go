package storage

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// each takes one letter's steps, fn, on its Tx of group g (Group.Letter,
// Group.Done), as the referee does.
func each(g *Group, fn func(tx *Tx) error) error {
	tx, err := g.Letter()
	if err != nil {
		return err
	}
	return g.Done(tx, fn(tx))
}

// groupAfterFirstMove is a store of two players and an open group (rolled
// back at the test's end unless committed) whose first letter, game12's
// first move, is done.
func groupAfterFirstMove(t *testing.T) (*DB, string, *Group) {
	t.Helper()
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	t.Cleanup(g.Rollback)
	require.NoError(t, each(g, func(tx *Tx) error {
		_, err := applyIn(ctx, tx, cipher, game12[0])
		return err
	}))
	return db, cipher, g
}

// A group commits its letters together; a letter whose steps failed rolls
// the whole group back at once (a letter has no savepoint of its own):
// the group takes no more letters, Commit fails, nothing of it is stored
// nor kept in memory, and its letters, offered again, apply once.
func TestGroup_FailedLetterRollsBackTheGroup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	failed := errors.New("the letter's next step failed")
	for i, r := range game12[1:3] {
		r.Mailbox, r.UIDValidity, r.UID = "box", 7, uint32(i+2)
		err := each(g, func(tx *Tx) error {
			acceptedIn(t, tx, cipher, r)
			if i == 1 {
				return failed
			}
			return nil
		})
		if i == 1 {
			assert.ErrorIs(t, err, failed)
		} else {
			assert.NoError(t, err)
			_, kept := db.tournaments.get(cipher)
			assert.True(t, kept, "the tournament the first letter saved is kept for the next")
		}
	}
	_, kept := db.tournaments.get(cipher)
	assert.False(t, kept, "the copy holding the group's work is forgotten")
	assert.Error(t, each(g, func(*Tx) error { return nil }), "a rolled back group takes no more letters")
	assert.ErrorIs(t, g.Commit(), failed, "a rolled back group is not committed, and says why")

	assert.Equal(t, []string{"<m1>"}, storedIDs(t, db), "nothing of the group is stored")
	_, last, err := db.Watermark(ctx, "box")
	require.NoError(t, err)
	assert.Zero(t, last, "nor its watermarks")
	want := coldState(t, path, cipher)
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, want, s, "the state in memory is the stored one")
	gm, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1)

	// Offered again, the letters apply once.
	for _, r := range game12[1:3] {
		res, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
		assert.True(t, res.Fresh)
		assert.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	}
}

// A group rolled back leaves neither rows nor copies in memory: the state
// read afterwards is the one committed before it.
func TestGroup_RolledBackLeavesNothing(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	g, err := db.Group(ctx)
	require.NoError(t, err)
	for _, r := range game12[1:3] {
		require.NoError(t, each(g, func(tx *Tx) error {
			res, err := applyIn(ctx, tx, cipher, r)
			if err == nil && !res.Outcome.Accepted {
				err = errors.New(res.Outcome.Reason.String())
			}
			return err
		}))
	}
	g.Rollback()

	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	gm, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1)
	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	assert.Len(t, ls, 1)
}

// A group asks a sender's tournaments once and answers the same again.
func TestGroup_SenderCiphersAskedOnce(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	ciphers := func(addr string) (mine, all []string) {
		require.NoError(t, each(g, func(tx *Tx) error {
			mine, all, err = db.senderCiphers(ctx, tx.tx, addr)
			return err
		}))
		return mine, all
	}
	mine, all := ciphers("Ivanov@example.org")
	assert.Equal(t, []string{cipher}, mine)
	assert.Empty(t, all)
	_, kept := db.wc.senders.get("Ivanov@example.org")
	require.True(t, kept, "kept for the group's next letters")
	mine[0] = "changed by the caller"
	mine, _ = ciphers("Ivanov@example.org")
	assert.Equal(t, []string{cipher}, mine, "the same answer, not the caller's copy")
	_, all = ciphers("stranger@example.org")
	assert.Equal(t, []string{cipher}, all)
	require.NoError(t, g.Commit())
}

// A group fails closed when its letters are misused: a second letter
// opened before the first is done, a letter's Tx used after Done or done
// twice, a Commit with a letter not done. The misuse fails, and nothing
// it would have written lands in another letter's work.
func TestGroup_MisuseFails(t *testing.T) {
	tests := []struct {
		name    string
		misuse  func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error
		commits bool
	}{
		{"SecondLetterBeforeDone", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			_, err := g.Letter()
			require.NoError(t, g.Done(first, nil), "the first letter is still open, and closes")
			return err
		}, true},
		{"TxAfterDone", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			require.NoError(t, g.Done(first, nil))
			_, err := applyIn(ctx, first, cipher, game12[1])
			assert.ErrorIs(t, err, errLetterDone)
			return err
		}, true},
		{"DoneTwice", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			require.NoError(t, g.Done(first, nil))
			return g.Done(first, nil)
		}, true},
		{"CommitWithLetterOpen", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			err := g.Commit()
			_, uerr := first.Load(ctx, cipher)
			assert.ErrorIs(t, uerr, errLetterDone, "the rolled back letter's Tx")
			return err
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
			ctx := context.Background()
			g, err := db.Group(ctx)
			require.NoError(t, err)
			defer g.Rollback()
			first, err := g.Letter()
			require.NoError(t, err)
			_, err = applyIn(ctx, first, cipher, game12[0])
			require.NoError(t, err)

			require.Error(t, tt.misuse(t, ctx, g, first, cipher), "the misuse fails")
			if tt.commits {
				require.NoError(t, g.Commit())
			}
			ids := storedIDs(t, db)
			want := []string{"<m1>"}
			if !tt.commits {
				want = nil
			}
			assert.Equal(t, want, ids, "only the letters done are stored")
		})
	}
}

// storedIDs lists the Message-IDs of the letters db keeps, in its order.
func storedIDs(t *testing.T, db *DB) []string {
	t.Helper()
	ls, err := db.Letters(context.Background())
	require.NoError(t, err)
	var ids []string
	for _, l := range ls {
		ids = append(ids, l.MessageID)
	}
	return ids
}

// A store closed while a group is at work: the group's end gives the
// writer's connection back, and a write begun after Close fails instead
// of running on the connection the closed store still held.
func TestGroup_CloseDuringGroup(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	require.NoError(t, each(g, func(tx *Tx) error {
		_, err := applyIn(ctx, tx, cipher, game12[0])
		return err
	}))
	require.NoError(t, db.Close())
	g.Commit() // on a closed store it may fail; it must not keep the connection
	assert.Nil(t, db.wc.conn, "the writer's connection given back")
	_, err = apply(ctx, db, cipher, game12[1])
	assert.ErrorIs(t, err, errStoreClosed)
}

// A group's later letters leave the tournament's row as the group wrote
// it unless the tournament-wide state changed: a break announced by the
// fourth letter of a group (6.4) is written, and read from the rows after
// the commit as from memory.
func TestGroup_TournamentRowWrittenWhenItChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	var rows []string
	for _, r := range game12 {
		require.NoError(t, each(g, func(tx *Tx) error {
			res, err := applyIn(ctx, tx, cipher, r)
			require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
			return err
		}))
		var row string
		require.NoError(t, db.queryRow(ctx, g.tx, `SELECT state FROM tournaments WHERE cipher = ?`, cipher).Scan(&row))
		rows = append(rows, row)
	}
	require.NoError(t, g.Commit())
	assert.Equal(t, rows[0], rows[2], "the moves change nothing tournament-wide")
	assert.NotEqual(t, rows[2], rows[3], "the break is written")

	warm, err := db.State(ctx, cipher)
	require.NoError(t, err)
	require.Len(t, warm.Breaks, 1)
	assert.Equal(t, warm, coldState(t, path, cipher))
}
