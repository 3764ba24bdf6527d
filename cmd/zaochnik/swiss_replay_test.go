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

	"zaochnik/storage"
)

// A Swiss tournament of nine players over five rounds, played by mail
// (testdata/replay/swiss: 44 letters, every game decided in one to three
// letters). The server starts round 1 from the file and draws every later
// round the day the last game of the round before ends; each round's games
// are the ones the letters of that round name, so a letter to a game not
// drawn would be refused.
func TestReplay_1_15_SwissTournamentByMail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	rep := replayInto(t, path, "swiss.toml", "swiss", "")
	for _, l := range rep.Letters {
		assert.Equal(t, "accepted", l.Outcome, "%s: %v", l.File, l.Problems)
	}
	require.Len(t, rep.Games, 20, "five rounds of four games")

	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	s, err := db.State(context.Background(), "ШВ-2026")
	require.NoError(t, err)
	rounds := map[int][][2]int{}
	for _, g := range s.Games {
		assert.Equal(t, "finished", g.Status.String(), g.Code)
		rounds[g.Round] = append(rounds[g.Round], [2]int{g.White, g.Black})
	}
	// Round 1 (1.15.5.2): halves 1-4 | 5-8, 9 has the plus. Round 2 (even,
	// descending numbers): 9 3 1 on 1 point, 8 6 4 2 on ½, 7 5 on 0; 5,
	// last, has the plus; 1 comes down to 8; 2 comes down to 7 (1.15.5.4).
	assert.Equal(t, [][2]int{{1, 5}, {6, 2}, {3, 7}, {8, 4}}, rounds[1])
	assert.Equal(t, [][2]int{{9, 3}, {8, 1}, {4, 6}, {2, 7}}, rounds[2])
	// Every round is the one zaochnik pair draws from the results before it.
	var byes []int
	for _, b := range s.Byes {
		byes = append(byes, b.Player)
	}
	assert.Equal(t, []int{9, 5, 7, 8, 6}, byes, "a different player each round (1.15.2)")
	results := ""
	for r := 1; r <= 5; r++ {
		file := filepath.Join(t.TempDir(), fmt.Sprintf("r%d.toml", r))
		require.NoError(t, os.WriteFile(file, []byte(results), 0o600))
		args := []string{"pair", "--tournament", replayDir("swiss.toml"), "--json"}
		if results != "" {
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
		assert.Equal(t, byes[r-1], drawn.Bye, "round %d", r)
		for _, g := range s.Games {
			if g.Round == r {
				results += fmt.Sprintf("[[games]]\nround = %d\nwhite = %d\nblack = %d\nresult = %q\n", r, g.White, g.Black, g.Result)
			}
		}
		results += fmt.Sprintf("[[byes]]\nround = %d\nplayer = %d\n", r, byes[r-1])
	}
	// Each player gets the start list of every round he plays; 5 is told
	// of his plus in round 2's.
	out, err := db.Outbox(context.Background())
	require.NoError(t, err)
	var lists []string
	for _, o := range out {
		if o.To == "p5@example.org" && o.Kind == "start-list" {
			lists = append(lists, o.Body)
		}
	}
	require.Len(t, lists, 5)
	assert.Contains(t, lists[1], "Тур 2 (швейцарская система, п. 1.15).")
	assert.Contains(t, lists[1], "вам засчитывается выигрыш без игры (плюс, п. 1.15.2)")
	assert.NotContains(t, lists[2], "плюс")
}
