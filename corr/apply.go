package corr

import (
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// The applier is a pipeline: Apply runs a letter through these stages, in
// this order (apply), each in the file named by the clause it holds; the
// letters it writes are rendered by corr/letter.
//
//  1. read: the reader's problems become the outcome's (Apply, apply_out.go)
//  2. identify the sender, the game and the side, or a break alone
//     (identify, apply_6_2_3_game.go)
//  3. requests needing no turn: a break (apply_6_4_breaks.go), a protest
//     (apply_6_3_8_protest.go); the ledger on request is answered last
//     whatever happens (sendLedger, apply_6_2_6_forward.go)
//  4. ending: a resignation (apply_2_8_result.go), an accepted draw
//     (apply_2_1_9_draw.go)
//  5. playable now: the game's state, a pending claim, the turn, a move
//     sent again (playable, apply_6_2_8_turn.go)
//  6. move: an overstep claim by letter (claim.go), a draw offer without a
//     move (apply_2_1_9_draw.go), or playLetter: the accepted variant and the
//     repetition (apply_6_2_13_variants.go, apply_6_2_9_repetition.go), the
//     moves, forced, impossible, numbered (apply_6_2_10_moves.go), the
//     ledger's replies (apply_6_3_1_dates.go), variants offered, a draw
//     offer, the end by the rules (apply_2_8_result.go)
//  7. time: the dates and the time against the postmarks
//     (apply_6_3_1_dates.go), the overstep (apply_6_3_5_overstep.go)
//  8. letters out: the forward and the receipt (apply_6_2_6_forward.go), or
//     the refusal (apply_out.go)

// Apply applies a letter, as read by corr/letter, to the tournament: it finds
// the game, checks the sender, the repetition (6.2.9), the moves (6.2.4,
// 6.2.10, 6.2.14), variants (6.2.7, 6.2.12, 6.2.13), the dates and the time
// (6.3), breaks (6.4), draws, resignations and overstep claims (6.3.5-6.3.6),
// and returns the new state with what happened and the letters to send. s is
// not changed. A refused letter changes nothing but, where the rules say so,
// penalty days and the game's stop for the correction.
func Apply(s State, l letter.Letter, obs Observation) (State, Outcome) {
	s = s.cow() // the letter's game is copied when found (identify)
	a := &applier{s: &s, l: l, obs: obs}
	for _, p := range l.Problems {
		if p.Kind == letter.KindUnknownLine || p.IsNote() {
			continue // unknown lines are listed apart; guessed years need no action
		}
		a.problem(string(p.Kind), p.Clause, p.Message(a.lang()))
	}
	a.apply()
	return s, a.out
}

// applier carries one application of a letter.
type applier struct {
	s    *State
	l    letter.Letter
	obs  Observation
	out  Outcome
	from Player
	g    *Game
	side draughts.Color
	// reply is the index in g.Replies of the ledger reply this letter closed.
	reply int
	// refusal, when set, is the refusal corr/letter renders for refuse.
	refusal *letter.Refusal
	// declined is set when the letter's move declined the opponent's
	// standing draw offer (2.1.9.3); the forward says so.
	declined bool
	// led is the game's ledger once computed (ledger).
	led *ledgerOnce
	// positions are the game's positions after each of its plies, as far
	// as position has replayed them.
	positions []draughts.Position
}

// position returns the position of the letter's game after its first ply
// plies. The game is replayed once per letter, not by every stage that
// reads a position: the positions are kept, and extended as the letter's
// moves are appended (a game's plies are only ever appended while a letter
// is applied).
func (a *applier) position(ply int) draughts.Position {
	if len(a.positions) == 0 {
		// Room for the game's positions and a letter's few moves: one array.
		room := 8
		if a.g != nil {
			room += len(a.g.Plies)
		}
		a.positions = make([]draughts.Position, 1, room)
		a.positions[0] = draughts.Initial(a.s.Tournament.DraughtsVariant())
	}
	for n := len(a.positions); n <= ply; n++ {
		a.positions = append(a.positions, a.positions[n-1].Play(a.g.Plies[n-1].Move))
	}
	return a.positions[ply]
}

// ledgerOnce is a ledger computed, or why it could not be.
type ledgerOnce struct {
	led timecontrol.Ledger
	err error
}

// ledger returns the ledger of the letter's game, computed once: the
// checks of the time, the overstep, the forward and the ledger on request
// read the same one. Call it only once the letter's replies and penalties
// are in (checkTime charges its penalty before it asks); nothing after
// changes them.
func (a *applier) ledger() (timecontrol.Ledger, error) {
	if a.led == nil {
		led, err := a.s.resumableLedger(*a.g)
		a.led = &ledgerOnce{led: led, err: err}
		if err == nil {
			a.s.keepLedger(a.g, &a.led.led) // the store's, as the letter leaves the game, and the next letter's
		}
	}
	return a.led.led, a.led.err
}

// apply runs a letter through the stages in order; a stage returns false
// when the letter's way ends with it.
func (a *applier) apply() {
	if !a.identify() { // 6.2.3, apply_6_2_3_game.go
		return
	}
	if a.l.LedgerRequest {
		// Answered whatever else the letter does or the game's state: a
		// player needs the ledger most when a claim stops the game (6.3.6).
		defer a.sendLedger()
	}
	if !a.requests() || !a.ending() || !a.playable() {
		return
	}
	a.move()
}

// requests carries out what needs no turn: a break (6.4) and a protest
// (6.3.8, 6.1.12); it reports whether the letter asks for more.
func (a *applier) requests() bool {
	if a.l.Break != nil {
		a.announceBreak()
	}
	if a.l.Protest != "" {
		a.protest()
		if len(a.l.Moves) == 0 && !a.l.Resign && a.l.Draw == "" && !a.l.OverstepClaim {
			return false
		}
	}
	return true
}

// ending ends the game by a resignation (2.1.8) or an accepted draw
// (2.1.9.1.1); it reports whether the game goes on.
func (a *applier) ending() bool {
	switch {
	case a.l.Resign:
		a.resign()
		return false
	case a.l.Draw == letter.DrawAccept && a.g.Draw != nil && a.g.Draw.By != a.side:
		a.acceptDraw()
		return false
	}
	return true
}

// move applies what the letter does on the sender's turn: an overstep
// claim (6.3.6), a draw offered or declined without a move (2.1.9.3), or
// the moves (playLetter).
func (a *applier) move() {
	if a.l.OverstepClaim {
		a.claimByLetter()
		return
	}
	if len(a.l.Moves) == 0 && a.l.Draw != "" {
		a.drawWithoutMove()
	}
	if len(a.l.Moves) == 0 {
		if a.l.Draw == "" {
			a.refusal = &letter.Refusal{Reason: letter.RefuseNoMove}
			a.refuse(letter.NoMoveWritten(true))
		}
		return
	}
	a.playLetter()
}

// PenaltyDays is the penalty of 6.2.11, 6.3.3 and 6.3.7.
const PenaltyDays = 6

// playLetter applies the moves of an acceptable letter.
func (a *applier) playLetter() {
	g, side := a.g, a.side
	a.ownVariantRepeated()
	if !a.checkRepetition() {
		if a.l.Accepted == nil {
			g.Sent = a.l.Moves
		}
		return
	}
	a.keepSentMoves()
	plies, ok := a.readMoves()
	if !ok {
		return
	}
	g.Sent = nil
	if g.Stopped != nil && *g.Stopped == side {
		g.Stopped = nil
		a.event("corrected", "6.2.11", "the stop for a correction ends")
	}
	if g.Draw != nil && g.Draw.By != side {
		a.event("draw-declined", "2.1.9", "a move without accepting declines the offer")
		g.Draw = nil
		a.declined = true
	}
	first, known := len(g.Plies), g.Known[side]
	g.Plies = append(g.Plies, plies...)
	g.Known[side] = first + a.ownRun(plies)
	g.Letters[side] = append(g.Letters[side], a.obs.MessageID)
	pos := a.position(len(g.Plies))
	a.recordReplies(plies)
	a.proposeVariants(pos)
	a.offerDraw()
	a.event("moves", "6.2.3", moveList(g, first))
	ended := a.endByRules(pos)
	claimed := false
	if !ended {
		a.checkTime()
		claimed = a.checkOverstep()
	}
	a.forward(first, known, claimed, pos)
}
