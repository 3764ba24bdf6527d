package swiss

import "math/rand/v2"

// The streams of the seed: one per lot, so that drawing one never shifts another.
const (
	streamClassification = 1
	streamFirstColour    = 2
	streamRound          = 100 // + the round number: the random system's lot (1.15.4)
)

// lot is a reproducible drawing of lots: a PCG generator (whose output
// math/rand/v2 fixes) and a Fisher-Yates shuffle written here, so the same
// seed gives the same lot in every Go release.
type lot struct{ src *rand.PCG }

func newLot(seed uint64, stream uint64) lot { return lot{rand.NewPCG(seed, stream)} }

// below returns a uniform number in [0, n), n > 0, by rejection.
func (l lot) below(n int) int {
	u := uint64(n)
	limit := -u % u // 2^64 mod n: values under it would bias the result
	for {
		if v := l.src.Uint64(); v >= limit {
			return int(v % u)
		}
	}
}

// shuffle puts xs in an order drawn by lot.
func (l lot) shuffle(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := l.below(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
