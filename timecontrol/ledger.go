package timecontrol

// LineKind tells a reply line from a penalty line.
type LineKind int8

// The kinds of ledger line.
const (
	ReplyLine   LineKind = iota + 1 // a move letter
	PenaltyLine                     // penalty days charged on a date
)

// Line is one line of the day ledger (график времени, 6.3.6): a reply or a
// penalty, with the player's running figures after it and the reasons.
type Line struct {
	Kind LineKind
	// Index is the 1-based number of the reply or penalty in the timeline.
	Index  int
	Player Color
	// Received and Sent are the dates the days were counted between:
	// estimated, corrected or moved as the notes say. A penalty line has
	// only Sent, the day it was charged.
	Received, Sent Date
	// Move is the game move number of the reply's first move; 0 on a penalty.
	Move int
	// Text is the move as written, if the timeline gives it.
	Text string
	// Days is what this line adds to the player's total.
	Days int
	// BreakDays is how many days breaks removed from this reply.
	BreakDays int
	// Total and CountedMoves are the player's figures after this line.
	Total, CountedMoves int
	// Limit is the most days allowed at this line (6.3.5): for the counted
	// move being made, k+1 where k moves were counted before.
	Limit int
	// Pending marks the last reply when not yet sent: the player is thinking.
	Pending bool
	// Notes explain every decision taken on this line.
	Notes []Note
}

// Totals are a player's figures at the end of the ledger.
type Totals struct {
	Days        int // days of thinking
	PenaltyDays int
	Total       int // Days + PenaltyDays
	Moves       int // counted moves
}

// Overstep is the verdict of 6.3.5: the first line at which a player's
// total exceeds the limit of the move they were making.
type Overstep struct {
	Player Color
	Move   int // the counted move (k+1) the limit was for
	Total  int
	Limit  int
	Date   Date // the day the reply was sent or the penalty charged
	Line   int  // index into Ledger.Lines
}

// Ledger is the computed day ledger of a game.
type Ledger struct {
	// Names are the players' names, indexed by Color; Start and End are the
	// dates of play, as in the Timeline.
	Names      [2]string
	Start, End Date
	Control    Control // with the standard values filled in
	Lines      []Line
	Totals     [2]Totals
	// Breaks are the verdicts on the timeline's breaks, in its order.
	Breaks []BreakVerdict
	// Overstep is nil when neither player has overstepped.
	Overstep *Overstep
	// OnMove is the player who must answer next and their clock.
	OnMove OnMove

	breaks []span // the game's break days, disjoint
	start  [2]Date
	// resume is where Extend goes on from; nil when no reply was sent.
	resume *resumePoint
}

// add appends ln, giving the overstep verdict if ln is the first line whose
// total exceeds its limit (6.3.5). A pending reply has not been sent, so it
// cannot overstep yet: OnMove gives the date it would.
// before is the player's counted moves before the line.
func (l *Ledger) add(ln Line, before int) {
	if l.Overstep == nil && !ln.Pending && ln.Total > ln.Limit {
		l.Overstep = &Overstep{Player: ln.Player, Move: before + 1, Total: ln.Total, Limit: ln.Limit, Date: ln.Sent, Line: len(l.Lines)}
		ln.Notes = append(ln.Notes, Note{Kind: NoteOverstep, Clause: "6.3.5", Player: ln.Player, Days: ln.Total, N: ln.Limit, M: l.Overstep.Move})
	}
	l.Lines = append(l.Lines, ln)
}

// after returns the day after which a player's days run for a move received
// on received: the receipt, or the player's own start when later (6.3.2).
func (l *Ledger) after(p Color, received Date) Date {
	if l.start[p].After(received) {
		return l.start[p]
	}
	return received
}
