package swiss

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSwiss_1_15_5_1_ClassificationByRating(t *testing.T) {
	entrants := []Entrant{
		{Number: 1, Rating: 2100}, {Number: 2}, {Number: 3, Rating: 2300},
		{Number: 4, Rating: 2100}, {Number: 5}, {Number: 6, Rating: 2100}, {Number: 7, Rating: 2400},
	}
	orders := map[string]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		cfg := Config{System: Individual, Classification: ByRating, FirstColour: FirstLot, Seed: seed}
		got := Classify(entrants, cfg)
		// Rating descending: 7, 3, then the three of 2100 by lot, then the unrated by lot.
		assert.Equal(t, []int{7, 3}, got[:2], "seed %d", seed)
		assert.ElementsMatch(t, []int{1, 4, 6}, got[2:5], "seed %d", seed)
		assert.ElementsMatch(t, []int{2, 5}, got[5:], "seed %d", seed)
		assert.Equal(t, got, Classify(entrants, cfg), "the same seed draws the same lot (seed %d)", seed)
		orders[sliceKey(got)] = true
	}
	// The lot really is drawn: 40 seeds give more than one order of the ties.
	assert.Greater(t, len(orders), 1)
}

func TestSwiss_1_15_5_1_ClassificationByStartNumbers(t *testing.T) {
	entrants := []Entrant{{Number: 3, Rating: 2500}, {Number: 1}, {Number: 2, Rating: 2000}}
	for _, s := range Systems() {
		cfg := Config{System: s, Classification: ByNumbers, FirstColour: FirstWhite, Seed: 9}
		assert.Equal(t, []int{1, 2, 3}, Classify(entrants, cfg), "system %s: the start numbers as given, ratings ignored", s)
	}
}

func TestSwiss_1_15_4_RandomSystemClassifiesByLotOnly(t *testing.T) {
	entrants := []Entrant{{Number: 1, Rating: 1000}, {Number: 2, Rating: 2000}, {Number: 3, Rating: 3000}, {Number: 4, Rating: 4000}, {Number: 5, Rating: 5000}}
	orders := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		got := Classify(entrants, Config{System: Random, Classification: ByRating, FirstColour: FirstLot, Seed: seed})
		assert.ElementsMatch(t, []int{1, 2, 3, 4, 5}, got)
		orders[sliceKey(got)] = true
	}
	// Ratings do not order the field: more than the rating order comes out.
	assert.Greater(t, len(orders), 1)
	assert.False(t, orders[sliceKey([]int{5, 4, 3, 2, 1})] && len(orders) == 1)
}

func sliceKey(xs []int) string {
	b := make([]byte, 0, len(xs))
	for _, x := range slices.Clone(xs) {
		b = append(b, byte(x))
	}
	return string(b)
}
