package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter repeating the sender's last move while the opponent is to move
// is a player asking whether it arrived: they are told it did and was
// forwarded; another move is refused, as a sent move is final (6.2.8).
func TestApply_6_2_8_ResentMoveIsConfirmedNotRefused(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, move string
		resent     bool
	}{
		{"the same move", "1.c3-d4", true},
		{"the same move, unnumbered", "c3-d4", true},
		{"another move", "1.c3-b4", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, white, "2026-03-02", "ЧР-2026-ЗФ 1-2\nМой ход: "+c.move+"\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
			assert.Equal(t, s.Games, s2.Games, "nothing changes")
			if !c.resent {
				assert.False(t, out.Accepted)
				assert.Contains(t, byKind(out, "refusal", white).Body, "6.2.8")
				return
			}
			assert.True(t, out.Accepted, out.Reason)
			require.Len(t, out.Out, 1)
			assert.Contains(t, out.Out[0].Body, "Ваш ход 1.c3-d4 уже получен и переслан партнёру 01.03.2026; ждём его ответа")
		})
	}
}
