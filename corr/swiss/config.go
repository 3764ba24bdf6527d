package swiss

import "fmt"

// System is a drawing system of rule 1.15.
type System string

// The drawing systems.
const (
	// Random: the "blind lot" (1.15.4). No classification: the lot orders the
	// field, No. 1 meets No. 2, No. 3 meets No. 4, odd numbers White; later
	// rounds are drawn by lot within each score group, from the top.
	Random System = "random"
	// Individual: the individual coefficients alone (1.15.5): halves in
	// round 1, score groups by classification number afterwards.
	Individual System = "individual"
	// Solkoff: as Individual up to round 2, then within score groups by the
	// truncated Solkoff coefficient (1.15.6).
	Solkoff System = "solkoff"
	// Buchholz: first against last in round 1, then score groups ordered by
	// the current Buchholz coefficient, first meets last (1.15.7).
	Buchholz System = "buchholz"
)

// Systems lists the drawing systems as tournament files write them.
func Systems() []System { return []System{Random, Individual, Solkoff, Buchholz} }

// ParseSystem reads a drawing system's name.
func ParseSystem(s string) (System, error) {
	for _, x := range Systems() {
		if string(x) == s {
			return x, nil
		}
	}
	return "", fmt.Errorf("%q is not a drawing system; write random (1.15.4), individual (1.15.5), solkoff (1.15.6) or buchholz (1.15.7)", s)
}

// Classification is how the field is ordered before the first round (1.15.5.1).
type Classification string

// The classifications.
const (
	// ByRating: rating descending; equal ratings, then the unrated, by lot.
	ByRating Classification = "rating"
	// ByNumbers: the start numbers as given (the lot was drawn when the start
	// list was made).
	ByNumbers Classification = "numbers"
)

// ParseClassification reads a classification's name.
func ParseClassification(s string) (Classification, error) {
	switch c := Classification(s); c {
	case ByRating, ByNumbers:
		return c, nil
	}
	return "", fmt.Errorf("%q is not a classification; write rating (by rating, ties by lot, 1.15.5.1) or numbers (the start numbers as given)", s)
}

// FirstColour is the colour of the first classified player in round 1
// (1.15.5.2, 1.15.7.2: "Цвет шашек в первой паре определяется жребием").
type FirstColour string

// The first colours.
const (
	FirstWhite FirstColour = "white"
	FirstBlack FirstColour = "black"
	// FirstLot: drawn by lot from the seed, as the rules say.
	FirstLot FirstColour = "lot"
)

// ParseFirstColour reads a first colour.
func ParseFirstColour(s string) (FirstColour, error) {
	switch c := FirstColour(s); c {
	case FirstWhite, FirstBlack, FirstLot:
		return c, nil
	}
	return "", fmt.Errorf("%q is not a first colour; write white, black or lot", s)
}

// Config is how a tournament draws its rounds.
type Config struct {
	System         System
	Classification Classification
	FirstColour    FirstColour
	// Seed drives every lot: the classification of equal and missing
	// ratings, the first colour, the order within score groups of the
	// random system. It is stored with the tournament so a draw can be re-run.
	Seed uint64
	// GamesPerPair is 2 when every pairing is a micro-match of two games,
	// one with each colour (1.11); 0 or 1 otherwise.
	GamesPerPair int
	// ByMatches scores a micro-match as one result, won by the higher sum
	// of its games (1.11, 1.12.1); otherwise every game scores.
	ByMatches bool
}

// NeedsLot reports whether some lot of this config is drawn from the seed.
func (c Config) NeedsLot() bool {
	return c.System == Random || c.Classification == ByRating || c.FirstColour == FirstLot
}

// Validate names every key that is not one of its values.
func (c Config) Validate() error {
	if _, err := ParseSystem(string(c.System)); err != nil {
		return err
	}
	if _, err := ParseClassification(string(c.Classification)); err != nil {
		return err
	}
	if _, err := ParseFirstColour(string(c.FirstColour)); err != nil {
		return err
	}
	return nil
}

// Entrant is one player of the field.
type Entrant struct {
	// Number is the start number.
	Number int
	// Rating is the player's rating; 0 means none (classified after the rated, 1.15.5.1).
	Rating int
}
