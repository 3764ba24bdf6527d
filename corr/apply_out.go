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

// note records a finding of the referee, in the sender's language.
func (a *applier) note(p letter.Problem) { a.problem(string(p.Kind), p.Clause, p.Message(a.lang())) }

// refuse refuses the letter back to its sender with the reason and what to
// resend; the letter itself is kept by the store.
func (a *applier) refuse(why letter.Problem) {
	kind, clause := string(why.Kind), why.Clause
	a.out.Accepted = false
	a.out.Reason = letter.RuleReason(why)
	text := why.Message(a.lang())
	var others []letter.Problem
	for _, p := range a.out.Problems {
		if p.Kind != kind {
			others = append(others, letter.Problem{Kind: letter.Kind(p.Kind), Clause: p.Clause, Ru: p.Text, En: p.Text})
		}
	}
	a.problem(kind, clause, text)
	a.event("refused", clause, text)
	if a.from.Number == 0 {
		m := letter.StrangerRejection{Cipher: a.s.Tournament.Cipher, Lang: a.lang(), Subject: a.obs.Subject, Reason: why, Others: others}.Render()
		a.out.Out = append(a.out.Out, Outgoing{To: a.obs.From, Kind: "refusal", InReplyTo: a.obs.MessageID, Subject: m.Subject, Body: m.Body})
		return
	}
	var m letter.Message
	if r := a.refusal; r != nil {
		r.Envelope = a.s.envelope(a.from.Number, a.g)
		r.Problems = append([]letter.Problem(nil), r.Problems...)
		for _, p := range a.l.Problems {
			if p.Kind != letter.KindUnknownLine {
				r.Problems = append(r.Problems, p)
			}
		}
		m = r.Render()
	} else {
		m = letter.Rejection{Envelope: a.s.envelope(a.from.Number, a.g), Reason: why, Others: others}.Render()
	}
	o := a.s.rendered(a.from.Number, a.g, "refusal", m)
	o.InReplyTo = a.obs.MessageID
	a.out.Out = append(a.out.Out, o)
}
