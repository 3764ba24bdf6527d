package letter

import (
	"slices"
	"strings"
)

// content reads the moves, dates and time fraction of a line. The words
// before a run of moves (its label) say what the run is: "Ваш ход",
// "Мой ход", "если ... то ...", "вариант А", "вариант принят до ...".
// It returns whether the line held anything it understood.
func (p *parser) content(n int, toks []token) bool {
	r := roleDefault
	if p.pending != roleDefault {
		r = p.pending
	} else if p.variants {
		r = roleVariantIf
	}
	understood := false
	words := timeWords{-1, -1}
	// The label and the run are written into arrays on the stack: the run
	// into one, reused once read; a label into one of two, never the one
	// runLabel keeps (fresh).
	// runLabel is the label of the last run: a date right after the moves
	// takes it ("Получил ваш ход 5...f6-g5 14.03").
	var runLabel []token
	var labels [2][6]token
	var runOf [6]token
	fresh := func() []token {
		if len(runLabel) > 0 && &runLabel[0] == &labels[0][0] {
			return labels[1][:0]
		}
		return labels[0][:0]
	}
	label, run := fresh(), runOf[:0]
	forced := false
	// line is the first date of the line written with its year: the line's
	// other dates take their year from it ("12 марта / 14 марта / 15 марта 2026").
	line := p.lineDate(toks)
	flush := func() {
		if len(run) > 0 {
			p.run(n, r, run, forced)
			run, forced = run[:0], false
			understood = true
		}
	}
	for i, tk := range toks {
		switch tk.kind {
		case kWord, kInt, kSep:
			if tk.kind == kWord && len(run) > 0 && len(label) == 0 && isForcedMark(tk.word) {
				run[len(run)-1].forced = true // "3.b4:d6 (вынужденно)": a note on that move
				continue
			}
			flush()
			if tk.kind == kInt && len(label) > 0 {
				words.side(label[len(label)-1].word, tk.orig)
			}
			label = append(label, tk)
		case kMove, kNumber:
			if a, b, ok := strings.Cut(tk.orig, "-"); ok && len(run) == 0 && isInt(a) && isInt(b) &&
				hasAnyStem(p.phraseOf(label), "врем", "time", "затрач") {
				// "Время: 44-39" is a time, not a numeric move.
				p.fraction(token{orig: a + "/" + b, kind: kFraction})
				label, understood = fresh(), true
				continue
			}
			if len(run) == 0 {
				runLabel = label
			}
			if len(label) > 0 {
				var f bool
				r, f = p.applyLabel(n, label, r, i == len(label))
				forced = forced || f
				label = fresh()
			}
			run = append(run, tk)
		case kDate:
			flush()
			if len(label) == 0 {
				label = runLabel
			}
			p.date(n, tk, p.phraseOf(label), line)
			runLabel = nil
			label = fresh()
			understood = true
		case kFraction:
			flush()
			p.fraction(tk)
			label = fresh()
			understood = true
		}
	}
	flush()
	if words.white >= 0 && words.black >= 0 && hasAnyStem(p.phraseOf(toks), "врем", "time", "затрач", "итог", "всего", "суммар") {
		if p.l.Time == nil {
			p.l.Time = &TimeFraction{White: words.white, Black: words.black}
		}
		understood = true
	}
	if understood {
		p.pending = roleDefault
	}
	if len(label) > 0 && !hasContent(toks) {
		// A heading: "Ваш ход:", "Варианты:", "Вариант принят".
		return p.heading(n, label) || understood
	}
	return understood
}

// timeWords is a time written in words: "Время: белые 12, чёрные 15".
type timeWords struct{ white, black int }

// side records a number after "белые" or "чёрные" ("white", "black").
func (t *timeWords) side(word, number string) {
	switch {
	case strings.HasPrefix(word, "бел") || word == "white" || word == "w":
		t.white = atoi(number)
	case strings.HasPrefix(word, "черн") || word == "black" || word == "b":
		t.black = atoi(number)
	}
}

// heading reads a line of words only. A short label line ("Мой ход:",
// "Варианты:") sets the role of the next line with moves; an acceptance
// without moves ("Принимаю вариант А") is recorded. ok is true when the
// line was understood.
func (p *parser) heading(n int, label []token) bool {
	w := p.phraseOf(label)
	if isAcceptance(w) {
		if hasWord(w, "до", "until", "up", "upto") {
			// "принят до 7-го хода": the point is not a move the reader
			// can place; accepting the whole variant would be a guess (6.2.8).
			p.report(KindAcceptanceUnclear, n, strings.Join(tokenTexts(label), " "))
			return true
		}
		p.accept(n, label)
		return true
	}
	last := label[len(label)-1]
	if !last.colon && (len(label) > 4 || !slices.ContainsFunc(label, isLabelWord) || slices.ContainsFunc(label, isProseWord)) {
		// Without a colon only the label's own words make a heading:
		// "Хороший ход, правда?" is a comment (6.2.6), not "Ход:".
		return false
	}
	r, _ := p.applyLabel(n, label, roleDefault, true)
	switch {
	case r == roleDefault:
		return false
	case hasAnyStem(w, "вариант", "variant") && !isAcceptance(w) && !hasLabelLetter(label):
		p.variants = true
		p.pending = roleDefault
	default:
		p.pending = r
	}
	return true
}

// fraction records the time fraction, White over Black; the first one counts.
func (p *parser) fraction(tk token) {
	if p.l.Time != nil {
		return
	}
	a, b, _ := strings.Cut(tk.orig, "/")
	p.l.Time = &TimeFraction{White: atoi(a), Black: atoi(b)}
}

// isForcedMark reports the word that marks a forced move (6.2.4).
func isForcedMark(w string) bool {
	return strings.HasPrefix(w, "вынужд") || strings.HasPrefix(w, "(вынужд") || w == "forced" || w == "(forced"
}

// isLabelWord reports a word that labels the moves after it: "ход", "ваш",
// "вариант", "если" and their English counterparts.
func isLabelWord(t token) bool {
	w := t.word
	switch w {
	case "мой", "мои", "ход", "ходы", "my", "move", "moves", "your", "если", "if", "то", "then", "на", "on", "against", "reply", "answer":
		return true
	}
	for _, s := range []string{"ваш", "тво", "повтор", "repeat", "получ", "receiv", "ответ", "отвеча", "вариант", "variant",
		"предлага", "propos", "suggest", "вынужд", "(вынужд", "forced", "(forced"} {
		if strings.HasPrefix(w, s) {
			return true
		}
	}
	return false
}

// isProseWord reports a word that a heading does not have: any word but a
// label word, a one-letter variant name ("А"), a number, or the few words
// that go with a label ("Мой следующий ход", "Here is my move").
func isProseWord(t token) bool {
	if t.kind != kWord || isLabelWord(t) || len([]rune(t.word)) == 1 {
		return false
	}
	switch t.word {
	case "вот", "новый", "следующий", "очередной", "ниже", "будет", "такой", "белых", "черных", "here", "is", "here's", "this", "the", "next", "new", "below", "will", "be", "and", "и", "white", "black", "white's", "black's":
		return false
	}
	return true
}
