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
func each(ctx context.Context, g *Group, fn func(tx *Tx) error) error {
	tx, err := g.Letter(ctx)
	if err != nil {
		return err
	}
	return g.Done(ctx, tx, fn(tx))
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
	require.NoError(t, each(ctx, g, func(tx *Tx) error {
		_, err := applyIn(ctx, tx, cipher, game12[0])
		return err
	}))
	return db, cipher, g
}

// A group commits its letters together; a letter whose steps failed is
// undone by Done to its savepoint alone, and the letters before and after
// it stay; the tournament a letter saved is kept in memory for the next.
func TestGroup_FailedLetterUndoesOnlyItself(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	failed := errors.New("the letter's next step failed")
	for i, r := range game12[:3] {
		r.Mailbox, r.UIDValidity, r.UID = "box", 7, uint32(i+1)
		err := each(ctx, g, func(tx *Tx) error {
			res, err := applyIn(ctx, tx, cipher, r)
			if err != nil {
				return err
			}
			if i < 2 {
				require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
			}
			if i == 1 {
				return failed
			}
			return nil
		})
		if i == 1 {
			assert.ErrorIs(t, err, failed)
		} else {
			assert.NoError(t, err, "letter %d", i)
		}
		if i == 0 {
			_, kept := db.tournaments.get(cipher)
			assert.True(t, kept, "the tournament the first letter saved is kept for the next")
		}
	}
	require.NoError(t, g.Commit())

	assert.Equal(t, []string{"<m1>", "<m3>"}, storedIDs(t, db), "the failed letter is not stored")
	_, last, err := db.Watermark(ctx, "box")
	require.NoError(t, err)
	assert.EqualValues(t, 3, last)
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	gm, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1, "m3 answers m2, which was undone: refused, not applied")

	// Offered again, the failed letter applies once, and after it the next.
	for _, r := range game12[1:3] {
		res, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
		assert.True(t, res.Outcome.Accepted || !res.Fresh, res.Outcome.Reason)
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
		require.NoError(t, each(ctx, g, func(tx *Tx) error {
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
		require.NoError(t, each(ctx, g, func(tx *Tx) error {
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

// A letter that cannot be undone to its savepoint (SQLite rolled the
// whole transaction back under it, as it may on a full disk or an I/O
// error) breaks the group: the group refuses more letters and Commit rolls
// everything back, so no half-written letter is stored.
func TestGroup_LetterNotUndoneRollsBackTheGroup(t *testing.T) {
	db, cipher, g := groupAfterFirstMove(t)
	ctx := context.Background()
	err := each(ctx, g, func(tx *Tx) error {
		if _, err := applyIn(ctx, tx, cipher, game12[1]); err != nil {
			return err
		}
		_, err := db.exec(ctx, g.tx, `ROLLBACK`)
		require.NoError(t, err)
		return errors.New("the letter's next step failed")
	})
	require.Error(t, err)
	require.Error(t, each(ctx, g, func(*Tx) error { return nil }), "a broken group takes no more letters")
	require.Error(t, g.Commit(), "a broken group is not committed")
	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	assert.Empty(t, ls, "nothing of the group is stored")
}

// A group fails closed when its letters are misused: a second letter
// opened before the first is done (its savepoint, of the same name, would
// be released in the first's place), a letter's Tx used after Done or done
// twice, a Commit with a letter not done. The misuse fails, and nothing
// it would have written lands outside its letter's savepoint.
func TestGroup_MisuseFails(t *testing.T) {
	tests := []struct {
		name    string
		misuse  func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error
		commits bool
	}{
		{"SecondLetterBeforeDone", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			_, err := g.Letter(ctx)
			require.NoError(t, g.Done(ctx, first, nil), "the first letter is still open, and closes")
			return err
		}, true},
		{"TxAfterDone", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			require.NoError(t, g.Done(ctx, first, nil))
			_, err := applyIn(ctx, first, cipher, game12[1])
			assert.ErrorIs(t, err, errLetterDone)
			return err
		}, true},
		{"DoneTwice", func(t *testing.T, ctx context.Context, g *Group, first *Tx, cipher string) error {
			require.NoError(t, g.Done(ctx, first, nil))
			return g.Done(ctx, first, nil)
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
			first, err := g.Letter(ctx)
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

// A letter done after its context ended is released all the same: what
// Done reports is what Commit stores (the savepoints are the group's own
// bookkeeping, not the letter's work, and ignore its context).
func TestGroup_DoneAfterContextEnded(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	g, err := db.Group(context.Background())
	require.NoError(t, err)
	defer g.Rollback()
	ctx, cancel := context.WithCancel(context.Background())
	tx, err := g.Letter(ctx)
	require.NoError(t, err)
	_, err = applyIn(ctx, tx, cipher, game12[0])
	require.NoError(t, err)
	cancel()
	require.NoError(t, g.Done(ctx, tx, nil), "reported stored")
	require.NoError(t, g.Commit())
	assert.Equal(t, []string{"<m1>"}, storedIDs(t, db))
}

// A store closed while a group is at work: the group's end gives the
// writer's connection back, and a write begun after Close fails instead
// of running on the connection the closed store still held.
func TestGroup_CloseDuringGroup(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	require.NoError(t, each(ctx, g, func(tx *Tx) error {
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
		require.NoError(t, each(ctx, g, func(tx *Tx) error {
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
	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	s, err := cold.State(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, warm, s)
}
