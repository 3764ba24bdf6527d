package swiss

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSwiss_1_15_4_FirstRoundOneAgainstTwoOddNumbersWhite(t *testing.T) {
	cfg := numbered(Random) // the start numbers are the lot
	r, err := Draw(field(6), History{}, cfg)
	require.NoError(t, err)
	assert.Equal(t, Round{Number: 1, Pairs: []Pair{{1, 2}, {3, 4}, {5, 6}}}, r)
}

func TestSwiss_1_15_5_2_FirstRoundHalves(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first FirstColour
		want  []Pair
	}{
		// Upper half 1-4 meets lower half 5-8 in order; odd numbers of the
		// upper half take the first pair's colour, even ones the other.
		{"white", FirstWhite, []Pair{{1, 5}, {6, 2}, {3, 7}, {8, 4}}},
		{"black", FirstBlack, []Pair{{5, 1}, {2, 6}, {7, 3}, {4, 8}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range []System{Individual, Solkoff} {
				cfg := numbered(s)
				cfg.FirstColour = tc.first
				r, err := Draw(field(8), History{}, cfg)
				require.NoError(t, err)
				assert.Equal(t, tc.want, r.Pairs, "system %s", s)
				assert.Zero(t, r.Bye)
			}
		})
	}
}

func TestSwiss_1_15_7_2_FirstRoundFirstAgainstLast(t *testing.T) {
	r, err := Draw(field(8), History{}, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, []Pair{{1, 8}, {7, 2}, {3, 6}, {5, 4}}, r.Pairs)
}

func TestSwiss_1_15_5_2_FirstColourByLot(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		cfg := numbered(Individual)
		cfg.FirstColour, cfg.Seed = FirstLot, seed
		r, err := Draw(field(4), History{}, cfg)
		require.NoError(t, err)
		firstWhite := r.Pairs[0].White == 1
		seen[firstWhite] = true
		// The second pair (No. 2, even) has the other colour.
		assert.Equal(t, firstWhite, r.Pairs[1].White == 4, "seed %d", seed)
		again, _ := Draw(field(4), History{}, cfg)
		assert.Equal(t, r, again, "the same seed draws the same colour")
	}
	assert.Len(t, seen, 2, "the lot gives White to No. 1 for some seeds and Black for others")
}

func TestSwiss_1_15_2_OddFieldByeToLastClassified(t *testing.T) {
	for _, s := range Systems() {
		r, err := Draw(field(9), History{}, numbered(s))
		require.NoError(t, err)
		assert.Equal(t, 9, r.Bye, "system %s", s)
		assert.Len(t, r.Pairs, 4)
	}
	// Later rounds: the last placed who has had no win without play.
	h := hist(t,
		"1 1-5 1-0", "1 6-2 0-1", "1 3-7 1-0", "1 8-4 +-", "1 bye 9",
	)
	// Points: 1, 2, 3, 8, 9 on 1; 4, 5, 6, 7 on 0. Round 2 orders the groups
	// by descending number: the last placed is 4, then 5.
	r, err := Draw(field(9), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, 4, r.Bye)
	// 8 won without play: a bye is a second win without play, so it goes
	// to the next one up when 8 is the last placed.
	h = hist(t, "1 1-2 1-0", "1 3-4 +-", "1 bye 5")
	r, err = Draw([]Entrant{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4}, {Number: 5}}, h, numbered(Buchholz))
	require.NoError(t, err)
	// Points: 1, 3, 5 on 1; 2, 4 on 0 (class order: 2, 4). The last placed
	// is 4; 4 has had no plus, so 4 gets it.
	assert.Equal(t, 4, r.Bye)
	h = hist(t, "1 1-2 1-0", "1 4-3 -+", "1 bye 5")
	r, err = Draw(field(5), h, numbered(Buchholz))
	require.NoError(t, err)
	// 3 and 5 have had their plus; 2 and 4 are on 0 with 4 last.
	assert.Equal(t, 4, r.Bye)
	h = hist(t, "1 1-2 0-1", "1 3-4 1-0", "1 bye 5", "2 2-3 1-0", "2 4-5 1-0", "2 bye 1")
	r, err = Draw(field(5), h, numbered(Buchholz))
	require.NoError(t, err)
	// Points: 2 on 2; 1, 3, 4 on 1; 5 on 1... 5 and 1 had byes: the last
	// placed without one gets it.
	assert.NotContains(t, []int{1, 5}, r.Bye)
}

func TestSwiss_1_15_2_WithdrawnLeftOut(t *testing.T) {
	h := hist(t, "1 1-5 1-0", "1 6-2 0-1", "1 3-7 1-0", "1 8-4 0-1", "withdrawn 3")
	for _, s := range Systems() {
		r, err := Draw(field(8), h, numbered(s))
		require.NoError(t, err, "system %s", s)
		for _, p := range r.Pairs {
			assert.NotContains(t, []int{p.White, p.Black}, 3, "system %s: %v", s, r)
		}
		assert.Len(t, r.Pairs, 3)
		assert.NotZero(t, r.Bye, "seven left: one has the plus")
		assert.NotEqual(t, 3, r.Bye)
	}
}

func TestSwiss_1_15_5_3_ScoreGroupsByNumberOddAndEvenRounds(t *testing.T) {
	r1 := []string{"1 1-5 1-0", "1 6-2 0-1", "1 3-7 1-0", "1 8-4 0-1"}
	// Round 2 is even: within each group, descending classification numbers.
	g, err := ScoreGroups(field(8), hist(t, r1...), numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{4, 3, 2, 1}, {8, 7, 6, 5}}, g)
	r, err := Draw(field(8), hist(t, r1...), numbered(Individual))
	require.NoError(t, err)
	// Halves: 4 and 3 meet 2 and 1; 8 and 7 meet 6 and 5. Colours alternate;
	// equal histories: the higher placed alternates.
	assert.Equal(t, []Pair{{4, 2}, {1, 3}, {6, 8}, {7, 5}}, r.Pairs)

	// Round 3 is odd: ascending. 2 met 6 in round 1, so 2 meets 7 (1.15.5.5).
	h := hist(t, append(r1, "2 4-2 1-0", "2 1-3 1-0", "2 6-8 1-0", "2 7-5 1-0")...)
	g, err = ScoreGroups(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1, 4}, {2, 3, 6, 7}, {5, 8}}, g)
	r, err = Draw(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 4}, {2, 7}, {3, 6}, {5, 8}}, meetings(r))
}

func TestSwiss_1_15_5_4_OddGroupLastGoesDownToFirst(t *testing.T) {
	for _, tc := range []struct {
		name    string
		history []string
		want    [][2]int
	}{
		// 6, 2, 1 on 1 point (round 2: descending); 1 goes down and meets 5,
		// the first of the lower group 5, 4, 3.
		{"first of the lower group", []string{"1 1-4 1-0", "1 2-5 1-0", "1 3-6 0-1"}, [][2]int{{2, 6}, {1, 5}, {3, 4}}},
		// 1 has met 5: he meets the second, 4.
		{"second when they met", []string{"1 1-5 1-0", "1 2-4 1-0", "1 3-6 0-1"}, [][2]int{{2, 6}, {1, 4}, {3, 5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Draw(field(6), hist(t, tc.history...), numbered(Individual))
			require.NoError(t, err)
			assert.Equal(t, tc.want, meetings(r))
		})
	}
}

func TestSwiss_1_15_5_4_NextGoesDownWhenLastMetAllBelow(t *testing.T) {
	// After two rounds: 1, 2, 3 on 1½; 4, 5 on 1; 6, 7, 8 on ½. Round 3
	// (odd, ascending): 3 is last of the top group but has met 4 and 5, so 2
	// goes down and meets 4; 1 meets 3; 5 goes down to the last group.
	h := hist(t,
		"1 3-4 1/2-1/2", "1 1-6 1-0", "1 2-7 1-0", "1 5-8 1-0",
		"2 3-5 1-0", "2 1-4 1/2-1/2", "2 2-8 1/2-1/2", "2 6-7 1/2-1/2",
	)
	g, err := ScoreGroups(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1, 2, 3}, {4, 5}, {6, 7, 8}}, g)
	r, err := Draw(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 3}, {2, 4}, {5, 6}, {7, 8}}, meetings(r))
}

func TestSwiss_1_15_5_5_EvenGroupHalvesSecondOfLowerWhenMet(t *testing.T) {
	// Everybody drew: one group of eight; round 2 descending 8..1, halves
	// 8 7 6 5 | 4 3 2 1. 8 met 4, so 8-3; 7-4; 6 met 2, so 6-1; 5-2.
	h := hist(t, "1 1-5 1/2-1/2", "1 2-6 1/2-1/2", "1 3-7 1/2-1/2", "1 4-8 1/2-1/2")
	r, err := Draw(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{3, 8}, {4, 7}, {1, 6}, {2, 5}}, meetings(r))
}

func TestSwiss_1_15_5_5_FirstMetAllLowerHalfPlaysLastOfUpper(t *testing.T) {
	// 1 has met 3 and 4, the whole lower half: he plays 2, the last of the upper.
	h := hist(t, "1 1-3 1/2-1/2", "1 2-4 1/2-1/2", "2 4-1 1/2-1/2", "2 3-2 1/2-1/2")
	r, err := Draw(field(4), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 2}, {3, 4}}, meetings(r))
}

func TestSwiss_1_15_5_5_LastPairBrokenWhenNoOpponentLeft(t *testing.T) {
	// One group of six after two rounds of draws; round 3 ascending, halves
	// 1 2 3 | 4 5 6. 1-4, 2-5, and 3 has met 6: the last pair (2-5) is
	// broken and 2 takes 6, leaving 3-5 (1.15.5.5, the fewest broken: 1.15.8).
	h := hist(t,
		"1 1-2 1/2-1/2", "1 3-4 1/2-1/2", "1 5-6 1/2-1/2",
		"2 3-6 1/2-1/2", "2 1-5 1/2-1/2", "2 2-4 1/2-1/2",
	)
	r, err := Draw(field(6), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 4}, {2, 6}, {3, 5}}, meetings(r))
}

// buchholzHistory: after two rounds 1 on 2; 2, 3 on 1½; 4, 5, 6 on 1; 7, 8 on 0.
// Current Buchholz (opponents' points): 1: 0+1 = 1, 2: 0+1½ = 1½,
// 3: 1+1½ = 2½, 4: 1+2 = 3, 5: 1+0 = 1, 6: 1½+0 = 1½, 7: 1½+1 = 2½, 8: 2+1 = 3.
// Truncated Solkoff (without the worst): 1: 1, 2: 1½, 3: 1½, 4: 2, 5: 1,
// 6: 1½, 7: 1½, 8: 2.
var buchholzHistory = []string{
	"1 1-8 1-0", "1 7-2 0-1", "1 3-6 1-0", "1 5-4 0-1",
	"2 1-4 1-0", "2 2-3 1/2-1/2", "2 5-8 1-0", "2 6-7 1-0",
}

func TestSwiss_1_15_7_3_SecondRoundGroupsByNumber(t *testing.T) {
	h := hist(t, "1 1-8 1-0", "1 7-2 0-1", "1 3-6 1-0", "1 5-4 0-1")
	g, err := ScoreGroups(field(8), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, g, "ascending in round 2, not descending as 1.15.5.3")
	r, err := Draw(field(8), h, numbered(Buchholz))
	require.NoError(t, err)
	// 1.15.7.5: first meets last, then the first remaining meets the last remaining.
	assert.Equal(t, [][2]int{{1, 4}, {2, 3}, {5, 8}, {6, 7}}, meetings(r))
}

func TestSwiss_1_15_7_6_GroupsByCurrentBuchholzFromRound3(t *testing.T) {
	h := hist(t, buchholzHistory...)
	g, err := ScoreGroups(field(8), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1}, {3, 2}, {4, 6, 5}, {8, 7}}, g)
	r, err := Draw(field(8), h, numbered(Buchholz))
	require.NoError(t, err)
	// 1.15.7.4: 1 goes down and meets the last of 3, 2 (2); 3 goes down and
	// meets the last of 4, 6, 5 (5); 1.15.7.5: 4 meets the last, 6; 8-7.
	assert.Equal(t, [][2]int{{1, 2}, {3, 5}, {4, 6}, {7, 8}}, meetings(r))
}

func TestSwiss_1_15_7_4_NextGoesDownWhenFirstMetAllBelow(t *testing.T) {
	// 1 alone on top has met 2 and 3, the whole group below: 1 cannot go
	// down there, so the groups are drawn together (1.15.8) and 1 meets
	// the last he has not met.
	h := hist(t, "1 1-2 1-0", "1 3-4 1/2-1/2", "2 1-3 1-0", "2 2-4 1/2-1/2")
	// Points: 1: 2; 2: ½; 3: ½; 4: 1. Groups: {1}, {4}, {2, 3}.
	g, err := ScoreGroups(field(4), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1}, {4}, {2, 3}}, g)
	r, err := Draw(field(4), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 4}, {2, 3}}, meetings(r))
}

func TestSwiss_1_15_6_2_GroupsByTruncatedSolkoffFromRound3(t *testing.T) {
	h := hist(t, buchholzHistory...)
	g, err := ScoreGroups(field(8), h, numbered(Solkoff))
	require.NoError(t, err)
	// {2, 3}: equal Solkoff 1½, so by number; {4, 6, 5}: 2, 1½, 1; {8, 7}: 2, 1½.
	assert.Equal(t, [][]int{{1}, {2, 3}, {4, 6, 5}, {8, 7}}, g)
	// Round 2 is as 1.15.5.3 (1.15.6.1): descending.
	g, err = ScoreGroups(field(8), hist(t, buchholzHistory[:4]...), numbered(Solkoff))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{4, 3, 2, 1}, {8, 7, 6, 5}}, g)
	// The same history drawn by individual coefficients: ascending numbers.
	g, err = ScoreGroups(field(8), h, numbered(Individual))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{1}, {2, 3}, {4, 5, 6}, {7, 8}}, g)
}

func TestSwiss_1_15_4_LaterRoundsByLotWithinScoreGroups(t *testing.T) {
	h := hist(t, "1 1-2 1-0", "1 3-4 1-0", "1 5-6 1-0", "1 7-8 1-0", "1 9-10 0-1", "1 11-12 0-1")
	winners := map[int]bool{1: true, 3: true, 5: true, 7: true, 10: true, 12: true}
	draws := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		cfg := numbered(Random)
		cfg.Seed = seed
		r, err := Draw(field(12), h, cfg)
		require.NoError(t, err)
		for _, p := range r.Pairs {
			assert.Equal(t, winners[p.White], winners[p.Black], "seed %d: %v pairs across score groups", seed, p)
		}
		again, _ := Draw(field(12), h, cfg)
		assert.Equal(t, r, again)
		k := ""
		for _, m := range meetings(r) {
			k += string(rune(m[0])) + string(rune(m[1]))
		}
		draws[k] = true
	}
	assert.Greater(t, len(draws), 1, "the lot pairs differently for different seeds")
}

func TestSwiss_1_15_2_NeverTheSameColourFourTimes(t *testing.T) {
	// 1 and 2 have had White three times running: they may not meet, and
	// each gets Black against whoever they meet.
	h := hist(t,
		"1 1-3 1/2-1/2", "1 2-4 1/2-1/2", "1 5-6 1/2-1/2",
		"2 1-4 1/2-1/2", "2 2-5 1/2-1/2", "2 3-6 1/2-1/2",
		"3 1-6 1/2-1/2", "3 2-3 1/2-1/2", "3 4-5 1/2-1/2",
	)
	for _, s := range Systems() {
		r, err := Draw(field(6), h, numbered(s))
		require.NoError(t, err, "system %s", s)
		assert.NotContains(t, meetings(r), [2]int{1, 2}, "system %s", s)
		for _, p := range r.Pairs {
			assert.NotContains(t, []int{1, 2}, p.White, "system %s: %v", s, r.Pairs)
		}
	}
}

func TestSwiss_1_15_2_ColoursAlternate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		history []string
		want    Pair
	}{
		{"last colours differ: both alternate", []string{"1 1-3 1-0", "1 4-2 0-1"}, Pair{2, 1}},
		{"same last colour: the higher placed alternates", []string{"1 1-3 1-0", "1 2-4 1-0"}, Pair{2, 1}},
		// 1 had Black then White, 2 White twice: the last colours are the
		// same, 2 has more Whites, so 2 has Black though 1 is placed higher.
		{"more Whites gets Black", []string{"1 3-1 1/2-1/2", "1 2-4 1/2-1/2", "2 1-4 1/2-1/2", "2 2-3 1/2-1/2"}, Pair{1, 2}},
		// A game not played does not count for the colours (1.15.2): 1's
		// only played game was with White.
		{"games without play are not counted", []string{"1 1-3 1-0", "1 2-4 1-0", "2 4-1 -+", "2 3-2 0-1"}, Pair{2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Draw(field(4), hist(t, tc.history...), numbered(Buchholz))
			require.NoError(t, err)
			assert.Contains(t, r.Pairs, tc.want, "%v", r.Pairs)
		})
	}
}

func TestSwiss_1_15_8_NoDrawLeftIsReported(t *testing.T) {
	// Four players who have all met: no round 4 keeps 1.15.2.
	h := hist(t, "1 1-2 1-0", "1 3-4 1-0", "2 1-3 1-0", "2 2-4 1-0", "3 4-1 0-1", "3 3-2 1/2-1/2")
	for _, s := range Systems() {
		_, err := Draw(field(4), h, numbered(s))
		require.Error(t, err)
		assert.ErrorIs(t, err, errNoDraw)
		assert.Contains(t, err.Error(), "round 4")
	}
}

func TestSwiss_1_15_2_BadHistoryNamed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		h       History
		message string
	}{
		{"unknown player", History{Games: []Game{{Round: 1, White: 1, Black: 12, Result: WhiteWins}}}, "no player with start number 12"},
		{"twice in a round", History{Games: []Game{{1, 1, 2, WhiteWins}, {1, 1, 3, Drawn}}}, "player 1 already has game 1"},
		{"round missing", History{Games: []Game{{1, 1, 2, WhiteWins}, {3, 1, 3, Drawn}}}, "round 2 has no games"},
		{"no result", History{Games: []Game{{Round: 1, White: 1, Black: 2}}}, "the result is missing"},
		{"unknown withdrawal", History{Withdrawn: []int{7}}, "withdrawal of 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Draw(field(4), tc.h, numbered(Individual))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.message)
		})
	}
}

func TestSwiss_6_5_2_PendingGameIsAMeetingWithoutPoints(t *testing.T) {
	// 1-2 awaits adjudication: 1 and 2 have met, and score nothing yet.
	h := hist(t, "1 1-2 *", "1 3-4 1-0")
	g, err := ScoreGroups(field(4), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.Equal(t, [][]int{{3}, {1, 2, 4}}, g)
	r, err := Draw(field(4), h, numbered(Buchholz))
	require.NoError(t, err)
	assert.NotContains(t, meetings(r), [2]int{1, 2})
	// 3 comes down to the last of 1 2 4 (1.15.7.4), 4, whom he met, so to
	// 2; 1 meets 4. The pending game counts for the colours: all alternate.
	assert.Equal(t, []Pair{{2, 3}, {4, 1}}, r.Pairs)
}
