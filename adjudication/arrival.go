package adjudication

import (
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Arrival is a received letter as the referee decides it: the letter, read
// and authenticated, and what the store holds of it, all read before the
// decision (the tournament the letter is of, the game its thread names).
// Decide reads nothing else.
type Arrival struct {
	From, Subject, Text, MessageID string
	Auth                           corr.Auth
	// Postmark is the day the letter arrived in its tournament's zone;
	// Posted a paper letter's posting date (6.3.1); Forwarded the day a
	// held letter confirmed by its sender is passed on. Zero: none.
	Postmark, Posted, Forwarded timecontrol.Date
	// Cipher names the tournament the letter is of (corr.PickTournament
	// over the sender's tournaments), "" for none; State and Desk are its.
	Cipher string
	State  corr.State
	Desk   Desk
	// Thread is the code of the game of the server's letter this one
	// answers, "" when none.
	Thread string
	// HoldDays is how long a held letter waits for its confirmation.
	HoldDays int
	// Confirms is set when the letter is its sender's answer to the
	// confirmation request of a held letter: it decides that letter.
	Confirms *Confirmation
}

// Confirmation is a held letter whose sender answered the request to
// confirm it.
type Confirmation struct {
	// Waiting is false when the held letter was confirmed, declined or
	// dropped already: the answer changes nothing.
	Waiting bool
	Held    corr.Held
	// State is the held letter's tournament; Day the day of the answer in
	// its zone.
	State corr.State
	Day   timecontrol.Date
	// Letter is the held letter as it is applied once confirmed: on its
	// own arrival (6.3.1), forwarded on the day of the answer.
	Letter Arrival
}

// Fate says what becomes of a letter.
type Fate int

// The fates of a letter.
const (
	// Ignore keeps the letter unanswered, for Reason.
	Ignore Fate = iota
	// Hold keeps it until its sender confirms it, for Reason; Person, the
	// registered address, is sent Ask unless he was asked about another
	// letter that day.
	Hold
	// Apply writes Desk, State and Outcome; the letter is refused when
	// Outcome is not accepted.
	Apply
	// Stale stores an answer to a confirmation request that no held
	// letter waits for any more.
	Stale
	// Drop ends the held letter its sender declined, unapplied, for
	// Reason, with Outcome (the secretary told).
	Drop
	// Confirm marks the held letter confirmed and decides it: Then.
	Confirm
)

// Decision is what becomes of a received letter, for the store to write.
type Decision struct {
	Fate    Fate
	Reason  string
	Outcome corr.Outcome
	Desk    Desk
	State   corr.State
	Person  string        // Hold: the registered address asked
	Ask     corr.Outgoing // Hold: the confirmation request
	Then    *Decision     // Confirm: the held letter's decision
}

// Decide decides letter a, in order: its answer to a confirmation request
// (the held letter applied or dropped), the tournament (the only one its
// sender plays in, else the one it names), whether its sender may be
// answered at all (a stranger, the desk's organiser), whether what vouches
// for him vouches for the change (else it is held), and the change itself
// (the desk and the referee, Desk.Referee).
//
// A letter from an address that is no player, judge or secretary of the
// tournament is kept unanswered (Ignore), unless the secretary put it
// before the referee herself (corr.AuthDesk) or it is the desk's organiser
// vouched for by a reply key, DMARC or DKIM (decisions on protests,
// 6.1.12). A letter that is not authenticated, or whose authentication
// does not vouch for the change it would make (corr.Trusted), is held and
// its sender asked to confirm it.
func Decide(a Arrival) (Decision, error) {
	if c := a.Confirms; c != nil {
		return confirmed(a, *c)
	}
	if strings.TrimSpace(a.From) == "" {
		// Kept for the secretary and answered to nobody: an answer to "" is a dead letter.
		return Decision{Fate: Ignore, Reason: "the sender's address could not be read (neither From nor Return-Path): not answered"}, nil
	}
	if a.Cipher == "" {
		return Decision{Fate: Ignore, Reason: "the sender plays in no tournament here and the letter names none: not answered"}, nil
	}
	s := a.State
	if s.Tournament.RoleOf(a.From) == corr.Stranger && a.Auth.Method != corr.AuthDesk {
		// The organiser the desk names answers protests against the
		// judge's rulings (6.1.12): only a reply key, DMARC or DKIM vouch
		// for it; nothing else is held or asked, it is kept unanswered.
		if !a.Desk.IsOrganiser(a.From) {
			return Decision{Fate: Ignore, Reason: fmt.Sprintf("from %s, who is no player, judge or secretary of %s: not answered", a.From, a.Cipher)}, nil
		}
		if m := a.Auth.Method; m != corr.AuthKey && m != corr.AuthDMARC && m != corr.AuthDKIM {
			return Decision{Fate: Ignore, Reason: fmt.Sprintf("from %s, the organiser of %s, but no reply key, DMARC or DKIM vouches for it: not applied; record the decision at the desk", a.From, a.Cipher)}, nil
		}
	}
	if !a.Auth.Authenticated() {
		_, why := corr.Trusted(s.Tournament, a.From, a.Auth, corr.Outcome{})
		return held(a, why), nil
	}
	obs := corr.Observation{From: a.From, Postmark: a.Postmark, Posted: a.Posted, MessageID: a.MessageID, Subject: a.Subject, Thread: a.Thread, Forwarded: a.Forwarded}
	desk, next, out, err := a.Desk.Referee(s, a.Text, obs)
	if err != nil {
		return Decision{}, err
	}
	if ok, why := corr.Trusted(s.Tournament, a.From, a.Auth, out); !ok {
		return held(a, why), nil
	}
	return Decision{Fate: Apply, Desk: desk, State: next, Outcome: out}, nil
}

// held holds letter a for reason why and asks its sender, at the address
// he is registered with, to confirm it (corr.State.ConfirmRequest).
func held(a Arrival, why string) Decision {
	_, person, _, _ := a.State.Tournament.Person(a.From)
	h := corr.Held{From: a.From, Arrived: a.Postmark, Subject: a.Subject, Text: a.Text, HoldDays: a.HoldDays}
	return Decision{Fate: Hold, Reason: why, Person: person, Ask: a.State.ConfirmRequest(h)}
}

// confirmed decides a's answer to the confirmation request c: nothing
// when no letter waits any more, the held letter dropped when a declines
// it (corr.Declines), else applied.
func confirmed(a Arrival, c Confirmation) (Decision, error) {
	switch {
	case !c.Waiting:
		return Decision{Fate: Stale}, nil
	case corr.Declines(a.Text):
		reason, out := c.State.Drop(c.Held, letter.HoldDeclined)
		return Decision{Fate: Drop, Reason: reason, Outcome: out}, nil
	}
	then, err := Decide(c.Letter)
	return Decision{Fate: Confirm, Then: &then}, err
}
