package engine

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/corr/draughts"
)

// firstRuleDraw replays r with the search's own counts and returns the first
// ply at which a drawn-ending rule or the king-moves rule is complete, -1
// if none is.
func firstRuleDraw(r draughts.Record) int {
	ps := r.Positions()
	rs, quiet := startRules(ps[0]), 0
	for i, m := range r.Moves {
		var drawn bool
		rs, drawn = rs.next(ps[i+1], ps[i].SideToMove())
		quiet++
		if m.IsCapture() || !m.King {
			quiet = 0
		}
		if drawn || quiet >= kingMovesPlies(r.Variant()) {
			return i + 1
		}
	}
	return -1
}

// firstClaim is the same from corr/draughts' DrawClaims, repetitions left
// out (the search treats those apart).
func firstClaim(r draughts.Record) (int, string) {
	for _, c := range draughts.DrawClaims(r) {
		if c.Rule != "2.1.9.1.9" {
			return c.Ply, c.Rule
		}
	}
	return -1, ""
}

// safeMove picks at random a move that leaves the opponent nothing to
// take, if there is one, so that random endings last.
func safeMove(p draughts.Position, moves []draughts.Move, rng *rand.Rand) draughts.Move {
	var safe []draughts.Move
	for _, m := range moves {
		if reply := p.Play(m).LegalMoves(nil); len(reply) == 0 || !reply[0].IsCapture() {
			safe = append(safe, m)
		}
	}
	if len(safe) > 0 {
		return safe[rng.Intn(len(safe))]
	}
	return moves[rng.Intn(len(moves))]
}

// TestRules_2_1_9_1_3to8_3_5_MatchDrawClaims plays random games from
// endings of every rule and checks that the counts the search follows end
// the game where DrawClaims, which applies the same rules to a record, first
// allows a claim.
func TestRules_2_1_9_1_3to8_3_5_MatchDrawClaims(t *testing.T) {
	starts := []struct {
		v   draughts.Variant
		fen string
	}{
		{draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4"},      // 2.1.9.1.7, 2.1.9.1.3/4
		{draughts.Russian, "W:WKc1,Ke1,Kh2,g3:BKb6"},   // 2.1.9.1.4
		{draughts.Russian, "W:WKa1,Kc1,Ke1:BKh6"},      // 2.1.9.1.3: White holds the big road
		{draughts.Russian, "W:WKc1,e3:BKf8"},           // 2.1.9.1.5, 2-3 pieces
		{draughts.Russian, "W:WKc1,Kg1,a3:BKh8,b8"},    // 2.1.9.1.5, 4-5 pieces
		{draughts.Russian, "W:WKc1,Kg1,a3,c3:BKh8,f8"}, // 2.1.9.1.5, 6-7 pieces
		{draughts.Russian, "W:WKa1,e3,g3:BKh8"},        // 2.1.9.1.7 with men
		{draughts.Giveaway, "W:WKc1,Kg1:BKh8,Kb8"},     // 2.1.9.1.8 only
		{draughts.International, "W:WK46,K47,28:BK5"},  // 3.5, three pieces
		{draughts.International, "W:WK46,28:BK5"},      // 3.5, two pieces
		{draughts.International, "W:WK46,K1,28,33:BK5,K50,14"},
	}
	rng := rand.New(rand.NewSource(1))
	rules := map[string]int{}
	for _, st := range starts {
		for range 15 {
			r := draughts.NewRecord(position(t, st.v, st.fen))
			for len(r.Moves) < 130 {
				moves := r.Final().LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				r.Moves = append(r.Moves, safeMove(r.Final(), moves, rng))
			}
			got := firstRuleDraw(r)
			want, rule := firstClaim(r)
			assert.Equal(t, want, got, "%s %s, first claim %s: %s", st.v, st.fen, rule, r.FullNotation())
			rules[rule]++
		}
	}
	for _, rule := range []string{"2.1.9.1.3", "2.1.9.1.4", "2.1.9.1.5", "2.1.9.1.7", "2.1.9.1.8", "3.5"} {
		assert.Positive(t, rules[rule], "no random game ended by %s: the test does not cover it", rule)
	}
}

func TestRules_SoonestDraw(t *testing.T) {
	for _, c := range []struct {
		v     draughts.Variant
		fen   string
		quiet int
		want  int
	}{
		{draughts.Russian, "W:WKc1:BKf8", 0, 9},          // 2.1.9.1.5: five moves of each side, White's fifth is ply 9
		{draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4", 0, 9},  // 2.1.9.1.7
		{draughts.Russian, "W:W21-32:B1-12", 0, 10},      // no count runs: one must start first
		{draughts.Russian, "W:WKc1,Ke1:BKf8,Kh8", 25, 5}, // 2.1.9.1.8: 30 plies of king moves, 25 made
		{draughts.Giveaway, "W:WKc1:BKf8", 0, 30},        // only 2.1.9.1.8 in giveaway
		{draughts.International, "W:WK46:BK5", 0, 9},     // 3.5
	} {
		p := position(t, c.v, c.fen)
		assert.Equal(t, c.want, startRules(p).soonestDraw(c.v, c.quiet), "%s %s", c.v, c.fen)
	}
}
