package draughts

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstDrawn steps a counter through the record and returns the first ply
// at which a count is complete, with its clause; -1 if none is.
func firstDrawn(r Record) (int, string) {
	c, p := NewDrawCounter(r.Start), r.Start
	for i, m := range r.Moves {
		p = p.Play(m)
		c = c.Step(m, p)
		if clause, ok := c.Drawn(); ok {
			return i + 1, clause
		}
	}
	return -1, ""
}

func TestDrawCounter_2_1_9_1_3to8_3_5_DrawnNamesTheClause(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		v                Variant
		ply              int
		clause           string
	}{
		{"2.1.9.1.3 three kings holding the big road", "W:WKa1,Kc1,Ke1:BKh2", repeatMoves("a1-b2 h2-g1 b2-a1 g1-h2", 8), Russian, 29, "2.1.9.1.3"},
		{"2.1.9.1.4 three kings off the big road", "W:WKc1,Ke1,Kg1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 8), Russian, 29, "2.1.9.1.4"},
		{"2.1.9.1.3 where the count began, though the king leaves the road", "W:WKa1,Kc1,Ke1:BKh2",
			"a1-b2 h2-g1 b2-a3 g1-h2 " + repeatMoves("a3-b4 h2-g1 b4-a3 g1-h2", 7), Russian, 29, "2.1.9.1.3"},
		{"2.1.9.1.4 where the count began, though a king reaches the road", "W:WKc1,Ke1,Kg1:BKa7",
			repeatMoves("c1-b2 a7-b8 b2-c1 b8-a7", 8), Russian, 29, "2.1.9.1.4"},
		{"2.1.9.1.7 the lone king on the big road", "W:WKc1,Ke1,Kg1:BKh8", repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 2) + " c1-d2", Russian, 9, "2.1.9.1.7"},
		{"2.1.9.1.5 king against king", "W:WKc1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 3), Russian, 10, "2.1.9.1.5"},
		{"2.1.9.1.8 fifteen king-only moves", "W:WKc1,e1,g1:BKf8,b8,d8", repeatMoves("c1-d2 f8-e7 d2-c1 e7-f8", 8), Russian, 30, "2.1.9.1.8"},
		{"2.1.9.1.8 in giveaway, no ending rule", "W:WKa1,Kc1,Ke1:BKh2", repeatMoves("a1-b2 h2-g1 b2-a1 g1-h2", 8), Giveaway, 30, "2.1.9.1.8"},
		{"3.5 two kings against a king", "W:WK47,K49:BK5", repeatMoves("47-42 5-10 42-47 10-5", 2) + " 47-42", International, 9, "3.5"},
		{"3.5 twenty-five king-only moves", "W:WK47,48:BK5,1", repeatMoves("47-42 5-10 42-47 10-5", 13), International, 50, "3.5"},
		{"no count complete", "W:WKc1,Ke1,Kg1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 7), Russian, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ply, clause := firstDrawn(recordFrom(t, tt.v, tt.fen, tt.moves))
			assert.Equal(t, tt.ply, ply)
			assert.Equal(t, tt.clause, clause)
		})
	}
}

func TestDrawCounter_2_1_9_1_5_RecordCountsFromItsStart(t *testing.T) {
	r := recordFrom(t, Russian, "W:WKc1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 2))
	c := r.DrawCounts()
	_, drawn := c.Drawn()
	assert.False(t, drawn, "four moves each")
	assert.Equal(t, 8, c.KingMoves())
	assert.Equal(t, 1, c.SoonestDraw(), "White's fifth move is the next ply")
	fresh := NewDrawCounter(r.Final())
	assert.Equal(t, 9, fresh.SoonestDraw(), "counted from the final position, five moves each are still to come")
	assert.NotEqual(t, fresh.Tally(), c.Tally())
	assert.Zero(t, fresh.Tally())
}

func TestDrawCounter_SoonestDraw(t *testing.T) {
	for _, c := range []struct {
		v          Variant
		fen, moves string
		want       int
	}{
		{Russian, "W:WKc1:BKf8", "", 9},         // 2.1.9.1.5: five moves of each side, White's fifth is ply 9
		{Russian, "W:WKc1,Ke1,Kh2:BKd4", "", 9}, // 2.1.9.1.7
		{Russian, "W:W21-32:B1-12", "", 10},     // no count runs: one must begin first
		// 2.1.9.1.8: 30 plies of king moves, 25 made; 2.1.9.1.5 (4 pieces) lacks 17 moves.
		{Russian, "W:WKc1,Ke1:BKf8,Kh8", repeatMoves("c1-d2 f8-g7 d2-c1 g7-f8", 6) + " c1-d2", 5},
		{Giveaway, "W:WKc1:BKf8", "", 30},         // only 2.1.9.1.8 in giveaway
		{International, "W:WK46:BK5", "", 9},      // 3.5
		{International, "W:W31-50:B1-20", "", 10}, // 3.5 may begin after a change
	} {
		got := recordFrom(t, c.v, c.fen, c.moves).DrawCounts().SoonestDraw()
		assert.Equal(t, c.want, got, "%s %s %s", c.v, c.fen, c.moves)
	}
}

// A count that runs far beyond its rule stays complete and is claimed
// once: the counts stop at their limit instead of wrapping to zero.
func TestDrawCounter_2_1_9_1_5_LongStretchClaimedOnce(t *testing.T) {
	r := recordFrom(t, Russian, "W:WKc1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 150))
	assert.Equal(t, [][2]int{{10, 0}}, plies(claimsOf(DrawClaims(r), "2.1.9.1.5")))
	assert.Equal(t, [][2]int{{30, 0}}, plies(claimsOf(DrawClaims(r), "2.1.9.1.8")))
	clause, ok := r.DrawCounts().Drawn()
	assert.True(t, ok)
	assert.Equal(t, "2.1.9.1.8", clause, "the king-only rule is named first")

	p := engFEN(t, Russian, "W:WKc1:BKa7")
	c := NewDrawCounter(p)
	for range 70000 {
		m := p.LegalMoves(nil)[0]
		require.True(t, m.King)
		p = p.Play(m)
		c = c.Step(m, p)
	}
	assert.Equal(t, 65535, c.KingMoves())
	_, ok = c.Drawn()
	assert.True(t, ok)
}

func TestDrawCounter_NoAllocation(t *testing.T) {
	r := recordFrom(t, Russian, "W:WKc1,Ke1,Kg1:BKh8", repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 4))
	ps := r.Positions()
	allocs := testing.AllocsPerRun(20, func() {
		c := NewDrawCounter(r.Start)
		for i, m := range r.Moves {
			c = c.Step(m, ps[i+1])
			_, _ = c.Drawn()
			_ = c.SoonestDraw() + int(c.Tally())
		}
	})
	assert.Zero(t, allocs)
}

// safeMove picks at random a move that leaves the opponent nothing to
// take, if there is one, so that random endings last.
func safeMove(p Position, moves []Move, rng *rand.Rand) Move {
	var safe []Move
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

// firstClaim is the first claim of DrawClaims other than a repetition,
// which a DrawCounter does not follow.
func firstClaim(r Record) (int, string) {
	for _, c := range DrawClaims(r) {
		if c.Rule != "2.1.9.1.9" {
			return c.Ply, c.Rule
		}
	}
	return -1, ""
}

// TestDrawCounter_2_1_9_1_3to8_3_5_MatchesDrawClaims plays random games
// from endings of every rule and checks that the counter, stepped move by
// move as a search carries it, is first complete where DrawClaims, which
// reads the whole record, first allows a claim, under the same clause.
func TestDrawCounter_2_1_9_1_3to8_3_5_MatchesDrawClaims(t *testing.T) {
	starts := []struct {
		v   Variant
		fen string
	}{
		{Russian, "W:WKc1,Ke1,Kh2:BKd4"},      // 2.1.9.1.7, 2.1.9.1.3/4
		{Russian, "W:WKc1,Ke1,Kh2,g3:BKb6"},   // 2.1.9.1.4
		{Russian, "W:WKa1,Kc1,Ke1:BKh6"},      // 2.1.9.1.3: White holds the big road
		{Russian, "W:WKc1,e3:BKf8"},           // 2.1.9.1.5, 2-3 pieces
		{Russian, "W:WKc1,Kg1,a3:BKh8,b8"},    // 2.1.9.1.5, 4-5 pieces
		{Russian, "W:WKc1,Kg1,a3,c3:BKh8,f8"}, // 2.1.9.1.5, 6-7 pieces
		{Russian, "W:WKa1,e3,g3:BKh8"},        // 2.1.9.1.7 with men
		{Giveaway, "W:WKc1,Kg1:BKh8,Kb8"},     // 2.1.9.1.8 only
		{International, "W:WK46,K47,28:BK5"},  // 3.5, three pieces
		{International, "W:WK46,28:BK5"},      // 3.5, two pieces
		{International, "W:WK46,K1,28,33:BK5,K50,14"},
	}
	rng := rand.New(rand.NewSource(1))
	rules := map[string]int{}
	for _, st := range starts {
		for range 15 {
			r := NewRecord(engFEN(t, st.v, st.fen))
			for len(r.Moves) < 130 {
				moves := r.Final().LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				r.Moves = append(r.Moves, safeMove(r.Final(), moves, rng))
			}
			got, clause := firstDrawn(r)
			want, rule := firstClaim(r)
			assert.Equal(t, want, got, "%s %s, first claim %s: %s", st.v, st.fen, rule, r.FullNotation())
			assert.Equal(t, rule, clause, "%s %s: %s", st.v, st.fen, r.FullNotation())
			rules[rule]++
		}
	}
	for _, rule := range []string{"2.1.9.1.3", "2.1.9.1.4", "2.1.9.1.5", "2.1.9.1.7", "2.1.9.1.8", "3.5"} {
		assert.Positive(t, rules[rule], "no random game ended by %s: the test does not cover it", rule)
	}
}
