package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
)

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
	var ru, en []string
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
				ru = append(ru, fmt.Sprintf("варианты %s на ход %s дают разные ответы (%s)", strings.Join(labels, ", "), c, strings.Join(answers, ", ")))
				en = append(en, fmt.Sprintf("variants %s answer %s differently (%s)", strings.Join(labels, ", "), c, strings.Join(answers, ", ")))
			}
			break
		}
		p.Line = p.Line[:cut]
		if len(p.Line) >= 2 && !kept[ends[i][cut-1]] { // the same line twice stands once
			kept[ends[i][cut-1]] = true
			out = append(out, p)
		}
	}
	if len(ru) > 0 {
		a.problem("variant-ambiguous", "6.2.7", tr(a.lang(),
			strings.Join(ru, "; ")+"; неясно, какой ответ играть, и эти варианты действуют только до этого хода (п. 6.2.12)",
			strings.Join(en, "; ")+"; which answer to play is unclear, so these variants stand only up to that move (clause 6.2.12)"))
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
