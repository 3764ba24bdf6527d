package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// outFor returns the letters of out addressed to to.
func outFor(out Outcome, to string) []Outgoing {
	var os []Outgoing
	for _, o := range out.Out {
		if o.To == to {
			os = append(os, o)
		}
	}
	return os
}

// A player's overstep claim by letter is the claimant's statement (6.3.6):
// both players are told a claim was filed and went to the judge, with the
// server's ledger figures and whether they show an overstep; the claimant
// is warned of the 6 penalty days for a wrong claim (6.3.7).
func TestClaim_6_3_6_PlayerClaimWithoutOverstepIsForwardedToJudgeAsClaim(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, day string
		// the ledger's figures as the offender (Black, English) and the
		// claimant (White, Russian) read them.
		offender, claimant, secretary string
	}{
		{"12 days of 50", "2026-03-13",
			"By the server's ledger: 12 days against the 50 allowed for move 1: no overstep by the ledger",
			"По графику сервера: 12 дн. при норме 50 для 1-го хода — просрочки по графику нет",
			"просрочки по графику нет"},
		{"51 days of 50", "2026-04-21",
			"By the server's ledger: 51 days against the 50 allowed for move 1: an overstep by the ledger",
			"По графику сервера: 51 дн. при норме 50 для 1-го хода — просрочка по графику есть",
			"просрочка по графику есть"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, white, c.day, "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
			require.Len(t, out.Claims, 1)
			assert.Equal(t, Suspended, s2.Games[0].Status, "6.3.6: play stops until the ruling")
			off := outFor(out, black)
			require.Len(t, off, 1)
			assert.Contains(t, off[0].Body, "your opponent claims that you have overstepped")
			assert.Contains(t, off[0].Body, c.offender)
			assert.NotContains(t, off[0].Body, "exceeds", "the claim is not announced as a fact")
			cl := outFor(out, white)
			require.Len(t, cl, 1)
			assert.Contains(t, cl[0].Body, "Ваше заявление о просрочке партнёра")
			assert.Contains(t, cl[0].Body, c.claimant)
			assert.Contains(t, cl[0].Body, "вам будет начислено 6 штрафных дней (п. 6.3.7)")
			assert.NotContains(t, cl[0].Body, "партнёр просрочил")
			sec := outFor(out, s.Tournament.Secretary.Email)
			require.Len(t, sec, 1)
			assert.Contains(t, sec[0].Body, c.secretary)
			judge := outFor(out, s.Tournament.Judge.Email)
			require.Len(t, judge, 1)
			assert.Contains(t, judge[0].Body, c.secretary)
			// The judge reads the claim and the ledger as the table of 6.3.6, in Russian.
			assert.Contains(t, judge[0].Body, "против игрока №2 Петров Пётр (чёрные).\nПодано "+timecontrol.MustDate(c.day).Time().Format("02.01.2006")+": игрок №1 Иванов Иван письмом.")
			assert.Contains(t, judge[0].Body, "График времени (п. 6.3.6):\n№   игрок  ход")
			assert.NotContains(t, judge[0].Body, "white")
		})
	}
}

// The dossier of an overstep claim holds every letter of the offender,
// those refused with penalty days behind his total too (6.3.6).
func TestClaim_6_3_6_DossierHoldsTheRefusedLettersCharged(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	s, out = send(s, black, "2026-03-03", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...b6-d4\n01.03.2026 / 01.03.2026 / 03.03.2026\nTime: 0/2")
	require.False(t, out.Accepted, "an impossible move with no single replacement")
	day := timecontrol.MustDate("2026-03-04")
	for ; len(s.Games[0].Claims) == 0 && day.Before(timecontrol.MustDate("2026-05-01")); day = day.AddDays(1) {
		s, _ = Daily(s, day)
	}
	require.Len(t, s.Games[0].Claims, 1, "Black's silence is claimed")
	assert.Equal(t, []string{"<" + black + "2026-03-03>"}, s.Games[0].Claims[0].Letters)
}
