package timecontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var d = MustDate

func TestReplyDays_6_3_1_SameDayCostsNothing(t *testing.T) {
	tests := []struct {
		name           string
		received, sent string
		want           int
	}{
		{"same day", "2026-03-01", "2026-03-01", 0},
		{"next day", "2026-03-01", "2026-03-02", 1},
		{"across a month", "2026-02-27", "2026-03-02", 3},
		{"across a leap day", "2028-02-27", "2028-03-01", 3},
		{"across a year", "2026-12-30", "2027-01-02", 3},
		{"sent before received never goes negative", "2026-03-05", "2026-03-01", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ReplyDays(d(tt.received), d(tt.sent)))
		})
	}
}

// The three worked examples of 6.4.3, verbatim: "беру перерыв с 10.10.02 по
// 25.10.02" is 16 days.
func TestBreak_6_4_3_WorkedExamples(t *testing.T) {
	brk := [2]Date{d("2002-10-10"), d("2002-10-25")}
	assert.Equal(t, 16, Break{From: brk[0], To: brk[1]}.Days(), "с 10.10.02 по 25.10.02")
	tests := []struct {
		name           string
		received, sent string
		want           int
	}{
		{"received before, replied after: 27 - 8 - 16 = 3", "2002-10-08", "2002-10-27", 3},
		{"received before, replied during: 9 - 8 = 1", "2002-10-08", "2002-10-20", 1},
		{"received during, replied after: 26 - 25 = 1", "2002-10-10", "2002-10-26", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ReplyDays(d(tt.received), d(tt.sent), brk))
		})
	}
}

func TestReplyDays_6_4_2_OverlappingBreaksRemoveADayOnce(t *testing.T) {
	got := ReplyDays(d("2026-10-01"), d("2026-10-31"),
		[2]Date{d("2026-10-10"), d("2026-10-20")}, // one player's break
		[2]Date{d("2026-10-15"), d("2026-10-25")}) // the other's, overlapping
	assert.Equal(t, 30-16, got)
}

func TestLimit_6_3_5_FiftyDaysPerTenMoves(t *testing.T) {
	tests := []struct {
		c    Control
		k    int
		want int
	}{
		{Control{}, 1, 50},
		{Control{}, 10, 50},
		{Control{}, 11, 100},
		{Control{}, 20, 100},
		{Control{}, 21, 150},
		{Control{Days: 40, Moves: 8}, 8, 40},
		{Control{Days: 40, Moves: 8}, 9, 80},
		{Control{}, 0, 50},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.c.Limit(tt.k), "%+v move %d", tt.c, tt.k)
	}
}

func TestRoundHalfDown_6_3_3(t *testing.T) {
	tests := []struct{ sum, n, want int }{
		{10, 2, 5}, {11, 2, 5}, {7, 3, 2}, {8, 3, 3}, {0, 4, 0}, {13, 4, 3}, {14, 4, 3}, {15, 4, 4},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, roundHalfDown(tt.sum, tt.n), "%d/%d", tt.sum, tt.n)
	}
}
