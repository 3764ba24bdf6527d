package timecontrol

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// earlier returns timeline t as it stood before its reply k was sent:
// replies after k gone, reply k pending (when there is one) and the
// penalties from index pens on not yet charged, as a game's timeline grows
// letter by letter.
func earlier(t Timeline, k, pens int) Timeline {
	e := t
	e.Replies = append([]Reply(nil), t.Replies[:min(k+1, len(t.Replies))]...)
	if k < len(e.Replies) {
		r := &e.Replies[k]
		r.Sent, r.Postmark, r.Corrected, r.Moves, r.VariantMoves, r.Text = Date{}, Date{}, false, 0, 0, ""
		if r.Received.IsZero() {
			r.Received = t.Replies[max(k-1, 0)].posted()
			if k == 0 {
				r.Received = t.Start
			}
		}
	}
	e.Penalties = t.Penalties[:min(pens, len(t.Penalties))]
	return e
}

// changed returns t with one input its ledger stands on changed, picked by
// rng: an earlier reply, the end of play, a break, a penalty dated early;
// Extend must see it and compute again.
func changed(rng *rand.Rand, t Timeline) Timeline {
	c := t
	c.Replies = append([]Reply(nil), t.Replies...)
	c.Breaks = append([]Break(nil), t.Breaks...)
	c.Penalties = append([]Penalty(nil), t.Penalties...)
	switch rng.Intn(6) {
	case 0:
		if len(c.Replies) > 1 {
			c.Replies[rng.Intn(len(c.Replies)-1)].Moves++
		}
	case 1:
		c.End = c.Start.AddDays(rng.Intn(100))
	case 2:
		from := c.Start.AddDays(rng.Intn(60))
		c.Breaks = append(c.Breaks, Break{Player: Color(rng.Intn(2)), From: from, To: from.AddDays(rng.Intn(20)), Granted: true})
	case 3:
		c.Penalties = append(c.Penalties, Penalty{Player: Color(rng.Intn(2)), Days: 6, Date: c.Start.AddDays(rng.Intn(60)), Clause: "6.3.3", Reason: "early"})
	case 4:
		if len(c.Penalties) > 0 {
			c.Penalties[rng.Intn(len(c.Penalties))].Days++
		}
	case 5:
		c.StartListReceived[Color(rng.Intn(2))] = c.Start.AddDays(rng.Intn(5))
	}
	return c
}

// sameLedger fails unless Extend's ledger and its error are Compute's
// (but for what Extend keeps for the next: resume); it returns Extend's.
func sameLedger(t *testing.T, what string, prev Ledger, tl Timeline) Ledger {
	t.Helper()
	want, werr := Compute(tl)
	ext, gerr := prev.Extend(tl)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%s: Extend's error %v, Compute's %v", what, gerr, werr)
	}
	if gerr == nil && len(tl.Replies) > 0 && !tl.Replies[0].Sent.IsZero() && ext.resume == nil {
		t.Fatalf("%s: Extend's ledger keeps nothing to go on from", what)
	}
	got := ext
	got.resume = nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: Extend's ledger differs from Compute's\nextend:  %+v\ncompute: %+v", what, got, want)
	}
	return ext
}

// TestExtend_AsCompute: on random games, letter by letter (each reply
// sent, the next pending, the penalties charged as they come), and on the
// sample timelines, Extend from the ledger before gives Compute's ledger;
// so it does when an input the earlier lines stand on changed, or when the
// earlier ledger is another game's, Compute's (which keeps no point to go
// on from) or none.
func TestExtend_AsCompute(t *testing.T) {
	rng := rand.New(rand.NewSource(6_3_6))
	var games []Timeline
	for range 2000 {
		games = append(games, randomTimeline(rng))
	}
	files, _ := filepath.Glob(filepath.Join(timelines, "*.toml"))
	require.NotEmpty(t, files)
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		tl, err := ReadTimeline(data)
		require.NoError(t, err, name)
		games = append(games, tl)
	}
	var other Ledger
	steps, resumed := 0, 0 // letters, and those Extend went on from the ledger before
	for i, tl := range games {
		var prev Ledger
		for k := 0; k <= len(tl.Replies); k++ {
			pens := rng.Intn(len(tl.Penalties) + 1)
			e := earlier(tl, k, pens)
			steps++
			if prev.resume != nil && prev.resume.keeps(e) {
				resumed++
			}
			prev = sameLedger(t, fmt.Sprintf("game %d letter %d", i, k), prev, e)
		}
		sameLedger(t, fmt.Sprintf("game %d", i), prev, tl)
		sameLedger(t, fmt.Sprintf("game %d changed", i), prev, changed(rng, tl))
		sameLedger(t, fmt.Sprintf("game %d after another", i), other, tl)
		whole, _ := Compute(earlier(tl, max(len(tl.Replies)-1, 0), len(tl.Penalties)))
		sameLedger(t, fmt.Sprintf("game %d after Compute's", i), whole, tl)
		other = sameLedger(t, fmt.Sprintf("game %d from none", i), Ledger{}, tl)
	}
	if resumed < steps/2 {
		t.Fatalf("Extend went on from the ledger before in %d letters of %d: the test does not test it", resumed, steps)
	}
	t.Logf("%d letters, %d extended", steps, resumed)
}

// FuzzExtend: a random game, cut before a reply, changed or not, and
// extended to the whole game: always Compute's ledger.
func FuzzExtend(f *testing.F) {
	f.Add(int64(1), uint8(3), uint8(0), false)
	f.Add(int64(7), uint8(0), uint8(2), true)
	f.Fuzz(func(t *testing.T, seed int64, cut, pens uint8, change bool) {
		rng := rand.New(rand.NewSource(seed))
		tl := randomTimeline(rng)
		prev, err := Ledger{}.Extend(earlier(tl, int(cut)%(len(tl.Replies)+1), int(pens)))
		if err != nil {
			return // an earlier timeline need not be well formed
		}
		if change {
			tl = changed(rng, tl)
		}
		sameLedger(t, "extended", prev, tl)
	})
}

// BenchmarkLedger: a game's ledger after its nth letter, computed whole
// (Compute) or extended from the one after the letter before (Extend, as
// corr does for a game of corr.extendFrom replies or more).
func BenchmarkLedger(b *testing.B) {
	for _, n := range []int{4, 8, 16, 32, 64} {
		tl := Timeline{Start: d("2026-03-01")}
		day := tl.Start
		for i := range n {
			tl.Replies = append(tl.Replies, Reply{Player: Color(i % 2), Received: day, Sent: day.AddDays(i % 3), Moves: 1})
			day = day.AddDays(i % 3)
		}
		before := earlier(tl, n-1, 0)
		b.Run(fmt.Sprintf("compute/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compute(tl); err != nil {
					b.Fatal(err)
				}
			}
		})
		prev, err := Ledger{}.Extend(before)
		require.NoError(b, err)
		b.Run(fmt.Sprintf("extend/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := prev.Extend(tl); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
