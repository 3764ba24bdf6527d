package web

import (
	"sync"

	"zaochnik/adjudication/engine"
	"zaochnik/corr/draughts"
)

// engineCacheSize bounds the engine's views kept: one per final position
// of the games before the judge is plenty.
const engineCacheSize = 64

// engineViews runs the engine once per position: the search is
// deterministic for a node budget, so a page reloaded by the judge shows
// the same view without searching again.
type engineViews struct {
	mu    sync.Mutex
	nodes uint64
	seen  map[string]string
}

// describe returns the engine's view of p for the judge (in Russian).
func (e *engineViews) describe(p draughts.Position) string {
	key := p.Variant().String() + " " + p.FEN()
	e.mu.Lock()
	defer e.mu.Unlock() // one search at a time: each takes a core and a 4 MiB table
	if v, ok := e.seen[key]; ok {
		return v
	}
	if e.seen == nil || len(e.seen) >= engineCacheSize {
		e.seen = map[string]string{}
	}
	v := engine.NewAnalyser(18).Analyse(p, engine.Limits{Nodes: e.nodes}).Describe(false)
	e.seen[key] = v
	return v
}
