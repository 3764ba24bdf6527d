package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"zaochnik/corr/draughts"
)

// benchSearch analyses the initial position of v to a fixed depth and
// reports the speed in positions searched per second.
func benchSearch(b *testing.B, v draughts.Variant, depth int) {
	a := NewAnalyser(20)
	p := draughts.Initial(v)
	var nodes uint64
	for b.Loop() {
		nodes += a.Analyse(p, Limits{Depth: depth}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// benchEnding analyses an ending with kings on both sides, where the
// drawn-ending counts run at every node, to a fixed depth.
func benchEnding(b *testing.B, v draughts.Variant, fen string, depth int) {
	p, err := draughts.ParseFEN(v, fen)
	if err != nil {
		b.Fatal(err)
	}
	a := NewAnalyser(20)
	var nodes uint64
	for b.Loop() {
		nodes += a.Analyse(p, Limits{Depth: depth}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// middlegames are international positions of real games (NK 2003,
// shared/data/pdn/nk2003-amsterdam.pdn: every other game at plies 24 and
// 50), the positions of the search speed figures in docs/engine.md.
var middlegames = []string{
	"W:W27,30,33,36,37,38,39,40,42,43,44,45,46,47,48,49:B2,3,4,5,6,7,9,11,12,13,16,17,18,19,20,23",
	"W:W25,26,30,32,33,34,35,38,42,43,47,48,49:B3,7,8,9,10,12,13,14,16,17,18,19,24",
	"W:W25,30,31,32,33,35,36,37,38,39,40,42,43,45,46,47,48,49:B1,2,3,4,6,8,9,11,12,13,14,15,16,18,19,20,22,26",
	"W:W25,27,32,33,35,36,39,42,43,45,47,48,49:B2,3,4,9,12,13,14,15,16,17,18,19,20",
	"W:W28,31,35,36,38,39,40,41,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,13,16,17,18,19,21",
	"W:W30,31,32,33,34,35,36,37,38,39,43,48,49:B3,4,6,8,9,10,12,13,16,17,18,23,26",
	"W:W24,29,31,32,33,34,36,37,38,39,40,41,43,44,45,46,48,49:B1,2,3,4,5,7,8,9,11,13,14,15,16,17,18,23,25,26",
	"W:W24,29,30,33,36,37,38,39,40,43,45,48,49:B1,2,3,4,5,13,15,17,18,20,21,22,26",
	"W:W26,29,31,32,33,35,36,38,39,40,42,43,44,45:B7,8,9,10,11,12,13,14,15,17,18,19,20,22",
	"W:W24,28,32,33,36,37,38,39,40,41,42,43,44,45,47,48,49:B2,3,4,6,7,8,9,10,12,13,14,15,16,17,18,21,25",
	"W:W24,29,30,31,32,36,37,39,40,42,44,47,48:B3,4,6,8,9,11,12,13,15,16,17,18,26",
	"W:W26,31,33,34,35,36,37,38,39,40,41,43,44,45,47,48,49:B2,3,4,5,6,7,8,9,11,13,14,15,19,20,22,23,27",
	"W:W26,30,31,35,36,37,38,43,44,45,47,49:B2,3,4,5,6,9,13,14,22,25,27,28",
	"W:W24,26,29,31,32,33,34,36,37,38,40,42,43,44,45:B2,7,8,9,10,12,13,15,16,17,18,19,20,22,25",
	"W:W26,28,29,33,34,35,36,37,38,39,40,41,42,44,47,48,49,50:B1,3,4,5,7,8,9,11,12,13,14,15,17,18,19,20,22,27",
}

// BenchmarkSearchMiddlegames analyses each middlegame to a fixed depth
// with one and two threads and reports the positions searched a second
// (every position the search enters, quiescence and the helper's
// included).
func BenchmarkSearchMiddlegames(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			a := NewAnalyser(20)
			var nodes uint64
			for b.Loop() {
				for _, fen := range middlegames {
					p, err := draughts.ParseFEN(draughts.International, fen)
					if err != nil {
						b.Fatal(err)
					}
					nodes += a.Analyse(p, Limits{Depth: 11, Threads: threads}).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

func BenchmarkSearchRussian(b *testing.B)       { benchSearch(b, draughts.Russian, 14) }
func BenchmarkSearchInternational(b *testing.B) { benchSearch(b, draughts.International, 13) }
func BenchmarkSearchGiveaway(b *testing.B)      { benchSearch(b, draughts.Giveaway, 16) }

// BenchmarkSearchEnding* are kings on both sides (2.1.9.1.5, 3.5 counting).
func BenchmarkSearchEndingRussian(b *testing.B) {
	benchEnding(b, draughts.Russian, "W:WKc1,a3,c3,e3:BKh8,f8,b6", 13)
}
func BenchmarkSearchEndingInternational(b *testing.B) {
	benchEnding(b, draughts.International, "W:WK46,K1,28,33:BK5,K50,14", 12)
}

// BenchmarkAgreementWithRealGames analyses the final position of every
// real game in shared/data/pdn with a budget of 200,000 positions and
// reports how often the sign of the evaluation (beyond ±0.8 of a man; a
// draw within it) matches the game's result: a rough check of the
// evaluation, not of the players.
func BenchmarkAgreementWithRealGames(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "pdn")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdn"))
	if len(files) == 0 {
		b.Skip("no PDN files in", dir)
	}
	a := NewAnalyser(18)
	for b.Loop() {
		agree, total := 0, 0
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			games, _ := draughts.ParsePDN(data) // games before a syntax error still count
			for _, g := range games {
				r, err := g.Replay()
				if err != nil || g.Result == "" || g.Result == "*" {
					continue
				}
				want := 0
				switch g.Result {
				case "1-0", "2-0":
					want = 1
				case "0-1", "0-2":
					want = -1
				}
				sc := a.Analyse(r.Final(), Limits{Nodes: 200000}).Score
				got := 0
				if sc > 80 {
					got = 1
				} else if sc < -80 {
					got = -1
				}
				total++
				if got == want {
					agree++
				}
			}
		}
		b.ReportMetric(float64(agree), "agree")
		b.ReportMetric(float64(total), "games")
	}
}
