package timecontrol

import "slices"

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
	return walk(t, true, r, l.Lines), nil
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
	return penaltiesIn(t.Penalties, in.Penalties, r.horizon) && penaltiesIn(in.Penalties, t.Penalties, r.horizon)
}

// penaltiesIn reports whether every penalty of a dated before horizon is
// in b at the same place.
func penaltiesIn(a, b []Penalty, horizon Date) bool {
	for i, p := range a {
		if p.Date.Before(horizon) && (i >= len(b) || b[i] != p) {
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
