package adjudication

import (
	"errors"
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// JudgeAnswer applies the judge's letter, received on day, to the game
// code names (the letter's thread or subject; "" when neither names one:
// then the only game waiting for the judge): an overstep ruling (6.3.7), a
// decision on a protest (6.3.8) or an adjudication (6.5.5). It returns the
// new desk and referee state and the letters: the ruling's letters, and
// the judge's confirmation. An answer the desk cannot act on is not an
// error: the judge is told what to write.
func (d Desk) JudgeAnswer(s corr.State, code, text string, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	judge := s.Tournament.Judge
	refuse := func(why string) (Desk, corr.State, corr.Outcome, error) {
		g, _ := s.Game(code)
		o := toOfficial(s, judge, g, "judge-refusal", "ответ судьи не принят", "Ваше письмо не принято: "+why+"\nОтветьте на письмо с материалами партии; нужная строка указана в нём.")
		if g.Code == "" {
			o.Subject = s.Tournament.Cipher + ": ответ судьи не принят"
		}
		return d, s, corr.Outcome{Accepted: false, Reason: why, Game: g.Code, Out: []corr.Outgoing{o},
			Problems: []corr.Problem{{Kind: "judge-answer", Clause: "6.3.7", Text: why}}}, nil
	}
	reply, err := ParseJudgeReply(text)
	if err != nil {
		return refuse(strings.TrimPrefix(err.Error(), "adjudication: "))
	}
	if code == "" {
		code = d.onlyWaiting(s, reply.Verdict)
	}
	g, ok := s.Game(code)
	if !ok {
		return refuse("не удалось определить партию: ответьте на письмо о ней (тема письма с номером партии, например «" + s.Tournament.Cipher + " #1-2»)")
	}
	var next Desk
	var ns corr.State
	var out corr.Outcome
	switch reply.Verdict {
	case Adjudged:
		next, out, err = d.Adjudicate(s, code, reply.Result, reply.Note, day)
		ns, _ = next.Settle(s)
	default:
		next, ns, out, err = d.overstepRuling(s, g, reply, day)
	}
	if err != nil {
		return refuse(strings.TrimPrefix(err.Error(), "adjudication: "))
	}
	out.Accepted, out.Game = true, code
	confirm := toOfficial(s, judge, g, "confirmation", "решение принято", fmt.Sprintf("Ваше решение по партии %s принято %s: %s. Письма игрокам и секретарю отправлены.", code, day.Russian(), verdictWords(reply)))
	out.Out = append(out.Out, confirm)
	return next, ns, out, nil
}

// verdictWords writes what the judge decided.
func verdictWords(r JudgeReply) string {
	switch r.Verdict {
	case OverstepConfirmed:
		return "просрочка подтверждена"
	case NoOverstep:
		return "просрочки нет"
	case ProtestRejected:
		return "протест отклонён, просрочка подтверждена"
	case ProtestUpheld:
		return "протест удовлетворён, просрочки нет"
	case Adjudged:
		return "присуждено: " + resultWords(r.Result, false)
	}
	return r.Verdict.String()
}

// onlyWaiting returns the code of the only game waiting for a verdict of
// this kind, or "".
func (d Desk) onlyWaiting(s corr.State, v Verdict) string {
	var codes []string
	for _, g := range s.Games {
		if v == Adjudged {
			if a := d.adjourned(g.Code); a != nil && a.Ruled.IsZero() && g.Status == corr.Unfinished {
				codes = append(codes, g.Code)
			}
			continue
		}
		if c := lastClaim(g); c != nil && c.Status == corr.ClaimPending {
			codes = append(codes, g.Code)
		}
	}
	if len(codes) != 1 {
		return ""
	}
	return codes[0]
}

// overstepRuling rules on game g's pending claim (6.3.7), as a decision on
// the protest when one came (6.3.8); a claim already ruled is the
// organiser's to revisit on a protest (6.1.12, AppealDecision).
func (d Desk) overstepRuling(s corr.State, g corr.Game, r JudgeReply, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	d = d.clone()
	c := lastClaim(g)
	if c == nil {
		return d, s, corr.Outcome{}, fmt.Errorf("в партии %s нет заявления о просрочке", g.Code)
	}
	confirm := r.Verdict == OverstepConfirmed || r.Verdict == ProtestRejected
	if c.Status != corr.ClaimPending {
		return d, s, corr.Outcome{}, fmt.Errorf("заявление %d по партии %s уже рассмотрено %s (%s); протест на решение судьи рассматривает организация, проводящая соревнование, её решение окончательное (п. 6.1.12)", c.Seq, g.Code, c.Ruled.Russian(), c.Status.Russian())
	}
	ns, out, err := corr.Rule(s, g.Code, c.Seq, confirm, r.Note, day)
	if err != nil {
		return d, s, corr.Outcome{}, err
	}
	next, out := d.Follow(ns, 0, out)
	return next, ns, out, nil
}

// Daily runs the desk's deadlines for day: an unfinished game whose
// analyses are due goes to the judge with what came (6.5.2); a ruling past
// its month is recalled to the judge and the secretary (6.5.5). The
// claims' ten-day windows are the referee's (corr.Daily, 6.3.8, 6.1.12).
func (d Desk) Daily(s corr.State, day timecontrol.Date) (Desk, corr.Outcome) {
	d = d.clone()
	out := corr.Outcome{Accepted: true}
	for i := range d.Adjournments {
		a := &d.Adjournments[i]
		g, ok := s.Game(a.Game)
		if !ok || g.Status != corr.Unfinished || !a.Ruled.IsZero() {
			continue
		}
		if a.Sent.IsZero() && day.After(a.AnalysisDue()) {
			a.Sent = day
			out.Out = append(out.Out, adjudicationLetter(s, g, *a))
			out.Events = append(out.Events, corr.Event{Game: a.Game, Date: day, Kind: "to-adjudication", Clause: "6.5.2", Detail: "analyses due " + a.AnalysisDue().String()})
		}
		if a.Reminded.IsZero() && day.After(a.RulingDue()) {
			a.Reminded = day
			body := fmt.Sprintf("Срок присуждения партии %s истёк %s (месяц после получения анализов, п. 6.5.5); результата пока нет.", a.Game, a.RulingDue().Russian())
			out.Out = append(out.Out, toOfficial(s, s.Tournament.Judge, g, "reminder", "срок присуждения истёк", body),
				toOfficial(s, s.Tournament.Secretary, g, "reminder", "срок присуждения истёк", body))
			out.Events = append(out.Events, corr.Event{Game: a.Game, Date: day, Kind: "ruling-overdue", Clause: "6.5.5", Detail: a.RulingDue().String()})
		}
	}
	return d, out
}

// Withdraw records the judge's 6.5.3 ruling on player n, who left the
// tournament, and tells the secretary. A later ruling replaces an earlier.
func (d Desk) Withdraw(s corr.State, n int, w Withdrawal, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	if _, ok := s.Tournament.Player(n); !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no player %d", s.Tournament.Cipher, n)
	}
	if !w.Withdrawn() {
		return d, corr.Outcome{}, errors.New("adjudication: a withdrawal ruling is one of withdrawn, withdrawn-forfeit-unfinished, withdrawn-adjudicate, withdrawn-annulled (6.5.3), withdrawn-1.10 (1.10.2-1.10.5)")
	}
	kept := d.Withdrawals[:0]
	for _, x := range d.Withdrawals {
		if x.Player != n {
			kept = append(kept, x)
		}
	}
	d.Withdrawals = append(kept, WithdrawalRuling{Player: n, Ruling: w})
	what := map[Withdrawal]string{
		WithdrawnPending:           "выбыл; решение о его партиях ещё не принято",
		WithdrawnForfeitUnfinished: "выбыл; результаты законченных партий засчитаны, неоконченные признаны проигранными",
		WithdrawnAdjudicate:        "выбыл; результаты законченных партий засчитаны, неоконченные подлежат присуждению",
		WithdrawnAnnulled:          "выбыл; его результаты аннулированы",
		WithdrawnByRule:            "выбыл; таблица по пп. 1.10.2–1.10.5: сыграно меньше половины партий — его результаты не засчитываются, половина и более — засчитываются, несыгранные партии проиграны без игры",
	}[w]
	out := corr.Outcome{Accepted: true, Events: []corr.Event{{Date: day, Kind: "withdrawal", Clause: "6.5.3", Detail: fmt.Sprintf("player %d: %s", n, w)}}}
	out.Out = append(out.Out, corr.Outgoing{To: s.Tournament.Secretary.Email, Kind: "ruling", Subject: s.Tournament.Cipher + ": решение судьи о выбывшем участнике",
		Body: fmt.Sprintf("Здравствуйте, %s!\n\nРешение судьи от %s (п. 6.5.3): участник %s %s.%s", s.Tournament.Secretary.Name, day.Russian(), name(s, n), what, sign(s, false))})
	return d, out, nil
}

// Sanction enters sanction x in the register (6.1.9-6.1.10) and sends the
// notice to the player and the secretary.
func (d Desk) Sanction(s corr.State, x Sanction) (Desk, corr.Outcome, error) {
	d = d.clone()
	if err := x.Validate(); err != nil {
		return d, corr.Outcome{}, err
	}
	p, ok := s.Tournament.Player(x.Player)
	if !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no player %d", s.Tournament.Cipher, x.Player)
	}
	if x.Kind == LossOfGame {
		if _, ok := s.Game(corr.GameCode(s.Tournament.Cipher, corr.Pairing{White: x.Game.White, Black: x.Game.Black})); !ok {
			return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %d-%d (White first)", s.Tournament.Cipher, x.Game.White, x.Game.Black)
		}
	}
	d.Sanctions = append(d.Sanctions, x)
	lang := pick(p.Language == "en", "en", "ru")
	out := corr.Outcome{Accepted: true, Events: []corr.Event{{Date: x.Date, Kind: "sanction", Clause: x.Kind.Clause(), Detail: fmt.Sprintf("player %d: %s (%s)", x.Player, x.Kind, strings.Join(x.Clauses, ", "))}}}
	out.Out = append(out.Out,
		corr.Outgoing{To: p.Email, Kind: "sanction", Subject: s.Tournament.Cipher + tr(lang == "en", ": взыскание", ": sanction"), Body: x.Notice(lang, p.Name) + sign(s, lang == "en")},
		corr.Outgoing{To: s.Tournament.Secretary.Email, Kind: "sanction", Subject: s.Tournament.Cipher + ": взыскание участнику №" + fmt.Sprint(x.Player),
			Body: "Копия уведомления участнику:\n\n" + x.Notice("ru", p.Name) + sign(s, false)})
	return d, out, nil
}
