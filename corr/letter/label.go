package letter

import (
	"strings"
)

// tokenTexts returns the tokens as written.
func tokenTexts(ts []token) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.orig
	}
	return out
}

// isAcceptance reports a label accepting a variant.
func isAcceptance(w string) bool {
	return hasAnyStem(w, "вариант", "variant", "вар") && hasAnyStem(w, "принят", "приним", "accept", "согла")
}

// accept records an acceptance; the label letter names the variant.
func (p *parser) accept(n int, label []token) {
	if p.l.Accepted == nil {
		p.l.Accepted = &Acceptance{Line: n}
	}
	if l := labelLetter(label); l != "" {
		p.l.Accepted.Label = l
	}
}

// applyLabel returns the role the words before a run give it, and whether
// they mark the next move forced. atStart is true when the label begins
// the line.
func (p *parser) applyLabel(n int, label []token, r role, atStart bool) (role, bool) {
	// Words about a draw ("предлагаю ничью, мой ход ...") say nothing
	// about the moves after them.
	for k := len(label) - 1; k >= 0; k-- {
		if strings.HasPrefix(label[k].word, "ничь") || strings.HasPrefix(label[k].word, "draw") {
			label = label[k+1:]
			atStart = false
			break
		}
	}
	w := p.phraseOf(label)
	forced := hasAnyStem(w, "вынужд", "forced", "(вынужд", "(forced")
	switch {
	case w == "":
		return r, forced
	case isAcceptance(w):
		p.accept(n, label)
		if hasWord(w, "до", "until", "up", "upto", "по") {
			return roleUntil, forced
		}
		return roleAccept, forced
	}
	// The last keyword decides: "Мой ответ на ваш ход" is a repetition label
	// only if nothing after "ваш" says otherwise.
	next := r
	lastOn := false // the label ends with "на" ("on", "against")
	for x := range strings.FieldsSeq(w) {
		lastOn = false
		switch {
		case x == "если" || x == "if":
			next = roleVariantIf
		case x == "то" || x == "then":
			next = roleVariant
		case x == "на" || x == "on" || x == "against":
			lastOn = true
		case strings.HasPrefix(x, "вариант") || strings.HasPrefix(x, "variant"):
			next = roleVariantIf
			p.newVariant(n, labelLetter(label))
		case strings.HasPrefix(x, "предлага") || strings.HasPrefix(x, "propos") || strings.HasPrefix(x, "suggest"):
			if next != roleVariantIf && next != roleVariant {
				next = roleVariantIf
				p.newVariant(n, "")
			} else {
				next = roleVariant
			}
		case strings.HasPrefix(x, "ваш") || strings.HasPrefix(x, "тво") || x == "your" || strings.HasPrefix(x, "повтор") || strings.HasPrefix(x, "repeat") ||
			strings.HasPrefix(x, "получ") || strings.HasPrefix(x, "receiv") || strings.HasPrefix(x, "партнер") ||
			strings.HasPrefix(x, "соперник") || strings.HasPrefix(x, "opponent"):
			next = roleRepeat
		case x == "мой" || x == "мои" || x == "my" || strings.HasPrefix(x, "ответ") || strings.HasPrefix(x, "отвеча") ||
			x == "reply" || x == "answer" || x == "играю" || x == "play" || x == "делаю":
			next = roleOwn
		case (x == "ход" || x == "ходы" || x == "move" || x == "moves") && next == roleDefault:
			next = roleOwn
		case x == "вместо" || x == "взамен" || x == "instead":
			// The words of a correction name the move it replaces
			// (6.2.10): that move is not written again.
			next = roleReplaced
		}
	}
	if lastOn {
		next = roleVariantIf
	}
	if atStart && len(label) <= 2 && label[len(label)-1].colon && next == r && p.variants {
		// "А)" or "1)" opening a line under "Варианты:".
		p.newVariant(n, strings.ToUpper(strings.Trim(label[len(label)-1].orig, ":)")))
		return roleVariantIf, forced
	}
	return next, forced
}

// labelLetter finds a variant's label: the one-letter word after
// "вариант"/"variant", or a one-letter word alone ("А)").
func labelLetter(label []token) string {
	for k, tk := range label {
		if (strings.HasPrefix(tk.word, "вариант") || strings.HasPrefix(tk.word, "variant")) && k+1 < len(label) {
			if s := label[k+1].orig; len([]rune(s)) == 1 || isInt(s) {
				return strings.ToUpper(s)
			}
		}
	}
	if len(label) == 1 && label[0].colon {
		if s := label[0].orig; len([]rune(s)) == 1 {
			return strings.ToUpper(s)
		}
	}
	return ""
}

// hasLabelLetter reports whether a label names a variant by its letter.
func hasLabelLetter(label []token) bool { return labelLetter(label) != "" }
