package timecontrol

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// Render lays the ledger out as the sample of 6.3.6 (White's received /
// sent / on move / total, his move, the move number, Black's move and
// figures), one row per move pair, then the totals, the breaks, the
// verdict and, when today is not zero, the clock of the player on move.
// Every line with notes carries a mark [n] explained below the table.
func (l Ledger) Render(lang Lang, today Date) string {
	w := words(lang)
	var b strings.Builder
	days, moves := fmt.Sprint(l.Control.Days), fmt.Sprint(l.Control.Moves)
	if lang == Russian {
		days += " " + RussianPlural(l.Control.Days, "день", "дня", "дней")
		moves += " " + RussianPlural(l.Control.Moves, "ход", "хода", "ходов")
	}
	fmt.Fprintf(&b, "%s\n%s\n\n", w.title, fmt.Sprintf(w.game, l.Start.Russian(), dateOrDash(l.End), days, moves))
	var notes []string
	mark := func(ln *Line) string {
		if len(ln.Notes) == 0 {
			return ""
		}
		n := len(notes) + 1
		var texts []string
		for _, note := range ln.Notes {
			texts = append(texts, note.Format(lang))
		}
		notes = append(notes, fmt.Sprintf("[%d] %s: %s", n, w.where(ln), strings.Join(texts, "; ")))
		return fmt.Sprintf(" [%d]", n)
	}
	fmt.Fprintf(&b, "%s: %s — %s: %s\n", White.Name(lang), orDash(l.Names[White]), Black.Name(lang), orDash(l.Names[Black]))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, w.header)
	half := func(ln *Line) []string {
		if ln == nil {
			return []string{"", "", "", ""}
		}
		m := mark(ln)
		switch {
		case ln.Kind == PenaltyLine:
			return []string{w.penalty, short(ln.Sent), fmt.Sprintf("+%d", ln.Days), fmt.Sprint(ln.Total) + m}
		case ln.Pending:
			return []string{short(ln.Received), "—", "…", fmt.Sprint(ln.Total) + m}
		}
		return []string{short(ln.Received), short(ln.Sent), fmt.Sprint(ln.Days), fmt.Sprint(ln.Total) + m}
	}
	row := func(wl, bl *Line) {
		left, right := half(wl), half(bl)
		num, wt, bt := "", "", ""
		if wl != nil && wl.Kind == ReplyLine {
			num, wt = fmt.Sprint(wl.Move), wl.Text
		}
		if bl != nil && bl.Kind == ReplyLine {
			bt = bl.Text
			if num == "" {
				num = fmt.Sprint(bl.Move)
			}
		}
		cells := append(append(left, wt, num, bt), right...)
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	var pendingWhite *Line
	for i := range l.Lines {
		ln := &l.Lines[i]
		switch {
		case ln.Kind == PenaltyLine || ln.Player == White:
			if pendingWhite != nil {
				row(pendingWhite, nil)
				pendingWhite = nil
			}
			if ln.Kind == PenaltyLine {
				if ln.Player == White {
					row(ln, nil)
				} else {
					row(nil, ln)
				}
				continue
			}
			pendingWhite = ln
		default:
			row(pendingWhite, ln)
			pendingWhite = nil
		}
	}
	if pendingWhite != nil {
		row(pendingWhite, nil)
	}
	tw.Flush()

	fmt.Fprintf(&b, "\n%s\n", w.totals)
	for _, p := range []Color{White, Black} {
		t := l.Totals[p]
		fmt.Fprintf(&b, "  "+w.total+"\n", p.Name(lang), t.Days, t.PenaltyDays, t.Total, t.Moves)
	}
	for i, v := range l.Breaks {
		var texts []string
		for _, n := range v.Notes {
			if n.Kind == NoteBreakTooLong {
				// The state printed before it gives the days that count.
				texts = append(texts, w.tooLong)
				continue
			}
			texts = append(texts, n.Format(lang))
		}
		state := w.breakNone
		switch {
		case v.GameFrom == v.Break.From && v.GameTo == v.Break.To:
			state = w.breakCounts
		case !v.GameFrom.IsZero():
			state = fmt.Sprintf(w.breakPart, v.GameFrom.Russian(), v.GameTo.Russian(), v.GameTo.Sub(v.GameFrom)+1)
		}
		if len(texts) > 0 {
			state += ": " + strings.Join(texts, "; ")
		}
		fmt.Fprintf(&b, w.brk+"\n", i+1, v.Break.Player.Name(lang), v.Break.From.Russian(), v.Break.To.Russian(), v.Break.Days(), state)
	}
	if o := l.Overstep; o != nil {
		fmt.Fprintf(&b, w.overstep+"\n", o.Player.Name(lang), o.Move, o.Total, o.Limit, o.Date.Russian())
	} else {
		fmt.Fprintln(&b, w.noOverstep)
	}
	if !today.IsZero() {
		m := l.OnMove
		fmt.Fprintf(&b, w.onMove+"\n", today.Russian(), m.Player.Name(lang), m.Since.Russian(), l.RunningTotal(today), m.Move, m.Limit)
		switch {
		case m.Stopped:
			fmt.Fprintln(&b, "  "+w.stopped)
		case !today.Before(m.OverstepDate):
			fmt.Fprintf(&b, "  "+w.silentOver+"\n", m.OverstepDate.Russian())
		default:
			fmt.Fprintf(&b, "  "+w.silentDate+"\n", m.OverstepDate.Russian(), m.OverstepDate.Sub(today))
		}
		for _, n := range m.Notes {
			fmt.Fprintf(&b, "  %s\n", n.Format(lang))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, "\n%s\n", w.notes)
		for _, n := range notes {
			fmt.Fprintln(&b, n)
		}
	}
	return b.String()
}

// short writes a date as the sample does, day and month, with the year's
// last two digits so a game over the new year stays unambiguous.
func short(d Date) string {
	if d.IsZero() {
		return ""
	}
	return d.Time().Format("02.01.06")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func dateOrDash(d Date) string {
	if d.IsZero() {
		return "—"
	}
	return d.Russian()
}

// vocabulary is the wording of the printed ledger in one language.
type vocabulary struct {
	title, game, header, penalty, totals, total, brk, breakCounts, breakPart, breakNone, tooLong string
	overstep, noOverstep, onMove, stopped, silentOver, silentDate, notes                         string
	lang                                                                                         Lang
}

func words(lang Lang) vocabulary {
	if lang == English {
		return vocabulary{lang: lang,
			title:       "Time ledger (clause 6.3.6)",
			game:        "Start of play %s, end of play %s; %s days per %s moves",
			header:      "Received\tSent\tOn move\tTotal\tWhite\tNo.\tBlack\tReceived\tSent\tOn move\tTotal",
			penalty:     "penalty",
			totals:      "Totals:",
			total:       "%s: %d days of thinking + %d penalty days = %d days, %d counted moves",
			brk:         "Break #%d (%s) %s to %s, %d days: %s",
			breakCounts: "counts in full",
			breakPart:   "counts from %s to %s only, %d days",
			breakNone:   "does not count in this game",
			tooLong:     "a break counts for 30 days at most (6.4.1)",
			overstep:    "OVERSTEP (6.3.5): %s, move %d: %d days, limit %d (sent %s).",
			noOverstep:  "No overstep (6.3.5).",
			onMove:      "On move on %s: %s, move received %s; total on that date %d days; the limit for move %d is %d days.",
			stopped:     "The move came on or after the end of play: no more days (6.3.2).",
			silentOver:  "A reply posted on or after %s oversteps: the time is up (silent overstep, 6.3.5).",
			silentDate:  "A reply posted on or after %s oversteps (in %d days) (6.3.5).",
			notes:       "Notes:",
		}
	}
	return vocabulary{lang: lang,
		title:       "График времени на обдумывание (п. 6.3.6)",
		game:        "Начало игры %s, окончание игры %s; %s на %s",
		header:      "Получено\tОтправлено\tНа ход\tСуммарно\tХод белых\t№ хода\tХод черных\tПолучено\tОтправлено\tНа ход\tСуммарно",
		penalty:     "штраф",
		totals:      "Итого:",
		total:       "%s: %d дн. на обдумывание + %d штрафных = %d дн., учтено ходов: %d",
		brk:         "Перерыв №%d (%s) с %s по %s, %d дн.: %s",
		breakCounts: "засчитывается полностью",
		breakPart:   "засчитывается только с %s по %s, %d дн.",
		breakNone:   "в этой партии не засчитывается",
		tooLong:     "перерыв засчитывается не более чем на 30 дней (п. 6.4.1)",
		overstep:    "ПРОСРОЧКА (п. 6.3.5): %s, ход %d: %d дн. при норме %d (отправлено %s).",
		noOverstep:  "Просрочки нет (п. 6.3.5).",
		onMove:      "На ходу на %s: %s, ход получен %s; суммарно на эту дату %d дн.; норма для %d-го хода — %d дн.",
		stopped:     "Ход получен в день окончания игры или позже: время больше не начисляется (п. 6.3.2).",
		silentOver:  "Ответ, отправленный %s или позже, — просрочка: время истекло (п. 6.3.5).",
		silentDate:  "Ответ, отправленный %s или позже, — просрочка (через %d дн.) (п. 6.3.5).",
		notes:       "Примечания:",
	}
}

// where names a line for its note: "Белые, ход 3" or "Черные, штраф".
func (w vocabulary) where(ln *Line) string {
	if ln.Kind == PenaltyLine {
		return ln.Player.Name(w.lang) + ", " + w.penalty
	}
	if w.lang == English {
		return fmt.Sprintf("%s, move %d", ln.Player.Name(w.lang), ln.Move)
	}
	return fmt.Sprintf("%s, ход %d", ln.Player.Name(w.lang), ln.Move)
}
