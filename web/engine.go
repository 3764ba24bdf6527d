package web

import (
	"sync"

	"zaochnik/adjudication/engine"
	"zaochnik/corr/draughts"
)

// engineCacheSize bounds the engine's views kept: one per game before the
// judge is plenty.
const engineCacheSize = 64

// engineViews runs the engine once per game record: the search is
// deterministic for a node budget, so a page reloaded by the judge shows
// the same view without searching again.
type engineViews struct {
	mu    sync.Mutex
	nodes uint64
	seen  map[string]string
}

// describe returns the engine's view of the game's final position for the
// judge (in Russian). The game's moves count toward the draw rules: moves
// already made in a drawn ending, and positions that may repeat.
func (e *engineViews) describe(rec draughts.Record) string {
	key := rec.Variant().String() + " " + rec.Start.FEN() + " " + rec.FullNotation()
	e.mu.Lock()
	defer e.mu.Unlock() // one search at a time: each takes a core and a 4 MiB table
	if v, ok := e.seen[key]; ok {
		return v
	}
	if e.seen == nil || len(e.seen) >= engineCacheSize {
		e.seen = map[string]string{}
	}
	v := engine.NewAnalyser(18).AnalyseRecord(rec, engine.Limits{Nodes: e.nodes}).Describe(false)
	e.seen[key] = v
	return v
}
