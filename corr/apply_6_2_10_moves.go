package corr

import (
	"fmt"

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
	pos := g.Position(v)
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
	for i, m := range append(accepted, a.l.Moves...) {
		if len(pos.LegalMoves(nil)) == 0 {
			a.problem("moves-after-end", "2.8.1", tr(a.lang(), "ходы после окончания партии не учтены", "moves after the end of the game are ignored"))
			break
		}
		if n := len(plies); n > 0 && plies[n-1].Variant {
			if rm, err := beforeVariant.Resolve(m.Text); err == nil && rm == plies[n-1].Move {
				continue // the sender wrote the reply their acceptance of the variant gave
			}
		}
		mover := pos.SideToMove()
		mv, err := pos.Resolve(m.Text)
		theirs := mover != side
		if m.Number > 0 {
			theirs = m.Black != (side == draughts.Black) // as numbered
		}
		if theirs && i < len(accepted) {
			// The acceptance repeats a move of the opponent's variant
			// that is not the variant's (6.2.9, 6.2.13).
			a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: accepted, Expected: line}
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("в принятом варианте ход партнёра %s записан неверно: в его варианте этого хода нет; повторите принятый вариант, как партнёр его предложил", m.Text),
				fmt.Sprintf("in the accepted variant your opponent's move %s is written wrongly: their variant has no such move; repeat the accepted variant as your opponent proposed it", m.Text))
			return nil, false
		}
		if mover != side {
			legal := pos.LegalMoves(nil)
			if err == nil && len(legal) == 1 && legal[0] == mv {
				a.checkNumber(m, len(g.Plies)+len(plies))
				plies = append(plies, Ply{Move: mv, Text: pos.Written(mv), Forced: true})
				pos = pos.Play(mv)
				continue
			}
			a.stop("not-forced", "6.2.4",
				fmt.Sprintf("ход %s — ход партнёра, и он не вынужденный; записывайте за партнёра только вынужденные ходы", m.Text),
				fmt.Sprintf("%s is your opponent's move and it is not forced; write your opponent's moves only when forced", m.Text))
			return nil, false
		}
		corrected := false
		if err != nil {
			if from, ok := originOf(v, m.Text); ok {
				if ms := pos.MovesFrom(from); len(ms) == 1 {
					mv, corrected = ms[0], true
					a.problem("impossible-move-corrected", "6.2.10", tr(a.lang(),
						fmt.Sprintf("ход %s невозможен; у шашки на поле %s единственный ход %s, он и сделан", m.Text, v.SquareText(from), pos.Written(mv)),
						fmt.Sprintf("%s is impossible; the piece on %s has the single move %s, which is played", m.Text, v.SquareText(from), pos.Written(mv))))
					a.event("impossible-move-corrected", "6.2.10", m.Text.String()+" -> "+pos.Notation(mv))
				}
			}
			if !corrected {
				whyRu, whyEn := whyImpossible(err)
				a.refusal = &letter.Refusal{Reason: letter.RefuseImpossible, Written: []letter.Move{m}, Problems: []letter.Problem{{
					Kind: "impossible-move", Clause: "6.2.10", Text: m.Text.String(),
					Ru: "ход " + m.Text.String() + ": " + whyRu, En: "move " + m.Text.String() + ": " + whyEn}}}
				a.stop("impossible-move", "6.2.10",
					fmt.Sprintf("ход %s невозможен (%s); замените его своим ходом", m.Text, whyRu),
					fmt.Sprintf("the move %s is impossible (%s); send a move in its place", m.Text, whyEn))
				return nil, false
			}
		}
		a.checkNumber(m, len(g.Plies)+len(plies))
		plies = append(plies, Ply{Move: mv, Text: pos.Written(mv), Corrected: corrected})
		pos = pos.Play(mv)
		if reply, ok := a.variantReply(mv, pos); ok {
			// A compulsory answer is a move of the game like any forced
			// one: counted (6.3.5, "кроме обязательных").
			forced := len(pos.LegalMoves(nil)) == 1
			plies = append(plies, Ply{Move: reply, Text: pos.Written(reply), Variant: true, Forced: forced})
			beforeVariant = pos
			pos = pos.Play(reply)
		}
	}
	if len(plies) == 0 {
		a.refusal = &letter.Refusal{Reason: letter.RefuseNoMove}
		a.refuse("no-move", "6.2.3", "в письме нет хода", "the letter has no move")
		return nil, false
	}
	return plies, true
}

// variantReply follows the opponent's standing variants after the sender's
// move mv: a variant whose next move is mv goes on; the others lapse
// (acceptance runs to the first changed move, 6.2.13). It returns the
// opponent's answer when a variant gives one that is legal in pos.
func (a *applier) variantReply(mv draughts.Move, pos draughts.Position) (draughts.Move, bool) {
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
	for _, pv := range kept {
		if len(pv.Line) == 0 {
			continue
		}
		reply := pv.Line[0]
		for _, l := range pos.LegalMoves(nil) {
			if l == reply {
				for _, k := range kept {
					if len(k.Line) > 1 && k.Line[0] == reply {
						k.Line = k.Line[1:]
						g.Variants = append(g.Variants, k)
					}
				}
				a.event("variant-accepted", "6.2.13", pos.Notation(reply))
				return reply, true
			}
		}
	}
	return draughts.Move{}, false
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
	a.problem("move-number", "6.2.14", tr(a.lang(),
		fmt.Sprintf("ход %s записан под номером %d, а это ход %d; в следующем письме повторите ходы с верной нумерацией", m.Text, m.Number, ply/2+1),
		fmt.Sprintf("the move %s is numbered %d but it is move %d; repeat the moves correctly numbered in your next letter", m.Text, m.Number, ply/2+1)))
}
