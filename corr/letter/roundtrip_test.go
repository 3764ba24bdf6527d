package letter

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// gen makes random letters for the round-trip property.
type gen struct {
	r       *rand.Rand
	numeric bool // 10x10 numeric notation rather than 8x8 alphanumeric
}

func (g gen) square() draughts.SquareText {
	if g.numeric {
		return draughts.SquareText{Number: 1 + g.r.IntN(50)}
	}
	return draughts.SquareText{File: 1 + g.r.IntN(8), Rank: 1 + g.r.IntN(8)}
}

func (g gen) moveText() draughts.MoveText {
	if g.r.IntN(3) > 0 {
		return draughts.MoveText{Squares: []draughts.SquareText{g.square(), g.square()}}
	}
	sq := make([]draughts.SquareText, 2+g.r.IntN(3))
	for i := range sq {
		sq[i] = g.square()
	}
	return draughts.MoveText{Squares: sq, Capture: true}
}

// moves returns n numbered moves starting at number/black.
func (g gen) moves(n, number int, black bool) []Move {
	ms := make([]Move, n)
	for i := range ms {
		ms[i] = Move{Number: number, Black: black, Text: g.moveText(), Forced: g.r.IntN(6) == 0}
		if black {
			number++
		}
		black = !black
	}
	return ms
}

func (g gen) date() timecontrol.Date {
	return timecontrol.NewDate(2020+g.r.IntN(10), time.Month(1+g.r.IntN(12)), 1+g.r.IntN(28))
}

func (g gen) letter() Letter {
	var l Letter
	number, black := 1+g.r.IntN(60), g.r.IntN(2) == 0
	next := func(ms []Move) {
		if len(ms) > 0 {
			last := ms[len(ms)-1]
			number, black = last.Number, !last.Black
			if last.Black {
				number++
			}
		}
	}
	if g.r.IntN(4) > 0 {
		l.Repeated = g.moves(1+g.r.IntN(3), number, black)
		next(l.Repeated)
	}
	if g.r.IntN(4) == 0 {
		a := &Acceptance{Label: []string{"", "А", "Б", "A", "B"}[g.r.IntN(5)]}
		if g.r.IntN(2) == 0 {
			u := g.moves(1, number, black)[0]
			u.Forced = false
			a.Until = &u
		} else if g.r.IntN(2) == 0 {
			a.Moves = g.moves(1+g.r.IntN(4), number, black)
			next(a.Moves)
		}
		l.Accepted = a
	}
	l.Moves = g.moves(1+g.r.IntN(3), number, black)
	next(l.Moves)
	labels := []string{"А", "Б", "В", "Г"}
	if g.r.IntN(2) == 0 {
		labels = []string{"A", "B", "C", "D"}
	}
	for i := range g.r.IntN(4) {
		v := Variant{Moves: g.moves(1+g.r.IntN(5), number, black)}
		if g.r.IntN(3) > 0 {
			v.Label = labels[i]
		}
		l.Variants = append(l.Variants, v)
	}
	for _, d := range []*timecontrol.Date{&l.Dates.OpponentSent, &l.Dates.Received, &l.Dates.Sent} {
		if g.r.IntN(5) > 0 {
			*d = g.date()
		}
	}
	if g.r.IntN(5) > 0 {
		l.Time = &TimeFraction{White: g.r.IntN(400), Black: g.r.IntN(400)}
	}
	l.Draw = []DrawAction{"", "", DrawOffer, DrawAccept, DrawDecline}[g.r.IntN(5)]
	l.Resign = g.r.IntN(10) == 0
	if g.r.IntN(6) == 0 {
		from := g.date()
		l.Break = &Break{From: from, To: from.AddDays(g.r.IntN(30))}
	}
	return l
}

// TestForward_RoundTrip: a forwarded letter, fed back to the reader, gives
// the same moves, variants, dates, time and statements (6.2.3).
func TestForward_RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 4))
	for i := range 200 {
		g := gen{r: r, numeric: r.IntN(3) == 0}
		want := g.letter()
		lang := []Lang{Russian, English}[i%2]
		env := Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ", White: 1 + r.IntN(20), Black: 21 + r.IntN(20), To: "Петров П.П.", ReturnAddress: "zf@example.org"}
		msg := Forward{Envelope: env, From: "Иванов И.И.", Letter: want}.Render()
		got := Parse(msg.Body, Options{Subject: msg.Subject, Postmark: want.Dates.Sent})
		ctx := msg.Body + "\n" + Describe(got)
		require.Empty(t, got.Problems[:len(got.Problems)-countMissing(got)], ctx)
		assert.Equal(t, GameRef{Cipher: env.Cipher, White: env.White, Black: env.Black, Code: true}, got.Game, ctx)
		assert.Equal(t, lang, got.Language, ctx)
		assertMoves(t, want.Repeated, got.Repeated, ctx)
		assertMoves(t, want.Moves, got.Moves, ctx)
		if want.Accepted == nil {
			assert.Nil(t, got.Accepted, ctx)
		} else if assert.NotNil(t, got.Accepted, ctx) {
			assert.True(t, SameVariantLabel(want.Accepted.Label, got.Accepted.Label), "%q read back as %q\n%s", want.Accepted.Label, got.Accepted.Label, ctx)
			assertMoves(t, want.Accepted.Moves, got.Accepted.Moves, ctx)
			if want.Accepted.Until != nil && assert.NotNil(t, got.Accepted.Until, ctx) {
				assertMoves(t, []Move{*want.Accepted.Until}, []Move{*got.Accepted.Until}, ctx)
			}
		}
		if assert.Len(t, got.Variants, len(want.Variants), ctx) {
			for k, v := range want.Variants {
				label := v.Label
				if label == "" {
					label = itoa(k + 1)
				}
				assert.True(t, SameVariantLabel(label, got.Variants[k].Label), "%q read back as %q\n%s", label, got.Variants[k].Label, ctx)
				assertMoves(t, v.Moves, got.Variants[k].Moves, ctx)
			}
		}
		assert.Equal(t, want.Dates, got.Dates, ctx)
		assert.Equal(t, want.Time, got.Time, ctx)
		assert.Equal(t, want.Draw, got.Draw, ctx)
		assert.Equal(t, want.Resign, got.Resign, ctx)
		if want.Break == nil {
			assert.Nil(t, got.Break, ctx)
		} else if assert.NotNil(t, got.Break, ctx) {
			assert.Equal(t, [2]timecontrol.Date{want.Break.From, want.Break.To}, [2]timecontrol.Date{got.Break.From, got.Break.To}, ctx)
		}
		if t.Failed() {
			return
		}
	}
}

// countMissing counts the trailing problems a generated letter may rightly
// have: dates or time left out on purpose.
func countMissing(l Letter) int {
	n := 0
	for _, p := range l.Problems {
		if p.Kind == KindMissingDates || p.Kind == KindMissingTime {
			n++
		}
	}
	return n
}

func assertMoves(t *testing.T, want, got []Move, ctx string) {
	t.Helper()
	if !assert.Len(t, got, len(want), ctx) {
		return
	}
	for i := range want {
		assert.Equal(t, want[i].String(), got[i].String(), ctx)
		assert.Equal(t, want[i].Black, got[i].Black, ctx)
		assert.Equal(t, want[i].Forced, got[i].Forced, ctx)
	}
}
