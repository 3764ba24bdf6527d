package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSwiss_1_15_2_WholeTournamentsKeepTheRequirements draws whole
// tournaments with results drawn from a seeded generator (forfeits and a
// withdrawal among them) and checks every round against 1.15.2: no repeat
// pairing, no second win without play, never a colour four times running,
// the withdrawn left out, everyone else paired or given the plus.
func TestSwiss_1_15_2_WholeTournamentsKeepTheRequirements(t *testing.T) {
	for _, s := range Systems() {
		for _, size := range []struct{ players, rounds int }{{9, 5}, {10, 6}, {16, 7}, {7, 5}} {
			for seed := uint64(1); seed <= 12; seed++ {
				t.Run(fmt.Sprintf("%s/%dx%d/seed%d", s, size.players, size.rounds, seed), func(t *testing.T) {
					simulate(t, s, size.players, size.rounds, seed)
				})
			}
		}
	}
}

func simulate(t *testing.T, s System, players, rounds int, seed uint64) {
	deadEndsPossible := players < 9
	res := rand.New(rand.NewPCG(seed, 77))
	entrants := make([]Entrant, players)
	for i := range entrants {
		entrants[i] = Entrant{Number: i + 1, Rating: 1500 + res.IntN(4)*100}
	}
	cfg := Config{System: s, Classification: ByRating, FirstColour: FirstLot, Seed: seed}
	var h History
	met := map[[2]int]bool{}
	plus := map[int]bool{}
	colours := map[int][]bool{}
	for round := 1; round <= rounds; round++ {
		if round == 3 && seed%3 == 0 {
			h.Withdrawn = append(h.Withdrawn, 2)
		}
		r, err := Draw(entrants, h, cfg)
		if errors.Is(err, errNoDraw) && deadEndsPossible {
			// A small field may run out of opponents: the draw must then be
			// truly impossible, as a search of every bye and pairing shows.
			require.False(t, anyDraw(entrants, h), "round %d: the draw failed but a pairing exists", round)
			return
		}
		require.NoError(t, err, "round %d", round)
		require.Equal(t, round, r.Number)
		seen := map[int]bool{}
		for _, p := range append(r.Pairs, Pair{White: r.Bye}) {
			for _, n := range []int{p.White, p.Black} {
				if n == 0 {
					continue
				}
				require.False(t, seen[n], "round %d: %d drawn twice", round, n)
				seen[n] = true
			}
		}
		active := players - len(h.Withdrawn)
		require.Len(t, seen, active, "round %d: everyone still playing is drawn", round)
		for _, n := range h.Withdrawn {
			require.False(t, seen[n], "round %d: withdrawn %d drawn", round, n)
		}
		if r.Bye != 0 {
			require.False(t, plus[r.Bye], "round %d: %d gets a second win without play", round, r.Bye)
			plus[r.Bye] = true
			h.Byes = append(h.Byes, Bye{Round: round, Player: r.Bye})
		}
		for _, p := range r.Pairs {
			key := [2]int{min(p.White, p.Black), max(p.White, p.Black)}
			require.False(t, met[key], "round %d: %v meet again", round, p)
			met[key] = true
			g := Game{Round: round, White: p.White, Black: p.Black, Result: Result(1 + res.IntN(3))}
			if res.IntN(12) == 0 && !plus[p.White] {
				g.Result = WhiteWinsWithoutPlay
				plus[p.White] = true
			}
			if g.Result.played() {
				colours[p.White] = append(colours[p.White], true)
				colours[p.Black] = append(colours[p.Black], false)
			}
			h.Games = append(h.Games, g)
		}
		for n, cs := range colours {
			for i := 3; i < len(cs); i++ {
				require.False(t, cs[i] == cs[i-1] && cs[i] == cs[i-2] && cs[i] == cs[i-3], "round %d: %d has the same colour four times running", round, n)
			}
		}
	}
}

// anyDraw reports whether some bye and some pairing of the players still
// playing keep 1.15.2, by trying them all (small fields only).
func anyDraw(entrants []Entrant, h History) bool {
	d := newDrawer(entrants, h, numbered(Individual))
	var try func(left []int) bool
	try = func(left []int) bool {
		if len(left) == 0 {
			return true
		}
		for _, c := range left[1:] {
			if d.compatible(left[0], c) && try(without(left, left[0], c)) {
				return true
			}
		}
		return false
	}
	if len(d.active)%2 == 0 {
		return try(d.active)
	}
	for _, bye := range d.active {
		if !d.ps[bye].plus && try(without(d.active, bye)) {
			return true
		}
	}
	return false
}
