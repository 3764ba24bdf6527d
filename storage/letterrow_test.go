package storage

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// TestWrite_FreshLetterRowWrittenOnce: a fresh letter's row is inserted
// with what became of it, whatever its fate, and never updated after:
// one statement a letter instead of an INSERT and an UPDATE.
func TestWrite_FreshLetterRowWrittenOnce(t *testing.T) {
	noTournament := letter.Because(letter.ReasonNoTournament)
	tests := []struct {
		name   string
		auth   corr.Auth
		decide func(s *Scene) (adjudication.Decision, error) // nil: adjudication.Decide
		want   letterColumns
	}{
		{"Applied", dmarcPass, nil, letterColumns{tournament: true, game: true, disposition: Processed, problems: "null", auth: corr.AuthDMARC}},
		{"Held", corr.Auth{}, nil, letterColumns{tournament: true, disposition: Held, reason: true, problems: "[]", auth: ""}},
		{"IgnoredUnderTournament", dmarcPass, func(s *Scene) (adjudication.Decision, error) {
			return adjudication.Decision{Fate: adjudication.Ignore, Cipher: s.Case.Cipher, Reason: noTournament}, nil
		}, letterColumns{tournament: true, disposition: Ignored, reason: true, problems: "[]", auth: corr.AuthDMARC}},
		{"IgnoredUnderNone", dmarcPass, func(s *Scene) (adjudication.Decision, error) {
			return adjudication.Decision{Fate: adjudication.Ignore, Reason: noTournament}, nil
		}, letterColumns{disposition: Ignored, reason: true, problems: "[]", auth: corr.AuthDMARC}},
		{"FiledUnderTournament", dmarcPass, func(s *Scene) (adjudication.Decision, error) {
			return adjudication.Decision{Fate: adjudication.File, Cipher: s.Case.Cipher, Outcome: corr.Outcome{Reason: noTournament}}, nil
		}, letterColumns{tournament: true, disposition: Refused, reason: true, problems: "[]", auth: corr.AuthDMARC}},
		{"FiledUnderNone", dmarcPass, func(s *Scene) (adjudication.Decision, error) {
			return adjudication.Decision{Fate: adjudication.File, Reason: noTournament}, nil
		}, letterColumns{disposition: Refused, reason: true, problems: "[]", auth: corr.AuthDMARC}},
		{"IgnoredNamingATournamentNotRead", dmarcPass, func(s *Scene) (adjudication.Decision, error) {
			s.t = nil // Read found no tournament; the decision names one
			return adjudication.Decision{Fate: adjudication.Ignore, Cipher: "ДРУГОЙ-2026", Reason: noTournament}, nil
		}, letterColumns{disposition: Ignored, reason: true, problems: "[]", auth: corr.AuthDMARC}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
			ctx := context.Background()
			_, err := db.db.Exec(`CREATE TABLE letter_updates (id INTEGER);
				CREATE TRIGGER letters_updated AFTER UPDATE ON letters BEGIN INSERT INTO letter_updates VALUES (new.id); END`)
			require.NoError(t, err)
			l := game12[0]
			l.Auth = tt.auth
			var res Result
			err = db.Update(ctx, func(tx *Tx) error {
				s, err := tx.Read(ctx, Arrival{Received: l})
				require.NoError(t, err)
				var d adjudication.Decision
				if tt.decide == nil {
					d, err = adjudication.Decide(s.Case, s.Letter)
				} else {
					d, err = tt.decide(&s)
				}
				require.NoError(t, err)
				res, err = tx.Write(ctx, s, d)
				return err
			})
			require.NoError(t, err)
			assert.Equal(t, tt.want.disposition, res.Disposition)
			assert.Equal(t, tt.want, readLetterColumns(t, db, res.LetterID))
			var updates int
			require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM letter_updates`).Scan(&updates))
			assert.Zero(t, updates, "the letter's row is written once")
		})
	}
}

// letterColumns is what a test checks of a letter's row: which ids and
// texts are set, the disposition, problems and auth as stored.
type letterColumns struct {
	tournament, game, reason bool
	disposition              Disposition
	problems, auth           string
}

// readLetterColumns reads letterColumns of letter id.
func readLetterColumns(t *testing.T, db *DB, id int64) letterColumns {
	t.Helper()
	var c letterColumns
	var tid, gid sql.NullInt64
	var reason string
	require.NoError(t, db.db.QueryRow(`SELECT tournament_id, game_id, disposition, reason, problems, auth FROM letters WHERE id = ?`, id).
		Scan(&tid, &gid, &c.disposition, &reason, &c.problems, &c.auth))
	c.tournament, c.game, c.reason = tid.Valid, gid.Valid, reason != ""
	return c
}

// TestSettle_KeyTakenIsAUniqueKeysRefusal: a fresh letter's row refused
// because its Message-ID or its mailbox UID is taken is keyTaken (Write
// then asks whether it was stored before); another constraint's refusal
// fails as it is.
func TestSettle_KeyTakenIsAUniqueKeysRefusal(t *testing.T) {
	db, _ := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	stored := Incoming{MessageID: "<old@x>", Mailbox: "INBOX", UIDValidity: 1, UID: 5, Raw: []byte("old"), From: "a@example.org"}
	_, _, _, err := db.StoreLetter(ctx, stored)
	require.NoError(t, err)
	tests := []struct {
		name  string
		in    Incoming
		tid   any
		taken bool
	}{
		{"MessageIDTaken", Incoming{MessageID: "<old@x>", Raw: []byte("new"), From: "a@example.org"}, nil, true},
		{"UIDTaken", Incoming{MessageID: "<new@x>", Mailbox: "INBOX", UIDValidity: 1, UID: 5, Raw: []byte("new"), From: "a@example.org"}, nil, true},
		{"NoSuchTournament", Incoming{MessageID: "<new@x>", Raw: []byte("new"), From: "a@example.org"}, int64(999), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Update(ctx, func(tx *Tx) error {
				err := tx.settle(ctx, &letterRow{in: tt.in, sum: sha256Hex(tt.in.Raw)}, letterOutcome{tid: tt.tid, d: Ignored})
				require.Error(t, err)
				assert.Equal(t, tt.taken, errors.As(err, new(keyTaken)), "%v", err)
				return errUndo
			})
			require.ErrorIs(t, err, errUndo)
		})
	}
}
