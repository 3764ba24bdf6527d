package referee

import (
	"context"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// change decides, in one transaction of the store, a change of tournament
// cipher on day that no letter caused (the start, a day's checks, the
// judge's ruling on a claim, a Swiss round drawn or drawn again): rule
// gives the referee's new state and outcome; the desk follows it and runs
// its own deadlines of day; the store keeps all of it. When rule sets skip
// (a day checked already), its outcome is returned and nothing is written.
func (r *Referee) change(ctx context.Context, cipher string, day timecontrol.Date, rule func(*storage.Tx, storage.Tournament) (next corr.State, out corr.Outcome, skip bool, err error)) (corr.Outcome, error) {
	var out corr.Outcome
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		t, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		next, o, skip, err := rule(tx, t)
		if err != nil || skip {
			out = o
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

// start sends the start lists of tournament cipher on day (6.3.2).
func (r *Referee) start(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	return r.change(ctx, cipher, day, func(_ *storage.Tx, t storage.Tournament) (corr.State, corr.Outcome, bool, error) {
		next, out, err := corr.Start(t.State, day)
		return next, out, false, err
	})
}

// Checks runs the daily checks of tournament cipher for day (6.3.4-6.3.5,
// the end of play 6.3.2), the desk's deadlines with them; a day checked
// already is not checked again. Daily runs it for every day due.
func (r *Referee) Checks(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	return r.change(ctx, cipher, day, func(tx *storage.Tx, t storage.Tournament) (corr.State, corr.Outcome, bool, error) {
		if c := t.State.Checked; !c.IsZero() && !day.After(c) {
			return t.State, corr.Outcome{Accepted: true}, true, nil
		}
		held, err := tx.HeldPersons(ctx, cipher)
		if err != nil {
			return t.State, corr.Outcome{}, false, err
		}
		next, out := corr.Daily(t.State, day, held...)
		return next, out, false, nil
	})
}
