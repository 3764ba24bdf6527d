package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// When the judge finds no overstep, play resumes (6.3.7): each player's
// ruling says whose move it is and which move is to be answered, and the
// claimant is told the held reply went on.
func TestRule_6_3_7_RejectedClaimSaysWhoIsOnMove(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name string
		// letters are sent in turn after White's first move: sender, day, text.
		letters                [][3]string
		claimantRu, offenderEn string
	}{
		{"claim by letter, the offender on move",
			[][3]string{{white, "2026-03-10", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку."}},
			"Игра возобновлена: ход за партнёром.",
			"Play resumes: it is your move, answering 1.c3-d4."},
		{"server's claim, the claimant's reply held",
			[][3]string{
				{black, "2026-04-25", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 25.04.2026\nTime: 0/55"},
				{white, "2026-04-26", "ЧР-2026-ЗФ 1-2\nХод партнёра: 1...f6-g5\nМой ход: 2.g3-f4\n25.04.2026 / 25.04.2026 / 26.04.2026\nВремя: 0/55"},
			},
			"Ваш задержанный ответ g3-f4 отправлен партнёру; ход за партнёром.",
			"Play resumes: it is your move, answering 2.g3-f4."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2 := s
			for _, l := range c.letters {
				s2, _ = send(s2, l[0], l[1], l[2])
			}
			require.Len(t, s2.Games[0].Claims, 1)
			_, out, err := Rule(s2, s2.Games[0].Code, 1, false, "", timecontrol.MustDate("2026-04-28"))
			require.NoError(t, err)
			rulings := map[string]string{}
			for _, o := range out.Out {
				if o.Kind == "ruling" {
					rulings[o.To] = o.Body
				}
			}
			assert.Contains(t, rulings[white], c.claimantRu)
			assert.Contains(t, rulings[black], c.offenderEn)
		})
	}
}
