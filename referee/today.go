package referee

import (
	"context"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Done is what a decision did: the day it is dated (given, or today in the
// tournament's zone) and the referee's outcome (events, letters queued).
type Done struct {
	Day timecontrol.Date
	corr.Outcome
}

// Today is the date of play now (the store's clock, storage.DB.Now) in
// tournament cipher's time zone. The daemon dates its work there; a
// decision taken at the desk or by a command must agree with it whatever
// the zone of the machine it runs on.
func (r *Referee) Today(ctx context.Context, cipher string) (timecontrol.Date, error) {
	s, err := r.DB.State(ctx, cipher)
	if err != nil {
		return timecontrol.Date{}, err
	}
	return timecontrol.DateOf(r.DB.Now().In(s.Tournament.Location())), nil
}

// dayOf is day, or today in cipher's zone when day is zero.
func (r *Referee) dayOf(ctx context.Context, cipher string, day timecontrol.Date) (timecontrol.Date, error) {
	if !day.IsZero() {
		return day, nil
	}
	return r.Today(ctx, cipher)
}
