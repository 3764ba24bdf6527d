package main

import (
	"log/slog"
	"runtime/debug"
	"strconv"
)

// The daemon's collector. Its live heap is small (about 3 MB with 5,000
// games: the store keeps tournaments in SQLite and only a few in memory)
// while a letter allocates tens of KB, so at Go's GOGC of 100 the heap
// goal stays at the runtime's 4 MB floor and the collector runs every 4 MB
// allocated: about every hundred letters, each cycle stopping the world
// twice. At 400 it runs a quarter as often, for about 12 MB more heap; the
// soft limit caps the heap's growth where a big store's live heap would
// carry it past the RSS the daemon promises (docs/administrator.md).
const (
	defaultGCPercent      = 400
	defaultMemoryLimitMiB = 32
)

// gcSettings is the collector serve runs with: the config's, except what
// the environment sets (GOGC, GOMEMLIMIT), which the runtime read already
// and which stays: setGC is false, and limit is negative, for those.
func gcSettings(c Config, getenv func(string) string) (percent int, setGC bool, limit int64) {
	percent, setGC, limit = c.GCPercent, getenv("GOGC") == "", -1
	if getenv("GOMEMLIMIT") == "" && c.MemoryLimitMiB > 0 {
		limit = c.MemoryLimitMiB << 20
	}
	return percent, setGC, limit
}

// tuneGC sets the collector for serve (gcSettings), logs it, and returns
// what sets back what it set (BenchmarkReceivePath runs as serve does,
// in a process that goes on).
func tuneGC(c Config, getenv func(string) string, log *slog.Logger) (restore func()) {
	percent, setGC, limit := gcSettings(c, getenv)
	gogc := "GOGC=" + getenv("GOGC")
	var wasPercent int
	var wasLimit int64
	if setGC {
		wasPercent = debug.SetGCPercent(percent)
		gogc = strconv.Itoa(percent)
	}
	if limit >= 0 {
		wasLimit = debug.SetMemoryLimit(limit)
	}
	// SetMemoryLimit with a negative limit only reads it.
	log.Info("collector", "gc_percent", gogc, "memory_limit_bytes", debug.SetMemoryLimit(-1))
	return func() {
		if setGC {
			debug.SetGCPercent(wasPercent)
		}
		if limit >= 0 {
			debug.SetMemoryLimit(wasLimit)
		}
	}
}
