package tables

import (
	"zaochnik/corr/draughts"
)

// Verdict is a position's value under the rules of the game and the draw
// rules that count moves, with the counts as they stand.
type Verdict struct {
	Value
	// Move is a move that keeps the value: the winner's quickest, or any
	// move of the loser or in a draw. It is the zero Move when the side
	// to move has none.
	Move draughts.Move
}

// solveBudget bounds the positions one Solve visits; past it Solve gives up.
const solveBudget = 4_000_000

// Solve returns p's value when the counts of the draw rules stand at c
// (draughts.NewDrawCounter(p) for a position without history), and false
// when p is not in the tables or the search gave up. A position the table
// draws is a draw. A win of the table is searched again under the rules: a
// line counts only if it wins before a count completes (the king-only
// rule, the drawn endings), the table's distances cutting every line that
// cannot win in the plies left. Repetition is not counted: a quickest win
// never repeats a position.
func (s *Set) Solve(p draughts.Position, c draughts.DrawCounter) (Verdict, bool) {
	return s.SolveWithin(p, c, solveBudget, nil)
}

// SolveWithin is Solve giving up past budget positions, or once stop (if
// not nil) says so: a search probing the tables at its nodes spends little
// on each, an analysis no more than its time.
func (s *Set) SolveWithin(p draughts.Position, c draughts.DrawCounter, budget int, stop func() bool) (Verdict, bool) {
	v, ok := s.Probe(p)
	if !ok {
		return Verdict{}, false
	}
	var buf [128]draughts.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 || v.Outcome == Draw {
		out := Verdict{Value: v}
		if len(moves) > 0 {
			out.Move = moves[0]
		}
		return out, true
	}
	if _, done := c.Drawn(); done {
		return Verdict{Move: moves[0]}, true
	}
	if stop != nil && stop() {
		return Verdict{}, false
	}
	r := ruled{s: s, memo: map[state]bounds{}, budget: budget, stop: stop}
	// Every line ends by a count within the king-only rule's plies of
	// its last capture or man move, and a game of these pieces has fewer
	// captures than pieces and fewer man moves than men times rows.
	wm, _ := p.Count(draughts.White)
	bm, _ := p.Count(draughts.Black)
	limit := p.Pieces(draughts.White).Count() + p.Pieces(draughts.Black).Count() + (wm+bm)*p.Variant().Height()
	limit *= 51
	for k := v.Plies; k <= limit && r.nodes < budget; k += 2 {
		if v.Outcome == Win {
			if m, ok := r.win(p, c, k); ok {
				return Verdict{Value: Value{Win, k}, Move: m}, true
			}
		} else if r.lose(p, c, k) {
			return Verdict{Value: Value{Loss, k}, Move: moves[0]}, true
		}
		if r.nodes >= budget {
			break
		}
		if !r.deeper {
			// No line was cut by k: a longer k finds nothing more.
			return Verdict{Move: moves[0]}, true
		}
		r.deeper = false
	}
	return Verdict{}, false
}

// state is a position with its counts, asked whether the side to move
// wins (or, with lose, loses).
type state struct {
	p    draughts.Position
	c    draughts.DrawCounter
	lose bool
}

// bounds remembers, for a state, the longest k known not to suffice and
// the shortest known to (0: none).
// cut tells whether that k fell short because some line needed more plies.
type bounds struct {
	fail, ok int16
	cut      bool
}

// ruled is one search of Solve.
type ruled struct {
	s      *Set
	memo   map[state]bounds
	nodes  int
	budget int
	stop   func() bool
	deeper bool // some line was cut by the plies, not by the rules
}

// win reports whether the side to move at p wins within k plies with the
// counts at c, and a move that does it.
func (r *ruled) win(p draughts.Position, c draughts.DrawCounter, k int) (draughts.Move, bool) {
	r.nodes++
	var buf [128]draughts.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return draughts.Move{}, false
	}
	if _, done := c.Drawn(); done {
		return draughts.Move{}, false
	}
	v, ok := r.s.Probe(p)
	if !ok || v.Outcome != Win {
		return draughts.Move{}, false
	}
	if v.Plies > k {
		r.deeper = true
		return draughts.Move{}, false
	}
	if v.Plies < c.SoonestDraw() {
		// No count can complete before the table's win ends the game.
		for _, m := range moves {
			if r.s.raw(p.Play(m)) == uint8(v.Plies-1) {
				return m, true
			}
		}
	}
	key := state{p, c, false}
	b := r.memo[key]
	if (b.ok == 0 || int(b.ok) > k) && (int(b.fail) >= k || b.fail > 0 && !b.cut) {
		r.deeper = r.deeper || b.cut
		return draughts.Move{}, false
	}
	outer := r.deeper
	r.deeper = false
	defer func() { r.deeper = r.deeper || outer }()
	for _, m := range moves {
		q := p.Play(m)
		if r.lose(q, c.Step(m, q), k-1) {
			if b.ok == 0 || int(b.ok) > k {
				b.ok = int16(k)
			}
			r.memo[key] = b
			return m, true
		}
	}
	if k >= int(b.fail) {
		b.fail, b.cut = int16(k), r.deeper
	}
	r.memo[key] = b
	return draughts.Move{}, false
}

// lose reports whether the side to move at p loses within k plies with the
// counts at c, whatever it plays.
func (r *ruled) lose(p draughts.Position, c draughts.DrawCounter, k int) bool {
	r.nodes++
	var buf [128]draughts.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return true
	}
	if _, done := c.Drawn(); done || k <= 0 {
		if k <= 0 {
			r.deeper = true
		}
		return false
	}
	v, ok := r.s.Probe(p)
	if !ok || v.Outcome != Loss {
		return false
	}
	if v.Plies > k {
		r.deeper = true
		return false
	}
	if v.Plies < c.SoonestDraw() {
		return true // every line ends, lost, before a count can complete
	}
	if r.nodes > r.budget {
		return false
	}
	if r.stop != nil && r.nodes&4095 == 0 && r.stop() {
		r.budget = 0 // give up: every caller sees nodes past the budget
		return false
	}
	key := state{p, c, true}
	b := r.memo[key]
	switch {
	case b.ok != 0 && int(b.ok) <= k:
		return true
	case int(b.fail) >= k || b.fail > 0 && !b.cut:
		r.deeper = r.deeper || b.cut
		return false
	}
	outer := r.deeper
	r.deeper = false
	defer func() { r.deeper = r.deeper || outer }()
	for _, m := range moves {
		q := p.Play(m)
		if _, ok := r.win(q, c.Step(m, q), k-1); !ok {
			if k >= int(b.fail) {
				b.fail, b.cut = int16(k), r.deeper
			}
			r.memo[key] = b
			return false
		}
	}
	b.ok = int16(k)
	r.memo[key] = b
	return true
}
