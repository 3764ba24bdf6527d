package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// acceptedMoves returns the moves of the opponent's variant the letter
// accepts (6.2.13), to be played before the sender's own moves: as the
// sender wrote them out, or else the standing variant's line, in either
// case up to the first changed move named by "принят до". readMoves plays
// them: the sender's moves as moves, the opponent's as the variant's
// answers. An acceptance of no standing variant refuses the letter, so
// its moves are never played in another position.
func (a *applier) acceptedMoves(pos draughts.Position) ([]letter.Move, bool) {
	acc := a.l.Accepted
	if acc == nil {
		return nil, true
	}
	moves := acc.Moves
	if len(moves) == 0 {
		pv, ok := a.standingVariant(acc.Label)
		if !ok {
			name := strings.TrimSpace(acc.Label)
			if name != "" {
				name = " " + name
			}
			a.refuse("variant-unknown", "6.2.13",
				fmt.Sprintf("вариант%s, который вы принимаете, партнёр не предлагал (или он уже не действует); ничего не сыграно. Пришлите письмо заново: ходы принятого варианта, затем свой ход", name),
				fmt.Sprintf("your opponent has no standing variant%s for you to accept; nothing is played. Please send the letter again: the accepted variant's moves, then your move", name))
			return nil, false
		}
		moves = letterMoves(pos, len(a.g.Plies), pv.Line)
	}
	if u := acc.Until; u != nil && u.Number > 0 {
		until := plyIndex(*u)
		var kept []letter.Move
		for _, m := range moves {
			if m.Number > 0 && plyIndex(m) >= until {
				break
			}
			kept = append(kept, m)
		}
		moves = kept
	}
	return moves, true
}

// standingVariant returns the opponent's standing variant with label, or
// their only one when the acceptance names none.
func (a *applier) standingVariant(label string) (ProposedVariant, bool) {
	var theirs []ProposedVariant
	for _, pv := range a.g.Variants {
		if pv.By != a.side && len(pv.Line) > 0 {
			theirs = append(theirs, pv)
		}
	}
	for _, pv := range theirs {
		if label != "" && strings.EqualFold(strings.TrimSpace(pv.Label), strings.TrimSpace(label)) {
			return pv, true
		}
	}
	if label == "" && len(theirs) == 1 {
		return theirs[0], true
	}
	return ProposedVariant{}, false
}

// plyIndex is the game's ply index of a numbered move: 1.c3-d4 is 0,
// 1...f6-g5 is 1.
func plyIndex(m letter.Move) int {
	i := (m.Number - 1) * 2
	if m.Black {
		i++
	}
	return i
}
