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
