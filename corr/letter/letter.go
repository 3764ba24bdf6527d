// Package letter is the letter language of correspondence draughts: it reads
// the text of a move letter as players write it (clause 6.2.3 of the rules:
// cipher, repeated moves, the move, variants, three dates, time fraction) into
// a Letter, and renders every letter the server sends, in Russian or English.
//
// The package is syntactic: it does not know the position. It reads moves
// with corr/draughts' notation reader and leaves legality to the referee
// (corr). It is a pure core: no I/O, no clock, no globals.
package letter

import (
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// Lang is the language of a letter: "ru" (the default) or "en".
type Lang string

// The two languages the server reads and writes.
const (
	Russian Lang = "ru"
	English Lang = "en"
)

// orDefault returns l, or Russian when l is not a known language.
func (l Lang) orDefault() Lang {
	if l == English {
		return English
	}
	return Russian
}

// LangOf is the language of the server's letters to a person who asked
// for code (a tournament file's language of a player, the judge or the
// secretary): English for "en", Russian for anything else, the default.
// It is the one place the house chooses a language; everything shown to a
// person in Russian or English goes through it or ParseLang.
func LangOf(code string) Lang { return Lang(code).orDefault() }

// ParseLang reads a language a user wrote (a --lang flag, a tournament
// file): "ru" or "en"; ok is false for anything else, and lang is then
// Russian.
func ParseLang(s string) (lang Lang, ok bool) {
	switch l := Lang(s); l {
	case Russian, English:
		return l, true
	}
	return Russian, false
}

// IsEnglish reports whether l is English (anything else is Russian).
func (l Lang) IsEnglish() bool { return l.orDefault() == English }

// Ledger is l as the ledger (timecontrol) writes its explanations.
func (l Lang) Ledger() timecontrol.Lang {
	if l.IsEnglish() {
		return timecontrol.English
	}
	return timecontrol.Russian
}

// Side is a player's colour as the caller knows it.
type Side int

// Sides; SideUnknown when the caller does not know who wrote the letter.
const (
	SideUnknown Side = iota
	White
	Black
)

// Options carry what the caller knows about a letter. The zero value reads a
// letter with no context: dates without a year stay unset and are reported.
type Options struct {
	// Subject is the e-mail subject; it is read for the cipher and game code.
	Subject string
	// Postmark is the date the server received the letter; a date written
	// without a year takes the year that puts it nearest to the postmark.
	Postmark timecontrol.Date
	// Ciphers lists the known tournament ciphers, recognised anywhere.
	Ciphers []string
	// Sender is the colour of the writer, when known: it splits an unlabelled
	// run of moves into the opponent's repeated moves and the writer's own.
	Sender Side
	// Board is the board's size when known (zero: any): on 10x10 numeric
	// moves are expected and alphanumeric ones still read; on 8x8 and 10x8
	// only squares of the board written with letters read as moves.
	Board Board
	// Language is the sender's preferred language; empty: detected.
	Language Lang
}

// Board is a board's size in squares: {8, 8}, {10, 10} or {10, 8}.
type Board struct{ Width, Height int }

// Letter is a move letter as read. Moves are syntactic (draughts.MoveText):
// legality is the referee's business.
type Letter struct {
	// Language is the sender's language: replies are written in it.
	Language Lang `json:"language"`
	// Greeting is the greeting line as written (6.2.3).
	Greeting string `json:"greeting,omitempty"`
	// Game identifies the game: cipher, start numbers, surnames or game code.
	Game GameRef `json:"game"`
	// Repeated is the repetition of the opponent's new move(s) (6.2.3).
	Repeated []Move `json:"repeated,omitempty"`
	// Accepted is the acceptance of the opponent's variant, if any (6.2.13).
	Accepted *Acceptance `json:"accepted,omitempty"`
	// Moves are the writer's own moves in order, with the opponent's forced
	// replies between them as the writer wrote them (6.2.4).
	Moves []Move `json:"moves,omitempty"`
	// Variants are the proposed variants (6.2.7).
	Variants []Variant `json:"variants,omitempty"`
	// Dates are the three dates of 6.3.1.
	Dates Dates `json:"dates"`
	// Time is the time fraction, White over Black (6.3.1); nil when absent.
	Time *TimeFraction `json:"time,omitempty"`
	// Break is a break announced with the phrase of 6.4.3; nil when absent.
	Break *Break `json:"break,omitempty"`
	// Draw is an offer, acceptance or refusal of a draw.
	Draw DrawAction `json:"draw,omitempty"`
	// Resign is true when the writer resigns the game.
	Resign bool `json:"resign,omitempty"`
	// OverstepClaim is true when the writer claims the opponent overstepped (6.3.6).
	OverstepClaim bool `json:"overstep_claim,omitempty"`
	// Protest is the text of a protest (6.1.12, 6.3.8), empty when none.
	Protest string `json:"protest,omitempty"`
	// LedgerRequest is true when the writer asks for the time ledger.
	LedgerRequest bool `json:"ledger_request,omitempty"`
	// Signature holds the sign-off, name and return address lines.
	Signature []string `json:"signature,omitempty"`
	// Unknown are the lines the reader could not place; they are not
	// forwarded (6.2.6).
	Unknown []Line `json:"unknown,omitempty"`
	// Problems are everything the sender should hear about, in line order.
	Problems []Problem `json:"problems,omitempty"`
	// SplitRun is true when a run of moves without a label was split into
	// the repetition and the writer's own moves: only then does the letter
	// read differently once Options.Sender is known.
	SplitRun bool `json:"-"`
}

// Move is one move as written in a letter.
type Move struct {
	// Number is the move number, written or implied by the move before it
	// ("6.c3-d4 g5-h4": both 6); 0 when neither says it.
	Number int `json:"number,omitempty"`
	// Black is true for Black's move ("5...f6-g5", or the second of a pair);
	// meaningless when Number is 0.
	Black bool `json:"black,omitempty"`
	// Text is the move itself (in JSON: its canonical string).
	Text draughts.MoveText `json:"-"`
	// Forced marks a move written as forced ("(вынужденно)", 6.2.4).
	Forced bool `json:"forced,omitempty"`
	// Line is the line of the letter it was read from (1-based; in an HTML
	// letter, of its text).
	Line int `json:"line,omitempty"`
}

// Variant is a proposed variant: a line of moves starting with the opponent's
// next move (6.2.7).
type Variant struct {
	// Label is the label as written ("А", "B"), empty when unlabelled.
	Label string `json:"label,omitempty"`
	// Moves are the variant's moves in order, numbered.
	Moves []Move `json:"moves"`
	// Cut is the text of the move that could not be read; the variant stands
	// up to it (6.2.12). Empty when the whole variant was read.
	Cut string `json:"cut,omitempty"`
	// Line is the line the variant starts on.
	Line int `json:"line,omitempty"`
}

// Acceptance is the acceptance of an opponent's variant (6.2.13).
type Acceptance struct {
	// Label names the variant accepted; empty when only one was offered.
	Label string `json:"label,omitempty"`
	// Until, when set, is the move up to which the variant is accepted
	// ("вариант принят до 7...ba5"); nil means the whole variant.
	Until *Move `json:"until,omitempty"`
	// Moves repeat the accepted moves, when the writer wrote them out.
	Moves []Move `json:"moves,omitempty"`
	// Line is the line of the acceptance.
	Line int `json:"line,omitempty"`
}

// Dates are the three dates of a reply (6.3.1).
type Dates struct {
	// OpponentSent is the date the opponent sent the move answered.
	OpponentSent timecontrol.Date `json:"opponent_sent"`
	// Received is the date the writer received it.
	Received timecontrol.Date `json:"received"`
	// Sent is the date the writer sends this reply.
	Sent timecontrol.Date `json:"sent"`
}

// Count returns how many of the three dates are set.
func (d Dates) Count() int {
	n := 0
	for _, x := range []timecontrol.Date{d.OpponentSent, d.Received, d.Sent} {
		if !x.IsZero() {
			n++
		}
	}
	return n
}

// TimeFraction is the days used so far, White over Black (6.3.1).
type TimeFraction struct {
	White int `json:"white"` // White's total days
	Black int `json:"black"` // Black's total days
}

// Break is a break announced "беру перерыв с ... по ..." (6.4.3); both days
// are included.
type Break struct {
	From timecontrol.Date `json:"from"`           // first day of the break
	To   timecontrol.Date `json:"to"`             // last day of the break
	Line int              `json:"line,omitempty"` // line of the announcement
}

// DrawAction is what a letter says about a draw.
type DrawAction string

// Draw actions; the empty DrawAction says nothing about a draw.
const (
	DrawOffer   DrawAction = "offer"
	DrawAccept  DrawAction = "accept"
	DrawDecline DrawAction = "decline"
)

// Line is a line of the letter kept as written.
type Line struct {
	N    int    `json:"line"` // 1-based line number
	Text string `json:"text"` // the line, trimmed
}
