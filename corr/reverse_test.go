package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// The organiser upholds a protest against the judge's ruling (6.1.12):
// the ruling is turned and what it took is restored.
func TestReverse_6_1_12_UpheldProtestRestoresWhatTheRulingTook(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	// White claims by letter on 10 March that Black overstepped; Black has
	// used 9 of his 50 days: no overstep by the ledger.
	claimed, _ := send(s, white, "2026-03-10", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
	code := claimed.Games[0].Code
	require.Len(t, claimed.Games[0].Claims, 1)
	ruled := timecontrol.MustDate("2026-03-20")
	decided := timecontrol.MustDate("2026-03-28")
	cases := []struct {
		name    string
		confirm bool // the judge's ruling
		// after the organiser's decision
		status         Status
		result         string
		claim          ClaimStatus
		whitePenalty   int
		onMoveReceived string // the on-move player's clock runs from
		events         []string
	}{
		{"a confirmed overstep is withdrawn: play resumes, the wrong claim costs 6 days (6.3.7)", true,
			Playing, "*", ClaimRejected, PenaltyDays, "2026-03-28", []string{"ruling-reversed", "penalty"}},
		{"a rejected claim becomes a confirmed overstep: the 6 days are withdrawn, Black loses", false,
			Finished, "1-0", ClaimConfirmed, 0, "", []string{"ruling-reversed", "finished"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s1, _, err := Rule(claimed, code, 1, c.confirm, "", ruled)
			require.NoError(t, err)
			s2, out, err := Reverse(s1, code, 1, "квитанция представлена", decided)
			require.NoError(t, err)
			g, _ := s2.Game(code)
			assert.Equal(t, c.status, g.Status)
			assert.Equal(t, c.result, g.Result)
			assert.Equal(t, c.claim, g.Claims[0].Status)
			days := 0
			for _, p := range g.Penalties {
				if p.Player == timecontrol.White {
					days += p.Days
				}
			}
			assert.Equal(t, c.whitePenalty, days)
			var kinds []string
			for _, e := range out.Events {
				kinds = append(kinds, e.Kind)
				assert.NotEmpty(t, e.Clause)
			}
			assert.Equal(t, c.events, kinds)
			if c.onMoveReceived != "" {
				last := g.Replies[len(g.Replies)-1]
				assert.True(t, last.Sent.IsZero(), "the player on move thinks again")
				assert.Equal(t, c.onMoveReceived, last.Received.String())
			}
			before, _ := s1.Game(code)
			assert.Equal(t, map[bool]Status{true: Finished, false: Playing}[c.confirm], before.Status, "Reverse changes a copy, not the state it was given")
			// Only a ruling can be turned: a pending claim is the judge's.
			_, _, err = Reverse(claimed, code, 1, "", decided)
			assert.ErrorContains(t, err, "not ruled yet")
		})
	}
}
