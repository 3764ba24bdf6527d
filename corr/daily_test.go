package corr

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// A silent player's figures in the claim and the reminders are the
// ledger's: the opponent's break days count for nobody (6.4.2), so the
// total on the overstep day is one over the limit, not the calendar days
// since the move arrived.
func TestDaily_6_4_2_SilentFiguresLeaveOutBreakDays(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	s, out = send(s, white, "2026-03-02", "ЧР-2026-ЗФ 1-2\nБеру перерыв с 10.03.2026 по 19.03.2026")
	require.True(t, out.Accepted, out.Reason)
	require.Len(t, s.Breaks, 1)
	led, err := s.Ledger(*s.Games[0])
	require.NoError(t, err)
	om := led.OnMove
	require.Equal(t, timecontrol.Black, om.Player)
	calendar := timecontrol.ReplyDays(om.Since, om.OverstepDate)
	require.Greater(t, calendar, om.Limit+1, "the break lies between the move and the overstep")

	cases := []struct {
		name string
		day  timecontrol.Date
		want string
	}{
		{"reminder 10 days before", om.OverstepDate.AddDays(-10), fmt.Sprintf("%d of %d days", om.Limit+1-10, om.Limit)},
		{"reminder 3 days before", om.OverstepDate.AddDays(-3), fmt.Sprintf("%d of %d days", om.Limit+1-3, om.Limit)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := Daily(s, c.day)
			require.Len(t, out.Out, 1)
			assert.Contains(t, out.Out[0].Body, c.want)
		})
	}
	held, _ := Daily(s, om.OverstepDate, "PETROV@example.org")
	assert.Empty(t, held.Games[0].Claims, "no silent claim while the player's letter waits for his confirmation")
	s2, _ := Daily(s, om.OverstepDate)
	require.Len(t, s2.Games[0].Claims, 1)
	c := s2.Games[0].Claims[0]
	assert.Equal(t, om.Limit+1, c.Total, "the ledger's total on the first day over, not %d calendar days", om.Total+calendar)
	assert.Equal(t, led.RunningTotal(om.OverstepDate), c.Total)

	// The dossier's ledger counts the silent player's days to the filing
	// day, as its figures do (6.3.6).
	d := s2.Dossier(*s2.Games[0], c, letter.DossierFiled)
	var pending []letter.LedgerRow
	for _, r := range d.Ledger.Rows {
		if r.Pending {
			pending = append(pending, r)
		}
	}
	require.Len(t, pending, 1)
	assert.Equal(t, c.Total, pending[0].Total)
	assert.Equal(t, c.Total-om.Total, pending[0].Days)
}
