package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// byKind returns the first letter of out of kind to to.
func byKind(out Outcome, kind, to string) Outgoing {
	for _, o := range out.Out {
		if o.Kind == kind && o.To == to {
			return o
		}
	}
	return Outgoing{}
}

// A draw offer goes on with the move and its sender is told so; a reply
// that declines it, in words or by a move alone, is forwarded with the
// refusal, so the offerer learns the offer is gone (2.1.9.3).
func TestDraw_2_1_9_3_OfferAndDeclineAreForwardedAndConfirmed(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nПредлагаю ничью\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	assert.Contains(t, byKind(out, "confirmation", white).Body, "Ваше предложение ничьей передано партнёру (п. 2.1.9.3).")
	assert.Contains(t, byKind(out, "forward", black).Body, "I offer a draw.")
	cases := []struct {
		name, decline string
	}{
		{"declined in words", "I decline the draw.\n"},
		{"declined by a move alone", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n"+c.decline+"01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3")
			require.True(t, out.Accepted, out.Reason)
			assert.Nil(t, s2.Games[0].Draw)
			assert.Contains(t, byKind(out, "forward", white).Body, "От ничьей отказываюсь.")
			assert.Contains(t, byKind(out, "confirmation", black).Body, "Your opponent has been told that you decline the draw (2.1.9.3).")
		})
	}
}

// An acceptance when no offer of the opponent stands (none made, or it
// lapsed with the opponent's next letter, 2.1.9.3) is answered: the game
// goes on, and the sender is told whose move it is.
func TestDraw_2_1_9_3_AcceptanceWithoutOfferIsAnswered(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nПредлагаю ничью\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, from, text, want string
	}{
		{"own offer accepted by oneself", white, "ЧР-2026-ЗФ 1-2\nСогласен на ничью.",
			"В партии [ЧР-2026-ЗФ #1-2] сейчас нет предложения ничьей партнёра (предложение действует до следующего письма партнёра, п. 2.1.9.3); ваше согласие не учтено, партия продолжается. Ход за партнёром."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, c.from, "2026-03-02", c.text)
			assert.Equal(t, Playing, s2.Games[0].Status)
			require.Len(t, out.Out, 1)
			assert.Equal(t, c.from, out.Out[0].To)
			assert.Contains(t, out.Out[0].Body, c.want)
		})
	}
	// Black's move lapses White's offer; White's later acceptance of
	// nothing is answered likewise, in English for Black.
	s, out = send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3")
	require.True(t, out.Accepted, out.Reason)
	s, out = send(s, white, "2026-03-05", "ЧР-2026-ЗФ 1-2\nХод партнёра: 1...f6-g5\nМой ход: 2.g3-f4\n04.03.2026 / 04.03.2026 / 05.03.2026\nВремя: 0/3")
	require.True(t, out.Accepted, out.Reason)
	s2, out := send(s, black, "2026-03-06", "ЧР-2026-ЗФ 1-2\nI accept the draw.")
	assert.Equal(t, Playing, s2.Games[0].Status)
	require.Len(t, out.Out, 1)
	assert.Contains(t, out.Out[0].Body, "your acceptance is not taken, and the game goes on. It is your move.")
}
