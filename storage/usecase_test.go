package storage

import (
	"context"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// start and daily do for this package's tests what referee's Start and
// Checks do (referee imports storage, so its tests cannot call it): the
// referee's rule between a Tx's Load and Save, the desk following it.
func (db *DB) start(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	return db.testChange(ctx, cipher, day, func(_ *Tx, t Tournament) (corr.State, corr.Outcome, error) {
		return corr.Start(t.State, day)
	})
}

func (db *DB) daily(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	if s, err := db.State(ctx, cipher); err == nil && !s.Checked.IsZero() && !day.After(s.Checked) {
		return corr.Outcome{Accepted: true}, nil
	}
	return db.testChange(ctx, cipher, day, func(tx *Tx, t Tournament) (corr.State, corr.Outcome, error) {
		held, err := tx.HeldPersons(ctx, cipher)
		if err != nil {
			return t.State, corr.Outcome{}, err
		}
		next, out := corr.Daily(t.State, day, held...)
		return next, out, nil
	})
}

func (db *DB) testChange(ctx context.Context, cipher string, day timecontrol.Date, rule func(*Tx, Tournament) (corr.State, corr.Outcome, error)) (corr.Outcome, error) {
	var out corr.Outcome
	err := db.Update(ctx, func(tx *Tx) error {
		t, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		next, o, err := rule(tx, t)
		if err != nil {
			return err
		}
		d, o := t.Desk.Follow(next, 0, o)
		d, more := d.Daily(next, day)
		o.Events = append(o.Events, more.Events...)
		o.Out = append(o.Out, more.Out...)
		t.Desk, out = d, o
		return tx.Save(ctx, t, next, 0, "", day, o)
	})
	return out, err
}

// rule, nextRound and redraw are referee's Rule, nextRound and redraw.
func (db *DB) rule(ctx context.Context, id int64, confirm bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	c, err := db.Claim(ctx, id)
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.testChange(ctx, c.Cipher, day, func(_ *Tx, t Tournament) (corr.State, corr.Outcome, error) {
		return corr.Rule(t.State, c.Game, c.Seq, confirm, note, day)
	})
}

func (db *DB) nextRound(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	s, err := db.State(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	if t := s.Tournament; t.Swiss == nil || s.Started.IsZero() || s.Round() >= t.Swiss.Rounds || !s.RoundOver(s.Round()) {
		return corr.Outcome{Accepted: true}, nil
	}
	return db.testChange(ctx, cipher, day, func(_ *Tx, t Tournament) (corr.State, corr.Outcome, error) {
		return t.Desk.NextRound(t.State, day)
	})
}

func (db *DB) redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	return db.testChange(ctx, cipher, day, func(_ *Tx, t Tournament) (corr.State, corr.Outcome, error) {
		return t.Desk.Redraw(t.State, day, reason)
	})
}

// deskChange is referee's deskChange of a decision that leaves the state.
func (db *DB) deskChange(ctx context.Context, cipher string, day timecontrol.Date, fn func(adjudication.Desk, corr.State) (adjudication.Desk, corr.Outcome, error)) (corr.Outcome, error) {
	var out corr.Outcome
	err := db.Update(ctx, func(tx *Tx) error {
		t, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		s := t.State.Clone()
		d, o, err := fn(t.Desk, s)
		if err != nil {
			return err
		}
		t.Desk, out = d, o
		if s, settled := d.Settle(s); settled {
			return tx.Save(ctx, t, s, 0, "", day, o)
		}
		return tx.SaveDesk(ctx, t, day, o)
	})
	return out, err
}
