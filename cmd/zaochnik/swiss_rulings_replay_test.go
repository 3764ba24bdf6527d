package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/storage"
)

// A Swiss tournament of nine players over five rounds by mail with the
// judge's rulings between the letters (testdata/replay/swiss-rulings, 45
// letters, the tournament of swiss.toml): rounds 1-3 are played by mail;
// in round 3 player 4 leaves without answering 3's first move, and the
// judge records his withdrawal (1.10.5) and scores that game without play
// (6.5.3); round 4 is drawn at round 3's end without him, and round 5
// breaks a pair (1.15.5.5). Every round the server draws is the one
// zaochnik pair draws from the results before it.
func TestReplay_1_15_SwissByMailWithForfeitWithdrawalAndBrokenPair(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	rep := replayInto(t, path, "swiss.toml", "swiss-rulings/rounds-1-3", "2026-03-12")
	for _, l := range rep.Letters {
		assert.Equal(t, "accepted", l.Outcome, "%s: %v", l.File, l.Problems)
	}
	for _, cmd := range [][]string{
		{"judge", "withdraw", "4", "by-rule", "--tournament", "ШВ-2026", "--date", "2026-03-12"},
		{"judge", "forfeit", "ШВ-2026 3-4", "+/-", "--date", "2026-03-12"},
	} {
		code, _, errs := runCmd(t, append(cmd, "--db", path)...)
		require.Equal(t, 0, code, errs)
	}
	rep = replayInto(t, path, "swiss.toml", "swiss-rulings/rounds-4-5", "")
	require.Len(t, rep.Letters, 45)
	for _, l := range rep.Letters {
		assert.Equal(t, "accepted", l.Outcome, "%s: %v", l.File, l.Problems)
	}

	ctx := context.Background()
	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	s, err := db.State(ctx, "ШВ-2026")
	require.NoError(t, err)
	d, err := db.Desk(ctx, "ШВ-2026")
	require.NoError(t, err)
	_, table, err := d.Table(s)
	require.NoError(t, err)
	require.Len(t, table, 20, "four games in each of five rounds")
	results := map[adjudication.Result]string{adjudication.WhiteWins: "1-0", adjudication.Draw: "1/2-1/2", adjudication.BlackWins: "0-1",
		adjudication.WhiteWinsWithoutPlay: "+-", adjudication.BlackWinsWithoutPlay: "-+", adjudication.BothLose: "--"}
	rounds := map[int][][2]int{}
	for i, g := range s.Games {
		rounds[g.Round] = append(rounds[g.Round], [2]int{g.White, g.Black})
		want := adjudication.WhiteWins
		switch {
		case g.White == 3 && g.Black == 4:
			// 4 made no move: the judge's forfeit, lost without play.
			want = adjudication.WhiteWinsWithoutPlay
		case g.Result == "1/2-1/2":
			want = adjudication.Draw
		case g.Result == "0-1":
			want = adjudication.BlackWins
		default:
			assert.Equal(t, "finished", g.Status.String(), g.Code)
		}
		assert.Equal(t, want, table[i].Result, g.Code)
	}
	// Rounds 1-2 as in testdata/replay/swiss's first round and by halves
	// (1.15.5.2-1.15.5.5). Round 3 (odd, ascending): 2 comes down to 1;
	// 3 4 | 5 8; 9 comes down to 6; 7 has the plus.
	assert.Equal(t, [][2]int{{1, 5}, {6, 2}, {3, 7}, {8, 4}}, rounds[1])
	assert.Equal(t, [][2]int{{2, 9}, {1, 3}, {7, 8}, {4, 6}}, rounds[2])
	assert.Equal(t, [][2]int{{2, 1}, {3, 4}, {5, 8}, {9, 6}}, rounds[3])
	// Round 4: 4 has left (1.15.2), eight play and nobody has the plus;
	// 3's win without play counts (2½ points) but no colour.
	assert.Equal(t, [][2]int{{3, 2}, {1, 7}, {5, 9}, {8, 6}}, rounds[4])
	// Round 5, odd: 1 2 | 8 9 on 3 points. 1-8 is formed, then 2 has met
	// 9 and nobody else is left: the last pair, 1-8, is broken and 1 takes
	// 9, 2 takes 8 (1.15.5.5). 3 comes down to 5; 7 comes down to 6, who
	// has had Black three times running and has White (1.15.2).
	assert.Equal(t, [][2]int{{9, 1}, {2, 8}, {5, 3}, {6, 7}}, rounds[5])
	byes := map[int]int{}
	for _, b := range s.Byes {
		byes[b.Round] = b.Player
	}
	assert.Equal(t, map[int]int{1: 9, 2: 5, 3: 7}, byes)

	// Every round is the one zaochnik pair draws from the table before it;
	// 4's withdrawal is known from the end of round 3.
	history := ""
	for r := 1; r <= 5; r++ {
		file := filepath.Join(t.TempDir(), fmt.Sprintf("r%d.toml", r))
		require.NoError(t, os.WriteFile(file, []byte(history), 0o600))
		args := []string{"pair", "--tournament", replayDir("swiss.toml"), "--json"}
		if history != "" {
			args = append(args, "--results", file)
		}
		code, out, errs := runCmd(t, args...)
		require.Equal(t, 0, code, errs)
		var drawn struct {
			Pairs []struct{ White, Black int }
			Bye   int
		}
		require.NoError(t, json.Unmarshal([]byte(out), &drawn))
		var want [][2]int
		for _, p := range drawn.Pairs {
			want = append(want, [2]int{p.White, p.Black})
		}
		assert.Equal(t, want, rounds[r], "round %d", r)
		assert.Equal(t, byes[r], drawn.Bye, "round %d", r)
		for i, g := range s.Games {
			if g.Round == r {
				history += fmt.Sprintf("[[games]]\nround = %d\nwhite = %d\nblack = %d\nresult = %q\n", r, g.White, g.Black, results[table[i].Result])
			}
		}
		if byes[r] != 0 {
			history += fmt.Sprintf("[[byes]]\nround = %d\nplayer = %d\n", r, byes[r])
		}
		if r == 3 {
			history += "[[withdrawals]]\nplayer = 4\n"
		}
	}

	// 4 got 3's move before he left and the rulings after, and no start
	// list of rounds 4 and 5; the secretary was told of both rulings.
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var to4, toSecretary []string
	lists := 0
	for _, o := range out {
		switch o.To {
		case "p4@example.org":
			to4 = append(to4, o.Kind)
		case "secretary@example.org":
			if o.Kind == "ruling" {
				toSecretary = append(toSecretary, o.Subject)
			}
		case "p3@example.org":
			if o.Kind == "start-list" {
				lists++
			}
		}
	}
	assert.Equal(t, []string{"start-list", "forward", "result", "start-list", "confirmation", "result", "start-list", "forward", "ruling"}, to4)
	assert.Equal(t, 5, lists, "3 plays every round")
	assert.Equal(t, []string{"[ШВ-2026] Решение судьи о выбывшем участнике", "[ШВ-2026 #3-4] Решение судьи о партии выбывшего"}, toSecretary)
	code, standings, errs := runCmd(t, "standings", "ШВ-2026", "--db", path)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, standings, "Игрок 4 (выбыл, засчитано: п. 1.10.5)")
}
