package referee

import (
	"context"
	"fmt"
	"time"

	"zaochnik/timecontrol"
)

// DailyReport is what a daily run did.
type DailyReport struct {
	Days    int // tournament days checked
	Letters int // letters queued by the checks and the rounds drawn
	Claims  int // overstep claims filed (6.3.5-6.3.6)
	Rounds  int // Swiss rounds drawn (1.15)
	// Dropped and Asked count the held letters dropped unconfirmed and the
	// senders asked again to confirm one.
	Dropped, Asked int
}

// Daily runs the referee's day at now. For every started tournament it
// runs the daily checks (reminders and the 30-day inquiry 6.3.4, silent
// overstep 6.3.5, the end of play 6.3.2) of each day from the day after the
// last one checked up to today in the tournament's zone, so that days the
// daemon was down are caught up in order; after each day a Swiss round that
// is over starts the next (1.15). A round that cannot be drawn waits for
// the judge (1.15.9): it is logged and the other checks go on. Then comes
// the held letters' day in r.Location (holds: at most one
// request a day, a letter not confirmed in time dropped). A day already
// checked is not checked again, so Daily may run as often as one likes.
func (r *Referee) Daily(ctx context.Context, now time.Time) (DailyReport, error) {
	var rep DailyReport
	ciphers, err := r.DB.Ciphers(ctx)
	if err != nil {
		return rep, err
	}
	for _, c := range ciphers {
		s, err := r.DB.State(ctx, c)
		if err != nil {
			return rep, err
		}
		if s.Started.IsZero() {
			continue
		}
		day := s.Started
		if !s.Checked.IsZero() {
			day = s.Checked.AddDays(1)
		}
		for today := timecontrol.DateOf(now.In(s.Tournament.Location())); !day.After(today); day = day.AddDays(1) {
			if err := r.day(ctx, c, day, &rep); err != nil {
				return rep, err
			}
		}
	}
	loc := r.Location
	if loc == nil {
		loc = time.UTC
	}
	if rep.Dropped, rep.Asked, err = r.holds(ctx, timecontrol.DateOf(now.In(loc))); err != nil {
		return rep, err
	}
	if rep.Dropped+rep.Asked > 0 {
		r.logger().Info("held letters", "dropped", rep.Dropped, "asked", rep.Asked)
	}
	return rep, nil
}

// day runs tournament cipher's checks of day and draws its next round.
func (r *Referee) day(ctx context.Context, cipher string, day timecontrol.Date, rep *DailyReport) error {
	out, err := r.Checks(ctx, cipher, day)
	if err != nil {
		return fmt.Errorf("daily checks of %s for %s: %w", cipher, day, err)
	}
	rep.Days++
	rep.Letters += len(out.Out)
	rep.Claims += len(out.Claims)
	if len(out.Out) > 0 || len(out.Claims) > 0 {
		r.logger().Info("daily checks", "tournament", cipher, "day", day.String(), "letters", len(out.Out), "claims", len(out.Claims))
	}
	next, err := r.nextRound(ctx, cipher, day)
	switch {
	case err != nil:
		r.logger().Error("next round", "tournament", cipher, "day", day.String(), "err", err)
	case len(next.Events) > 0:
		rep.Rounds++
		rep.Letters += len(next.Out)
		r.logger().Info("round drawn", "tournament", cipher, "day", day.String(), "letters", len(next.Out))
	}
	return nil
}
