package letter

import "strings"

// Rejection refuses a letter back to a player for a reason the referee
// found (the reader's own refusals are Refusal's): the reason with its
// clause, and the other notes on the letter. The letter itself is kept.
type Rejection struct {
	Envelope
	Reason Problem   // why, with its clause and what to resend
	Others []Problem // the other notes on the letter, each with its clause
}

// Render writes the rejection.
func (r Rejection) Render() Message {
	w := newWriter(r.Envelope)
	w.line(rejectionBody(w, r.Reason, r.Others))
	return w.close(r.Envelope, w.t("Письмо не принято", "Letter not accepted"))
}

// StrangerRejection refuses a letter from an address no player has. The
// sender's language is unknown (often a player writing from another
// address), so it is written in both, the letter's own first.
type StrangerRejection struct {
	Cipher  string
	Lang    Lang   // the letter's language, written first
	Subject string // the refused letter's subject, quoted in the reply's
	Reason  Problem
	Others  []Problem
}

// Render writes the rejection in both languages.
func (r StrangerRejection) Render() Message {
	first, second := Russian, English
	if r.Lang.orDefault() == English {
		first, second = second, first
	}
	part := func(l Lang) string {
		w := &writer{lang: l}
		return w.t("Здравствуйте!\n\n", "Hello,\n\n") + rejectionBody(w, r.Reason, r.Others)
	}
	w := &writer{lang: first}
	return Message{
		Subject: w.t("Письмо не принято / Letter not accepted", "Letter not accepted / Письмо не принято") + ": " + r.Subject,
		Body:    part(first) + "\n\n* * *\n\n" + part(second) + "\n\n" + Signature(first, r.Cipher) + "\n",
	}
}

// rejectionBody says why a letter is not accepted, then lists the other
// notes, each with its clause once.
func rejectionBody(w *writer, reason Problem, others []Problem) string {
	var b strings.Builder
	b.WriteString(w.t("Ваше письмо не принято: ", "Your letter was not accepted: ") + reason.Message(w.lang) +
		w.t(" (п. "+reason.Clause+").", " (clause "+reason.Clause+")."))
	if len(others) > 0 {
		b.WriteString(w.t("\n\nЗамечания к письму:", "\n\nNotes on your letter:"))
		for _, p := range others {
			b.WriteString("\n- " + p.Message(w.lang))
			if p.Clause != "" && !strings.Contains(p.Message(w.lang), p.Clause) {
				b.WriteString(w.t(" (п. ", " (clause ") + p.Clause + ")")
			}
		}
	}
	return b.String()
}

// code is the game code of the envelope's game, as every subject and body writes it.
func (e Envelope) code() string { return FormatGameCode(e.Cipher, e.White, e.Black) }
