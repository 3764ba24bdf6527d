package corr

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// The receipt's moves and the variant's replies are the forward's moves
// split where the sender's own end, as lettering each part apart would
// write them: with a ply that does not read, and at every split.
func TestSplitLettered_AsLetteredApart(t *testing.T) {
	g := &Game{Plies: []Ply{{Text: "c3-d4"}, {Text: "f6-g5"}, {Text: "?"}, {Text: "g5-h4", Forced: true}, {Text: "b2-c3"}}}
	a := &applier{g: g}
	for first := 0; first <= len(g.Plies); first++ {
		for own := first; own <= len(g.Plies); own++ {
			before, after := splitLettered(a.lettered(first, len(g.Plies)), own)
			assert.Equal(t, a.lettered(first, own), before, "plies %d-%d", first, own)
			assert.Equal(t, a.lettered(own, len(g.Plies)), after, "plies %d-", own)
		}
	}
}

// A move letter is applied with few allocations: the repetition's
// refusal is built only to refuse, the forward's moves lettered once for
// the receipt too, the forward and the receipt written in place (156
// allocations for this answer before, 114 after); the engine's moves
// written and read back with few allocations, the positions in one
// array, the moves' list in one string, the forward's and the receipt's
// writers on the stack, a move resolved and written from one list of the
// legal moves (109 before, 51 after; 52 with the ledger handed on to the
// store; 51 with it in the list of kept ledgers, one entry a game, 50
// before, keepLedger; 49 since a ledger's lines are allocated at once;
// 38 with the moves appended into the letters' text, not a string each,
// and the game found by its code written on the stack; 36 with the
// letter's game copied with room for its moves, State.own; 34 with the
// letter's moves not copied to be read, the letters out in one array;
// 31 with a repetition written as the server wrote it not resolved).
// The bound is one above the count measured (31, Go 1.26.8): CI runs the
// Go its machine has (go.mod names the least), whose inlining and escape
// analysis may move the count by one with nothing of ours changed; two
// allocations more (a copy of the game's lists more, an allocation for
// each ply of it) still fail it.
func TestApply_MoveLetterAllocations(t *testing.T) {
	s := started(t)
	first := Observation{From: white, Subject: "ЧР-2026-ЗФ", Postmark: timecontrol.MustDate("2026-03-01"), MessageID: "<first@test>"}
	s, out := Apply(s, s.ReadAhead(nil, "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026\nВремя: 0/0\n", first), first)
	require.True(t, out.Accepted)
	reply := Observation{From: black, Subject: "ЧР-2026-ЗФ", Postmark: timecontrol.MustDate("2026-03-01"), MessageID: "<reply@test>"}
	l := s.ReadAhead(nil, "ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\n", reply)
	_, out = Apply(s, l, reply)
	require.True(t, out.Accepted)
	require.Empty(t, out.Problems)
	n := testing.AllocsPerRun(20, func() { Apply(s, l, reply) })
	t.Logf("%.0f allocations (%s)", n, runtime.Version())
	assert.LessOrEqual(t, n, 32.0)
}

// moveList numbers the plies from the one given: White's with "N.",
// Black's first with "N...", the rest bare.
func TestMoveList(t *testing.T) {
	g := &Game{}
	for _, m := range []string{"c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3"} {
		g.Plies = append(g.Plies, Ply{Text: m})
	}
	for from, want := range map[int]string{
		0: "1.c3-d4 f6-g5 2.g3-f4 g7-f6 3.b2-c3",
		1: "1...f6-g5 2.g3-f4 g7-f6 3.b2-c3",
		4: "3.b2-c3",
		5: "",
	} {
		assert.Equal(t, want, moveList(g, from), "from %d", from)
	}
}
