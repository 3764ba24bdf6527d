package timecontrol

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestDate_AppendRussian: the hand-written DD.MM.YYYY is time's layout
// "02.01.2006" for every year, four-digit or not, and nothing for no date.
func TestDate_AppendRussian(t *testing.T) {
	for _, d := range []Date{
		NewDate(1, time.January, 1), NewDate(9, time.December, 31), NewDate(999, time.June, 9),
		NewDate(2026, time.February, 28), NewDate(2028, time.February, 29), NewDate(2026, time.October, 10),
		NewDate(9999, time.December, 31), NewDate(10000, time.January, 1), NewDate(0, time.March, 1),
		NewDate(-1, time.July, 4), NewDate(1, time.January, 1).AddDays(-800),
	} {
		want := d.Time().Format("02.01.2006")
		assert.Equal(t, want, string(d.AppendRussian([]byte{})), "year %d", d.Year())
		assert.Equal(t, "x"+want, string(d.AppendRussian([]byte("x"))))
		assert.Equal(t, want, d.Russian())
	}
	assert.Empty(t, Date{}.AppendRussian(nil))
	assert.Equal(t, "", Date{}.Russian())
}

// TestDate_AppendISO: the hand-written YYYY-MM-DD is time's layout
// time.DateOnly for every year, four-digit or not, every day of a span of
// years around the edges included, and nothing for no date.
func TestDate_AppendISO(t *testing.T) {
	dates := []Date{NewDate(10000, time.January, 1), NewDate(-1, time.July, 4), NewDate(1, time.January, 1).AddDays(-800)}
	for _, span := range [][2]Date{
		{NewDate(0, time.January, 1), NewDate(2, time.January, 1)},
		{NewDate(999, time.January, 1), NewDate(1001, time.January, 1)},
		{NewDate(1999, time.January, 1), NewDate(2031, time.January, 1)},
		{NewDate(9998, time.January, 1), NewDate(10001, time.January, 1)},
	} {
		for d := span[0]; d.Before(span[1]); d = d.AddDays(1) {
			if !d.IsZero() { // 0000-12-31 is the zero date's number
				dates = append(dates, d)
			}
		}
	}
	for _, d := range dates {
		want := d.Time().Format(time.DateOnly)
		if got := string(d.AppendISO(nil)); got != want {
			t.Fatalf("year %d: %q, want %q", d.Year(), got, want)
		}
		assert.Equal(t, want, d.String())
	}
	assert.Equal(t, "x2026-02-28", string(NewDate(2026, time.February, 28).AppendISO([]byte("x"))))
	assert.Empty(t, Date{}.AppendISO(nil))
	assert.Equal(t, "", Date{}.String())
}
