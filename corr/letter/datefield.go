package letter

import (
	"zaochnik/timecontrol"
)

// date places a date by the words before it: the opponent's sending date,
// the receipt date, or the reply's sending date; unlabelled dates fill the
// three in order (6.3.1). A date without a year takes the year nearest the
// line's own dated date when it has one (no guess to report), else the year
// nearest the postmark (reported).
func (p *parser) date(n int, tk token, label string, line timecontrol.Date) {
	ref := p.opts.Postmark
	if !line.IsZero() {
		ref = line
	}
	d, guessed, ok := readDate(tk.orig, ref)
	if !ok {
		p.report(KindBadDate, n, tk.orig)
		return
	}
	if guessed && line.IsZero() {
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
		if d == ds.Sent {
			return // the letter dated again, as under a signature: nothing to tell
		}
		p.report(KindExtraDate, n, tk.orig)
		return
	}
	*slot = d
}

// lineDate returns the first date of toks written with its year, or the zero date.
func (p *parser) lineDate(toks []token) timecontrol.Date {
	for _, tk := range toks {
		if tk.kind != kDate {
			continue
		}
		if _, _, ys, ok := dateParts(tk.orig); ok && ys != "" {
			if d, _, ok := readDate(tk.orig, p.opts.Postmark); ok {
				return d
			}
		}
	}
	return timecontrol.Date{}
}

// noteGuess tells the sender which year a date without one was given.
func (p *parser) noteGuess(n int, written string) {
	d, guessed, ok := readDate(written, p.opts.Postmark)
	if ok && guessed {
		p.report(KindYearGuessed, n, written, d.Russian())
	}
}
