package draughts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replayText replays a movetext from the initial position of v.
func replayText(t *testing.T, v Variant, moves string) Record {
	t.Helper()
	tags := `[GameType "25"]`
	if v == International {
		tags = `[GameType "20"]`
	}
	games, err := ParsePDN([]byte(tags + "\n" + moves + " *"))
	require.NoError(t, err)
	require.Len(t, games, 1)
	r, err := games[0].Replay()
	require.NoError(t, err)
	return r
}

func TestRecord_6_5_1_SemiShortNotation(t *testing.T) {
	tests := []struct {
		name    string
		v       Variant
		moves   string
		semi    string
		full    string
		variant Variant
	}{
		{"the example of 6.5.1", Russian, "1.c3-d4 f6-g5 2.d4-c5 b6xd4 3.e3xc5",
			"1.cd4 fg5 2.dc5 b:d4 3.e:c5", "1.c3-d4 f6-g5 2.d4-c5 b6:d4 3.e3:c5", Russian},
		{"read back from semi-short", Russian, "1.cd4 fg5 2.dc5 b:d4 3.e:c5",
			"1.cd4 fg5 2.dc5 b:d4 3.e:c5", "1.c3-d4 f6-g5 2.d4-c5 b6:d4 3.e3:c5", Russian},
		{"numeric boards have no short form", International, "1.32-28 19-23 2.28x19 14x23",
			"1.32-28 19-23 2.28:19 14:23", "1.32-28 19-23 2.28:19 14:23", International},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := replayText(t, tt.v, tt.moves)
			assert.Equal(t, tt.semi, r.SemiShort())
			assert.Equal(t, tt.full, r.FullNotation())
			assert.Equal(t, tt.variant, r.Variant())
		})
	}
}

func TestRecord_BlackStartsNumbering(t *testing.T) {
	p, err := ParseFEN(Russian, "B:WKc1:BKf8")
	require.NoError(t, err)
	r := NewRecord(p)
	for _, s := range []string{"f8-e7", "c1-d2", "e7-f8"} {
		mt, err := ParseMoveText(s)
		require.NoError(t, err)
		m, err := r.Final().Resolve(mt)
		require.NoError(t, err)
		require.NoError(t, r.Play(m))
	}
	assert.Equal(t, "1...f8-e7 2.c1-d2 e7-f8", r.FullNotation())
	assert.Equal(t, "1...fe7 2.cd2 ef8", r.SemiShort())
	labels := []string{r.MoveLabel(1), r.MoveLabel(2), r.MoveLabel(3)}
	assert.Equal(t, []string{"1...", "2.", "2..."}, labels)
}

func TestRecord_PositionAfterAnyPly(t *testing.T) {
	r := replayText(t, Russian, "1.c3-d4 f6-g5 2.d4-c5 b6xd4 3.e3xc5")
	ps := r.Positions()
	require.Len(t, ps, 6)
	for ply, want := range ps {
		got, err := r.Position(ply)
		require.NoError(t, err)
		assert.Equal(t, want, got, "ply %d", ply)
	}
	assert.Equal(t, Initial(Russian), ps[0])
	assert.Equal(t, ps[5], r.Final())
	// After 2... b6:d4 the man stands on d4 and the one on c5 is gone.
	c, king, ok := ps[4].Piece(squareNamed(t, Russian, "d4"))
	assert.True(t, ok)
	assert.Equal(t, Black, c)
	assert.False(t, king)
	_, _, ok = ps[4].Piece(squareNamed(t, Russian, "c5"))
	assert.False(t, ok)
	for _, bad := range []int{-1, 6} {
		_, err := r.Position(bad)
		assert.ErrorContains(t, err, "outside the record")
	}
}

func squareNamed(t *testing.T, v Variant, name string) Square {
	t.Helper()
	mt, err := ParseMoveText(name + "-" + name)
	require.NoError(t, err)
	s, err := v.SquareOf(mt.Squares[0])
	require.NoError(t, err)
	return s
}

func TestRecord_PlayRefusesIllegalMoves(t *testing.T) {
	r := NewRecord(Initial(Russian))
	legal := r.Start.LegalMoves(nil)
	require.NoError(t, r.Play(legal[0]))
	err := r.Play(legal[0]) // White's move again, now Black's turn
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not legal at ply 2 (move 1...)")
	assert.Equal(t, 1, r.Plies())
}
