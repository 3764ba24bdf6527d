package storage

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// emptyListsNil is g with its lists that game_lists keeps nil when they
// are empty: no rows read back as nil, as an empty list reads in Go.
func emptyListsNil(g corr.Game) corr.Game {
	if len(g.Plies) == 0 {
		g.Plies = nil
	}
	if len(g.Replies) == 0 {
		g.Replies = nil
	}
	for i := range g.Letters {
		if len(g.Letters[i]) == 0 {
			g.Letters[i] = nil
		}
	}
	return g
}

// itemsOf is the lists' items of changedItems' rows, joined as read
// gives them.
func itemsOf(items []listItem) *[4]string {
	var lists [4]string
	for _, it := range items {
		if lists[it.list] != "" {
			lists[it.list] += ","
		}
		lists[it.list] += it.item
	}
	return &lists
}

// A game written as its row without the lists and the lists' items reads
// back as the game (its empty lists nil), for a played game's letters and
// random games with every field filled, so that an item written as
// gameJSON writes it in a list, whatever its strings, reads as it did
// there.
func TestGameLists_ReadBackAsTheGame(t *testing.T) {
	games, _ := rowGames(t, 19)
	for i, g := range games {
		state, err := gameJSON(withoutLists(g))
		require.NoError(t, err)
		items, cut := changedItems(g, corr.Game{}, false)
		require.Equal(t, [4]int{-1, -1, -1, -1}, cut)
		got, err := readGameJSON(gameWithLists(string(state), itemsOf(items)))
		require.NoError(t, err)
		want := readGame(t, marshalGame(t, g))
		if !assert.Equal(t, emptyListsNil(want), emptyListsNil(got), "game %d", i) {
			return
		}
	}
}

// A letter writes the items it changed or added, and cuts a list that got
// shorter; a game not stored is written whole.
func TestChangedItems_OnlyWhatChanged(t *testing.T) {
	ply := func(text string) corr.Ply { return corr.Ply{Move: draughts.Move{From: 22, To: 18}, Text: text} }
	d := timecontrol.MustDate("2026-03-01")
	old := corr.Game{
		Plies:   []corr.Ply{ply("c3-d4")},
		Replies: []timecontrol.Reply{{Received: d, Sent: d, Moves: 1, Text: "c3-d4"}, {Player: timecontrol.Black, Received: d}},
		Letters: [2][]string{{"<m1>"}, nil},
	}
	answered := old
	answered.Plies = append(answered.Plies[:1:1], ply("f6-g5"))
	answered.Replies = []timecontrol.Reply{old.Replies[0], {Player: timecontrol.Black, Received: d, Sent: d.AddDays(3), Moves: 1, Text: "f6-g5"}, {Received: d.AddDays(3)}}
	answered.Letters = [2][]string{{"<m1>"}, {"<m2>"}}
	taken := old
	taken.Plies, taken.Replies, taken.Letters = nil, old.Replies[:1], [2][]string{}
	for _, tc := range []struct {
		name     string
		g, old   corr.Game
		had      bool
		want     []listItem
		wantCuts [4]int
	}{
		{"not stored: every item", old, corr.Game{}, false, []listItem{
			{listPlies, 0, `{"Move":{"From":22,"To":18},"Text":"c3-d4"}`},
			{listReplies, 0, `{"Received":"2026-03-01","Sent":"2026-03-01","Moves":1,"Text":"c3-d4"}`},
			{listReplies, 1, `{"Player":1,"Received":"2026-03-01"}`},
			{listLetters, 0, `"\u003cm1\u003e"`},
		}, [4]int{-1, -1, -1, -1}},
		{"unchanged: nothing", old, old, true, nil, [4]int{-1, -1, -1, -1}},
		{"an answer: its ply, the reply it closed and the one it opened, its id", answered, old, true, []listItem{
			{listPlies, 1, `{"Move":{"From":22,"To":18},"Text":"f6-g5"}`},
			{listReplies, 1, `{"Player":1,"Received":"2026-03-01","Sent":"2026-03-04","Moves":1,"Text":"f6-g5"}`},
			{listReplies, 2, `{"Received":"2026-03-04"}`},
			{listLetters + 1, 0, `"\u003cm2\u003e"`},
		}, [4]int{-1, -1, -1, -1}},
		{"taken back: the lists cut", taken, old, true, nil, [4]int{0, 1, 0, -1}},
	} {
		got, cuts := changedItems(tc.g, tc.old, tc.had)
		assert.Equal(t, tc.want, got, tc.name)
		assert.Equal(t, tc.wantCuts, cuts, tc.name)
	}
}

// The games row keeps no list, and stays the same size as the game
// grows; the game read again from the rows, after every letter, is the
// game as the referee left it.
func TestGameLists_ALetterWritesItsItems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	const code = "ТЕСТ-2026 1-2"
	var sizes []int
	for _, r := range game12 {
		_, s := applyRead(t, db, cipher, r)
		warm, _ := s.Game(code)

		cold, err := Open(path)
		require.NoError(t, err)
		cs, err := cold.State(ctx, cipher) // read from the rows, not the copy
		require.NoError(t, err)
		g, _ := cs.Game(code)
		warm.Claims, g.Claims = nil, nil
		assert.Equal(t, emptyListsNil(warm), emptyListsNil(g), r.MessageID)
		require.NoError(t, cold.Close())

		var state string
		require.NoError(t, db.db.QueryRow(`SELECT state FROM games WHERE code = ?`, code).Scan(&state))
		for _, list := range []string{`"Plies"`, `"Replies"`, `"Letters"`} {
			assert.NotContains(t, state, list, r.MessageID)
		}
		sizes = append(sizes, len(state))
		var items int
		require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_lists l JOIN games g ON g.id = l.game_id WHERE g.code = ?`, code).Scan(&items))
		assert.Equal(t, len(g.Plies)+len(g.Replies)+len(g.Letters[0])+len(g.Letters[1]), items, r.MessageID)
	}
	assert.Less(t, sizes[len(sizes)-1]-sizes[0], 40, "the row does not grow with the moves: %v", sizes)
}

// A store written before migration 0011 (each game's lists in its
// games.state) reads as before once opened: the lists moved to rows of
// game_lists, whatever their strings, and the games rows without them.
func TestMigration_0011_MovesTheListsToRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	for _, r := range game12 {
		accepted(t, db, cipher, r)
	}
	before, err := db.State(ctx, cipher)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	// The store as the previous version left it: whole rows, no game_lists.
	old, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	odd := `<q"uo\te ü@example.org>` // a Message-ID with strings JSON escapes
	for _, g := range before.Games {
		if g.Code == "ТЕСТ-2026 1-2" {
			g.Letters[1] = append(g.Letters[1], odd)
		}
		row, err := gameJSON(*g)
		require.NoError(t, err)
		_, err = old.Exec(`UPDATE games SET state = ? WHERE code = ?`, string(row), g.Code)
		require.NoError(t, err)
	}
	for _, q := range []string{`DROP TABLE game_lists`, `PRAGMA user_version = 10`} {
		_, err = old.Exec(q)
		require.NoError(t, err, q)
	}
	require.NoError(t, old.Close())

	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	after, err := db.State(ctx, cipher)
	require.NoError(t, err)
	require.Len(t, after.Games, len(before.Games))
	for i, g := range after.Games {
		assert.Equal(t, emptyListsNil(*before.Games[i]), emptyListsNil(*g), g.Code)
	}
	var states []string
	rows, err := db.db.Query(`SELECT state FROM games`)
	require.NoError(t, err)
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		states = append(states, s)
	}
	require.NoError(t, rows.Err())
	for _, s := range states {
		assert.False(t, strings.Contains(s, `"Plies"`) || strings.Contains(s, `"Replies"`) || strings.Contains(s, `"Letters"`), s)
	}
	var items int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_lists`).Scan(&items))
	assert.Positive(t, items)
}

// In a group, a letter's list items wait for the commit; a tournament
// read again from its rows in the group (its copy forgotten) has them
// written first, so that its games are whole, and the group's later
// letters apply on them as on the copy.
func TestGameLists_ReadInAGroupSeesItsItems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	for i, r := range game12 {
		if i == 2 {
			require.NotEmpty(t, db.w.rows.lists, "the items wait for the commit")
			db.forgetAll()
			delete(db.w.current, cipher) // read from the rows in the group
		}
		require.NoError(t, each(g, func(tx *Tx) error {
			res, err := applyIn(ctx, tx, cipher, r)
			require.True(t, res.Outcome.Accepted, "%s: %s", r.MessageID, res.Outcome.Reason)
			return err
		}))
	}
	require.NoError(t, g.Commit())
	warm, err := db.State(ctx, cipher)
	require.NoError(t, err)
	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	s, err := cold.State(ctx, cipher)
	require.NoError(t, err)
	code := "ТЕСТ-2026 1-2"
	want, _ := warm.Game(code)
	got, _ := s.Game(code)
	require.Len(t, got.Plies, 4)
	assert.Equal(t, emptyListsNil(want), emptyListsNil(got))
}
