package engine

import (
	endgame "zaochnik/adjudication/tables"
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
	// Threads is the number of threads that search (Lazy SMP: the others
	// share the main search's transposition table); 0 or 1 is one thread,
	// whose analysis is deterministic for given limits. With more, Nodes
	// budgets the main thread alone and the analysis varies from run to
	// run; whether a result is proven within the limits may vary too, but a
	// proven result never rests on a helper's work (see Analyser).
	Threads int
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
	// Position is the position analysed; GamePlies, for AnalyseRecord, the
	// number of plies of the game played before it.
	Position  draughts.Position
	GamePlies int
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
	// FromTables is set when the result comes from the endgame tables
	// (Analyser.UseTables): Plies is then the exact distance to the win
	// with the draw rules honoured, and PV the first move of it.
	FromTables bool
	// TablesGame, when the position is in the endgame tables but the
	// search of the draw rules' counts gave up, is the tables' value by the
	// rules of the game alone (the counts may still turn a win into a
	// draw, never the reverse).
	TablesGame *endgame.Value
}
