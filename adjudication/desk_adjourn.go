package adjudication

import (
	"fmt"
	"net/mail"
	"strings"

	"zaochnik/adjudication/diagram"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Awaits reports whether the desk waits for player n's evaluation of an
// unfinished game: the game to file a letter of theirs under (6.5.2). When
// code names a game (the thread or the subject), only that game is looked
// at; otherwise the player's only game awaiting one.
func (d Desk) Awaits(s corr.State, n int, code string) (string, bool) {
	var found []string
	for _, a := range d.Adjournments {
		g, ok := s.Game(a.Game)
		if !ok || !a.Ruled.IsZero() || g.Status != corr.Unfinished {
			continue
		}
		if _, in := g.SideOf(n); in && (code == "" || code == a.Game) {
			found = append(found, a.Game)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// Submit records player n's evaluation and analysis of unfinished game code
// (6.5.2), read from the letter text received on day, and confirms it; when
// both players' are in, the judge gets the adjudication letter at once. A
// letter without an evaluation is answered with what to write.
func (d Desk) Submit(s corr.State, code string, n int, text string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	a := d.adjourned(code)
	g, ok := s.Game(code)
	if a == nil || !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not awaiting adjudication", code)
	}
	side, in := g.SideOf(n)
	if !in {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: player %d does not play game %s", n, code)
	}
	out := corr.Outcome{Accepted: true, Game: code}
	sub, err := ParseSubmission(text)
	if err != nil {
		out.Accepted, out.Reason = false, err.Error()
		out.Problems = append(out.Problems, corr.Problem{Kind: "no-evaluation", Clause: "6.5.2", Text: err.Error()})
		out.Out = append(out.Out, toPlayer(s, n, g, "refusal", "нет оценки позиции", "no evaluation",
			"Ваше письмо о неоконченной партии не принято: в нём нет оценки позиции. Напишите строку «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», затем строку «анализ:» и анализ (п. 6.5.2).",
			"Your letter about the unfinished game was not accepted: it gives no evaluation. Write a line \"evaluation: win for white\", \"evaluation: draw\" or \"evaluation: win for black\", then a line \"analysis:\" and the analysis (clause 6.5.2)."))
		return d, out, nil
	}
	sub.Analysis = withoutName(sub.Analysis, n, s)
	i := pick(sideOf(side) == White, 0, 1)
	entry := Submission{Evaluation: sub.Evaluation, Analysis: sub.Analysis != "", Received: day}
	if i == 0 {
		a.White = entry
	} else {
		a.Black = entry
	}
	a.Analysis[i] = sub.Analysis
	late := day.After(a.AnalysisDue())
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "evaluation", Clause: "6.5.2",
		Detail: fmt.Sprintf("player %d: %s, analysis %t, late %t", n, entry.Evaluation.Result(), entry.Analysis, late)})
	ruNote, enNote := "", ""
	if !entry.Analysis {
		ruNote, enNote = " Анализа в письме нет: без него опротестовать присуждение нельзя (п. 6.5.6).", " The letter holds no analysis: without one the adjudication cannot be protested (clause 6.5.6)."
	}
	if late {
		ruNote += fmt.Sprintf(" Письмо пришло после срока %s: судья учтёт его по своему усмотрению, права протеста оно не даёт (п. 6.5.6).", a.AnalysisDue().Russian())
		enNote += fmt.Sprintf(" The letter came after the last day %s: the judge may still consider it, but it gives no right to protest (clause 6.5.6).", a.AnalysisDue().Russian())
	}
	out.Out = append(out.Out, toPlayer(s, n, g, "confirmation", "оценка передана судье", "evaluation passed to the judge",
		fmt.Sprintf("Ваша оценка позиции в партии %s («%s») получена %s и будет передана судье.%s", code, resultWords(entry.Evaluation.Result(), false), day.Russian(), ruNote),
		fmt.Sprintf("Your evaluation of game %s (%s) arrived on %s and goes to the judge.%s", code, resultWords(entry.Evaluation.Result(), true), day.Russian(), enNote)))
	if !a.White.Received.IsZero() && !a.Black.Received.IsZero() && a.Sent.IsZero() {
		a.Sent = day
		out.Out = append(out.Out, adjudicationLetter(s, g, *a))
	}
	return d, out, nil
}

// Adjudicate records the judge's adjudication of unfinished game code on
// day (6.5.4-6.5.5): matching evaluations are fixed unless the judge gives
// a reason to override them; the players whose evaluation differs are told,
// the secretary always; the players who sent an analysis in time may
// protest within 10 days (6.5.6).
func (d Desk) Adjudicate(s corr.State, code string, result Result, note string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	g, ok := s.Game(code)
	if !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %q", s.Tournament.Cipher, code)
	}
	withdrawn := d.withdrawn(g.White) || d.withdrawn(g.Black)
	if d.adjourned(code) == nil && withdrawn && g.Status != corr.Finished {
		// 6.5.3: a withdrawn player's unfinished game may be adjudicated before the end of play.
		d.Adjournments = append(d.Adjournments, Adjourned{Game: code, WhitePlayer: g.White, BlackPlayer: g.Black, Adjournment: Adjournment{EndOfPlay: day}})
	}
	a := d.adjourned(code)
	if a == nil {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not awaiting adjudication; 'zaochnik judge deadlines' lists the games that are", code)
	}
	if !a.Ruled.IsZero() {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s was adjudicated on %s (%s); a change is the organiser's, on a protest (6.5.7)", code, a.Ruled, a.Ruling.Result)
	}
	if g.Status != corr.Unfinished && !(withdrawn && g.Status != corr.Finished) {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is %s (%s), not unfinished", code, g.Status, g.Result)
	}
	r, err := a.Decide(result, note)
	if err != nil {
		return d, corr.Outcome{}, err
	}
	a.Ruling, a.Ruled = r, day
	if a.Sent.IsZero() {
		a.Sent = day
	}
	out := corr.Outcome{Accepted: true, Game: code}
	how := "по оценке судьи"
	switch {
	case r.Agreed:
		how = "по совпавшим оценкам игроков (п. 6.5.4)"
	case r.Overridden:
		how = "вопреки совпавшим оценкам игроков, резко противоречащим позиции (п. 6.5.4)"
	}
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "adjudicated", Clause: "6.5.5", Detail: result.String() + ": " + how})
	noteText := ""
	if r.Reason != "" {
		noteText = "\n" + r.Reason
	}
	due := tenDaysFrom(day)
	for _, side := range r.Tell {
		n := pick(side == White, g.White, g.Black)
		may := false
		for _, m := range r.MayProtest {
			may = may || m == side
		}
		ruP, enP := " Вы не присылали анализа в срок, поэтому права протеста нет (п. 6.5.6).", " You sent no analysis in time, so you have no right to protest (clause 6.5.6)."
		if may {
			ruP = fmt.Sprintf(" Протест можно направить ответом на это письмо («протест: ...») не позднее 10 дней со дня получения, до %s; его рассмотрит организация, проводящая соревнование (п. 6.5.6-6.5.7).", due.Russian())
			enP = fmt.Sprintf(" You may protest by answering this letter (\"protest: ...\") within 10 days of receiving it, by %s; the organiser hears it (clauses 6.5.6-6.5.7).", due.Russian())
		}
		out.Out = append(out.Out, toPlayer(s, n, g, "adjudication", "результат присуждения", "adjudication result",
			fmt.Sprintf("Судья присудил партию %s: %s. Ваша оценка позиции с этим результатом не совпадает (п. 6.5.5).%s%s", code, resultWords(result, false), ruP, noteText),
			fmt.Sprintf("The judge adjudicated game %s: %s. Your evaluation differs from this result (clause 6.5.5).%s%s", code, resultWords(result, true), enP, noteText)))
	}
	out.Out = append(out.Out, toOfficial(s, s.Tournament.Secretary, g, "adjudication", "результат присуждения",
		fmt.Sprintf("Партия %s присуждена %s: %s.%s", code, day.Russian(), resultWords(result, false)+", "+how, noteText)))
	return d, out, nil
}

// adjudicationProtest records a protest against the adjudication of a
// (6.5.6): only from a player who sent an analysis in time, within 10 days
// of the ruling (the server's letter arrives the day it is sent). It goes
// to the organiser (6.5.7): the desk tells the judge and the secretary,
// who pass it on, and the decision is recorded with OrganiserDecision.
func (d *Desk) adjudicationProtest(s corr.State, g corr.Game, a *Adjourned, side Side, e corr.Event, out *corr.Outcome) {
	n := pick(side == White, g.White, g.Black)
	err := a.CheckProtest(side, a.Ruled, e.Date)
	p, _ := s.Tournament.Player(n)
	for i, o := range out.Out {
		if o.Kind == "notice" && strings.EqualFold(o.To, p.Email) && o.Game == g.Code {
			out.Out = append(out.Out[:i], out.Out[i+1:]...) // the referee's "passed to the judge" gives way to the desk's answer
			break
		}
	}
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, s.Tournament.Judge.Email) && o.Game == g.Code {
			remark := "Протест против присуждения (п. 6.5.6) принят; его рассматривает организация, проводящая соревнование, её решение окончательное (п. 6.5.7). Запишите его: zaochnik judge organiser-decision \"" + g.Code + "\" 1-0|1/2-1/2|0-1 [--note ТЕКСТ]."
			if err != nil {
				remark = "Протест против присуждения не принят: " + err.Error() + "."
			}
			o.Body = strings.Replace(o.Body, "!\n\n", "!\n\n"+remark+"\n\n", 1)
			out.Out[i] = o
		}
	}
	if err != nil {
		out.Events = append(out.Events, corr.Event{Game: g.Code, Date: e.Date, Kind: "protest-refused", Clause: "6.5.6", Detail: err.Error()})
		out.Out = append(out.Out, toPlayer(s, n, g, "notice", "протест не принят", "protest not accepted",
			fmt.Sprintf("Ваш протест против присуждения партии %s не принят: право протеста есть только у игрока, приславшего анализ в срок, и только в течение 10 дней со дня получения результата (п. 6.5.6).", g.Code),
			fmt.Sprintf("Your protest against the adjudication of game %s is not accepted: only a player who sent an analysis in time may protest, within 10 days of receiving the result (clause 6.5.6).", g.Code)))
		return
	}
	a.Protests = append(a.Protests, AdjudicationProtest{Side: side, Filed: e.Date, Text: e.Detail})
	out.Events = append(out.Events, corr.Event{Game: g.Code, Date: e.Date, Kind: "protest-to-organiser", Clause: "6.5.7", Detail: fmt.Sprintf("player %d", n)})
	pass := "передайте его организации и запишите её решение"
	if d.Organiser.Email != "" {
		pass = "он направлен организации (" + d.Organiser.Email + "); запишите её решение"
		out.Out = append(out.Out, toOrganiser(s, d.Organiser, g, *a, n, e))
	}
	out.Out = append(out.Out,
		toOfficial(s, s.Tournament.Secretary, g, "protest", "протест против присуждения",
			fmt.Sprintf("Игрок %s опротестовал присуждение партии %s (%s) %s:\n%s\nПротест рассматривает организация, проводящая соревнование (п. 6.5.7): %s командой zaochnik judge organiser-decision \"%s\" РЕЗУЛЬТАТ [--note ТЕКСТ].",
				name(s, n), g.Code, a.Ruling.Result, e.Date.Russian(), indent(e.Detail), pass, g.Code)),
		toPlayer(s, n, g, "notice", "протест передан организации", "protest passed to the organiser",
			fmt.Sprintf("Ваш протест против присуждения партии %s принят и передан организации, проводящей соревнование; её решение окончательное и будет сообщено обоим игрокам (п. 6.5.7).", g.Code),
			fmt.Sprintf("Your protest against the adjudication of game %s is accepted and passed to the organiser, whose decision is final and goes to both players (clause 6.5.7).", g.Code)))
}

// toOrganiser is the protest against an adjudication as the organiser
// reads it (6.5.7): the protest, the ruling and its reasons, both
// evaluations, the record and the final position (PNG and PDN attached).
func toOrganiser(s corr.State, org corr.Person, g corr.Game, a Adjourned, n int, e corr.Event) corr.Outgoing {
	r := record(s, g)
	var b strings.Builder
	fmt.Fprintf(&b, "Игрок %s опротестовал %s присуждение партии %s (п. 6.5.6). Решение по протесту принимает организация, проводящая соревнование, и оно окончательное (п. 6.5.7).\n\nПротест:\n%s\n\n", name(s, n), e.Date.Russian(), g.Code, indent(e.Detail))
	fmt.Fprintf(&b, "Присуждение судьи от %s: %s.", a.Ruled.Russian(), resultWords(a.Ruling.Result, false))
	if a.Ruling.Reason != "" {
		b.WriteString(" Обоснование: " + a.Ruling.Reason)
	}
	fmt.Fprintf(&b, "\nОценки игроков: белые — %s, чёрные — %s.\n", evaluationName(a.White.Evaluation), evaluationName(a.Black.Evaluation))
	for i, an := range a.Analysis {
		if an != "" {
			fmt.Fprintf(&b, "Анализ %s:\n%s\n", pick(i == 0, "белых", "чёрных"), indent(an))
		}
	}
	fmt.Fprintf(&b, "\nЗапись партии: %s\n\nЗаключительное положение (диаграмма приложена):\n%s\nСообщите решение судье (%s) или секретарю (%s).\n",
		pick(r.Plies() == 0, "ходов не было", semiShort(r)), diagram.Text(r.Final(), "ru"), s.Tournament.Judge.Email, s.Tournament.Secretary.Email)
	o := toOfficial(s, org, g, "protest", "протест против присуждения", b.String())
	o.Files = []corr.File{diagramFile(g, r.Final())}
	withPDN(&o, s, g, "*")
	return o
}

// SetOrganiser records who hears protests against adjudications (6.5.7).
func (d Desk) SetOrganiser(s corr.State, org corr.Person) (Desk, corr.Outcome, error) {
	d = d.clone()
	a, err := mail.ParseAddress(org.Email)
	if err != nil || a.Address != org.Email {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: the organiser's address %q is not an e-mail address; write name@example.org", org.Email)
	}
	d.Organiser = corr.Person{Name: strings.TrimSpace(org.Name), Email: a.Address}
	if d.Organiser.Name == "" {
		d.Organiser.Name = "организатор"
	}
	return d, corr.Outcome{Accepted: true, Events: []corr.Event{{Kind: "organiser", Clause: "6.5.7", Detail: d.Organiser.Email}}}, nil
}

// OrganiserDecision records the organiser's final decision on the protests
// against the adjudication of game code (6.5.7) and tells both players,
// the judge and the secretary.
func (d Desk) OrganiserDecision(s corr.State, code string, result Result, note string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	a := d.adjourned(code)
	g, ok := s.Game(code)
	switch {
	case a == nil || !ok:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s was never before the judge for adjudication", code)
	case a.Ruled.IsZero():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not adjudicated yet; the judge rules first (6.5.5)", code)
	case len(a.Protests) == 0:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: nobody protested the adjudication of game %s; the organiser decides protests only (6.5.7)", code)
	case !result.Decided():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: the organiser's decision is a result (1-0, 1/2-1/2, 0-1), not %s", result)
	}
	a.Final, a.FinalNote, a.Decided = result, strings.TrimSpace(note), day
	out := corr.Outcome{Accepted: true, Game: code}
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "organiser-decision", Clause: "6.5.7", Detail: result.String()})
	n := ""
	if a.FinalNote != "" {
		n = "\n" + a.FinalNote
	}
	for _, p := range []int{g.White, g.Black} {
		out.Out = append(out.Out, toPlayer(s, p, g, "ruling", "решение по протесту", "decision on the protest",
			fmt.Sprintf("Организация, проводящая соревнование, рассмотрела протест против присуждения партии %s: результат %s. Решение окончательное (п. 6.5.7).%s", code, resultWords(result, false), n),
			fmt.Sprintf("The organiser has decided the protest against the adjudication of game %s: the result is %s. The decision is final (clause 6.5.7).%s", code, resultWords(result, true), n)))
	}
	for _, p := range []corr.Person{s.Tournament.Judge, s.Tournament.Secretary} {
		out.Out = append(out.Out, toOfficial(s, p, g, "ruling", "решение организации по протесту",
			fmt.Sprintf("Решение организации по протесту против присуждения партии %s (было %s): %s, окончательно (п. 6.5.7).%s", code, a.Ruling.Result, resultWords(result, false), n)))
	}
	return d, out, nil
}

// withoutName drops the last lines of an analysis that are only the
// player's signature ("Иванов", "Petr Petrov").
func withoutName(analysis string, n int, s corr.State) string {
	p, _ := s.Tournament.Player(n)
	words := strings.Fields(strings.ToLower(p.Name))
	lines := strings.Split(analysis, "\n")
	for len(lines) > 0 {
		last := strings.Fields(strings.ToLower(strings.Trim(lines[len(lines)-1], " .,")))
		if len(last) == 0 || len(last) > len(words) || !allIn(last, words) {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// allIn reports whether every word of ws is among names.
func allIn(ws, names []string) bool {
	for _, w := range ws {
		found := false
		for _, n := range names {
			found = found || n == w
		}
		if !found {
			return false
		}
	}
	return true
}

// withdrawn reports whether the judge ruled player n withdrawn (6.5.3).
func (d Desk) withdrawn(n int) bool {
	for _, w := range d.Withdrawals {
		if w.Player == n && w.Ruling.Withdrawn() {
			return true
		}
	}
	return false
}

// Forfeit records the judge's choice for one unfinished game of a withdrawn
// player (6.5.3): lost without play ("+/-", "-/+", or "-/-" for both), and
// tells both players and the secretary.
func (d Desk) Forfeit(s corr.State, code string, result Result, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	g, ok := s.Game(code)
	switch {
	case !ok:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %q", s.Tournament.Cipher, code)
	case !d.withdrawn(g.White) && !d.withdrawn(g.Black):
		return d, corr.Outcome{}, fmt.Errorf("adjudication: neither player of game %s is withdrawn; record the 6.5.3 ruling first (zaochnik judge withdraw)", code)
	case g.Status == corr.Finished:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is finished (%s); its result is kept or annulled with the player (6.5.3)", code, g.Result)
	case !result.WithoutPlay():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: a game lost without play is +/-, -/+ or -/-, not %s", result)
	}
	kept := d.Forfeits[:0]
	for _, f := range d.Forfeits {
		if f.Pair() != (Pair{g.White, g.Black}) {
			kept = append(kept, f)
		}
	}
	d.Forfeits = append(kept, Game{White: g.White, Black: g.Black, Result: result})
	out := corr.Outcome{Accepted: true, Game: code, Events: []corr.Event{{Game: code, Date: day, Kind: "forfeit", Clause: "6.5.3", Detail: result.String()}}}
	for _, n := range []int{g.White, g.Black} {
		out.Out = append(out.Out, toPlayer(s, n, g, "ruling", "решение судьи", "the judge's ruling",
			fmt.Sprintf("Решением судьи (п. 6.5.3) неоконченная партия %s выбывшего участника засчитана без игры: %s.", code, result),
			fmt.Sprintf("By the judge's ruling (clause 6.5.3) the unfinished game %s of a withdrawn player is scored without play: %s.", code, result)))
	}
	out.Out = append(out.Out, toOfficial(s, s.Tournament.Secretary, g, "ruling", "решение судьи о партии выбывшего",
		fmt.Sprintf("Решение судьи от %s (п. 6.5.3): партия %s засчитана без игры, %s.", day.Russian(), code, result)))
	return d, out, nil
}
