package corr

import (
	"fmt"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// checkTime compares what the sender wrote with what the server saw: the
// three dates and the time fraction (6.3.1); the server's dates stand and
// the differences are reported. A second letter without the dates or the
// time costs 6 penalty days (6.3.3).
func (a *applier) checkTime() {
	g, side, lang := a.g, a.side, a.lang()
	mine := a.senderReply()
	if mine == nil {
		return
	}
	d := a.l.Dates
	differs := func(what string, wrote, was timecontrol.Date, ruWhat, enWhat string) {
		if wrote.IsZero() || wrote == was {
			return
		}
		a.problem("date-differs", "6.3.1", tr(lang,
			fmt.Sprintf("%s указана %s, по данным сервера %s; в графике стоит %s", ruWhat, wrote.Russian(), was.Russian(), was.Russian()),
			fmt.Sprintf("the %s is written %s, the server's record is %s; the ledger uses %s", enWhat, wrote.Russian(), was.Russian(), was.Russian())))
		a.event("date-differs", "6.3.1", what+": wrote "+wrote.String()+", server "+was.String())
	}
	if prev := a.opponentSent(); !prev.IsZero() {
		differs("opponent_sent", d.OpponentSent, prev, "дата отправления хода партнёром", "date your opponent sent the move")
	}
	if !a.obs.paper() { // a paper letter's receipt date is the sender's to write (recordReplies)
		differs("received", d.Received, mine.Received, "дата получения хода", "date you received the move")
	}
	differs("sent", d.Sent, mine.Sent, "дата отправления ответа", "date you sent your reply")

	slipped := false
	for _, p := range a.l.Problems {
		if p.Kind == letter.KindMissingDates || p.Kind == letter.KindMissingTime {
			slipped = true
		}
	}
	if slipped {
		g.Slips[side]++
		if g.Slips[side] > 1 {
			ru, en := "повторно не указаны три даты или суммарное время", "the three dates or the time are missing again"
			reason := tr(lang, ru, en)
			g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(side), Days: PenaltyDays, Date: a.obs.Postmark, Clause: "6.3.3", Reason: ru, ReasonEn: en})
			a.problem("penalty", "6.3.3", tr(lang, fmt.Sprintf("%s: начислено %d штрафных дней", reason, PenaltyDays), fmt.Sprintf("%s: %d penalty days are charged", reason, PenaltyDays)))
			a.event("penalty", "6.3.3", fmt.Sprintf("%d days to %s", PenaltyDays, side))
		}
	}
	if a.l.Time != nil {
		led, err := a.s.Ledger(*g)
		if err != nil {
			return
		}
		w, b := led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total
		if a.l.Time.White != w || a.l.Time.Black != b {
			a.problem("time-differs", "6.3.1", tr(lang,
				fmt.Sprintf("суммарное время указано %d/%d, по графику %d/%d", a.l.Time.White, a.l.Time.Black, w, b),
				fmt.Sprintf("the time is written %d/%d, the ledger says %d/%d", a.l.Time.White, a.l.Time.Black, w, b)))
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
