package letter

import (
	"fmt"
	"strings"

	"zaochnik/timecontrol"
)

// statements reads the statements a line may make besides moves: draw
// offers and answers, resignation, an overstep claim, a ledger request.
// It returns whether it found one.
func (p *parser) statements(w string) bool {
	found := false
	bare := strings.Trim(w, " .!")
	switch {
	case hasAnyStem(w, "ничь", "draw"):
		switch {
		case hasAnyStem(w, "не согла", "не приним", "отказ", "отклон", "declin", "refus", "reject", "no draw", "not accept", "do not accept"):
			p.l.Draw = DrawDecline
		case hasAnyStem(w, "согла", "приним", "accept", "agree"):
			p.l.Draw = DrawAccept
		case hasAnyStem(w, "не предлага", "не предлож", "not offer", "not propos", "don't offer", "won't offer", "not suggest"):
			// "Ничью не предлагаю" is a comment; taken for an offer, the
			// opponent could accept a draw the writer refused (2.1.9.3).
			return false
		case hasAnyStem(w, "предлага", "предложение", "offer", "propos", "suggest") || bare == "ничья" || bare == "ничью" ||
			bare == "ничья?" || bare == "ничью?" || bare == "draw?" || bare == "draw":
			p.l.Draw = DrawOffer
		default:
			// "здесь ничья" is a comment on the game, not an offer.
			return false
		}
		found = true
	case bare == "не согласен" || bare == "не согласна" || bare == "i do not agree" || bare == "not agreed" || bare == "i disagree":
		p.l.Draw, found = DrawDecline, true
	case bare == "согласен" || bare == "согласна" || bare == "agreed" || bare == "i agree":
		p.l.Draw, found = DrawAccept, true
	}
	if hasAnyStem(w, "сдаюсь", "сдаю партию", "признаю поражение", "resign", "i give up") &&
		!hasAnyStem(w, "не сда", "не призна", "not resign", "won't resign", "never resign", "not give up") {
		p.l.Resign, found = true, true
	}
	if (hasAnyStem(w, "просрочк", "overstep") && hasAnyStem(w, "заявл", "объявл", "фиксир", "claim", "declare") ||
		hasAnyStem(w, "claim") && hasAnyStem(w, "time", "loss on time")) && !hasAnyStem(w, "не заявл", "не объявл", "not claim") {
		p.l.OverstepClaim, found = true, true
	}
	if hasAnyStem(w, "график", "ledger", "time chart", "time record", "time table", "timetable") &&
		hasAnyStem(w, "прош", "пришл", "вышл", "send", "please", "request", "would like") {
		p.l.LedgerRequest, found = true, true
	}
	return found
}

// breakLine reads a line about a break. Only the phrase of 6.4.3 ("беру
// перерыв с ... по ...", in English "I take a break from ... to ...") is
// accepted; any other wording is reported with the line to send instead.
func (p *parser) breakLine(n int, t string, toks []token) {
	var dates []token
	for _, tk := range toks {
		if tk.kind == kDate {
			dates = append(dates, tk)
		}
	}
	if from, to, ok := breakPhrase(toks); ok {
		a, b, guessedA, guessedB, ok := breakDates(from.orig, to.orig, p.opts.Postmark)
		if !ok || b.Before(a) {
			p.report(KindBreakDates, n, t)
			return
		}
		if guessedA {
			p.report(KindYearGuessed, n, from.orig, a.Russian())
		}
		if guessedB {
			p.report(KindYearGuessed, n, to.orig, b.Russian())
		}
		p.l.Break = &Break{From: a, To: b, Line: n}
		return
	}
	from, to := "ДД.ММ.ГГ", "ДД.ММ.ГГ"
	fromEn, toEn := "DD.MM.YY", "DD.MM.YY"
	if len(dates) == 2 {
		from, to, fromEn, toEn = dates[0].orig, dates[1].orig, dates[0].orig, dates[1].orig
	}
	p.report(KindBreakPhrasing, n, t,
		"«беру перерыв с "+from+" по "+to+"»",
		"“I take a break from "+fromEn+" to "+toEn+"” (or, in Russian, “беру перерыв с "+from+" по "+to+"”)")
}

// breakLateDays is how long after a break's end an announcement of it is
// still taken as late (6.4.2) rather than as one for the next year.
const breakLateDays = 30

// breakDates reads the two dates of a break (6.4.3). A date without a year
// takes the other date's year ("с 10 октября по 25 октября 2026 г."), the
// first date going back a year when it would fall after the second. When
// neither has one, the break is the first one by the calendar whose end is
// not more than breakLateDays before the postmark: breaks are announced
// ahead, so "с 10.10 по 25.10" posted in March is this October's, not last
// year's, although last October is nearer.
func breakDates(from, to string, postmark timecontrol.Date) (a, b timecontrol.Date, guessedA, guessedB, ok bool) {
	a, guessedA, okA := readDate(from, postmark)
	b, guessedB, okB := readDate(to, postmark)
	if !okA || !okB {
		return a, b, false, false, false
	}
	// acrossNewYear: "с 20.12 по 05.01" runs into the next year; "с 28.11
	// по 03.11" is a slip, left for the caller to refuse.
	acrossNewYear := func() bool { return a.After(b) && a.Month() > b.Month() }
	switch {
	case guessedA && !guessedB:
		a, okA = inYear(from, b.Year())
		if okA && acrossNewYear() {
			a, okA = inYear(from, b.Year()-1)
		}
		guessedA = false
	case guessedB && !guessedA:
		b, okB = inYear(to, a.Year())
		if okB && acrossNewYear() {
			b, okB = inYear(to, a.Year()+1)
		}
		guessedB = false
	case guessedA && guessedB:
		for y := postmark.Year() - 1; y <= postmark.Year()+1; y++ {
			if c, valid := inYear(to, y); valid && !c.Before(postmark.AddDays(-breakLateDays)) {
				b = c
				break
			}
		}
		a, okA = inYear(from, b.Year())
		if okA && acrossNewYear() {
			a, okA = inYear(from, b.Year()-1)
		}
	}
	return a, b, guessedA, guessedB, okA && okB
}

// sameMonth writes day as a date of the month (and year) of the date to,
// or of the month before when day comes after to's day ("с 28 по 3
// ноября" starts on 28 October).
func sameMonth(day int, to string) string {
	d, m, y, _ := dateParts(to)
	month, year := atoi(m), atoi(y)
	if day > atoi(d) {
		if month--; month == 0 {
			month, year = 12, year-1
		}
	}
	if y == "" {
		return fmt.Sprintf("%02d.%02d", day, month)
	}
	return fmt.Sprintf("%02d.%02d.%0*d", day, month, len(y), year)
}

// isDayOfMonth reports a bare number that can be a day of a month.
func isDayOfMonth(tk token) bool {
	return tk.kind == kInt && len(tk.orig) <= 2 && atoi(tk.orig) >= 1 && atoi(tk.orig) <= 31
}

// inYear reads a date written without a year as a date of year y.
func inYear(s string, y int) (timecontrol.Date, bool) {
	ds, ms, _, ok := dateParts(s)
	if !ok {
		return timecontrol.Date{}, false
	}
	return civil(y, atoi(ms), atoi(ds))
}

// breakPhrase finds "беру перерыв с D по D" or "(I take a) break from D to D"
// and returns the two dates.
func breakPhrase(toks []token) (from, to token, ok bool) {
	ru := []string{"беру", "перерыв", "с", "", "по", ""}
	en := []string{"break", "from", "", "to", ""}
	for i := range toks {
		for _, pat := range [][]string{ru, en} {
			if i+len(pat) > len(toks) {
				continue
			}
			var ds []token
			match := true
			for k, w := range pat {
				tk := toks[i+k]
				if w == "" {
					match = match && (tk.kind == kDate || len(ds) == 0 && isDayOfMonth(tk))
					ds = append(ds, tk)
				} else {
					match = match && tk.kind == kWord && tk.word == w
				}
				if !match {
					break
				}
			}
			if match && ds[1].kind == kDate {
				if ds[0].kind == kInt {
					// "с 10 по 25 октября": the first day shares the month
					// (and year) written with the second.
					ds[0] = token{orig: sameMonth(atoi(ds[0].orig), ds[1].orig), kind: kDate}
				}
				return ds[0], ds[1], true
			}
		}
	}
	return token{}, token{}, false
}
