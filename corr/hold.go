package corr

import (
	"strings"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Person returns the registered name, address and language of addr in the
// tournament (a player, the judge or the secretary); ok is false for a
// stranger. The address is written as registered.
func (t Tournament) Person(addr string) (name, email string, lang letter.Lang, ok bool) {
	if p, found := t.PlayerByEmail(addr); found {
		return p.Name, p.Email, letter.LangOf(p.Language), true
	}
	switch t.RoleOf(addr) {
	case RoleJudge:
		return t.Judge.Name, t.Judge.Email, letter.LangOf(t.Judge.Language), true
	case RoleSecretary:
		return t.Secretary.Name, t.Secretary.Email, letter.LangOf(t.Secretary.Language), true
	}
	return "", "", letter.Russian, false
}

// Held describes a letter kept until its sender confirms it.
type Held struct {
	From     string           // the address it claimed, a person of the tournament
	Arrived  timecontrol.Date // the day it arrived: if confirmed, it counts from then
	Subject  string
	Text     string
	HoldDays int // days the confirmation is waited for
}

// Deadline is the last day a confirmation of h is taken.
func (h Held) Deadline() timecontrol.Date { return h.Arrived.AddDays(h.HoldDays) }

// Expired reports whether no confirmation can come any more on day.
func (h Held) Expired(day timecontrol.Date) bool { return day.After(h.Deadline()) }

// ConfirmRequest is the one letter a held letter's registered address gets:
// it quotes the letter and says how to confirm or refuse it. It goes to the
// registered address, never to another (no backscatter).
func (s State) ConfirmRequest(h Held) Outgoing {
	name, email, lang, _ := s.Tournament.Person(h.From)
	msg := letter.ConfirmRequest{Envelope: letter.Envelope{Lang: lang, Cipher: s.Tournament.Cipher, To: name},
		Arrived: h.Arrived, Subject: h.Subject, Text: h.Text, Deadline: h.Deadline()}.Render()
	return Outgoing{To: email, Kind: "confirm-request", Subject: msg.Subject, Body: msg.Body}
}

// HoldDropped tells the secretary, in her language, that a held letter
// was not applied.
func (s State) HoldDropped(h Held, why letter.HoldOutcome) Outgoing {
	sec := s.Tournament.Secretary
	msg := letter.HoldDropped{Envelope: letter.Envelope{Lang: letter.LangOf(sec.Language), Cipher: s.Tournament.Cipher, To: sec.Name},
		From: h.From, Arrived: h.Arrived, Subject: h.Subject, Outcome: why, HoldDays: h.HoldDays}.Render()
	return Outgoing{To: sec.Email, Kind: "hold-dropped", Subject: msg.Subject, Body: msg.Body}
}

// Oversized tells the secretary, and the sender when he is a person of the
// tournament, each in their language, of a letter too large to read, the
// nth of its sender's that day; it was filed unread. The secretary's
// notice comes first.
func (s State) Oversized(from, subject string, size, limit int64, day timecontrol.Date, nth int) []Outgoing {
	o := letter.Oversized{Envelope: letter.Envelope{Cipher: s.Tournament.Cipher},
		From: from, Subject: subject, Size: size, Limit: limit, ArrivedOnDate: day, Nth: nth}
	out := []Outgoing{s.oversizedToSecretary(o)}
	if name, email, lang, ok := s.Tournament.Person(from); ok && !strings.EqualFold(email, s.Tournament.Secretary.Email) {
		o.Envelope, o.ToSender = letter.Envelope{Lang: lang, Cipher: s.Tournament.Cipher, To: name}, true
		msg := o.Render()
		out = append(out, Outgoing{To: email, Kind: "oversized", Subject: msg.Subject, Body: msg.Body})
	}
	return out
}

// OversizedUnfiled tells the secretary of s, in her language, of a letter
// too large to read that names no tournament (its header did not come,
// and the mailbox serves several): under none, for the secretary of each
// of them is told; the nth such letter of that day. It was filed unread.
func (s State) OversizedUnfiled(size, limit int64, day timecontrol.Date, nth int) Outgoing {
	return s.oversizedToSecretary(letter.Oversized{Size: size, Limit: limit, ArrivedOnDate: day, Unfiled: true, Nth: nth})
}

// oversizedToSecretary is notice o of a letter too large sent to the
// secretary, in her language: the one place both notices of hers are
// addressed (Oversized, OversizedUnfiled).
func (s State) oversizedToSecretary(o letter.Oversized) Outgoing {
	sec := s.Tournament.Secretary
	o.Envelope.Lang, o.Envelope.To = letter.LangOf(sec.Language), sec.Name
	msg := o.Render()
	return Outgoing{To: sec.Email, Kind: "oversized", Subject: msg.Subject, Body: msg.Body}
}

// Declines reports whether the text of a reply to a confirmation request
// refuses the held letter: its first own line (above any quote) says no in
// any common way («нет», «не отправлял», "no", "not me", «отмена»). Any
// other reply, an empty one included, confirms: it carries the request's
// key, which only the registered address received.
func Declines(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.ToLower(strings.TrimSpace(l))
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, ">") {
			return false
		}
		for _, w := range strings.FieldsFunc(l, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'а' && r <= 'я' || r == 'ё') }) {
			switch w {
			case "нет", "не", "no", "not", "never", "отмена", "отменить", "отменяю", "cancel", "подделка", "forged", "fake":
				return true
			}
		}
		return false
	}
	return false
}
