package storage

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
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

// storedLists is what game g's rows keep of its lists, joined as
// readGames joins them: its chunks (changedChunks of a game not stored)
// before its tails (listsColumn).
func storedLists(t *testing.T, g corr.Game) *[4]string {
	rows, cut := changedChunks(&g, &corr.Game{}, false)
	require.Equal(t, [4]int{-1, -1, -1, -1}, cut)
	chunks, lists, err := readListsColumn(listsColumn(&g))
	require.NoError(t, err)
	var heads [4][]string
	for _, r := range rows {
		require.Equal(t, len(heads[r.list]), r.chunk, "chunks in order")
		heads[r.list] = append(heads[r.list], r.items)
	}
	for l := range lists {
		require.Len(t, heads[l], chunks[l], "list %d: its row counts its chunks", l)
		if len(heads[l]) > 0 {
			lists[l] = strings.Join(append(heads[l], lists[l]), ",")
		}
	}
	return &lists
}

// longLists is g with its lists made longer than a few chunks: the
// lists of games appended to them, three times.
func longLists(g corr.Game, games []corr.Game) corr.Game {
	g.Plies, g.Replies = slices.Clone(g.Plies), slices.Clone(g.Replies)
	g.Letters = [2][]string{slices.Clone(g.Letters[0]), slices.Clone(g.Letters[1])}
	for range 3 {
		for _, o := range games {
			g.Plies = append(g.Plies, o.Plies...)
			g.Replies = append(g.Replies, o.Replies...)
			g.Letters[0] = append(g.Letters[0], o.Letters[0]...)
			g.Letters[1] = append(g.Letters[1], o.Letters[1]...)
		}
	}
	return g
}

// A game written as its row without the lists, the lists' tails and
// their chunks reads back as the game (its empty lists nil), for a
// played game's letters and random games with every field filled, their
// lists as they are (a tail, no chunk) and made long (chunks), so that an
// item written as gameJSON writes it in a list, whatever its strings,
// reads as it did there.
func TestGameLists_ReadBackAsTheGame(t *testing.T) {
	games, _ := rowGames(t, 19)
	for i, g := range games {
		for _, long := range []bool{false, true} {
			if long {
				g = longLists(g, games[i+1:min(i+6, len(games))])
			}
			state, err := gameJSON(withoutLists(g))
			require.NoError(t, err)
			got, err := readGameJSON(gameWithLists(string(state), storedLists(t, g)))
			require.NoError(t, err)
			want := readGame(t, marshalGame(t, g))
			if !assert.Equal(t, emptyListsNil(want), emptyListsNil(got), "game %d (long %v)", i, long) {
				return
			}
		}
	}
}

// A letter writes the chunks it changed or added, and cuts a list that
// got shorter; a game not stored is written whole. The lists' tails are
// the row's, written with it.
func TestChangedChunks_OnlyWhatChanged(t *testing.T) {
	ply := func(i int) corr.Ply { return corr.Ply{Move: draughts.Move{From: 22, To: 18}, Text: fmt.Sprint(i)} }
	d := timecontrol.MustDate("2026-03-01")
	var old corr.Game
	for i := range 17 { // two chunks and a tail of one
		old.Plies = append(old.Plies, ply(i))
		old.Replies = append(old.Replies, timecontrol.Reply{Player: timecontrol.Color(i % 2), Received: d.AddDays(i), Sent: d.AddDays(i + 1)})
	}
	old.Replies[16].Sent = timecontrol.Date{} // awaited
	old.Letters[0] = []string{"<m1>"}
	plies := func(g corr.Game, c int) string {
		b := listsOf(&g, nil)[listPlies].appendItems(nil, c*listChunk, (c+1)*listChunk)
		return string(b)
	}
	replies := func(g corr.Game, c int) string {
		b := listsOf(&g, nil)[listReplies].appendItems(nil, c*listChunk, (c+1)*listChunk)
		return string(b)
	}
	answered := old
	answered.Plies = append(slices.Clone(old.Plies), ply(17))
	answered.Replies = append(slices.Clone(old.Replies), timecontrol.Reply{Received: d.AddDays(20)})
	answered.Replies[16].Sent = d.AddDays(20)
	corrected := old
	corrected.Plies = slices.Clone(old.Plies)
	corrected.Plies[3].Corrected = true // 6.2.10
	taken := old
	taken.Plies, taken.Replies = old.Plies[:9], old.Replies[:8]
	for _, tc := range []struct {
		name     string
		g, old   corr.Game
		had      bool
		want     []listChunkRow
		wantCuts [4]int
	}{
		{"not stored: every chunk", old, corr.Game{}, false, []listChunkRow{
			{listPlies, 0, plies(old, 0)}, {listPlies, 1, plies(old, 1)},
			{listReplies, 0, replies(old, 0)}, {listReplies, 1, replies(old, 1)},
		}, [4]int{-1, -1, -1, -1}},
		{"unchanged: nothing", old, old, true, nil, [4]int{-1, -1, -1, -1}},
		{"an answer: its items in the tails", answered, old, true, nil, [4]int{-1, -1, -1, -1}},
		{"a ply of a chunk corrected: that chunk", corrected, old, true, []listChunkRow{{listPlies, 0, plies(corrected, 0)}}, [4]int{-1, -1, -1, -1}},
		{"taken back: the chunks cut", taken, old, true, nil, [4]int{1, 0, -1, -1}},
	} {
		got, cuts := changedChunks(&tc.g, &tc.old, tc.had)
		assert.Equal(t, tc.want, got, tc.name)
		assert.Equal(t, tc.wantCuts, cuts, tc.name)
	}
	col := listsColumn(&answered)
	assert.Equal(t, "2 "+string(listsOf(&answered, nil)[listPlies].appendItems(nil, 16, 18))+"\n2 "+
		string(listsOf(&answered, nil)[listReplies].appendItems(nil, 16, 18))+"\n0 \"\\u003cm1\\u003e\"\n0 ", col)
	assert.Empty(t, listsColumn(&corr.Game{Code: "ЧР 1-2"}), "no list, no column")
}

// A list's chunks are its whole chunks before its last item's: the last
// item, which a letter changes, is the tail's.
func TestSealedChunks_AllButTheLastItemsChunk(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 0, 8: 0, 9: 1, 16: 1, 17: 2, 80: 9} {
		assert.Equal(t, want, sealedChunks(n), "%d items", n)
	}
}

// FuzzReadListsColumn: any column reads without a panic, and a game's
// column reads as its tails and counts.
func FuzzReadListsColumn(f *testing.F) {
	f.Add("", 0)
	f.Add("1 {\"Text\":\"a\"}\n0 \n0 \"\u003cm\u003e\"\n0 ", 3)
	f.Add("x\n\n\n", 20)
	f.Fuzz(func(t *testing.T, col string, n int) {
		_, _, _ = readListsColumn(col) // only that it returns
		n = n % 100
		if n < 0 {
			n = -n
		}
		var g corr.Game
		for i := range n {
			g.Letters[i%2] = append(g.Letters[i%2], col)
		}
		chunks, tails, err := readListsColumn(listsColumn(&g))
		require.NoError(t, err)
		for side := range 2 {
			l, n := listsOf(&g, nil)[listLetters+side], len(g.Letters[side])
			require.Equal(t, sealedChunks(n), chunks[listLetters+side])
			require.Equal(t, string(l.appendItems(nil, chunks[listLetters+side]*listChunk, n)), tails[listLetters+side])
		}
	})
}

// The games row's state keeps no list, and stays the same size as the
// game grows; the game read again from the rows, after every letter, is
// the game as the referee left it, its chunks (none yet) those its lists
// have.
func TestGameLists_ALetterWritesItsItems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	const code = "ТЕСТ-2026 1-2"
	var sizes []int
	for _, r := range game12 {
		_, s := applyRead(t, db, cipher, r)
		warm, _ := s.Game(code)

		g, _ := coldState(t, path, cipher).Game(code)
		warm.Claims, g.Claims = nil, nil
		assert.Equal(t, emptyListsNil(warm), emptyListsNil(g), r.MessageID)

		var state string
		require.NoError(t, db.db.QueryRow(`SELECT state FROM games WHERE code = ?`, code).Scan(&state))
		for _, list := range []string{`"Plies"`, `"Replies"`, `"Letters"`} {
			assert.NotContains(t, state, list, r.MessageID)
		}
		sizes = append(sizes, len(state))
		var chunks int
		require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_chunks c JOIN games g ON g.id = c.game_id WHERE g.code = ?`, code).Scan(&chunks))
		assert.Equal(t, sealedChunks(len(g.Plies))+sealedChunks(len(g.Replies))+sealedChunks(len(g.Letters[0]))+sealedChunks(len(g.Letters[1])), chunks, r.MessageID)
	}
	assert.Less(t, sizes[len(sizes)-1]-sizes[0], 40, "the row does not grow with the moves: %v", sizes)
}

// A store written before migration 0011 (each game's lists in its
// games.state) reads as before once opened: the lists moved out of
// games.state (by 0011 to game_lists, then by 0013 to chunks and tails),
// whatever their strings.
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
			*g = longLists(*g, []corr.Game{*g}) // chunks once migrated
		}
		row, err := gameJSON(*g)
		require.NoError(t, err)
		_, err = old.Exec(`UPDATE games SET state = ? WHERE code = ?`, string(row), g.Code)
		require.NoError(t, err)
	}
	for _, q := range []string{`DROP TABLE game_chunks`, `ALTER TABLE games DROP COLUMN lists`, `ALTER TABLE games DROP COLUMN ledger_sum`, `PRAGMA user_version = 10`} {
		_, err = old.Exec(q)
		require.NoError(t, err, q)
	}
	require.NoError(t, old.Close())

	db, after := migrated(t, path, cipher, before)
	for i, g := range after.Games {
		assert.Equal(t, emptyListsNil(*before.Games[i]), emptyListsNil(*g), g.Code)
	}
	states, err := db.column(ctx, db.db, `SELECT state FROM games`)
	require.NoError(t, err)
	for _, s := range states {
		assert.False(t, strings.Contains(s, `"Plies"`) || strings.Contains(s, `"Replies"`) || strings.Contains(s, `"Letters"`), s)
	}
	var chunks int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_chunks`).Scan(&chunks))
	assert.Positive(t, chunks)
}

// migrated opens the store at path, as an earlier version left it, and
// reads the tournament cipher's state, of before's games; the store is
// closed when t ends.
func migrated(t *testing.T, path, cipher string, before corr.State) (*DB, corr.State) {
	t.Helper()
	db := opened(t, path)
	after, err := db.State(context.Background(), cipher)
	require.NoError(t, err)
	require.Len(t, after.Games, len(before.Games))
	return db, after
}

// asVersion12 brings the store of sqldb, this version's, back to the
// layout of version 12 (and 11) with games' lists as gs: the lists' items
// a row each in game_lists, no chunk, no lists and no ledger_sum column.
func asVersion12(t *testing.T, sqldb *sql.DB, gs []*corr.Game) {
	t.Helper()
	for _, q := range []string{`DROP TABLE game_chunks`, `ALTER TABLE games DROP COLUMN lists`, `ALTER TABLE games DROP COLUMN ledger_sum`,
		`CREATE TABLE game_lists (game_id INTEGER NOT NULL, list INTEGER NOT NULL, seq INTEGER NOT NULL, item TEXT NOT NULL, PRIMARY KEY (game_id, list, seq)) WITHOUT ROWID`,
		`PRAGMA user_version = 12`} {
		_, err := sqldb.Exec(q)
		require.NoError(t, err, q)
	}
	for _, g := range gs {
		var gid int64
		require.NoError(t, sqldb.QueryRow(`SELECT id FROM games WHERE code = ?`, g.Code).Scan(&gid))
		for list, l := range listsOf(g, nil) {
			for seq := range l.size(g) {
				_, err := sqldb.Exec(`INSERT INTO game_lists (game_id, list, seq, item) VALUES (?, ?, ?, ?)`, gid, list, seq, string(l.item(nil, seq)))
				require.NoError(t, err)
			}
		}
	}
}

// A store written by the previous version (12; since 0011 a row of game_lists an
// item) reads as before once opened: each list's chunks in game_chunks,
// its tail in its games row, whatever its strings and its length (none,
// within a chunk, a chunk and one more, many chunks), and game_lists
// gone; the letters after go on from there.
func TestMigration_0013_CutsTheListsInChunks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	for _, r := range game12[:2] {
		accepted(t, db, cipher, r)
	}
	before, err := db.State(ctx, cipher)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	// The store as the previous version left it: its lists' items a row
	// each, in game_lists.
	old, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	for i, g := range before.Games {
		if g.Code == "ТЕСТ-2026 1-2" {
			g.Letters[1] = append(g.Letters[1], `<q"uo\te ü@example.org>`, "<a,b\n>")
			*g = longLists(*g, []corr.Game{*g, *g}) // 15 plies: a chunk and a tail of 7
			g.Plies = append(g.Plies, g.Plies[0])
		}
		if i == 1 {
			g.Plies, g.Replies, g.Letters = nil, nil, [2][]string{} // no list
		}
	}
	asVersion12(t, old, before.Games)
	require.NoError(t, old.Close())

	db, after := migrated(t, path, cipher, before)
	for i, g := range after.Games {
		assert.Equal(t, emptyListsNil(*before.Games[i]), emptyListsNil(*g), g.Code)
		var lists string
		require.NoError(t, db.db.QueryRow(`SELECT lists FROM games WHERE code = ?`, g.Code).Scan(&lists))
		assert.Equal(t, listsColumn(g), lists, "%s: its row as this version writes it", g.Code)
	}
	var chunks, tables int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM game_chunks`).Scan(&chunks))
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'game_lists'`).Scan(&tables))
	assert.Positive(t, chunks)
	assert.Zero(t, tables, "game_lists dropped")
	g, _ := after.Game("ТЕСТ-2026 1-2")
	require.Greater(t, len(g.Plies), listChunk)

	// The game's next write, of two plies (a chunk more), a reply and an
	// id, goes on from the migrated rows.
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		l, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		next := l.State.Clone()
		for _, g := range next.Games {
			if g.Code == "ТЕСТ-2026 1-2" {
				g.Plies = append(g.Plies, g.Plies[1], g.Plies[2])
				g.Replies = append(g.Replies, g.Replies[0])
				g.Letters[0] = append(g.Letters[0], "<next>")
			}
		}
		return tx.Save(ctx, l, next, 0, Processed, timecontrol.Date{}, corr.Outcome{})
	}))
	warm, err := db.State(ctx, cipher)
	require.NoError(t, err)
	s := coldState(t, path, cipher)
	for i := range s.Games {
		assert.Equal(t, emptyListsNil(*warm.Games[i]), emptyListsNil(*s.Games[i]))
	}
}

// In a group, a letter's chunks wait for the commit; a tournament read
// again from its rows in the group (its copy forgotten) has them written
// first, so that its games are whole (its rows count their chunks), and
// the group's later letters write on them as on the copy. Each step here
// adds five items to each of a game's lists: the second seals a chunk.
func TestGameLists_ReadInAGroupSeesItsItems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	const code = "ТЕСТ-2026 1-2"
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	for step := range 4 {
		if step == 2 {
			require.NotEmpty(t, db.w.rows.lists, "the chunks wait for the commit")
			db.forgetAll()
			delete(db.w.current, cipher) // read from the rows in the group
		}
		require.NoError(t, each(g, func(tx *Tx) error {
			l, err := tx.Load(ctx, cipher)
			if err != nil {
				return err
			}
			next := l.State.Clone()
			for _, x := range next.Games {
				if x.Code != code {
					continue
				}
				for k := range 5 {
					x.Plies = append(x.Plies, corr.Ply{Text: fmt.Sprint(step, k)})
					x.Replies = append(x.Replies, timecontrol.Reply{Moves: 10*step + k})
					x.Letters[k%2] = append(x.Letters[k%2], fmt.Sprintf("<%d.%d>", step, k))
				}
			}
			return tx.Save(ctx, l, next, 0, Processed, timecontrol.Date{}, corr.Outcome{})
		}))
	}
	require.NoError(t, g.Commit())
	warm, err := db.State(ctx, cipher)
	require.NoError(t, err)
	s := coldState(t, path, cipher)
	want, _ := warm.Game(code)
	got, _ := s.Game(code)
	require.Len(t, got.Plies, 20)
	assert.Equal(t, emptyListsNil(want), emptyListsNil(got))
}
