package corr

import (
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Observation is what the server itself saw of a letter; it is
// authoritative over what the letter says (6.3.1).
type Observation struct {
	From     string           // sender's address
	Postmark timecontrol.Date // the day the server received it, in the tournament's zone
	// Posted is, for a paper letter the secretary entered, the posting date
	// on the sender's postmark (6.3.1); zero for e-mail, which is posted the
	// day the server receives it.
	Posted    timecontrol.Date
	MessageID string
	Subject   string
	// Thread is the code of the game whose letter this one answers
	// (In-Reply-To), "" when none.
	Thread string
	// Forwarded is the day the server passes the letter on, when that is
	// not the day it arrived: a letter held until its sender confirmed it
	// counts for him from its arrival (6.3.1) and for the opponent from
	// the day it reached him. Zero: the arrival.
	Forwarded timecontrol.Date
}

// forwarded is the day the opponent receives what the letter passes on.
func (o Observation) forwarded() timecontrol.Date {
	if o.Forwarded.After(o.Postmark) {
		return o.Forwarded
	}
	return o.Postmark
}

// paper reports whether the letter came by post.
func (o Observation) paper() bool { return !o.Posted.IsZero() }

// sent is the day the sender's reply counts as posted (6.3.1): the posting
// postmark of a paper letter, else the day the server received it. A
// posting postmark after the arrival cannot be, so the arrival stands.
func (o Observation) sent() timecontrol.Date {
	if o.paper() && !o.Posted.After(o.Postmark) {
		return o.Posted
	}
	return o.Postmark
}

// Problem is something the referee or the letter reader found in a letter.
type Problem struct {
	Kind   string `json:"kind"`
	Clause string `json:"clause"`
	// Text says what was wrong and what to do, in the sender's language.
	Text string `json:"text,omitempty"`
}

// Event is something that happened to a game or the tournament, for the
// secretary's record.
type Event struct {
	Game   string // game code, "" for the tournament
	Date   timecontrol.Date
	Kind   string
	Clause string
	Detail string
}

// Outgoing is a letter the referee wants sent.
type Outgoing struct {
	To      string
	Kind    string // forward, confirmation, refusal, notice, break, reminder, inquiry, claim, dossier, ruling, start-list, end-of-play
	Game    string // game code, "" for a letter about no single game
	Subject string
	Body    string
	// InReplyTo is the Message-ID of the letter answered, if any.
	InReplyTo string
	// Attach lists Message-IDs of received letters to attach whole (a dossier).
	Attach []string
	// Files are documents made for the letter (a diagram, a PDN record),
	// attached after the letters.
	Files []File
}

// File is a document attached to an outgoing letter.
type File struct {
	Name        string // the file name the recipient sees: "1-2.pdn"
	ContentType string // "image/png", "application/x-pdn"
	Data        []byte
}

// Outcome is what applying a letter, a day or a ruling decided.
type Outcome struct {
	// Accepted is false when the letter was refused; Reason says why
	// (letter.RuleReason), written in each reader's language where it is
	// shown.
	Accepted bool
	Reason   letter.Reason
	// Game is the code of the game the letter was applied to, if found.
	Game     string
	Problems []Problem
	Events   []Event
	// Cancelled are the games the step cancelled (a re-draw, 1.15.8), as
	// they were, with the status Cancelled; the new state no longer holds
	// them and the store keeps their rows marked cancelled.
	Cancelled []Game
	Out       []Outgoing
	// Claims are the claims filed (game code and claim number).
	Claims []ClaimRef
}

// ClaimRef names a claim: the game and the claim's number in it.
type ClaimRef struct {
	Game string
	Seq  int
}
