package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter that names no game of the sender's is refused with the list of
// their games, as the start list gives them (6.2.3).
func TestApply_6_2_3_UnknownGameListsTheSendersGames(t *testing.T) {
	s := started(t)
	cases := []struct {
		name, from, text, want string
	}{
		{"no such game", white, "ЧР-2026-ЗФ 3-4\nМой ход: 1.c3-d4", "Ваши партии: [ЧР-2026-ЗФ #1-2]."},
		{"another cipher, in English", black, "ДЕМО-2026 1-2\nMy move: 1...f6-g5", "Your games: [ЧР-2026-ЗФ #1-2]."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(s, c.from, "2026-03-01", c.text)
			require.False(t, out.Accepted)
			assert.Contains(t, byKind(out, "refusal", c.from).Body, c.want)
		})
	}
}
