package adjudication

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"zaochnik/corr"
)

// Options set how a table is scored and ordered. A zero Options scores
// 1 / ½ / 0 and breaks ties in the round-robin order (RoundRobinTieBreaks).
type Options struct {
	// Points is the scoring scheme; the zero value means DefaultPoints.
	Points Points
	// TieBreaks in the order the tournament's regulations set; nil or empty
	// means RoundRobinTieBreaks.
	TieBreaks []TieBreak
	// Swiss marks a Swiss tournament: a player withdrawn under
	// WithdrawnByRule keeps his played results whatever their number (1.10.5).
	Swiss bool
	// ByMatches counts micro-matches instead of games (1.11, 1.12.1): all
	// the games of two players are one match, won by the higher sum of
	// points, drawn when equal, and scored as one result by Points.
	ByMatches bool
}

// Crosstable is the tournament table (турнирная таблица): one row per player
// in start-number order, each with a cell per opponent in the same order.
// It is ready for encoding/json as is.
type Crosstable struct {
	Points    Points     `json:"points"`
	TieBreaks []TieBreak `json:"tie_breaks"`
	// ByMatches: every cell and point is a micro-match, not a game (1.11).
	ByMatches bool  `json:"by_matches"`
	Rows      []Row `json:"rows"`
	// Annulled lists the withdrawn players whose results the judge annulled
	// (6.5.3); they have no row and their games count for no one.
	Annulled []Player `json:"annulled,omitempty"`
}

// Row is one player's line of the crosstable.
type Row struct {
	Number     int        `json:"number"`
	Name       string     `json:"name"`
	Withdrawal Withdrawal `json:"withdrawal"`
	// Rule is the clause a withdrawn player's row follows under
	// WithdrawnByRule: "1.10.2", "1.10.3" or "1.10.5".
	Rule string `json:"rule,omitempty"`
	// Uncounted marks a player who left having played fewer than half his
	// games (1.10.2): his row shows his results, for the rating, but they
	// count for no one and he has no place.
	Uncounted bool `json:"uncounted,omitempty"`
	// Place is the place as printed, "3" or "3-4" when shared; PlaceFrom and
	// PlaceTo are its ends.
	Place     string  `json:"place"`
	PlaceFrom int     `json:"place_from"`
	PlaceTo   int     `json:"place_to"`
	Points    float64 `json:"points"`
	// NormPoints are the points for the classification norms, which do
	// not count the pluses (rule 1.12.2).
	NormPoints float64 `json:"norm_points"`
	// Decided counts the games with a result; Won, Drawn and Lost include
	// the Plus and Minus results decided without play.
	Decided int `json:"decided"`
	Won     int `json:"won"`
	Drawn   int `json:"drawn"`
	Lost    int `json:"lost"`
	Plus    int `json:"plus"`
	Minus   int `json:"minus"`
	// TieBreaks holds the value of each of Crosstable.TieBreaks, in order.
	// For HeadToHead it is the score against the players on equal points;
	// TruncatedBuchholz shows the sum without the single worst opponent.
	TieBreaks []float64 `json:"tie_breaks"`
	// Cells has one cell per row of the table, in the same order.
	Cells []Cell `json:"cells"`
}

// Cell is the meeting of a row's player with one opponent.
type Cell struct {
	Opponent int `json:"opponent"`
	// Mark is what the table prints: the points of each game ("1", "½", "0"
	// or, scoring 2/1/0, "2", "1", "0"), "+" and "-" for games decided
	// without play, "*" for an unfinished game, "X" on the diagonal, "" when
	// the two do not meet. Several games print one mark after another,
	// separated by a space ("1 ½"); a micro-match counted as one prints one.
	Mark   string  `json:"mark"`
	Points float64 `json:"points"`
}

// standing is the working state of Build.
type standing struct {
	scheme   Points
	points   map[int]float64
	meetings map[int][]meeting
}

// Build scores the games and returns the crosstable. Results are taken as
// the 6.5.3 rulings on withdrawn players make them: annulled players leave
// the table, and the unfinished games of a player ruled to forfeit them are
// "-" for that player and "+" for the opponent. Places follow the points,
// then each tie-break in turn; players equal on everything share a place.
func Build(players []Player, games []Game, opt Options) (Crosstable, error) {
	scheme := opt.Points
	if scheme == (Points{}) {
		scheme = DefaultPoints
	}
	if err := scheme.Validate(); err != nil {
		return Crosstable{}, err
	}
	tbs := slices.Clone(opt.TieBreaks)
	if len(tbs) == 0 {
		tbs = RoundRobinTieBreaks()
	}
	if err := validateTieBreaks(tbs); err != nil {
		return Crosstable{}, err
	}
	byNumber, err := validateEntrants(players, games)
	if err != nil {
		return Crosstable{}, err
	}

	ct := Crosstable{Points: scheme, TieBreaks: tbs, ByMatches: opt.ByMatches}
	var numbers []int
	for _, p := range players {
		if p.Withdrawal == WithdrawnAnnulled {
			ct.Annulled = append(ct.Annulled, p)
			continue
		}
		numbers = append(numbers, p.Number)
	}
	slices.Sort(numbers)
	slices.SortFunc(ct.Annulled, func(a, b Player) int { return cmp.Compare(a.Number, b.Number) })
	column := make(map[int]int, len(numbers))
	for i, n := range numbers {
		column[n] = i
	}

	rules := withdrawalRules(byNumber, games, opt.Swiss, opt.ByMatches)
	s := &standing{scheme: scheme, points: map[int]float64{}, meetings: map[int][]meeting{}}
	ct.Rows = make([]Row, len(numbers))
	for i, n := range numbers {
		p := byNumber[n]
		row := Row{Number: n, Name: p.Name, Withdrawal: p.Withdrawal, Rule: rules[n], Uncounted: rules[n] == "1.10.2", Cells: make([]Cell, len(numbers))}
		for j, m := range numbers {
			row.Cells[j].Opponent = m
		}
		row.Cells[i].Mark = "X"
		ct.Rows[i] = row
	}
	var scored []scoredGame
	for _, g := range games {
		if r, counted := effective(g, byNumber[g.White], byNumber[g.Black]); counted {
			scored = append(scored, scoredGame{g, r})
		}
	}
	if opt.ByMatches {
		scored = matches(scored)
	}
	for _, sg := range scored {
		g, r := sg.Game, sg.r
		if rules[g.White] == "1.10.2" || rules[g.Black] == "1.10.2" {
			s.shown(ct.Rows, column, g, r)
			continue
		}
		for _, side := range []struct {
			me, opp int
			white   bool
		}{{g.White, g.Black, true}, {g.Black, g.White, false}} {
			row := &ct.Rows[column[side.me]]
			cell := &row.Cells[column[side.opp]]
			sc := r.Of(side.white)
			cell.Mark = joinMark(cell.Mark, s.mark(r, sc))
			if sc == NoScore {
				continue
			}
			pts := scheme.Of(sc)
			cell.Points += pts
			row.Points += pts
			row.Decided++
			switch sc {
			case Won:
				row.Won++
			case Drawn:
				row.Drawn++
			case Lost:
				row.Lost++
			}
			if r.WithoutPlay() {
				row.Plus += pick(sc == Won, 1, 0)
				row.Minus += pick(sc == Lost, 1, 0)
			}
			if !r.WithoutPlay() || sc != Won {
				row.NormPoints += pts
			}
			s.points[side.me] += pts
			s.meetings[side.me] = append(s.meetings[side.me], meeting{opponent: side.opp, score: sc})
		}
	}

	var counted []int // the players placed: all but those of 1.10.2
	for _, n := range numbers {
		if rules[n] != "1.10.2" {
			counted = append(counted, n)
		}
	}
	// Tie-break values for the table; HeadToHead among those on equal points.
	for i := range ct.Rows {
		row := &ct.Rows[i]
		if row.Uncounted {
			continue
		}
		var equal []int
		for _, n := range counted {
			if s.points[n] == row.Points {
				equal = append(equal, n)
			}
		}
		for _, t := range tbs {
			row.TieBreaks = append(row.TieBreaks, s.keys(t, row.Number, equal)[0])
		}
	}

	// Places: the points first, then the tie-breaks in order, each applied
	// only within the group still tied (so head-to-head is among them only).
	place := 1
	for _, group := range s.rank(counted, append([]TieBreak{""}, tbs...)) {
		label := strconv.Itoa(place)
		if len(group) > 1 {
			label = fmt.Sprintf("%d-%d", place, place+len(group)-1)
		}
		for _, n := range group {
			row := &ct.Rows[column[n]]
			row.Place, row.PlaceFrom, row.PlaceTo = label, place, place+len(group)-1
		}
		place += len(group)
	}
	return ct, nil
}

// withdrawalRules returns the clause of 1.10 each player withdrawn under
// WithdrawnByRule follows: in a Swiss tournament 1.10.5; in a round robin
// 1.10.2 when he played fewer than half his games (unfinished ones he moved
// in count as played, 1.10.4), 1.10.3 otherwise.
func withdrawalRules(byNumber map[int]Player, games []Game, swiss, byMatches bool) map[int]string {
	rules := map[int]string{}
	for n, p := range byNumber {
		if p.Withdrawal != WithdrawnByRule {
			continue
		}
		// Games, or micro-matches: a match is played when one of its games is.
		units := map[[2]int]bool{} // (opponent, game index or 0) -> played
		for i, g := range games {
			opp := pick(g.White == n, g.Black, g.White)
			if (g.White != n && g.Black != n) || byNumber[opp].Withdrawal == WithdrawnAnnulled {
				continue
			}
			unit := [2]int{opp, pick(byMatches, 0, i)}
			units[unit] = units[unit] || g.playedBy(n)
		}
		played, total := 0, len(units)
		for _, p := range units {
			if p {
				played++
			}
		}
		switch {
		case swiss:
			rules[n] = "1.10.5"
		case 2*played < total:
			rules[n] = "1.10.2"
		default:
			rules[n] = "1.10.3"
		}
	}
	return rules
}

// scoredGame is a game, or a micro-match, with the result the table counts.
type scoredGame struct {
	Game
	r Result
}

// matches turns the games into micro-matches (1.11): all the games of two
// players, in the order first met, with the smaller start number as
// "White". The match is won by the higher sum of game points and drawn when
// the sums are equal; it is unfinished while one of its games is, and
// decided without play ("+", "-") when all its games were.
func matches(games []scoredGame) []scoredGame {
	type sums struct {
		lo, hi      float64
		unfinished  bool
		withoutPlay bool
	}
	by := map[[2]int]*sums{}
	var order [][2]int
	for _, g := range games {
		key := [2]int{min(g.White, g.Black), max(g.White, g.Black)}
		m := by[key]
		if m == nil {
			m = &sums{withoutPlay: true}
			by[key] = m
			order = append(order, key)
		}
		loWhite := g.White == key[0]
		m.lo += DefaultPoints.Of(g.r.Of(loWhite))
		m.hi += DefaultPoints.Of(g.r.Of(!loWhite))
		m.unfinished = m.unfinished || g.r == Unfinished
		m.withoutPlay = m.withoutPlay && g.r.WithoutPlay()
	}
	out := make([]scoredGame, 0, len(order))
	for _, key := range order {
		m := by[key]
		r := Draw
		switch {
		case m.unfinished:
			r = Unfinished
		case m.withoutPlay && m.lo == 0 && m.hi == 0:
			r = BothLose
		case m.lo != m.hi:
			r = WinFor(m.lo > m.hi, m.withoutPlay)
		}
		out = append(out, scoredGame{Game{White: key[0], Black: key[1]}, r})
	}
	return out
}

// joinMark adds a game's mark to a cell: several games between the same two
// players print one after another, separated by a space ("1 ½").
func joinMark(cell, mark string) string {
	if cell == "" {
		return mark
	}
	return cell + " " + mark
}

// shown prints a game of a player withdrawn under 1.10.2: the results stay
// in the table, for the rating, but count for no one; an unplayed game is
// "-" on both sides. Only the withdrawn player's own row adds the points,
// so his rating result can be read off it.
func (s *standing) shown(rows []Row, column map[int]int, g Game, r Result) {
	for _, side := range []struct {
		me, opp int
		white   bool
	}{{g.White, g.Black, true}, {g.Black, g.White, false}} {
		row := &rows[column[side.me]]
		cell := &row.Cells[column[side.opp]]
		sc := r.Of(side.white)
		if r.WithoutPlay() {
			cell.Mark = joinMark(cell.Mark, "-")
			continue
		}
		cell.Mark = joinMark(cell.Mark, s.mark(r, sc))
		if row.Uncounted && sc != NoScore {
			row.Points += s.scheme.Of(sc)
		}
	}
}

// rank orders group by criteria, the empty criterion meaning the points, and
// returns the runs of players that nothing separates, best first.
func (s *standing) rank(group []int, criteria []TieBreak) [][]int {
	if len(group) == 1 || len(criteria) == 0 {
		return [][]int{group}
	}
	keys := make(map[int][]float64, len(group))
	for _, n := range group {
		if criteria[0] == "" {
			keys[n] = []float64{s.points[n]}
		} else {
			keys[n] = s.keys(criteria[0], n, group)
		}
	}
	sorted := slices.Clone(group)
	slices.SortStableFunc(sorted, func(a, b int) int {
		if c := slices.Compare(keys[b], keys[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	var out [][]int
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && slices.Equal(keys[sorted[j]], keys[sorted[i]]) {
			j++
		}
		out = append(out, s.rank(sorted[i:j], criteria[1:])...)
		i = j
	}
	return out
}

// mark is how one game prints in a player's cell.
func (s *standing) mark(r Result, sc Score) string {
	switch {
	case sc == NoScore:
		return "*"
	case r.WithoutPlay():
		return pick(sc == Won, "+", "-")
	}
	return FormatPoints(s.scheme.Of(sc))
}

// FormatPoints writes a whole or half number of points as tables do: "3",
// "2½", "½".
func FormatPoints(v float64) string {
	neg := v < 0
	if neg {
		v = -v
	}
	whole := int64(v)
	out := ""
	switch {
	case v-float64(whole) == 0.5 && whole == 0:
		out = "½"
	case v-float64(whole) == 0.5:
		out = strconv.FormatInt(whole, 10) + "½"
	case v == float64(whole):
		out = strconv.FormatInt(whole, 10)
	default:
		out = strconv.FormatFloat(v, 'f', -1, 64)
	}
	return pick(neg, "-"+out, out)
}

// ByPlace returns the rows in the order of places, start number within a
// shared place; the uncounted rows (1.10.2), which have no place, last.
func (c Crosstable) ByPlace() []Row {
	rows := slices.Clone(c.Rows)
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(pick(a.Uncounted, 1, 0), pick(b.Uncounted, 1, 0)), cmp.Compare(a.PlaceFrom, b.PlaceFrom), cmp.Compare(a.Number, b.Number))
	})
	return rows
}

// TableOptions returns the table's options that the tournament file sets:
// micro-matches or games (score_by, 1.12.1), and for a Swiss tournament the
// Swiss tie-breaks of 5.3.11.3 and rule 1.10.5 for withdrawals.
func TableOptions(t corr.Tournament) Options {
	o := Options{ByMatches: t.ScoreBy == corr.ByMatches, Swiss: t.Swiss != nil}
	if o.Swiss {
		o.TieBreaks = SwissTieBreaks()
	}
	return o
}
