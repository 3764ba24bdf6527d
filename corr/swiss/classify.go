package swiss

import (
	"cmp"
	"slices"
)

// Classify returns the start numbers of the field in the order of its
// classification before the first round, which each player keeps to the
// end (1.15.5.1): by rating descending, players of equal rating by lot,
// then the unrated by lot; or, with ByNumbers, the start numbers as given.
// The random system classifies no one (1.15.4): its order is a lot of the
// whole field, or the start numbers when they already were one (ByNumbers).
func Classify(entrants []Entrant, cfg Config) []int {
	byRating := slices.Clone(entrants)
	slices.SortFunc(byRating, func(a, b Entrant) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Number, b.Number))
	})
	numbers := make([]int, len(byRating))
	for i, e := range byRating {
		numbers[i] = e.Number
	}
	switch {
	case cfg.Classification == ByNumbers:
		slices.Sort(numbers)
		return numbers
	case cfg.System == Random:
		slices.Sort(numbers)
		newLot(cfg.Seed, streamClassification).shuffle(numbers)
		return numbers
	}
	// Runs of equal rating (the unrated, rating 0, are the last run) by lot.
	l := newLot(cfg.Seed, streamClassification)
	for i := 0; i < len(byRating); {
		j := i + 1
		for j < len(byRating) && byRating[j].Rating == byRating[i].Rating {
			j++
		}
		l.shuffle(numbers[i:j])
		i = j
	}
	return numbers
}
