package letter

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"zaochnik/timecontrol"
)

// finish checks the letter as a whole once every line is read: the game is
// named, something is asked or played, a move comes with its three dates
// and time (6.3.3), move numbers follow from the repetition to the move
// (6.2.14); and it settles the language.
func (p *parser) finish() {
	l := &p.l
	l.Protest = strings.TrimSpace(strings.Join(p.protestLines, "\n"))
	if k := len(l.Unknown) - 1; k >= 0 && l.Unknown[k].N == p.last && isNameLine(l.Unknown[k].Text) {
		// A letter signed with the name alone ends with it (6.2.3).
		l.Signature = append([]string{l.Unknown[k].Text}, l.Signature...)
		l.Problems = slices.DeleteFunc(l.Problems, func(pr Problem) bool { return pr.Kind == KindUnknownLine && pr.Line == p.last })
		l.Unknown = l.Unknown[:k]
		if len(l.Unknown) == 0 {
			l.Unknown = nil
		}
	}
	l.Language = p.opts.Language
	if l.Language == "" {
		l.Language = Russian
		if p.lat > 2*p.cyr {
			l.Language = English
		}
	}
	if l.Game.IsZero() {
		pr := problem(KindNoGame, 0, "")
		if len(p.opts.Ciphers) > 0 {
			// The example is the sender's own tournament, not a stranger's.
			pr.Ru = strings.ReplaceAll(pr.Ru, "ЧР-2026-ЗФ", p.opts.Ciphers[0])
			pr.En = strings.ReplaceAll(pr.En, "ЧР-2026-ЗФ", p.opts.Ciphers[0])
		}
		l.Problems = append(l.Problems, pr)
	}
	acts := len(l.Moves) > 0 || len(l.Variants) > 0 || l.Accepted != nil || l.Break != nil || l.Draw != "" ||
		l.Resign || l.OverstepClaim || l.Protest != "" || l.LedgerRequest
	if !acts {
		l.Problems = append(l.Problems, problem(KindNoMove, 0, ""))
	}
	if len(l.Moves) > 0 {
		need := 3
		if first := l.Moves[0]; first.Number == 1 && !first.Black && len(l.Repeated) == 0 {
			// White's first move answers nothing: only its sending date.
			need = 1
			if l.Dates.Sent.IsZero() && !l.Dates.OpponentSent.IsZero() && l.Dates.Received.IsZero() {
				l.Dates.Sent, l.Dates.OpponentSent = l.Dates.OpponentSent, l.Dates.Sent
			}
			if !l.Dates.Sent.IsZero() {
				need = 0
			}
		}
		if have := l.Dates.Count(); need == 3 && have < 3 {
			l.Problems = append(l.Problems, problem(KindMissingDates, 0, "", have))
		} else if need == 1 {
			// White's first move answers nothing: ask for its one date only.
			pr := problem(KindMissingDates, 0, "", 0)
			pr.Ru = "Нет даты отправления хода. К первому ходу белых нужна только она, например «Отправлено: 01.03.2026». Укажите её в следующем письме (п. 6.3.3)."
			pr.En = "The date you sent the move is missing. White's first move needs only that date, e.g. “Sent: 01.03.2026”. Give it in your next letter (6.3.3)."
			l.Problems = append(l.Problems, pr)
		}
		if l.Time == nil {
			l.Problems = append(l.Problems, problem(KindMissingTime, 0, ""))
		}
		if len(l.Repeated) > 0 && l.Accepted == nil {
			last, first := l.Repeated[len(l.Repeated)-1], l.Moves[0]
			if first.Number > 0 && !follows(last, first) {
				l.Problems = append(l.Problems, problem(KindMoveNumber, first.Line, first.String(), last.String()))
			}
		}
	}
	if n := p.unreported; n > 0 {
		l.Problems = append(l.Problems, Problem{Kind: KindMoreProblems, Clause: "6.2.6",
			Ru: fmt.Sprintf("Письмо прочитано целиком, но ещё %d %s к его строкам здесь не %s: всё, что не прочитано как ход, вариант, дата или заявление, партнёру не переслано (п. 6.2.6).",
				n, timecontrol.RussianPlural(n, "замечание", "замечания", "замечаний"), timecontrol.RussianPlural(n, "перечислено", "перечислены", "перечислено")),
			En: fmt.Sprintf("The letter was read whole, but %d more %s about its lines %s not listed here: whatever was not read as a move, a variant, a date or a statement was not forwarded (6.2.6).",
				n, map[bool]string{true: "remark", false: "remarks"}[n == 1], map[bool]string{true: "is", false: "are"}[n == 1])})
	}
	// Line by line; what concerns the whole letter comes last.
	key := func(pr Problem) int {
		if pr.Line == 0 {
			return math.MaxInt32
		}
		return pr.Line
	}
	slices.SortStableFunc(l.Problems, func(a, b Problem) int { return key(a) - key(b) })
}

// isNameLine reports a line that is a name alone: one to four capitalised
// words or initials ("Иванов И.И.", "John Smith").
func isNameLine(t string) bool {
	f := strings.Fields(t)
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		rs := []rune(w)
		if !unicode.IsUpper(rs[0]) {
			return false
		}
		for _, r := range rs {
			if !unicode.IsLetter(r) && r != '.' && r != '-' && r != ',' {
				return false
			}
		}
	}
	return true
}

func itoa(n int) string { return strconv.Itoa(n) }

// atoi reads a number already checked to be digits.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
