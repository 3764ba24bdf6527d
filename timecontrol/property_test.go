package timecontrol

import (
	"math/rand"
	"testing"
)

// randomTimeline returns a well-formed game of random letters, breaks and
// penalties; the same seed gives the same game.
func randomTimeline(rng *rand.Rand) Timeline {
	start := d("2026-01-01").AddDays(rng.Intn(400))
	tl := Timeline{Start: start}
	if rng.Intn(3) == 0 {
		tl.End = start.AddDays(100 + rng.Intn(300))
	}
	if rng.Intn(4) == 0 {
		tl.StartListReceived[Color(rng.Intn(2))] = start.AddDays(rng.Intn(10) - 3)
	}
	posted := start
	n := rng.Intn(30)
	for i := 0; i < n; i++ {
		r := Reply{Player: Color(i % 2), Moves: rng.Intn(3), VariantMoves: rng.Intn(2)}
		got := posted.AddDays(rng.Intn(8))
		if i == 0 {
			got = start
		}
		if rng.Intn(6) != 0 || i == 0 {
			r.Received = got
		}
		r.Sent = got.AddDays(rng.Intn(15))
		if rng.Intn(5) == 0 {
			r.Postmark = r.Sent.AddDays(rng.Intn(5) - 2)
			r.Corrected = rng.Intn(2) == 0
		}
		if i == n-1 && rng.Intn(3) == 0 {
			r.Sent, r.Postmark, r.Corrected = Date{}, Date{}, false
			if r.Received.IsZero() {
				r.Received = got
			}
		}
		tl.Replies = append(tl.Replies, r)
		posted = r.posted()
	}
	for i := rng.Intn(4); i > 0; i-- {
		from := start.AddDays(rng.Intn(200))
		b := Break{Player: Color(rng.Intn(2)), From: from, To: from.AddDays(rng.Intn(40)), Granted: rng.Intn(5) == 0}
		if rng.Intn(4) != 0 {
			b.Announced = from.AddDays(rng.Intn(10) - 7)
		}
		tl.Breaks = append(tl.Breaks, b)
	}
	for i := rng.Intn(3); i > 0; i-- {
		tl.Penalties = append(tl.Penalties, Penalty{Player: Color(rng.Intn(2)), Days: 6, Date: start.AddDays(rng.Intn(200)), Clause: "6.2.11", Reason: "random"})
	}
	return tl
}

// TestProperties_6_3_1_6_4 checks on many random games that days are never
// negative, each player's total never falls, a break never adds days, and
// the silent overstep date is the first day the running total passes the limit.
func TestProperties_6_3_1_6_4(t *testing.T) {
	rng := rand.New(rand.NewSource(6_3_1))
	for i := 0; i < 3000; i++ {
		tl := randomTimeline(rng)
		l, err := Compute(tl)
		if err != nil {
			t.Fatalf("game %d: the generator made an ill-formed game: %v", i, err)
		}
		var last [2]int
		for _, ln := range l.Lines {
			if ln.Days < 0 || ln.BreakDays < 0 {
				t.Fatalf("game %d line %+v: negative days", i, ln)
			}
			if ln.Total < last[ln.Player] {
				t.Fatalf("game %d line %+v: total fell from %d", i, ln, last[ln.Player])
			}
			last[ln.Player] = ln.Total
		}
		plain := tl
		plain.Breaks = nil
		lp, err := Compute(plain)
		if err != nil {
			t.Fatalf("game %d: without breaks: %v", i, err)
		}
		for j := range l.Lines {
			if l.Lines[j].Days > lp.Lines[j].Days {
				t.Fatalf("game %d line %d: %d days with breaks, %d without", i, j, l.Lines[j].Days, lp.Lines[j].Days)
			}
		}
		if m := l.OnMove; !m.Stopped && m.Total <= m.Limit {
			if got := l.RunningTotal(m.OverstepDate); got <= m.Limit {
				t.Fatalf("game %d: running total %d on the overstep date %s is within %d", i, got, m.OverstepDate, m.Limit)
			}
			if got := l.RunningTotal(m.OverstepDate.AddDays(-1)); got > m.Limit {
				t.Fatalf("game %d: running total %d the day before %s is already over %d", i, got, m.OverstepDate, m.Limit)
			}
		}
	}
}
