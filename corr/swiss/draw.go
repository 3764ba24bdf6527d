package swiss

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Pair is one game of a round by start numbers.
type Pair struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// Round is a drawn round: its pairs, top score group first, and the player
// given the "плюс" of an odd field (0 when the field is even).
type Round struct {
	Number int
	Pairs  []Pair
	Bye    int
}

// searchBudget bounds the steps of one attempt of the pairing search, and
// totalBudget those of all attempts of a round (every bye, every merging of
// groups), so a field whose remaining meetings cannot be paired is reported
// instead of searched for ever.
const (
	searchBudget = 200_000
	totalBudget  = 1_000_000
)

// Draw draws the round after the last one in h: round 1 from the
// classification (1.15.4, 1.15.5.2, 1.15.7.2), later rounds by score groups
// in the order of the system (1.15.4, 1.15.5.3-1.15.5.6, 1.15.6.2, 1.15.7.3-
// 1.15.7.6), keeping the requirements of 1.15.2: no two players meet twice,
// no second win without play, colours alternating where possible and never
// the same four times running, the withdrawn left out, the "плюс" of an odd
// field to the last classified who has not had one.
func Draw(entrants []Entrant, h History, cfg Config) (Round, error) {
	d, err := prepare(entrants, h, cfg)
	if err != nil {
		return Round{}, err
	}
	if len(d.active) < 2 {
		return Round{}, fmt.Errorf("round %d: %d player(s) still playing; a round needs two", d.round, len(d.active))
	}
	if d.round == 1 {
		return d.first(), nil
	}
	return d.later()
}

// ScoreGroups returns the players of the next round (after the last in h)
// as its draw orders them: score groups from the top, each in the order of
// the system (1.15.5.3, 1.15.6.2, 1.15.7.3, 1.15.7.6; for the random system
// the lot of 1.15.4). Round 1 has one group, the classification.
func ScoreGroups(entrants []Entrant, h History, cfg Config) ([][]int, error) {
	d, err := prepare(entrants, h, cfg)
	if err != nil {
		return nil, err
	}
	if d.round == 1 {
		return [][]int{d.active}, nil
	}
	return d.order(), nil
}

// prepare checks the inputs and reads the history.
func prepare(entrants []Entrant, h History, cfg Config) (*drawer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	known := map[int]bool{}
	for _, e := range entrants {
		if e.Number <= 0 {
			return nil, fmt.Errorf("start number %d: a start number is a positive integer", e.Number)
		}
		if known[e.Number] {
			return nil, fmt.Errorf("start number %d is given twice", e.Number)
		}
		known[e.Number] = true
	}
	if err := h.check(known, cfg.GamesPerPair); err != nil {
		return nil, err
	}
	return newDrawer(entrants, h, cfg), nil
}

// standing is one player as the draw sees him.
type standing struct {
	number, class int
	points        int // half points: a win or "+" 2, a draw 1
	opponents     []int
	met           map[int]bool
	colours       []bool // the colours of the games played on the board, in round order; true is White
	plus          bool   // had a win without play: a bye or a "+" (1.15.2)
	withdrawn     bool
}

// forced returns the colour a player must have: the other one after three
// of the same running (1.15.2: never the same colour four times).
func (s *standing) forced() (white, ok bool) {
	n := len(s.colours)
	if n < 3 || s.colours[n-1] != s.colours[n-2] || s.colours[n-2] != s.colours[n-3] {
		return false, false
	}
	return !s.colours[n-1], true
}

func (s *standing) last() (white, ok bool) {
	if len(s.colours) == 0 {
		return false, false
	}
	return s.colours[len(s.colours)-1], true
}

// balance is the number of Whites less the number of Blacks.
func (s *standing) balance() int {
	b := 0
	for _, w := range s.colours {
		if w {
			b++
		} else {
			b--
		}
	}
	return b
}

type drawer struct {
	cfg    Config
	round  int
	ps     map[int]*standing
	active []int // the players to pair, in classification order

	// the search
	pairs []Pair // formed so far, higher placed as White (colours come after)
	steps int
}

func newDrawer(entrants []Entrant, h History, cfg Config) *drawer {
	d := &drawer{cfg: cfg, round: h.Rounds() + 1, ps: map[int]*standing{}}
	for i, n := range Classify(entrants, cfg) {
		d.ps[n] = &standing{number: n, class: i + 1, met: map[int]bool{}}
	}
	for _, n := range h.Withdrawn {
		d.ps[n].withdrawn = true
	}
	games := slices.Clone(h.Games)
	slices.SortStableFunc(games, func(a, b Game) int { return cmp.Compare(a.Round, b.Round) })
	// A meeting is a game, or the two games of a micro-match (1.11).
	type meeting struct{ round, lo, hi int }
	sums := map[meeting]map[int]int{}
	var order []meeting
	for _, g := range games {
		w, b := d.ps[g.White], d.ps[g.Black]
		m := meeting{g.Round, min(g.White, g.Black), max(g.White, g.Black)}
		if sums[m] == nil {
			sums[m] = map[int]int{}
			order = append(order, m)
			w.opponents, b.opponents = append(w.opponents, b.number), append(b.opponents, w.number)
			w.met[b.number], b.met[w.number] = true, true
		}
		hw, hb := g.Result.halves()
		sums[m][g.White] += hw
		sums[m][g.Black] += hb
		if g.Result.played() {
			w.colours, b.colours = append(w.colours, true), append(b.colours, false)
		}
		w.plus = w.plus || g.Result == WhiteWinsWithoutPlay
		b.plus = b.plus || g.Result == BlackWinsWithoutPlay
	}
	for _, m := range order {
		lo, hi := sums[m][m.lo], sums[m][m.hi]
		if cfg.ByMatches { // the match is won by the higher sum, drawn when equal (1.11)
			lo, hi = 1+cmp.Compare(lo, hi), 1+cmp.Compare(hi, lo)
		}
		d.ps[m.lo].points += lo
		d.ps[m.hi].points += hi
	}
	for _, y := range h.Byes {
		p := d.ps[y.Player]
		p.points += 2 // the "плюс" counts as a win (1.12.2), of every game of a micro-match when games score
		if cfg.GamesPerPair == 2 && !cfg.ByMatches {
			p.points += 2
		}
		p.plus = true
	}
	for _, n := range Classify(entrants, cfg) {
		if !d.ps[n].withdrawn {
			d.active = append(d.active, n)
		}
	}
	return d
}

// first draws round 1 from the classification.
func (d *drawer) first() Round {
	r := Round{Number: 1}
	field := slices.Clone(d.active)
	if len(field)%2 == 1 { // the last classified gets the "плюс" (1.15.2)
		r.Bye = field[len(field)-1]
		field = field[:len(field)-1]
	}
	n := len(field)
	if d.cfg.System == Random { // 1.15.4: No. 1 - No. 2, No. 3 - No. 4, ..., odd numbers White
		for i := 0; i < n; i += 2 {
			r.Pairs = append(r.Pairs, Pair{White: field[i], Black: field[i+1]})
		}
		return r
	}
	white := d.cfg.FirstColour == FirstWhite
	if d.cfg.FirstColour == FirstLot {
		white = newLot(d.cfg.Seed, streamFirstColour).below(2) == 0
	}
	for i := 0; i < n/2; i++ {
		top := field[i]
		opp := field[n/2+i] // 1.15.5.2: the halves, first against first
		if d.cfg.System == Buchholz {
			opp = field[n-1-i] // 1.15.7.2: first against last
		}
		// The odd numbers of the upper half take the first pair's colour, the even the other.
		if (i%2 == 0) == white {
			r.Pairs = append(r.Pairs, Pair{White: top, Black: opp})
		} else {
			r.Pairs = append(r.Pairs, Pair{White: opp, Black: top})
		}
	}
	return r
}

// order returns the active players in the order of the draw of the round:
// score groups from the top, each in the system's order.
func (d *drawer) order() [][]int {
	players := slices.Clone(d.active)
	within := func(a, b *standing) int { return cmp.Compare(a.class, b.class) }
	switch {
	case d.cfg.System == Random:
		// the lot decides within a group (1.15.4); it is drawn below
	case d.cfg.System == Buchholz && d.round >= 3: // 1.15.7.6
		within = func(a, b *standing) int {
			return cmp.Or(cmp.Compare(d.buchholz(b), d.buchholz(a)), cmp.Compare(a.class, b.class))
		}
	case d.cfg.System == Buchholz: // 1.15.7.3
	case d.cfg.System == Solkoff && d.round >= 3: // 1.15.6.2
		within = func(a, b *standing) int {
			return cmp.Or(cmp.Compare(d.solkoff(b), d.solkoff(a)), cmp.Compare(a.class, b.class))
		}
	case d.round%2 == 0: // 1.15.5.3: even rounds by descending classification number
		within = func(a, b *standing) int { return cmp.Compare(b.class, a.class) }
	}
	slices.SortStableFunc(players, func(a, b int) int {
		pa, pb := d.ps[a], d.ps[b]
		return cmp.Or(cmp.Compare(pb.points, pa.points), within(pa, pb))
	})
	var groups [][]int
	for i := 0; i < len(players); {
		j := i + 1
		for j < len(players) && d.ps[players[j]].points == d.ps[players[i]].points {
			j++
		}
		groups = append(groups, players[i:j:j])
		i = j
	}
	if d.cfg.System == Random {
		l := newLot(d.cfg.Seed, streamRound+uint64(d.round))
		for _, g := range groups {
			l.shuffle(g)
		}
	}
	return groups
}

// buchholz is the current Buchholz coefficient: the points of every opponent (1.15.7.6).
func (d *drawer) buchholz(p *standing) int {
	sum := 0
	for _, o := range p.opponents {
		sum += d.ps[o].points
	}
	return sum
}

// solkoff is the truncated Solkoff coefficient: the points of every opponent
// but the worst (1.15.6.2).
func (d *drawer) solkoff(p *standing) int {
	if len(p.opponents) == 0 {
		return 0
	}
	sum, worst := 0, d.ps[p.opponents[0]].points
	for _, o := range p.opponents {
		sum += d.ps[o].points
		worst = min(worst, d.ps[o].points)
	}
	return sum - worst
}

// errNoDraw is returned when no pairing of the field keeps 1.15.2.
var errNoDraw = errors.New("no pairing keeps the requirements of 1.15.2")

// later draws a round after the first.
func (d *drawer) later() (Round, error) {
	groups := d.order()
	var candidates []int // for the "плюс": from the last placed up, those without one (1.15.2)
	if len(d.active)%2 == 1 {
		for i := len(groups) - 1; i >= 0; i-- {
			for j := len(groups[i]) - 1; j >= 0; j-- {
				if n := groups[i][j]; !d.ps[n].plus {
					candidates = append(candidates, n)
				}
			}
		}
		if len(candidates) == 0 {
			return Round{}, fmt.Errorf("round %d: the field is odd and every player has already had a win without play; a second is against 1.15.2, so the judge decides the round (1.15.9)", d.round)
		}
	} else {
		candidates = []int{0}
	}
	spent := 0
	for _, bye := range candidates {
		field := groups
		if bye != 0 {
			field = without2(groups, bye)
		}
		// If the score groups cannot be paired as they are, the lowest two
		// are merged and the draw run again, until one group is left: the
		// players of the upper groups keep their pairs (1.15.8).
		for len(field) > 0 {
			d.pairs, d.steps = d.pairs[:0], 0
			if d.groups(field, 0) {
				return Round{Number: d.round, Pairs: d.coloured(), Bye: bye}, nil
			}
			if spent += d.steps; spent > totalBudget {
				return Round{}, fmt.Errorf("round %d: %w: the search gave up after %d steps without a pairing; the judge decides the round (1.15.9)", d.round, errNoDraw, spent)
			}
			if len(field) == 1 {
				break
			}
			last := len(field) - 1
			merged := append(slices.Clone(field[last-1]), field[last]...)
			field = append(slices.Clone(field[:last-1]), merged)
		}
	}
	return Round{}, fmt.Errorf("round %d: %w: every pairing left repeats a meeting or gives a player the same colour a fourth time running; the judge decides the round (1.15.9)", d.round, errNoDraw)
}

// without2 returns the groups with player n taken out (and an emptied group dropped).
func without2(groups [][]int, n int) [][]int {
	var out [][]int
	for _, g := range groups {
		if g = without(g, n); len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

func without(g []int, n ...int) []int {
	out := make([]int, 0, len(g))
	for _, x := range g {
		if !slices.Contains(n, x) {
			out = append(out, x)
		}
	}
	return out
}

// compatible reports whether a and b may meet: they have not met, and the
// colours allow it (both cannot be due the same colour after three running).
func (d *drawer) compatible(a, b int) bool {
	pa, pb := d.ps[a], d.ps[b]
	if pa.met[b] {
		return false
	}
	wa, fa := pa.forced()
	wb, fb := pb.forced()
	return !(fa && fb && wa == wb)
}

// groups pairs the score groups from the top; float is the player that came
// down from the group above (0: none). It reports whether every player got
// an opponent; on failure the pairs it formed are undone.
func (d *drawer) groups(gs [][]int, float int) bool {
	if d.steps++; d.steps > searchBudget {
		return false
	}
	if len(gs) == 0 {
		return float == 0
	}
	g, rest := gs[0], gs[1:]
	if float == 0 {
		return d.group(g, rest)
	}
	// The player come down meets the first of the group (1.15.5.4), or the
	// last (1.15.7.4); if they met, the next, and so on.
	for _, c := range d.floatOpponents(g) {
		if !d.compatible(float, c) {
			continue
		}
		d.pairs = append(d.pairs, Pair{White: float, Black: c})
		if d.group(without(g, c), rest) {
			return true
		}
		d.pairs = d.pairs[:len(d.pairs)-1]
	}
	return false
}

// group pairs one score group and goes on with the groups below.
func (d *drawer) group(g []int, rest [][]int) bool {
	if len(g) == 0 {
		return d.groups(rest, 0)
	}
	if len(g)%2 == 0 {
		return d.pairAll(g, d.halves(g), func() bool { return d.groups(rest, 0) })
	}
	if len(rest) == 0 {
		return false
	}
	// An odd group sends one player down: the last (1.15.5.4), or the first
	// (1.15.7.4); if he has met everyone below, the one before (or after) him.
	for _, f := range d.floaters(g) {
		if !slices.ContainsFunc(rest[0], func(c int) bool { return d.compatible(f, c) }) {
			continue
		}
		left := without(g, f)
		if d.pairAll(left, d.halves(left), func() bool { return d.groups(rest, f) }) {
			return true
		}
	}
	return false
}

// halves marks the upper half of an even group (1.15.5.5).
func (d *drawer) halves(g []int) map[int]bool {
	top := make(map[int]bool, len(g)/2)
	for _, n := range g[:len(g)/2] {
		top[n] = true
	}
	return top
}

// pairAll pairs every player of g, the first remaining first, and calls next
// once all are paired. When the first remaining has no opponent left, the
// last pair formed is broken and its first player given his next opponent
// (1.15.5.5, 1.15.7.5): the search is chronological, so the pairs broken are
// the fewest and the latest formed (1.15.8).
func (d *drawer) pairAll(g []int, top map[int]bool, next func() bool) bool {
	if d.steps++; d.steps > searchBudget {
		return false
	}
	if len(g) == 0 {
		return next()
	}
	first := g[0]
	for _, c := range d.opponents(g, top) {
		if !d.compatible(first, c) {
			continue
		}
		d.pairs = append(d.pairs, Pair{White: first, Black: c})
		if d.pairAll(without(g, first, c), top, next) {
			return true
		}
		d.pairs = d.pairs[:len(d.pairs)-1]
	}
	return false
}

// opponents lists, in the order they are tried, the opponents of the first
// remaining player g[0] of a group.
func (d *drawer) opponents(g []int, top map[int]bool) []int {
	rest := g[1:]
	switch d.cfg.System {
	case Random: // by lot: the group's order is the lot (1.15.4)
		return rest
	case Buchholz: // 1.15.7.5: the last, then the one before, ...
		return reversed(rest)
	}
	// 1.15.5.5: the first of the lower half, then the second, ...; then the
	// last of the upper half, then the one before, ...
	var lower, upper []int
	for _, n := range rest {
		if top[n] {
			upper = append(upper, n)
		} else {
			lower = append(lower, n)
		}
	}
	return append(lower, reversed(upper)...)
}

// floaters lists, in the order they are tried, the players of an odd group who may go down.
func (d *drawer) floaters(g []int) []int {
	if d.cfg.System == Buchholz {
		return g // 1.15.7.4: the first, then the second, ...
	}
	return reversed(g) // 1.15.5.4: the last, then the one before, ...
}

// floatOpponents lists, in the order they are tried, the opponents in group g of a player come down.
func (d *drawer) floatOpponents(g []int) []int {
	if d.cfg.System == Buchholz {
		return reversed(g) // 1.15.7.4: the last, then the one before, ...
	}
	return g // 1.15.5.4: the first, then the second, ...
}

func reversed(g []int) []int {
	out := slices.Clone(g)
	slices.Reverse(out)
	return out
}

// coloured gives each formed pair its colours, in the order formed.
func (d *drawer) coloured() []Pair {
	out := make([]Pair, len(d.pairs))
	for i, p := range d.pairs {
		if d.whiteFirst(d.ps[p.White], d.ps[p.Black]) {
			out[i] = p
		} else {
			out[i] = Pair{White: p.Black, Black: p.White}
		}
	}
	return out
}

// whiteFirst decides whether hi, the higher placed of a pair, plays White
// (1.15.2: colours alternate where possible, never four times the same):
// a player due a colour after three running gets it; players whose last
// colours differ both alternate; else the one with more Whites gets Black;
// else the higher placed alternates, or the other one; with no games
// played at all the higher placed has White.
func (d *drawer) whiteFirst(hi, lo *standing) bool {
	if w, ok := hi.forced(); ok {
		return w
	}
	if w, ok := lo.forced(); ok {
		return !w
	}
	lh, okh := hi.last()
	ll, okl := lo.last()
	if okh && okl && lh != ll {
		return !lh
	}
	if bh, bl := hi.balance(), lo.balance(); bh != bl {
		return bh < bl
	}
	switch {
	case okh:
		return !lh
	case okl:
		return ll
	}
	return true
}
