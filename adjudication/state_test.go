package adjudication

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

func TestFromState(t *testing.T) {
	s := corr.State{
		Tournament: corr.Tournament{Players: []corr.Player{{Number: 1, Name: "Иванов"}, {Number: 2, Name: "Петров"}, {Number: 3, Name: "Сидоров"}}},
		Games: []*corr.Game{
			{Code: "T-1-2", White: 1, Black: 2, Status: corr.Finished, Result: "1-0"},
			{Code: "T-2-3", White: 2, Black: 3, Status: corr.Playing, Result: "*"},
			{Code: "T-3-1", White: 3, Black: 1, Status: corr.Unfinished},
		},
	}
	players, games, err := FromState(s)
	require.NoError(t, err)
	assert.Equal(t, []Player{{Number: 1, Name: "Иванов"}, {Number: 2, Name: "Петров"}, {Number: 3, Name: "Сидоров"}}, players)
	assert.Equal(t, []Game{{1, 2, WhiteWins, false, 0}, {2, 3, Unfinished, false, 0}, {3, 1, Unfinished, false, 0}}, games)

	s.Games[0].Result = "1:0"
	_, _, err = FromState(s)
	assert.ErrorContains(t, err, `game T-1-2: adjudication: "1:0" is not a game result`)
}
