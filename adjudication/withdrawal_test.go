package adjudication

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fivePlayers is a round robin of five in which 5 leaves (WithdrawnByRule).
// Among 1-4: 1-2 1-0, 1-3 ½, 1-4 0-1, 2-3 1-0, 2-4 ½, 3-4 0-1, so without
// 5: 1 on 1½, 2 on 1½, 3 on ½, 4 on 2½. fives are 5's four games.
func fivePlayers(fives ...Game) ([]Player, []Game) {
	players := []Player{{Number: 1, Name: "А"}, {Number: 2, Name: "Б"}, {Number: 3, Name: "В"}, {Number: 4, Name: "Г"}, {Number: 5, Name: "Д", Withdrawal: WithdrawnByRule}}
	games := []Game{
		{White: 1, Black: 2, Result: WhiteWins}, {White: 1, Black: 3, Result: Draw}, {White: 1, Black: 4, Result: BlackWins},
		{White: 2, Black: 3, Result: WhiteWins}, {White: 2, Black: 4, Result: Draw}, {White: 3, Black: 4, Result: BlackWins},
	}
	return players, append(games, fives...)
}

// cell returns the mark of row a against b.
func cell(ct Crosstable, a, b int) string {
	for _, r := range ct.Rows {
		if r.Number == a {
			for _, c := range r.Cells {
				if c.Opponent == b {
					return c.Mark
				}
			}
		}
	}
	return "?"
}

func TestCrosstable_1_10_2_FewerThanHalfPlayedShownNotCounted(t *testing.T) {
	// 5 played only 1-5 (lost); in 2-5 and 5-4 nobody moved, in 3-5 only
	// White (3) did: 5 made no move, so 1 game of 4 is played.
	players, games := fivePlayers(
		Game{White: 1, Black: 5, Result: WhiteWins, Moves: 40},
		Game{White: 2, Black: 5, Result: Unfinished},
		Game{White: 3, Black: 5, Result: Unfinished, Moves: 1},
		Game{White: 5, Black: 4, Result: Unfinished},
	)
	ct, err := Build(players, games, Options{})
	require.NoError(t, err)
	rows := rowsOf(ct)
	assert.True(t, rows[5].Uncounted)
	assert.Equal(t, "1.10.2", rows[5].Rule)
	assert.Empty(t, rows[5].Place, "no place")
	assert.Equal(t, "1", cell(ct, 1, 5), "the result stays in the table for the rating")
	assert.Equal(t, "0", cell(ct, 5, 1))
	for _, opp := range []int{2, 3, 4} {
		assert.Equal(t, "-", cell(ct, opp, 5), "unplayed: - for the opponent %d", opp)
		assert.Equal(t, "-", cell(ct, 5, opp), "and - for the withdrawn")
	}
	// Not counted in the final standings: 1 keeps 1½, not 2½.
	assert.Equal(t, []float64{1.5, 1.5, 0.5, 2.5}, []float64{rows[1].Points, rows[2].Points, rows[3].Points, rows[4].Points})
	assert.Equal(t, []string{"1", "4"}, []string{rows[4].Place, rows[3].Place}, "the four counted take places 1-4")
	assert.Equal(t, 5, ct.ByPlace()[4].Number, "the uncounted row comes last")
	assert.Contains(t, ct.Text("ru"), "Д (выбыл, не засчитано: п. 1.10.2)")
	assert.Contains(t, ct.Text("ru"), "несыгранные партии отмечены «-» у обоих (п. 1.10.2)")
}

func TestCrosstable_1_10_3_HalfOrMorePlayedCountedUnplayedPlus(t *testing.T) {
	// 5 beat 2, lost to 1; 3-5 is unfinished with moves of both (played,
	// 1.10.4); in 5-4 5 never moved: 3 of 4 played.
	players, games := fivePlayers(
		Game{White: 1, Black: 5, Result: WhiteWins, Moves: 40},
		Game{White: 2, Black: 5, Result: BlackWins, Moves: 51},
		Game{White: 3, Black: 5, Result: Unfinished, Moves: 12},
		Game{White: 5, Black: 4, Result: Unfinished},
	)
	ct, err := Build(players, games, Options{})
	require.NoError(t, err)
	rows := rowsOf(ct)
	assert.False(t, rows[5].Uncounted)
	assert.Equal(t, "1.10.3", rows[5].Rule)
	assert.Equal(t, "-", cell(ct, 5, 4), "his unplayed game: -")
	assert.Equal(t, "+", cell(ct, 4, 5), "his opponent's: +")
	assert.Equal(t, "*", cell(ct, 3, 5), "unfinished: awaits adjudication (1.10.4)")
	assert.Equal(t, []float64{2.5, 1.5, 0.5, 3.5, 1}, []float64{rows[1].Points, rows[2].Points, rows[3].Points, rows[4].Points, rows[5].Points})
	assert.Equal(t, "4", rows[5].Place, "placed among the others: 1 point, above 3 on ½")
	assert.Contains(t, ct.Text("en"), "(withdrew, counted: 1.10.3)")
}

func TestCrosstable_1_10_4_UnfinishedGamesCountAsPlayed(t *testing.T) {
	fives := []Game{
		{White: 1, Black: 5, Result: WhiteWins, Moves: 40},
		{White: 2, Black: 5, Result: Unfinished, Moves: 2}, // 5, Black, has moved
		{White: 3, Black: 5, Result: Unfinished},
		{White: 5, Black: 4, Result: Unfinished},
	}
	// 1 decided and 1 unfinished with his move: 2 of 4, half, so 1.10.3.
	players, games := fivePlayers(fives...)
	ct, err := Build(players, games, Options{})
	require.NoError(t, err)
	assert.Equal(t, "1.10.3", rowsOf(ct)[5].Rule)
	assert.Equal(t, "*", cell(ct, 2, 5))
	// Once the judge adjudicates it, the result counts.
	fives[1].Result, fives[1].Adjudicated = Draw, true
	players, games = fivePlayers(fives...)
	ct, err = Build(players, games, Options{})
	require.NoError(t, err)
	assert.Equal(t, "½", cell(ct, 2, 5))
	assert.Equal(t, 2.0, rowsOf(ct)[2].Points)
	// Had 5 not moved in 2-5 (White moved once), it would be unplayed: 1 of 4, 1.10.2.
	fives[1].Result, fives[1].Adjudicated, fives[1].Moves = Unfinished, false, 1
	players, games = fivePlayers(fives...)
	ct, err = Build(players, games, Options{})
	require.NoError(t, err)
	assert.Equal(t, "1.10.2", rowsOf(ct)[5].Rule)
}

func TestCrosstable_1_10_5_SwissPlayedResultsStand(t *testing.T) {
	// The games of the 1.10.2 case, in a Swiss tournament: the played result
	// stands and counts, whatever the number played.
	players, games := fivePlayers(
		Game{White: 1, Black: 5, Result: WhiteWins, Moves: 40},
		Game{White: 2, Black: 5, Result: Unfinished},
		Game{White: 3, Black: 5, Result: Unfinished, Moves: 1},
		Game{White: 5, Black: 4, Result: Unfinished},
	)
	ct, err := Build(players, games, Options{Swiss: true, TieBreaks: SwissTieBreaks()})
	require.NoError(t, err)
	rows := rowsOf(ct)
	assert.Equal(t, "1.10.5", rows[5].Rule)
	assert.False(t, rows[5].Uncounted)
	assert.Equal(t, 2.5, rows[1].Points, "1's win over 5 counts")
	assert.Equal(t, "+", cell(ct, 2, 5))
}

func TestWithdrawal_ByRuleReadsAndWrites(t *testing.T) {
	w, err := ParseWithdrawal("withdrawn-1.10")
	require.NoError(t, err)
	assert.Equal(t, WithdrawnByRule, w)
	assert.True(t, w.Withdrawn())
	b, err := w.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "withdrawn-1.10", string(b))
}
