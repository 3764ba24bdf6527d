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
