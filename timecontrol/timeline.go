package timecontrol

// Timeline is everything the day ledger of one game is computed from: the
// values a server records or a secretary copies from the letters. Compute
// turns it into a Ledger.
type Timeline struct {
	// White and Black are the players' names, for the printed ledger only.
	White, Black string
	// Start and End are the start and end of play from the start list (6.3.2).
	Start, End Date
	// Control is the budget; the zero value is 50 days per 10 moves.
	Control Control
	// StartListReceived is the date each player (indexed by Color) received
	// the start list; zero when on time. Later than Start moves that player's
	// start to the next day (6.3.2).
	StartListReceived [2]Date
	// Replies are the move letters in game order, alternating from White.
	Replies []Reply
	// Breaks are the breaks both players announced to this game (6.4).
	Breaks []Break
	// Penalties are the penalty days charged in this game.
	Penalties []Penalty
}

// Reply is one move letter with its dates (the three dates of 6.3.1).
type Reply struct {
	Player Color
	// Received is the second date: the day Player received the opponent's
	// move (for White's first move, the start date). Zero when the player did
	// not write it: the ledger takes the average transit (6.3.3).
	Received Date
	// Sent is the third date: the day Player posted this reply. Zero only on
	// the last reply: the player received the move and is still thinking.
	Sent Date
	// Postmark is the posting date on the receiver's postmark when it differs
	// from Sent; zero when it agrees or there was none (6.3.1).
	Postmark Date
	// Corrected tells whether the receiver corrected Player's total from the
	// postmark in the next reply (6.3.1); without it the total stays.
	Corrected bool
	// Moves is the number of counted moves in this reply: the player's own
	// moves and forced moves (6.3.5).
	Moves int
	// VariantMoves is the number of the player's moves that entered the game
	// through an accepted variant: played, but not counted (6.3.5).
	VariantMoves int
	// Text is the move as written ("c3-b4"), for the printed ledger only.
	Text string
}

// Break is a break a player announced ("беру перерыв с ... по ...", 6.4.3).
type Break struct {
	Player Color
	// From and To are the first and last day of the break, both included.
	From, To Date
	// Announced is the postmark of the announcement to this opponent; zero
	// when the opponent was never told (6.4.2).
	Announced Date
	// Granted marks a break granted by the judge (6.4.5): valid whatever its
	// length, its date or the announcement.
	Granted bool
	// Game names the game, for ValidateBreaks across a player's games.
	Game string
}

// Days returns the length of the break as announced, both days included.
func (b Break) Days() int { return b.To.Sub(b.From) + 1 }

// Penalty is penalty days charged to a player (6.2.11, 6.3.3, 6.3.7).
type Penalty struct {
	Player Color
	Days   int
	// Date is the day the penalty was charged: it joins the total then.
	Date   Date
	Clause string // the clause it is charged under
	Reason string // what for, in Russian (the ledger's language)
	// ReasonEn is what for in English; empty when Reason serves both
	// (a timeline file's penalty).
	ReasonEn string `json:",omitempty"`
}

// isPenaltyClause reports whether clause charges penalty days.
func isPenaltyClause(clause string) bool {
	switch clause {
	case "6.2.11", "6.2.13", "6.3.3", "6.3.7":
		return true
	}
	return false
}
