package corr

import (
	"fmt"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// recordReplies enters the letter into the ledger: the sender's reply ends
// on the postmark (a paper letter's posting postmark); replies played for
// the opponent (forced, variant) and further moves of the sender in the same
// letter cost no days; the side to move now starts thinking on the day the
// server received the letter and forwarded it.
func (a *applier) recordReplies(plies []Ply) {
	g := a.g
	day := a.obs.sent()
	pending := -1
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		pending = n - 1
	}
	run := func(i int) (int, int, draughts.Color, int) {
		side := g.ToMoveAt(len(g.Plies) - len(plies) + i)
		counted, variant, j := 0, 0, i
		for ; j < len(plies) && g.ToMoveAt(len(g.Plies)-len(plies)+j) == side; j++ {
			if plies[j].Variant && !plies[j].Forced {
				variant++
			} else {
				counted++
			}
		}
		return counted, variant, side, j
	}
	a.reply = len(g.Replies)
	if pending >= 0 {
		a.reply = pending
	}
	for i := 0; i < len(plies); {
		counted, variant, side, next := run(i)
		text := plies[i].Text
		if i == 0 && pending >= 0 && g.Replies[pending].Player == colour(side) {
			r := &g.Replies[pending]
			r.Sent, r.Moves, r.VariantMoves, r.Text = day, counted, variant, text
			if a.obs.paper() && pending > 0 {
				r.Received = a.paperReceipt(r.Received, day)
			}
			if r.Received.After(day) {
				r.Received = day // a first move sent before the start of play
			}
		} else {
			g.Replies = append(g.Replies, timecontrol.Reply{Player: colour(side), Received: day, Sent: day, Moves: counted, VariantMoves: variant, Text: text})
		}
		i = next
	}
	g.Replies = append(g.Replies, timecontrol.Reply{Player: colour(g.ToMove()), Received: a.obs.forwarded()})
}

// paperReceipt is the receipt date of the move a paper letter answers: the
// date its sender wrote (6.3.1: by the arrival postmark, which only they
// saw), if it lies between the day the server forwarded the move and the
// posting; else zero, and the ledger takes the average transit between the
// two players (6.3.3). A written date that cannot be is reported.
func (a *applier) paperReceipt(forwarded, posted timecontrol.Date) timecontrol.Date {
	wrote := a.l.Dates.Received
	switch {
	case wrote.IsZero():
		return timecontrol.Date{}
	case !wrote.Before(forwarded) && !wrote.After(posted):
		return wrote
	}
	a.note(letter.PaperReceiptImpossible(wrote, forwarded, posted))
	a.event("date-differs", "6.3.3", "received: wrote "+wrote.String()+", forwarded "+forwarded.String()+", posted "+posted.String())
	return timecontrol.Date{}
}

// ToMoveAt returns the side to move before ply i.
func (g Game) ToMoveAt(i int) draughts.Color {
	if i%2 == 0 {
		return draughts.White
	}
	return draughts.Black
}

// receivedDate is the day the sender received the move they answered.
func (a *applier) receivedDate() timecontrol.Date {
	if r := a.senderReply(); r != nil {
		return r.Received
	}
	return timecontrol.Date{}
}

// checkTime compares what the sender wrote with what the server saw: the
// three dates and the time fraction (6.3.1); the server's dates stand and
// the differences are reported. A second letter without the dates or the
// time costs 6 penalty days (6.3.3).
func (a *applier) checkTime() {
	g, side := a.g, a.side
	mine := a.senderReply()
	if mine == nil {
		return
	}
	d := a.l.Dates
	differs := func(field letter.DateField, what string, wrote, was timecontrol.Date) {
		if wrote.IsZero() || wrote == was {
			return
		}
		a.note(letter.DateDiffers(field, wrote, was))
		a.event("date-differs", "6.3.1", what+": wrote "+wrote.String()+", server "+was.String())
	}
	if prev := a.opponentSent(); !prev.IsZero() {
		differs(letter.DateOpponentSent, "opponent_sent", d.OpponentSent, prev)
	}
	if !a.obs.paper() { // a paper letter's receipt date is the sender's to write (recordReplies)
		differs(letter.DateReceived, "received", d.Received, mine.Received)
	}
	differs(letter.DateSent, "sent", d.Sent, mine.Sent)

	slipped := false
	for _, p := range a.l.Problems {
		if p.Kind == letter.KindMissingDates || p.Kind == letter.KindMissingTime {
			slipped = true
		}
	}
	if slipped {
		g.Slips[side]++
		if g.Slips[side] > 1 {
			ru, en := letter.DatesMissingAgainReason()
			g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(side), Days: PenaltyDays, Date: a.obs.Postmark, Clause: "6.3.3", Reason: ru, ReasonEn: en})
			a.note(letter.DatesMissingAgain(PenaltyDays))
			a.event("penalty", "6.3.3", fmt.Sprintf("%d days to %s", PenaltyDays, side))
		}
	}
	if a.l.Time != nil {
		led, err := a.ledger()
		if err != nil {
			return
		}
		w, b := led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total
		if a.l.Time.White != w || a.l.Time.Black != b {
			a.note(letter.TimeDiffers(*a.l.Time, letter.TimeFraction{White: w, Black: b}))
		}
	}
}

// senderReply returns the ledger reply this letter closed.
func (a *applier) senderReply() *timecontrol.Reply {
	if a.reply < len(a.g.Replies) && a.g.Replies[a.reply].Player == colour(a.side) && !a.g.Replies[a.reply].Sent.IsZero() {
		return &a.g.Replies[a.reply]
	}
	return nil
}

// opponentSent returns the posting date of the opponent's reply before the
// one this letter closed.
func (a *applier) opponentSent() timecontrol.Date {
	for i := a.reply - 1; i >= 0; i-- {
		if r := a.g.Replies[i]; r.Player != colour(a.side) {
			return r.Sent
		}
	}
	return timecontrol.Date{}
}
