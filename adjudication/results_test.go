package adjudication

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseResult(t *testing.T) {
	tests := []struct {
		in   string
		want Result
	}{
		{"*", Unfinished}, {"1-0", WhiteWins}, {"2-0", WhiteWins}, {"0-1", BlackWins}, {"0-2", BlackWins},
		{"1/2-1/2", Draw}, {"½-½", Draw}, {"1-1", Draw}, {" ½ – ½ ", Draw},
		{"+/-", WhiteWinsWithoutPlay}, {"+-", WhiteWinsWithoutPlay}, {"-/+", BlackWinsWithoutPlay},
		{"-/-", BothLose}, {"—/—", BothLose},
	}
	for _, tt := range tests {
		got, err := ParseResult(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		back, err := ParseResult(got.String())
		require.NoError(t, err)
		assert.Equal(t, got, back, "String of %q reads back", tt.in)
	}
	for _, bad := range []string{"", "1-2", "draw", "+", "1:0", "1/2"} {
		_, err := ParseResult(bad)
		assert.ErrorContains(t, err, "is not a game result", bad)
	}
	assert.Equal(t, "Result(9)", Result(9).String())
	_, err := Result(9).MarshalText()
	assert.Error(t, err)
}

// TestResult_1_12_2_PlusAndMinusScoreAsWinAndLoss: a "+" counts 1 and a
// "-" 0 in points and coefficients; 6.5.8 gives both players a "-".
func TestResult_1_12_2_PlusAndMinusScoreAsWinAndLoss(t *testing.T) {
	tests := []struct {
		r            Result
		white, black Score
		decided, np  bool
	}{
		{Unfinished, NoScore, NoScore, false, false},
		{WhiteWins, Won, Lost, true, false},
		{Draw, Drawn, Drawn, true, false},
		{BlackWins, Lost, Won, true, false},
		{WhiteWinsWithoutPlay, Won, Lost, true, true},
		{BlackWinsWithoutPlay, Lost, Won, true, true},
		{BothLose, Lost, Lost, true, true},
	}
	for _, tt := range tests {
		assert.Equal(t, [2]Score{tt.white, tt.black}, [2]Score{tt.r.Of(true), tt.r.Of(false)}, tt.r.String())
		assert.Equal(t, tt.decided, tt.r.Decided(), tt.r.String())
		assert.Equal(t, tt.np, tt.r.WithoutPlay(), tt.r.String())
	}
	assert.Equal(t, WhiteWinsWithoutPlay, WinFor(true, true))
	assert.Equal(t, BlackWins, WinFor(false, false))
}

func TestPoints_1_12_1_Schemes(t *testing.T) {
	require.NoError(t, DefaultPoints.Validate())
	require.NoError(t, Points{2, 1, 0}.Validate())
	assert.Equal(t, 1.0, Points{2, 1, 0}.Of(Drawn))
	assert.Equal(t, 0.0, DefaultPoints.Of(NoScore))
	for _, bad := range []Points{{1, 1, 0}, {0, 0.5, 1}, {1, 0.5, -1}, {1, 0.25, 0}, {5000, 1, 0}} {
		assert.Error(t, bad.Validate(), "%v", bad)
	}
}

func TestWithdrawal_Text(t *testing.T) {
	for w := Playing; w <= WithdrawnAnnulled; w++ {
		b, err := w.MarshalText()
		require.NoError(t, err)
		var back Withdrawal
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, w, back)
	}
	_, err := ParseWithdrawal("gone")
	assert.ErrorContains(t, err, "not a 6.5.3 ruling")
}
