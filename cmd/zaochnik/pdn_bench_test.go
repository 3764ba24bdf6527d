package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// pdnBenchGame is one Russian game of 41 moves (XXV USSR championship
// style, letters, captures with x), repeated to make a large file.
const pdnBenchGame = `[Event "bench"]
[White "A"]
[Black "B"]
[GameType "25"]
[Result "1-0"]

1. c3-d4 f6-g5 2. b2-c3 g5-h4 3. c3-b4 g7-f6 4. d4-c5 b6xd4 5. e3xc5 c7-b6
6. d2-e3 b6xd4 7. e3xc5 d8-c7 8. b4-a5 d6xb4 9. a5xc3 a7-b6 10. c3-b4 e7-d6
11. b4-a5 h8-g7 12. a1-b2 h6-g5 13. a3-b4 b6-c5 14. b2-a3 c5-d4 15. c1-d2 f8-e7
16. d2-e3 b8-a7 17. e3xc5 g5-f4 18. g3xe5 f6xb6 19. f2-e3 b6-c5 20. e1-d2 g7-f6
21. d2-c3 f6-e5 22. c3-d4 e5xc3 23. b4xd2 d6-e5 24. e3-f4 e5xg3 25. h2xf4 c5-d4
26. d2-e3 d4xf2 27. g1xe3 c7-d6 28. a3-b4 e7-f6 29. e3-d4 d6-e5 30. f4xd6 h4-g3
31. d6-c7 g3-f2 32. b4-c5 f2-e1 33. c7-b8 e1-h4 34. b8-e5 f6-g5 35. e5-h2 h4-e1
36. d4-e5 e1-c3 37. e5-d6 c3-f6 38. d6-c7 f6-e7 39. h2-d6 e7-f8 40. c7-d8 g5-f4
41. d6xh2 f8xa3 42. d8-f6 1-0

`

// peakMemory samples, until stop is called, the memory the Go runtime holds
// from the OS (mapped and not released: close to the resident set) and
// returns the peak in MiB.
func peakMemory() (stop func() float64) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			metrics.Read(samples)
			if held := samples[0].Value.Uint64() - samples[1].Value.Uint64(); held > peak {
				peak = held
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(peak) / (1 << 20)
	}
}

// BenchmarkPDNCheck_50MB checks a generated 50 MB file of valid games with
// "pdn check" (game by game) and, as the baseline, the way it was read
// before (the whole file read, then every game parsed, then replayed). It
// reports the peak memory held from the OS (peak-MiB) and the file's size.
// Run with -benchtime 1x.
func BenchmarkPDNCheck_50MB(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.pdn")
	f, err := os.Create(path)
	require.NoError(b, err)
	w := bufio.NewWriter(f)
	games := 0
	for size := 0; size < 50<<20; size += len(pdnBenchGame) {
		w.WriteString(pdnBenchGame)
		games++
	}
	require.NoError(b, w.Flush())
	require.NoError(b, f.Close())
	runs := map[string]func(){
		"game-by-game": func() {
			code := run(&env{stdout: io.Discard, stderr: io.Discard}, []string{"pdn", "check", "--json", path})
			require.Equal(b, 0, code)
		},
		"whole-file": func() {
			data, err := os.ReadFile(path)
			require.NoError(b, err)
			all, err := draughts.ParsePDN(data)
			require.NoError(b, err)
			for _, g := range all {
				_, err := g.Replay()
				require.NoError(b, err)
			}
			require.Len(b, all, games)
		},
	}
	for _, name := range []string{"game-by-game", "whole-file"} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(games * len(pdnBenchGame)))
			var peak float64
			for b.Loop() {
				runtime.GC()
				debug.FreeOSMemory()
				stop := peakMemory()
				runs[name]()
				peak = max(peak, stop())
			}
			b.ReportMetric(peak, "peak-MiB")
			b.ReportMetric(float64(games), "games")
		})
	}
}
