package engine

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// mirror turns the board round and swaps the colours: White's man on square
// n becomes Black's on N+1-n, and the other side is to move. Every rule and
// every term of the evaluation is the same for both sides, so the side to
// move must score the same in both.
func mirror(t *testing.T, p draughts.Position) draughts.Position {
	t.Helper()
	v := p.Variant()
	var fields [2][]string
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		for _, s := range p.Pieces(c).Squares(nil) {
			n := v.Squares() + 1 - v.SquareNumber(s)
			k := ""
			if p.Kings(c).Has(s) {
				k = "K"
			}
			fields[c.Opponent()] = append(fields[c.Opponent()], fmt.Sprintf("%s%d", k, n))
		}
	}
	side := "B"
	if p.SideToMove() == draughts.Black {
		side = "W"
	}
	q, err := draughts.ParseFEN(v, side+":W"+strings.Join(fields[0], ",")+":B"+strings.Join(fields[1], ","))
	require.NoError(t, err)
	return q
}

func TestEvaluate_ColourBlind(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		for range 20 {
			p := draughts.Initial(v)
			for ply := rng.Intn(80); ply > 0; ply-- {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p = p.Play(moves[rng.Intn(len(moves))])
				q := mirror(t, p)
				require.Equal(t, evaluate(p), evaluate(q), "%s %s and %s", v, p.FEN(), q.FEN())
			}
		}
	}
}

func TestEvaluate_Terms(t *testing.T) {
	for _, c := range []struct {
		name   string
		v      draughts.Variant
		better string // White's view: better scores more than worse
		worse  string
	}{
		{"ManUp", draughts.Russian, "W:Wc3,e3:Bf6", "W:Wc3:Bf6"},
		{"KingWorthMoreThanMan", draughts.Russian, "W:WKc3:Bf6", "W:Wc3:Bf6"},
		{"AdvancedMan", draughts.Russian, "W:Wc7:Bh8", "W:Wc3:Bh8"},
		{"CentreMan", draughts.Russian, "W:We3,a1:Bh6,b8", "W:Wa3,a1:Bh6,b8"},
		{"BackRankGuardOutweighsAStep", draughts.Russian, "W:Wc1,e5:Bf6,a7", "W:Wd2,e5:Bf6,a7"},
		{"KingOnTheRoad", draughts.Russian, "W:WKh8:Bh2", "W:WKa7:Bh2"},        // both reach 7 squares
		{"FreeKing", draughts.Russian, "W:WKe5,c3:Bh8,a7", "W:WKh2,g3:Bh8,a7"}, // h2 is shut in by its own man
		{"GiveawayFewerIsBetter", draughts.Giveaway, "W:Wc3:Bf6,h6", "W:Wc3,e3:Bf6"},
		{"InternationalManUp", draughts.International, "W:W31,32:B20", "W:W31:B20"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Greater(t, whiteScore(position(t, c.v, c.better)), whiteScore(position(t, c.v, c.worse)))
		})
	}
	// A king is worth about three men: a king against three men on their
	// starting squares is roughly level.
	assert.InDelta(t, 0, whiteScore(position(t, draughts.Russian, "W:WKd4:Ba7,c7,e7")), 50)
}
