package timecontrol

import "sort"

// LineKind tells a reply line from a penalty line.
type LineKind int8

// The kinds of ledger line.
const (
	ReplyLine   LineKind = iota + 1 // a move letter
	PenaltyLine                     // penalty days charged on a date
)

// Line is one line of the day ledger (график времени, 6.3.6): a reply or a
// penalty, with the player's running figures after it and the reasons.
type Line struct {
	Kind LineKind
	// Index is the 1-based number of the reply or penalty in the timeline.
	Index  int
	Player Color
	// Received and Sent are the dates the days were counted between:
	// estimated, corrected or moved as the notes say. A penalty line has
	// only Sent, the day it was charged.
	Received, Sent Date
	// Move is the game move number of the reply's first move; 0 on a penalty.
	Move int
	// Text is the move as written, if the timeline gives it.
	Text string
	// Days is what this line adds to the player's total.
	Days int
	// BreakDays is how many days breaks removed from this reply.
	BreakDays int
	// Total and CountedMoves are the player's figures after this line.
	Total, CountedMoves int
	// Limit is the most days allowed at this line (6.3.5): for the counted
	// move being made, k+1 where k moves were counted before.
	Limit int
	// Pending marks the last reply when not yet sent: the player is thinking.
	Pending bool
	// Notes explain every decision taken on this line.
	Notes []Note
}

// Totals are a player's figures at the end of the ledger.
type Totals struct {
	Days        int // days of thinking
	PenaltyDays int
	Total       int // Days + PenaltyDays
	Moves       int // counted moves
}

// Overstep is the verdict of 6.3.5: the first line at which a player's
// total exceeds the limit of the move they were making.
type Overstep struct {
	Player Color
	Move   int // the counted move (k+1) the limit was for
	Total  int
	Limit  int
	Date   Date // the day the reply was sent or the penalty charged
	Line   int  // index into Ledger.Lines
}

// Ledger is the computed day ledger of a game.
type Ledger struct {
	// Names are the players' names, indexed by Color; Start and End are the
	// dates of play, as in the Timeline.
	Names      [2]string
	Start, End Date
	Control    Control // with the standard values filled in
	Lines      []Line
	Totals     [2]Totals
	// Breaks are the verdicts on the timeline's breaks, in its order.
	Breaks []BreakVerdict
	// Overstep is nil when neither player has overstepped.
	Overstep *Overstep
	// OnMove is the player who must answer next and their clock.
	OnMove OnMove

	breaks []span // the game's break days, disjoint
	start  [2]Date
}

// Compute checks t and computes its ledger. The returned error is Errors,
// listing every problem with the field and the rule.
func Compute(t Timeline) (Ledger, error) {
	if err := t.Validate(); err != nil {
		return Ledger{}, err
	}
	l := Ledger{Names: [2]string{t.White, t.Black}, Start: t.Start, End: t.End, Control: t.Control.norm()}
	var startNotes [2][]Note
	for _, p := range []Color{White, Black} {
		l.start[p] = t.Start
		if got := t.StartListReceived[p]; got.After(t.Start) {
			l.start[p] = got.AddDays(1)
			startNotes[p] = []Note{{Kind: NoteLateStartList, Clause: "6.3.2", Player: p, A: got}}
		}
	}
	var perBreak []span
	l.Breaks = ValidateBreaks(t.Breaks)
	for i := range l.Breaks {
		if s, ok := l.Breaks[i].inGame(); ok {
			perBreak = append(perBreak, s)
		} else {
			perBreak = append(perBreak, span{})
		}
	}
	l.breaks = union(nonEmpty(perBreak))

	pens := make([]int, len(t.Penalties))
	for i := range pens {
		pens[i] = i
	}
	sort.SliceStable(pens, func(a, b int) bool { return t.Penalties[pens[a]].Date.Before(t.Penalties[pens[b]].Date) })
	penalty := func(i int) {
		p := t.Penalties[i]
		tot := &l.Totals[p.Player]
		tot.PenaltyDays += p.Days
		tot.Total += p.Days
		l.add(Line{Kind: PenaltyLine, Index: i + 1, Player: p.Player, Sent: p.Date, Days: p.Days,
			Total: tot.Total, CountedMoves: tot.Moves, Limit: l.Control.Limit(tot.Moves + 1),
			Notes: []Note{{Kind: NotePenalty, Clause: p.Clause, Player: p.Player, Days: p.Days, A: p.Date, Text: p.Reason}}}, tot.Moves)
	}

	var played [2]int
	for i, r := range t.Replies {
		ln := Line{Kind: ReplyLine, Index: i + 1, Player: r.Player, Move: played[r.Player] + 1, Text: r.Text}
		ln.Notes = append(ln.Notes, startNotes[r.Player]...)
		startNotes[r.Player] = nil
		ln.Received = l.received(t, i, &ln)
		ln.Sent = r.Sent
		if !r.Postmark.IsZero() && r.Postmark != r.Sent && !r.Sent.IsZero() {
			if r.Corrected {
				ln.Sent = r.Postmark
				ln.Notes = append(ln.Notes, Note{Kind: NotePostmarkCorrected, Clause: "6.3.1", Player: r.Player, A: r.Sent, B: r.Postmark, Days: r.Postmark.Sub(r.Sent)})
			} else {
				ln.Notes = append(ln.Notes, Note{Kind: NotePostmarkKept, Clause: "6.3.1", Player: r.Player, A: r.Sent, B: r.Postmark})
			}
		}
		// A penalty joins the total on its date, after the letters posted
		// that day: it is charged in one of them.
		for len(pens) > 0 && !ln.Sent.IsZero() && t.Penalties[pens[0]].Date.Before(ln.Sent) {
			penalty(pens[0])
			pens = pens[1:]
		}
		if ln.Sent.IsZero() {
			for _, pi := range pens {
				penalty(pi)
			}
			pens = nil
		}
		tot := &l.Totals[r.Player]
		before := tot.Moves
		ln.Limit = l.Control.Limit(before + 1)
		after := l.after(r.Player, ln.Received)
		switch {
		case ln.Sent.IsZero():
			ln.Pending = true
		case !t.End.IsZero() && !ln.Received.Before(t.End):
			ln.Notes = append(ln.Notes, Note{Kind: NoteEndOfPlay, Clause: "6.3.2", Player: r.Player, A: t.End})
		default:
			ln.Days, ln.BreakDays = countDays(after, ln.Sent, l.breaks)
			if i == 0 && !ln.Sent.After(after) {
				ln.Notes = append(ln.Notes, Note{Kind: NoteFirstMoveFree, Clause: "6.3.2", Player: r.Player})
			}
			for bi, s := range perBreak {
				if n := s.overlap(after, ln.Sent); n > 0 && !s.from.IsZero() {
					b := l.Breaks[bi].Break
					ln.Notes = append(ln.Notes, Note{Kind: NoteBreakDays, Clause: "6.4.3", Player: b.Player, A: s.from, B: s.to, Days: n})
				}
			}
		}
		if !ln.Pending {
			tot.Moves += r.Moves
			played[r.Player] += r.Moves + r.VariantMoves
		}
		if r.VariantMoves > 0 {
			ln.Notes = append(ln.Notes, Note{Kind: NoteVariantMoves, Clause: "6.3.5", Player: r.Player, N: r.VariantMoves})
		}
		tot.Days += ln.Days
		tot.Total += ln.Days
		ln.Total, ln.CountedMoves = tot.Total, tot.Moves
		l.add(ln, before)
	}
	for _, pi := range pens {
		penalty(pi)
	}
	l.OnMove = l.onMove(t)
	return l, nil
}

// add appends ln, giving the overstep verdict if ln is the first line whose
// total exceeds its limit (6.3.5). A pending reply has not been sent, so it
// cannot overstep yet: OnMove gives the date it would.
// before is the player's counted moves before the line.
func (l *Ledger) add(ln Line, before int) {
	if l.Overstep == nil && !ln.Pending && ln.Total > ln.Limit {
		l.Overstep = &Overstep{Player: ln.Player, Move: before + 1, Total: ln.Total, Limit: ln.Limit, Date: ln.Sent, Line: len(l.Lines)}
		ln.Notes = append(ln.Notes, Note{Kind: NoteOverstep, Clause: "6.3.5", Player: ln.Player, Days: ln.Total, N: ln.Limit, M: l.Overstep.Move})
	}
	l.Lines = append(l.Lines, ln)
}

// after returns the day after which a player's days run for a move received
// on received: the receipt, or the player's own start when later (6.3.2).
func (l *Ledger) after(p Color, received Date) Date {
	if l.start[p].After(received) {
		return l.start[p]
	}
	return received
}

func nonEmpty(ss []span) []span {
	var out []span
	for _, s := range ss {
		if !s.from.IsZero() {
			out = append(out, s)
		}
	}
	return out
}
