package engine

import (
	"fmt"
	"strings"

	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// Line writes the principal variation with move numbers counted from the
// analysed position: "1.c3-d4 f6-g5 2.b2-c3", or "1...f6-g5 2.c3-d4" when
// Black is to move.
func (a Analysis) Line() string {
	return draughts.Record{Start: a.Position, Moves: a.PV}.FullNotation()
}

// Describe gives the engine's view for the judge's adjudication letter
// (6.5.4): the evaluation, the line, and what is proven, in Russian, or in
// English when english is set. It says plainly that an unproven evaluation
// is an aid, not a ruling.
func (a Analysis) Describe(english bool) string {
	rules := "2.1.9.1.3-2.1.9.1.8"
	switch a.Position.Variant() {
	case draughts.International:
		rules = "3.5"
	case draughts.Giveaway:
		rules = "2.1.9.1.8"
	case draughts.EightySquare:
		rules = "2.1.9.1.4, 2.1.9.1.5, 2.1.9.1.8"
	}
	var b strings.Builder
	if english {
		switch a.Result {
		case WhiteWins, BlackWins:
			fmt.Fprintf(&b, "Engine: proven %s", a.Result)
			if a.Plies > 0 {
				fmt.Fprintf(&b, " within %d plies", a.Plies)
			}
			b.WriteString(".\n")
		case Drawn:
			from := "counting the moves from this position"
			if a.GamePlies > 0 {
				from = "counting the moves of the game"
			}
			fmt.Fprintf(&b, "Engine: proven draw by the drawn-ending rules (%s), %s.\n", rules, from)
		default:
			fmt.Fprintf(&b, "Engine evaluation: %+.2f (in men, + favours White); not a proven result, an aid to the judge.\n", float64(a.Score)/100)
		}
		if a.FromTables {
			b.WriteString("From the endgame tables: every line, the draw rules' counts honoured; the distance is exact.\n")
		}
		if g := a.TablesGame; g != nil {
			fmt.Fprintf(&b, "Endgame tables, by the rules of the game alone: %s in %d plies; whether the draw rules' counts take it away was not settled.\n", a.TablesResult(), g.Plies)
		}
		fmt.Fprintf(&b, "Best line: %s\nSearch: depth %d plies, %d positions.", a.Line(), a.Depth, a.Nodes)
		return b.String()
	}
	switch a.Result {
	case WhiteWins, BlackWins:
		who := "белых"
		if a.Result == BlackWins {
			who = "чёрных"
		}
		fmt.Fprintf(&b, "Программа: доказан выигрыш %s", who)
		if a.Plies > 0 {
			fmt.Fprintf(&b, " не более чем за %d %s", a.Plies, timecontrol.RussianPlural(a.Plies, "полуход", "полухода", "полуходов"))
		}
		b.WriteString(".\n")
	case Drawn:
		from := "ходы считаются от этой позиции"
		if a.GamePlies > 0 {
			from = "с учётом ходов партии"
		}
		fmt.Fprintf(&b, "Программа: доказана ничья по правилам об окончаниях (п. %s), %s.\n", rules, from)
	default:
		fmt.Fprintf(&b, "Оценка программы: %+.2f (в шашках, плюс в пользу белых); результат не доказан, это подсказка судье, а не решение.\n", float64(a.Score)/100)
	}
	if a.FromTables {
		b.WriteString("По таблицам эндшпиля: все варианты, с учётом счёта ходов по правилам о ничьей; число полуходов точное.\n")
	}
	if g := a.TablesGame; g != nil {
		who := "белых"
		if a.TablesResult() == BlackWins {
			who = "чёрных"
		}
		fmt.Fprintf(&b, "По таблицам эндшпиля, без счёта ходов по правилам о ничьей: выигрыш %s за %d %s; не проверено, не отнимают ли его эти правила.\n",
			who, g.Plies, timecontrol.RussianPlural(g.Plies, "полуход", "полухода", "полуходов"))
	}
	fmt.Fprintf(&b, "Лучший вариант: %s\nПоиск: глубина %d %s, %d %s.", a.Line(),
		a.Depth, timecontrol.RussianPlural(a.Depth, "полуход", "полухода", "полуходов"), a.Nodes, timecontrol.RussianPlural(int(a.Nodes%100), "позиция", "позиции", "позиций"))
	return b.String()
}

// TablesResult is the side TablesGame gives the win; TablesGame must be set.
func (a Analysis) TablesResult() Result {
	if (a.TablesGame.Outcome == endgame.Win) == (a.Position.SideToMove() == draughts.White) {
		return WhiteWins
	}
	return BlackWins
}
