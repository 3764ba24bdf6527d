package corr

import (
	"slices"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// State is the referee's state of one tournament: what Apply, Daily, Start
// and Rule read and return.
type State struct {
	Tournament Tournament
	// Started is the day the start list went out (6.3.2); zero before.
	Started timecontrol.Date
	// Games are the tournament's games. A step that changes few of them
	// shares the rest with the state it was given (cow, own): change a
	// game only through a state's own copy of it.
	Games []*Game
	// Breaks are the breaks players announced, tournament-wide (6.4).
	Breaks []PlayerBreak
	// Checked is the last day the daily checks ran for.
	Checked timecontrol.Date
	// Byes are the "плюс" of each round of a Swiss tournament (1.15.2).
	Byes []swiss.Bye
	// Undrawable is the round of a Swiss tournament the judge was told
	// cannot be drawn (1.15.9), so that he is told once; 0 for none.
	Undrawable int

	// tracked is set by Track: changed then lists the codes of the games
	// changed since, so that the store writes only those (Changed).
	tracked bool
	changed []string
	// owned are the games a step took for itself (own) since cow: changed
	// in place from then on, until the next cow starts the list again.
	owned []*Game
	// ledgers are the last games' day ledgers as the applier computed
	// them (keptLedgers), each with what it was computed from
	// (gameLedger): the store's Ledger of a letter's game, asked right
	// after, takes it as it is, and the next letter's is extended from its
	// game's while it is kept. A list never changed
	// in place (keepLedger copies it), shared by the states that step from
	// this one; Clone leaves it out, so that a state handed out is the
	// same as one read again from the rows.
	ledgers []*gameLedger
}

// gameLedger is a game's day ledger as the applier computed it, with the
// inputs it was computed from as they were then: the game's lists by
// identity and length, its scalars and the tournament's breaks. The
// identity tells the same game because the applier asks for the ledger
// only after the letter's last change to the game (applier.ledger: a step
// also changes a reply in place, the pending reply's dates or a claim's
// receipt, but before that) and a later step copies the game before it
// changes it (cow, own). What the ledger also reads of the tournament
// (its days and moves a control, its start and end, the players) no step
// changes.
type gameLedger struct {
	code         string
	white, black int
	start, end   timecontrol.Date
	listReceived [2]timecontrol.Date
	replies      []timecontrol.Reply
	penalties    []timecontrol.Penalty
	breaks       []PlayerBreak
	led          *timecontrol.Ledger
}

// fits reports whether the ledger was computed from game g as it is, with
// breaks.
func (e *gameLedger) fits(g Game, breaks []PlayerBreak) bool {
	return e.code == g.Code && e.white == g.White && e.black == g.Black && e.start == g.Start && e.end == g.End &&
		e.listReceived == g.StartListReceived && SameList(e.replies, g.Replies) && SameList(e.penalties, g.Penalties) && SameList(e.breaks, breaks)
}

// SameList reports whether a and b are the same list: the same elements of
// the same array (or both empty). It tells in constant time that a list
// was not changed since it was read (a step that changes one makes a new
// one); equal elements in another array are another list.
func SameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// PlayerBreak is a break a player announced ("беру перерыв с ... по ...").
type PlayerBreak struct {
	Player    int // start number
	From, To  timecontrol.Date
	Announced timecontrol.Date // postmark of the announcement; the server tells the opponents that day
	Granted   bool             // granted by the judge (6.4.5)
}

// clone returns a copy of s that shares nothing the referee changes, so it
// never changes the state it was given (the caller keeps it until the store
// has committed). The tournament itself is never changed and is shared.
// What changed is no longer tracked: a step that clones every game may
// change any of them.
func (s State) clone() State {
	c := s
	c.Games = make([]*Game, len(s.Games))
	games := make([]Game, len(s.Games)) // one allocation for them all
	for i, g := range s.Games {
		games[i] = g.clone()
		c.Games[i] = &games[i]
	}
	c.Breaks = append([]PlayerBreak(nil), s.Breaks...)
	c.Byes = append([]swiss.Bye(nil), s.Byes...)
	c.tracked, c.changed, c.owned = false, nil, nil
	return c
}

// Clone returns a copy of s that shares nothing the referee changes.
func (s State) Clone() State {
	c := s.clone()
	c.ledgers = nil
	return c
}

// cow returns a copy of s for a step that changes few games: its own list
// of pointers to the games, each game still shared with s until the step
// takes it with own (copy on write), and its own tournament-wide lists.
// The list holds a pointer per game, so a letter copies its one game, not all.
func (s State) cow() State {
	c := s
	c.Games = slices.Clone(s.Games)
	c.Breaks = slices.Clone(s.Breaks)
	c.Byes = slices.Clone(s.Byes)
	c.changed = slices.Clip(s.changed)
	c.owned = nil
	return c
}

// letterRoom is the plies and replies a letter usually appends to its
// game: its move, a forced or a variant's reply, and their replies.
const letterRoom = 4

// own makes g, a game of s after cow, s's own to change: a copy of it
// takes its place in s.Games, recorded as changed. It returns the copy,
// the game to change from now on.
func (s *State) own(g *Game) *Game {
	if slices.Contains(s.owned, g) {
		return g // taken already
	}
	i := slices.Index(s.Games, g)
	c := g.cloneRoom(letterRoom)
	s.Games[i] = &c
	s.owned = append(s.owned, &c)
	if s.tracked && !slices.Contains(s.changed, c.Code) {
		s.changed = append(s.changed, c.Code)
	}
	return &c
}

// Track returns s, sharing everything with it, with its changes tracked
// from now on: the store tracks the state it hands to a step, so that it
// writes only the games the step changed.
func (s State) Track() State {
	s.tracked, s.changed = true, nil
	return s
}

// Changed returns the codes of the games changed since Track; known is
// false when that is not known (a step changed the state in a way it does
// not track, e.g. every game): the caller compares every game then. The
// tournament-wide parts (breaks, byes, the days) are not listed.
func (s State) Changed() (codes []string, known bool) {
	return s.changed, s.tracked
}

// DraughtsVariant returns the rules engine's variant for the tournament.
func (t Tournament) DraughtsVariant() draughts.Variant {
	switch t.Variant {
	case International:
		return draughts.International
	case Giveaway:
		return draughts.Giveaway
	case EightySquare:
		return draughts.EightySquare
	}
	return draughts.Russian
}

// Name is the variant as a player reads it, in lang.
func (v Variant) Name(lang letter.Lang) string {
	return letter.VariantName(Tournament{Variant: v}.DraughtsVariant(), lang)
}

// game returns a pointer to the game with code, or nil.
func (s *State) game(code string) *Game {
	for _, g := range s.Games {
		if g.Code == code {
			return g
		}
	}
	return nil
}

// gameOf is game(GameCode(cipher, p)), the code written on the stack.
func (s *State) gameOf(cipher string, p Pairing) *Game {
	var a [64]byte
	code := appendGameCode(a[:0], cipher, p)
	for _, g := range s.Games {
		if g.Code == string(code) { // compared, not converted
			return g
		}
	}
	return nil
}

// Game returns the game with code.
func (s State) Game(code string) (Game, bool) {
	if g := s.game(code); g != nil {
		return *g, true
	}
	return Game{}, false
}

// colour converts a board side to the ledger's colour.
func colour(c draughts.Color) timecontrol.Color {
	if c == draughts.White {
		return timecontrol.White
	}
	return timecontrol.Black
}

// Timeline returns the ledger input of game g: its replies and penalties,
// and the breaks of both its players.
func (s State) Timeline(g Game) timecontrol.Timeline {
	t := s.Tournament
	start, end := g.Dates(t)
	tl := timecontrol.Timeline{
		Start: start, End: end,
		Control:           timecontrol.Control{Days: t.Days, Moves: t.Moves},
		StartListReceived: g.StartListReceived, // indexed White, Black as in timecontrol
		Replies:           g.Replies,
		Penalties:         g.Penalties,
	}
	if p, ok := t.Player(g.White); ok {
		tl.White = p.Name
	}
	if p, ok := t.Player(g.Black); ok {
		tl.Black = p.Name
	}
	for _, b := range s.Breaks {
		side, ok := g.SideOf(b.Player)
		if !ok {
			continue
		}
		tl.Breaks = append(tl.Breaks, timecontrol.Break{Player: colour(side), From: b.From, To: b.To, Announced: b.Announced, Granted: b.Granted, Game: g.Code})
	}
	return tl
}

// Ledger computes the day ledger of game g: the one the applier last
// computed for g, when g is as it was then; extended from it, when g has
// extendFrom replies or more (timecontrol.Ledger.Extend gives the ledger
// computed whole); computed whole otherwise.
func (s State) Ledger(g Game) (timecontrol.Ledger, error) {
	e := s.keptLedger(g.Code)
	switch {
	case e != nil && e.fits(g, s.Breaks):
		return *e.led, nil
	case e != nil && len(g.Replies) >= extendFrom:
		return e.led.Extend(s.Timeline(g))
	}
	return timecontrol.Compute(s.Timeline(g))
}

// resumableLedger is Ledger for the applier, which keeps the ledger of a
// game of extendFrom replies or more for the next letter: such a ledger
// comes from Extend, even with none kept, so that the next one can be
// extended from it (a computed one keeps no point to go on from).
func (s State) resumableLedger(g Game) (timecontrol.Ledger, error) {
	if len(g.Replies) < extendFrom {
		return timecontrol.Compute(s.Timeline(g))
	}
	var kept timecontrol.Ledger
	if e := s.keptLedger(g.Code); e != nil {
		kept = *e.led
	}
	return kept.Extend(s.Timeline(g))
}

// KeptLedgerLines counts the lines of the day ledgers the state keeps for
// the next letters to extend: memory a copy of the state holds beyond its
// games (a game's after its 16th reply, some 290 bytes a line), which the
// store weighs its copies by.
func (s State) KeptLedgerLines() int {
	n := 0
	for _, e := range s.ledgers {
		n += len(e.led.Lines)
	}
	return n
}

// keptLedger is the ledger the applier last kept for game code, or nil.
func (s State) keptLedger(code string) *gameLedger {
	for _, e := range s.ledgers {
		if e.code == code {
			return e
		}
	}
	return nil
}

// extendFrom is the replies from which a game's ledger is kept for the
// next letter to extend: a shorter one is computed whole as cheaply as
// the kept one is looked up, copied and checked, and is kept only until
// the applier keeps the next ledger (for the store's Ledger, right after).
const extendFrom = 16

// keptLedgers is how many games' ledgers a state keeps at most, the last
// kept: a game's next letter usually comes days later, after its
// tournament's other games' letters, while every kept ledger stays in the
// store's committed copy of the state (some 11 KB a game at move 20, 23 KB
// at move 40), the collector's work in a backlog of long games. Computing
// a ledger whole costs some 10 µs at move 30, against some 2 ms a letter
// of a backlog at move 20 (docs/developers.md, "The pipeline against its
// bounds"); the last few still serve a game's letters close together.
const keptLedgers = 4

// keepLedger keeps led as the ledger last computed for game g, with the
// state's breaks as they are now, in a list of s's own: the one it had
// may be shared with the state s stepped from. A shorter game's ledger
// kept before goes (extendFrom), and the oldest beyond keptLedgers.
func (s *State) keepLedger(g *Game, led *timecontrol.Ledger) {
	ls := make([]*gameLedger, 0, len(s.ledgers)+1)
	for _, e := range s.ledgers {
		if e.code != g.Code && len(e.replies) >= extendFrom {
			ls = append(ls, e)
		}
	}
	if len(ls) >= keptLedgers {
		ls = ls[len(ls)-keptLedgers+1:] // the last kept, and g's
	}
	s.ledgers = append(ls, &gameLedger{code: g.Code, white: g.White, black: g.Black, start: g.Start, end: g.End,
		listReceived: g.StartListReceived, replies: g.Replies, penalties: g.Penalties, breaks: s.Breaks, led: led})
}
