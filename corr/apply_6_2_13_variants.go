package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// ownVariantRepeated reads an "acceptance" of the sender's own variant,
// which the opponent accepted, as what it is: the repetition of its
// accepted part (6.2.3, «принятого варианта или его принятой части»). It
// applies when the opponent has no standing variant and the moves written
// are the game's own moves, where they stand.
func (a *applier) ownVariantRepeated() {
	acc, g := a.l.Accepted, a.g
	if acc == nil {
		return
	}
	if _, theirs := a.standingVariant(acc.Label); theirs {
		return
	}
	played := false // the sender's variant was played since their last letter
	for _, p := range g.Plies[g.Known[a.side]:] {
		played = played || p.Variant
	}
	for _, m := range acc.Moves {
		i := plyIndex(m)
		if m.Number == 0 || i >= len(g.Plies) {
			return
		}
		if mv, err := a.position(i).Resolve(m.Text); err != nil || mv != g.Plies[i].Move {
			return
		}
	}
	if len(acc.Moves) == 0 && !played {
		return
	}
	a.l.Repeated = append(append([]letter.Move(nil), acc.Moves...), a.l.Repeated...)
	a.l.Accepted = nil
}

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
			a.refuse(letter.VariantUnknown(strings.TrimSpace(acc.Label)))
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

// proposeVariants stores the sender's proposed variants (6.2.7), each cut
// at its first impossible move without penalty (6.2.12).
func (a *applier) proposeVariants(pos draughts.Position) {
	if len(a.l.Variants) == 0 {
		return
	}
	if pos.SideToMove() == a.side {
		a.note(letter.VariantsIgnored())
		return
	}
	var props []ProposedVariant
	for i, vr := range a.l.Variants {
		p := pos
		// An unlabelled variant is named by its place in the letter, here
		// and in the forward, so both letters call it the same (6.2.7).
		label := vr.Label
		if label == "" {
			label = fmt.Sprint(i + 1)
		}
		pv := ProposedVariant{By: a.side, Label: label}
		for _, m := range vr.Moves {
			mv, err := p.Resolve(m.Text)
			if err != nil {
				a.note(letter.VariantCut(label, m.Text.String()))
				break
			}
			pv.Line = append(pv.Line, mv)
			p = p.Play(mv)
		}
		if len(pv.Line) < 2 && len(vr.Moves) > 0 {
			a.note(letter.VariantDropped(label))
		}
		props = append(props, pv)
	}
	for _, pv := range a.unambiguous(pos, props) {
		if len(pv.Line) >= 2 {
			a.g.Variants = append(a.g.Variants, pv)
			a.event("variant-proposed", "6.2.7", fmt.Sprintf("%s: %d moves", pv.Label, len(pv.Line)))
		}
	}
}

// unambiguous cuts the proposed variants where two of them answer the same
// moves of the opponent differently: which to play is unclear, so each
// stands only up to that move (6.2.7, 6.2.12), and the proposer is told
// which variants, at which move. pos is the position the lines start from.
// It takes time linear in the variants' moves, however many they are.
func (a *applier) unambiguous(pos draughts.Position, props []ProposedVariant) []ProposedVariant {
	// A tree of the lines: a node after the opponent's move holds the
	// answers given to it, each with the variants that give it.
	type node struct {
		next  map[draughts.Move]*node
		which []int // the variants through this node, in letter order
	}
	root := &node{}
	ends := make([][]*node, len(props)) // each variant's nodes, by depth
	for i, p := range props {
		n := root
		for _, m := range p.Line {
			if n.next == nil {
				n.next = map[draughts.Move]*node{}
			}
			c := n.next[m]
			if c == nil {
				c = &node{}
				n.next[m] = c
			}
			c.which = append(c.which, i)
			ends[i] = append(ends[i], c)
			n = c
		}
	}
	var clashes []letter.Clash
	out := make([]ProposedVariant, 0, len(props))
	told, kept := map[*node]bool{}, map[*node]bool{}
	for i, p := range props {
		cut := len(p.Line)
		for d := 1; d < len(p.Line); d += 2 {
			cond := ends[i][d-1] // the node after the opponent's move p.Line[d-1]
			if len(cond.next) < 2 {
				continue
			}
			cut = d - 1
			if !told[cond] {
				told[cond] = true
				at := pos // the position the answers are given in
				for _, m := range p.Line[:d-1] {
					at = at.Play(m)
				}
				c := numbered(len(a.g.Plies)+d-1, at.Written(p.Line[d-1]))
				at = at.Play(p.Line[d-1])
				var labels, answers []string
				var seen []draughts.Move
				for _, k := range cond.which {
					if len(props[k].Line) <= d {
						continue
					}
					labels = append(labels, props[k].Label)
					if m := props[k].Line[d]; !slices.Contains(seen, m) {
						seen = append(seen, m)
						answers = append(answers, numbered(len(a.g.Plies)+d, at.Written(m)))
					}
				}
				clashes = append(clashes, letter.Clash{Labels: labels, Move: c, Answers: answers})
			}
			break
		}
		p.Line = p.Line[:cut]
		if len(p.Line) >= 2 && !kept[ends[i][cut-1]] { // the same line twice stands once
			kept[ends[i][cut-1]] = true
			out = append(out, p)
		}
	}
	if len(clashes) > 0 {
		a.note(letter.VariantsAmbiguous(clashes))
	}
	return out
}

// numbered writes the move of ply i with its number: "3.b4:d6", "2...d6-c5".
func numbered(i int, text string) string {
	if i%2 == 0 {
		return fmt.Sprintf("%d.%s", i/2+1, text)
	}
	return fmt.Sprintf("%d...%s", i/2+1, text)
}
