package timecontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func brk(p Color, game, from, to string) Break {
	return Break{Player: p, Game: game, From: d(from), To: d(to), Announced: d(from).AddDays(-10)}
}

func TestBreak_6_4_1_OnePerCalendarYearAtMostThirtyDays(t *testing.T) {
	type want struct {
		valid    bool
		from, to string // counted days, "" = none
		notes    []NoteKind
	}
	granted := brk(White, "A", "2026-05-01", "2026-07-01")
	granted.Granted = true
	tests := []struct {
		name   string
		breaks []Break
		want   []want
	}{
		{"one break of 16 days", []Break{brk(White, "A", "2026-10-10", "2026-10-25")},
			[]want{{true, "2026-10-10", "2026-10-25", nil}}},
		{"exactly 30 days", []Break{brk(White, "A", "2026-10-01", "2026-10-30")},
			[]want{{true, "2026-10-01", "2026-10-30", nil}}},
		{"31 days: only the first 30 count", []Break{brk(White, "A", "2026-10-01", "2026-10-31")},
			[]want{{false, "2026-10-01", "2026-10-30", []NoteKind{NoteBreakTooLong}}}},
		{"a second break in the same year does not count, whichever is listed first",
			[]Break{brk(White, "A", "2026-11-01", "2026-11-05"), brk(White, "A", "2026-03-01", "2026-03-05")},
			[]want{{false, "", "", []NoteKind{NoteBreakSecondInYear}}, {true, "2026-03-01", "2026-03-05", nil}}},
		{"one break in each year", []Break{brk(White, "A", "2026-11-01", "2026-11-05"), brk(White, "A", "2027-03-01", "2027-03-05")},
			[]want{{true, "2026-11-01", "2026-11-05", nil}, {true, "2027-03-01", "2027-03-05", nil}}},
		{"a break over the new year belongs to the year of its first day",
			[]Break{brk(White, "A", "2026-12-20", "2027-01-10"), brk(White, "A", "2027-06-01", "2027-06-05")},
			[]want{{true, "2026-12-20", "2027-01-10", nil}, {true, "2027-06-01", "2027-06-05", nil}}},
		{"the same dates in all games are one break",
			[]Break{brk(White, "A", "2026-10-10", "2026-10-25"), brk(White, "B", "2026-10-10", "2026-10-25")},
			[]want{{true, "2026-10-10", "2026-10-25", nil}, {true, "2026-10-10", "2026-10-25", nil}}},
		{"other dates in another game do not count",
			[]Break{brk(White, "A", "2026-10-10", "2026-10-25"), brk(White, "B", "2026-10-12", "2026-10-27")},
			[]want{{true, "2026-10-10", "2026-10-25", nil}, {false, "", "", []NoteKind{NoteBreakDatesDiffer}}}},
		{"each player has their own break",
			[]Break{brk(White, "A", "2026-10-10", "2026-10-25"), brk(Black, "A", "2026-03-01", "2026-03-05")},
			[]want{{true, "2026-10-10", "2026-10-25", nil}, {true, "2026-03-01", "2026-03-05", nil}}},
		{"6.4.5: granted by the judge, valid beyond 30 days and beside the year's break",
			[]Break{granted, brk(White, "A", "2026-10-10", "2026-10-25")},
			[]want{{true, "2026-05-01", "2026-07-01", []NoteKind{NoteBreakGranted}}, {true, "2026-10-10", "2026-10-25", nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := ValidateBreaks(tt.breaks)
			for i, w := range tt.want {
				v := vs[i]
				assert.Equal(t, w.valid, v.Valid, "break #%d", i+1)
				assert.Equal(t, w.notes, kinds(v.Notes), "break #%d", i+1)
				if w.from == "" {
					assert.False(t, v.Counts(), "break #%d", i+1)
					continue
				}
				assert.Equal(t, [2]Date{d(w.from), d(w.to)}, [2]Date{v.From, v.To}, "break #%d", i+1)
			}
		})
	}
}

func TestBreak_6_4_1_ReasonsAreReadable(t *testing.T) {
	vs := ValidateBreaks([]Break{brk(White, "A", "2026-10-10", "2026-10-25"), brk(White, "B", "2026-10-12", "2026-10-27")})
	assert.Equal(t, "сроки перерыва отличаются от перерыва в партии A (с 10.10.2026 по 25.10.2026): перерыв берется одновременно во всех партиях; не засчитывается (п. 6.4.1)", vs[1].Notes[0].Format(Russian))
	assert.Equal(t, "dates differ from the break in game A (10.10.2026 to 25.10.2026): a break is taken at once in all games; does not count (6.4.1)", vs[1].Notes[0].Format(English))
}

// The breaks are put in order of their first day without reflection
// (slices.SortStableFunc: 2 allocations for these three breaks; 5 with
// sort.SliceStable).
func TestBreak_6_4_1_OrderedWithoutReflection(t *testing.T) {
	bs := []Break{brk(White, "A", "2026-11-01", "2026-11-05"), brk(White, "B", "2026-03-01", "2026-03-05"), brk(Black, "A", "2026-03-01", "2026-03-05")}
	n := testing.AllocsPerRun(20, func() { ValidateBreaks(bs) })
	t.Logf("%.0f allocations", n)
	assert.LessOrEqual(t, n, 2.0)
}
