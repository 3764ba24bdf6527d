package corr

import (
	"fmt"

	"zaochnik/corr/letter"
)

// Drop is what ends held letter h unapplied (declined by its sender, or
// expired unconfirmed): the reason it is refused for, the event recorded
// and the secretary's notice (HoldDropped).
func (s State) Drop(h Held, why letter.HoldOutcome) (reason string, out Outcome) {
	reason = "not applied: its sender answered that he did not send it"
	if why == letter.HoldExpired {
		reason = fmt.Sprintf("not applied: no confirmation came within %d days", h.HoldDays)
	}
	return reason, Outcome{
		Events: []Event{{Kind: "hold-" + string(why), Detail: reason + " (" + h.From + ")"}},
		Out:    []Outgoing{s.HoldDropped(h, why)},
	}
}
