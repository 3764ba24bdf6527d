package letter

import (
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
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
	var label, run []token
	forced := false
	// runLabel is the label of the last run: a date right after the moves
	// takes it ("Получил ваш ход 5...f6-g5 14.03").
	var runLabel []token
	flush := func() {
		if len(run) > 0 {
			p.run(n, r, run, forced)
			run, forced = nil, false
			understood = true
		}
	}
	for i, tk := range toks {
		switch tk.kind {
		case kWord, kInt, kSep:
			flush()
			if tk.kind == kInt && len(label) > 0 {
				words.side(label[len(label)-1].word, tk.orig)
			}
			label = append(label, tk)
		case kMove, kNumber:
			if a, b, ok := strings.Cut(tk.orig, "-"); ok && len(run) == 0 && isInt(a) && isInt(b) &&
				hasAnyStem(phrase(label), "врем", "time", "затрач") {
				// "Время: 44-39" is a time, not a numeric move.
				p.fraction(token{orig: a + "/" + b, kind: kFraction})
				label, understood = nil, true
				continue
			}
			if len(run) == 0 {
				runLabel = label
			}
			if len(label) > 0 {
				var f bool
				r, f = p.applyLabel(n, label, r, i == len(label))
				forced = forced || f
				label = nil
			}
			run = append(run, tk)
		case kDate:
			flush()
			if len(label) == 0 {
				label = runLabel
			}
			p.date(n, tk, phrase(label))
			label, runLabel = nil, nil
			understood = true
		case kFraction:
			flush()
			p.fraction(tk)
			label = nil
			understood = true
		}
	}
	flush()
	if words.white >= 0 && words.black >= 0 && hasAnyStem(phrase(toks), "врем", "time", "затрач", "итог", "всего", "суммар") {
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
	w := phrase(label)
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
	if len(label) > 4 && !last.colon {
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
	w := phrase(label)
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
	words := strings.Fields(w)
	for k, x := range words {
		switch {
		case x == "если" || x == "if":
			next = roleVariantIf
		case x == "то" || x == "then":
			next = roleVariant
		case x == "на" || x == "on" || x == "against":
			if k == len(words)-1 {
				next = roleVariantIf
			}
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
		}
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

// newVariant opens a variant; an empty unlabelled variant already open is reused.
func (p *parser) newVariant(n int, label string) {
	if p.cur >= 0 && p.cur < len(p.l.Variants) && len(p.l.Variants[p.cur].Moves) == 0 && p.l.Variants[p.cur].Cut == "" &&
		(p.l.Variants[p.cur].Label == "" || label == "") {
		if label != "" {
			p.l.Variants[p.cur].Label = label
		}
		return
	}
	p.l.Variants = append(p.l.Variants, Variant{Label: label, Line: n})
	p.cur = len(p.l.Variants) - 1
}

// run reads a run of move tokens in role r.
func (p *parser) run(n int, r role, run []token, forced bool) {
	ms, bad := readMoves(n, run, forced, p.opts.Board)
	switch r {
	case roleVariant, roleVariantIf:
		p.variantMoves(n, r, ms, bad)
		return
	}
	for _, b := range bad {
		if r == roleUntil {
			break
		}
		p.report(KindUnreadableMove, n, b)
	}
	if r != roleUntil {
		for _, m := range ms {
			if m.Text.Abbreviated {
				p.report(KindAbbreviated, n, m.Text.String())
			}
		}
	}
	switch r {
	case roleRepeat:
		p.l.Repeated = p.appendMoves(n, p.l.Repeated, ms)
	case roleOwn:
		p.l.Moves = p.appendMoves(n, p.l.Moves, ms)
	case roleAccept:
		p.l.Accepted.Moves = p.appendMoves(n, p.l.Accepted.Moves, ms)
	case roleUntil:
		if len(ms) > 0 {
			u := ms[0]
			p.l.Accepted.Until = &u
			p.l.Moves = p.appendMoves(n, p.l.Moves, ms[1:])
		}
	default:
		p.defaultRun(n, ms)
	}
}

// defaultRun places an unlabelled run: the opponent's moves repeated first,
// then the writer's own (6.2.3 orders them so).
func (p *parser) defaultRun(n int, ms []Move) {
	split := 0
	switch {
	case len(ms) == 0:
	case p.opts.Sender != SideUnknown && ms[0].Number > 0:
		own := p.opts.Sender == Black
		for split < len(ms) && ms[split].Black != own {
			split++
		}
	case len(p.l.Repeated) > 0 || p.l.Accepted != nil || len(p.l.Moves) > 0:
	case ms[0].Number == 1 && !ms[0].Black:
	case len(ms) >= 2:
		split = 1
	}
	p.l.Repeated = p.appendMoves(n, p.l.Repeated, ms[:split])
	p.l.Moves = p.appendMoves(n, p.l.Moves, ms[split:])
}

// variantMoves adds moves to the current variant, or opens one. A run after
// "если"/"на" opens a new variant unless it continues the current one. An
// unreadable or abbreviated move cuts the variant there (6.2.12).
func (p *parser) variantMoves(n int, r role, ms []Move, bad []string) {
	if p.cur < 0 || p.cur >= len(p.l.Variants) {
		p.newVariant(n, "")
	}
	v := &p.l.Variants[p.cur]
	if r == roleVariantIf && len(v.Moves) > 0 && len(ms) > 0 && !follows(v.Moves[len(v.Moves)-1], ms[0]) {
		p.newVariant(n, "")
		v = &p.l.Variants[p.cur]
	}
	if v.Cut != "" {
		return
	}
	for _, m := range ms {
		if m.Text.Abbreviated {
			p.cutVariant(n, v, m.Text.String())
			return
		}
		v.Moves = p.appendMoves(n, v.Moves, []Move{m})
	}
	if len(bad) > 0 {
		p.cutVariant(n, v, bad[0])
	}
}

// cutVariant stops a variant at an unreadable move (6.2.12).
func (p *parser) cutVariant(n int, v *Variant, text string) {
	v.Cut = text
	name := v.Label
	if name == "" {
		name = "№" + itoa(p.cur+1)
	}
	p.report(KindVariantCut, n, text, name)
}

// follows reports whether b can be the move after a, by their numbers.
func follows(a, b Move) bool {
	if a.Number == 0 || b.Number == 0 {
		return true
	}
	if a.Black {
		return b.Number == a.Number+1 && !b.Black
	}
	return b.Number == a.Number && b.Black
}

// readMoves reads a run of move tokens, numbering each move as written or
// as implied by the move before it. Reading stops at the first move that
// cannot be read; bad holds its text (and nothing when all were read).
func readMoves(n int, run []token, forced bool, board int) (ms []Move, bad []string) {
	num, black, known := 0, false, false
	for _, tk := range run {
		if tk.number > 0 {
			num, black, known = tk.number, tk.black, true
		}
		if tk.kind == kNumber {
			continue
		}
		mt, err := draughts.ParseMoveText(tk.move)
		if err != nil || !onBoard(mt, board) {
			return ms, []string{tk.orig}
		}
		m := Move{Text: mt, Forced: forced, Line: n}
		if known {
			m.Number, m.Black = num, black
		}
		forced = false
		ms = append(ms, m)
		if known {
			if black {
				num++
			}
			black = !black
		}
	}
	if forced && len(ms) > 0 {
		ms[len(ms)-1].Forced = true
	}
	return ms, nil
}

// onBoard reports whether a move's squares exist on a board of the given
// size (0: any): 8x8 is written a1-h8, 10x10 either a1-j10 or 1-50.
func onBoard(mt draughts.MoveText, board int) bool {
	for _, sq := range mt.Squares {
		switch {
		case board == 8 && (sq.Number > 0 || sq.File > 8 || sq.Rank > 8):
			return false
		case board == 10 && sq.Number == 0 && (sq.File > 10 || sq.Rank > 10):
			return false
		}
	}
	return true
}

// appendMoves appends ms to list, numbering unnumbered moves from the move
// before them and reporting numbers that do not follow (6.2.14).
func (p *parser) appendMoves(n int, list, ms []Move) []Move {
	for _, m := range ms {
		if len(list) > 0 {
			prev := list[len(list)-1]
			switch {
			case m.Number == 0 && prev.Number > 0:
				m.Number, m.Black = prev.Number, true
				if prev.Black {
					m.Number, m.Black = prev.Number+1, false
				}
			case !follows(prev, m):
				p.report(KindMoveNumber, n, m.String(), prev.String())
			}
		}
		list = append(list, m)
	}
	return list
}

// date places a date by the words before it: the opponent's sending date,
// the receipt date, or the reply's sending date; unlabelled dates fill the
// three in order (6.3.1).
func (p *parser) date(n int, tk token, label string) {
	d, guessed, ok := readDate(tk.orig, p.opts.Postmark)
	if !ok {
		p.report(KindBadDate, n, tk.orig)
		return
	}
	if guessed {
		p.noteGuess(n, tk.orig)
	}
	ds := &p.l.Dates
	var slot *timecontrol.Date
	switch {
	case hasAnyStem(label, "получ", "receiv", "got", "пришл", "arriv"):
		slot = &ds.Received
	case hasAnyStem(label, "партнер", "соперник", "opponent", "ваш", "тво", "тоб", "your", "you"):
		slot = &ds.OpponentSent
	case hasAnyStem(label, "отправ", "отпр", "отосл", "отсыл", "послан", "sent", "send", "dispatch", "post", "mail", "ответ", "reply", "отвеч"):
		slot = &ds.Sent
	}
	if slot != nil && !slot.IsZero() {
		// Labelled twice, or labelled after the date ("14.03 (получено)"):
		// the next free date takes it.
		slot = nil
	}
	for _, s := range []*timecontrol.Date{&ds.OpponentSent, &ds.Received, &ds.Sent} {
		if slot == nil && s.IsZero() {
			slot = s
		}
	}
	if slot == nil {
		p.report(KindExtraDate, n, tk.orig)
		return
	}
	*slot = d
}

// noteGuess tells the sender which year a date without one was given.
func (p *parser) noteGuess(n int, written string) {
	d, guessed, ok := readDate(written, p.opts.Postmark)
	if ok && guessed {
		p.report(KindYearGuessed, n, written, d.Russian())
	}
}

// fraction records the time fraction, White over Black; the first one counts.
func (p *parser) fraction(tk token) {
	if p.l.Time != nil {
		return
	}
	a, b, _ := strings.Cut(tk.orig, "/")
	p.l.Time = &TimeFraction{White: atoi(a), Black: atoi(b)}
}
