package timecontrol

import (
	"slices"
	"sort"
)

// Extend returns the ledger of t, as Compute(t) does, from l, the ledger
// of an earlier timeline of the same game: a move letter closes the reply
// on move and opens the opponent's, so that every line up to the last
// sent reply of l stands, and only the rest is entered. It does so when l
// came from Extend and t keeps everything those lines were computed from
// (the dates of play, the control, the start lists, the breaks, those
// replies and the penalties charged before them); otherwise, and for a
// zero l, it computes t whole. Its ledger keeps what the next Extend
// needs: a copy of t's replies, breaks and penalties. TestExtend_AsCompute
// and FuzzExtend compare it with Compute.
func (l Ledger) Extend(t Timeline) (Ledger, error) {
	r := l.resume
	if r == nil || !r.keeps(t) {
		return compute(t, true)
	}
	if err := t.validate(r.replies); err != nil {
		return Ledger{}, err
	}
	var c computation
	c.start(t)
	c.resumable = true
	c.l.Lines = append(make([]Line, 0, r.lines+len(t.Replies)-r.replies+len(t.Penalties)), l.Lines[:r.lines]...)
	c.l.Totals, c.l.Overstep = r.totals, r.overstep
	c.played, c.startNotes = r.played, r.startNotes
	// The penalties left, in date order: those charged before the point
	// are on its lines already.
	for i, p := range t.Penalties {
		if !p.Date.Before(r.horizon) {
			c.pens = append(c.pens, i)
		}
	}
	sort.SliceStable(c.pens, func(a, b int) bool { return t.Penalties[c.pens[a]].Date.Before(t.Penalties[c.pens[b]].Date) })
	c.point = *r
	c.point.in = Timeline{}
	for i := r.replies; i < len(t.Replies); i++ {
		c.reply(i)
	}
	return c.finish(), nil
}

// resumePoint is where Extend goes on from: the computation after the
// last sent reply of a ledger's timeline, before its pending reply and
// the penalties charged after, and the inputs its lines stand on.
type resumePoint struct {
	// in is the timeline computed: its replies up to the point, its
	// penalties, breaks and dates, copied, so that no later change of the
	// caller's slices moves them.
	in Timeline
	// replies and lines are the replies and lines entered at the point;
	// the rest is the computation's state then.
	replies, lines int
	totals         [2]Totals
	played         [2]int
	startNotes     [2][]Note
	overstep       *Overstep
	// horizon is the latest day a reply entered was counted to: every
	// penalty dated before it is on the lines, none after.
	horizon Date
}

// keeps reports whether timeline t keeps what the lines up to the point
// were computed from.
func (r *resumePoint) keeps(t Timeline) bool {
	in := r.in
	if t.Start != in.Start || t.End != in.End || t.Control != in.Control || t.StartListReceived != in.StartListReceived ||
		len(t.Replies) < r.replies || !slices.Equal(t.Replies[:r.replies], in.Replies) || !slices.Equal(t.Breaks, in.Breaks) {
		return false
	}
	// A penalty dated before the horizon is on the lines: the same one, at
	// the same place in the list.
	for i, p := range t.Penalties {
		if p.Date.Before(r.horizon) && (i >= len(in.Penalties) || in.Penalties[i] != p) {
			return false
		}
	}
	for i, p := range in.Penalties {
		if p.Date.Before(r.horizon) && (i >= len(t.Penalties) || t.Penalties[i] != p) {
			return false
		}
	}
	return true
}

// mark records the computation's state after reply i, entered and sent,
// as the point Extend may go on from.
func (c *computation) mark(i int, sent Date) {
	horizon := c.point.horizon
	if sent.After(horizon) {
		horizon = sent
	}
	c.point = resumePoint{replies: i + 1, lines: len(c.l.Lines), totals: c.l.Totals, played: c.played,
		startNotes: c.startNotes, overstep: c.l.Overstep, horizon: horizon}
}
