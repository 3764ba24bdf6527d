package corr

import (
	"fmt"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// announceBreak validates a break announced "беру перерыв с ... по ..."
// (6.4.1-6.4.3), enters it in every game of the player, and tells every
// opponent with an unfinished game and the secretary (6.4.2).
func (a *applier) announceBreak() {
	b := a.l.Break
	pb := PlayerBreak{Player: a.from.Number, From: b.From, To: b.To, Announced: a.obs.Postmark}
	var bs []timecontrol.Break
	for _, x := range a.s.Breaks {
		if x.Player == a.from.Number {
			bs = append(bs, timecontrol.Break{Player: timecontrol.White, From: x.From, To: x.To, Announced: x.Announced, Granted: x.Granted})
		}
	}
	bs = append(bs, timecontrol.Break{Player: timecontrol.White, From: b.From, To: b.To, Announced: a.obs.Postmark})
	v := timecontrol.ValidateBreaks(bs)[len(bs)-1]
	var notes []string
	for _, n := range v.Notes {
		notes = append(notes, n.Format(a.lang().Ledger()))
		a.problem("break-"+breakNoteKind(n.Kind), n.Clause, n.Format(a.lang().Ledger()))
	}
	late := !a.obs.Postmark.Before(b.From)
	if late {
		p := letter.BreakAnnouncedLate(a.obs.Postmark, b.From)
		a.note(p)
		notes = append(notes, p.Message(a.lang()))
	}
	if !v.Counts() {
		a.event("break-refused", "6.4.1", fmt.Sprintf("player %d: %s..%s", pb.Player, b.From, b.To))
		a.answer("notice", letter.BreakNotCounted{Envelope: a.s.envelope(a.from.Number, a.g), From: b.From, To: b.To, Notes: notes}.Render())
		return
	}
	if v.To != b.To {
		pb.To = v.To // only its first 30 days count (6.4.1)
	}
	a.s.Breaks = append(a.s.Breaks, pb)
	a.event("break", "6.4.2", fmt.Sprintf("player %d: %s..%s announced %s", pb.Player, pb.From, pb.To, pb.Announced))
	a.answer("notice", letter.BreakAccepted{Envelope: a.s.envelope(a.from.Number, a.g), From: pb.From, To: pb.To, Notes: notes}.Render())
	for i := range a.s.Games {
		g := a.s.Games[i]
		side, ok := g.SideOf(a.from.Number)
		if !ok || g.Status == Finished {
			continue
		}
		opp := g.Number(side.Opponent())
		n := letter.BreakNotice{Envelope: a.s.envelope(opp, g), Player: a.from.Name, From: pb.From, To: pb.To}
		if late {
			n.Effective = a.obs.Postmark
		}
		a.out.Out = append(a.out.Out, a.s.rendered(opp, g, "break", n.Render()))
	}
	a.out.Out = append(a.out.Out, a.s.rendered(0, nil, "break", letter.BreakNotice{Envelope: a.s.envelope(0, nil),
		Player: a.from.Name, From: pb.From, To: pb.To, Secretary: true}.Render()))
}

// breakNoteKind names a break verdict's note for the problem list.
func breakNoteKind(k timecontrol.NoteKind) string {
	switch k {
	case timecontrol.NoteBreakTooLong:
		return "too-long"
	case timecontrol.NoteBreakSecondInYear:
		return "second-in-year"
	case timecontrol.NoteBreakDatesDiffer:
		return "dates-differ"
	case timecontrol.NoteBreakLate:
		return "late"
	}
	return "note"
}
