package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// play appends the moves written in full notation to a record of fen.
func play(t *testing.T, v draughts.Variant, fen string, moves ...string) draughts.Record {
	t.Helper()
	r := draughts.NewRecord(position(t, v, fen))
	for _, s := range moves {
		mt, err := draughts.ParseMoveText(s)
		require.NoError(t, err, s)
		m, err := r.Final().Resolve(mt)
		require.NoError(t, err, s)
		require.NoError(t, r.Play(m))
	}
	return r
}

func TestAnalyseRecord_2_1_9_1_5_CountsTheGamesMoves(t *testing.T) {
	// Four moves of each side with king against king are already played:
	// one more each completes the count of 2.1.9.1.5, which a 3-ply search
	// of the game sees and a 3-ply search of the bare position does not.
	r := play(t, draughts.Russian, "W:WKc1:BKf8", "c1-a3", "f8-g7", "a3-b4", "g7-h6", "b4-a5", "h6-g5", "a5-b6", "g5-h4")
	game := NewAnalyser(14).AnalyseRecord(r, Limits{Depth: 3})
	assert.Equal(t, Drawn, game.Result)
	assert.Equal(t, r.Final(), game.Position)
	assert.Equal(t, 8, game.GamePlies)
	assert.Contains(t, game.Describe(false), "с учётом ходов партии")
	bare := NewAnalyser(14).Analyse(r.Final(), Limits{Depth: 3})
	assert.Equal(t, Unproven, bare.Result)

	// With the fifth moves played the count is complete: a draw at once.
	r = play(t, draughts.Russian, "W:WKc1:BKf8", "c1-a3", "f8-g7", "a3-b4", "g7-h6", "b4-a5", "h6-g5", "a5-b6", "g5-h4", "b6-a7", "h4-e1")
	done := NewAnalyser(14).AnalyseRecord(r, Limits{Depth: 3})
	assert.Equal(t, Drawn, done.Result)
	assert.Zero(t, done.Depth)
	assert.Empty(t, done.PV)
}

func TestAnalyseRecord_2_1_9_1_9_RepetitionsReachIntoTheGame(t *testing.T) {
	r := play(t, draughts.Russian, "W:WKc1,e3:BKf8,b6", "c1-d2", "f8-g7", "d2-c1", "g7-f8")
	var s searcher
	s.setHistory(r, r.Positions())
	assert.Equal(t, 4, s.history, "four king moves since the man was last moved")
	assert.Equal(t, r.Start.Key(), s.keys[0], "the start is the position that repeats")
	assert.Equal(t, r.Final().Key(), s.keys[0])

	// A man's move cuts the history: nothing before it can repeat.
	r = play(t, draughts.Russian, "W:WKc1,e3:BKf8,b6", "c1-d2", "f8-g7", "e3-f4", "g7-f8")
	s.setHistory(r, r.Positions())
	assert.Equal(t, 1, s.history)
}
