package engine

import "zaochnik/corr/draughts"

// The drawn-ending rules count moves from the moment a balance of forces is
// established; when the count is complete the game is drawn. The search
// follows those counts along each line so that it can prove such a draw.
// They mirror the rules corr/draughts applies to a finished record
// (DrawClaims), step by step instead of over a whole record.

// stretch identifies one stretch of an ending: while it stays the same, the
// rule's count runs on; when it changes, the count starts again.
type stretch struct {
	force  [4]int8 // White men, White kings, Black men, Black kings (or a coarser class)
	strong draughts.Color
	both   bool // each side must make the moves
}

// drawRule is one drawn-ending rule: how many moves it counts and which
// positions it covers.
type drawRule struct {
	moves int
	phase func(p draughts.Position, f [4]int) (stretch, bool)
}

// maxRules is the most rules a variant has.
const maxRules = 5

// russianRules are 2.1.9.1.3/2.1.9.1.4 (three kings or more against a lone
// king, 15 moves), 2.1.9.1.7 (three pieces against a lone king on the big
// road, 5 moves) and 2.1.9.1.5 (both sides have kings: 2-3, 4-5, 6-7
// pieces, 5, 30, 60 moves).
var russianRules = []drawRule{
	{15, threeKings},
	{5, threeOnRoad},
	{5, kingsBoth(2, 3)},
	{30, kingsBoth(4, 5)},
	{60, kingsBoth(6, 7)},
}

// internationalRules are 3.5: three pieces with a king against a lone king,
// 16 moves; one or two pieces with a king, 5 moves.
var internationalRules = []drawRule{
	{16, loneKing(3, 3)},
	{5, loneKing(1, 2)},
}

// rulesOf gives the drawn-ending rules of v. Giveaway has none: corr/draughts
// applies none to it either, their counts would favour the losing side.
func rulesOf(v draughts.Variant) []drawRule {
	switch v {
	case draughts.Russian:
		return russianRules
	case draughts.International:
		return internationalRules
	}
	return nil
}

func forceOf(p draughts.Position) [4]int {
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	return [4]int{wm, wk, bm, bk}
}

func key(f [4]int, strong draughts.Color, both bool) stretch {
	return stretch{force: [4]int8{int8(f[0]), int8(f[1]), int8(f[2]), int8(f[3])}, strong: strong, both: both}
}

// facesLoneKing returns the side facing a lone king (one king, no man);
// both is set for a king against a king.
func facesLoneKing(f [4]int) (strong draughts.Color, both, ok bool) {
	wLone, bLone := f[0] == 0 && f[1] == 1, f[2] == 0 && f[3] == 1
	switch {
	case wLone && bLone:
		return draughts.White, true, true
	case bLone:
		return draughts.White, false, true
	case wLone:
		return draughts.Black, false, true
	}
	return draughts.White, false, false
}

func threeKings(_ draughts.Position, f [4]int) (stretch, bool) {
	strong, both, ok := facesLoneKing(f)
	if !ok || both || f[2*int(strong)+1] < 3 {
		return stretch{}, false
	}
	return key(f, strong, false), true
}

func threeOnRoad(p draughts.Position, f [4]int) (stretch, bool) {
	strong, both, ok := facesLoneKing(f)
	if !ok || both || f[2*int(strong)]+f[2*int(strong)+1] != 3 {
		return stretch{}, false
	}
	if p.Kings(strong.Opponent())&tables[p.Variant()].road == 0 {
		return stretch{}, false
	}
	return key(f, strong, false), true
}

func kingsBoth(lo, hi int) func(draughts.Position, [4]int) (stretch, bool) {
	return func(_ draughts.Position, f [4]int) (stretch, bool) {
		n := f[0] + f[1] + f[2] + f[3]
		if f[1] == 0 || f[3] == 0 || n < lo || n > hi {
			return stretch{}, false
		}
		return key(f, draughts.White, true), true
	}
}

// loneKing counts lo to hi pieces, one a king at least, against a lone
// king; a promotion does not restart the count, a capture does.
func loneKing(lo, hi int) func(draughts.Position, [4]int) (stretch, bool) {
	return func(_ draughts.Position, f [4]int) (stretch, bool) {
		strong, both, ok := facesLoneKing(f)
		s := 2 * int(strong)
		n := f[s] + f[s+1]
		if !ok || f[s+1] == 0 || n < lo || n > hi {
			return stretch{}, false
		}
		return stretch{force: [4]int8{int8(n)}, strong: strong, both: both}, true
	}
}

// kingMovesPlies is the rule of king moves only (2.1.9.1.8: 15 moves of each
// side moving only kings, no capture, no man moved; 25 moves in
// international draughts, 3.5), in plies. Giveaway keeps it (DrawClaims
// applies it there too). The search counts those plies itself ("quiet").
func kingMovesPlies(v draughts.Variant) int {
	if v == draughts.International {
		return 50
	}
	return 30
}

// ruleState is where each rule's count stands on the current line.
type ruleState struct {
	on    [maxRules]bool
	key   [maxRules]stretch
	count [maxRules][2]uint8
}

// startRules begins the counts at p: a FEN carries no history, so the
// analysed position is where every count starts.
func startRules(p draughts.Position) ruleState {
	var s ruleState
	f := forceOf(p)
	for i, r := range rulesOf(p.Variant()) {
		s.key[i], s.on[i] = r.phase(p, f)
	}
	return s
}

// next returns the counts after mover played into q, and whether one of
// the rules' counts is complete: the game is then drawn.
func (s ruleState) next(q draughts.Position, mover draughts.Color) (ruleState, bool) {
	rules := rulesOf(q.Variant())
	if len(rules) == 0 || q.Kings(draughts.White)|q.Kings(draughts.Black) == 0 {
		// Every rule needs a king on the board: without one, none counts.
		return ruleState{}, false
	}
	f := forceOf(q)
	drawn := false
	for i, r := range rules {
		k, ok := r.phase(q, f)
		switch {
		case !ok:
			s.on[i], s.count[i] = false, [2]uint8{}
		case !s.on[i] || k != s.key[i]:
			s.on[i], s.key[i], s.count[i] = true, k, [2]uint8{}
		default:
			s.count[i][mover]++
			c := s.count[i]
			done := int(c[k.strong]) >= r.moves
			if k.both {
				done = int(c[0]) >= r.moves && int(c[1]) >= r.moves
			}
			drawn = drawn || done
		}
	}
	return s, drawn
}

// hash mixes the running counts into a table key: two lines reaching the
// same position with different counts are different states.
func (s ruleState) hash() uint64 {
	var h uint64
	for i := range s.count {
		h = h<<12 | uint64(s.count[i][0])<<6 | uint64(s.count[i][1]) // counts stay below 64
	}
	if h == 0 {
		return 0
	}
	h ^= 0x9e3779b97f4a7c15
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}

// soonestDraw is a lower bound of the plies from here to the first draw any
// rule can complete: a count running now needs the moves it lacks, a new
// one (after a capture) five moves of a side, the king-moves rule what it
// lacks. The bound searches cannot prove a draw with a shorter horizon, so
// they wait for it.
func (s ruleState) soonestDraw(v draughts.Variant, quiet int) int {
	soonest := kingMovesPlies(v) - quiet
	rules := rulesOf(v)
	if len(rules) > 0 {
		soonest = min(soonest, 2*5) // a new count: a capture, then five moves
	}
	for i, r := range rules {
		if s.on[i] {
			done := max(int(s.count[i][0]), int(s.count[i][1]))
			soonest = min(soonest, 2*(r.moves-done)-1)
		}
	}
	return max(soonest, 1)
}
