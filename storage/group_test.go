package storage

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
)

// A letter's steps run on its own Tx of the group (Group.Letter): Done
// with an error undoes that letter alone, Done without one keeps it and
// hands the tournament it saved to the group's next letter, which applies
// on it.
func TestGroup_LetterTxUndoneAloneByDone(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	failed := errors.New("the letter's next step failed")
	for i, r := range game12[:3] {
		r.Mailbox, r.UIDValidity, r.UID = "box", 7, uint32(i+1)
		tx, err := g.Letter(ctx)
		require.NoError(t, err)
		s, err := tx.Read(ctx, Arrival{Received: r})
		require.NoError(t, err)
		d, err := adjudication.Decide(s.Case, s.Letter)
		require.NoError(t, err)
		res, err := tx.Write(ctx, s, d)
		require.NoError(t, err)
		assert.Equal(t, i != 2, res.Outcome.Accepted, "letter %d: %v", i, res.Outcome.Reason)
		if i == 1 {
			assert.ErrorIs(t, g.Done(ctx, tx, failed), failed)
			continue
		}
		require.NoError(t, g.Done(ctx, tx, nil))
		if i == 0 {
			_, kept := db.tournaments.get(cipher)
			assert.True(t, kept, "the tournament the first letter saved is kept for the next")
		}
	}
	require.NoError(t, g.Commit())
	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	var ids []string
	for _, l := range ls {
		ids = append(ids, l.MessageID)
	}
	assert.Equal(t, []string{"<m1>", "<m3>"}, ids, "the letter Done undid is not stored")
	st, err := db.State(ctx, cipher)
	require.NoError(t, err)
	gm, _ := st.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1, "m3 answers m2, which was undone: refused, not applied")
}

// A group commits its letters together; a letter that fails is undone to
// its savepoint alone, and the letters before and after it stay.
func TestGroup_FailedLetterUndoesOnlyItself(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	for i, r := range game12[:3] {
		r.Mailbox, r.UIDValidity, r.UID = "box", 7, uint32(i+1)
		err := g.Each(ctx, func(ctx context.Context) error {
			res, err := apply(ctx, db, cipher, r)
			if err != nil {
				return err
			}
			if i < 2 {
				require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
			}
			if i == 1 {
				return errors.New("the letter's next step failed")
			}
			return nil
		})
		assert.Equal(t, i == 1, err != nil, "letter %d", i)
	}
	require.NoError(t, g.Commit())

	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	var ids []string
	for _, l := range ls {
		ids = append(ids, l.MessageID)
	}
	assert.Equal(t, []string{"<m1>", "<m3>"}, ids, "the failed letter is not stored")
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
		require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
			res, err := apply(ctx, db, cipher, r)
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

// A letter of a group has one savepoint, its own: an Update in it opens
// none, so an Update that fails undoes the letter whole, what the letter
// stored before it included, and the group's other letters stay.
func TestGroup_UpdateRunsUnderTheLettersSavepoint(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
		_, err := apply(ctx, db, cipher, game12[0])
		return err
	}))
	failed := errors.New("the letter's next step failed")
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
		if _, err := apply(ctx, db, cipher, game12[1]); err != nil {
			return err
		}
		err := db.Update(ctx, func(*Tx) error { return failed })
		assert.ErrorIs(t, err, failed)
		return nil // a caller that goes on: the letter is undone all the same
	}))
	require.NoError(t, g.Commit())

	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	var ids []string
	for _, l := range ls {
		ids = append(ids, l.MessageID)
	}
	assert.Equal(t, []string{"<m1>"}, ids, "the second letter is undone to its savepoint, the first stays")
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	gm, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1)
}

// A group asks a sender's tournaments once and answers the same again; a
// tournament created within the group is among them at once.
func TestGroup_SenderCiphersAskedOnce(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	ciphers := func(addr string) (mine, all []string) {
		require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
			return db.Update(ctx, func(tx *Tx) error {
				mine, all, err = db.senderCiphers(ctx, tx.tx, addr)
				return err
			})
		}))
		return mine, all
	}
	mine, all := ciphers("Ivanov@example.org")
	assert.Equal(t, []string{cipher}, mine)
	assert.Empty(t, all)
	require.Contains(t, db.w.ciphers, "Ivanov@example.org", "kept for the group's next letters")
	mine[0] = "changed by the caller"
	mine, _ = ciphers("Ivanov@example.org")
	assert.Equal(t, []string{cipher}, mine, "the same answer, not the caller's copy")
	_, all = ciphers("stranger@example.org")
	assert.Equal(t, []string{cipher}, all)

	tm, src := secondTournament(t, cipher)
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error { return db.CreateTournament(ctx, tm, src) }))
	mine, _ = ciphers("Ivanov@example.org")
	assert.Equal(t, []string{cipher, "ВТОР-2026"}, mine, "the new tournament counts at once")
	_, all = ciphers("stranger@example.org")
	assert.Equal(t, []string{cipher, "ВТОР-2026"}, all)
	require.NoError(t, g.Commit())
}

// A letter undone to its savepoint takes back the sender's tournaments it
// read after creating one: the group's next letter does not see it.
func TestGroup_UndoneLetterForgetsItsSenderCiphers(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	tm, src := secondTournament(t, cipher)
	failed := errors.New("the letter's next step failed")
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
		if err := db.CreateTournament(ctx, tm, src); err != nil {
			return err
		}
		err := db.Update(ctx, func(tx *Tx) error {
			mine, _, err := db.senderCiphers(ctx, tx.tx, "Ivanov@example.org")
			require.NoError(t, err)
			require.Equal(t, []string{cipher, "ВТОР-2026"}, mine)
			return failed
		})
		assert.ErrorIs(t, err, failed)
		return nil
	}))
	var mine []string
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
		return db.Update(ctx, func(tx *Tx) error {
			mine, _, err = db.senderCiphers(ctx, tx.tx, "Ivanov@example.org")
			return err
		})
	}))
	assert.Equal(t, []string{cipher}, mine, "the undone tournament is gone from the answer")
	require.NoError(t, g.Commit())
}

// A letter that cannot be undone to its savepoint (its context cancelled
// before the ROLLBACK TO) breaks the group: the group refuses more
// letters and Commit rolls everything back, so no half-written letter is
// stored.
func TestGroup_LetterNotUndoneRollsBackTheGroup(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	require.NoError(t, g.Each(ctx, func(ctx context.Context) error {
		_, err := apply(ctx, db, cipher, game12[0])
		return err
	}))
	letter, cancel := context.WithCancel(ctx)
	err = g.Each(letter, func(ctx context.Context) error {
		if _, err := apply(ctx, db, cipher, game12[1]); err != nil {
			return err
		}
		cancel()
		return errors.New("the letter's next step failed")
	})
	require.Error(t, err)
	require.Error(t, g.Each(ctx, func(context.Context) error { return nil }), "a broken group takes no more letters")
	require.Error(t, g.Commit(), "a broken group is not committed")
	ls, err := db.Letters(ctx)
	require.NoError(t, err)
	assert.Empty(t, ls, "nothing of the group is stored")
}

// secondTournament is the test tournament again under the cipher ВТОР-2026,
// with the same players: its file and the tournament read from it.
func secondTournament(t *testing.T, cipher string) (corr.Tournament, []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "two.toml"))
	require.NoError(t, err)
	src = bytes.ReplaceAll(src, []byte(cipher), []byte("ВТОР-2026"))
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	return tm, src
}
