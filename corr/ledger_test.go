package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A request for the time ledger is answered whatever else the letter does
// and in every state of the game, above all while a claim stops it (6.3.6);
// the ledger is the table of 6.3.6 in the player's language.
func TestLedger_6_3_6_RequestAnsweredInEveryState(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	suspended, out := send(s, white, "2026-03-13", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
	require.Len(t, out.Claims, 1)
	cases := []struct {
		name  string
		s     State
		from  string
		text  string
		claim bool
		want  []string
	}{
		{"with a claim", s, white, "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.\nПрошу прислать график времени.", true,
			[]string{"Партия [ЧР-2026-ЗФ #1-2].", "График времени на обдумывание (п. 6.3.6)", "Белые", "Получено", "На ходу на 13.03.2026"}},
		{"alone while suspended", suspended, black, "ЧР-2026-ЗФ 1-2\nPlease send the time ledger.", false,
			[]string{"Game [ЧР-2026-ЗФ #1-2].", "Time ledger (clause 6.3.6)", "White", "Received"}},
		{"alone in play, in English", s, black, "ЧР-2026-ЗФ 1-2\nPlease send the time ledger.", false,
			[]string{"Time ledger (clause 6.3.6)", "White", "Received"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(c.s, c.from, "2026-03-13", c.text)
			assert.True(t, out.Accepted, out.Reason)
			assert.Equal(t, c.claim, len(out.Claims) == 1)
			var ledger []Outgoing
			for _, o := range out.Out {
				if o.Kind == "ledger" {
					ledger = append(ledger, o)
				}
			}
			require.Len(t, ledger, 1)
			assert.Equal(t, c.from, ledger[0].To)
			for _, w := range c.want {
				assert.Contains(t, ledger[0].Body, w)
			}
			if c.from == black {
				assert.NotContains(t, ledger[0].Body, "Итого")
				assert.NotContains(t, ledger[0].Body, "Белые")
			}
		})
	}
}
