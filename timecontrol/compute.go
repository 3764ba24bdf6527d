package timecontrol

import (
	"cmp"
	"slices"
)

// Compute checks t and computes its ledger. The returned error is Errors,
// listing every problem with the field and the rule.
func Compute(t Timeline) (Ledger, error) { return compute(t, false) }

// compute is Compute; a resumable ledger keeps the point Extend goes on
// from (a copy of the inputs, which only a ledger kept for that needs).
func compute(t Timeline, resumable bool) (Ledger, error) {
	if err := t.Validate(); err != nil {
		return Ledger{}, err
	}
	return walk(t, resumable, nil, nil), nil
}

// walk computes the ledger of a checked t: whole when r is nil, else on
// from r, the point of an earlier ledger whose lines are lines, keeping
// the lines up to it and entering only the replies after it and the
// penalties not on those lines.
func walk(t Timeline, resumable bool, r *resumePoint, lines []Line) Ledger {
	var c computation
	c.start(t)
	c.resumable = resumable
	from := 0
	if r != nil {
		c.l.Lines = append(make([]Line, 0, r.lines+len(t.Replies)-r.replies+len(t.Penalties)), lines[:r.lines]...)
		c.l.Totals, c.l.Overstep = r.totals, r.overstep
		c.played, c.startNotes = r.played, r.startNotes
		c.point = *r
		c.point.in = Timeline{}
		from = r.replies
	} else if len(t.Replies) > 0 {
		// A line a reply and a penalty: the lines allocated once, not
		// grown reply by reply.
		c.l.Lines = make([]Line, 0, len(t.Replies)+len(t.Penalties))
	}
	// The penalties left, in date order: those charged before the point
	// are on its lines already.
	c.pens = make([]int, 0, len(t.Penalties)) // no allocation for the usual game, with none
	for i, p := range t.Penalties {
		if r == nil || !p.Date.Before(r.horizon) {
			c.pens = append(c.pens, i)
		}
	}
	slices.SortStableFunc(c.pens, func(a, b int) int { return cmp.Compare(t.Penalties[a].Date.n, t.Penalties[b].Date.n) })
	for i := from; i < len(t.Replies); i++ {
		c.reply(i)
	}
	return c.finish()
}

// start starts computing the ledger of t: the players' starts and the
// breaks, no line yet.
func (c *computation) start(t Timeline) {
	*c = computation{t: t, l: &Ledger{Names: [2]string{t.White, t.Black}, Start: t.Start, End: t.End, Control: t.Control.norm()}}
	c.starts()
	c.breaks()
}

// finish enters the penalties charged after the last reply and who is on
// move, and keeps the point Extend goes on from when asked to.
func (c *computation) finish() Ledger {
	c.penaltiesBefore(Date{})
	c.l.OnMove = c.l.onMove(c.t)
	if c.resumable && c.point.replies > 0 {
		t, p := c.t, new(resumePoint)
		*p = c.point
		p.in = Timeline{Start: t.Start, End: t.End, Control: t.Control, StartListReceived: t.StartListReceived,
			Replies: slices.Clone(t.Replies[:p.replies]), Breaks: slices.Clone(t.Breaks), Penalties: slices.Clone(t.Penalties)}
		c.l.resume = p
	}
	return *c.l
}

// computation is Compute's state as it walks the letters in game order.
type computation struct {
	t Timeline
	l *Ledger
	// perBreak is the counted span of each of l.Breaks (zero if none).
	perBreak []span
	// pens are the penalties not yet entered, in date order.
	pens []int
	// played counts each player's moves, counted or not, for move numbers.
	played [2]int
	// startNotes wait for the player's first reply.
	startNotes [2][]Note
	// point is the state after the last sent reply entered (mark), kept
	// in the ledger when resumable.
	point     resumePoint
	resumable bool
}

// starts sets each player's start: the day after a late start list (6.3.2).
func (c *computation) starts() {
	for _, p := range []Color{White, Black} {
		c.l.start[p] = c.t.Start
		if got := c.t.StartListReceived[p]; got.After(c.t.Start) {
			c.l.start[p] = got.AddDays(1)
			c.startNotes[p] = []Note{{Kind: NoteLateStartList, Clause: "6.3.2", Player: p, A: got}}
		}
	}
}

// breaks judges the breaks and collects the days they take out of this game.
func (c *computation) breaks() {
	c.l.Breaks = ValidateBreaks(c.t.Breaks)
	c.perBreak = make([]span, len(c.l.Breaks))
	var counted []span
	for i := range c.l.Breaks {
		if s, ok := c.l.Breaks[i].inGame(); ok {
			c.perBreak[i] = s
			counted = append(counted, s)
		}
	}
	c.l.breaks = union(counted)
}

// penaltiesBefore enters the penalties dated before d; all of them when d
// is zero. A penalty joins the total on its date, after the letters posted
// that day: it is charged in one of them.
func (c *computation) penaltiesBefore(d Date) {
	for len(c.pens) > 0 && (d.IsZero() || c.t.Penalties[c.pens[0]].Date.Before(d)) {
		i := c.pens[0]
		c.pens = c.pens[1:]
		p := c.t.Penalties[i]
		tot := &c.l.Totals[p.Player]
		tot.PenaltyDays += p.Days
		tot.Total += p.Days
		c.l.add(Line{Kind: PenaltyLine, Index: i + 1, Player: p.Player, Sent: p.Date, Days: p.Days,
			Total: tot.Total, CountedMoves: tot.Moves, Limit: c.l.Control.Limit(tot.Moves + 1),
			Notes: []Note{{Kind: NotePenalty, Clause: p.Clause, Player: p.Player, Days: p.Days, A: p.Date, Text: p.Reason, TextEn: p.ReasonEn}}}, tot.Moves)
	}
}

// reply enters reply i, after the penalties charged before it was posted.
func (c *computation) reply(i int) {
	r := c.t.Replies[i]
	ln := Line{Kind: ReplyLine, Index: i + 1, Player: r.Player, Move: c.played[r.Player] + 1, Text: r.Text, Pending: r.Sent.IsZero()}
	ln.Notes = append(ln.Notes, c.startNotes[r.Player]...)
	c.startNotes[r.Player] = nil
	ln.Received = c.l.received(c.t, i, &ln)
	ln.Sent = c.sent(r, &ln)
	c.penaltiesBefore(ln.Sent) // a pending reply comes after every penalty
	tot := &c.l.Totals[r.Player]
	before := tot.Moves
	ln.Limit = c.l.Control.Limit(before + 1)
	if !ln.Pending {
		c.days(i, &ln)
		tot.Moves += r.Moves
		c.played[r.Player] += r.Moves + r.VariantMoves
	}
	if r.VariantMoves > 0 {
		ln.Notes = append(ln.Notes, Note{Kind: NoteVariantMoves, Clause: "6.3.5", Player: r.Player, N: r.VariantMoves})
	}
	tot.Days += ln.Days
	tot.Total += ln.Days
	ln.Total, ln.CountedMoves = tot.Total, tot.Moves
	c.l.add(ln, before)
	if c.resumable && !ln.Pending {
		c.mark(i, ln.Sent)
	}
}

// sent returns the date reply r is counted to: the postmark when the
// receiver corrected the total from it in the next reply, else the date
// written (6.3.1).
func (c *computation) sent(r Reply, ln *Line) Date {
	if r.Postmark.IsZero() || r.Postmark == r.Sent || r.Sent.IsZero() {
		return r.Sent
	}
	if r.Corrected {
		ln.Notes = append(ln.Notes, Note{Kind: NotePostmarkCorrected, Clause: "6.3.1", Player: r.Player, A: r.Sent, B: r.Postmark, Days: r.Postmark.Sub(r.Sent)})
		return r.Postmark
	}
	ln.Notes = append(ln.Notes, Note{Kind: NotePostmarkKept, Clause: "6.3.1", Player: r.Player, A: r.Sent, B: r.Postmark})
	return r.Sent
}

// days sets the days of a sent reply: none after the end of play (6.3.2),
// else the non-break days from the receipt (or the player's start) to the
// posting, with a note for each break that took days out (6.4.3).
func (c *computation) days(i int, ln *Line) {
	if end := c.t.End; !end.IsZero() && !ln.Received.Before(end) {
		ln.Notes = append(ln.Notes, Note{Kind: NoteEndOfPlay, Clause: "6.3.2", Player: ln.Player, A: end})
		return
	}
	after := c.l.after(ln.Player, ln.Received)
	ln.Days, ln.BreakDays = countDays(after, ln.Sent, c.l.breaks)
	if i == 0 && !ln.Sent.After(after) {
		ln.Notes = append(ln.Notes, Note{Kind: NoteFirstMoveFree, Clause: "6.3.2", Player: ln.Player})
	}
	for bi, s := range c.perBreak {
		if s.from.IsZero() {
			continue
		}
		if n := s.overlap(after, ln.Sent); n > 0 {
			ln.Notes = append(ln.Notes, Note{Kind: NoteBreakDays, Clause: "6.4.3", Player: c.l.Breaks[bi].Break.Player, A: s.from, B: s.to, Days: n})
		}
	}
}
