package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
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

// Variants that answer the same move of the opponent differently are
// ambiguous (6.2.7): the proposer is told which, at which move, and each
// stands only up to that move (6.2.12); those that part on the opponent's
// move stand whole.
func TestVariant_6_2_7_AmbiguousAnswersAreCut(t *testing.T) {
	cases := []struct {
		name, variants string
		lines          []int // the standing variants' lengths
		told           string
	}{
		{"same condition, ten answers", "Вариант 1: если 1...f6-g5, то 2.g3-f4\nВариант 2: если 1...f6-g5, то 2.g3-h4\nВариант 3: если 1...f6-g5, то 2.b2-c3\n" +
			"Вариант 4: если 1...f6-g5, то 2.d2-c3\nВариант 5: если 1...f6-g5, то 2.e3-f4\nВариант 6: если 1...f6-g5, то 2.d4-e5\n" +
			"Вариант 7: если 1...f6-g5, то 2.d4-c5\nВариант 8: если 1...f6-g5, то 2.b2-c3\nВариант 9: если 1...f6-g5, то 2.g3-f4\nВариант 10: если 1...f6-g5, то 2.a3-b4",
			nil, "варианты 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 на ход 1...f6-g5 дают разные ответы"},
		{"parting later", "Вариант А: если 1...f6-g5, то 2.g3-f4, если 2...g5-h4, то 3.b2-c3\nВариант Б: если 1...f6-g5, то 2.g3-f4, если 2...g5-h4, то 3.d2-c3",
			[]int{2}, "варианты А, Б на ход 2...g5-h4 дают разные ответы (3.b2-c3, 3.d2-c3)"},
		{"parting on the opponent's move", "Вариант А: если 1...f6-g5, то 2.g3-f4\nВариант Б: если 1...f6-e5, то 2.d4:f6",
			[]int{2, 2}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, out := send(started(t), white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n"+c.variants+"\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
			require.True(t, out.Accepted, out.Reason)
			var lines []int
			for _, pv := range s.Games[0].Variants {
				lines = append(lines, len(pv.Line))
			}
			assert.Equal(t, c.lines, lines)
			var told string
			for _, p := range out.Problems {
				if p.Kind == "variant-ambiguous" {
					told = p.Text
					assert.Equal(t, "6.2.7", p.Clause)
				}
			}
			if c.told == "" {
				assert.Empty(t, told)
			} else {
				assert.Contains(t, told, c.told)
			}
		})
	}
}

// A variant's answer is found and marked forced or not from one list of
// the legal moves after the sender's move (it listed them again to tell
// whether the answer was the only one: 86 allocations for this letter's
// Apply before, 85 after; 84 and 83 since a ledger's lines are allocated
// at once); a forced answer counts (6.3.5).
func TestVariant_6_2_13_AnswerFromOneList(t *testing.T) {
	for _, c := range []struct {
		move, answer string
		forced       bool
	}{
		{"1...f6-g5", "2.g3-f4", false},
		{"1...b6-c5", "2.d4:b6", true}, // the capture is White's only move
	} {
		s := started(t)
		s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nВариант А: если "+c.move+", то "+c.answer+"\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
		require.True(t, out.Accepted, out.Reason)
		obs := Observation{From: black, Postmark: timecontrol.MustDate("2026-03-04"), MessageID: "<answered@test>"}
		l := s.ReadAhead(nil, "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: "+c.move+"\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3", obs)
		next, out := Apply(s, l, obs)
		require.True(t, out.Accepted, out.Reason)
		g := next.Games[0]
		require.Len(t, g.Plies, 3, c.move)
		assert.True(t, g.Plies[2].Variant, c.move)
		assert.Equal(t, c.forced, g.Plies[2].Forced, c.move)
		if !c.forced {
			n := testing.AllocsPerRun(20, func() { Apply(s, l, obs) })
			t.Logf("%.0f allocations", n)
			assert.LessOrEqual(t, n, 83.0)
		}
	}
}
