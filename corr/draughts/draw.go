package draughts

import (
	"fmt"
	"sort"
)

// DrawClaim is a draw by rule that a player may claim in a game record. In
// correspondence play such a draw is not automatic: a player claims it and
// the judge rules, so DrawClaims only says which rule applies from which move.
type DrawClaim struct {
	// Rule is the clause of the rules: "2.1.9.1.9" (repetition),
	// "2.1.9.1.8" (15 king-only moves), "2.1.9.1.3", "2.1.9.1.4",
	// "2.1.9.1.5", "2.1.9.1.7" (endings) for Russian draughts; "3.5" for
	// the international endings and king-only moves.
	Rule string
	// Ply is the number of moves played when the claim becomes possible:
	// the claim stands on the position after that ply.
	Ply int
	// Move and Black name that ply as a record numbers it ("23..." is
	// Move 23, Black true).
	Move  int
	Black bool
	// Since is the ply from which the rule counts (where the balance of
	// forces was established, the king-only moves began, or the position
	// first occurred).
	Since int
	// Reason says in English what happened; Describe gives it in Russian too.
	Reason string
	ru     string
}

// Describe gives the claim for a person: in Russian, or in English when
// english is set, with its clause and move.
func (c DrawClaim) Describe(english bool) string {
	label := fmt.Sprintf("%d.", c.Move)
	if c.Black {
		label = fmt.Sprintf("%d...", c.Move)
	}
	if english {
		return fmt.Sprintf("draw by rule %s from move %s: %s", c.Rule, label, c.Reason)
	}
	return fmt.Sprintf("ничья по п. %s с хода %s: %s", c.Rule, label, c.ru)
}

// DrawClaims returns every draw by rule that a player could claim in the
// record, in the order they become possible. Each rule is reported once for
// each stretch of play it covers, at the ply where its count is reached.
//
// Russian draughts (and giveaway, for repetition and king-only moves only:
// the seeds give it no ending rules, and their material counts would favour
// the side that is losing by those rules): 2.1.9.1.3-2.1.9.1.5, 2.1.9.1.7 to
// 2.1.9.1.9; 80-square draughts (10x8) the same but for the two rules of
// the big road, 2.1.9.1.3 and 2.1.9.1.7, which its board lacks (see
// eightySquareEndings). International draughts: clause 3.5 and the repetition of
// 2.1.9.1.9, which 3.5 refers to. A "move" in a count is one move of each
// side (two plies) when both sides count, and one move of the stronger side
// when the rule counts "its 15th move". 2.1.9.1.6 (a plainly drawn
// position) is the judge's assessment and is not reported.
func DrawClaims(r Record) []DrawClaim {
	ps := r.Positions()
	out := repetitionClaims(r, ps)
	out = append(out, countClaims(r, ps)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Ply < out[j].Ply })
	return out
}

// claim fills in the move number of ply.
func (r Record) claim(rule string, ply, since int, en, ru string) DrawClaim {
	n, black := r.MoveNumber(ply)
	return DrawClaim{Rule: rule, Ply: ply, Move: n, Black: black, Since: since, Reason: en, ru: ru}
}

// repetitionClaims applies 2.1.9.1.9: the same position, with the same side
// to move, for the third time; once for each position repeated.
func repetitionClaims(r Record, ps []Position) []DrawClaim {
	seen := make(map[Position][]int, len(ps))
	var out []DrawClaim
	for i, p := range ps {
		seen[p] = append(seen[p], i)
		if at := seen[p]; len(at) == 3 {
			side, sideRu := "White", "белых"
			if p.SideToMove() == Black {
				side, sideRu = "Black", "чёрных"
			}
			out = append(out, r.claim("2.1.9.1.9", i, at[0],
				fmt.Sprintf("the same position with %s to move occurred a third time (after plies %d, %d and %d)", side, at[0], at[1], at[2]),
				fmt.Sprintf("одна и та же позиция при ходе %s повторилась в третий раз (после полуходов %d, %d и %d)", sideRu, at[0], at[1], at[2])))
		}
	}
	return out
}

// countClaims applies the rules a DrawCounter follows: each claim at the
// ply where its count becomes complete, the king-only rule before the
// ending rules, which go in the order of endingRules.
func countClaims(r Record, ps []Position) []DrawClaim {
	var out []DrawClaim
	v := r.Variant()
	rules := endingRules(v)
	var since [maxEndings]int // the ply where each running count began
	c := NewDrawCounter(ps[0])
	for i, m := range r.Moves {
		before, ply := c, i+1
		c = c.Step(m, ps[ply])
		if n := c.KingMoves(); n == kingOnlyPlies(v) {
			out = append(out, r.claim(kingOnlyClause(v), ply, ply-n,
				fmt.Sprintf("%d moves of each side were king moves, with no capture and no man moved", n/2),
				fmt.Sprintf("в течение %d ходов каждой стороны ходили только дамки, без взятий и ходов простыми", n/2)))
		}
		for k := range rules {
			switch {
			case c.on&(1<<k) != 0 && c.count[k] == [2]uint8{}: // the count began here
				since[k] = ply
			case c.done&^before.done&(1<<k) != 0:
				out = append(out, c.endingClaim(r, &rules[k], k, ply, since[k]))
			}
		}
	}
	return out
}

// endingClaim is the claim of ending rule i, e, complete at ply.
func (c DrawCounter) endingClaim(r Record, e *endingRule, i, ply, since int) DrawClaim {
	k := c.key[i]
	who, whoRu := "each side", "каждой стороны"
	if !k.both {
		who, whoRu = "the stronger side ("+k.strong.String()+")", "сильнейшей стороны"
	}
	return r.claim(c.clause(i), ply, since,
		fmt.Sprintf("%s: %d moves of %s since ply %d without a change", e.en, e.moves, who, since),
		fmt.Sprintf("%s: %d ходов %s с полухода %d без изменений", e.ru, e.moves, whoRu, since))
}
