package corr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter from an address of no player is refused in both languages,
// the letter's own first: the sender is often a player writing from
// another address, whose language the server cannot know (6.2.3).
func TestApply_6_2_3_StrangerAnsweredInBothLanguages(t *testing.T) {
	s := started(t)
	cases := []struct {
		name, text, subject string
		first, second       string
	}{
		{"Russian letter", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4", "Письмо не принято / Letter not accepted",
			"Ваше письмо не принято: адрес stranger@example.org", "Your letter was not accepted: the address stranger@example.org"},
		{"English letter", "ЧР-2026-ЗФ 1-2\nMy move: 1.c3-d4\nKind regards", "Letter not accepted / Письмо не принято",
			"Your letter was not accepted: the address stranger@example.org", "Ваше письмо не принято: адрес stranger@example.org"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(s, "stranger@example.org", "2026-03-01", c.text)
			require.False(t, out.Accepted)
			require.Len(t, out.Out, 1)
			o := out.Out[0]
			assert.True(t, strings.HasPrefix(o.Subject, c.subject), o.Subject)
			i, j := strings.Index(o.Body, c.first), strings.Index(o.Body, c.second)
			require.GreaterOrEqual(t, i, 0, o.Body)
			require.GreaterOrEqual(t, j, 0, o.Body)
			assert.Less(t, i, j, "the letter's own language first")
		})
	}
}
