package corr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An accepted variant is played move by move up to the first changed
// move, then the sender's own move (6.2.13); an acceptance of no standing
// variant is refused, never played in another position.
func TestAccept_6_2_13_AcceptedVariantIsPlayedBeforeTheMove(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nВариант А: если 1...f6-g5, то 2.g3-f4, если 2...g5-h4, то 3.b2-c3\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	require.Len(t, s.Games[0].Variants, 1)
	const dates = "\n01.03.2026 / 01.03.2026 / 04.03.2026\nВремя: 0/3"
	cases := []struct {
		name, text string
		plies      string // the game after the letter; empty: refused
		refusal    string // what the refusal says
		// readerNumbers: the reader itself remarks on numbers that skip
		// the opponent's variant replies (corr/letter, 6.2.14).
		readerNumbers bool
	}{
		{"written out", "Ход партнёра: 1.c3-d4\nПринимаю вариант А: 1...f6-g5 2.g3-f4 2...g5-h4 3.b2-c3\nМой ход: 3...b6-a5",
			"c3-d4 f6-g5 g3-f4 g5-h4 b2-c3 b6-a5", "", false},
		{"by its label", "Ход партнёра: 1.c3-d4\nПринимаю вариант А\nМой ход: 3...b6-a5",
			"c3-d4 f6-g5 g3-f4 g5-h4 b2-c3 b6-a5", "", false},
		{"up to the first changed move", "Ход партнёра: 1.c3-d4\nВариант А принят до 2...g5-h4\nМой ход: 2...b6-a5",
			"c3-d4 f6-g5 g3-f4 b6-a5", "", false},
		{"its moves written as own moves", "Ход партнёра: 1.c3-d4\nМой ход: 1...f6-g5 2...g5-h4 3...b6-a5",
			"c3-d4 f6-g5 g3-f4 g5-h4 b2-c3 b6-a5", "", true},
		{"no such variant", "Ход партнёра: 1.c3-d4\nПринимаю вариант Б\nМой ход: 3...b6-a5", "", "no standing variant Б", false},
		{"the opponent's move repeated wrongly (6.2.9)", "Ход партнёра: 1.c3-d4\nПринимаю вариант А: 1...f6-g5 2.b2-c3 2...g5-h4 3.b2-c3\nМой ход: 3...b6-a5", "",
			"It should be:  1...f6-g5 2.g3-f4", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\n"+c.text+dates)
			if c.plies == "" {
				assert.False(t, out.Accepted)
				assert.Equal(t, s.Games[0].Plies, s2.Games[0].Plies, "nothing is played")
				assert.Contains(t, byKind(out, "refusal", black).Body, c.refusal)
				return
			}
			require.True(t, out.Accepted, out.Reason)
			var got []string
			for _, p := range s2.Games[0].Plies {
				got = append(got, p.Text)
			}
			assert.Equal(t, c.plies, strings.Join(got, " "))
			for _, p := range out.Problems {
				if !c.readerNumbers {
					assert.NotEqual(t, "move-number", p.Kind, p.Text)
				}
			}
		})
	}
}
