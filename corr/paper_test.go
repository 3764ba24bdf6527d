package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// post applies a paper letter of from, posted and arrived on the dates of
// its envelope's postmarks, as the secretary enters it.
func post(s State, from, posted, arrived, text string) (State, Outcome) {
	obs := Observation{From: from, Postmark: timecontrol.MustDate(arrived), Posted: timecontrol.MustDate(posted), MessageID: "<paper-" + from + arrived + ">"}
	return applyTracked(s, s.ReadAhead(nil, text, obs), obs)
}

// hasProblem reports whether out has a problem of kind under clause.
func hasProblem(out Outcome, kind, clause string) bool {
	for _, p := range out.Problems {
		if p.Kind == kind && p.Clause == clause {
			return true
		}
	}
	return false
}

// A paper reply counts to its posting postmark, not to the day it reached
// the server, nor to the date its sender wrote (6.3.1); its receipt date is
// the sender's (by the arrival postmark only they saw), if it can be; the
// opponent starts thinking the day the server forwards it, its arrival.
func TestPaper_6_3_1_PostingPostmarkCounts(t *testing.T) {
	const first = "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"
	d := timecontrol.MustDate
	cases := []struct {
		name, dates            string
		posted, arrived        string
		received               timecontrol.Date // Black's reply as entered in the ledger
		blackDays              int
		sentDiffers, recvWrong bool
	}{
		// Received 02.03, posted 05.03: the days 03, 04, 05.
		{"as written", "01.03.2026 / 02.03.2026 / 05.03.2026", "2026-03-05", "2026-03-09", d("2026-03-02"), 3, false, false},
		// Written 04.03, postmark 05.03: the postmark stands and the sender is told.
		{"written sent differs", "01.03.2026 / 02.03.2026 / 04.03.2026", "2026-03-05", "2026-03-09", d("2026-03-02"), 3, true, false},
		// A receipt before the server forwarded the move cannot be: the
		// average transit is taken; with no earlier letter to average, the
		// opponent's posting date 01.03 (6.3.3), so 02..05.
		{"receipt before the forward", "01.03.2026 / 28.02.2026 / 05.03.2026", "2026-03-05", "2026-03-09", timecontrol.Date{}, 4, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, out := send(started(t), white, "2026-03-01", first)
			require.True(t, out.Accepted, out.Reason)
			s, out = post(s, black, c.posted, c.arrived, "ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n"+c.dates+"\nВремя: 0/3")
			require.True(t, out.Accepted, out.Reason)
			g := s.Games[0]
			require.Len(t, g.Replies, 3)
			assert.Equal(t, d(c.posted), g.Replies[1].Sent)
			assert.Equal(t, c.received, g.Replies[1].Received)
			assert.Equal(t, d(c.arrived), g.Replies[2].Received, "White receives the move the day the server forwards it")
			led, err := s.Ledger(*g)
			require.NoError(t, err)
			assert.Equal(t, c.blackDays, led.Totals[timecontrol.Black].Days)
			assert.Equal(t, c.sentDiffers, hasProblem(out, "date-differs", "6.3.1"), "written sending date reported")
			assert.Equal(t, c.recvWrong, hasProblem(out, "date-differs", "6.3.3"), "impossible receipt date reported")
			for _, o := range out.Out {
				if o.Kind == "forward" {
					assert.Contains(t, o.Body, d(c.posted).Russian(), "the forward gives the posting date")
				}
			}
		})
	}
}

// A paper letter without its receipt date: the ledger takes the average
// transit of the letters between the two players (6.3.3).
func TestPaper_6_3_3_MissingReceiptTakesAverageTransit(t *testing.T) {
	d := timecontrol.MustDate
	s, out := send(started(t), white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	// White posted 01.03, Black received 02.03: a transit of 1 day.
	s, out = post(s, black, "2026-03-04", "2026-03-06", "ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n01.03.2026 / 02.03.2026 / 04.03.2026\nВремя: 0/2")
	require.True(t, out.Accepted, out.Reason)
	// Black posted 04.03, White received 06.03 (the forward): 2 days.
	s, out = send(s, white, "2026-03-07", "ЧР-2026-ЗФ 1-2\nВаш ход: 1...f6-g5\nМой ход: 2.g3-f4\n04.03.2026 / 06.03.2026 / 07.03.2026\nВремя: 1/2")
	require.True(t, out.Accepted, out.Reason)
	// No receipt date: 07.03 (White's posting) + the average of 1 and 2
	// days, 1.5, rounded down to 1 (the doubt goes against the sender):
	// received 08.03, posted 12.03, 4 days.
	s, out = post(s, black, "2026-03-12", "2026-03-14", "ЧР-2026-ЗФ 1-2\nВаш ход: 2.g3-f4\nМой ход: 2...g7-f6\nОтправлено: 12.03.2026\nВремя: 1/6")
	require.True(t, out.Accepted, out.Reason)
	g := s.Games[0]
	require.Len(t, g.Replies, 5)
	assert.True(t, g.Replies[3].Received.IsZero(), "left to the ledger's estimate")
	led, err := s.Ledger(*g)
	require.NoError(t, err)
	var line timecontrol.Line
	for _, ln := range led.Lines {
		if ln.Kind == timecontrol.ReplyLine && ln.Index == 4 {
			line = ln
		}
	}
	assert.Equal(t, d("2026-03-08"), line.Received)
	assert.Equal(t, 4, line.Days)
	require.NotEmpty(t, line.Notes)
	assert.Equal(t, timecontrol.NoteReceiptEstimated, line.Notes[0].Kind)
	assert.Equal(t, 2+4, led.Totals[timecontrol.Black].Days)
}
