package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// resign ends the game by the sender's resignation.
func (a *applier) resign() {
	g := a.g
	if g.Status == Finished {
		a.refuse("game-over", "6.5.1", fmt.Sprintf("партия %s уже окончена (%s)", g.Code, g.Result), fmt.Sprintf("game %s is already over (%s)", g.Code, g.Result))
		return
	}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.finish(resultFor(a.side.Opponent()), "2.1.8", a.side.String()+" resigned")
}

// acceptDraw ends the game by agreement (2.1.9.1.1): the sender accepts the
// opponent's standing offer; it may be done after the end of play (6.3.2).
func (a *applier) acceptDraw() {
	g := a.g
	if g.Status == Suspended {
		a.refuse("suspended", "6.3.6", "партия приостановлена до решения судьи", "the game is suspended until the judge rules")
		return
	}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.finish("1/2-1/2", "2.1.9.1.1", "draw agreed")
}

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
	lang := a.lang()
	var notes []string
	for _, n := range v.Notes {
		notes = append(notes, n.Format(timecontrolLang(lang)))
		a.problem("break-"+breakNoteKind(n.Kind), n.Clause, n.Format(timecontrolLang(lang)))
	}
	late := !a.obs.Postmark.Before(b.From)
	if late {
		msg := tr(lang, fmt.Sprintf("перерыв объявлен %s, после его начала %s: он засчитывается со дня объявления", a.obs.Postmark.Russian(), b.From.Russian()),
			fmt.Sprintf("the break was announced on %s, after its first day %s: it counts from the announcement", a.obs.Postmark.Russian(), b.From.Russian()))
		a.problem("break-late", "6.4.2", msg)
		notes = append(notes, msg)
	}
	if !v.Counts() {
		a.event("break-refused", "6.4.1", fmt.Sprintf("player %d: %s..%s", pb.Player, b.From, b.To))
		a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "перерыв не засчитан", "break not counted",
			"Перерыв с "+b.From.Russian()+" по "+b.To.Russian()+" не засчитан: "+strings.Join(notes, "; "),
			"The break from "+b.From.Russian()+" to "+b.To.Russian()+" does not count: "+strings.Join(notes, "; ")))
		return
	}
	if v.To != b.To {
		pb.To = v.To // only its first 30 days count (6.4.1)
	}
	a.s.Breaks = append(a.s.Breaks, pb)
	a.event("break", "6.4.2", fmt.Sprintf("player %d: %s..%s announced %s", pb.Player, pb.From, pb.To, pb.Announced))
	extra := ""
	if len(notes) > 0 {
		extra = "\n" + strings.Join(notes, "\n")
	}
	a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "перерыв принят", "break accepted",
		"Перерыв с "+pb.From.Russian()+" по "+pb.To.Russian()+" принят и сообщён всем партнёрам и секретарю (п. 6.4.2)."+extra,
		"The break from "+pb.From.Russian()+" to "+pb.To.Russian()+" is accepted and announced to all your opponents and the secretary (clause 6.4.2)."+extra))
	name := a.from.Name
	for i := range a.s.Games {
		g := &a.s.Games[i]
		side, ok := g.SideOf(a.from.Number)
		if !ok || g.Status == Finished {
			continue
		}
		opp := g.Number(side.Opponent())
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "break", "", "перерыв партнёра", "your opponent's break",
			fmt.Sprintf("Ваш партнёр %s берёт перерыв с %s по %s (п. 6.4). Дни перерыва не включаются в обдумывание ни одному из вас.", name, pb.From.Russian(), pb.To.Russian()),
			fmt.Sprintf("Your opponent %s takes a break from %s to %s (clause 6.4). The break days count for neither of you.", name, pb.From.Russian(), pb.To.Russian())))
	}
	a.out.Out = append(a.out.Out, a.s.official(a.s.Tournament.Secretary, nil, "break", "перерыв игрока",
		fmt.Sprintf("Игрок №%d (%s) берёт перерыв с %s по %s, объявлен %s.%s", pb.Player, name, pb.From.Russian(), pb.To.Russian(), pb.Announced.Russian(), extra)))
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

// sendLedger answers a request for the time ledger.
func (a *applier) sendLedger() {
	a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, a.g, "ledger", a.obs.MessageID, "график времени", "time ledger",
		"График времени партии "+a.g.Code+":\n\n"+a.s.ledgerText(a.g), "Time ledger of game "+a.g.Code+":\n\n"+a.s.ledgerText(a.g)))
}

// forward sends the sender's moves to the opponent and confirms them to the
// sender, with the dates and the time as the server counts them.
func (a *applier) forward(first int, claimed bool) {
	g, side := a.g, a.side
	opp := g.Number(side.Opponent())
	led, err := a.s.Ledger(*g)
	times := ""
	if err == nil {
		times = fmt.Sprintf("%d/%d", led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total)
	}
	moves := moveList(g, first)
	dates := fmt.Sprintf("%s / %s / %s", a.opponentSent().Russian(), a.receivedDate().Russian(), a.obs.Postmark.Russian())
	var extraRu, extraEn []string
	for _, p := range g.Plies[first:] {
		if p.Variant {
			extraRu = append(extraRu, "по вашему варианту сделан ход "+p.Text+" (п. 6.2.13)")
			extraEn = append(extraEn, "your variant played "+p.Text+" (clause 6.2.13)")
		}
		if p.Corrected {
			extraRu = append(extraRu, "невозможный ход партнёра заменён единственным ходом шашки "+p.Text+" (п. 6.2.10)")
			extraEn = append(extraEn, "your opponent's impossible move was replaced by the piece's single move "+p.Text+" (clause 6.2.10)")
		}
	}
	for _, pv := range g.Variants {
		if pv.By == side {
			extraRu = append(extraRu, "партнёр предлагает вариант "+pv.Label+": "+a.variantText(pv))
			extraEn = append(extraEn, "your opponent proposes variant "+pv.Label+": "+a.variantText(pv))
		}
	}
	if g.Draw != nil && g.Draw.By == side {
		extraRu = append(extraRu, "партнёр предлагает ничью")
		extraEn = append(extraEn, "your opponent offers a draw")
	}
	join := func(xs []string) string {
		if len(xs) == 0 {
			return ""
		}
		return "\n" + strings.Join(xs, "\n")
	}
	if g.Status != Suspended || claimed {
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "forward", "", "ход партнёра", "your opponent's move",
			fmt.Sprintf("Ход партнёра: %s%s\nДаты: %s\nВремя (белые/чёрные): %s", moves, join(extraRu), dates, times),
			fmt.Sprintf("Your opponent's move: %s%s\nDates: %s\nTime (White/Black): %s", moves, join(extraEn), dates, times)))
	}
	l := a.lang()
	a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, g, "confirmation", a.obs.MessageID, "ход принят", "move accepted",
		fmt.Sprintf("Ваш ход %s принят и отправлен партнёру %s.\nВремя (белые/чёрные): %s", moves, a.obs.Postmark.Russian(), times)+problemLines(l, a.out.Problems),
		fmt.Sprintf("Your move %s is accepted and forwarded to your opponent on %s.\nTime (White/Black): %s", moves, a.obs.Postmark.Russian(), times)+problemLines(l, a.out.Problems)))
}

// receivedDate is the day the sender received the move they answered.
func (a *applier) receivedDate() timecontrol.Date {
	if r := a.senderReply(); r != nil {
		return r.Received
	}
	return timecontrol.Date{}
}

// variantText writes a proposed variant's moves from the current position.
func (a *applier) variantText(pv ProposedVariant) string {
	p := a.g.Position(a.s.Tournament.DraughtsVariant())
	var ts []string
	for _, m := range pv.Line {
		ts = append(ts, p.Notation(m))
		p = p.Play(m)
	}
	return strings.Join(ts, " ")
}

// timecontrolLang is the ledger's language for a letter language.
func timecontrolLang(l letter.Lang) timecontrol.Lang {
	if l == letter.English {
		return timecontrol.English
	}
	return timecontrol.Russian
}
