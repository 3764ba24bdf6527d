package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Status is where a game stands.
type Status int

// The statuses of a game. Transitions are made only by Game.transition.
const (
	// Playing: moves are exchanged.
	Playing Status = iota
	// Suspended: an overstep claim awaits the judge (6.3.6).
	Suspended
	// Finished: the game has a result.
	Finished
	// Unfinished: play ended (6.3.2) before a result; the judge adjudicates (6.5.2).
	Unfinished
	// Cancelled: a Swiss round's game without a move, cancelled by the
	// judge's re-draw of the round (1.15.8). The store keeps its row and
	// no state holds it: it is no game of the tournament.
	Cancelled
)

// String returns the status as the replay and the store write it.
func (s Status) String() string {
	switch s {
	case Playing:
		return "playing"
	case Suspended:
		return "suspended"
	case Finished:
		return "finished"
	case Unfinished:
		return "unfinished"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// ParseStatus reads a status written by String.
func ParseStatus(s string) (Status, error) {
	for st := Playing; st <= Cancelled; st++ {
		if st.String() == s {
			return st, nil
		}
	}
	return 0, fmt.Errorf("corr: %q is not a game status (playing, suspended, finished, unfinished, cancelled)", s)
}

// allowed lists the transitions of the game's life: a claim suspends play
// and a ruling resumes or ends it; the end of play leaves an unfinished game,
// which a draw agreement or a resignation may still finish (6.3.2).
var allowed = map[[2]Status]bool{
	{Playing, Suspended}:    true,
	{Playing, Finished}:     true,
	{Playing, Unfinished}:   true,
	{Suspended, Playing}:    true,
	{Suspended, Finished}:   true,
	{Suspended, Unfinished}: true,
	{Unfinished, Finished}:  true,
	{Playing, Cancelled}:    true,
}

// transition moves g to status to, or reports why it may not.
func (g *Game) transition(to Status) error {
	if g.Status == to {
		return nil
	}
	if !allowed[[2]Status{g.Status, to}] {
		return fmt.Errorf("corr: game %s cannot go from %s to %s", g.Code, g.Status, to)
	}
	g.Status = to
	return nil
}

// Ply is one move of the game as the referee recorded it.
type Ply struct {
	Move draughts.Move
	// Text is the move in full notation as forwarded ("c3-d4", "c3:e5:g7").
	Text string
	// Forced marks a move that was the only legal one (6.2.4): counted.
	Forced bool
	// Variant marks a move played from the mover's accepted variant (6.2.13):
	// not counted for the overstep unless it is also Forced (Claim).
	Variant bool
	// Corrected marks an impossible move replaced by the piece's single legal move (6.2.10).
	Corrected bool
}

// ProposedVariant is a conditional line a player proposed (6.2.7): Line[0]
// is the opponent's expected move, Line[1] the proposer's answer, and so on.
type ProposedVariant struct {
	By    draughts.Color
	Label string
	Line  []draughts.Move
}

// DrawOffer is a standing draw offer.
type DrawOffer struct {
	By draughts.Color
	// Ply is the number of plies played when it was made.
	Ply int
}

// HeldReply is the claimant's reply kept back while a claim is pending (6.3.6).
type HeldReply struct {
	Plies    []Ply
	Received timecontrol.Date
	Sent     timecontrol.Date
	Counted  int
	// Letter is the Message-ID of the held letter.
	Letter string
}

// Game is the referee's state of one game: everything needed to apply the
// next letter, serialisable as it stands.
type Game struct {
	Code         string
	White, Black int // start numbers
	Status       Status
	// Result is a PDN result token: "*" while undecided, "1-0", "0-1", "1/2-1/2".
	Result string
	Plies  []Ply
	// Replies are the ledger's move letters, in game order (timecontrol).
	Replies []timecontrol.Reply
	// Penalties are the penalty days charged in this game.
	Penalties []timecontrol.Penalty
	// Variants are the standing proposed variants.
	Variants []ProposedVariant
	Draw     *DrawOffer
	// LastOffer is the side that made the latest draw offer (2.1.9.3).
	LastOffer *draughts.Color
	// Claims are the game's overstep claims, oldest first (Claim: the
	// aggregate, with its protest window and appeal).
	Claims []Claim
	Held   *HeldReply
	// Stopped is set while the game waits for a correction from that side
	// (6.2.9, 6.2.10): its reply was refused.
	Stopped *draughts.Color
	// Sent are the moves of a letter refused for its repetition (6.2.9):
	// sent, they stand, and the correction plays them (6.2.8).
	Sent []letter.Move `json:",omitempty"`
	// Known is, for each side, how many plies it has written or repeated:
	// the plies after it are the new moves its next letter repeats (6.2.9).
	Known [2]int
	// Slips counts each side's letters without the three dates or the time (6.3.3).
	Slips [2]int
	// Letters are the Message-IDs of the accepted letters of each side.
	Letters [2][]string
	// Charged are the Message-IDs of each side's refused letters that cost
	// penalty days (6.2.11): an overstep dossier holds them too (6.3.6).
	Charged [2][]string `json:",omitempty"`
	// Reminded is the last day a time reminder was sent (6.3.4).
	Reminded timecontrol.Date
	// Inquired is set once the 30-day inquiry (6.3.4) was sent.
	Inquired bool
	// StartListReceived is the date each side received the start list.
	StartListReceived [2]timecontrol.Date
	// Round is the game's round in a Swiss tournament (1.15), 0 in a round
	// robin; Start and End are then the round's dates of play, which stand
	// for the tournament's (6.3.2). Zero dates mean the tournament's.
	Round      int
	Start, End timecontrol.Date
}

// NewGame returns a game about to start; in a Swiss tournament the games
// of the file are those of round 1, which lasts round_days.
func NewGame(t Tournament, p Pairing) Game {
	g := Game{Code: GameCode(t.Cipher, p), White: p.White, Black: p.Black, Status: Playing, Result: "*"}
	if t.Swiss != nil {
		g.Round, g.Start, g.End = 1, t.Start, RoundEnd(t, t.Start)
	}
	return g
}

// RoundEnd is the end of play of a Swiss round starting on start: round_days
// later, but not after the tournament's end.
func RoundEnd(t Tournament, start timecontrol.Date) timecontrol.Date {
	end := start.AddDays(t.Swiss.RoundDays)
	if end.After(t.End) {
		return t.End
	}
	return end
}

// Dates returns the game's start and end of play: its round's in a Swiss
// tournament, else the tournament's (6.3.2).
func (g Game) Dates(t Tournament) (start, end timecontrol.Date) {
	start, end = t.Start, t.End
	if !g.Start.IsZero() {
		start = g.Start
	}
	if !g.End.IsZero() {
		end = g.End
	}
	return start, end
}

// Number returns the start number of side c.
func (g Game) Number(c draughts.Color) int {
	if c == draughts.White {
		return g.White
	}
	return g.Black
}

// SideOf returns the side player n plays, and false when n is not in the game.
func (g Game) SideOf(n int) (draughts.Color, bool) {
	switch n {
	case g.White:
		return draughts.White, true
	case g.Black:
		return draughts.Black, true
	}
	return 0, false
}

// Record returns the game's moves from the variant's initial position.
func (g Game) Record(v draughts.Variant) draughts.Record {
	r := draughts.NewRecord(draughts.Initial(v))
	for _, p := range g.Plies {
		r.Moves = append(r.Moves, p.Move)
	}
	return r
}

// Position returns the position after the last move.
func (g Game) Position(v draughts.Variant) draughts.Position {
	return g.Record(v).Final()
}

// ToMove returns the side whose move it is.
func (g Game) ToMove() draughts.Color {
	if len(g.Plies)%2 == 0 {
		return draughts.White
	}
	return draughts.Black
}

// clone returns a copy of g that shares no slice or pointer with it.
func (g Game) clone() Game {
	return g.cloneRoom(0)
}

// cloneRoom is clone with room for n more plies and replies, and a letter
// more of each side, where the copy has some: a letter's game is copied to
// be appended to (State.own), once, not copied again by the appends.
// Empty lists stay nil, as clone leaves them.
func (g Game) cloneRoom(n int) Game {
	c := g
	c.Plies = withRoom(g.Plies, n)
	c.Replies = withRoom(g.Replies, n)
	c.Penalties = append([]timecontrol.Penalty(nil), g.Penalties...)
	c.Variants = make([]ProposedVariant, len(g.Variants))
	for i, v := range g.Variants {
		v.Line = append([]draughts.Move(nil), v.Line...)
		c.Variants[i] = v
	}
	if g.Variants == nil {
		c.Variants = nil
	}
	c.Claims = cloneClaims(g.Claims)
	c.Draw = clonePtr(g.Draw)
	c.LastOffer = clonePtr(g.LastOffer)
	c.Stopped = clonePtr(g.Stopped)
	if g.Held != nil {
		h := *g.Held
		h.Plies = append([]Ply(nil), h.Plies...)
		c.Held = &h
	}
	for i := range g.Letters {
		c.Letters[i] = withRoom(g.Letters[i], min(n, 1))
		c.Charged[i] = append([]string(nil), g.Charged[i]...)
	}
	return c
}

// withRoom is append([]T(nil), s...) with room for n more: nil for an
// empty s.
func withRoom[T any](s []T, n int) []T {
	if len(s) == 0 || n == 0 {
		return append([]T(nil), s...)
	}
	return append(make([]T, 0, len(s)+n), s...)
}

// clonePtr returns a pointer to a copy of *p, or nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// SemiShort writes the game's record in semi-short notation, as the rules
// ask records to be kept (6.5.1: "1.cd4 fg5 2.dc5 b:d4 3.e:c5").
func (g Game) SemiShort(v draughts.Variant) string {
	p := draughts.Initial(v)
	var b strings.Builder
	for i, pl := range g.Plies {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d.", i/2+1)
		}
		b.WriteString(p.SemiShort(pl.Move))
		p = p.Play(pl.Move)
	}
	return b.String()
}
