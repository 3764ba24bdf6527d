package corr

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// TestLedger_ExtendedAsComputed plays long games by letters, some on the
// day the move arrived and some days later, some without the three dates
// (the second such costs penalty days, 6.3.3), some announcing a break
// (6.4), some on paper: after every letter the game's ledger, extended
// from the one the applier kept (Ledger), is the ledger computed whole
// from the game's timeline, and past extendFrom replies it was extended.
func TestLedger_ExtendedAsComputed(t *testing.T) {
	rng := rand.New(rand.NewSource(6_3_6))
	extended := 0
	for game := range 12 {
		s := started(t).Track()
		pos := draughts.Initial(s.Tournament.DraughtsVariant())
		day := s.Tournament.Start
		var written []string
		for i := 0; i < 70; i++ {
			legal := pos.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			m := legal[rng.Intn(len(legal))]
			written = append(written, pos.Written(m))
			pos = pos.Play(m)
			from := white
			if i%2 == 1 {
				from = black
			}
			day = day.AddDays(rng.Intn(4))
			text := "ЧР-2026-ЗФ 1-2\r\n"
			if i > 0 {
				text += "Ваш ход: " + pliesNumbered(written[i-1], i-1) + "\r\n"
			}
			text += "Мой ход: " + pliesNumbered(written[i], i) + "\r\n"
			if rng.Intn(8) != 0 {
				text += fmt.Sprintf("%s / %s / %s\r\nВремя: 0/0\r\n", day.Russian(), day.Russian(), day.Russian())
			}
			if rng.Intn(15) == 0 {
				b := day.AddDays(5 + rng.Intn(10))
				text += fmt.Sprintf("Беру перерыв с %s по %s\r\n", b.Russian(), b.AddDays(rng.Intn(10)).Russian())
			}
			var out Outcome
			if rng.Intn(6) == 0 {
				s, out = post(s, from, day.String(), day.AddDays(rng.Intn(3)).String(), text)
			} else {
				s, out = send(s, from, day.String(), text)
			}
			if !out.Accepted {
				break // the game as far as it went
			}
			g := s.Games[0]
			got, gerr := s.Ledger(*g)
			want, werr := timecontrol.Compute(s.Timeline(*g))
			what := fmt.Sprintf("game %d, letter %d", game, i)
			require.Equal(t, werr, gerr, what)
			require.Equal(t, want.Lines, got.Lines, what)
			require.Equal(t, want.Totals, got.Totals, what)
			require.Equal(t, want.Breaks, got.Breaks, what)
			require.Equal(t, want.Overstep, got.Overstep, what)
			require.Equal(t, want.OnMove, got.OnMove, what)
			require.Equal(t, [2]string{want.Names[0], want.Start.String() + want.End.String()}, [2]string{got.Names[0], got.Start.String() + got.End.String()}, what)
			if len(g.Replies) > extendFrom {
				kept := false
				for _, e := range s.ledgers {
					kept = kept || e.code == g.Code
				}
				require.True(t, kept, "%s: the ledger was not kept for the next letter", what)
				extended++
			}
		}
	}
	require.Greater(t, extended, 100, "letters whose ledger was extended: the test does not test it")
}
