package adjudication

import (
	"time"

	"zaochnik/timecontrol"
)

// protestDays is the ten-day window of a protest against an adjudication
// (6.5.6) and for sending analyses (6.5.2); those about an overstep claim
// (6.3.8, 6.1.12) are the claim's own (corr.ProtestDays).
const protestDays = 10

// tenDaysFrom returns the last day of a ten-day window that opens on d: the
// window "no later than 10 days from" d ends on d+10, that day included.
func tenDaysFrom(d timecontrol.Date) timecontrol.Date { return d.AddDays(protestDays) }

// addMonth returns the same day of the next month, or that month's last day
// when it has no such day: a term counted in months ends so (article 192 of
// the Russian Civil Code), which is how we read "a month" in 6.5.5.
func addMonth(d timecontrol.Date) timecontrol.Date {
	y, m := d.Year(), d.Month()+1
	if m > time.December {
		y, m = y+1, time.January
	}
	last := timecontrol.NewDate(y, m+1, 0).Day() // day 0 of the month after is m's last day
	return timecontrol.NewDate(y, m, min(d.Day(), last))
}

// onTime reports whether something filed on filed meets the deadline due.
// A zero filed date means nothing was filed.
func onTime(filed, due timecontrol.Date) bool {
	return !filed.IsZero() && !filed.After(due)
}
