package draughts

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordFrom plays the moves (full notation, space-separated) from fen and
// fails the test on a move that is not legal.
func recordFrom(t testing.TB, v Variant, fen, moves string) Record {
	t.Helper()
	p, err := ParseFEN(v, fen)
	require.NoError(t, err)
	r := NewRecord(p)
	for _, s := range strings.Fields(moves) {
		mt, err := ParseMoveText(s)
		require.NoError(t, err)
		from, err := v.SquareOf(mt.Squares[0])
		require.NoError(t, err)
		to, err := v.SquareOf(mt.Squares[len(mt.Squares)-1])
		require.NoError(t, err)
		var found []Move
		for _, m := range r.Final().LegalMoves(nil) {
			if m.From == from && m.To == to {
				found = append(found, m)
			}
		}
		require.Len(t, found, 1, "move %s at ply %d", s, r.Plies()+1)
		require.NoError(t, r.Play(found[0]))
	}
	return r
}

// repeatMoves writes the cycle n times.
func repeatMoves(cycle string, n int) string {
	return strings.TrimSpace(strings.Repeat(cycle+" ", n))
}

// claimsOf keeps the claims of one rule.
func claimsOf(cs []DrawClaim, rule string) []DrawClaim {
	var out []DrawClaim
	for _, c := range cs {
		if c.Rule == rule {
			out = append(out, c)
		}
	}
	return out
}

// plies lists the ply and the start of each claim, for compact comparisons.
func plies(cs []DrawClaim) [][2]int {
	out := [][2]int{}
	for _, c := range cs {
		out = append(out, [2]int{c.Ply, c.Since})
	}
	return out
}

func TestDraw_2_1_9_1_9_ThreefoldRepetition(t *testing.T) {
	const fen = "W:WKc1,e1,g1:BKf8,b8,d8"
	shuttle := "c1-d2 f8-e7 d2-c1 e7-f8"
	tests := []struct {
		name, fen, moves string
		want             [][2]int // {ply, since} of each claim
	}{
		{"twice is not enough", fen, shuttle, [][2]int{}},
		{"third time, same side to move", fen, repeatMoves(shuttle, 2), [][2]int{{8, 0}}},
		{"each position reported once", fen, repeatMoves(shuttle, 3), [][2]int{{8, 0}, {9, 1}, {10, 2}, {11, 3}}},
		{"repetitions need not follow each other", fen, shuttle + " c1-b2 f8-e7 b2-c1 e7-f8", [][2]int{{8, 0}}},
		// The white king goes round a triangle, the black one to and fro:
		// the pieces stand as at the start after plies 5, 12 and 17, but
		// with White to move only twice (0, 12) and Black twice (5, 17).
		{"the other side to move is another position", "W:WKd2,g1:BKf8,b8",
			"d2-a5 f8-e7 a5-e1 e7-f8 e1-d2 f8-e7 d2-a5 e7-f8 a5-e1 f8-e7 e1-d2 e7-f8 d2-a5 f8-e7 a5-e1 e7-f8 e1-d2", [][2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, Russian, tt.fen, tt.moves)
			assert.Equal(t, tt.want, plies(claimsOf(DrawClaims(r), "2.1.9.1.9")))
		})
	}
}

func TestDraw_2_1_9_1_8_FifteenKingOnlyMoves(t *testing.T) {
	const fen = "W:WKc1,e1,g1:BKf8,b8,d8"
	shuttle := "c1-d2 f8-e7 d2-c1 e7-f8"
	tests := []struct {
		name, moves string
		want        [][2]int
	}{
		{"14.5 moves are not enough", repeatMoves(shuttle, 7) + " c1-d2", [][2]int{}},
		{"15 moves of each side", repeatMoves(shuttle, 8), [][2]int{{30, 0}}},
		{"a man's move starts the count again", "c1-d2 d8-c7 " + repeatMoves("d2-c1 f8-e7 c1-d2 e7-f8", 8), [][2]int{{32, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, Russian, fen, tt.moves)
			got := claimsOf(DrawClaims(r), "2.1.9.1.8")
			assert.Equal(t, tt.want, plies(got))
			for _, c := range got {
				assert.Contains(t, c.Reason, "15 moves")
			}
		})
	}
}

func TestDraw_2_1_9_1_3_ThreeKingsHoldingTheBigRoad(t *testing.T) {
	// White kings on a1 (the big road), c1, e1 against the black king on h2.
	r := recordFrom(t, Russian, "W:WKa1,Kc1,Ke1:BKh2", repeatMoves("a1-b2 h2-g1 b2-a1 g1-h2", 8))
	got := claimsOf(DrawClaims(r), "2.1.9.1.3")
	require.Len(t, got, 1)
	assert.Equal(t, [2]int{29, 0}, [2]int{got[0].Ply, got[0].Since}, "White's 15th move is ply 29")
	assert.Equal(t, 15, got[0].Move)
	assert.False(t, got[0].Black)
	assert.Empty(t, claimsOf(DrawClaims(r), "2.1.9.1.4"))
}

func TestDraw_2_1_9_1_4_ThreeKingsAndMoreAgainstALoneKing(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		want             [][2]int
	}{
		{"three kings off the big road", "W:WKc1,Ke1,Kg1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 8), [][2]int{{29, 0}}},
		{"three kings and a man", "W:WKa1,Kc1,Ke1,a3:BKh2", repeatMoves("a1-b2 h2-g1 b2-a1 g1-h2", 8), [][2]int{{29, 0}}},
		{"14 moves are not enough", "W:WKc1,Ke1,Kg1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 7), [][2]int{}},
		{"Black is the stronger side", "B:WKa7:BKc1,Ke1,Kg1", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 8), [][2]int{{29, 0}}},
		{"two kings and a man are not three kings", "W:WKc1,Ke1,h2:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 8), [][2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, Russian, tt.fen, tt.moves)
			assert.Equal(t, tt.want, plies(claimsOf(DrawClaims(r), "2.1.9.1.4")))
		})
	}
}

func TestDraw_2_1_9_1_7_ThreePiecesAgainstAKingOnTheBigRoad(t *testing.T) {
	const fen = "W:WKc1,Ke1,Kg1:BKh8"
	tests := []struct {
		name, fen, moves string
		want             [][2]int
	}{
		{"White's fifth move", fen, repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 2) + " c1-d2", [][2]int{{9, 0}}},
		{"four moves are not enough", fen, repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 2), [][2]int{}},
		{"leaving the road starts the count again", fen,
			"c1-d2 h8-g7 d2-c1 g7-f8 c1-d2 f8-g7 d2-c1 g7-h8 c1-d2 h8-g7 d2-c1 g7-h8 c1-d2 h8-g7 d2-c1", [][2]int{{15, 6}}},
		{"men count as pieces", "W:WKc1,e1,g1:BKh8", repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 2) + " c1-d2", [][2]int{{9, 0}}},
		{"four pieces are too many", "W:WKc1,Ke1,Kg1,a3:BKh8", repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 3), [][2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, Russian, tt.fen, tt.moves)
			assert.Equal(t, tt.want, plies(claimsOf(DrawClaims(r), "2.1.9.1.7")))
		})
	}
}

func TestDraw_2_1_9_1_5_BalanceOfForcesUnchanged(t *testing.T) {
	kk := repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 15)
	tests := []struct {
		name, fen, moves string
		want             [][2]int
	}{
		{"king against king, 5 moves each", "W:WKc1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 3), [][2]int{{10, 0}}},
		{"king and man against king", "W:WKc1,g1:BKa7", repeatMoves("c1-d2 a7-b8 d2-c1 b8-a7", 3), [][2]int{{10, 0}}},
		{"a promotion starts the count again", "W:WKc1,g7:BKa7",
			"c1-d2 a7-b8 g7-h8 " + repeatMoves("b8-a7 d2-c1 a7-b8 c1-d2", 3), [][2]int{{13, 3}}},
		{"four pieces: 30 moves each", "W:WKc1,g1:BKa7,h8", kk, [][2]int{{60, 0}}},
		{"four pieces: 29 moves are not enough", "W:WKc1,g1:BKa7,h8", kk[:len(kk)-len(" c1-d2 a7-b8 d2-c1 b8-a7")], [][2]int{}},
		{"a side without a king", "W:WKh2:Bd8", "h2-g1 d8-e7 g1-h2 e7-f6 h2-g1 f6-g5 g1-h2 g5-h4 h2-g1 h4-g3", [][2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, Russian, tt.fen, tt.moves)
			assert.Equal(t, tt.want, plies(claimsOf(DrawClaims(r), "2.1.9.1.5")))
		})
	}
}

func TestDraw_3_5_International(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		want             [][2]int
	}{
		{"three kings against a king: 16th move", "W:WK47,K49,K50:BK5", repeatMoves("47-42 5-10 42-47 10-5", 8), [][2]int{{31, 0}}},
		{"15 moves are not enough", "W:WK47,K49,K50:BK5", repeatMoves("47-42 5-10 42-47 10-5", 7) + " 47-42", [][2]int{}},
		{"two kings against a king: 5th move", "W:WK47,K49:BK5", repeatMoves("47-42 5-10 42-47 10-5", 2) + " 47-42", [][2]int{{9, 0}}},
		{"25 king-only moves", "W:WK47,48:BK5,1", repeatMoves("47-42 5-10 42-47 10-5", 13), [][2]int{{50, 0}}},
		{"24 king-only moves are not enough", "W:WK47,48:BK5,1", repeatMoves("47-42 5-10 42-47 10-5", 12), [][2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordFrom(t, International, tt.fen, tt.moves)
			assert.Equal(t, tt.want, plies(claimsOf(DrawClaims(r), "3.5")))
			assert.Empty(t, claimsOf(DrawClaims(r), "2.1.9.1.8"), "international counts 25 moves (3.5), not 15")
		})
	}
}

func TestDraw_Giveaway_OnlyRepetitionAndKingMoves(t *testing.T) {
	r := recordFrom(t, Giveaway, "W:WKa1,Kc1,Ke1:BKh2", repeatMoves("a1-b2 h2-g1 b2-a1 g1-h2", 8))
	rules := map[string]int{}
	for _, c := range DrawClaims(r) {
		rules[c.Rule]++
	}
	assert.Equal(t, map[string]int{"2.1.9.1.9": 4, "2.1.9.1.8": 1}, rules, "no ending rule: the stronger side is losing in giveaway")
}

func TestDrawClaims_SortedAndDescribed(t *testing.T) {
	r := recordFrom(t, Russian, "W:WKc1,Ke1,Kg1:BKh8", repeatMoves("c1-d2 h8-g7 d2-c1 g7-h8", 8))
	cs := DrawClaims(r)
	var got []string
	for _, c := range cs {
		got = append(got, c.Rule)
	}
	// Repetitions at plies 8-11, 2.1.9.1.7 at 9, 2.1.9.1.4 at 29, 2.1.9.1.8 at 30.
	assert.Equal(t, []string{"2.1.9.1.9", "2.1.9.1.9", "2.1.9.1.7", "2.1.9.1.9", "2.1.9.1.9", "2.1.9.1.4", "2.1.9.1.8"}, got)
	rep := cs[0]
	assert.Equal(t, "ничья по п. 2.1.9.1.9 с хода 4...: одна и та же позиция при ходе белых повторилась в третий раз (после полуходов 0, 4 и 8)", rep.Describe(false))
	assert.Equal(t, "draw by rule 2.1.9.1.9 from move 4...: the same position with White to move occurred a third time (after plies 0, 4 and 8)", rep.Describe(true))
	assert.Empty(t, DrawClaims(NewRecord(Initial(Russian))))
}
