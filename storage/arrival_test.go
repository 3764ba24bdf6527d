package storage

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// errUndo rolls a test's transaction back.
var errUndo = errors.New("undone by the test")

// TestRead_WritesNothingWriteWritesTheDecision: Read only reads, even for a
// letter given a UID the mail server reused (the old letter keeps it until
// the decision is written); Write stores the letter, its watermark and
// what the decision makes of it, or nothing for a letter stored before.
func TestRead_WritesNothingWriteWritesTheDecision(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	old := Incoming{MessageID: "<old@x>", Mailbox: "INBOX", UIDValidity: 1, UID: 5, Raw: []byte("old"), Postmark: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), From: "a@example.org"}
	oldID, _, _, err := db.StoreLetter(ctx, old)
	require.NoError(t, err)
	l := game12[0]
	l.Mailbox, l.UIDValidity, l.UID = "INBOX", 1, 5
	rows := func(tx *Tx) (letters int, oldUID sql.NullInt64) {
		require.NoError(t, tx.tx.QueryRowContext(ctx, `SELECT count(*), (SELECT uid FROM letters WHERE id = ?) FROM letters`, oldID).Scan(&letters, &oldUID))
		return letters, oldUID
	}
	err = db.Update(ctx, func(tx *Tx) error {
		s, err := tx.Read(ctx, Arrival{Received: l})
		require.NoError(t, err)
		assert.False(t, s.Stored)
		assert.Equal(t, cipher, s.Case.Cipher, "the only tournament its sender plays in")
		assert.Equal(t, timecontrol.MustDate("2026-03-01"), s.Letter.Postmark, "its day in the tournament's zone")
		n, uid := rows(tx)
		assert.Equal(t, 1, n, "Read stores nothing")
		assert.Equal(t, int64(5), uid.Int64, "Read takes no UID")

		res, err := tx.Write(ctx, s, adjudication.Decision{Fate: adjudication.Ignore, Cipher: cipher, Reason: letter.Because(letter.ReasonNoTournament)})
		require.NoError(t, err)
		assert.Equal(t, Result{LetterID: res.LetterID, Fresh: true, Disposition: Ignored, Cipher: cipher}, res)
		n, uid = rows(tx)
		assert.Equal(t, 2, n, "Write stores the letter")
		assert.False(t, uid.Valid, "the old letter gave up its UID")
		return nil
	})
	require.NoError(t, err)
	_, uid, err := db.Watermark(ctx, "INBOX")
	require.NoError(t, err)
	assert.Equal(t, uint32(5), uid)

	// Read again, the letter is decided, and Write finds it stored before
	// by its row's keys (its Message-ID, or its UID with the same bytes):
	// it writes nothing of the decision and gives the stored letter's
	// result; Seen finds it too.
	for _, again := range []Received{l, func() Received { a := l; a.MessageID = "<other@x>"; return a }()} {
		err = db.Update(ctx, func(tx *Tx) error {
			s, err := tx.Read(ctx, Arrival{Received: again})
			require.NoError(t, err)
			seen, err := tx.seen(ctx, s)
			require.NoError(t, err)
			assert.True(t, seen.Stored, "read again, the letter was stored before")
			assert.Equal(t, Ignored, seen.Disposition)
			d, err := adjudication.Decide(s.Case, s.Letter)
			require.NoError(t, err)
			require.Equal(t, adjudication.Apply, d.Fate)
			require.NotEmpty(t, d.Outcome.Out)
			var before int
			require.NoError(t, tx.tx.QueryRowContext(ctx, `SELECT count(*) FROM outbox`).Scan(&before))
			res, err := tx.Write(ctx, s, d)
			require.NoError(t, err)
			assert.Equal(t, Result{LetterID: seen.LetterID, Disposition: Ignored}, res)
			n, _ := rows(tx)
			assert.Equal(t, 2, n, "stored once")
			var out int
			require.NoError(t, tx.tx.QueryRowContext(ctx, `SELECT count(*) FROM outbox`).Scan(&out))
			assert.Equal(t, before, out, "nothing of the decision is written")
			return nil
		})
		require.NoError(t, err)
	}
}

// TestRead_FirstKeyThatStillNamesSomethingVouches: of a letter's reply
// keys, the first whose tournament and game still exist vouches for it; a
// confirmation request's key counts only for the address asked; with none,
// the letter's own Auth stands.
func TestRead_FirstKeyThatStillNamesSomethingVouches(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	var tid, gid int64
	var code string
	require.NoError(t, db.db.QueryRow(`SELECT t.id, g.id, g.code FROM tournaments t JOIN games g ON g.tournament_id = t.id`).Scan(&tid, &gid, &code))
	tests := []struct {
		name string
		keys []Key
		want corr.Auth
	}{
		{"NoKey", nil, dmarcPass},
		{"GameGoneThenGame", []Key{{A: tid, B: gid + 100}, {A: tid, B: gid}},
			corr.Auth{Method: corr.AuthKey, Cipher: cipher, Game: code, Detail: "reply key for " + cipher + " " + code}},
		{"TournamentOnly", []Key{{A: tid}}, corr.Auth{Method: corr.AuthKey, Cipher: cipher, Detail: "reply key for " + cipher + " "}},
		{"NoSuchHeldLetter", []Key{{Confirm: true, A: 42}}, dmarcPass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Update(ctx, func(tx *Tx) error {
				s, err := tx.Read(ctx, Arrival{Received: game12[0], Keys: tt.keys})
				require.NoError(t, err)
				assert.False(t, s.Answer)
				assert.Equal(t, tt.want, s.Letter.Auth)
				return errUndo
			})
			require.ErrorIs(t, err, errUndo)
		})
	}
}

// TestRead_SceneZoneIsTheFilesLoadedOnce: a scene gives the zone of the
// tournament its letter is of as the store loaded it with the file
// (TestRead_ZoneLoadedOncePerFile), the same at every read, so that the
// referee keeps none of its own; a letter of no tournament has none.
func TestRead_SceneZoneIsTheFilesLoadedOnce(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	createTwo(t, db, cipher, "ВТОРОЙ-2026") // a stranger's letter is of neither
	stranger := moveLetter("<s1>", "stranger@example.net", 1, "Здравствуйте!")
	stranger.Subject = "Вопрос"
	zone := func(r Received) *time.Location {
		db.forgetAll() // read from the rows
		var loc *time.Location
		err := db.Update(ctx, func(tx *Tx) error {
			s, err := tx.Read(ctx, Arrival{Received: r})
			require.NoError(t, err)
			loc = s.Zone()
			return errUndo
		})
		require.ErrorIs(t, err, errUndo)
		return loc
	}
	first := zone(game12[0])
	require.NotNil(t, first)
	assert.Equal(t, "Europe/Moscow", first.String())
	assert.Same(t, first, zone(game12[1]), "loaded once")
	assert.Nil(t, zone(stranger), "a letter of no tournament")
}

// TestRead_FailsLeavingStoredBeforeToTell: Read fails a letter when what
// its decision needs does not read (its tournament's state), stored
// before or not; the scene it returns still names the letter, so that
// StoredBefore answers the failure: no reason to fail a stored one (the
// referee then answers from its row), the failure of any other.
func TestRead_FailsLeavingStoredBeforeToTell(t *testing.T) {
	db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, _, _, err := db.StoreLetter(ctx, game12[0].Incoming)
	require.NoError(t, err)
	_, err = db.db.ExecContext(ctx, `UPDATE tournaments SET state = '{'`)
	require.NoError(t, err)
	db.forgetAll()
	for _, tt := range []struct {
		name   string
		l      Received
		stored bool
	}{{"StoredBefore", game12[0], true}, {"Fresh", game12[1], false}} {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Update(ctx, func(tx *Tx) error {
				s, err := tx.Read(ctx, Arrival{Received: tt.l})
				require.ErrorContains(t, err, "state")
				seen, serr := tx.StoredBefore(ctx, s, err)
				assert.Equal(t, tt.stored, seen.Stored)
				if tt.stored {
					assert.NoError(t, serr, "no reason to fail it")
				} else {
					assert.Same(t, err, serr, "the failure stands")
				}
				return errUndo
			})
			require.ErrorIs(t, err, errUndo)
		})
	}
}
