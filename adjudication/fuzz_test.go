package adjudication

import (
	"os"
	"testing"
)

// FuzzParseResult: any text either reads as a result whose token reads back
// the same, or is refused; nothing panics.
func FuzzParseResult(f *testing.F) {
	for _, tokens := range resultTokens {
		for _, s := range tokens {
			f.Add(s)
		}
	}
	f.Add(" ½ – ½ ")
	f.Add("—/—")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseResult(s)
		if err != nil {
			return
		}
		back, err := ParseResult(r.String())
		if err != nil || back != r {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, r, back, err)
		}
	})
}

// FuzzParseEvaluation: any text is an evaluation with a result, or refused.
func FuzzParseEvaluation(f *testing.F) {
	for w := range evaluationWords {
		f.Add(w)
	}
	f.Add("Выигрыш  ЧЁРНЫХ!")
	f.Add("1/2-1/2")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEvaluation(s)
		if err == nil && !e.Result().Decided() {
			t.Fatalf("%q read as evaluation %d with no result", s, e)
		}
	})
}

// FuzzBuild feeds arbitrary tables to Build: bytes become players, rulings,
// games, results and tie-break orders. Build must refuse or return a table
// whose points add up and whose places run 1..n.
func FuzzBuild(f *testing.F) {
	f.Add([]byte{6, 0, 0, 0, 0, 0, 2, 1, 2, 1, 1, 3, 3, 2, 4, 6, 5, 4, 6, 0})
	f.Add([]byte{3, 4, 1, 0, 1, 2, 0, 2, 3, 4, 3, 1, 6})
	f.Add([]byte{2, 3, 3, 1, 2, 0, 2, 1, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		n := next() % 12
		var players []Player
		for i := 1; i <= n; i++ {
			players = append(players, Player{Number: i, Name: "P", Withdrawal: Withdrawal(next() % 7)})
		}
		all := []TieBreak{SonnebornBerger, Buchholz, MedianBuchholz, TruncatedBuchholz, MostWins, HeadToHead, BeatenOpponents, "x"}
		var tbs []TieBreak
		for k := next() % 4; k > 0; k-- {
			tbs = append(tbs, all[next()%len(all)])
		}
		scheme := Points{}
		if next()%2 == 1 {
			scheme = Points{Win: 2, Draw: 1}
		}
		flags := next()
		var games []Game
		for len(data) >= 3 {
			games = append(games, Game{White: next() % 13, Black: next() % 13, Result: Result(next() % 8), Adjudicated: len(data)%5 == 0, Moves: len(data) % 4})
		}
		ct, err := Build(players, games, Options{Points: scheme, TieBreaks: tbs, ByMatches: flags&1 != 0, Swiss: flags&2 != 0})
		if err != nil {
			return
		}
		var total, decided float64
		seen := map[int]bool{}
		placed := 0
		for _, r := range ct.Rows {
			if r.Uncounted { // 1.10.2: no place, its points for the rating only
				if r.Place != "" || len(r.Cells) != len(ct.Rows) {
					t.Fatalf("uncounted row %d has place %q or is ragged", r.Number, r.Place)
				}
				continue
			}
			placed++
			total += r.Points
			decided += float64(r.Decided)
			if r.PlaceFrom < 1 || r.PlaceTo > len(ct.Rows) || r.PlaceFrom > r.PlaceTo {
				t.Fatalf("row %d has place %s of %d", r.Number, r.Place, len(ct.Rows))
			}
			seen[r.PlaceFrom] = true
			if len(r.TieBreaks) != len(ct.TieBreaks) || len(r.Cells) != len(ct.Rows) {
				t.Fatalf("row %d is ragged", r.Number)
			}
		}
		if placed > 0 && !seen[1] {
			t.Fatal("nobody is first")
		}
		if total > decided/2*ct.Points.Win {
			t.Fatalf("%v points from %v game sides", total, decided)
		}
		_ = ct.Text("ru")
	})
}

// FuzzParseRulings: any file is read or refused with an error, never a
// panic; what is read validates.
func FuzzParseRulings(f *testing.F) {
	if data, err := os.ReadFile("testdata/rulings.toml"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("[[withdrawal]]\nplayer = 1\nruling = \"withdrawn-annulled\"\n"))
	f.Add([]byte("[[sanction]]\nplayer = 1\nkind = \"remark\"\nclauses = [\"6.2.6\"]\nreason = \"r\"\ndate = \"02.01.2026\"\nby = \"judge\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRulings(data)
		if err != nil {
			return
		}
		for _, s := range r.Sanctions {
			if err := s.Validate(); err != nil {
				t.Fatalf("a sanction read that does not validate: %v", err)
			}
		}
	})
}
