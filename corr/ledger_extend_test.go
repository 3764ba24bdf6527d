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
// for the game as the letter left it (the store's), and only for it: not
// for the game changed, with other breaks, or taken by the next step.
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
			e := s.keptLedger(g.Code)
			require.True(t, e != nil && e.fits(*g, s.Breaks), "%s: the applier's ledger is not handed on", what)
			require.Len(t, s.ledgers, 1, "%s: one ledger a game", what)
			changed := *g
			changed.Penalties = append(slices.Clip(changed.Penalties), timecontrol.Penalty{Player: timecontrol.White, Days: 6, Date: day, Clause: "6.2.11"})
			require.False(t, e.fits(changed, s.Breaks), what)
			got, gerr = s.Ledger(changed)
			want, werr = timecontrol.Compute(s.Timeline(changed))
			require.Equal(t, werr, gerr, what)
			require.Equal(t, want.Lines, got.Lines, what)
			require.False(t, e.fits(*g, append(slices.Clip(s.Breaks), PlayerBreak{Player: 1, From: day, To: day})), what)
			next := s.cow()
			require.False(t, e.fits(*next.own(next.Games[0]), next.Breaks), "%s: the next step's game taken to change fits the ledger", what)
			if len(g.Replies) > extendFrom {
				extended++
			}
		}
	}
	require.Greater(t, extended, 100, "letters whose ledger was extended: the test does not test it")
}

// A game's kept ledger is one entry, replaced by the game's next: a long
// game's stays for its next letter to extend, a short game's only until
// the next ledger is kept (for the store's Ledger, right after); the
// last keptLedgers games' only are kept, the oldest going first; the list
// a state stepped from is not changed.
func TestKeepLedger_OneEntryAGame(t *testing.T) {
	games := map[string]*Game{
		"long":   {Code: "long", Replies: make([]timecontrol.Reply, extendFrom)},
		"short":  {Code: "short", Replies: make([]timecontrol.Reply, 1)},
		"short2": {Code: "short2", Replies: make([]timecontrol.Reply, 2)},
	}
	for _, code := range []string{"long2", "long3", "long4", "long5"} {
		games[code] = &Game{Code: code, Replies: make([]timecontrol.Reply, extendFrom+1)}
	}
	var s State
	for _, c := range []struct {
		keep string
		want []string
	}{
		{"long", []string{"long"}},
		{"short", []string{"long", "short"}},
		{"short2", []string{"long", "short2"}},
		{"long", []string{"long"}},
		{"long2", []string{"long", "long2"}},
		{"long3", []string{"long", "long2", "long3"}},
		{"long4", []string{"long", "long2", "long3", "long4"}},
		{"long5", []string{"long2", "long3", "long4", "long5"}}, // keptLedgers: the oldest goes
		{"long3", []string{"long2", "long4", "long5", "long3"}},
		{"short", []string{"long4", "long5", "long3", "short"}},
		{"long", []string{"long4", "long5", "long3", "long"}},
	} {
		before := slices.Clone(s.ledgers)
		was := s.ledgers
		s.keepLedger(games[c.keep], &timecontrol.Ledger{})
		var codes []string
		for _, e := range s.ledgers {
			codes = append(codes, e.code)
		}
		require.Equal(t, c.want, codes, "kept %s", c.keep)
		require.Equal(t, before, was, "kept %s: the list before changed", c.keep)
		require.True(t, s.keptLedger(c.keep).fits(*games[c.keep], nil), c.keep)
	}
}

// The kept ledgers' lines are counted across games, a game's once: its
// next ledger replaces the one kept, a short game's goes with the next.
func TestKeptLedgerLines_CountsEachGamesLast(t *testing.T) {
	games := map[string]*Game{
		"long":  {Code: "long", Replies: make([]timecontrol.Reply, extendFrom)},
		"long2": {Code: "long2", Replies: make([]timecontrol.Reply, extendFrom+1)},
		"short": {Code: "short", Replies: make([]timecontrol.Reply, 1)},
	}
	var s State
	for _, c := range []struct {
		keep  string
		lines int
		want  int
	}{
		{"long", 16, 16},
		{"long2", 17, 33},
		{"long", 18, 35},
		{"short", 1, 36},
		{"long2", 20, 38},
	} {
		s.keepLedger(games[c.keep], &timecontrol.Ledger{Lines: make([]timecontrol.Line, c.lines)})
		require.Equal(t, c.want, s.KeptLedgerLines(), "kept %s with %d lines", c.keep, c.lines)
	}
}
