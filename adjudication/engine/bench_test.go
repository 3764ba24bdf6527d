package engine

import (
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
