package corr

import (
	"strings"
	"time"

	"zaochnik/corr/letter"
)

// Undelivered is what the server writes of its letter u that could not be
// delivered: a notice to the tournament's secretary, in her language, with
// the letter (addressee, game, subject, when, text) so that the addressee
// is reached another way; none when the tournament has no secretary or the
// letter was hers (the notice would not reach her either). An uncertain
// letter (the server stopped while handing it over) may have arrived: she
// is asked to check with the addressee. The times are shown in the
// tournament's zone.
func (t Tournament) Undelivered(u letter.Undelivered) []Outgoing {
	sec := t.Secretary
	if sec.Email == "" || strings.EqualFold(sec.Email, u.To) {
		return nil
	}
	for _, at := range []*time.Time{&u.Queued, &u.Attempted} {
		if !at.IsZero() {
			*at = at.In(t.Location())
		}
	}
	m := letter.DeadLetter{Envelope: letter.Envelope{Lang: letter.LangOf(sec.Language), Cipher: t.Cipher, To: sec.Name}, Letter: u}.Render()
	return []Outgoing{{To: sec.Email, Kind: "undeliverable", Subject: m.Subject, Body: m.Body}}
}
