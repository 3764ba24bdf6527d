package web

import (
	"fmt"
	"strings"

	"zaochnik/timecontrol"
)

// ledgerView is the day ledger laid out as the sample of 6.3.6: one row
// per move pair, White's dates and days on the left, the moves and the
// move number in the middle, Black's on the right. Every half-row with
// notes carries them as a title (shown on hover) and as a numbered note
// under the table.
type ledgerView struct {
	Names    [2]string
	Rows     []ledgerRow
	Notes    []ledgerNote
	Totals   [2]timecontrol.Totals
	Breaks   []string
	Overstep string
	OnMove   []string
}

type ledgerRow struct {
	White, Black         *ledgerHalf
	Number               string
	WhiteMove, BlackMove string
}

// ledgerHalf is one player's side of a row.
type ledgerHalf struct {
	Received, Sent, Days string
	Total                int
	Penalty, Pending     bool
	Over                 bool // the line of the overstep
	// Mark is the number of the note under the table, 0 if none; Title
	// the notes' text for the hover.
	Mark  int
	Title string
}

type ledgerNote struct {
	Mark        int
	Where, Text string
}

// newLedgerView lays out l; today gives the clock of the player on move.
func newLedgerView(l timecontrol.Ledger, today timecontrol.Date) ledgerView {
	v := ledgerView{Names: l.Names, Totals: l.Totals}
	half := func(i int) *ledgerHalf {
		ln := &l.Lines[i]
		h := &ledgerHalf{Received: short(ln.Received), Sent: short(ln.Sent), Days: fmt.Sprint(ln.Days), Total: ln.Total,
			Penalty: ln.Kind == timecontrol.PenaltyLine, Pending: ln.Pending, Over: l.Overstep != nil && l.Overstep.Line == i}
		switch {
		case h.Penalty:
			h.Received, h.Days = "штраф", fmt.Sprintf("+%d", ln.Days)
		case h.Pending:
			h.Sent, h.Days = "—", "…"
		}
		if len(ln.Notes) > 0 {
			texts := make([]string, len(ln.Notes))
			for j, n := range ln.Notes {
				texts[j] = n.Format(timecontrol.Russian)
			}
			h.Mark, h.Title = len(v.Notes)+1, strings.Join(texts, "; ")
			v.Notes = append(v.Notes, ledgerNote{Mark: h.Mark, Where: where(ln), Text: h.Title})
		}
		return h
	}
	var row *ledgerRow // a row with White's half waiting for Black's
	flush := func() {
		if row != nil {
			v.Rows = append(v.Rows, *row)
			row = nil
		}
	}
	for i := range l.Lines {
		ln := &l.Lines[i]
		switch {
		case ln.Kind == timecontrol.PenaltyLine:
			flush()
			r := ledgerRow{}
			if ln.Player == timecontrol.White {
				r.White = half(i)
			} else {
				r.Black = half(i)
			}
			v.Rows = append(v.Rows, r)
		case ln.Player == timecontrol.White:
			flush()
			row = &ledgerRow{White: half(i), WhiteMove: ln.Text, Number: fmt.Sprint(ln.Move)}
		default:
			if row == nil {
				row = &ledgerRow{Number: fmt.Sprint(ln.Move)}
			}
			row.Black, row.BlackMove = half(i), ln.Text
			flush()
		}
	}
	flush()
	for i, b := range l.Breaks {
		state := "в этой партии не засчитывается"
		switch {
		case b.GameFrom == b.Break.From && b.GameTo == b.Break.To:
			state = "засчитывается полностью"
		case !b.GameFrom.IsZero():
			state = fmt.Sprintf("засчитывается только с %s по %s", b.GameFrom.Russian(), b.GameTo.Russian())
		}
		for _, n := range b.Notes {
			state += "; " + n.Format(timecontrol.Russian)
		}
		v.Breaks = append(v.Breaks, fmt.Sprintf("Перерыв №%d (%s) с %s по %s, %d дн.: %s", i+1,
			b.Break.Player.Name(timecontrol.Russian), b.Break.From.Russian(), b.Break.To.Russian(), b.Break.Days(), state))
	}
	if o := l.Overstep; o != nil {
		v.Overstep = fmt.Sprintf("Просрочка (п. 6.3.5): %s, ход %d: %d дн. при норме %d (отправлено %s).",
			o.Player.Name(timecontrol.Russian), o.Move, o.Total, o.Limit, o.Date.Russian())
	}
	if m := l.OnMove; !today.IsZero() {
		v.OnMove = append(v.OnMove, fmt.Sprintf("На %s на ходу %s, ход получен %s; суммарно %d дн.; норма для %d-го хода — %d дн.",
			today.Russian(), m.Player.Name(timecontrol.Russian), m.Since.Russian(), l.RunningTotal(today), m.Move, m.Limit))
		switch {
		case m.Stopped:
			v.OnMove = append(v.OnMove, "Время больше не начисляется: ход получен в день окончания игры или позже (п. 6.3.2).")
		case !today.Before(m.OverstepDate):
			v.OnMove = append(v.OnMove, fmt.Sprintf("Ответ, отправленный %s или позже, — просрочка: время истекло (п. 6.3.5).", m.OverstepDate.Russian()))
		default:
			v.OnMove = append(v.OnMove, fmt.Sprintf("Ответ, отправленный %s или позже, — просрочка (через %d дн., п. 6.3.5).", m.OverstepDate.Russian(), m.OverstepDate.Sub(today)))
		}
		for _, n := range m.Notes {
			v.OnMove = append(v.OnMove, n.Format(timecontrol.Russian))
		}
	}
	return v
}

// short writes a date as the sample of 6.3.6 does: day, month, year's two digits.
func short(d timecontrol.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.Time().Format("02.01.06")
}

// where names a ledger line for its note: "белые, ход 3" or "черные, штраф".
func where(ln *timecontrol.Line) string {
	if ln.Kind == timecontrol.PenaltyLine {
		return ln.Player.Name(timecontrol.Russian) + ", штраф"
	}
	return fmt.Sprintf("%s, ход %d", ln.Player.Name(timecontrol.Russian), ln.Move)
}
