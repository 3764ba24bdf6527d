package letter

import (
	"zaochnik/timecontrol"
)

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
		if d == ds.Sent {
			return // the letter dated again, as under a signature: nothing to tell
		}
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
