package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplier_PositionIsTheGameReplayed: the positions the applier keeps
// for its stages are the game's after every ply, also once the letter's
// plies are appended after a position was read.
func TestApplier_PositionIsTheGameReplayed(t *testing.T) {
	s := started(t)
	for _, l := range []struct{ from, date, text string }{
		{white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"},
		{black, "2026-03-01", "ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"},
	} {
		var out Outcome
		s, out = send(s, l.from, l.date, l.text)
		require.True(t, out.Accepted, out.Reason)
	}
	g := s.Games[0].clone()
	require.Len(t, g.Plies, 2, "the game of the letters")
	v := s.Tournament.DraughtsVariant()
	a := &applier{s: &s, g: &g}
	assert.Equal(t, g.Position(v), a.position(len(g.Plies)), "the last position")
	rec := g.Record(v)
	for ply := len(g.Plies); ply >= 0; ply-- { // read back, the kept ones
		want, err := rec.Position(ply)
		require.NoError(t, err)
		assert.Equal(t, want, a.position(ply), "ply %d", ply)
	}
	pos := g.Position(v)
	m := pos.LegalMoves(nil)[0]
	g.Plies = append(g.Plies, Ply{Move: m, Text: pos.Written(m)})
	assert.Equal(t, pos.Play(m), a.position(len(g.Plies)), "a ply appended is played on")
}
