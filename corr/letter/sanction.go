package letter

import (
	"strings"

	"zaochnik/timecontrol"
)

// Authority is who imposes a sanction or hears an appeal against it (6.1.6-6.1.8).
type Authority string

// The authorities.
const (
	BySecretary Authority = "secretary"
	ByJudge     Authority = "judge"
	ByOrganiser Authority = "organiser"
)

// of names the authority after "by the decision of"; the organiser's
// Russian name ends with the comma that closes its participle.
func (a Authority) of(w *writer) string {
	switch a {
	case BySecretary:
		return w.t("секретаря", "the secretary")
	case ByJudge:
		return w.t("судьи", "the judge")
	}
	return w.t("организации, проводящей соревнование,", "the organiser")
}

// SanctionKind is a sanction of 6.1.9 or 6.5.9, by its id ("remark", ...).
type SanctionKind string

func (k SanctionKind) text(w *writer) string {
	switch k {
	case "remark":
		return w.t("замечание", "a remark")
	case "reprimand":
		return w.t("выговор", "a reprimand")
	case "loss-of-current-information":
		return w.t("лишение текущей информации", "loss of the current information")
	case "loss-of-final-information":
		return w.t("лишение итоговой информации", "loss of the final information")
	case "loss-of-game":
		return w.t("поражение в партии", "loss of the game")
	case "exclusion":
		return w.t("исключение из турнира", "exclusion from the tournament")
	}
	return string(k)
}

// SanctionNotice tells a player of a sanction (6.1.9): by whom, what, for
// breaking which clauses, the game scored as lost, and to whom and how long
// an appeal lies (6.1.10, 6.1.12).
type SanctionNotice struct {
	Envelope
	Kind    SanctionKind
	By      Authority
	Date    timecontrol.Date
	Clauses []string
	Reason  string
	// Lost is the game scored as lost ("1-2"), for a loss of the game only.
	Lost string
	// AppealTo hears an appeal; empty when the decision is final.
	AppealTo Authority
}

// Text is the notice greeted but unsigned, as a copy quotes it.
func (s SanctionNotice) Text() string {
	w := newWriter(s.Envelope)
	s.write(w)
	return w.b.String()
}

func (s SanctionNotice) write(w *writer) {
	date := s.Date.String()
	if w.lang != English {
		date = s.Date.Russian()
	}
	w.line(w.f("Решением %s от %s Вам объявлено: %s — за нарушение п. %s правил: %s.", "by the decision of %s of %s you are given %s for breaking clause(s) %s of the rules: %s.",
		s.By.of(w), date, s.Kind.text(w), strings.Join(s.Clauses, ", "), s.Reason))
	if s.Lost != "" {
		w.line(w.f("Партия %s засчитана Вам как проигранная.", "The game %s is scored as lost by you.", s.Lost))
	}
	if s.AppealTo != "" {
		w.line(w.f("Решение можно обжаловать у %s не позднее 10 дней со дня получения этого письма (п. 6.1.12).", "You may appeal to %s within 10 days of receiving this letter (6.1.12).", s.AppealTo.of(w)))
	} else {
		w.line(w.t("Решение окончательное (п. 6.1.12).", "This decision is final (6.1.12)."))
	}
}

// Render writes the notice.
func (s SanctionNotice) Render() Message {
	w := newWriter(s.Envelope)
	s.write(w)
	return w.close(s.Envelope, w.t("Взыскание", "Sanction"))
}
