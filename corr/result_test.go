package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// The result letters say how the game ended: a resignation (2.1.8), a
// draw agreed (2.1.9.1.1) or an overstep the judge confirmed (6.3.7).
func TestResult_2_1_8_LettersSayHowTheGameEnded(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nПредлагаю ничью\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	claimed, out := send(s, white, "2026-04-25", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
	require.Len(t, out.Claims, 1)
	cases := []struct {
		name    string
		end     func() Outcome
		ru, en  string
		outcome string
	}{
		{"resignation", func() Outcome { _, o := send(s, black, "2026-03-03", "ЧР-2026-ЗФ 1-2\nI resign."); return o },
			"Партия [ЧР-2026-ЗФ #1-2] окончена: чёрные (Петров Пётр) сдались, результат 1-0 (п. 2.1.8).",
			"Game [ЧР-2026-ЗФ #1-2] is over: Black (Петров Пётр) resigned, result 1-0 (clause 2.1.8).", "1-0"},
		{"draw agreed", func() Outcome {
			_, o := send(s, black, "2026-03-03", "ЧР-2026-ЗФ 1-2\nI accept the draw.")
			return o
		},
			"окончена: ничья по соглашению, результат 1/2-1/2 (п. 2.1.9.1.1).",
			"is over: draw by agreement, result 1/2-1/2 (clause 2.1.9.1.1).", "1/2-1/2"},
		{"overstep confirmed", func() Outcome {
			_, o, err := Rule(claimed, claimed.Games[0].Code, 1, true, "", timecontrol.MustDate("2026-04-28"))
			require.NoError(t, err)
			return o
		},
			"окончена: судья подтвердил просрочку времени, поражение: чёрные (Петров Пётр), результат 1-0 (п. 6.3.7).",
			"is over: the judge confirmed the overstep, a loss for Black (Петров Пётр), result 1-0 (clause 6.3.7).", "1-0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := c.end()
			got := map[string]string{}
			for _, o := range out.Out {
				if o.Kind == "result" {
					got[o.To] = o.Body
				}
			}
			require.Len(t, got, 3, "both players and the secretary")
			assert.Contains(t, got[white], c.ru)
			assert.Contains(t, got[black], c.en)
			assert.Contains(t, got[s.Tournament.Secretary.Email], c.ru)
		})
	}
}

// A game resigned before any move says so instead of an empty record.
func TestResult_2_1_8_ResignedBeforeAnyMove(t *testing.T) {
	s := started(t)
	_, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nСдаюсь.")
	require.True(t, out.Accepted, out.Reason)
	assert.Contains(t, byKind(out, "result", white).Body, "Запись: (ходов не сделано)")
	assert.Contains(t, byKind(out, "result", black).Body, "Record: (no moves were made)")
}
