package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The opponent's move repeated (6.2.9) is accepted as the server wrote
// it, told by its text alone (writtenAs), or in any other spelling that
// names the same move, resolved in the position; another move is a
// wrong repetition, refused with the game stopped and 6 penalty days
// (6.2.11).
func TestRepetition_6_2_9_AsWrittenOrAsResolved(t *testing.T) {
	cases := []struct {
		name, repeated string
		accepted       bool
	}{
		{"as the server wrote it", "1.c3-d4", true},
		{"unnumbered", "c3-d4", true},
		{"capitals and spaces", "1. C3 - D4", true},
		{"Cyrillic look-alikes", "1.с3-д4", true},
		{"as a capture", "1.c3:d4", true},
		{"another move", "1.c3-b4", false},
		{"no such move", "1.c3-e5", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t)
			s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026\nВремя: 0/0")
			require.True(t, out.Accepted, out.Reason)
			s, out = send(s, black, "2026-03-02", "ЧР-2026-ЗФ 1-2\nВаш ход: "+c.repeated+"\nМой ход: 1...f6-g5\n01.03.2026 / 02.03.2026 / 02.03.2026\nВремя: 0/0")
			assert.Equal(t, c.accepted, out.Accepted, out.Reason)
			g, _ := s.Game(GameCode(s.Tournament.Cipher, Pairing{White: 1, Black: 2}))
			if c.accepted {
				assert.Len(t, g.Plies, 2)
				assert.Nil(t, g.Stopped)
				return
			}
			assert.Len(t, g.Plies, 1)
			require.NotNil(t, g.Stopped)
			require.Len(t, g.Penalties, 1)
			assert.Equal(t, "6.2.11", g.Penalties[0].Clause)
		})
	}
}
