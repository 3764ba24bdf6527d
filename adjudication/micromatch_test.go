package adjudication

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// threeMatches is a round robin of three with both colours (games_per_pair = 2):
// 1 beats 2 by 1½-½, 3 beats 1 by 2-0, 2 beats 3 by 2-0.
var threeMatches = struct {
	players []Player
	games   []Game
}{
	players: []Player{{Number: 1, Name: "А"}, {Number: 2, Name: "Б"}, {Number: 3, Name: "В"}},
	games: []Game{
		{White: 1, Black: 2, Result: WhiteWins}, {White: 2, Black: 1, Result: Draw},
		{White: 1, Black: 3, Result: BlackWins}, {White: 3, Black: 1, Result: WhiteWins},
		{White: 2, Black: 3, Result: WhiteWins}, {White: 3, Black: 2, Result: BlackWins},
	},
}

func TestCrosstable_1_11_MicroMatchIsTheSumOfItsGames(t *testing.T) {
	byGames, err := Build(threeMatches.players, threeMatches.games, Options{})
	require.NoError(t, err)
	rows := rowsOf(byGames)
	assert.Equal(t, []float64{1.5, 2.5, 2}, []float64{rows[1].Points, rows[2].Points, rows[3].Points}, "by games")
	assert.Equal(t, "1 ½", cell(byGames, 1, 2), "both games in the cell")
	assert.Equal(t, "0 0", cell(byGames, 1, 3))
	assert.Equal(t, []string{"3", "1", "2"}, []string{rows[1].Place, rows[2].Place, rows[3].Place})

	byMatches, err := Build(threeMatches.players, threeMatches.games, Options{ByMatches: true})
	require.NoError(t, err)
	rows = rowsOf(byMatches)
	assert.Equal(t, []float64{1, 1, 1}, []float64{rows[1].Points, rows[2].Points, rows[3].Points}, "each won one match")
	assert.Equal(t, "1", cell(byMatches, 1, 2), "1½-½: the match is 1's")
	assert.Equal(t, "0", cell(byMatches, 2, 1))
	assert.Equal(t, []int{1, 1}, []int{rows[1].Won, rows[1].Lost})
	assert.Contains(t, byMatches.Text("ru"), "Каждая клетка — микроматч")
}

func TestCrosstable_1_11_MicroMatchDrawnUnfinishedOrWithoutPlay(t *testing.T) {
	players := threeMatches.players[:2]
	for _, tc := range []struct {
		name       string
		games      []Game
		mark1      string
		points1    float64
		decidedOne int
	}{
		{"equal sums: a draw", []Game{{White: 1, Black: 2, Result: WhiteWins}, {White: 2, Black: 1, Result: WhiteWins}}, "½", 0.5, 1},
		{"a game unfinished: the match is", []Game{{White: 1, Black: 2, Result: WhiteWins}, {White: 2, Black: 1}}, "*", 0, 0},
		{"both games without play", []Game{{White: 1, Black: 2, Result: WhiteWinsWithoutPlay}, {White: 2, Black: 1, Result: BlackWinsWithoutPlay}}, "+", 1, 1},
		{"lost by both twice", []Game{{White: 1, Black: 2, Result: BothLose}, {White: 2, Black: 1, Result: BothLose}}, "-", 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, err := Build(players, tc.games, Options{ByMatches: true})
			require.NoError(t, err)
			assert.Equal(t, tc.mark1, cell(ct, 1, 2))
			assert.Equal(t, tc.points1, rowsOf(ct)[1].Points)
			assert.Equal(t, tc.decidedOne, rowsOf(ct)[1].Decided)
		})
	}
}

func TestCrosstable_1_12_1_MatchPointsOnBothScales(t *testing.T) {
	games := []Game{{White: 1, Black: 2, Result: WhiteWins}, {White: 2, Black: 1, Result: WhiteWins}, // drawn match
		{White: 1, Black: 3, Result: WhiteWins}, {White: 3, Black: 1, Result: Draw}} // 1 wins 1½-½
	for _, tc := range []struct {
		scale Points
		want  float64
		mark  string
	}{
		{DefaultPoints, 1.5, "½"},
		{Points{Win: 2, Draw: 1, Loss: 0}, 3, "1"},
	} {
		ct, err := Build(threeMatches.players, games, Options{ByMatches: true, Points: tc.scale})
		require.NoError(t, err)
		assert.Equal(t, tc.want, rowsOf(ct)[1].Points, "scale %v", tc.scale)
		assert.Equal(t, tc.mark, cell(ct, 1, 2), "scale %v", tc.scale)
	}
}

func TestCrosstable_1_10_2_MicroMatchesCounted(t *testing.T) {
	// 3 withdrew; of his two matches he played one (a game of it is enough):
	// half, so 1.10.3, though he played only 1 of his 4 games.
	players := []Player{{Number: 1, Name: "А"}, {Number: 2, Name: "Б"}, {Number: 3, Name: "В", Withdrawal: WithdrawnByRule}}
	games := []Game{
		{White: 1, Black: 2, Result: Draw}, {White: 2, Black: 1, Result: Draw},
		{White: 1, Black: 3, Result: WhiteWins, Moves: 30}, {White: 3, Black: 1},
		{White: 2, Black: 3}, {White: 3, Black: 2},
	}
	ct, err := Build(players, games, Options{ByMatches: true})
	require.NoError(t, err)
	assert.Equal(t, "1.10.3", rowsOf(ct)[3].Rule)
	assert.Equal(t, "+", cell(ct, 2, 3), "the unplayed match: + for the opponent")
	ct, err = Build(players, games, Options{})
	require.NoError(t, err)
	assert.Equal(t, "1.10.2", rowsOf(ct)[3].Rule, "counted by games: 1 of 4")
}

func TestTableOptions_FromTheTournamentFile(t *testing.T) {
	assert.Equal(t, Options{}, TableOptions(corr.Tournament{ScoreBy: corr.ByGames}))
	o := TableOptions(corr.Tournament{ScoreBy: corr.ByMatches, Swiss: &corr.Swiss{}})
	assert.True(t, o.ByMatches)
	assert.True(t, o.Swiss)
	assert.Equal(t, SwissTieBreaks(), o.TieBreaks)
}
