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
	// Ahead is the letter's reading made before the decision (its text,
	// the options it was read under and the letter read: the referee's
	// reading ahead), nil for none: the decision takes it only when it was
	// read from Text under the options the tournament reads it with
	// (corr.State.ReadAhead), so the decision is the same either way.
	Ahead *letter.Ahead
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

// Decide decides letter l by what the store holds of it (c): it chooses
// the letter's route first (wayOf: an answer to a confirmation request, a
// letter kept unanswered or held, the judge's, the organiser's, a player's
// evaluation, else the referee's), then makes that route's one call. A
// change that the letter's authentication does not vouch for
// (corr.Trusted) is not made: the letter is held and its sender asked to
// confirm it, as is a letter not authenticated at all.
func Decide(c Case, l Letter) (Decision, error) {
	w := wayOf(c, l)
	d := Decision{Fate: Apply, Cipher: w.cipher, Desk: c.Desk, State: c.State}
	var err error
	switch w.route {
	case viaStale:
		return Decision{Fate: Stale}, nil
	case viaDrop:
		a := c.Confirms
		reason, out := a.State.Drop(a.Held, letter.HoldDeclined)
		return Decision{Fate: Drop, Reason: reason, Outcome: out}, nil
	case viaConfirm:
		then, err := Decide(c.Confirms.Case, c.Confirms.Letter)
		return Decision{Fate: Confirm, Then: &then}, err
	case viaIgnore:
		return Decision{Fate: Ignore, Cipher: w.cipher, Reason: w.why}, nil
	case viaJudge:
		d.Desk, d.State, d.Outcome, err = c.Desk.JudgeAnswer(c.State, w.code, w.answer, w.day)
	case viaOrganiser:
		d.Desk, d.State, d.Outcome, err = c.Desk.OrganiserAnswer(c.State, w.code, w.answer, w.day)
	case viaEvaluation:
		d.Desk, d.Outcome, err = c.Desk.Submit(c.State, w.awaited, w.from, w.submitted, w.day)
	case viaReferee:
		d.State, d.Outcome = corr.Apply(c.State, w.read, w.obs)
	}
	if err != nil {
		return Decision{}, err
	}
	if w.route != viaHold {
		var ok bool
		if ok, w.why = corr.Trusted(c.State.Tournament, l.From, l.Auth, d.Outcome); ok {
			if w.route == viaReferee {
				// The desk follows the referee's change once it stands
				// (Trusted reads nothing Follow changes).
				d.Desk, d.Outcome = c.Desk.Follow(d.State, w.from, d.Outcome)
			}
			return d, nil
		}
	}
	// Held, and its sender asked, at the address he is registered with,
	// to confirm it.
	_, person, _, _ := c.State.Tournament.Person(l.From)
	h := corr.Held{From: l.From, Arrived: l.Postmark, Subject: l.Subject, Text: l.Text, HoldDays: c.HoldDays}
	return Decision{Fate: Hold, Cipher: c.Cipher, Reason: w.why, Person: person, Ask: c.State.ConfirmRequest(h)}, nil
}

// TellsServed reports whether oversized letter l of case c, the nth of its
// day (Oversize.Nth), is told to the secretary of every tournament the
// mailbox serves (Oversize.Served, which only then need be read): nothing
// names it, neither a tournament nor a sender, and it is told
// (letter.Told).
func TellsServed(c Case, l Letter, nth int) bool {
	return c.Cipher == "" && l.From == "" && letter.Told(nth)
}

// Served is a tournament the mailbox serves, as told of an oversized
// letter that names none: its state, and the day the letter arrived in
// its zone.
type Served struct {
	State corr.State
	Day   timecontrol.Date
}

// Oversize is what is known of a letter too large to read beside the
// letter itself.
type Oversize struct {
	Size, Limit int64 // bytes
	Reason      letter.Reason
	// Nth is the letter's number among its sender's letters too large
	// filed under its tournament (or none) on its day, 1 for the first.
	Nth int
	// Served are the tournaments the mailbox serves, for a letter that
	// names none.
	Served []Served
	// Automatic is set for an automatic letter (RFC 3834: an
	// auto-reply, a bounce): its sender is not answered.
	Automatic bool
}

// Oversized files letter l, over the limit and refused unread for
// o.Reason: under the tournament it is of, whose secretary is told, and
// its sender too when he is a person of it (corr.State.Oversized) and the
// letter is not automatic. A
// letter of no tournament is kept unanswered, unless nothing names it (no
// sender: its header did not come): then the secretary of every
// tournament served is told, once an address (corr.State.OversizedUnfiled),
// for a letter nobody is told of is lost to all of them. Of a sender's
// letters of a day only the 1st, 2nd, 4th, 8th... are told, each with its
// number (letter.Told): a sender mailing many floods nobody, and each is
// filed all the same, with its event.
func Oversized(c Case, l Letter, o Oversize) Decision {
	if c.Cipher == "" {
		d := Decision{Fate: File, Reason: o.Reason}
		if !TellsServed(c, l, o.Nth) {
			return d
		}
		to := map[string]bool{}
		for _, s := range o.Served {
			n := s.State.OversizedUnfiled(o.Size, o.Limit, s.Day, o.Nth)
			if key := strings.ToLower(n.To); n.To != "" && !to[key] {
				to[key] = true
				d.Outcome.Out = append(d.Outcome.Out, n)
			}
		}
		d.Outcome.Reason = o.Reason
		return d
	}
	detail := o.Reason.String()
	if l.From != "" { // a letter whose header did not come names no sender
		detail += " (" + l.From + ")"
	}
	d := Decision{Fate: File, Cipher: c.Cipher, Reason: o.Reason, Outcome: corr.Outcome{Reason: o.Reason,
		Events: []corr.Event{{Kind: "oversized", Detail: detail}}}}
	if letter.Told(o.Nth) {
		d.Outcome.Out = c.State.Oversized(l.From, l.Subject, o.Size, o.Limit, l.Postmark, o.Nth)
		if o.Automatic {
			d.Outcome.Out = d.Outcome.Out[:1] // the secretary's: an automatic letter is never answered (RFC 3834)
		}
	}
	return d
}
