package corr

import (
	"cmp"
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
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
	who := a.s.sideNames(g, a.side)
	a.finish(resultFor(a.side.Opponent()), "2.1.8", a.side.String()+" resigned", [2]string{who[0] + " сдались", who[1] + " resigned"})
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
	a.finish("1/2-1/2", "2.1.9.1.1", "draw agreed", [2]string{"ничья по соглашению", "draw by agreement"})
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
	for i := range a.s.Games {
		g := &a.s.Games[i]
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

// sendLedger answers a request for the time ledger with the table of
// 6.3.6 in the sender's language, as it stands after this letter.
func (a *applier) sendLedger() {
	lang, tl := timecontrol.Russian, letter.Russian
	if a.lang() == letter.English {
		lang, tl = timecontrol.English, letter.English
	}
	table := ""
	if led, err := a.s.Ledger(*a.g); err != nil {
		sec := a.s.Tournament.Secretary.Email
		table = tr(tl, "График не удалось вычислить ("+err.Error()+"); пожалуйста, напишите секретарю турнира ("+sec+").",
			"The ledger could not be computed ("+err.Error()+"); please write to the tournament secretary ("+sec+").")
	} else {
		table = led.Render(lang, a.obs.Postmark)
	}
	a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, a.g, "ledger", a.obs.MessageID, "график времени", "time ledger",
		"Партия "+a.g.Code+".\n\n"+table, "Game "+a.g.Code+".\n\n"+table))
}

// forward sends the sender's moves to the opponent as a move letter with
// every item of 6.2.3 (corr/letter renders it, and reads it back), and
// confirms them to the sender, with the dates and the time as the server
// counts them. known is how many plies the sender knew before this letter.
func (a *applier) forward(first, known int, claimed bool) {
	g, side := a.g, a.side
	opp := g.Number(side.Opponent())
	v := a.s.Tournament.DraughtsVariant()
	led, err := a.s.Ledger(*g)
	var frac *letter.TimeFraction
	if err == nil {
		w, b := led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total
		frac = &letter.TimeFraction{White: w, Black: b}
	}
	fwd := letter.Letter{
		Repeated: a.lettered(known, first),
		Moves:    a.lettered(first, len(g.Plies)),
		Dates:    letter.Dates{OpponentSent: a.opponentSent(), Received: a.receivedDate(), Sent: a.obs.sent()},
		Time:     frac,
	}
	pos := g.Position(v)
	for _, pv := range g.Variants {
		if pv.By == side {
			fwd.Variants = append(fwd.Variants, letter.Variant{Label: pv.Label, Moves: letterMoves(pos, len(g.Plies), pv.Line)})
		}
	}
	switch {
	case g.Draw != nil && g.Draw.By == side:
		fwd.Draw = letter.DrawOffer
	case a.declined:
		fwd.Draw = letter.DrawDecline
	}
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
	if a.reply < len(g.Replies) {
		// The penalty days charged to the sender while they thought about
		// this move, with what for: the opponent sees them in the time
		// (6.2.11, «с указанием, за что именно»).
		since := g.Replies[a.reply].Received
		for _, p := range g.Penalties {
			if p.Player != colour(side) || p.Date.Before(since) {
				continue
			}
			en := cmp.Or(p.ReasonEn, p.Reason)
			extraRu = append(extraRu, fmt.Sprintf("партнёру начислено %d %s (п. %s): %s", p.Days, timecontrol.RussianPlural(p.Days, "штрафной день", "штрафных дня", "штрафных дней"), p.Clause, p.Reason))
			extraEn = append(extraEn, fmt.Sprintf("your opponent is charged %d penalty days (clause %s): %s", p.Days, p.Clause, en))
		}
	}
	// own ends before the replies the opponent's variant gave to the last
	// of the sender's moves: then the sender is on move again (6.2.13).
	own := len(g.Plies)
	for own > first && g.Plies[own-1].Variant {
		own--
	}
	if own < len(g.Plies) {
		extraRu = append(extraRu, "ход снова за партнёром; ждите его ответа")
		extraEn = append(extraEn, "it is your opponent's move again; wait for their reply")
	}
	forwarded := g.Status != Suspended || claimed
	if forwarded {
		l := a.s.lang(opp)
		mover, _ := a.s.Tournament.Player(g.Number(side))
		to, _ := a.s.Tournament.Player(opp)
		msg := letter.Forward{Envelope: letter.Envelope{Lang: l, Cipher: a.s.Tournament.Cipher, White: g.White, Black: g.Black, To: to.Name},
			From: mover.Name, Letter: fwd}.Render()
		body := msg.Body
		if len(extraRu) > 0 {
			body += "\n" + tr(l, "Примечания сервера:\n", "Server's notes:\n") + "- " + strings.Join(pick(l, extraRu, extraEn), "\n- ") + "\n"
		}
		a.out.Out = append(a.out.Out, Outgoing{To: to.Email, Kind: "forward", Game: g.Code, Subject: msg.Subject, Body: body})
	}
	if a.from.Number == 0 {
		return // a move forwarded by the judge's ruling: nobody to confirm to
	}
	r := letter.Receipt{Envelope: a.s.envelope(a.from.Number, g), Forwarded: forwarded, Moves: a.lettered(first, own), Replies: a.lettered(own, len(g.Plies)), Draw: fwd.Draw, Variants: fwd.Variants,
		Problems: a.receiptProblems(), On: a.obs.Postmark, Time: frac}
	o := a.s.rendered(a.from.Number, g, "confirmation", r.Render())
	o.InReplyTo = a.obs.MessageID
	a.out.Out = append(a.out.Out, o)
}

// receiptProblems are the problems the sender is told of in the receipt:
// the reader's, with their lines (those not forwarded among them, 6.2.6),
// then the referee's own, each citing its clause.
func (a *applier) receiptProblems() []letter.Problem {
	var ps []letter.Problem
	read := map[string]bool{}
	for _, p := range a.l.Problems {
		if !p.IsNote() {
			ps = append(ps, p)
			read[string(p.Kind)] = true
		}
	}
	for _, p := range a.out.Problems {
		if read[p.Kind] {
			continue
		}
		text := p.Text
		if p.Clause != "" && !strings.Contains(text, p.Clause) {
			text += tr(a.lang(), " (п. "+p.Clause+")", " ("+p.Clause+")")
		}
		ps = append(ps, letter.Problem{Kind: letter.Kind(p.Kind), Clause: p.Clause, Ru: text, En: text})
	}
	return ps
}

// pick returns the list in language l.
func pick(l letter.Lang, ru, en []string) []string {
	if l == letter.English {
		return en
	}
	return ru
}

// lettered writes plies [from, to) of the game as a letter's moves.
func (a *applier) lettered(from, to int) []letter.Move {
	var out []letter.Move
	for i := from; i < to; i++ {
		p := a.g.Plies[i]
		mt, err := draughts.ParseMoveText(p.Text)
		if err != nil {
			continue // the engine's own notation always reads
		}
		out = append(out, letter.Move{Number: i/2 + 1, Black: i%2 == 1, Text: mt, Forced: p.Forced})
	}
	return out
}

// letterMoves writes a line of moves from pos (ply ply of the game) as a letter's moves.
func letterMoves(pos draughts.Position, ply int, line []draughts.Move) []letter.Move {
	var out []letter.Move
	for _, m := range line {
		mt, err := draughts.ParseMoveText(pos.Written(m))
		if err != nil {
			break
		}
		out = append(out, letter.Move{Number: ply/2 + 1, Black: ply%2 == 1, Text: mt})
		pos = pos.Play(m)
		ply++
	}
	return out
}

// receivedDate is the day the sender received the move they answered.
func (a *applier) receivedDate() timecontrol.Date {
	if r := a.senderReply(); r != nil {
		return r.Received
	}
	return timecontrol.Date{}
}

// timecontrolLang is the ledger's language for a letter language.
func timecontrolLang(l letter.Lang) timecontrol.Lang {
	if l == letter.English {
		return timecontrol.English
	}
	return timecontrol.Russian
}

// protest sends a player's protest to the judge with the game's record and
// ledger (6.1.12, 6.3.8) and tells the sender; the ruling is the judge's.
func (a *applier) protest() {
	g := a.g
	// Against a pending overstep claim it is the protest of 6.3.8; after
	// the judge's ruling, a protest against a decision (6.1.12), due within
	// ten days of receiving it (the server's ruling arrives the day it is
	// sent).
	clause, matterRu, lateRu, lateEn := "6.1.12", "", "", ""
	c := lastOf(g.Claims)
	if c != nil && c.Status == ClaimPending {
		clause = "6.3.8"
	}
	if c != nil && c.Status != ClaimPending {
		matterRu = fmt.Sprintf(" на решение судьи от %s по заявлению %d о просрочке (%s)", c.Ruled.Russian(), c.Seq, c.Status.Russian())
		if due := c.Appeal.Due; a.obs.Postmark.After(due) {
			lateRu = fmt.Sprintf(" Протест подан после срока: решение судьи получено %s, протестовать можно было до %s включительно (п. 6.1.12).", c.Ruled.Russian(), due.Russian())
			lateEn = fmt.Sprintf(" The protest comes after the time allowed: the ruling was received on %s, and the last day was %s (clause 6.1.12).", c.Ruled.Russian(), due.Russian())
		}
	}
	a.event("protest", clause, a.l.Protest)
	a.claimProtest()
	a.out.Out = append(a.out.Out,
		a.s.official(a.s.Tournament.Judge, g, "protest", fmt.Sprintf("протест игрока №%d", a.from.Number),
			fmt.Sprintf("Протест игрока №%d (%s)%s по партии %s, получен %s (п. %s).%s\n\n%s\n\nЗапись партии: %s\n\nГрафик времени:\n%s",
				a.from.Number, a.from.Name, matterRu, g.Code, a.obs.Postmark.Russian(), clause, strings.ToUpper(lateRu), a.l.Protest, moveList(g, 0), a.s.ledgerText(g, a.obs.Postmark))),
		a.protestReceipt(clause, matterRu != "", lateRu, lateEn))
}

// protestReceipt tells the sender where his protest went: one against the
// judge's ruling is decided by the organiser, finally (6.1.12); any other
// by the judge.
func (a *applier) protestReceipt(clause string, againstRuling bool, lateRu, lateEn string) Outgoing {
	judge := a.s.Tournament.Judge.Email
	if againstRuling {
		return a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "протест передан организации", "protest sent to the organiser",
			"Ваш протест на решение судьи передан организации, проводящей соревнование (копия — судье, "+judge+", и секретарю); её решение окончательное и будет направлено обоим партнёрам и секретарю (п. 6.1.12)."+lateRu,
			"Your protest against the judge's ruling has been passed to the organiser (copies to the judge, "+judge+", and the secretary); its decision is final and goes to both players and the secretary (clause 6.1.12)."+lateEn)
	}
	return a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "протест передан судье", "protest sent to the judge",
		"Ваш протест передан судье ("+judge+"); решение судья направит обоим партнёрам и секретарю (п. "+clause+")."+lateRu,
		"Your protest has been sent to the judge ("+judge+"); the judge sends the ruling to both players and the secretary (clause "+clause+")."+lateEn)
}

// lastOf returns the latest of claims, or nil.
func lastOf(claims []Claim) *Claim {
	if len(claims) == 0 {
		return nil
	}
	return &claims[len(claims)-1]
}

// onMove says whose move it is in the sender's game, in Russian and English.
func (a *applier) onMove() (ru, en string) {
	if a.g.ToMove() == a.side {
		return "Ход за вами.", "It is your move."
	}
	return "Ход за партнёром.", "It is your opponent's move."
}

// drawWithoutMove passes on a draw offer or a refusal sent without a move.
func (a *applier) drawWithoutMove() {
	g, side := a.g, a.side
	opp := g.Number(side.Opponent())
	switch a.l.Draw {
	case letter.DrawOffer:
		before := len(a.out.Problems)
		a.offerDraw()
		if len(a.out.Problems) > before {
			return // a repeated offer is not passed on (2.1.9.3)
		}
		ru, en := a.onMove()
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "notice", "", "предложение ничьей", "draw offer",
			"Партнёр предлагает ничью в партии "+g.Code+". Чтобы принять, напишите «согласен на ничью»; ваш ход без согласия означает отказ.",
			"Your opponent offers a draw in game "+g.Code+". To accept, write \"I accept the draw\"; a move without accepting declines it."),
			a.s.notice(a.from.Number, g, "confirmation", a.obs.MessageID, "предложение ничьей передано", "draw offer passed on",
				"Ваше предложение ничьей в партии "+g.Code+" передано партнёру (п. 2.1.9.3). "+ru,
				"Your draw offer in game "+g.Code+" has been passed on to your opponent (clause 2.1.9.3). "+en))
	case letter.DrawAccept:
		// A standing offer was accepted before; here none stands (2.1.9.3).
		a.event("draw-accept-without-offer", "2.1.9.3", side.String())
		ru, en := a.onMove()
		a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, g, "notice", a.obs.MessageID, "предложения ничьей нет", "no draw offer stands",
			"В партии "+g.Code+" сейчас нет предложения ничьей партнёра (предложение действует до следующего письма партнёра, п. 2.1.9.3); ваше согласие не учтено, партия продолжается. "+ru,
			"In game "+g.Code+" your opponent has no draw offer standing (an offer stands until the opponent's next letter, clause 2.1.9.3); your acceptance is not taken, and the game goes on. "+en))
	case letter.DrawDecline:
		if g.Draw == nil || g.Draw.By == side {
			return
		}
		g.Draw = nil
		a.event("draw-declined", "2.1.9", side.String())
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "notice", "", "ничья отклонена", "draw declined",
			"Партнёр отклонил предложение ничьей в партии "+g.Code+".", "Your opponent declined the draw offer in game "+g.Code+"."))
	}
}

// Decide records in game code a result decided off the board: the judge's
// adjudication (6.5.5) or the organiser's decision on a protest (6.5.7).
// The game is finished with that result, so it reads the same in the
// record, the table and every report. It reports whether anything changed;
// s is not changed.
func (s State) Decide(code, result string) (State, bool) {
	g := s.game(code)
	if g == nil || g.Status == Finished && g.Result == result {
		return s, false
	}
	s = s.clone()
	g = s.game(code)
	if g.transition(Finished) != nil {
		return s, false
	}
	g.Result = result
	g.Draw, g.Variants = nil, nil
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		g.Replies = g.Replies[:n-1] // nobody is on move in a finished game
	}
	return s, true
}
