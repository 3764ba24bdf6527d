package engine

import (
	"strings"
	"sync"
	"testing"

	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

// With the endgame tables the positions are proven at once: the
// 25-ply win of Petrov's triangle (2.1.9.1.4 leaves it standing) and the
// lone king on the big road (2.1.9.1.3), on the one scale of proven wins.
func TestAnalyse_2_1_9_1_4_TablesProveWinIn25(t *testing.T) {
	set := russianTables(t)
	a := NewAnalyser(10)
	a.UseTables(set)
	for _, c := range []struct {
		fen   string
		res   Result
		plies int
		score int
	}{
		{"W:WKf8,Kd2,Kb4:BKa7", WhiteWins, 25, win - 25},
		{"W:WKc1,Ke1,Kh2:BKd4", Drawn, 0, 0},
		{"B:WKa7:BKf8,Kd2,Kb4", BlackWins, 25, -(win - 25)},
	} {
		p, err := draughts.ParseFEN(draughts.Russian, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := a.Analyse(p, Limits{Depth: 1})
		if !got.FromTables || got.Result != c.res || got.Plies != c.plies || got.Score != c.score || len(got.PV) != 1 {
			t.Errorf("%s: tables %v, %v in %d plies, score %d, pv %v; want %v in %d, %d", c.fen, got.FromTables, got.Result, got.Plies, got.Score, got.Notation, c.res, c.plies, c.score)
		}
	}
}

// Inside the search the tables answer every position they hold: with a
// third Black piece the root is not in the 4-piece tables, but every
// capture leads into them, so the same depth costs fewer positions and the
// result does not change.
func TestAnalyse_TablesInsideTheSearch(t *testing.T) {
	set := russianTables(t)
	for _, fen := range []string{"W:WKa3,Kc1:BKh8,e7,c7", "W:WKa1,e5:BKh8,f6,b6"} {
		p, err := draughts.ParseFEN(draughts.Russian, fen)
		if err != nil {
			t.Fatal(err)
		}
		plain := NewAnalyser(16).Analyse(p, Limits{Depth: 9})
		a := NewAnalyser(16)
		a.UseTables(set)
		with := a.Analyse(p, Limits{Depth: 9})
		t.Logf("%s without tables: %v %d, %d positions; with: %v %d, %d positions", fen, plain.Result, plain.Score, plain.Nodes, with.Result, with.Score, with.Nodes)
		if with.FromTables || with.Nodes >= plain.Nodes {
			t.Errorf("%s: with the tables %d positions (from tables %v), without %d: want fewer", fen, with.Nodes, with.FromTables, plain.Nodes)
		}
		if plain.Result != Unproven && with.Result != plain.Result {
			t.Errorf("%s: with the tables %v, without %v", fen, with.Result, plain.Result)
		}
	}
}

// Positions with men are in the tables too: the root's answer is theirs,
// proven, the distance that of the table when the counts do not bite.
func TestAnalyse_TablesProveWithMen(t *testing.T) {
	set := russianTables(t)
	a := NewAnalyser(10)
	a.UseTables(set)
	for _, fen := range []string{"W:WKa3,Kc1:BKh8,e7", "W:Wc3,e3:Bf6,h6", "B:Wa1,c5:Bd6", "W:Wg3:Bb6,Kh8"} {
		p, err := draughts.ParseFEN(draughts.Russian, fen)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := set.Probe(p)
		got := a.Analyse(p, Limits{Depth: 1})
		t.Logf("%s: table %v %v; analysis %v in %d, score %d", fen, v, ok, got.Result, got.Plies, got.Score)
		if !ok || !got.FromTables || got.Result == Unproven || (v.Outcome != endgame.Draw && got.Plies != v.Plies) {
			t.Errorf("%s: table %v %v; analysis from tables %v, %v in %d plies", fen, v, ok, got.FromTables, got.Result, got.Plies)
		}
	}
}

// russianTables builds the Russian 4-piece tables (men and kings) once for
// the package's tests.
var russianTables = func() func(testing.TB) *endgame.Set {
	var once sync.Once
	var set *endgame.Set
	var err error
	return func(t testing.TB) *endgame.Set {
		t.Helper()
		once.Do(func() { set, err = endgame.Build(draughts.Russian, 4, nil) })
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
}()

// When the counts cannot be settled in the time given (here none), the
// analysis is the search's, unproven, and carries the tables' value by the
// rules of the game alone, which the judge's text states as such.
func TestAnalyse_TablesGameWhenTheCountsAreNotSettled(t *testing.T) {
	set := russianTables(t)
	a := NewAnalyser(10)
	a.UseTables(set)
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKf8,Kd2,Kb4:BKa7")
	if err != nil {
		t.Fatal(err)
	}
	got := a.Analyse(p, Limits{Stop: func() bool { return true }})
	if got.FromTables || got.Result != Unproven || got.TablesGame == nil || *got.TablesGame != (endgame.Value{Outcome: endgame.Win, Plies: 25}) {
		t.Fatalf("from tables %v, %v, tables' game value %v; want unproven with a win in 25 by the game's rules", got.FromTables, got.Result, got.TablesGame)
	}
	if got.TablesResult() != WhiteWins {
		t.Errorf("TablesResult = %v", got.TablesResult())
	}
	for _, en := range []bool{false, true} {
		want := "выигрыш белых за 25 полуходов"
		if en {
			want = "white wins in 25 plies"
		}
		if d := got.Describe(en); !strings.Contains(d, want) {
			t.Errorf("Describe(%v) = %q, want it to say %q", en, d, want)
		}
	}
}
