package letter

import "zaochnik/timecontrol"

// NoEvaluation refuses a player's letter about an unfinished game that
// gives no evaluation of the final position, and says what to write (6.5.2).
type NoEvaluation struct{ Envelope }

// Render writes the refusal.
func (n NoEvaluation) Render() Message {
	w := newWriter(n.Envelope)
	w.line(w.t("Ваше письмо о неоконченной партии не принято: в нём нет оценки позиции. Напишите строку «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», затем строку «анализ:» и анализ (п. 6.5.2).",
		"Your letter about the unfinished game was not accepted: it gives no evaluation. Write a line \"evaluation: win for white\", \"evaluation: draw\" or \"evaluation: win for black\", then a line \"analysis:\" and the analysis (clause 6.5.2)."))
	return w.close(n.Envelope, w.t("Нет оценки позиции", "No evaluation"))
}

// EvaluationReceived confirms a player's evaluation of an unfinished game
// (6.5.2), saying what it does not give: without an analysis, or after
// Due, no right to protest the adjudication (6.5.6).
type EvaluationReceived struct {
	Envelope
	Evaluation Evaluation
	On         timecontrol.Date
	NoAnalysis bool
	Late       bool
	Due        timecontrol.Date
}

// Render writes the confirmation.
func (e EvaluationReceived) Render() Message {
	w := newWriter(e.Envelope)
	s := w.f("Ваша оценка позиции в партии %s («%s») получена %s и будет передана судье.", "Your evaluation of game %s (%s) arrived on %s and goes to the judge.",
		e.code(), e.Evaluation.text(w), date(e.On))
	if e.NoAnalysis {
		s += w.t(" Анализа в письме нет: без него опротестовать присуждение нельзя (п. 6.5.6).", " The letter holds no analysis: without one the adjudication cannot be protested (clause 6.5.6).")
	}
	if e.Late {
		s += w.f(" Письмо пришло после срока %s: судья учтёт его по своему усмотрению, права протеста оно не даёт (п. 6.5.6).",
			" The letter came after the last day %s: the judge may still consider it, but it gives no right to protest (clause 6.5.6).", date(e.Due))
	}
	w.line(s)
	return w.close(e.Envelope, w.t("Оценка передана судье", "Evaluation passed to the judge"))
}

// AdjudicationBasis is what the judge's adjudication rests on (6.5.4).
type AdjudicationBasis int

// The bases of an adjudication.
const (
	ByJudgesEvaluation  AdjudicationBasis = iota
	ByAgreedEvaluations                   // both players' evaluations agreed
	AgainstAgreed                         // they agreed, sharply against the position
)

func (b AdjudicationBasis) text(w *writer) string {
	switch b {
	case ByAgreedEvaluations:
		return w.t("по совпавшим оценкам игроков (п. 6.5.4)", "by the players' agreed evaluations (6.5.4)")
	case AgainstAgreed:
		return w.t("вопреки совпавшим оценкам игроков, резко противоречащим позиции (п. 6.5.4)", "against the players' agreed evaluations, which sharply contradict the position (6.5.4)")
	}
	return w.t("по оценке судьи", "by the judge's evaluation")
}

// Adjudicated tells a player whose evaluation differs, or as the
// secretary's copy (Official), the judge's adjudication (6.5.5); a player
// who sent an analysis in time may protest by Due (6.5.6-6.5.7).
type Adjudicated struct {
	Envelope
	Official   bool
	On         timecontrol.Date
	Result     string // "1-0", "1/2-1/2", "0-1"
	Basis      AdjudicationBasis
	MayProtest bool
	Due        timecontrol.Date
	Note       string // the judge's reasons; empty when none
}

// Render writes the adjudication.
func (a Adjudicated) Render() Message {
	w := newWriter(a.Envelope)
	var s string
	switch {
	case a.Official:
		s = w.f("Партия %s присуждена %s: %s, %s.", "Game %s was adjudicated on %s: %s, %s.", a.code(), date(a.On), ResultWords(a.Result, w.lang), a.Basis.text(w))
	case a.MayProtest:
		s = w.f("Судья присудил партию %s: %s. Ваша оценка позиции с этим результатом не совпадает (п. 6.5.5). Протест можно направить ответом на это письмо («протест: ...») не позднее 10 дней со дня получения, до %s; его рассмотрит организация, проводящая соревнование (п. 6.5.6-6.5.7).",
			"The judge adjudicated game %s: %s. Your evaluation differs from this result (clause 6.5.5). You may protest by answering this letter (\"protest: ...\") within 10 days of receiving it, by %s; the organiser hears it (clauses 6.5.6-6.5.7).",
			a.code(), ResultWords(a.Result, w.lang), date(a.Due))
	default:
		s = w.f("Судья присудил партию %s: %s. Ваша оценка позиции с этим результатом не совпадает (п. 6.5.5). Вы не присылали анализа в срок, поэтому права протеста нет (п. 6.5.6).",
			"The judge adjudicated game %s: %s. Your evaluation differs from this result (clause 6.5.5). You sent no analysis in time, so you have no right to protest (clause 6.5.6).",
			a.code(), ResultWords(a.Result, w.lang))
	}
	if a.Note != "" {
		s += "\n" + a.Note
	}
	w.line(s)
	return w.close(a.Envelope, w.t("Результат присуждения", "Adjudication result"))
}

// AdjudicationProtestRemark tells the judge, atop the referee's letter
// with the protest, whether a protest against the adjudication of game
// gameID was taken (6.5.6) and that the organiser decides it (6.5.7);
// refused says why not, empty when it was taken.
func AdjudicationProtestRemark(l Lang, gameID, refused string) string {
	w := &writer{lang: l.orDefault()}
	if refused != "" {
		return w.f("Протест против присуждения не принят: %s.", "The protest against the adjudication is not accepted: %s.", refused)
	}
	return w.f("Протест против присуждения (п. 6.5.6) принят; его рассматривает организация, проводящая соревнование, её решение окончательное (п. 6.5.7). Запишите его: zaochnik judge organiser-decision \"%s\" 1-0|1/2-1/2|0-1 [--note ТЕКСТ].",
		"The protest against the adjudication (6.5.6) is accepted; the organiser decides it, finally (6.5.7). Record the decision: zaochnik judge organiser-decision \"%s\" 1-0|1/2-1/2|0-1 [--note TEXT].", gameID)
}

// AdjudicationProtestAnswer tells the player whether his protest against
// the adjudication was passed to the organiser (6.5.7) or not accepted (6.5.6).
type AdjudicationProtestAnswer struct {
	Envelope
	Passed bool
}

// Render writes the answer.
func (a AdjudicationProtestAnswer) Render() Message {
	w := newWriter(a.Envelope)
	if a.Passed {
		w.line(w.f("Ваш протест против присуждения партии %s принят и передан организации, проводящей соревнование; её решение окончательное и будет сообщено обоим игрокам (п. 6.5.7).",
			"Your protest against the adjudication of game %s is accepted and passed to the organiser, whose decision is final and goes to both players (clause 6.5.7).", a.code()))
		return w.close(a.Envelope, w.t("Протест передан организации", "Protest passed to the organiser"))
	}
	w.line(w.f("Ваш протест против присуждения партии %s не принят: право протеста есть только у игрока, приславшего анализ в срок, и только в течение 10 дней со дня получения результата (п. 6.5.6).",
		"Your protest against the adjudication of game %s is not accepted: only a player who sent an analysis in time may protest, within 10 days of receiving the result (clause 6.5.6).", a.code()))
	return w.close(a.Envelope, w.t("Протест не принят", "Protest not accepted"))
}

// AdjudicationProtestCopy tells the secretary of a protest against an
// adjudication and how to record the organiser's decision (6.5.7).
type AdjudicationProtestCopy struct {
	Envelope
	Player    PlayerRef
	Result    string // the adjudicated result
	Filed     timecontrol.Date
	Protest   string
	Organiser string // the organiser's address; empty when not on record
	GameID    string // the game as the command line names it
}

// Render writes the copy.
func (c AdjudicationProtestCopy) Render() Message {
	w := newWriter(c.Envelope)
	pass := w.t("передайте его организации и запишите её решение", "pass it on to the organiser and record its decision")
	if c.Organiser != "" {
		pass = w.f("он направлен организации (%s); запишите её решение", "it has been sent to the organiser (%s); record its decision", c.Organiser)
	}
	w.line(w.f("Игрок %s опротестовал присуждение партии %s (%s) %s:", "Player %s protested the adjudication of game %s (%s) on %s:", c.Player, c.code(), c.Result, date(c.Filed)))
	w.line(indent(c.Protest))
	w.line(w.f("Протест рассматривает организация, проводящая соревнование (п. 6.5.7): %s командой zaochnik judge organiser-decision \"%s\" РЕЗУЛЬТАТ [--note ТЕКСТ].",
		"The organiser decides the protest (6.5.7): %s with zaochnik judge organiser-decision \"%s\" RESULT [--note TEXT].", pass, c.GameID))
	return w.close(c.Envelope, w.t("Протест против присуждения", "Protest against the adjudication"))
}

// AdjudicationProtestToOrganiser takes a protest against an adjudication
// to the organiser (6.5.7): the protest, the ruling and its reasons, both
// evaluations and analyses, the record and the final position.
type AdjudicationProtestToOrganiser struct {
	Envelope
	Player           PlayerRef
	Filed            timecontrol.Date
	Protest          string
	Ruled            timecontrol.Date
	Result           string
	Reason           string // the judge's reasons; empty when none
	White, Black     Evaluation
	Analyses         [2]string // White's and Black's; empty when none
	Record           string    // semi-short notation; empty when no move was made
	Diagram          string
	Judge, Secretary string // their addresses
}

// Render writes the letter.
func (o AdjudicationProtestToOrganiser) Render() Message {
	w := newWriter(o.Envelope)
	w.line(w.f("Игрок %s опротестовал %s присуждение партии %s (п. 6.5.6). Решение по протесту принимает организация, проводящая соревнование, и оно окончательное (п. 6.5.7).",
		"Player %s protested on %s the adjudication of game %s (6.5.6). The organiser decides the protest, and its decision is final (6.5.7).", o.Player, date(o.Filed), o.code()))
	w.line("")
	w.line(w.t("Протест:", "Protest:"))
	w.line(indent(o.Protest))
	w.line("")
	s := w.f("Присуждение судьи от %s: %s.", "The judge's adjudication of %s: %s.", date(o.Ruled), ResultWords(o.Result, w.lang))
	if o.Reason != "" {
		s += w.t(" Обоснование: ", " Reasons: ") + o.Reason
	}
	w.line(s)
	w.line(w.f("Оценки игроков: белые — %s, чёрные — %s.", "The players' evaluations: White — %s, Black — %s.", o.White.text(w), o.Black.text(w)))
	for i, an := range o.Analyses {
		if an == "" {
			continue
		}
		if i == 0 {
			w.line(w.t("Анализ белых:", "White's analysis:"))
		} else {
			w.line(w.t("Анализ чёрных:", "Black's analysis:"))
		}
		w.line(indent(an))
	}
	w.line("")
	w.line(w.t("Запись партии: ", "Record: ") + recordOrNone(w, o.Record))
	w.line("")
	w.line(w.t("Заключительное положение (диаграмма приложена):", "The final position (diagram attached):"))
	w.line(o.Diagram)
	w.line(w.f("Сообщите решение судье (%s) или секретарю (%s).", "Send the decision to the judge (%s) or the secretary (%s).", o.Judge, o.Secretary))
	return w.close(o.Envelope, w.t("Протест против присуждения", "Protest against the adjudication"))
}

// AdjudicationProtestDecided tells the players, or the judge and the
// secretary (Official, with the adjudication it replaces), the
// organiser's final decision on the protests against an adjudication (6.5.7).
type AdjudicationProtestDecided struct {
	Envelope
	Official bool
	Was      string // the judge's adjudicated result
	Result   string
	Note     string // the organiser's reasons; empty when none
}

// Render writes the decision.
func (d AdjudicationProtestDecided) Render() Message {
	w := newWriter(d.Envelope)
	s := w.f("Организация, проводящая соревнование, рассмотрела протест против присуждения партии %s: результат %s. Решение окончательное (п. 6.5.7).",
		"The organiser has decided the protest against the adjudication of game %s: the result is %s. The decision is final (clause 6.5.7).", d.code(), ResultWords(d.Result, w.lang))
	subject := w.t("Решение по протесту", "Decision on the protest")
	if d.Official {
		s = w.f("Решение организации по протесту против присуждения партии %s (было %s): %s, окончательно (п. 6.5.7).",
			"The organiser's decision on the protest against the adjudication of game %s (it was %s): %s, final (6.5.7).", d.code(), d.Was, ResultWords(d.Result, w.lang))
		subject = w.t("Решение организации по протесту", "The organiser's decision on the protest")
	}
	if d.Note != "" {
		s += "\n" + d.Note
	}
	w.line(s)
	return w.close(d.Envelope, subject)
}

// Forfeited tells the players, or the secretary (Official), that the judge
// scored a withdrawn player's unfinished game without play (6.5.3).
type Forfeited struct {
	Envelope
	Official bool
	On       timecontrol.Date
	Result   string // "+/-", "-/+", "-/-"
}

// Render writes the ruling.
func (f Forfeited) Render() Message {
	w := newWriter(f.Envelope)
	if f.Official {
		w.line(w.f("Решение судьи от %s (п. 6.5.3): партия %s засчитана без игры, %s.", "The judge's ruling of %s (6.5.3): game %s is scored without play, %s.", date(f.On), f.code(), f.Result))
		return w.close(f.Envelope, w.t("Решение судьи о партии выбывшего", "The judge's ruling on a withdrawn player's game"))
	}
	w.line(w.f("Решением судьи (п. 6.5.3) неоконченная партия %s выбывшего участника засчитана без игры: %s.",
		"By the judge's ruling (clause 6.5.3) the unfinished game %s of a withdrawn player is scored without play: %s.", f.code(), f.Result))
	return w.close(f.Envelope, w.t("Решение судьи", "The judge's ruling"))
}
