package draughts

// endingKey identifies one stretch of an ending: while a rule's key stays
// the same its count runs on; when it changes the count starts again.
type endingKey struct {
	// force is the balance of forces the rule watches: the piece counts
	// (White men, White kings, Black men, Black kings), or a coarser class.
	force [4]int8
	// strong is the side whose moves are counted ("its 15th move").
	strong Color
	// both is set when each side must make the moves (2.1.9.1.5, or a king
	// against a lone king, where neither side is the stronger).
	both bool
}

// endingRule is one of the drawn-ending rules that count moves from the
// moment a balance of forces is established.
type endingRule struct {
	// clause names the rule. roadClause, when set, names it instead for a
	// count that began with exactly three kings, one of them on the big
	// road, against the lone king (2.1.9.1.3 within 2.1.9.1.4).
	clause, roadClause string
	// moves is how many moves are counted.
	moves int
	// kind is the ending the rule watches; lo and hi bound its number of
	// pieces where kind says so.
	kind   endingKind
	lo, hi int
	// en and ru describe the ending for DrawClaim.Reason.
	en, ru string
}

// endingKind is the shape of an ending rule (see phase).
type endingKind uint8

const (
	threeKings  endingKind = iota // 2.1.9.1.3, 2.1.9.1.4
	threeOnRoad                   // 2.1.9.1.7
	kingsBoth                     // 2.1.9.1.5
	loneKing                      // 3.5
)

// maxEndings is the most ending rules a variant has.
const maxEndings = 5

// The ending rules of each variant. They are built once and never written.
var (
	russianEndings = []endingRule{
		{clause: "2.1.9.1.4", roadClause: "2.1.9.1.3", moves: 15, kind: threeKings,
			en: "three or more kings against a lone king", ru: "три дамки и более против одинокой дамки"},
		{clause: "2.1.9.1.7", moves: 5, kind: threeOnRoad,
			en: "three pieces against a lone king on the big road", ru: "три шашки против одинокой дамки на «большой дороге»"},
		{clause: "2.1.9.1.5", moves: 5, kind: kingsBoth, lo: 2, hi: 3,
			en: "both sides have kings, 2 or 3 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 2-3 фигуры, соотношение сил не менялось"},
		{clause: "2.1.9.1.5", moves: 30, kind: kingsBoth, lo: 4, hi: 5,
			en: "both sides have kings, 4 or 5 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 4-5 фигур, соотношение сил не менялось"},
		{clause: "2.1.9.1.5", moves: 60, kind: kingsBoth, lo: 6, hi: 7,
			en: "both sides have kings, 6 or 7 pieces, the balance of forces unchanged", ru: "у обеих сторон дамки, 6-7 фигур, соотношение сил не менялось"},
	}
	// eightySquareEndings are the Russian rules that do not need the big
	// road: the seeds define it (2.1.2) as the diagonal of 8 squares crossing
	// the 8x8 board corner to corner, and the 10x8 board has no such
	// diagonal (three of its diagonals have 8 squares, none joins two
	// corners), so 2.1.9.1.3 and 2.1.9.1.7 do not apply there; three kings
	// against a king still count 15 moves by 2.1.9.1.4.
	eightySquareEndings = func() []endingRule {
		threeKings := russianEndings[0]
		threeKings.roadClause = ""
		return []endingRule{threeKings, russianEndings[2], russianEndings[3], russianEndings[4]}
	}()
	internationalEndings = []endingRule{
		{clause: "3.5", moves: 16, kind: loneKing, lo: 3, hi: 3,
			en: "three kings, two kings and a man, or a king and two men against a lone king", ru: "три дамки, две дамки и простая или дамка и две простые против одной дамки"},
		{clause: "3.5", moves: 5, kind: loneKing, lo: 1, hi: 2,
			en: "two kings, a king and a man, or a king against a lone king", ru: "две дамки, дамка и простая или дамка против одной дамки"},
	}
)

// endingRules lists the ending rules of a variant. Giveaway has none: see
// DrawClaims.
func endingRules(v Variant) []endingRule {
	switch v {
	case Russian:
		return russianEndings
	case EightySquare:
		return eightySquareEndings
	case International:
		return internationalEndings
	}
	return nil
}

// balance is the balance of forces of a position, worked out once for all
// the ending rules.
type balance struct {
	// force holds the piece counts: White men, White kings, Black men,
	// Black kings.
	force [4]int
	// lone is set when a side faces a lone king (one king, no man); strong
	// is that side, and both is set for a king against a king.
	lone, both bool
	strong     Color
}

// balanceOf works out the balance of forces of p.
func balanceOf(p Position) balance {
	wm, wk := p.Count(White)
	bm, bk := p.Count(Black)
	b := balance{force: [4]int{wm, wk, bm, bk}}
	wLone, bLone := wm == 0 && wk == 1, bm == 0 && bk == 1
	switch {
	case wLone && bLone:
		b.lone, b.both = true, true
	case bLone:
		b.lone = true
	case wLone:
		b.lone, b.strong = true, Black
	}
	return b
}

// phase reports whether p, whose balance is b, is in the rule's ending, and
// the key of its stretch.
func (e *endingRule) phase(p Position, b *balance) (endingKey, bool) {
	f, s := &b.force, 2*int(b.strong)
	switch e.kind {
	case threeKings:
		// Three kings or more (with any other pieces) against a lone king.
		// The count starts again when the balance changes (a capture or a
		// promotion), as 2.1.9.1.5 defines it.
		if b.lone && !b.both && f[s+1] >= 3 {
			return keyOf(f, b.strong, false), true
		}
	case threeOnRoad:
		// Three pieces (kings or men) against a lone king standing on the
		// big road. The count starts again if the lone king leaves the road.
		if b.lone && !b.both && f[s]+f[s+1] == 3 && onBigRoad(p, b.strong.Opponent()) {
			return keyOf(f, b.strong, false), true
		}
	case kingsBoth:
		// Both sides have kings, the pieces on the board number lo to hi,
		// and the balance does not change.
		if n := f[0] + f[1] + f[2] + f[3]; f[1] > 0 && f[3] > 0 && n >= e.lo && n <= e.hi {
			return keyOf(f, White, true), true
		}
	case loneKing:
		// lo to hi pieces, at least one a king, against a lone king. As in
		// the FMJD rules, a promotion within the ending does not restart
		// the count; a capture that changes the number of pieces does.
		if n := f[s] + f[s+1]; b.lone && f[s+1] > 0 && n >= e.lo && n <= e.hi {
			return endingKey{force: [4]int8{int8(n)}, strong: b.strong, both: b.both}, true
		}
	}
	return endingKey{}, false
}

// keyOf makes the key of a stretch from piece counts.
func keyOf(f *[4]int, strong Color, both bool) endingKey {
	return endingKey{force: [4]int8{int8(f[0]), int8(f[1]), int8(f[2]), int8(f[3])}, strong: strong, both: both}
}

// onBigRoad reports whether c has a king on the big road, the long
// diagonal a1-h8.
func onBigRoad(p Position, c Color) bool {
	return p.Kings(c)&p.v.rules().geo.diagonal != 0
}

// holdsRoad reports whether a count of the three-kings rule beginning at
// start falls under 2.1.9.1.3: exactly three kings, no man, one of them on
// the big road.
func holdsRoad(start Position, k endingKey) bool {
	s := 2 * int(k.strong)
	return k.force[s] == 0 && k.force[s+1] == 3 && onBigRoad(start, k.strong)
}
