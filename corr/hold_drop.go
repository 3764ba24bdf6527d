package corr

import "zaochnik/corr/letter"

// Drop is what ends held letter h unapplied (declined by its sender, or
// expired unconfirmed): the reason it is refused for, the event recorded
// and the secretary's notice (HoldDropped).
func (s State) Drop(h Held, why letter.HoldOutcome) (reason letter.Reason, out Outcome) {
	reason = letter.Because(letter.ReasonDeclined)
	if why == letter.HoldExpired {
		reason = letter.Because(letter.ReasonExpired, h.HoldDays)
	}
	return reason, Outcome{
		Events: []Event{{Kind: "hold-" + string(why), Detail: reason.String() + " (" + h.From + ")"}},
		Out:    []Outgoing{s.HoldDropped(h, why)},
	}
}
