package letter

import "strings"

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
		a, _, okA := readDate(from.orig, p.opts.Postmark)
		b, _, okB := readDate(to.orig, p.opts.Postmark)
		if !okA || !okB || b.Before(a) {
			p.report(KindBreakDates, n, t)
			return
		}
		p.noteGuess(n, from.orig)
		p.noteGuess(n, to.orig)
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
					match = match && tk.kind == kDate
					ds = append(ds, tk)
				} else {
					match = match && tk.kind == kWord && tk.word == w
				}
				if !match {
					break
				}
			}
			if match {
				return ds[0], ds[1], true
			}
		}
	}
	return token{}, token{}, false
}
