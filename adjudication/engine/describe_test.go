package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/corr/draughts"
)

func TestAnalysis_6_5_4_DescribeForTheJudge(t *testing.T) {
	for _, c := range []struct {
		name   string
		v      draughts.Variant
		fen    string
		depth  int
		ru, en []string
	}{
		{"ProvenWin", draughts.Russian, "W:We1,d2,h4:Bd4,g5,f6", 7,
			[]string{"доказан выигрыш белых не более чем за 5 полуходов", "Лучший вариант: 1.d2-e3 d4:f2 2.e1:g3", "глубина 2 полухода"},
			[]string{"proven white wins within 5 plies", "Best line: 1.d2-e3 d4:f2 2.e1:g3"}},
		{"ProvenDraw", draughts.Russian, "B:WKc1:BKf8", 12,
			[]string{"доказана ничья по правилам об окончаниях (п. 2.1.9.1.3-2.1.9.1.8)", "Лучший вариант: 1...", "глубина 10 полуходов"},
			[]string{"proven draw by the drawn-ending rules (2.1.9.1.3-2.1.9.1.8), counting the moves from this position", "Best line: 1...", "depth 10 plies"}},
		{"InternationalDraw", draughts.International, "W:WK47:BK4", 12,
			[]string{"(п. 3.5)"}, []string{"(3.5)"}},
		{"Unproven", draughts.Russian, "W:W21-32:B1-12", 4,
			[]string{"Оценка программы: ", "результат не доказан", "глубина 4 полухода"},
			[]string{"not a proven result", "depth 4 plies"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := NewAnalyser(14).Analyse(position(t, c.v, c.fen), Limits{Depth: c.depth})
			ru, en := a.Describe(false), a.Describe(true)
			for _, s := range c.ru {
				assert.Contains(t, ru, s)
			}
			for _, s := range c.en {
				assert.Contains(t, en, s)
			}
		})
	}
}
