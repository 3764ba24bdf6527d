package storage

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// The persistence tests need rows to write and read back: a tournament
// started, letters applied, a claim ruled, a day checked. A fixture writes
// them through a Tx as the pure rules (corr, adjudication) compute them.
// None of the referee's decisions is here (which tournament a letter is
// of, whom to trust, what to hold or ignore): they are package referee's,
// tested there.

// change is what the rules make of a tournament on a day: the desk, the
// state and the outcome.
type change func(t Tournament, day timecontrol.Date) (adjudication.Desk, corr.State, corr.Outcome, error)

// write stores letter r unless nil (arrived on the day of its postmark)
// and, in the same transaction, what rule makes of tournament cipher on
// day: r's disposition Processed, or Refused when the outcome is not
// accepted.
func write(ctx context.Context, db *DB, cipher string, day timecontrol.Date, r *Received, rule change) (Result, error) {
	var res Result
	err := db.Update(ctx, func(tx *Tx) error {
		var err error
		res, err = writeIn(ctx, tx, cipher, day, r, rule)
		return err
	})
	return res, err
}

// writeIn is write on tx.
func writeIn(ctx context.Context, tx *Tx, cipher string, day timecontrol.Date, r *Received, rule change) (Result, error) {
	var res Result
	if r != nil {
		id, d, fresh, err := tx.StoreLetter(ctx, r.Named(), corr.AuthDMARC)
		res = Result{LetterID: id, Disposition: d, Fresh: fresh, Cipher: cipher}
		if err != nil || !fresh {
			return res, err
		}
	}
	t, err := tx.Load(ctx, cipher)
	if err != nil {
		return res, err
	}
	if r != nil {
		day = t.Day(r.Postmark)
	}
	var next corr.State
	if t.Desk, next, res.Outcome, err = rule(t, day); err != nil {
		return res, err
	}
	if r != nil {
		res.Disposition = Processed
		if !res.Outcome.Accepted {
			res.Disposition = Refused
		}
	}
	return res, tx.Save(ctx, t, next, res.LetterID, res.Disposition, day, res.Outcome)
}

// followed is a change of the referee's (corr) with the desk following it
// and running its deadlines of day.
func followed(t Tournament, day timecontrol.Date, next corr.State, out corr.Outcome, err error) (adjudication.Desk, corr.State, corr.Outcome, error) {
	if err != nil {
		return t.Desk, next, out, err
	}
	d, out := t.Desk.Follow(next, 0, out)
	d, more := d.Daily(next, day)
	out.Events = append(out.Events, more.Events...)
	out.Out = append(out.Out, more.Out...)
	return d, next, out, nil
}

// apply writes letter r of tournament cipher as the desk and the referee
// (corr) apply it, put before them by the secretary (corr.AuthDesk: nobody
// is held or ignored).
func apply(ctx context.Context, db *DB, cipher string, r Received) (Result, error) {
	var res Result
	err := db.Update(ctx, func(tx *Tx) error {
		var err error
		res, err = applyIn(ctx, tx, cipher, r)
		return err
	})
	return res, err
}

// applyRead is apply of letter r, which must not fail, and the
// tournament's state after it.
func applyRead(t *testing.T, db *DB, cipher string, r Received) (Result, corr.State) {
	t.Helper()
	ctx := context.Background()
	res, err := apply(ctx, db, cipher, r)
	require.NoError(t, err)
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	return res, s
}

// accepted is apply of letter r, which must be stored and accepted.
func accepted(t *testing.T, db *DB, cipher string, r Received) Result {
	t.Helper()
	res, err := apply(context.Background(), db, cipher, r)
	require.NoError(t, err)
	require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	return res
}

// acceptedIn is accepted on tx.
func acceptedIn(t *testing.T, tx *Tx, cipher string, r Received) Result {
	t.Helper()
	res, err := applyIn(context.Background(), tx, cipher, r)
	require.NoError(t, err)
	require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	return res
}

// applyIn is apply on tx.
func applyIn(ctx context.Context, tx *Tx, cipher string, r Received) (Result, error) {
	return writeIn(ctx, tx, cipher, timecontrol.Date{}, &r, func(t Tournament, day timecontrol.Date) (adjudication.Desk, corr.State, corr.Outcome, error) {
		c := adjudication.Case{Cipher: cipher, State: t.State, Desk: t.Desk}
		d, err := adjudication.Decide(c, adjudication.Letter{From: r.From, Subject: r.Subject, Text: r.Text, MessageID: r.MessageID,
			Auth: corr.Auth{Method: corr.AuthDesk}, Postmark: day})
		return d.Desk, d.State, d.Outcome, err
	})
}

// start writes tournament cipher's start on day (6.3.2).
func start(ctx context.Context, db *DB, cipher string, day timecontrol.Date) error {
	_, err := write(ctx, db, cipher, day, nil, func(t Tournament, day timecontrol.Date) (adjudication.Desk, corr.State, corr.Outcome, error) {
		next, out, err := corr.Start(t.State, day)
		return followed(t, day, next, out, err)
	})
	return err
}

// checked writes tournament cipher's daily checks of day (6.3.4-6.3.5).
func checked(ctx context.Context, db *DB, cipher string, day timecontrol.Date) error {
	_, err := write(ctx, db, cipher, day, nil, func(t Tournament, day timecontrol.Date) (adjudication.Desk, corr.State, corr.Outcome, error) {
		next, out := corr.Daily(t.State, day)
		return followed(t, day, next, out, nil)
	})
	return err
}

// ruled writes the judge's ruling on claim id on day (6.3.7).
func ruled(ctx context.Context, db *DB, id int64, confirm bool, note string, day timecontrol.Date) error {
	c, err := db.Claim(ctx, id)
	if err != nil {
		return err
	}
	_, err = write(ctx, db, c.Cipher, day, nil, func(t Tournament, day timecontrol.Date) (adjudication.Desk, corr.State, corr.Outcome, error) {
		next, out, err := corr.Rule(t.State, c.Game, c.Seq, confirm, note, day)
		return followed(t, day, next, out, err)
	})
	return err
}
