package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Unlabelled variants are named by their place in the letter, in the
// remarks to the sender and in the forward alike (6.2.7); one cut by an
// impossible move stands up to it (6.2.12).
func TestVariant_6_2_12_UnlabelledVariantsKeepTheirNumber(t *testing.T) {
	s := started(t)
	cases := []struct {
		name, variants string
		receipt, fwd   []string
		notFwd         string
	}{
		{"the first cut to nothing", "Если 1...f6-g5, то 2.d4-e6\nЕсли 1...b6-a5, то 2.g3-f4",
			[]string{"в варианте 1 ход d4-e6 невозможен", "в варианте 1 не осталось вашего ответного хода"},
			[]string{"Variant 2: 1...b6-a5 2.g3-f4"}, "Variant 1"},
		{"both stand", "Если 1...f6-g5, то 2.g3-f4\nЕсли 1...b6-a5, то 2.b2-c3",
			nil, []string{"Variant 1: 1...f6-g5 2.g3-f4", "Variant 2: 1...b6-a5 2.b2-c3"}, "Variant 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n"+c.variants+"\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
			require.True(t, out.Accepted, out.Reason)
			receipt := byKind(out, "confirmation", white).Body
			for _, w := range c.receipt {
				assert.Contains(t, receipt, w)
			}
			assert.NotContains(t, receipt, "варианте  ")
			fwd := byKind(out, "forward", black).Body
			for _, w := range c.fwd {
				assert.Contains(t, fwd, w)
			}
			assert.NotContains(t, fwd, c.notFwd)
		})
	}
}
