package engine

import (
	"slices"

	"zaochnik/corr/draughts"
)

// Limits bound one analysis. The zero value searches to MaxDepth, which in
// a middlegame takes far too long: set Depth, Nodes or Stop.
type Limits struct {
	// Depth is the deepest iteration, in plies (captures and forced moves
	// are searched beyond it); 0 means MaxDepth.
	Depth int
	// Nodes is a budget of positions searched; 0 means none.
	Nodes uint64
	// Stop, when set, is called every 1024 positions; returning true ends
	// the search (the command checks its deadline here).
	Stop func() bool
	// Progress, when set, receives the analysis after each completed
	// iteration (the command shows it on a terminal).
	Progress func(Analysis)
}

// Result is what the search proved of the game's outcome.
type Result uint8

// The results.
const (
	// Unproven: the search ran out of depth or time before a proof.
	Unproven Result = iota
	WhiteWins
	BlackWins
	// Drawn: a drawn-ending rule ends every line either side can choose in
	// a draw (counting from the analysed position, or with AnalyseRecord
	// from where the game's ending began).
	Drawn
)

// String names the result as the JSON output and the judge's letter show it.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "white wins"
	case BlackWins:
		return "black wins"
	case Drawn:
		return "draw"
	}
	return "unproven"
}

// Analysis is the outcome of Analyse: always that of the last iteration
// completed.
type Analysis struct {
	// Position is the position analysed.
	Position draughts.Position
	// Score is the evaluation in hundredths of a man from White's view:
	// +100 is a man up. A proven win is ±(30000 - plies to the end); a
	// proven draw is 0.
	Score int
	// SideScore is the same from the side to move's view.
	SideScore int
	// PV is the principal variation, the line both sides are expected to
	// play, and Notation the same moves in full notation.
	PV       []draughts.Move
	Notation []string
	// Depth is the nominal depth of the last completed iteration, in plies;
	// 0 when the limits cut the first one short.
	Depth int
	// Nodes is the number of positions searched, the bound searches included.
	Nodes uint64
	// Result is the proven outcome, or Unproven.
	Result Result
	// Plies, for a proven win found by the main search, is the length of
	// the forced win it found, in plies: the loser cannot hold out longer
	// (a shorter win may exist). 0 otherwise.
	Plies int
}

// Analyser runs analyses. It holds the transposition tables, allocated once
// by NewAnalyser; one analysis at a time.
type Analyser struct {
	s      searcher
	tt     *table
	proofs *table
}

// proveMaxPieces: the bound searches run only in endings with at most this
// many pieces on the board, where a proof is in reach.
const proveMaxPieces = 8

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
	a.s = searcher{tt: a.tt, proofs: a.proofs, limits: lim, moves: a.s.moves, order: a.s.order}
	s := &a.s
	ps := r.Positions()
	p := ps[len(ps)-1]
	rs, drawn := gameRules(ps)
	quiet := s.setHistory(r, ps)
	drawn = drawn || quiet >= kingMovesPlies(p.Variant())
	var out Analysis
	switch {
	case len(p.LegalMoves(nil)) == 0:
		out.Score = lost(p.Variant(), 0)
		return a.finish(p, out)
	case drawn:
		out.Result = Drawn
		return a.finish(p, out)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	small := p.Pieces(draughts.White).Count()+p.Pieces(draughts.Black).Count() <= proveMaxPieces
	for depth := 1; depth <= maxDepth; depth++ {
		sc := s.search(p, rs, depth, 0, -infinity, infinity, quiet)
		if s.stopped {
			if depth == 1 {
				out = a.partial(p)
			}
			break
		}
		out.Score, out.Depth = sc, depth
		out.PV = append(out.PV[:0], s.pv[0][:s.pvLen[0]]...)
		out.Result = Unproven
		if sc > winBound || sc < -winBound {
			plies, res := win-max(sc, -sc), winner(p, sc)
			if a.confirm(p, rs, plies, quiet, res) {
				out.Plies, out.Result = plies, res
			}
		} else if small && depth >= rs.soonestDraw(p.Variant(), quiet) {
			out.Result = a.proveResult(p, rs, depth, quiet)
			if s.stopped {
				out.Result = Unproven
				break
			}
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
	return a.finish(p, out)
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

// gameRules runs the drawn-ending counts over the game's positions and
// reports whether one is complete at the end.
func gameRules(ps []draughts.Position) (ruleState, bool) {
	rs, drawn := startRules(ps[0]), false
	for i := 1; i < len(ps); i++ {
		rs, drawn = rs.next(ps[i], ps[i-1].SideToMove())
	}
	return rs, drawn
}

// setHistory loads the keys of the game's last positions reached without a
// capture or a man move, for repetitions, and returns how many plies that
// stretch has lasted (at most maxHistory).
func (s *searcher) setHistory(r draughts.Record, ps []draughts.Position) int {
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
	return n
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
func (a *Analyser) confirm(p draughts.Position, rs ruleState, plies, quiet int, res Result) bool {
	loser, want := draughts.White, -proofWin
	if res == WhiteWins {
		loser, want = draughts.Black, proofWin
	}
	if p.SideToMove() == draughts.Black {
		want = -want
	}
	return a.s.prove(p, rs, plies, 0, -proofWin, proofWin, quiet, loser) == want && !a.s.stopped
}

// proveResult runs the two bound searches to depth.
func (a *Analyser) proveResult(p draughts.Position, rs ruleState, depth, quiet int) Result {
	s := &a.s
	side := 1 // converts the side to move's view to White's
	if p.SideToMove() == draughts.Black {
		side = -1
	}
	hi := side * s.prove(p, rs, depth, 0, -proofWin, proofWin, quiet, draughts.White)
	if s.stopped {
		return Unproven
	}
	lo := side * s.prove(p, rs, depth, 0, -proofWin, proofWin, quiet, draughts.Black)
	switch {
	case s.stopped:
		return Unproven
	case lo == proofWin:
		return WhiteWins
	case hi == -proofWin:
		return BlackWins
	case lo == 0 && hi == 0:
		return Drawn
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
	out.Nodes = a.s.nodes
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
