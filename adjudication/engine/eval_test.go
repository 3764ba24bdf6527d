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
			better, worse := position(t, c.v, c.better), position(t, c.v, c.worse)
			assert.Greater(t, whiteScore(better, progressOf(better)), whiteScore(worse, progressOf(worse)))
		})
	}
	// A king is worth about three men: a king against three men on their
	// starting squares is roughly level.
	p := position(t, draughts.Russian, "W:WKd4:Ba7,c7,e7")
	assert.InDelta(t, 0, whiteScore(p, progressOf(p)), 50)
}

// The progress the search keeps move by move (progress.after) is the one
// computed whole (progressOf), and the evaluation from it is evaluate's,
// at every position of random games of each variant, from their start or
// from a position with kings, and at every position of every line two
// plies deep from each: steps, captures, promotions and king moves of
// both sides.
func TestProgress_IncrementalEqualsWhole(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		var seen struct{ captures, promotions, kingMoves int }
		var walk func(p draughts.Position, a progress, depth int)
		walk = func(p draughts.Position, a progress, depth int) {
			if !assert.Equal(t, progressOf(p), a, "%s %s", v, p.FEN()) ||
				!assert.Equal(t, evaluate(p), evaluateWith(p, a), "%s %s", v, p.FEN()) {
				t.FailNow()
			}
			if depth == 0 {
				return
			}
			for _, m := range p.LegalMoves(nil) {
				walk(p.Play(m), a.after(p, m), depth-1)
			}
		}
		for game := range 60 {
			p := draughts.Initial(v)
			if game%2 == 1 {
				// A king each: king moves and king captures from the start.
				w, b := p.Pieces(draughts.White), p.Pieces(draughts.Black)
				p = draughts.NewPosition(v, w, b, w&-w|b&-b, draughts.White)
			}
			a := progressOf(p)
			for range 150 {
				walk(p, a, 2)
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[rng.Intn(len(moves))]
				switch {
				case m.IsCapture():
					seen.captures++
				case m.King:
					seen.kingMoves++
				}
				if m.Promotes {
					seen.promotions++
				}
				p, a = p.Play(m), a.after(p, m)
			}
		}
		assert.Positive(t, seen.captures, v)
		assert.Positive(t, seen.promotions, v)
		assert.Positive(t, seen.kingMoves, v)
	}
}
