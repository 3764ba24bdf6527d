package web

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

func TestEngineViews_SearchOncePerRecord(t *testing.T) {
	e := &engineViews{nodes: 5000}
	r := draughts.NewRecord(draughts.Initial(draughts.Russian))
	first := e.describe(r)
	assert.Contains(t, first, "Оценка программы")
	assert.Len(t, e.seen, 1)
	assert.Equal(t, first, e.describe(r))
	assert.Len(t, e.seen, 1, "the second call is served from the cache")
	e.describe(draughts.NewRecord(draughts.Initial(draughts.International)))
	assert.Len(t, e.seen, 2)
}

// The judge's view counts the game's moves: five moves of each side with
// king against king complete 2.1.9.1.5, which the final position alone
// does not show.
func TestEngineViews_2_1_9_1_5_CountsTheGamesMoves(t *testing.T) {
	start, err := draughts.ParseFEN(draughts.Russian, "W:WKc1:BKf8")
	require.NoError(t, err)
	game := draughts.NewRecord(start)
	for _, s := range strings.Fields("c1-a3 f8-g7 a3-b4 g7-h6 b4-a5 h6-g5 a5-b6 g5-h4 b6-a7 h4-e1") {
		mt, err := draughts.ParseMoveText(s)
		require.NoError(t, err, s)
		m, err := game.Final().Resolve(mt)
		require.NoError(t, err, s)
		require.NoError(t, game.Play(m))
	}
	e := &engineViews{nodes: 5000}
	assert.Contains(t, e.describe(game), "доказана ничья по правилам об окончаниях (п. 2.1.9.1.3-2.1.9.1.8), с учётом ходов партии")
	bare := e.describe(draughts.NewRecord(game.Final()))
	assert.NotContains(t, bare, "с учётом ходов партии")
	assert.Len(t, e.seen, 2, "the same final position reached by another game is another view")
}
