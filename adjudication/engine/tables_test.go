package engine

import (
	"testing"

	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

// With the endgame tables the positions are proven at once: the
// 25-ply win of Petrov's triangle (2.1.9.1.4 leaves it standing) and the
// lone king on the big road (2.1.9.1.3), on the one scale of proven wins.
func TestAnalyse_2_1_9_1_4_TablesProveWinIn25(t *testing.T) {
	set, err := endgame.Build(draughts.Russian, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
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

// Inside the search the tables draw every kings-only position they draw:
// with a Black man still on the board the root is not in them (two kings
// against a king and a man: every exchange leads to a table's draw), and
// the same depth costs fewer positions, the result unchanged.
func TestAnalyse_TablesDrawInsideTheSearch(t *testing.T) {
	set, err := endgame.Build(draughts.Russian, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKa3,Kc1:BKh8,e7")
	if err != nil {
		t.Fatal(err)
	}
	plain := NewAnalyser(16).Analyse(p, Limits{Depth: 9})
	a := NewAnalyser(16)
	a.UseTables(set)
	with := a.Analyse(p, Limits{Depth: 9})
	t.Logf("without tables: %v %d, %d positions; with: %v %d, %d positions", plain.Result, plain.Score, plain.Nodes, with.Result, with.Score, with.Nodes)
	if with.FromTables || with.Nodes >= plain.Nodes {
		t.Errorf("with the tables %d positions (from tables %v), without %d: want fewer", with.Nodes, with.FromTables, plain.Nodes)
	}
	if plain.Result != Unproven && with.Result != plain.Result {
		t.Errorf("with the tables %v, without %v", with.Result, plain.Result)
	}
}
