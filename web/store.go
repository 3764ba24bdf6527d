package web

import (
	"context"
	"errors"
	"time"
	"zaochnik/corr/letter"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// ErrNotFound is what the stores wrap when a tournament, game, claim or
// letter does not exist: the desk answers 404.
var ErrNotFound = errors.New("not found")

// ErrConflict is what the stores wrap when the thing asked cannot be done
// in its present state (a held letter cannot be assigned): the desk
// answers 409 with the reason.
var ErrConflict = errors.New("not possible now")

// Tournaments is the read side of the referee's state.
type Tournaments interface {
	// Ciphers lists the tournaments by cipher.
	Ciphers(ctx context.Context) ([]string, error)
	// State returns the referee's state of a tournament.
	State(ctx context.Context, cipher string) (corr.State, error)
	// StateWithRulings returns the referee's state of a tournament and the
	// judge's decisions the referee does not record: withdrawals (6.5.3),
	// adjudicated results and the sanctions register; both as one commit
	// left them, so that a crosstable never scores a game by a ruling its
	// state does not show yet, or the other way round.
	StateWithRulings(ctx context.Context, cipher string) (corr.State, adjudication.Rulings, error)
}

// Letters reads the letters kept in the store, received and sent.
type Letters interface {
	// GameLetters returns the letters of one game, received and sent, in
	// the order they were received or queued.
	GameLetters(ctx context.Context, game string) ([]Letter, error)
	// Queue returns the letters the referee refused or could not place in
	// a game: the secretary's queue.
	Queue(ctx context.Context) ([]Letter, error)
	// Letter returns one received letter by its id.
	Letter(ctx context.Context, id int64) (Letter, error)
}

// Secretary carries out the secretary's actions on the queue.
type Secretary interface {
	// Assign applies received letter id to game as if it had named the
	// game, on day; the outcome is the referee's.
	Assign(ctx context.Context, id int64, game string, day timecontrol.Date) (corr.Outcome, error)
	// Answer queues a letter from the secretary to the sender of letter id.
	Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error)
	// EnterPaper stores a letter that came by post and applies it.
	EnterPaper(ctx context.Context, p PaperLetter) (corr.Outcome, error)
}

// Judge carries out the judge's rulings.
type Judge interface {
	// Rule applies the ruling on claim seq of game (6.3.7) on day.
	Rule(ctx context.Context, game string, seq int, confirm bool, note string, day timecontrol.Date) (corr.Outcome, error)
	// Adjournments returns the unfinished games of a tournament before the
	// judge (6.5.2), ruled or not.
	Adjournments(ctx context.Context, cipher string) ([]Adjournment, error)
	// Adjudicate records the judge's ruling on an unfinished game, decided
	// by adjudication.Adjournment.Decide (its Result and Reason), and
	// queues the letters it asks for (6.5.5).
	Adjudicate(ctx context.Context, game string, r adjudication.Ruling, day timecontrol.Date) (corr.Outcome, error)
	// Redraw draws the last round of a Swiss tournament again on day
	// (1.15.8), with the judge's reason: its games without a move are
	// cancelled and their players drawn again (adjudication.Desk.Redraw).
	// A re-draw the rules do not allow is ErrConflict, with the reason.
	Redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error)
	// Appeals returns the judge's rulings with a protest against them, of
	// every tournament, those waiting for the organiser first (6.1.12).
	Appeals(ctx context.Context) ([]Appeal, error)
	// Appeal records the organiser's decision on the protest against the
	// judge's ruling in game (6.1.12) on day, and queues its letters.
	Appeal(ctx context.Context, game string, upheld bool, note string, day timecontrol.Date) (corr.Outcome, error)
}

// Letter is a letter of the store as the desk shows it.
type Letter struct {
	ID        int64
	MessageID string
	// Out marks a letter the server sent (or queued); else it was received.
	Out      bool
	From, To string
	Subject  string
	// Kind is what an outgoing letter is (forward, refusal, ruling, ...).
	Kind string
	// Date is when it was received or queued.
	Date time.Time
	// Game is the code of the game it belongs to; "" when unplaced.
	Game string
	// Disposition is what became of a received letter: processed, refused,
	// pending, ignored; Reason says why it was not applied.
	Disposition string
	Reason      letter.Reason
	Problems    []corr.Problem
	// Text is a received letter's decoded text (its raw bytes when it does
	// not read as mail), or the body of an outgoing letter.
	Text string
}

// PaperLetter is a letter that came by post, typed in by the secretary with
// the postmarks on its envelope (6.3.1: the postmarks are the observations).
type PaperLetter struct {
	Game string // game code
	// Player is the sender's start number.
	Player int
	// Posted is the posting date on the sender's postmark; Received the
	// date on the arrival postmark.
	Posted, Received timecontrol.Date
	Text             string
}

// Adjournment is an unfinished game before the judge, with what the
// players sent (6.5.2) and the ruling once given.
type Adjournment struct {
	Game string
	adjudication.Adjournment
	// Analyses are the analyses the players sent, White's then Black's.
	Analyses [2]string
	// Ruling is nil until the judge rules; Ruled is the day.
	Ruling *adjudication.Ruling
	Ruled  timecontrol.Date
}
