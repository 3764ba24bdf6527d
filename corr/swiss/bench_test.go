package swiss

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchHistory plays rounds of a field of n with results drawn from a fixed seed.
func benchHistory(b *testing.B, n, rounds int) History {
	res := rand.New(rand.NewPCG(1, 2))
	var h History
	for r := 1; r <= rounds; r++ {
		d, err := Draw(field(n), h, numbered(Individual))
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range d.Pairs {
			h.Games = append(h.Games, Game{Round: r, White: p.White, Black: p.Black, Result: Result(1 + res.IntN(3))})
		}
		if d.Bye != 0 {
			h.Byes = append(h.Byes, Bye{Round: r, Player: d.Bye})
		}
	}
	return h
}

// BenchmarkDraw draws round 1 (the baseline: no search) and a late round of
// fields of 9, 16 and 64 players, for each system.
func BenchmarkDraw(b *testing.B) {
	for _, size := range []struct{ n, played int }{{9, 4}, {16, 6}, {64, 8}} {
		for _, round := range []int{0, size.played} {
			h := benchHistory(b, size.n, round)
			for _, s := range Systems() {
				b.Run(fmt.Sprintf("%dplayers/round%d/%s", size.n, round+1, s), func(b *testing.B) {
					for b.Loop() {
						if _, err := Draw(field(size.n), h, numbered(s)); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
