package letter

import (
	"fmt"

	"zaochnik/timecontrol"
)

// JudgeAnswerRefused tells the judge that an answer could not be acted
// on, and what to write (6.3.7, 6.3.8, 6.5.5).
type JudgeAnswerRefused struct {
	Envelope
	Why Problem
}

// Render writes the refusal.
func (j JudgeAnswerRefused) Render() Message {
	w := newWriter(j.Envelope)
	w.line(w.t("Ваше письмо не принято: ", "Your letter was not accepted: ") + j.Why.Message(w.lang))
	w.line(w.t("Ответьте на письмо с материалами партии; нужная строка указана в нём.", "Answer the letter with the game's file; it names the line to write."))
	return w.close(j.Envelope, w.t("Ответ судьи не принят", "The judge's answer not accepted"))
}

// JudgeGameUnknown: the judge's answer names no game, and more than one
// waits for the judge.
func JudgeGameUnknown(cipher string) Problem {
	example := FormatGameCode(cipher, 1, 2)
	return both("judge-answer", "6.3.7",
		fmt.Sprintf("не удалось определить партию: ответьте на письмо о ней (тема письма с номером партии, например «%s»)", example),
		fmt.Sprintf("the game could not be told: answer the letter about it (its subject names the game, e.g. “%s”)", example))
}

// NoClaimInGame: the judge rules on an overstep in game code, which has
// no claim (6.3.7).
func NoClaimInGame(code string) Problem {
	return both("judge-answer", "6.3.7", fmt.Sprintf("в партии %s нет заявления о просрочке", code), fmt.Sprintf("game %s has no overstep claim", code))
}

// ClaimAlreadyRuled: the judge rules again on claim seq of game code,
// ruled on ruled (confirmed or not); a protest against a ruling is the
// organiser's (6.1.12).
func ClaimAlreadyRuled(seq int, code string, ruled timecontrol.Date, confirmed bool) Problem {
	ru, en := &writer{lang: Russian}, &writer{lang: English}
	return both("judge-answer", "6.1.12",
		fmt.Sprintf("заявление %d по партии %s уже рассмотрено %s (%s); протест на решение судьи рассматривает организация, проводящая соревнование, её решение окончательное (п. 6.1.12)",
			seq, code, date(ruled), verdict(ru, confirmed)),
		fmt.Sprintf("claim %d in game %s was ruled on %s (%s); a protest against the judge's ruling is decided by the organiser, finally (6.1.12)",
			seq, code, date(ruled), verdict(en, confirmed)))
}

// JudgeDecision is what the judge decided in an answer the desk took.
type JudgeDecision string

// The judge's decisions.
const (
	DecidedOverstep   JudgeDecision = "overstep-confirmed" // 6.3.7
	DecidedNoOverstep JudgeDecision = "no-overstep"        // 6.3.7
	DecidedProtestNo  JudgeDecision = "protest-rejected"   // 6.3.8: the overstep stands
	DecidedProtestYes JudgeDecision = "protest-upheld"     // 6.3.8: no overstep
	DecidedAdjudged   JudgeDecision = "adjudged"           // 6.5.5
)

// JudgeDecisionTaken confirms to the judge that the decision on game was
// recorded on On and its letters sent.
type JudgeDecisionTaken struct {
	Envelope
	On       timecontrol.Date
	Decision JudgeDecision
	Result   string // the adjudicated result, for DecidedAdjudged
}

// Render writes the confirmation.
func (j JudgeDecisionTaken) Render() Message {
	w := newWriter(j.Envelope)
	var what string
	switch j.Decision {
	case DecidedOverstep:
		what = verdict(w, true)
	case DecidedNoOverstep:
		what = verdict(w, false)
	case DecidedProtestNo:
		what = w.t("протест отклонён, просрочка подтверждена", "protest rejected, overstep confirmed")
	case DecidedProtestYes:
		what = w.t("протест удовлетворён, просрочки нет", "protest upheld, no overstep")
	default:
		what = w.t("присуждено: ", "adjudicated: ") + ResultWords(j.Result, w.lang)
	}
	w.line(w.f("Ваше решение по партии %s принято %s: %s. Письма игрокам и секретарю отправлены.",
		"Your decision on game %s was recorded on %s: %s. The letters to the players and the secretary have gone.", j.code(), date(j.On), what))
	return w.close(j.Envelope, w.t("Решение принято", "Decision recorded"))
}

// AdjudicationOverdue recalls to the judge and the secretary an
// adjudication not made by Due, a month after the analyses (6.5.5).
type AdjudicationOverdue struct {
	Envelope
	Due timecontrol.Date
}

// Render writes the reminder.
func (a AdjudicationOverdue) Render() Message {
	w := newWriter(a.Envelope)
	w.line(w.f("Срок присуждения партии %s истёк %s (месяц после получения анализов, п. 6.5.5); результата пока нет.",
		"The adjudication of game %s was due by %s (a month after the analyses, 6.5.5); there is no result yet.", a.code(), date(a.Due)))
	return w.close(a.Envelope, w.t("Срок присуждения истёк", "Adjudication overdue"))
}

// WithdrawalKind is the judge's ruling on a player who left, as the
// tournament's configuration writes it (6.5.3, 1.10.2-1.10.5).
type WithdrawalKind string

func (k WithdrawalKind) text(w *writer) string {
	switch k {
	case "withdrawn":
		return w.t("выбыл; решение о его партиях ещё не принято", "has withdrawn; no ruling on the games yet")
	case "withdrawn-forfeit-unfinished":
		return w.t("выбыл; результаты законченных партий засчитаны, неоконченные признаны проигранными",
			"has withdrawn; the finished games' results stand, the unfinished games are lost")
	case "withdrawn-adjudicate":
		return w.t("выбыл; результаты законченных партий засчитаны, неоконченные подлежат присуждению",
			"has withdrawn; the finished games' results stand, the unfinished games are adjudicated")
	case "withdrawn-annulled":
		return w.t("выбыл; его результаты аннулированы", "has withdrawn; the results are annulled")
	case "withdrawn-1.10":
		return w.t("выбыл; таблица по пп. 1.10.2–1.10.5: сыграно меньше половины партий — его результаты не засчитываются, половина и более — засчитываются, несыгранные партии проиграны без игры",
			"has withdrawn; the table follows 1.10.2–1.10.5: under half the games played, the results count for no one; half or more, they count and the unplayed games are lost without play")
	}
	return string(k)
}

// WithdrawalNotice tells the secretary the judge's ruling on a player who
// left the tournament (6.5.3).
type WithdrawalNotice struct {
	Envelope
	Player PlayerRef
	On     timecontrol.Date
	Ruling WithdrawalKind
}

// Render writes the notice.
func (n WithdrawalNotice) Render() Message {
	w := newWriter(n.Envelope)
	w.line(w.f("Решение судьи от %s (п. 6.5.3): участник %s %s.", "The judge's ruling of %s (6.5.3): player %s %s.", date(n.On), n.Player, n.Ruling.text(w)))
	return w.close(n.Envelope, w.t("Решение судьи о выбывшем участнике", "The judge's ruling on a withdrawn player"))
}

// SanctionCopy is the secretary's copy of a sanction notice (6.1.9).
type SanctionCopy struct {
	Envelope
	Player PlayerRef
	Notice SanctionNotice // as the player got it
}

// Render writes the copy.
func (c SanctionCopy) Render() Message {
	w := newWriter(c.Envelope)
	w.line(w.f("Копия уведомления участнику %s:", "A copy of the notice to player %s:", c.Player))
	w.line("")
	w.b.WriteString(c.Notice.Text())
	return w.close(c.Envelope, w.f("Взыскание участнику №%d", "Sanction on player No. %d", c.Player.Number))
}
