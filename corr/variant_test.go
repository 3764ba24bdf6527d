package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// When the opponent's standing variant answers the sender's move (6.2.13),
// the sender is told the answer and that it is their move again, and the
// variant's author is told their variant moved and to wait.
func TestVariant_6_2_13_ReplyTellsWhoIsOnMove(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nВариант А: если 1...f6-g5, то 2.g3-f4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, move               string
		receipt, notReceipt, fwd []string
	}{
		{"variant answers", "1...f6-g5",
			[]string{"Your move 1...f6-g5 has been forwarded", "Your opponent's variant answered 2.g3-f4 (clause 6.2.13); it is your move again."},
			[]string{"1...f6-g5 2.g3-f4"},
			[]string{"по вашему варианту сделан ход g3-f4 (п. 6.2.13)", "ход снова за партнёром; ждите его ответа"}},
		{"variant lapses", "1...b6-a5",
			[]string{"Your move 1...b6-a5 has been forwarded"},
			[]string{"variant answered", "your move again"},
			nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: "+c.move+"\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3")
			require.True(t, out.Accepted, out.Reason)
			var receipt, fwd Outgoing
			for _, o := range out.Out {
				switch o.Kind {
				case "confirmation":
					receipt = o
				case "forward":
					fwd = o
				}
			}
			for _, w := range c.receipt {
				assert.Contains(t, receipt.Body, w)
			}
			for _, w := range c.notReceipt {
				assert.NotContains(t, receipt.Body, w)
			}
			for _, w := range c.fwd {
				assert.Contains(t, fwd.Body, w)
			}
			if c.fwd == nil {
				assert.NotContains(t, fwd.Body, "ждите его ответа")
			}
		})
	}
}
