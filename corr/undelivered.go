package corr

import (
	"strings"

	"zaochnik/corr/letter"
)

// Undelivered is what the server writes of its letter to to (subject) that
// could not be delivered for reason: a notice to the tournament's
// secretary, in her language, so that the addressee is reached another
// way; none when the tournament has no secretary or the letter was hers
// (the notice would not reach her either). An uncertain letter (the
// server stopped while handing it over) may have arrived: she is asked to
// check with the addressee.
func (t Tournament) Undelivered(to, subject, reason string, uncertain bool) []Outgoing {
	sec := t.Secretary
	if sec.Email == "" || strings.EqualFold(sec.Email, to) {
		return nil
	}
	m := letter.DeadLetter{Envelope: letter.Envelope{Lang: letter.LangOf(sec.Language), Cipher: t.Cipher, To: sec.Name},
		Letter: letter.Undelivered{To: to, Subject: subject, Reason: reason, Uncertain: uncertain}}.Render()
	return []Outgoing{{To: sec.Email, Kind: "undeliverable", Subject: m.Subject, Body: m.Body}}
}
