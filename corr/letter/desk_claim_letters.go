package letter

import (
	"strings"

	"zaochnik/timecontrol"
)

// DossierOccasion is why the judge gets an overstep claim's dossier; it
// names the dossier's subject.
type DossierOccasion int

// The occasions of a dossier.
const (
	DossierFiled     DossierOccasion = iota // the claim was filed (6.3.6)
	DossierHeldReply                        // the claimant's reply is held until the ruling (6.3.6)
	DossierProtest                          // the offender protested in the ten days (6.3.8)
	DossierAdmission                        // the ten days passed without a protest (6.3.8)
)

func (d ClaimDossier) subject(w *writer) string {
	switch d.Occasion {
	case DossierHeldReply:
		return w.f("Ответ заявителя, заявление %d", "The claimant's reply, claim %d", d.Seq)
	case DossierProtest:
		return w.f("Протест игрока №%d по заявлению %d о просрочке", "Protest of player No. %d on overstep claim %d", d.Offender.Number, d.Seq)
	case DossierAdmission:
		return w.f("Материалы по просрочке, заявление %d (протеста нет, п. 6.3.8)", "Overstep file, claim %d (no protest, 6.3.8)", d.Seq)
	}
	return w.f("Материалы по просрочке, заявление %d", "Overstep file, claim %d", d.Seq)
}

// MoveNotForwarded tells a player that his move is recorded but not
// forwarded: the judge recorded the opponent's withdrawal (1.10, 6.5.3).
type MoveNotForwarded struct{ Envelope }

// Render writes the notice.
func (m MoveNotForwarded) Render() Message {
	w := newWriter(m.Envelope)
	w.line(w.t("Ваш ход записан в партию, но не переслан партнёру: судья записал его выход из турнира (п. 1.10). Результат этой партии определит судья (пп. 1.10.2-1.10.5, 6.5.3); о его решении вам сообщат.",
		"Your move is recorded in the game but not forwarded: the judge has recorded your opponent's withdrawal from the tournament (1.10). The judge will decide this game's result (1.10.2-1.10.5, 6.5.3); you will be told of the ruling."))
	return w.close(m.Envelope, w.t("Ход не переслан: партнёр выбыл", "Move not forwarded: your opponent has withdrawn"))
}

// OverstepConfirmed tells the claimant, or as the secretary's copy
// (Official), that the judge confirmed the overstep (6.3.7); the referee
// tells the offender (OverstepRuling).
type OverstepConfirmed struct {
	Envelope
	Official bool
	Offender PlayerRef // named in the secretary's copy
	Seq      int       // the claim's number in its game
	Result   string
	Note     string // the judge's note; empty when none
}

// Render writes the ruling.
func (o OverstepConfirmed) Render() Message {
	w := newWriter(o.Envelope)
	s := w.f("Судья подтвердил просрочку партнёра в партии %s: партия засчитана вам как выигрыш (%s, п. 6.3.7).",
		"The judge confirmed your opponent's overstep in game %s: the game is scored as your win (%s, clause 6.3.7).", o.code(), o.Result)
	if o.Official {
		s = w.f("Судья подтвердил просрочку игрока %s по заявлению %d в партии %s: ему засчитано поражение, результат %s (п. 6.3.7).",
			"The judge confirmed the overstep of player %s on claim %d in game %s: the game is scored as his loss, result %s (clause 6.3.7).", o.Offender, o.Seq, o.code(), o.Result)
	}
	if o.Note != "" {
		s += "\n" + o.Note
	}
	w.line(s)
	return w.close(o.Envelope, w.t("Решение судьи", "The judge's ruling"))
}

// GameRecord gives the secretary a finished game's record in semi-short
// notation, the PDN attached (6.5.1): in the result letter when there is
// one (AppendTo), else on its own.
type GameRecord struct {
	Envelope
	White, Black PlayerRef
	Result       string
	Record       string // semi-short notation; empty when no move was made
}

func (g GameRecord) text(w *writer) string {
	return w.f("Запись партии %s (п. 6.5.1), %s — %s, результат %s:\n%s %s\nЗапись в PDN приложена.",
		"Record of game %s (6.5.1), %s — %s, result %s:\n%s %s\nThe PDN record is attached.",
		g.code(), g.White, g.Black, g.Result, recordOrNone(w, g.Record), g.Result)
}

// Render writes the record on its own.
func (g GameRecord) Render() Message {
	w := newWriter(g.Envelope)
	w.line(g.text(w))
	return w.close(g.Envelope, w.t("Запись партии", "Game record"))
}

// AppendTo adds the record to body, a letter to the same addressee in the
// same language, before its signature; false when body has none.
func (g GameRecord) AppendTo(body string) (string, bool) {
	w := &writer{lang: g.Lang.orDefault()}
	return beforeSignature(body, w.lang, g.Cipher, g.text(w))
}

// AnalysisInvited adds to a player's end-of-play letter body, written in
// l, how to answer it with an evaluation and analysis by due (6.5.2,
// 6.5.6); false when body has no signature of the server's.
func AnalysisInvited(body string, l Lang, cipher string, due timecontrol.Date) (string, bool) {
	w := &writer{lang: l.orDefault()}
	return beforeSignature(body, w.lang, cipher, w.f("Проще всего ответить на это письмо до %s включительно: строка «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», затем строка «анализ:» и ваш анализ достижения желаемого результата. Сервер передаст их судье. Опротестовать присуждение сможет только игрок, приславший анализ в срок (п. 6.5.6). Диаграмма заключительного положения приложена.",
		"The simplest is to answer this letter by %s inclusive: a line \"evaluation: win for white\", \"evaluation: draw\" or \"evaluation: win for black\", then a line \"analysis:\" and your analysis of how to reach that result. The server passes them to the judge. Only a player who sent an analysis in time may protest the adjudication (clause 6.5.6). A diagram of the final position is attached.", date(due)))
}

// beforeSignature puts text, as a paragraph of its own, before the
// server's signature in l closing body.
func beforeSignature(body string, l Lang, cipher, text string) (string, bool) {
	sig := "\n\n" + Signature(l, cipher) + "\n"
	if !strings.Contains(body, sig) {
		return body, false
	}
	return strings.Replace(body, sig, "\n\n"+text+sig, 1), true
}

// AfterGreeting puts text, as a paragraph of its own, right after the
// greeting of body, a letter the server wrote: a remark the judge must
// read first (a late protest, where a protest went).
func AfterGreeting(body, text string) string {
	greeting, rest, ok := strings.Cut(body, "\n\n")
	if !ok {
		return text + "\n\n" + body
	}
	return greeting + "\n\n" + text + "\n\n" + rest
}

// ProtestLateMark marks, for the judge, a protest against an overstep
// claim that came after its ten days, whose last day was due (6.3.8).
func ProtestLateMark(l Lang, due timecontrol.Date) string {
	w := &writer{lang: l.orDefault()}
	return w.f("ПРОТЕСТ ПОДАН ПОСЛЕ СРОКА: последний день был %s (п. 6.3.8).", "PROTEST FILED LATE: the last day was %s (6.3.8).", date(due))
}

// ProtestOutOfTime tells the offender that his protest against the claim
// came after its ten days and reaches the judge marked so (6.3.8).
type ProtestOutOfTime struct {
	Envelope
	Received, Due timecontrol.Date
}

// Render writes the notice.
func (p ProtestOutOfTime) Render() Message {
	w := newWriter(p.Envelope)
	w.line(w.f("Ваш протест получен %s, после срока: протестовать можно было до %s включительно (п. 6.3.8). Судья получил его с этой отметкой.",
		"Your protest arrived on %s, after the time allowed: the last day was %s (clause 6.3.8). The judge has it with that remark.", date(p.Received), date(p.Due)))
	return w.close(p.Envelope, w.t("Протест после срока", "Protest out of time"))
}
