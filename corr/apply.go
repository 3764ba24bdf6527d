package corr

import (
	"slices"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// The applier is a pipeline: Apply runs a letter through these stages, in
// this order, each in the file named by the clause it holds (the letters
// it writes are rendered by corr/letter):
//
//  1. read the letter: the reader's problems become the outcome's (Apply; apply_out.go)
//  2. identify the sender and the game, or a break alone (apply_6_2_3_game.go)
//  3. may the letter be played now: game over, end of play, a claim, the
//     turn, a resent or changed move (apply_6_2_8_turn.go)
//  4. protests (apply_6_3_8_protest.go), resignation and an accepted draw
//     (apply_2_8_result.go, apply_2_1_9_draw.go), an overstep claim by
//     letter (claim.go)
//  5. for a move letter (playLetter): the proposer's own variant and the
//     repetition (apply_6_2_13_variants.go, apply_6_2_9_repetition.go),
//     the moves with forced replies, impossible moves and move numbers
//     (apply_6_2_10_moves.go), the ledger's replies (apply_6_3_1_dates.go),
//     the variants offered (apply_6_2_13_variants.go), a draw offer
//     (apply_2_1_9_draw.go), the end by the rules (apply_2_8_result.go)
//  6. dates and time against the postmarks (apply_6_3_1_dates.go), then the
//     overstep (apply_6_3_5_overstep.go)
//  7. letters out: the forward and the receipt (apply_6_2_6_forward.go), a
//     refusal (apply_out.go); breaks (apply_6_4_breaks.go) and the ledger
//     on request (apply_6_2_6_forward.go) whatever the rest decides.

// Apply applies a letter, as read by corr/letter, to the tournament: it finds
// the game, checks the sender, the repetition (6.2.9), the moves (6.2.4,
// 6.2.10, 6.2.14), variants (6.2.7, 6.2.12, 6.2.13), the dates and the time
// (6.3), breaks (6.4), draws, resignations and overstep claims (6.3.5-6.3.6),
// and returns the new state with what happened and the letters to send. s is
// not changed. A refused letter changes nothing but, where the rules say so,
// penalty days and the game's stop for the correction.
func Apply(s State, l letter.Letter, obs Observation) (State, Outcome) {
	s = s.clone()
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
}

func (a *applier) apply() {
	p, ok := a.s.Tournament.PlayerByEmail(a.obs.From)
	if !ok {
		a.refuse(letter.NotAPlayer(a.obs.From, a.s.Tournament.Cipher))
		return
	}
	a.from = p
	if a.s.Started.IsZero() {
		a.refuse(letter.NotStarted())
		return
	}
	g, why := a.findGame()
	if g == nil && a.breakAlone() {
		// A break is taken in all the player's games at once (6.4.1) and
		// told to every partner (6.4.2): it needs no game.
		a.out.Accepted = true
		a.announceBreak()
		return
	}
	if g == nil {
		a.refusal = &letter.Refusal{Reason: letter.RefuseUnknownGame, Games: a.senderGames()}
		a.refuse(why)
		return
	}
	a.g = g
	a.out.Game = g.Code
	side, ok := g.SideOf(p.Number)
	if !ok {
		a.refuse(letter.NotYourGame(a.s.Tournament.Cipher, g.White, g.Black))
		return
	}
	a.side = side
	a.out.Accepted = true
	if a.l.LedgerRequest {
		// Answered whatever else the letter does or the game's state: a
		// player needs the ledger most when a claim stops the game (6.3.6).
		defer a.sendLedger()
	}
	if a.l.Break != nil {
		a.announceBreak()
	}
	if a.l.Protest != "" {
		a.protest()
		if len(a.l.Moves) == 0 && !a.l.Resign && a.l.Draw == "" && !a.l.OverstepClaim {
			return
		}
	}
	switch {
	case a.l.Resign:
		a.resign()
		return
	case a.l.Draw == letter.DrawAccept && g.Draw != nil && g.Draw.By != side:
		a.acceptDraw()
		return
	}
	if len(a.l.Moves) == 0 && len(a.l.Repeated) > 0 && len(g.Sent) > 0 && g.Stopped != nil && *g.Stopped == side {
		// A correction of the repetition alone: the sent moves stand (6.2.8).
		a.l.Moves = g.Sent
		a.out.Problems = slices.DeleteFunc(a.out.Problems, func(p Problem) bool { return p.Kind == string(letter.KindNoMove) })
	}
	if len(a.l.Moves) == 0 && !a.l.OverstepClaim && a.l.Draw == "" && (a.l.LedgerRequest || a.l.Break != nil) {
		return // a request or a break needs neither the turn nor a game in play
	}
	if !a.acceptable() {
		return
	}
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
	v := a.s.Tournament.DraughtsVariant()
	pos := g.Position(v)
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
	a.forward(first, known, claimed)
}
