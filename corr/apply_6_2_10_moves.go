package corr

import (
	"slices"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// readMoves resolves the letter's moves in order: the sender's own moves,
// the opponent's forced replies the sender wrote (6.2.4), and the replies
// the opponent's standing variants give (6.2.13), played for them. An
// impossible move is replaced by the named piece's single legal move, or
// stops the game (6.2.10). It changes only g.Variants.
func (a *applier) readMoves() ([]Ply, bool) {
	g, side, v := a.g, a.side, a.s.Tournament.DraughtsVariant()
	pos := a.position(len(g.Plies))
	var plies []Ply
	var beforeVariant draughts.Position // the position before the last variant reply
	variants := g.Variants
	defer func() {
		if !a.out.Accepted {
			g.Variants = variants // a refused letter accepts no variant
		}
	}()
	accepted, line, ok := a.acceptedMoves(pos)
	if !ok {
		return nil, false
	}
	moves := a.l.Moves // the letter's own, without a copy when it accepts no variant
	if len(accepted) > 0 {
		moves = append(accepted, a.l.Moves...)
	}
	for i, m := range moves {
		if !pos.CanMove() {
			a.note(letter.MovesAfterEnd())
			break
		}
		if n := len(plies); n > 0 && plies[n-1].Variant {
			if rm, err := beforeVariant.Resolve(m.Text); err == nil && rm == plies[n-1].Move {
				continue // the sender wrote the reply their acceptance of the variant gave
			}
		}
		mover := pos.SideToMove()
		mv, written, err := pos.ResolveWritten(m.Text)
		theirs := mover != side
		if m.Number > 0 {
			theirs = m.Black != (side == draughts.Black) // as numbered
		}
		if theirs && i < len(accepted) {
			// The acceptance repeats a move of the opponent's variant
			// that is not the variant's (6.2.9, 6.2.13).
			a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: accepted, Expected: line}
			a.stop(letter.AcceptedVariantWrong(m.Text.String()))
			return nil, false
		}
		if mover != side {
			legal := pos.LegalMoves(nil)
			if err == nil && len(legal) == 1 && legal[0] == mv {
				a.checkNumber(m, len(g.Plies)+len(plies))
				plies = append(plies, Ply{Move: mv, Text: written, Forced: true})
				pos = pos.Play(mv)
				continue
			}
			a.stop(letter.NotForced(m.Text.String()))
			return nil, false
		}
		corrected := false
		if err != nil {
			if from, ok := originOf(v, m.Text); ok {
				if ms := pos.MovesFrom(from); len(ms) == 1 {
					mv, written, corrected = ms[0], pos.Written(ms[0]), true
					a.note(letter.ImpossibleCorrected(m.Text.String(), v.SquareText(from), written))
					a.event("impossible-move-corrected", "6.2.10", m.Text.String()+" -> "+pos.Notation(mv))
				}
			}
			if !corrected {
				a.refusal = &letter.Refusal{Reason: letter.RefuseImpossible, Written: []letter.Move{m}, Problems: []letter.Problem{letter.ImpossibleMoveDetail(m.Text.String(), err)}}
				a.stop(letter.ImpossibleMove(m.Text.String(), err))
				return nil, false
			}
		}
		a.checkNumber(m, len(g.Plies)+len(plies))
		plies = append(plies, Ply{Move: mv, Text: written, Corrected: corrected})
		pos = pos.Play(mv)
		if reply, forced, ok := a.variantReply(mv, pos); ok {
			plies = append(plies, Ply{Move: reply, Text: pos.Written(reply), Variant: true, Forced: forced})
			beforeVariant = pos
			pos = pos.Play(reply)
		}
	}
	if len(plies) == 0 {
		a.refusal = &letter.Refusal{Reason: letter.RefuseNoMove}
		a.refuse(letter.NoMoveWritten(false))
		return nil, false
	}
	return plies, true
}

// variantReply follows the opponent's standing variants after the sender's
// move mv: a variant whose next move is mv goes on; the others lapse
// (acceptance runs to the first changed move, 6.2.13). It returns the
// opponent's answer when a variant gives one that is legal in pos, and
// whether it is the only legal move there: a compulsory answer is a move
// of the game like any forced one, counted (6.3.5, "кроме обязательных").
func (a *applier) variantReply(mv draughts.Move, pos draughts.Position) (reply draughts.Move, forced, ok bool) {
	g := a.g
	var kept []ProposedVariant
	for _, pv := range g.Variants {
		if pv.By == a.side || len(pv.Line) == 0 || pv.Line[0] != mv {
			continue
		}
		pv.Line = pv.Line[1:]
		kept = append(kept, pv)
	}
	g.Variants = nil
	var legal []draughts.Move // listed once, for the first variant that answers
	for _, pv := range kept {
		if len(pv.Line) == 0 {
			continue
		}
		if legal == nil {
			legal = pos.LegalMoves(nil)
		}
		reply := pv.Line[0]
		if !slices.Contains(legal, reply) {
			continue
		}
		for _, k := range kept {
			if len(k.Line) > 1 && k.Line[0] == reply {
				k.Line = k.Line[1:]
				g.Variants = append(g.Variants, k)
			}
		}
		a.event("variant-accepted", "6.2.13", pos.Notation(reply))
		return reply, len(legal) == 1, true
	}
	return draughts.Move{}, false, false
}

// checkNumber tells the sender, once per letter, of a written move whose
// number is not the number of the move it is in the game (6.2.14): play
// goes on. ply is the move's index in the game.
func (a *applier) checkNumber(m letter.Move, ply int) {
	if m.Number == 0 || m.Number == ply/2+1 {
		return
	}
	for _, p := range a.out.Problems {
		if p.Kind == "move-number" {
			return
		}
	}
	a.note(letter.MoveNumberWrong(m.Text.String(), m.Number, ply/2+1))
}
