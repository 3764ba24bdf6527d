package adjudication

import (
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Letter is a received letter as the referee decides it: read and
// authenticated, its days in its tournament's zone and its thread
// resolved by the store.
type Letter struct {
	From, Subject, Text, MessageID string
	Auth                           corr.Auth
	// Postmark is the day the letter arrived in its tournament's zone;
	// Posted a paper letter's posting date (6.3.1); Forwarded the day a
	// held letter confirmed by its sender is passed on. Zero: none.
	Postmark, Posted, Forwarded timecontrol.Date
	// Thread is the code of the game of the server's letter this one
	// answers, "" when none.
	Thread string
}

// Case is what the store holds that a letter is decided by, all read
// before the decision: the tournament the letter is of and its desk, or
// the held letter it answers. Decide reads nothing else.
type Case struct {
	// Cipher names the tournament the letter is of (corr.PickTournament
	// over the sender's tournaments), "" for none; State and Desk are its.
	Cipher string
	State  corr.State
	Desk   Desk
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
	// own arrival (6.3.1), forwarded on the day of the answer; Case is
	// what it is decided by.
	Letter Letter
	Case   Case
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
	// File files a letter refused unread, for Reason, with Outcome (its
	// events and notices).
	File
)

// Decision is what becomes of a received letter, for the store to write.
type Decision struct {
	Fate Fate
	// Cipher names the tournament the letter is filed under, "" for none.
	Cipher  string
	Reason  letter.Reason
	Outcome corr.Outcome
	Desk    Desk
	State   corr.State
	Person  string        // Hold: the registered address asked
	Ask     corr.Outgoing // Hold: the confirmation request
	Then    *Decision     // Confirm: the held letter's decision
}

// Decide decides letter l by what the store holds of it (c), in order: its answer to a confirmation request
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
func Decide(c Case, l Letter) (Decision, error) {
	if a := c.Confirms; a != nil {
		return confirmed(l, *a)
	}
	if strings.TrimSpace(l.From) == "" {
		// Kept for the secretary and answered to nobody: an answer to "" is a dead letter.
		return Decision{Fate: Ignore, Reason: letter.Because(letter.ReasonNoSender)}, nil
	}
	if c.Cipher == "" {
		return Decision{Fate: Ignore, Reason: letter.Because(letter.ReasonNoTournament)}, nil
	}
	d, err := decide(c, l)
	d.Cipher = c.Cipher
	return d, err
}

// decide decides letter l of tournament c.Cipher (see Decide).
func decide(c Case, l Letter) (Decision, error) {
	s := c.State
	if s.Tournament.RoleOf(l.From) == corr.Stranger && l.Auth.Method != corr.AuthDesk {
		// The organiser the desk names answers protests against the
		// judge's rulings (6.1.12): only a reply key, DMARC or DKIM vouch
		// for it; nothing else is held or asked, it is kept unanswered.
		if !c.Desk.IsOrganiser(l.From) {
			return Decision{Fate: Ignore, Reason: letter.Because(letter.ReasonStranger, l.From, c.Cipher)}, nil
		}
		if m := l.Auth.Method; m != corr.AuthKey && m != corr.AuthDMARC && m != corr.AuthDKIM {
			return Decision{Fate: Ignore, Reason: letter.Because(letter.ReasonOrganiser, l.From, c.Cipher)}, nil
		}
	}
	if !l.Auth.Authenticated() {
		_, why := corr.Trusted(s.Tournament, l.From, l.Auth, corr.Outcome{})
		return held(c, l, why), nil
	}
	obs := corr.Observation{From: l.From, Postmark: l.Postmark, Posted: l.Posted, MessageID: l.MessageID, Subject: l.Subject, Thread: l.Thread, Forwarded: l.Forwarded}
	desk, next, out, err := c.Desk.Referee(s, l.Text, obs)
	if err != nil {
		return Decision{}, err
	}
	if ok, why := corr.Trusted(s.Tournament, l.From, l.Auth, out); !ok {
		return held(c, l, why), nil
	}
	return Decision{Fate: Apply, Desk: desk, State: next, Outcome: out}, nil
}

// Oversized files letter l, of size bytes, over the limit and refused
// unread for reason: under the tournament it is of, whose secretary is
// told, and its sender too when he is a person of it
// (corr.State.Oversized); a letter of no tournament is kept unanswered.
func Oversized(c Case, l Letter, size, limit int64, reason letter.Reason) Decision {
	if c.Cipher == "" {
		return Decision{Fate: File, Reason: reason}
	}
	return Decision{Fate: File, Cipher: c.Cipher, Reason: reason, Outcome: corr.Outcome{Reason: reason,
		Events: []corr.Event{{Kind: "oversized", Detail: reason.String() + " (" + l.From + ")"}},
		Out:    c.State.Oversized(l.From, l.Subject, size, limit, l.Postmark)}}
}

// held holds letter l for reason why and asks its sender, at the address
// he is registered with, to confirm it (corr.State.ConfirmRequest).
func held(c Case, l Letter, why letter.Reason) Decision {
	_, person, _, _ := c.State.Tournament.Person(l.From)
	h := corr.Held{From: l.From, Arrived: l.Postmark, Subject: l.Subject, Text: l.Text, HoldDays: c.HoldDays}
	return Decision{Fate: Hold, Reason: why, Person: person, Ask: c.State.ConfirmRequest(h)}
}

// confirmed decides l, an answer to the confirmation request of held
// letter a: nothing when it waits no more, the held letter dropped when l
// declines it (corr.Declines), else applied.
func confirmed(l Letter, a Confirmation) (Decision, error) {
	switch {
	case !a.Waiting:
		return Decision{Fate: Stale}, nil
	case corr.Declines(l.Text):
		reason, out := a.State.Drop(a.Held, letter.HoldDeclined)
		return Decision{Fate: Drop, Reason: reason, Outcome: out}, nil
	}
	then, err := Decide(a.Case, a.Letter)
	return Decision{Fate: Confirm, Then: &then}, err
}
