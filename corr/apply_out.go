package corr

import (
	"zaochnik/corr/letter"
)

// lang is the language to answer the sender in.
func (a *applier) lang() letter.Lang {
	if a.from.Number != 0 {
		return a.s.lang(a.from.Number)
	}
	if a.l.Language == letter.English {
		return letter.English
	}
	return letter.Russian
}

func (a *applier) problem(kind, clause, text string) {
	for _, p := range a.out.Problems {
		if p.Kind == kind && p.Clause == clause && (p.Text == text || kind != "date-differs") {
			return // the reader and the referee may both see it
		}
	}
	a.out.Problems = append(a.out.Problems, Problem{Kind: kind, Clause: clause, Text: text})
}

func (a *applier) event(kind, clause, detail string) {
	code := ""
	if a.g != nil {
		code = a.g.Code
	}
	a.out.Events = append(a.out.Events, Event{Game: code, Date: a.obs.Postmark, Kind: kind, Clause: clause, Detail: detail})
}

// refuse refuses the letter back to its sender with the reason and what to
// resend; the letter itself is kept by the store.
func (a *applier) refuse(kind, clause, ru, en string) {
	a.out.Accepted = false
	a.out.Reason = tr(a.lang(), ru, en)
	var others []Problem
	for _, p := range a.out.Problems {
		if p.Kind != kind {
			others = append(others, p)
		}
	}
	a.problem(kind, clause, a.out.Reason)
	a.event("refused", clause, a.out.Reason)
	body := func(l letter.Lang) string {
		return tr(l, "Ваше письмо не принято: ", "Your letter was not accepted: ") + tr(l, ru, en) +
			tr(l, " (п. "+clause+").", " (clause "+clause+").") + problemLines(l, others)
	}
	if a.from.Number == 0 {
		// A stranger's language is unknown (often a player writing from
		// another address): both languages, the letter's own first.
		first, second := letter.Russian, letter.English
		if a.lang() == letter.English {
			first, second = second, first
		}
		part := func(l letter.Lang) string { return tr(l, "Здравствуйте!\n\n", "Hello,\n\n") + body(l) }
		a.out.Out = append(a.out.Out, Outgoing{To: a.obs.From, Kind: "refusal", InReplyTo: a.obs.MessageID,
			Subject: tr(first, "Письмо не принято / Letter not accepted", "Letter not accepted / Письмо не принято") + ": " + a.obs.Subject,
			Body:    part(first) + "\n\n* * *\n\n" + part(second) + a.s.sign(first)})
		return
	}
	l := a.lang()
	if r := a.refusal; r != nil {
		r.Envelope = a.s.envelope(a.from.Number, a.g)
		r.Problems = append([]letter.Problem(nil), r.Problems...)
		for _, p := range a.l.Problems {
			if p.Kind != letter.KindUnknownLine {
				r.Problems = append(r.Problems, p)
			}
		}
		o := a.s.rendered(a.from.Number, a.g, "refusal", r.Render())
		o.InReplyTo = a.obs.MessageID
		a.out.Out = append(a.out.Out, o)
		return
	}
	o := a.s.notice(a.from.Number, a.g, "refusal", a.obs.MessageID, "письмо не принято", "letter not accepted", "", "")
	o.Body = a.s.greet(a.from.Number) + body(l) + a.s.sign(l)
	a.out.Out = append(a.out.Out, o)
}
