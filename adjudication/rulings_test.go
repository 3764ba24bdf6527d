package adjudication

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulings_6_5_3_FileRebuildsTheHandTable: the example rulings file,
// applied to the six players as the referee left them (nobody withdrawn,
// 2-5 and 4-5 unfinished), gives the inputs of the hand-computed table.
func TestRulings_6_5_3_FileRebuildsTheHandTable(t *testing.T) {
	data, err := os.ReadFile("testdata/rulings.toml")
	require.NoError(t, err)
	r, err := ParseRulings(data)
	require.NoError(t, err)
	require.Len(t, r.Sanctions, 2)
	assert.Equal(t, day("2026-09-14"), r.Sanctions[0].Date)

	players := append([]Player(nil), sixPlayers.players...)
	players[5].Withdrawal = Playing
	games := append([]Game(nil), sixPlayers.games...)
	for i, g := range games {
		if g.Pair() == (Pair{2, 5}) || g.Pair() == (Pair{4, 5}) {
			games[i].Result, games[i].Adjudicated = Unfinished, false
		}
	}
	ps, gs, err := r.Apply(players, games)
	require.NoError(t, err)
	assert.Equal(t, sixPlayers.players, ps)
	assert.Equal(t, sixPlayers.games, gs)
	assert.Equal(t, Unfinished, games[7].Result, "the inputs are not changed")
}

func TestRulings_Errors(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"syntax", "[[withdrawal]]\nplayer = = 1\n", "rulings file, line 2"},
		{"unknown key", "[[withdrawal]]\nplayer = 1\nruling = \"withdrawn\"\ncolour = 2\n", `unknown key "withdrawal.colour"`},
		{"bad ruling", "[[withdrawal]]\nplayer = 1\nruling = \"gone\"\n", `line 3: adjudication: "gone" is not a 6.5.3 ruling`},
		{"no player", "[[withdrawal]]\nruling = \"withdrawn\"\n", "withdrawal 1: the player's start number is required"},
		{"no result", "[[result]]\nwhite = 1\nblack = 2\n", "result 1 (1-2): give the result"},
		{"bad result", "[[result]]\nwhite = 1\nblack = 2\nresult = \"1:0\"\n", `"1:0" is not a game result`},
		{"sanction without clauses", "[[sanction]]\nplayer = 1\nkind = \"remark\"\nreason = \"r\"\ndate = 2026-01-02\nby = \"judge\"\n", "sanction 1: adjudication: sanction on player 1: name the clauses"},
		{"date with a time", "[[sanction]]\nplayer = 1\nkind = \"remark\"\nclauses = [\"6.2.6\"]\nreason = \"r\"\ndate = 2026-01-02T10:00:00\nby = \"judge\"\n", "has a time of day"},
		{"bad date string", "[[sanction]]\nplayer = 1\nkind = \"remark\"\nclauses = [\"6.2.6\"]\nreason = \"r\"\ndate = \"2 Jan\"\nby = \"judge\"\n", `"2 Jan" is not a date`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRulings([]byte(tt.file))
			assert.ErrorContains(t, err, tt.want)
		})
	}
	ok, err := ParseRulings([]byte("[[sanction]]\nplayer = 1\nkind = \"remark\"\nclauses = [\"6.2.6\"]\nreason = \"r\"\ndate = \"02.01.2026\"\nby = \"judge\"\n"))
	require.NoError(t, err)
	assert.Equal(t, day("2026-01-02"), ok.Sanctions[0].Date)

	players := []Player{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}}
	games := []Game{{1, 2, Unfinished, false, 0}}
	_, _, err = Rulings{Withdrawals: []WithdrawalRuling{{Player: 3, Ruling: WithdrawnPending}}}.Apply(players, games)
	assert.ErrorContains(t, err, "withdrawal of player 3: there is no such player")
	_, _, err = Rulings{Results: []Game{{2, 1, Draw, false, 0}}}.Apply(players, games)
	assert.ErrorContains(t, err, "result of game 2-1: there is no such game (White first)")
}
