package adjudication

import (
	"fmt"
	"slices"
	"zaochnik/corr/letter"
)

// TieBreak is one criterion that orders players with equal points
// (rule 1.13.3 of the international rules; 5.3.11.3 of the general rules).
// A tie-break gives each player a key; the larger key places higher (1.13.10).
type TieBreak string

// The tie-breaks. Every "+" counts as a win and every "-" as a loss in them (1.12.2).
const (
	// Buchholz: the sum of the points of every opponent met in a decided game (5.3.11.3.1, 1.13.6).
	Buchholz TieBreak = "buchholz"
	// MedianBuchholz: Buchholz without the best and the worst opponent (5.3.11.3.2, 1.13.7);
	// 0 with fewer than three opponents.
	MedianBuchholz TieBreak = "median-buchholz"
	// TruncatedBuchholz: Buchholz without the worst opponent; if still equal,
	// without the two worst, then three and so on (5.3.11.3.3, 1.13.8).
	TruncatedBuchholz TieBreak = "truncated-buchholz"
	// SonnebornBerger: twice the points of the opponents beaten plus the points
	// of the opponents drawn with (1.13.5): twice the FIDE/FMJD value, same order.
	SonnebornBerger TieBreak = "sonneborn-berger"
	// MostWins: the number of games won, "+" included (1.13.3).
	MostWins TieBreak = "wins"
	// HeadToHead: the points scored in the games among the players still tied (1.13.3).
	HeadToHead TieBreak = "head-to-head"
	// BeatenOpponents: the sum of the points of the opponents beaten (1.13.3).
	BeatenOpponents TieBreak = "beaten-opponents"
)

// allTieBreaks lists the tie-breaks with their column headers (Russian, English).
var allTieBreaks = []struct {
	t      TieBreak
	ru, en string
}{
	{SonnebornBerger, "Бергер", "SB"},
	{Buchholz, "Бухг", "Buch"},
	{MedianBuchholz, "СрБух", "MedB"},
	{TruncatedBuchholz, "УсБух", "TruB"},
	{MostWins, "Побед", "Wins"},
	{HeadToHead, "Личн", "H2H"},
	{BeatenOpponents, "ПобСоп", "Beat"},
}

// RoundRobinTieBreaks returns the default order for a round robin, that of
// rule 1.13.3: the coefficient (Sonneborn-Berger: in a full round robin every
// Buchholz is the same for players on equal points), the most wins, the
// games between the tied players, the points of the opponents beaten.
func RoundRobinTieBreaks() []TieBreak {
	return []TieBreak{SonnebornBerger, MostWins, HeadToHead, BeatenOpponents}
}

// SwissTieBreaks returns the order of 5.3.11.3 for a Swiss tournament:
// Buchholz, median Buchholz, truncated Buchholz.
func SwissTieBreaks() []TieBreak {
	return []TieBreak{Buchholz, MedianBuchholz, TruncatedBuchholz}
}

// ParseTieBreak reads a tie-break name as the constants spell it.
func ParseTieBreak(s string) (TieBreak, error) {
	for _, t := range allTieBreaks {
		if string(t.t) == s {
			return t.t, nil
		}
	}
	names := make([]string, len(allTieBreaks))
	for i, t := range allTieBreaks {
		names[i] = string(t.t)
	}
	return "", fmt.Errorf("adjudication: %q is not a tie-break; write one of %v", s, names)
}

// Header returns the tie-break's column header in lang.
func (t TieBreak) Header(lang letter.Lang) string {
	for _, x := range allTieBreaks {
		if x.t == t {
			return pick(lang.IsEnglish(), x.en, x.ru)
		}
	}
	return string(t)
}

// validateTieBreaks rejects unknown and repeated tie-breaks.
func validateTieBreaks(ts []TieBreak) error {
	for i, t := range ts {
		if _, err := ParseTieBreak(string(t)); err != nil {
			return err
		}
		if slices.Contains(ts[:i], t) {
			return fmt.Errorf("adjudication: tie-break %q is listed twice", t)
		}
	}
	return nil
}

// meeting is one decided game seen from one player.
type meeting struct {
	opponent int
	score    Score
}

// keys returns player n's key under tie-break t: a vector compared
// lexicographically, larger first. group is the set of players still tied,
// which only HeadToHead reads.
func (s *standing) keys(t TieBreak, n int, group []int) []float64 {
	var sum float64
	switch t {
	case Buchholz, MedianBuchholz, TruncatedBuchholz:
		opp := make([]float64, 0, len(s.meetings[n]))
		for _, m := range s.meetings[n] {
			opp = append(opp, s.points[m.opponent])
		}
		slices.Sort(opp)
		total := 0.0
		for _, v := range opp {
			total += v
		}
		switch t {
		case Buchholz:
			return []float64{total}
		case MedianBuchholz:
			if len(opp) < 3 {
				return []float64{0}
			}
			return []float64{total - opp[0] - opp[len(opp)-1]}
		}
		// 1.13.8: drop the worst, then the two worst, ... until the tie breaks.
		k := make([]float64, 0, max(len(opp), 1))
		for i := 0; i < len(opp); i++ {
			total -= opp[i]
			k = append(k, total)
		}
		if len(k) == 0 {
			k = append(k, 0)
		}
		return k
	case SonnebornBerger:
		for _, m := range s.meetings[n] {
			switch m.score {
			case Won:
				sum += 2 * s.points[m.opponent]
			case Drawn:
				sum += s.points[m.opponent]
			}
		}
	case MostWins:
		for _, m := range s.meetings[n] {
			if m.score == Won {
				sum++
			}
		}
	case HeadToHead:
		for _, m := range s.meetings[n] {
			if slices.Contains(group, m.opponent) {
				sum += s.scheme.Of(m.score)
			}
		}
	case BeatenOpponents:
		for _, m := range s.meetings[n] {
			if m.score == Won {
				sum += s.points[m.opponent]
			}
		}
	}
	return []float64{sum}
}
