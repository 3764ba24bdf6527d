package engine

import (
	"runtime"
	"sync/atomic"

	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

// Scores are in hundredths of a man from the side to move's point of view.
// A position whose side to move has lost scores -(win - ply): the nearer
// the end, the larger, so the search prefers the shortest win.
const (
	win      = 30000
	winBound = win - 1000 // beyond it a score is a proven win or loss
	infinity = 32000
	// maxPly bounds the length of a line, extensions included.
	maxPly = 128
	// maxHistory is how many plies of the game before the analysed
	// position the search looks back over for repetitions.
	maxHistory = 100
	// MaxDepth is the deepest nominal search Analyse runs.
	MaxDepth = 64
)

// searcher holds the state of one analysis; its buffers are allocated once
// with the Analyser and reused.
type searcher struct {
	tt     *table
	proofs *table
	// tables, if set, answers every position in the endgame tables: a draw
	// of theirs at once (the draw rules only add draws), a win or a loss
	// once searched again under the rules' counts (tableValue).
	tables *endgame.Set
	solved map[uint64]solvedValue
	limits Limits
	// budget is the node budget (Limits.Nodes, or no limit); halt, for
	// a helper thread, is set when the main search has ended.
	budget  uint64
	halt    *atomic.Bool
	nodes   uint64
	stopped bool
	moves   [maxPly][]draughts.Move
	// order holds each move's ordering score shifted left by 16, with
	// 0xffff minus the move's index below (see pick).
	order [maxPly][]int64
	// keys holds the position keys of the game before the analysed
	// position (the last maxHistory plies without a capture or man move)
	// and then along the line, for repetitions: the key at ply is at
	// keys[history+ply].
	keys        [maxHistory + maxPly]uint64
	history     int
	killers     [maxPly][2]draughts.Move
	moveHistory [2][64][64]int32
	pv          [maxPly][maxPly]draughts.Move
	pvLen       [maxPly]int
	// progress[ply] is the evaluation's progress (see progress) of the
	// position searched at ply, kept up to date move by move: the root's
	// is set by whoever starts the search.
	progress [maxPly]progress
	// counts[ply] holds the draw-rule counts of the position at ply where
	// its move changed them (see search).
	counts [maxPly]draughts.DrawCounter
	// rootScore is the score of the best root move searched so far in the
	// current iteration (the line is pv[0]).
	rootScore int
}

// stop reports whether the search must end now: the node budget is spent,
// or (polled every 1024 nodes) the caller's Stop says so or, for a helper
// thread, the main search has ended. The test of every node is inlined.
func (s *searcher) stop() bool {
	if s.stopped || s.nodes >= s.budget || s.nodes&1023 == 0 {
		return s.poll()
	}
	return false
}

// yield gives the goroutine's thread up to the scheduler between two
// polls (about a third of a millisecond apart) and reports false. The Go
// runtime preempts a goroutine that runs 10 ms without a pause with a
// signal; on a loaded machine those signals cost a quarter of the search's
// positions (measured with GODEBUG=asyncpreemptoff=1), a yield almost
// nothing.
func yield() bool {
	runtime.Gosched()
	return false
}

// poll is stop's slow path.
func (s *searcher) poll() bool {
	switch {
	case s.stopped:
	case s.nodes >= s.budget:
		s.stopped = true
	case s.nodes&1023 != 0:
	case yield():
	case s.halt != nil && s.halt.Load():
		s.stopped = true
	case s.limits.Stop != nil && s.limits.Stop():
		s.stopped = true
	}
	return s.stopped
}

// lost is the score of a side to move that has no legal move at ply: a loss
// (2.8.1), a win in giveaway.
func lost(v draughts.Variant, ply int) int {
	if v == draughts.Giveaway {
		return win - ply
	}
	return -(win - ply)
}

// toTable and fromTable store win scores relative to the node, not the root.
func toTable(score, ply int) int {
	switch {
	case score > winBound:
		return score + ply
	case score < -winBound:
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score > winBound:
		return score - ply
	case score < -winBound:
		return score + ply
	}
	return score
}

// search is the principal-variation alpha-beta. rs holds the draw-rule
// counts at p; its king-only count is the number of plies since the last
// capture or man move, within which a position can repeat. It is a
// pointer, to the parent's counts where a move does not change them
// (needsStep) or to the node's own in counts: passed by value, the
// counts were copied at every position.
func (s *searcher) search(p draughts.Position, rs *draughts.DrawCounter, depth, ply, alpha, beta int) int {
	s.pvLen[ply] = ply
	if s.stop() {
		return 0
	}
	s.nodes++
	// At the horizon a position without a capture is a leaf: its moves
	// are not needed.
	var moves []draughts.Move
	leaf := depth <= 0 && quietMover(p, &tables[p.Variant()].leaf)
	if !leaf {
		moves = p.LegalMoves(s.moves[ply][:0])
		s.moves[ply] = moves
		if len(moves) == 0 {
			return lost(p.Variant(), ply)
		}
		leaf = ply >= maxPly-1 || (depth <= 0 && !moves[0].IsCapture())
	}
	if _, drawn := rs.Drawn(); drawn {
		return 0
	}
	if s.tables != nil {
		if v, ok := s.tableValue(p, *rs); ok {
			switch v.Outcome {
			case endgame.Win:
				return win - ply - v.Plies
			case endgame.Loss:
				return -(win - ply - v.Plies)
			}
			return 0
		} else if sc, ok := s.tableGuess(p, depth); ok {
			return sc
		}
	}
	quiet := rs.KingMoves()
	var pk uint64
	if !leaf || quiet >= 4 {
		pk = p.Key()
		s.keys[s.history+ply] = pk
		for i := ply - 4; ply > 0 && i >= -s.history && i >= ply-quiet; i -= 2 {
			if s.keys[s.history+i] == pk {
				return 0 // a repetition: whoever can repeat it may claim the draw (2.1.9.1.9)
			}
		}
	}
	if leaf {
		return evaluateWith(p, s.progress[ply])
	}
	depth = max(depth, 0)
	capture := moves[0].IsCapture()
	// The last ply before the horizon and the captures beyond it skip the
	// table: searching them again costs less than the cache misses of
	// looking them up (measured: 18% more positions, 10% less time to the
	// same depth).
	var key uint64
	pvNode := beta-alpha > 1
	best := -1
	if depth > 1 {
		key = pk ^ rulesHash(*rs)
		if e, ok := s.tt.probe(key); ok {
			best = int(e.move) - 1
			if int(e.depth) >= depth && !pvNode {
				sc := fromTable(int(e.score), ply)
				if e.bound == boundExact || (e.bound == boundLower && sc >= beta) || (e.bound == boundUpper && sc <= alpha) {
					return sc
				}
			}
		}
	}
	// A forced move costs no depth: combinations are long forced lines.
	// It needs no ordering either.
	forced := len(moves) == 1
	next := depth - 1
	if forced && depth > 0 {
		next = depth
	}
	if !forced {
		s.score(p, ply, moves, best)
	}
	alpha0, bestScore := alpha, -infinity
	kings := p.Kings(draughts.White) | p.Kings(draughts.Black)
	for n := range moves {
		i := 0
		if !forced {
			i = s.pick(ply, n)
		}
		m := moves[i]
		q := p.Play(m)
		qs := rs
		if needsStep(kings, m) {
			qs = &s.counts[ply+1]
			*qs = rs.Step(m, q)
		}
		s.progress[ply+1] = s.progress[ply].after(p, m)
		var sc int
		if n == 0 {
			sc = -s.search(q, qs, next, ply+1, -beta, -alpha)
		} else {
			r := s.reduction(depth, n, m, ply, capture)
			sc = -s.search(q, qs, next-r, ply+1, -alpha-1, -alpha)
			if r > 0 && sc > alpha {
				sc = -s.search(q, qs, next, ply+1, -alpha-1, -alpha)
			}
			if sc > alpha && sc < beta {
				sc = -s.search(q, qs, next, ply+1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if sc > bestScore {
			bestScore, best = sc, i
		}
		if sc > alpha {
			alpha = sc
			if ply == 0 {
				s.rootScore = sc
			}
			s.pv[ply][ply] = m
			copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
			s.pvLen[ply] = s.pvLen[ply+1]
		}
		if alpha >= beta {
			if !m.IsCapture() {
				s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
				h := &s.moveHistory[p.SideToMove()][m.From][m.To]
				*h = min(*h+int32(depth*depth), 1<<20)
			}
			break
		}
	}
	b := boundOf(bestScore, alpha0, beta)
	if best > 254 {
		best = -1
	}
	if depth > 1 {
		s.tt.store(key, toTable(bestScore, ply), depth, b, best)
	}
	return bestScore
}

// stepped is rs.Step(m, q), m leading from p to q, without the call
// where Step cannot change the counts (needsStep); kings are p's kings.
func stepped(rs draughts.DrawCounter, kings draughts.Bitboard, m draughts.Move, q draughts.Position) draughts.DrawCounter {
	if needsStep(kings, m) {
		return rs.Step(m, q)
	}
	return rs
}

// needsStep reports whether DrawCounter.Step of m can change the counts,
// kings being the kings of the position m is played in. With no king on
// either board every draw count stays at zero (a count needs a king; the
// king-only count restarts at a man move), and without a king before the
// move there is one after it only if m crowns a man
// (TestStep_NoKingsNoChange).
func needsStep(kings draughts.Bitboard, m draughts.Move) bool {
	return kings != 0 || m.Promotes
}

// reduction is how many plies less the n-th move tried (from 0) is first
// searched with: late quiet moves, which rarely turn out best, are looked at
// less deeply unless they prove better than the best so far (then they are
// searched again at full depth). Captures, promotions and killers are never
// reduced.
func (s *searcher) reduction(depth, n int, m draughts.Move, ply int, capture bool) int {
	if depth < 3 || n < 3 || capture || m.Promotes || m == s.killers[ply][0] || m == s.killers[ply][1] {
		return 0
	}
	if depth >= 6 && n >= 8 {
		return 2
	}
	return 1
}

// score gives each move its ordering score: the table's move first, then
// the captures taking most and promotions, the killers, the history.
func (s *searcher) score(p draughts.Position, ply int, moves []draughts.Move, ttMove int) {
	order := s.order[ply][:0]
	side := p.SideToMove()
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.moveHistory[side]
	for i, m := range moves {
		var sc int64
		switch {
		case i == ttMove:
			sc = 1 << 30
		case m.IsCapture():
			sc = 1<<24 + int64(m.CaptureCount())<<8
		case m == k0:
			sc = 1 << 22
		case m == k1:
			sc = 1<<22 - 1
		default:
			sc = int64(hist[m.From&63][m.To&63])
		}
		if m.Promotes {
			sc += 1 << 20
		}
		order = append(order, sc<<16|int64(0xffff-i&0xffff))
	}
	s.order[ply] = order
}

// pick returns the index of the best of the moves not yet tried, the n-th
// pick: it brings that move's key to place n, so the untried ones stay
// after it. Equal scores go to the lower index, as in LegalMoves' order
// (the key holds 0xffff minus the index): the keys differ, so the order
// is one. The first two picks look for the best key (most nodes cut off
// by then); the third sorts the rest, and the later ones take them in turn.
func (s *searcher) pick(ply, n int) int {
	order := s.order[ply]
	switch {
	case n < 2:
		best := n
		for i := n + 1; i < len(order); i++ {
			if order[i] > order[best] {
				best = i
			}
		}
		order[n], order[best] = order[best], order[n]
	case n == 2:
		sortDescending(order[2:])
	}
	return 0xffff - int(order[n]&0xffff)
}

// sortDescending sorts a few keys, largest first (insertion sort).
func sortDescending(keys []int64) {
	for i := 1; i < len(keys); i++ {
		k, j := keys[i], i
		for ; j > 0 && keys[j-1] < k; j-- {
			keys[j] = keys[j-1]
		}
		keys[j] = k
	}
}

// tableEdge is the evaluation of a win of the tables whose draw rules'
// counts were not settled, less its plies: above any material count,
// below the proven scores.
const tableEdge = 5000

// tableGuess is, at the horizon (depth 0), the evaluation of a win or a
// loss of the tables that tableValue could not settle under the counts:
// strong, but not a proof.
func (s *searcher) tableGuess(p draughts.Position, depth int) (int, bool) {
	if s.tables == nil || depth > 0 {
		return 0, false
	}
	v, ok := s.tables.Probe(p)
	switch {
	case !ok || v.Outcome == endgame.Draw:
		return 0, false
	case v.Outcome == endgame.Win:
		return tableEdge - v.Plies, true
	}
	return -(tableEdge - v.Plies), true
}

// tableSolvePlies is the longest win of the tables the search settles
// under the counts at a node; a longer one is searched as usual.
const tableSolvePlies = 25

// tableSolveBudget bounds the search of the draw rules' counts (Set.Solve)
// at one node of the search: past it the node is searched as usual.
const tableSolveBudget = 20_000

// tableValue is p's value from the endgame tables under the draw rules
// with the counts at rs: a draw of the tables at once, a win or a loss
// searched again under the counts (remembered for the analysis); false
// when p is not in the tables or that search gave up.
func (s *searcher) tableValue(p draughts.Position, rs draughts.DrawCounter) (endgame.Value, bool) {
	if s.tables == nil {
		return endgame.Value{}, false
	}
	v, ok := s.tables.Probe(p)
	if !ok || v.Outcome == endgame.Draw {
		return v, ok
	}
	if v.Plies > tableSolvePlies {
		return v, false // a long win costs the whole budget to settle: search on
	}
	key := p.Key() ^ rulesHash(rs) ^ quietHash(rs.KingMoves())
	if got, ok := s.solved[key]; ok {
		return got.v, got.ok
	}
	verdict, ok := s.tables.SolveWithin(p, rs, tableSolveBudget, nil)
	if s.solved == nil {
		s.solved = map[uint64]solvedValue{}
	}
	s.solved[key] = solvedValue{verdict.Value, ok}
	return verdict.Value, ok
}

// solvedValue is a remembered answer of tableValue.
type solvedValue struct {
	v  endgame.Value
	ok bool
}
