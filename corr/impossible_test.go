package corr

import (
	"testing"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An impossible move the server cannot correct (6.2.10) is explained in
// the player's language, in the refusal and in the reason the secretary
// reads; no line of the rules engine's English reaches a Russian player.
func TestPlay_6_2_10_ImpossibleMoveExplainedInPlayersLanguage(t *testing.T) {
	cases := []struct {
		name, from, move string
		want             []string
		english          bool
	}{
		{"no piece there", white, "1.e5-f4", []string{"на поле e5 нет шашки"}, false},
		{"piece cannot move so", white, "1.c3-e5", []string{"шашка на поле c3 так ходить не может; возможно: c3-b4, c3-d4"}, false},
		{"opponent's piece", white, "1.f6-g5", []string{"на поле f6 шашка партнёра"}, false},
		{"no piece there, in English", black, "", nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t)
			if c.english {
				// Petrov writes in English: his first answer has no piece on e5.
				s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
				c.move, c.want = "Your move: 1.c3-d4\nMy move: 1...e5-f4", []string{"move e5-f4: there is no piece on e5", "(there is no piece on e5)"}
			} else {
				c.move = "Мой ход: " + c.move
			}
			_, out := send(s, c.from, "2026-03-02", "ЧР-2026-ЗФ 1-2\n"+c.move+"\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 0/0")
			require.False(t, out.Accepted)
			var refusal Outgoing
			for _, o := range out.Out {
				if o.Kind == "refusal" {
					refusal = o
				}
			}
			require.NotEmpty(t, refusal.Body)
			lang := letter.Russian
			if c.english {
				lang = letter.English
			}
			reason := out.Reason.In(lang)
			for _, w := range c.want {
				assert.Contains(t, refusal.Body+"\n"+reason, w)
			}
			if !c.english {
				for _, w := range []string{"move ", "piece", "legal"} {
					assert.NotContains(t, refusal.Body, w)
					assert.NotContains(t, reason, w)
				}
			}
		})
	}
}
