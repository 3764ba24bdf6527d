package corr

import (
	"fmt"
	"math/rand"
	"slices"
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
// from the game's timeline, and past extendFrom replies it was extended;
// the applier's own ledger of the letter's game is the one Ledger gives
// for the game as the letter left it (the store's), and only for it.
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
			// The store asks for the ledger right after the letter: the
			// applier's is handed over, not computed again; a game changed
			// since, or another game, is computed.
			require.True(t, s.applied != nil && s.applied.fits(*g, s.Breaks), "%s: the applier's ledger is not handed on", what)
			changed := *g
			changed.Penalties = append(slices.Clip(changed.Penalties), timecontrol.Penalty{Player: timecontrol.White, Days: 6, Date: day, Clause: "6.2.11"})
			require.False(t, s.applied.fits(changed, s.Breaks), what)
			got, gerr = s.Ledger(changed)
			want, werr = timecontrol.Compute(s.Timeline(changed))
			require.Equal(t, werr, gerr, what)
			require.Equal(t, want.Lines, got.Lines, what)
			require.False(t, s.applied.fits(*g, append(slices.Clip(s.Breaks), PlayerBreak{Player: 1, From: day, To: day})), what)
			require.Nil(t, s.cow().applied, "%s: the next step keeps the ledger", what)
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
