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
// answers. line is the standing variant's line, as the repetition of
// written-out moves must be. An acceptance of no standing variant refuses
// the letter, so its moves are never played in another position.
func (a *applier) acceptedMoves(pos draughts.Position) (moves, line []letter.Move, ok bool) {
	acc := a.l.Accepted
	if acc == nil {
		return nil, nil, true
	}
	pv, found := a.standingVariant(acc.Label)
	if found {
		line = a.until(letterMoves(pos, len(a.g.Plies), pv.Line))
	}
	moves = acc.Moves
	if len(moves) == 0 {
		if !found {
			name := strings.TrimSpace(acc.Label)
			if name != "" {
				name = " " + name
			}
			a.refuse("variant-unknown", "6.2.13",
				fmt.Sprintf("вариант%s, который вы принимаете, партнёр не предлагал (или он уже не действует); ничего не сыграно. Пришлите письмо заново: ходы принятого варианта, затем свой ход", name),
				fmt.Sprintf("your opponent has no standing variant%s for you to accept; nothing is played. Please send the letter again: the accepted variant's moves, then your move", name))
			return nil, nil, false
		}
		moves = line
	}
	return a.until(moves), line, true
}

// until cuts moves at the first changed move the acceptance names
// ("принят до 7...b6-a5"), when it names one.
func (a *applier) until(moves []letter.Move) []letter.Move {
	u := a.l.Accepted.Until
	if u == nil || u.Number == 0 {
		return moves
	}
	var kept []letter.Move
	for _, m := range moves {
		if m.Number > 0 && plyIndex(m) >= plyIndex(*u) {
			break
		}
		kept = append(kept, m)
	}
	return kept
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
	for _, same := range []func(a, b string) bool{strings.EqualFold, letter.SameVariantLabel} {
		// As written first; else alike by look or by place (А, A; Б, B).
		for _, pv := range theirs {
			if label != "" && same(strings.TrimSpace(pv.Label), strings.TrimSpace(label)) {
				return pv, true
			}
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
