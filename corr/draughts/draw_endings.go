package draughts

import "fmt"

// endingKey identifies one stretch of an ending: while a rule's key stays
// the same its count runs on; when it changes the count starts again.
type endingKey struct {
	// force is the balance of forces the rule watches: the piece counts
	// (White men, White kings, Black men, Black kings), or a coarser class.
	force [4]int
	// strong is the side whose moves are counted ("its 15th move").
	strong Color
	// both is set when each side must make the moves (2.1.9.1.5, or a king
	// against a lone king, where neither side is the stronger).
	both bool
	// road is set when a lone king stands on the big road (2.1.9.1.7).
	road bool
}

// endingRule is one of the drawn-ending rules that count moves from the
// moment a balance of forces is established.
type endingRule struct {
	// clause names the rule; start is the position where the count began.
	clause func(start Position, k endingKey) string
	// moves is how many moves are counted.
	moves int
	// phase reports whether p is in the rule's ending, and its key.
	phase func(p Position) (endingKey, bool)
	// en and ru describe the ending for DrawClaim.Reason.
	en, ru string
}

// endingRules lists the ending rules of a variant. Giveaway has none: see
// DrawClaims.
func endingRules(v Variant) []endingRule {
	switch v {
	case Russian:
		return []endingRule{
			{clause: threeKingsClause, moves: 15, phase: threeKingsPhase,
				en: "three or more kings against a lone king", ru: "три дамки и более против одинокой дамки"},
			{clause: fixedClause("2.1.9.1.7"), moves: 5, phase: threeOnRoadPhase,
				en: "three pieces against a lone king on the big road", ru: "три шашки против одинокой дамки на «большой дороге»"},
			{clause: fixedClause("2.1.9.1.5"), moves: 5, phase: kingsBothPhase(2, 3),
				en: "both sides have kings, 2 or 3 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 2-3 фигуры, соотношение сил не менялось"},
			{clause: fixedClause("2.1.9.1.5"), moves: 30, phase: kingsBothPhase(4, 5),
				en: "both sides have kings, 4 or 5 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 4-5 фигур, соотношение сил не менялось"},
			{clause: fixedClause("2.1.9.1.5"), moves: 60, phase: kingsBothPhase(6, 7),
				en: "both sides have kings, 6 or 7 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 6-7 фигур, соотношение сил не менялось"},
		}
	case International:
		return []endingRule{
			{clause: fixedClause("3.5"), moves: 16, phase: loneKingPhase(3, 3),
				en: "three kings, two kings and a man, or a king and two men against a lone king", ru: "три дамки, две дамки и простая или дамка и две простые против одной дамки"},
			{clause: fixedClause("3.5"), moves: 5, phase: loneKingPhase(1, 2),
				en: "two kings, a king and a man, or a king against a lone king", ru: "две дамки, дамка и простая или дамка против одной дамки"},
		}
	}
	return nil
}

func fixedClause(c string) func(Position, endingKey) string {
	return func(Position, endingKey) string { return c }
}

// force gives the piece counts of p.
func force(p Position) [4]int {
	wm, wk := p.Count(White)
	bm, bk := p.Count(Black)
	return [4]int{wm, wk, bm, bk}
}

// loneKingSide returns the side that faces a lone king (one king, no man)
// and whether there is one; with a king against a king, both is set.
func loneKingSide(f [4]int) (strong Color, both, ok bool) {
	wLone, bLone := f[0] == 0 && f[1] == 1, f[2] == 0 && f[3] == 1
	switch {
	case wLone && bLone:
		return White, true, true
	case bLone:
		return White, false, true
	case wLone:
		return Black, false, true
	}
	return White, false, false
}

// onBigRoad reports whether s lies on the big road, the long diagonal a1-h8.
func onBigRoad(v Variant, s Square) bool {
	f, r := v.FileRank(s)
	return f == r
}

// holdsBigRoad reports whether c has a king on the big road.
func holdsBigRoad(p Position, c Color) bool {
	for _, s := range p.Kings(c).Squares(nil) {
		if onBigRoad(p.Variant(), s) {
			return true
		}
	}
	return false
}

// threeKingsPhase is the ending of 2.1.9.1.3 and 2.1.9.1.4: three kings or
// more (with any other pieces) against a lone king. The count starts again
// when the balance changes (a capture or a promotion), as 2.1.9.1.5 defines it.
func threeKingsPhase(p Position) (endingKey, bool) {
	f := force(p)
	strong, both, ok := loneKingSide(f)
	if !ok || both || f[2*int(strong)+1] < 3 {
		return endingKey{}, false
	}
	return endingKey{force: f, strong: strong}, true
}

// threeKingsClause is 2.1.9.1.3 when exactly three kings face the lone king
// and held the big road when the count began, 2.1.9.1.4 otherwise.
func threeKingsClause(start Position, k endingKey) string {
	s := 2 * int(k.strong)
	if k.force[s] == 0 && k.force[s+1] == 3 && holdsBigRoad(start, k.strong) {
		return "2.1.9.1.3"
	}
	return "2.1.9.1.4"
}

// threeOnRoadPhase is the ending of 2.1.9.1.7: three pieces (kings or men)
// against a lone king standing on the big road. The count starts again if
// the lone king leaves the road.
func threeOnRoadPhase(p Position) (endingKey, bool) {
	f := force(p)
	strong, both, ok := loneKingSide(f)
	if !ok || both || f[2*int(strong)]+f[2*int(strong)+1] != 3 {
		return endingKey{}, false
	}
	king := p.Kings(strong.Opponent()).Squares(nil)
	if len(king) != 1 || !onBigRoad(p.Variant(), king[0]) {
		return endingKey{}, false
	}
	return endingKey{force: f, strong: strong, road: true}, true
}

// kingsBothPhase is the ending of 2.1.9.1.5: both sides have kings, the
// pieces on the board number lo to hi, and the balance does not change.
func kingsBothPhase(lo, hi int) func(Position) (endingKey, bool) {
	return func(p Position) (endingKey, bool) {
		f := force(p)
		n := f[0] + f[1] + f[2] + f[3]
		if f[1] == 0 || f[3] == 0 || n < lo || n > hi {
			return endingKey{}, false
		}
		return endingKey{force: f, both: true}, true
	}
}

// loneKingPhase is an ending of clause 3.5: lo to hi pieces, at least one a
// king, against a lone king. As in the FMJD rules, a promotion within the
// ending does not restart the count; a capture that changes the number of
// pieces does.
func loneKingPhase(lo, hi int) func(Position) (endingKey, bool) {
	return func(p Position) (endingKey, bool) {
		f := force(p)
		strong, both, ok := loneKingSide(f)
		s := 2 * int(strong)
		n := f[s] + f[s+1]
		if !ok || f[s+1] == 0 || n < lo || n > hi {
			return endingKey{}, false
		}
		return endingKey{force: [4]int{n}, strong: strong, both: both}, true
	}
}

// claims runs the rule over the positions of a record.
func (e endingRule) claims(r Record, ps []Position) []DrawClaim {
	var out []DrawClaim
	start := -1
	var key endingKey
	var count [2]int
	claimed := false
	for i, p := range ps {
		k, ok := e.phase(p)
		if !ok {
			start = -1
			continue
		}
		if start < 0 || k != key {
			start, key, count, claimed = i, k, [2]int{}, false
			continue
		}
		count[ps[i-1].SideToMove()]++
		done := count[key.strong] >= e.moves
		if key.both {
			done = count[White] >= e.moves && count[Black] >= e.moves
		}
		if done && !claimed {
			claimed = true
			who, whoRu := "each side", "каждой стороны"
			if !key.both {
				who, whoRu = "the stronger side ("+key.strong.String()+")", "сильнейшей стороны"
			}
			out = append(out, r.claim(e.clause(ps[start], key), i, start,
				fmt.Sprintf("%s: %d moves of %s since ply %d without a change", e.en, e.moves, who, start),
				fmt.Sprintf("%s: %d ходов %s с полухода %d без изменений", e.ru, e.moves, whoRu, start)))
		}
	}
	return out
}
