package engine

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

// Analyser runs analyses. It holds the transposition tables, allocated once
// by NewAnalyser; one analysis at a time.
type Analyser struct {
	s      searcher
	tt     *table
	proofs *table
	tables *endgame.Set
	// helpers are the searchers of the threads beside the main one
	// (Limits.Threads), kept for the next analysis; helperNodes counts
	// the positions they searched in this one.
	helpers     []*searcher
	helperNodes uint64
}

// UseTables makes the analyses answer from the endgame tables t (nil: none)
// when the analysed position is in them.
func (a *Analyser) UseTables(t *endgame.Set) { a.tables = t }

// proveMaxPieces: the bound searches run only in endings with at most this
// many pieces on the board, where a proof is in reach.
const proveMaxPieces = 8

// proofStep is how much deeper each attempt of the bound searches goes:
// the shortest count of the ending rules, 5 moves of each side
// (2.1.9.1.5, 3.5), so that a line in which the balance of forces changes
// once more can come to its rule's end.
const proofStep = 10

// NewAnalyser allocates an Analyser whose main transposition table has
// 2^tableBits slots of 16 bytes (20 gives 16 MiB); the proof table is a
// quarter of it. tableBits is clamped to 10..28.
func NewAnalyser(tableBits int) *Analyser {
	tableBits = min(max(tableBits, 10), 28)
	return &Analyser{tt: newTable(tableBits), proofs: newTable(tableBits - 2)}
}

// Analyse searches p by iterative deepening within lim and returns the
// evaluation, the principal variation and what it proved. If the limits cut
// the first iteration short, the analysis has Depth 0 and the best move
// found so far (at worst the first legal move, with the static
// evaluation). A position without legal moves is returned as decided. Without
// the game's moves, the drawn-ending counts start at p; AnalyseRecord
// takes them from the game.
func (a *Analyser) Analyse(p draughts.Position, lim Limits) Analysis {
	return a.AnalyseRecord(draughts.NewRecord(p), lim)
}

// AnalyseRecord analyses the final position of a game as Analyse does,
// with the game's moves taken into account: the drawn-ending rules count
// the moves already made in their ending, and a position of the game
// played again in a line is a repetition. If a rule's count is already
// complete, the result is that draw, found without a search.
func (a *Analyser) AnalyseRecord(r draughts.Record, lim Limits) Analysis {
	a.tt.clear()
	a.proofs.clear()
	a.s = searcher{tt: a.tt, proofs: a.proofs, tables: a.tables, limits: lim, budget: math.MaxUint64, moves: a.s.moves, order: a.s.order}
	if lim.Nodes > 0 {
		a.s.budget = lim.Nodes
	}
	a.helperNodes = 0
	s := &a.s
	ps := r.Positions()
	p := ps[len(ps)-1]
	rs := r.DrawCounts()
	s.setHistory(r, ps)
	s.progress[0] = progressOf(p)
	_, drawn := rs.Drawn()
	out := Analysis{GamePlies: r.Plies()}
	var tablesGame *endgame.Value
	switch {
	case len(p.LegalMoves(nil)) == 0:
		out.Score = lost(p.Variant(), 0)
		return a.finish(p, out)
	case drawn:
		out.Result = Drawn
		return a.finish(p, out)
	}
	if a.tables != nil && a.tables.Has(p) {
		if v, ok := a.tables.SolveWithin(p, rs, rootSolveBudget, lim.Stop); ok {
			return a.finish(p, fromTables(p, v, out))
		}
		// The counts were not settled: the table's value by the rules of
		// the game alone goes with the search's answer.
		v, _ := a.tables.Probe(p)
		tablesGame = &v
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	small := p.Pieces(draughts.White).Count()+p.Pieces(draughts.Black).Count() <= proveMaxPieces
	proofDepth := rs.SoonestDraw()
	var lead atomic.Int32
	a.tt.used = true
	stopHelpers := a.startHelpers(p, rs, lim.Threads-1, &lead, maxDepth)
	for depth := 1; depth <= maxDepth; depth++ {
		lead.Store(int32(depth))
		sc := s.search(p, &rs, depth, 0, -infinity, infinity)
		if s.stopped {
			if depth == 1 {
				out = a.partial(p)
				out.GamePlies = r.Plies()
			}
			break
		}
		out.Score, out.Depth = sc, depth
		out.PV = append(out.PV[:0], s.pv[0][:s.pvLen[0]]...)
		out.Result = Unproven
		if sc > winBound || sc < -winBound {
			plies, res := win-max(sc, -sc), winner(p, sc)
			if a.confirm(p, rs, plies, res) {
				out.Plies, out.Result = plies, res
			}
		} else if small && depth >= rs.SoonestDraw() {
			// The bound searches run ahead of the main one: a draw by an
			// ending rule lies at the rule's count, deeper than the main
			// search reaches in an ending of kings; each attempt goes
			// proofStep plies further than the last.
			proofDepth = max(proofDepth, depth)
			out.Result = a.proveResult(p, rs, proofDepth)
			if s.stopped {
				out.Result = Unproven
				break
			}
			if out.Result == WhiteWins || out.Result == BlackWins {
				out.Score = provenScore(p, out.Result, proofDepth)
			}
			proofDepth += proofStep
		}
		if lim.Progress != nil {
			snap := out
			snap.PV = slices.Clone(out.PV)
			lim.Progress(a.finish(p, snap))
		}
		if out.Result != Unproven {
			break
		}
	}
	stopHelpers()
	out.TablesGame = tablesGame
	return a.finish(p, out)
}

// startHelpers starts n helper threads (Lazy SMP): each searches p by
// iterative deepening, one or two plies ahead of the main search's
// iteration (lead), and shares the main transposition table, so the main
// search finds there what they found. Nothing else of theirs is used:
// results are proven only by the main thread's bound searches, whose
// table no other thread touches, and the endgame tables. stop halts them,
// waits for them and counts their positions.
func (a *Analyser) startHelpers(p draughts.Position, rs draughts.DrawCounter, n int, lead *atomic.Int32, maxDepth int) (stop func()) {
	if n <= 0 {
		return func() {}
	}
	for len(a.helpers) < n {
		a.helpers = append(a.helpers, &searcher{})
	}
	var halt atomic.Bool
	var wg sync.WaitGroup
	for i, h := range a.helpers[:n] {
		*h = searcher{tt: a.tt, tables: a.tables, budget: math.MaxUint64, halt: &halt,
			keys: a.s.keys, history: a.s.history, moves: h.moves, order: h.order}
		ahead := 1 + i%2
		wg.Go(func() { h.help(p, rs, lead, ahead, maxDepth) })
	}
	return func() {
		halt.Store(true)
		wg.Wait()
		for _, h := range a.helpers[:n] {
			a.helperNodes += h.nodes
		}
	}
}

// help is a helper thread's search: iterations from ahead plies beyond the
// main search's current one, until the main search ends.
func (h *searcher) help(p draughts.Position, rs draughts.DrawCounter, lead *atomic.Int32, ahead, maxDepth int) {
	h.progress[0] = progressOf(p)
	for depth := 1; depth <= maxDepth; depth++ {
		depth = min(max(depth, int(lead.Load())+ahead), maxDepth)
		h.search(p, &rs, depth, 0, -infinity, infinity)
		if h.stopped {
			return
		}
	}
}

// partial is the outcome of a first iteration cut short by the limits: the
// best root move searched so far, or if none was, the first legal move with
// the static evaluation. Its Depth is 0.
func (a *Analyser) partial(p draughts.Position) Analysis {
	s := &a.s
	if s.pvLen[0] > 0 {
		return Analysis{Score: s.rootScore, PV: slices.Clone(s.pv[0][:s.pvLen[0]])}
	}
	return Analysis{Score: evaluate(p), PV: p.LegalMoves(nil)[:1]}
}

// setHistory loads the keys of the game's last positions reached without a
// capture or a man move (at most maxHistory), for repetitions.
func (s *searcher) setHistory(r draughts.Record, ps []draughts.Position) {
	n := 0
	for i := len(r.Moves) - 1; i >= 0 && n < maxHistory; i-- {
		m := r.Moves[i]
		if m.IsCapture() || !m.King {
			break
		}
		n++
	}
	s.history = n
	for i := 0; i < n; i++ {
		s.keys[i] = ps[len(ps)-1-n+i].Key()
	}
}

// provenScore is the score, for p's side to move, of a win proven within
// plies: the main search's scale, ±(win - plies), whichever search proved it.
func provenScore(p draughts.Position, res Result, plies int) int {
	if (res == WhiteWins) == (p.SideToMove() == draughts.White) {
		return win - plies
	}
	return -(win - plies)
}

// rootSolveBudget bounds the search of the draw rules' counts at the root
// (Set.SolveWithin), leaving the rest of the time to the ordinary search.
const rootSolveBudget = 1_000_000

// fromTables is the analysis the endgame tables give: the result under the
// draw rules with the counts as they stand, the distance, and the move
// that keeps it.
func fromTables(p draughts.Position, v endgame.Verdict, out Analysis) Analysis {
	out.FromTables = true
	out.PV = []draughts.Move{v.Move}
	switch v.Outcome {
	case endgame.Draw:
		out.Result = Drawn
		return out
	case endgame.Win:
		out.Result = winner(p, 1)
	default:
		out.Result = winner(p, -1)
	}
	out.Plies = v.Plies
	out.Score = provenScore(p, out.Result, v.Plies)
	return out
}

// winner names the side that wins when the side to move of p scores sc.
func winner(p draughts.Position, sc int) Result {
	if (sc > 0) == (p.SideToMove() == draughts.White) {
		return WhiteWins
	}
	return BlackWins
}

// confirm checks a win the main search found with the bound search that
// counts every open line for the loser: the main search's table does not
// tell apart positions reached after different numbers of king moves
// (2.1.9.1.8), so its win could rest on a line the rule draws; the bound
// search's does.
func (a *Analyser) confirm(p draughts.Position, rs draughts.DrawCounter, plies int, res Result) bool {
	if res == WhiteWins {
		return a.s.atLeast(p, rs, plies, draughts.Black, proofWin) && !a.s.stopped
	}
	return !a.s.atLeast(p, rs, plies, draughts.White, -proofUnknown) && !a.s.stopped
}

// proveResult runs the bound searches to depth, each as a null-window test
// (far cheaper than the exact bound): White's optimist bound below 1 and
// Black's at least 0 is a draw; Black's optimist bound at 2 a win for
// White; White's below -1 a win for Black.
func (a *Analyser) proveResult(p draughts.Position, rs draughts.DrawCounter, depth int) Result {
	s := &a.s
	hiWins := s.atLeast(p, rs, depth, draughts.White, proofUnknown)
	if s.stopped {
		return Unproven
	}
	if !hiWins {
		if !s.atLeast(p, rs, depth, draughts.White, -proofUnknown) {
			return BlackWins
		}
		if s.atLeast(p, rs, depth, draughts.Black, 0) && !s.stopped {
			return Drawn
		}
		return Unproven
	}
	if s.atLeast(p, rs, depth, draughts.Black, proofWin) && !s.stopped {
		return WhiteWins
	}
	return Unproven
}

// finish fills in the views and the notation.
func (a *Analyser) finish(p draughts.Position, out Analysis) Analysis {
	if out.Result == Drawn {
		out.Score = 0
	}
	out.SideScore = out.Score
	if p.SideToMove() == draughts.Black {
		out.Score = -out.Score
	}
	out.Position = p
	out.Nodes = a.s.nodes + a.helperNodes
	out.Notation = make([]string, 0, len(out.PV))
	q := p
	for _, m := range out.PV {
		out.Notation = append(out.Notation, q.Notation(m))
		q = q.Play(m)
	}
	if len(p.LegalMoves(nil)) == 0 {
		out.Result = winner(p, out.SideScore)
	}
	return out
}

// Analyse is a one-off analysis with a 16 MiB table.
func Analyse(p draughts.Position, lim Limits) Analysis {
	return NewAnalyser(20).Analyse(p, lim)
}
