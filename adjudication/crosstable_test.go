package adjudication

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sixPlayers is a 6-player round robin with draws, a double forfeit and a
// withdrawn player, worked out by hand below.
//
//	games           result      note
//	1-2 ½  1-3 1-0  1-4 ½  1-5 0-1  1-6 1-0
//	2-3 ½  2-4 1-0  2-5 ½  2-6 *  -> +/- (6 withdrew, unfinished lost, 6.5.3)
//	3-4 ½  3-5 1-0  3-6 *  -> +/-
//	4-5 -/-  (neither sent the record, 6.5.8)   4-6 0-1   5-6 * -> +/-
//
// Points (1 / ½ / 0, "+" = 1, "-" = 0, rule 1.12.2):
//
//	1: ½+1+½+0+1 = 3    2: ½+½+1+½+1 = 3½   3: 0+½+½+1+1 = 3
//	4: ½+0+½+0+0 = 1    5: 1+½+0+0+1 = 2½   6: 0+0+0+1+0 = 1
//	total 14: a point for each of the 15 games but the -/- one.
//
// Sonneborn-Berger (1.13.5: 2 x beaten opponents' points + drawn opponents' points):
//
//	1: 2x3(3) + 2x1(6) + 3½(2) + 1(4) = 12½     3: 2x2½(5) + 2x1(6) + 3½(2) + 1(4) = 11½
//	2: 2x1(4) + 2x1(6) + 3(1) + 3(3) + 2½(5) = 12½
//	4: 3(1) + 3(3) = 6     5: 2x3(1) + 2x1(6) + 3½(2) = 11½     6: 2x1(4) = 2
//
// Wins ("+" included): 1:2 2:2 3:2 4:0 5:2 6:1. Head-to-head among equal
// points: 1 beat 3 (1:1, 3:0), 6 beat 4 (6:1, 4:0), 2 and 5 alone (0).
// Beaten opponents' points: 1: 3+1 = 4, 2: 1+1 = 2, 3: 2½+1 = 3½, 4: 0, 5: 3+1 = 4, 6: 1.
// Places: 2 (3½); 1 and 3 on 3, SB 12½ > 11½; 5 (2½); 4 and 6 on 1, SB 6 > 2.
//
// Buchholz (all five opponents, = 14 - own points): 1:11 2:10½ 3:11 4:13 5:11½ 6:13.
// Median: 1's opponents 1,1,2½,3,3½ -> 1+2½+3 = 6½; 3's are the same -> 6½;
// 4's and 6's opponents are 1,2½,3,3,3½ -> 8½. Truncated: 1 and 3: 11-1 = 10,
// and they stay equal however many are dropped (same opponents' scores);
// 4 and 6: 13-1 = 12, likewise. So with the Buchholz family alone 1 and 3
// share places 2-3 and 4 and 6 share 5-6: in a full round robin Buchholz
// cannot separate players on equal points, hence SB first by default.
var sixPlayers = struct {
	players []Player
	games   []Game
}{
	players: []Player{
		{Number: 1, Name: "Арсеньев"}, {Number: 2, Name: "Белов"}, {Number: 3, Name: "Воронин"},
		{Number: 4, Name: "Гусев"}, {Number: 5, Name: "Дьяков"},
		{Number: 6, Name: "Егоров", Withdrawal: WithdrawnForfeitUnfinished},
	},
	games: []Game{
		{1, 2, Draw, false, 0}, {1, 3, WhiteWins, false, 0}, {1, 4, Draw, false, 0}, {1, 5, BlackWins, false, 0}, {1, 6, WhiteWins, false, 0},
		{2, 3, Draw, false, 0}, {2, 4, WhiteWins, false, 0}, {2, 5, Draw, true, 0}, {2, 6, Unfinished, false, 0},
		{3, 4, Draw, false, 0}, {3, 5, WhiteWins, false, 0}, {3, 6, Unfinished, false, 0},
		{4, 5, BothLose, false, 0}, {4, 6, BlackWins, false, 0},
		{5, 6, Unfinished, false, 0},
	},
}

// rowsOf indexes a table's rows by start number.
func rowsOf(ct Crosstable) map[int]Row {
	m := map[int]Row{}
	for _, r := range ct.Rows {
		m[r.Number] = r
	}
	return m
}

func TestCrosstable_1_13_RoundRobinByHand(t *testing.T) {
	ct, err := Build(sixPlayers.players, sixPlayers.games, Options{})
	require.NoError(t, err)
	require.Equal(t, RoundRobinTieBreaks(), ct.TieBreaks)
	rows := rowsOf(ct)
	want := []struct {
		n                     int
		points                float64
		place                 string
		won, drawn, lost      int
		plus, minus           int
		sb, wins, h2h, beaten float64
	}{
		{1, 3, "2", 2, 2, 1, 0, 0, 12.5, 2, 1, 4},
		{2, 3.5, "1", 2, 3, 0, 1, 0, 12.5, 2, 0, 2},
		{3, 3, "3", 2, 2, 1, 1, 0, 11.5, 2, 0, 3.5},
		{4, 1, "5", 0, 2, 3, 0, 1, 6, 0, 0, 0},
		{5, 2.5, "4", 2, 1, 2, 1, 1, 11.5, 2, 0, 4},
		{6, 1, "6", 1, 0, 4, 0, 3, 2, 1, 1, 1},
	}
	for _, w := range want {
		r := rows[w.n]
		assert.Equal(t, w.points, r.Points, "points of %d", w.n)
		assert.Equal(t, w.place, r.Place, "place of %d", w.n)
		assert.Equal(t, []int{5, w.won, w.drawn, w.lost, w.plus, w.minus}, []int{r.Decided, r.Won, r.Drawn, r.Lost, r.Plus, r.Minus}, "games of %d", w.n)
		assert.Equal(t, []float64{w.sb, w.wins, w.h2h, w.beaten}, r.TieBreaks, "tie-breaks of %d", w.n)
	}
	// Classification norms leave out the pluses (1.12.2): 2, 3 and 5 lose one point each.
	assert.Equal(t, []float64{3, 2.5, 2, 1, 1.5, 1}, []float64{rows[1].NormPoints, rows[2].NormPoints, rows[3].NormPoints, rows[4].NormPoints, rows[5].NormPoints, rows[6].NormPoints})
	// Cells: "+" and "-" for games decided without play, both "-" for 6.5.8.
	assert.Equal(t, "+", rows[2].Cells[5].Mark)
	assert.Equal(t, "-", rows[6].Cells[1].Mark)
	assert.Equal(t, "-", rows[4].Cells[4].Mark)
	assert.Equal(t, "-", rows[5].Cells[3].Mark)
	assert.Equal(t, "½", rows[2].Cells[4].Mark, "an adjudicated draw prints as a draw")
	assert.Equal(t, "X", rows[3].Cells[2].Mark)

	var order []int
	for _, r := range ct.ByPlace() {
		order = append(order, r.Number)
	}
	assert.Equal(t, []int{2, 1, 3, 5, 4, 6}, order)
}

func TestCrosstable_5_3_11_3_BuchholzFamilyByHand(t *testing.T) {
	ct, err := Build(sixPlayers.players, sixPlayers.games, Options{TieBreaks: SwissTieBreaks()})
	require.NoError(t, err)
	rows := rowsOf(ct)
	want := map[int]struct {
		tb    []float64
		place string
	}{
		1: {[]float64{11, 6.5, 10}, "2-3"},
		2: {[]float64{10.5, 6.5, 10.5 - 1}, "1"},
		3: {[]float64{11, 6.5, 10}, "2-3"},
		4: {[]float64{13, 8.5, 12}, "5-6"},
		5: {[]float64{11.5, 7, 10.5}, "4"},
		6: {[]float64{13, 8.5, 12}, "5-6"},
	}
	for n, w := range want {
		assert.Equal(t, w.tb, rows[n].TieBreaks, "Buchholz, median, truncated of %d", n)
		assert.Equal(t, w.place, rows[n].Place, "place of %d", n)
	}
	assert.Equal(t, 2, rows[3].PlaceFrom)
	assert.Equal(t, 3, rows[3].PlaceTo)
}

func TestCrosstable_6_5_3_AnnulledPlayerLeavesTheTable(t *testing.T) {
	players := append([]Player(nil), sixPlayers.players...)
	players[5].Withdrawal = WithdrawnAnnulled
	ct, err := Build(players, sixPlayers.games, Options{})
	require.NoError(t, err)
	// Without 6: 1: ½+1+½+0 = 2, 2: ½+½+1+½ = 2½, 3: 0+½+½+1 = 2,
	// 4: ½+0+½+0 = 1, 5: 1+½+0+0 = 1½. SB 1: 2x2(3) + 2½(2) + 1(4) = 7½;
	// 3: 2x1½(5) + 2½(2) + 1(4) = 6½.
	rows := rowsOf(ct)
	require.Len(t, ct.Rows, 5)
	require.Len(t, rows[1].Cells, 5)
	require.Equal(t, []Player{players[5]}, ct.Annulled)
	for n, w := range map[int]struct {
		points, sb float64
		place      string
	}{1: {2, 7.5, "2"}, 2: {2.5, 2*1 + 2 + 2 + 1.5, "1"}, 3: {2, 6.5, "3"}, 4: {1, 2 + 2, "5"}, 5: {1.5, 2*2 + 2.5, "4"}} {
		assert.Equal(t, w.points, rows[n].Points, "points of %d", n)
		assert.Equal(t, w.sb, rows[n].TieBreaks[0], "SB of %d", n)
		assert.Equal(t, w.place, rows[n].Place, "place of %d", n)
	}
}

func TestCrosstable_6_5_3_WithdrawalRulings(t *testing.T) {
	// 2 withdrew with 1-2 unfinished and 2-3 finished 0-1; 3-1 unfinished.
	games := []Game{{1, 2, Unfinished, false, 0}, {2, 3, BlackWins, false, 0}, {3, 1, Unfinished, false, 0}}
	tests := []struct {
		name   string
		ruling Withdrawal
		marks  [3]string // 1 vs 2, 2 vs 1, 2 vs 3
		points [3]float64
	}{
		{"pending: unfinished stays open", WithdrawnPending, [3]string{"*", "*", "0"}, [3]float64{0, 0, 1}},
		{"forfeit unfinished: + for the opponent", WithdrawnForfeitUnfinished, [3]string{"+", "-", "0"}, [3]float64{1, 0, 1}},
		{"adjudicate: open until the judge rules", WithdrawnAdjudicate, [3]string{"*", "*", "0"}, [3]float64{0, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			players := []Player{{Number: 1, Name: "A"}, {Number: 2, Name: "B", Withdrawal: tt.ruling}, {Number: 3, Name: "C"}}
			ct, err := Build(players, games, Options{})
			require.NoError(t, err)
			rows := rowsOf(ct)
			assert.Equal(t, tt.marks, [3]string{rows[1].Cells[1].Mark, rows[2].Cells[0].Mark, rows[2].Cells[2].Mark})
			assert.Equal(t, tt.points, [3]float64{rows[1].Points, rows[2].Points, rows[3].Points})
		})
	}
}

func TestCrosstable_6_5_3_BothWithdrawnForfeitBoth(t *testing.T) {
	players := []Player{{Number: 1, Name: "A", Withdrawal: WithdrawnForfeitUnfinished}, {Number: 2, Name: "B", Withdrawal: WithdrawnForfeitUnfinished}}
	ct, err := Build(players, []Game{{1, 2, Unfinished, false, 0}}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "-", ct.Rows[0].Cells[1].Mark)
	assert.Equal(t, "-", ct.Rows[1].Cells[0].Mark)
	assert.Equal(t, "1-2", ct.Rows[0].Place)
}

func TestCrosstable_1_12_1_TwoOneZeroScheme(t *testing.T) {
	ct, err := Build(sixPlayers.players, sixPlayers.games, Options{Points: Points{Win: 2, Draw: 1, Loss: 0}})
	require.NoError(t, err)
	rows := rowsOf(ct)
	// Every figure doubles: points 6, 7, 6, 2, 5, 2; SB of 1 = 2x6 + 2x2 + 7 + 2 = 25.
	assert.Equal(t, []float64{6, 7, 6, 2, 5, 2}, []float64{rows[1].Points, rows[2].Points, rows[3].Points, rows[4].Points, rows[5].Points, rows[6].Points})
	assert.Equal(t, 25.0, rows[1].TieBreaks[0])
	assert.Equal(t, "2", rows[1].Cells[2].Mark, "a win prints its points")
	assert.Equal(t, "1", rows[1].Cells[1].Mark, "a draw prints its points")
	assert.Equal(t, "0", rows[1].Cells[4].Mark, "a loss prints its points")
	assert.Equal(t, "+", rows[2].Cells[5].Mark)
}

// TestCrosstable_1_13_3_TieBreaksInOrder checks the criteria, alone and in
// order, on small four-player tables worked out in each case's comment.
func TestCrosstable_1_13_3_TieBreaksInOrder(t *testing.T) {
	players := []Player{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}, {Number: 3, Name: "C"}, {Number: 4, Name: "D"}}
	tests := []struct {
		name  string
		games []Game
		tbs   []TieBreak
		want  map[int]string
	}{
		{
			// 1 beat 2, 2 and 3 drew, 3 beat 1: 3 has 1½, 1 has 1, 2 has ½; 4 did not play.
			name:  "points alone",
			games: []Game{{1, 2, WhiteWins, false, 0}, {2, 3, Draw, false, 0}, {3, 1, WhiteWins, false, 0}},
			tbs:   []TieBreak{MostWins},
			want:  map[int]string{3: "1", 1: "2", 2: "3", 4: "4"},
		},
		{
			// 1-2 ½, 3-4 ½, 1-3 1-0, 4-2 1-0: 1 and 4 on 1½, 2 and 3 on ½.
			// Head-to-head: 1 and 4 did not meet, 2 and 3 did not meet -> shared.
			name:  "head-to-head without a meeting shares the place",
			games: []Game{{1, 2, Draw, false, 0}, {3, 4, Draw, false, 0}, {1, 3, WhiteWins, false, 0}, {4, 2, WhiteWins, false, 0}},
			tbs:   []TieBreak{HeadToHead},
			want:  map[int]string{1: "1-2", 4: "1-2", 2: "3-4", 3: "3-4"},
		},
		{
			// The same, plus 1-4 0-1 and 2-3 1-0: 4 on 2½, 1 on 1½, 2 on 1½, 3 on ½.
			// 1 and 2 drew each other: head-to-head ½ each, shared; wins: 1 has
			// 1 (3), 2 has 1 (3)... shared; SB: 1 = 2x½(3) + 1½(2) = 2½,
			// 2 = 2x½(3) + 1½(1) = 2½: shared; beaten opponents ½ each: shared.
			// Buchholz: 1 = 1½+½+2½ = 4½, 2 = 1½+2½+½ = 4½: shared: "2-3".
			name: "equal on every criterion shares the place",
			games: []Game{{1, 2, Draw, false, 0}, {3, 4, Draw, false, 0}, {1, 3, WhiteWins, false, 0}, {4, 2, WhiteWins, false, 0},
				{1, 4, BlackWins, false, 0}, {2, 3, WhiteWins, false, 0}},
			tbs:  []TieBreak{HeadToHead, MostWins, SonnebornBerger, BeatenOpponents, Buchholz},
			want: map[int]string{4: "1", 1: "2-3", 2: "2-3", 3: "4"},
		},
		{
			// 1-2 1-0, 3-4 ½, 1-3 0-1, 4-2 ½: 3 has 1½ (beat 1, drew 4), 1 has 1
			// (beat 2), 4 has 1 (two draws), 2 has ½.
			// Wins: 1 has one, 4 none -> 1 ahead.
			name:  "most wins",
			games: []Game{{1, 2, WhiteWins, false, 0}, {3, 4, Draw, false, 0}, {1, 3, BlackWins, false, 0}, {4, 2, Draw, false, 0}},
			tbs:   []TieBreak{MostWins},
			want:  map[int]string{3: "1", 1: "2", 4: "3", 2: "4"},
		},
		{
			// Same games; head-to-head first: 1 and 4 did not meet, so wins decide.
			name:  "the next criterion decides what the first leaves equal",
			games: []Game{{1, 2, WhiteWins, false, 0}, {3, 4, Draw, false, 0}, {1, 3, BlackWins, false, 0}, {4, 2, Draw, false, 0}},
			tbs:   []TieBreak{HeadToHead, MostWins},
			want:  map[int]string{3: "1", 1: "2", 4: "3", 2: "4"},
		},
		{
			// A cycle 1>2>3>1 and all drew with 4: 1, 2, 3 on 1½, 4 on 1½ too.
			// Head-to-head among all four: each of 1,2,3 scores 1 + ½ = 1½, 4 scores 1½: shared.
			// SB: 1 = 2x1½(2) + 1½(4) = 4½, same for 2 and 3, 4 = 3x1½ = 4½.
			// Buchholz: 3x1½ = 4½ for everyone.
			name: "a cycle cannot be broken",
			games: []Game{{1, 2, WhiteWins, false, 0}, {2, 3, WhiteWins, false, 0}, {3, 1, WhiteWins, false, 0},
				{4, 1, Draw, false, 0}, {4, 2, Draw, false, 0}, {4, 3, Draw, false, 0}},
			tbs:  []TieBreak{HeadToHead, SonnebornBerger, Buchholz},
			want: map[int]string{1: "1-4", 2: "1-4", 3: "1-4", 4: "1-4"},
		},
		{
			// The same cycle, wins before head-to-head: 1, 2, 3 have one win, 4 none.
			// Then head-to-head among 1, 2, 3: one point each: shared 1-3.
			name: "head-to-head among the players still tied",
			games: []Game{{1, 2, WhiteWins, false, 0}, {2, 3, WhiteWins, false, 0}, {3, 1, WhiteWins, false, 0},
				{4, 1, Draw, false, 0}, {4, 2, Draw, false, 0}, {4, 3, Draw, false, 0}},
			tbs:  []TieBreak{MostWins, HeadToHead},
			want: map[int]string{1: "1-3", 2: "1-3", 3: "1-3", 4: "4"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct, err := Build(players, tt.games, Options{TieBreaks: tt.tbs})
			require.NoError(t, err)
			got := map[int]string{}
			for _, r := range ct.Rows {
				got[r.Number] = r.Place
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestTieBreak_1_13_8_TruncatedCascade checks that truncated Buchholz drops
// one more of the worst opponents while players stay equal: A met opponents
// on 1, 2, 3 points, B on ½, 2½, 2½: both 5 without the worst; without the
// two worst A has 3 and B 2½, so A is ahead.
func TestTieBreak_1_13_8_TruncatedCascade(t *testing.T) {
	s := &standing{
		scheme: DefaultPoints,
		points: map[int]float64{10: 1, 11: 2, 12: 3, 20: 0.5, 21: 2.5, 22: 2.5},
		meetings: map[int][]meeting{
			1: {{12, Won}, {10, Lost}, {11, Drawn}},
			2: {{20, Drawn}, {21, Won}, {22, Lost}},
		},
	}
	assert.Equal(t, []float64{5, 3, 0}, s.keys(TruncatedBuchholz, 1, nil))
	assert.Equal(t, []float64{5, 2.5, 0}, s.keys(TruncatedBuchholz, 2, nil))
	assert.Equal(t, []float64{2}, s.keys(MedianBuchholz, 1, nil))
	assert.Equal(t, []float64{2.5}, s.keys(MedianBuchholz, 2, nil))
	assert.Equal(t, []float64{6}, s.keys(Buchholz, 1, nil))
	assert.Equal(t, [][]int{{1}, {2}}, s.rank([]int{2, 1}, []TieBreak{TruncatedBuchholz}))
	// Two opponents: median Buchholz has nothing left.
	s.meetings[3] = []meeting{{10, Won}, {11, Won}}
	assert.Equal(t, []float64{0}, s.keys(MedianBuchholz, 3, nil))
	// No opponents at all.
	assert.Equal(t, []float64{0}, s.keys(TruncatedBuchholz, 4, nil))
}

func TestBuild_Errors(t *testing.T) {
	two := []Player{{Number: 1, Name: "A"}, {Number: 2, Name: "B"}}
	tests := []struct {
		name    string
		players []Player
		games   []Game
		opt     Options
		want    string
	}{
		{"unknown player", two, []Game{{1, 3, Draw, false, 0}}, Options{}, "game 1 (1-3): both players must be in the list"},
		{"self", two, []Game{{1, 1, Draw, false, 0}}, Options{}, "cannot play themself"},
		{"bad result", two, []Game{{1, 2, Result(42), false, 0}}, Options{}, "Result(42) is not a result"},
		{"adjudicated forfeit", two, []Game{{1, 2, WhiteWinsWithoutPlay, true, 0}}, Options{}, "an adjudicated result is 1-0, 1/2-1/2 or 0-1"},
		{"duplicate number", []Player{{Number: 1, Name: "A"}, {Number: 1, Name: "B"}}, nil, Options{}, `start number 1 is given to both "A" and "B"`},
		{"zero number", []Player{{Number: 0, Name: "A"}}, nil, Options{}, "a start number is a positive integer"},
		{"bad ruling", []Player{{Number: 1, Name: "A", Withdrawal: 9}}, nil, Options{}, "Withdrawal(9) is not a 6.5.3 ruling"},
		{"bad points", two, nil, Options{Points: Points{Win: 1, Draw: 1, Loss: 0}}, "a win must be worth more than a draw"},
		{"third points", two, nil, Options{Points: Points{Win: 1, Draw: 0.3, Loss: 0}}, "whole or half point"},
		{"unknown tie-break", two, nil, Options{TieBreaks: []TieBreak{"koya"}}, `"koya" is not a tie-break`},
		{"repeated tie-break", two, nil, Options{TieBreaks: []TieBreak{Buchholz, Buchholz}}, "listed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Build(tt.players, tt.games, tt.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestCrosstable_TextAndJSON(t *testing.T) {
	ct, err := Build(sixPlayers.players, sixPlayers.games, Options{})
	require.NoError(t, err)
	ru := ct.Text("ru")
	lines := strings.Split(ru, "\n")
	assert.Equal(t, "№ Участник       1 2 3 4 5 6 Очки Бергер Побед Личн ПобСоп Место", lines[0])
	assert.Equal(t, "1 Арсеньев       X ½ 1 ½ 0 1    3    12½     2    1      4     2", lines[1])
	assert.Equal(t, "6 Егоров (выбыл) 0 - - 1 - X    1      2     1    1      1     6", lines[6])
	assert.Contains(t, ru, "п. 6.5.8")
	en := ct.Text("en")
	assert.True(t, strings.HasPrefix(en, "№ Player            1 2 3 4 5 6 Pts  SB Wins H2H Beat Place\n"), en)
	assert.Contains(t, en, "6 Егоров (withdrew) 0 - - 1 - X   1   2    1   1    1     6\n")

	b, err := json.Marshal(ct)
	require.NoError(t, err)
	var back Crosstable
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, ct, back)
	assert.Contains(t, string(b), `"withdrawal":"withdrawn-forfeit-unfinished"`)
}

func TestFormatPoints(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 0.5: "½", 3: "3", 12.5: "12½", -1.5: "-1½", 0.25: "0.25"} {
		assert.Equal(t, want, FormatPoints(v))
	}
}
