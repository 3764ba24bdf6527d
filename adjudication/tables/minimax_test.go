package tables

import (
	"math/rand/v2"
	"testing"

	"zaochnik/corr/draughts"
)

// The independent solver: plain minimax over the legal moves, no tables,
// no memory, with (rules) or without the counts of the draw rules.

func naiveWin(p draughts.Position, c draughts.DrawCounter, k int, rules bool) bool {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 || k <= 0 {
		return false
	}
	if _, done := c.Drawn(); rules && done {
		return false
	}
	for _, m := range moves {
		q := p.Play(m)
		if naiveLose(q, c.Step(m, q), k-1, rules) {
			return true
		}
	}
	return false
}

func naiveLose(p draughts.Position, c draughts.DrawCounter, k int, rules bool) bool {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return true
	}
	if _, done := c.Drawn(); k <= 0 || rules && done {
		return false
	}
	for _, m := range moves {
		q := p.Play(m)
		if !naiveWin(q, c.Step(m, q), k-1, rules) {
			return false
		}
	}
	return true
}

// naiveValue is the value within horizon plies: a draw when neither side
// ends the game by then.
func naiveValue(p draughts.Position, c draughts.DrawCounter, horizon int, rules bool) Value {
	for k := 0; k <= horizon; k++ {
		if k%2 == 1 && naiveWin(p, c, k, rules) {
			return Value{Win, k}
		}
		if k%2 == 0 && naiveLose(p, c, k, rules) {
			return Value{Loss, k}
		}
	}
	return Value{Outcome: Draw}
}

// within cuts a value at the horizon, as naiveValue sees it.
func within(v Value, horizon int) Value {
	if v.Plies > horizon {
		return Value{Outcome: Draw}
	}
	return v
}

// samples draws positions of s: half at random, half among those the
// table ends within the horizon (wins and losses to check).
func samples(s *Set, n, horizon int, seed uint64) []draughts.Position {
	r := rand.New(rand.NewPCG(seed, 2))
	out := randomSample(s, n/2, seed)
	ms := solved(s)
	for tries := 0; len(out) < n && tries < 1_000_000; tries++ {
		tb, _ := s.slice(ms[r.IntN(len(ms))])
		i := r.IntN(len(tb.val))
		if d := tb.val[i]; d < invalid && int(d) <= horizon && d > 0 {
			p, _ := s.positionAt(tb, i)
			out = append(out, p)
		}
	}
	return out
}

// samplesOf draws n positions of one table the same way.
func samplesOf(s *Set, tb *slice, n, horizon int, seed uint64) []draughts.Position {
	r := rand.New(rand.NewPCG(seed, 3))
	var out []draughts.Position
	for tries := 0; len(out) < n && tries < 1_000_000; tries++ {
		i := r.IntN(len(tb.val))
		d := tb.val[i]
		if len(out) < n/2 && d != invalid || d < invalid && int(d) <= horizon && d > 0 {
			p, _ := s.positionAt(tb, i)
			out = append(out, p)
		}
	}
	return out
}

// The tables with men against plain minimax: Russian to 4 pieces, 10x8
// and international to 3, half the positions at random, half among those
// the tables end within the horizon; most have men, so the captures
// (2.1.5.3, the majority of 3.4.1), the promotions (during a capture
// 2.1.5.15, only at its end 3.4.2) and the men's moves are all checked.
func TestBuild_AgreesWithPlainMinimax(t *testing.T) {
	const horizon = 7
	ru := tablesOf(t, draughts.Russian)
	var sets = []struct {
		s *Set
		n int
	}{{ru, 200}}
	for _, v := range []draughts.Variant{draughts.EightySquare, draughts.International} {
		s, err := Build(v, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, struct {
			s *Set
			n int
		}{s, 120})
	}
	for _, c := range sets {
		withMen, decided := 0, 0
		for _, p := range samples(c.s, c.n, horizon, 15) {
			v, _ := c.s.Probe(p)
			got := naiveValue(p, draughts.NewDrawCounter(p), horizon, false)
			if got != within(v, horizon) {
				t.Errorf("%v %s: table %v, minimax within %d plies %v", p.Variant(), p.FENAlpha(), v, horizon, got)
			}
			if p.Men(draughts.White)|p.Men(draughts.Black) != 0 {
				withMen++
				if got.Outcome != Draw {
					decided++
				}
			}
		}
		if withMen < c.n/2 || decided < c.n/8 {
			t.Errorf("%v: %d of %d positions with men, %d of them decided within %d plies: the sample does not test the men", c.s.Variant(), withMen, c.n, decided, horizon)
		}
		t.Logf("%v: %d positions, %d with men, %d of those decided within %d plies", c.s.Variant(), c.n, withMen, decided, horizon)
	}
}

// Solve, with counts that have run, against minimax with the same counts:
// the positions are reached by random king moves from a random start, so
// that 2.1.9.1.4, 2.1.9.1.5, 2.1.9.1.8 and 3.5 come near their end.
func TestSolve_2_1_9_1_5_AgreesWithMinimaxUnderTheCounts(t *testing.T) {
	const horizon = 7
	ru := tablesOf(t, draughts.Russian)
	in, err := Build(draughts.International, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(15, 3))
	checked, bitten := 0, 0
	for _, s := range []*Set{ru, in} {
		for _, p := range samples(s, 120, 9, 16) {
			c := draughts.NewDrawCounter(p)
			for n := r.IntN(28); n > 0; n-- {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 || moves[0].IsCapture() {
					break
				}
				m := moves[r.IntN(len(moves))]
				p = p.Play(m)
				c = c.Step(m, p)
			}
			v, ok := s.Solve(p, c)
			if !ok {
				continue
			}
			checked++
			got := naiveValue(p, c, horizon, true)
			if got != within(v.Value, horizon) {
				t.Errorf("%v %s after %d king moves: Solve %v, minimax within %d plies %v", p.Variant(), p.FENAlpha(), c.KingMoves(), v.Value, horizon, got)
			}
			if pure, _ := s.Probe(p); pure.Outcome != Draw && v.Outcome == Draw {
				bitten++
			}
		}
	}
	if checked < 200 || bitten == 0 {
		t.Errorf("%d positions checked, %d where a count took the win away: the sample does not test the rules", checked, bitten)
	}
	t.Logf("%d positions checked, in %d a count took a win away", checked, bitten)
}
