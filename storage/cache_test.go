package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// opened is the store at path, opened; it is closed when t ends.
func opened(tb testing.TB, path string) *DB {
	tb.Helper()
	db, err := Open(path)
	require.NoError(tb, err)
	tb.Cleanup(func() { db.Close() })
	return db
}

// twoPlayers opens a store at path holding the replays' two-player
// tournament, started; it returns the cipher.
func twoPlayers(t *testing.T, path string) (*DB, string) {
	t.Helper()
	db := opened(t, path)
	tm := createTwo(t, db)
	require.NoError(t, start(context.Background(), db, tm.Cipher, tm.Start))
	return db, tm.Cipher
}

// coldState is the tournament cipher's state as a store opened afresh at
// path reads it from the rows, no copy of db's in memory.
func coldState(t *testing.T, path, cipher string) corr.State {
	t.Helper()
	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	s, err := cold.State(context.Background(), cipher)
	require.NoError(t, err)
	return s
}

// createTwo creates in db the replays' two-player tournament, its file's
// text with the strings replaced (old, new pairs: its cipher among them
// for a second one), not started.
func createTwo(t *testing.T, db *DB, oldnew ...string) corr.Tournament {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "two.toml"))
	require.NoError(t, err)
	file := []byte(strings.NewReplacer(oldnew...).Replace(string(src)))
	tm, err := corr.ParseTournament(file)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(context.Background(), tm, file))
	return tm
}

// moveLetter is a letter of the game 1-2 received on day (March 2026).
func moveLetter(id, from string, day int, text string) Received {
	return Received{Incoming: Incoming{MessageID: id, Raw: []byte(text), From: from,
		Postmark: time.Date(2026, 3, day, 10, 0, 0, 0, time.UTC)}, Subject: "[ТЕСТ-2026 #1-2]", Text: text, Auth: dmarcPass}
}

// dmarcPass is how the receiving server vouched for the test letters.
var dmarcPass = corr.Auth{Method: corr.AuthDMARC}

var game12 = []Received{
	moveLetter("<m1>", "ivanov@example.org", 1, "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"),
	moveLetter("<m2>", "petrov@example.org", 4, "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3"),
	moveLetter("<m3>", "ivanov@example.org", 6, "ТЕСТ-2026 1-2\nВаш ход: 1...f6-g5\nМой ход: 2.g3-f4\n04.03.2026 / 04.03.2026 / 06.03.2026\nВремя: 2/3"),
	moveLetter("<m4>", "petrov@example.org", 9, "ТЕСТ-2026 1-2\nYour move: 2.g3-f4\nMy move: 2...g7-f6\nI take a break from 20.03.2026 to 25.03.2026\n06.03.2026 / 06.03.2026 / 09.03.2026\nTime: 2/6"),
}

// storedLedger reads the ledger lines of a game as stored.
func storedLedger(t *testing.T, db *DB, code string) []ledgerRow {
	rows, err := db.db.Query(`SELECT l.player, l.received, l.sent, l.days, l.total, l.counted_moves, l.notes
		FROM ledger_lines l JOIN games g ON g.id = l.game_id WHERE g.code = ? ORDER BY l.seq`, code)
	require.NoError(t, err)
	defer rows.Close()
	var out []ledgerRow
	for rows.Next() {
		var r ledgerRow
		require.NoError(t, rows.Scan(&r.player, &r.received, &r.sent, &r.days, &r.total, &r.counted, &r.notes))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

// The ledger lines written a few at a time (from the first that changed)
// are the lines of the game's whole ledger, letter after letter.
func TestCache_LedgerLinesWrittenFromTheFirstChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	for _, r := range game12 {
		accepted(t, db, cipher, r)

		s := coldState(t, path, cipher)
		g, _ := s.Game("ТЕСТ-2026 1-2")
		want := ledgerRows(s, g)
		require.NotEmpty(t, want)
		assert.Equal(t, want, storedLedger(t, db, g.Code), r.MessageID)
	}
}

// Another process writing the same store (a judge's command beside the
// daemon) is seen: the copy in memory is not used once the stored state
// has changed.
func TestCache_AnotherWriterIsSeen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	a, cipher := twoPlayers(t, path)
	b, err := Open(path)
	require.NoError(t, err)
	defer b.Close()
	ctx := context.Background()
	_, err = apply(ctx, a, cipher, game12[0])
	require.NoError(t, err)
	_, err = a.State(ctx, cipher) // a now holds the state in memory
	require.NoError(t, err)
	res := accepted(t, b, cipher, game12[1])

	s, err := a.State(ctx, cipher)
	require.NoError(t, err)
	g, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, g.Plies, 2, "b's move is seen by a")
	res, err = apply(ctx, a, cipher, game12[2])
	require.NoError(t, err)
	assert.True(t, res.Outcome.Accepted, "a applies the next move on b's state: %s", res.Outcome.Reason)
}

// A transaction that fails after the state was written leaves neither the
// rows nor the copy in memory: the same letter applies afterwards, once.
func TestCache_FailedTransactionIsForgotten(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	// The events are written after the game: make that write fail.
	_, err = db.db.Exec(`CREATE TRIGGER fail BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END`)
	require.NoError(t, err)
	_, err = apply(ctx, db, cipher, game12[1])
	require.ErrorContains(t, err, "disk full")
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	g, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, g.Plies, 1, "the failed letter changed nothing")

	_, err = db.db.Exec(`DROP TRIGGER fail`)
	require.NoError(t, err)
	res, err := apply(ctx, db, cipher, game12[1])
	require.NoError(t, err)
	require.True(t, res.Fresh)
	require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	s, err = db.State(ctx, cipher)
	require.NoError(t, err)
	g, _ = s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, g.Plies, 2)
}

// sameGame sees a change in any part of a game, the long lists and the rest.
func TestCache_SameGameSeesEveryChange(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	for _, r := range game12[:3] {
		_, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
	}
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	g := s.Games[0]
	require.NotEmpty(t, g.Plies)
	require.True(t, sameGame(*g, *s.Clone().Games[0]), "a copy is the same game")
	cases := map[string]func(g *corr.Game){
		"ply":      func(g *corr.Game) { g.Plies[0].Text = "c3-b4" },
		"reply":    func(g *corr.Game) { g.Replies[1].Sent = g.Replies[1].Sent.AddDays(1) },
		"penalty":  func(g *corr.Game) { g.Penalties = append(g.Penalties, timecontrol.Penalty{Days: 6}) },
		"letters":  func(g *corr.Game) { g.Letters[1] = append(g.Letters[1], "<x>") },
		"status":   func(g *corr.Game) { g.Status = corr.Finished },
		"known":    func(g *corr.Game) { g.Known[0]++ },
		"reminded": func(g *corr.Game) { g.Reminded = g.Reminded.AddDays(3) },
		"claims":   func(g *corr.Game) { g.Claims = append(g.Claims, corr.Claim{Seq: 1}) },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			c := s.Clone().Games[0]
			change(c)
			assert.False(t, sameGame(*g, *c))
		})
	}
}

// The copies in memory are bounded: past max, the least recently used
// goes, so memory does not grow with the number of tournaments.
func TestCache_BoundedLeastRecentlyUsedGoes(t *testing.T) {
	c := newLRU[int](2)
	c.put("a", 1)
	c.put("b", 2)
	_, _ = c.get("a") // a is now the most recent
	c.put("c", 3)
	_, okA := c.get("a")
	_, okB := c.get("b")
	v, okC := c.get("c")
	assert.Equal(t, []bool{true, false, true}, []bool{okA, okB, okC})
	assert.Equal(t, 3, v)
	c.drop("a")
	_, okA = c.get("a")
	assert.False(t, okA)
	c.clear()
	_, okC = c.get("c")
	assert.False(t, okC)
}

// A weighed lru counts each value's weight against its bound: the least
// recently used go until the rest fit, a value replaced weighs anew, and
// the most recent stays however heavy.
func TestCache_WeighedLeastRecentlyUsedGo(t *testing.T) {
	c := newWeighedLRU(10, func(v int) int { return v })
	c.put("a", 4)
	c.put("b", 4)
	c.put("c", 4) // 12: a goes
	_, okA := c.get("a")
	assert.False(t, okA)
	c.put("b", 2) // b weighs 2 now: 6, and d fits
	c.put("d", 4)
	_, okB := c.get("b")
	_, okC := c.get("c")
	assert.True(t, okB && okC)
	c.put("e", 20) // heavier than the bound: kept, alone
	_, okB = c.get("b")
	v, okE := c.get("e")
	assert.Equal(t, []any{false, true, 20}, []any{okB, okE, v})
	c.clear()
	c.put("f", 10)
	_, okF := c.get("f")
	assert.True(t, okF, "clear forgets the weight")
}

// round gets each of keys in turn from c, putting the ones it misses, as
// the store reads a tournament it does not hold, and then putting each
// again, as the store keeps the copy a letter wrote; it returns the hits.
func round(c *lru[int], keys []string) int {
	hits := 0
	for _, k := range keys {
		if _, ok := c.get(k); ok {
			hits++
		} else {
			c.put(k, 1)
		}
		c.put(k, 1)
	}
	return hits
}

func keys(prefix string, n int) []string {
	ks := make([]string, n)
	for i := range ks {
		ks[i] = fmt.Sprint(prefix, i)
	}
	return ks
}

// Keys that come round in a cycle longer than the lru holds (a backlog's
// tournaments interleaved): a plain LRU drops each just before it comes
// again and finds none; this one keeps most of what it holds from round
// to round.
func TestCache_CycleLongerThanTheBoundKeepsMostOfIt(t *testing.T) {
	for _, tc := range []struct {
		max, keys, minHits int
	}{
		{10, 15, 8},
		{10, 11, 8},
		{10, 40, 7},
		{64, 100, 55},
	} {
		c := newLRU[int](tc.max)
		ks := keys("T", tc.keys)
		for range 3 {
			round(c, ks)
		}
		for r := range 5 {
			assert.GreaterOrEqual(t, round(c, ks), tc.minHits, "%d keys in %d, round %d", tc.keys, tc.max, r)
		}
	}
}

// The benchmark's backlog of 12,000 games, 115 tournaments of 105 games
// interleaved, against cachedBytes: about two thirds of them found.
func TestCache_InterleavedBacklogFindsMostTournaments(t *testing.T) {
	c := newWeighedLRU(cachedBytes, func(int) int { return 106 * gameFloorBytes })
	ks := keys("Б-", 115)
	for range 3 {
		round(c, ks)
	}
	assert.GreaterOrEqual(t, round(c, ks), 70)
}

// A working set that changed gets in: new keys as a plain LRU puts them,
// and keys dropped for room a short while ago (the cache cycling) within
// a few rounds, when they fit.
func TestCache_ChangedWorkingSetGetsIn(t *testing.T) {
	c := newLRU[int](10)
	old := keys("old", 10)
	round(c, old)
	fresh := keys("new", 10)
	round(c, fresh)
	assert.Equal(t, 10, round(c, fresh), "new keys, put once, are all kept")

	c = newLRU[int](10)
	all := keys("T", 15)
	for range 3 {
		round(c, all)
	}
	var missing []string // dropped by the cycle, so ghosts
	for _, k := range all {
		if _, ok := c.items[k]; !ok {
			missing = append(missing, k)
		}
	}
	require.Len(t, missing, 5)
	n := 0
	for round(c, missing) < len(missing) {
		n++
		require.Less(t, n, 4*promoteEvery, "the returning keys never got in")
	}
}

// A value put again stays where it stands and weighs anew: heavier, the
// least recently used of the others go until the bound holds again.
func TestCache_ValuePutAgainHeavierMakesRoom(t *testing.T) {
	for _, tc := range []struct {
		again string
		gone  string
	}{
		{"b", "a"}, // in the middle: the least recently used goes
		{"a", "b"}, // the least recently used itself: the next one goes
	} {
		c := newWeighedLRU(10, func(v int) int { return v })
		c.put("a", 3)
		c.put("b", 3)
		c.put("c", 3)
		c.put(tc.again, 6) // 12
		assert.LessOrEqual(t, c.weight, c.max, "%s put again", tc.again)
		for _, k := range []string{"a", "b", "c"} {
			_, ok := c.get(k)
			assert.Equal(t, k != tc.gone, ok, "%s put again: %s kept", tc.again, k)
		}
	}
}

// A key put again goes in at the least recently used end only while it
// is among the last ghostKeys dropped for room, and the keys remembered
// stay bounded however many are dropped.
func TestCache_DroppedKeysRememberedForAWhile(t *testing.T) {
	for _, tc := range []struct {
		dropsAfter int
		back       bool
	}{
		{0, true},
		{ghostKeys - 1, true},
		{ghostKeys, false},
		{ghostKeys + 1, false},
		{10 * ghostKeys, false},
	} {
		c := newLRU[int](1)
		c.put("K", 1)
		c.put("other", 1) // drops K
		for i := range tc.dropsAfter {
			c.put(fmt.Sprint("T", i), 1)
		}
		assert.LessOrEqual(t, len(c.ghosts), 2*ghostKeys, "%d drops: the keys remembered", tc.dropsAfter)
		c.max = 2 // room for K without a drop
		c.put("K", 1)
		back := c.order.Back().Value.(lruItem[int]).key == "K"
		assert.Equal(t, tc.back, back, "K put again after %d other drops goes in at the back", tc.dropsAfter)
	}
}

// copyAt is a committed copy of a tournament of games games, each played
// to move (its plies, replies, letters' ids and stored ledger lines as a
// game at that move has them; no kept day ledger), with strings as long
// as the store's.
func copyAt(games, move int) *committed {
	c := &committed{games: map[string]gameRow{}}
	n := 2 * (move - 1)
	for i := range games {
		code := fmt.Sprintf("Б-%03d", i)
		g := &corr.Game{Code: code, Result: "*", Plies: make([]corr.Ply, n), Replies: make([]timecontrol.Reply, n)}
		row := gameRow{id: int64(i), known: true, ledger: make([]ledgerRow, n)}
		for k := range n {
			g.Plies[k].Text = fmt.Sprintf("c%d-d%d", k%8, k%8+1)
			g.Letters[k%2] = append(g.Letters[k%2], fmt.Sprintf("<%d.%d.%s@referee.example.org>", i, k, code))
			row.ledger[k] = ledgerRow{player: "white", received: fmt.Sprintf("2026-01-%02d", k%28+1),
				sent: fmt.Sprintf("2026-02-%02d", k%28+1), days: k, notes: fmt.Sprintf(`[{"Kind":%d}]`, k)}
		}
		c.state.Games = append(c.state.Games, g)
		c.games[code] = row
	}
	return c
}

// A copy's weight is its bytes as estimated from what grows with its
// games, a game some tens of KB at move 40, and at least gameFloorBytes a
// game and one more: no more games are kept than cachedGames.
func TestCommitted_WeightFollowsTheGames(t *testing.T) {
	perPly := plyBytes + replyBytes + ledgerRowBytes + letterIDBytes
	for _, tc := range []struct {
		games, move int
		bytes       int
	}{
		{0, 1, copyBytes},
		{1, 1, copyBytes + gameBytes},
		{1, 2, copyBytes + gameBytes + 2*perPly},
		{105, 2, copyBytes + 105*(gameBytes+2*perPly)},
		{1, 40, copyBytes + gameBytes + 78*perPly},
		{105, 40, copyBytes + 105*(gameBytes+78*perPly)},
	} {
		c := copyAt(tc.games, tc.move)
		assert.Equal(t, tc.bytes, c.bytes(), "%d games at move %d", tc.games, tc.move)
		assert.Equal(t, max(tc.bytes, (tc.games+1)*gameFloorBytes), c.weight(), "%d games at move %d", tc.games, tc.move)
	}
	assert.Equal(t, 106*gameFloorBytes, copyAt(105, 20).weight(), "105 games at move 20, without kept ledgers, weigh the floor")
	assert.Greater(t, copyAt(105, 40).weight(), 106*gameFloorBytes, "105 games at move 40 weigh more than the floor")
}

// The estimate is of the order of the bytes a copy holds: measured on
// the heap for a tournament of long games, it is neither below two
// thirds of them nor above twice (the kept day ledgers, not built here,
// are counted by corr.State.KeptLedgerLines).
func TestCommitted_WeightNearTheHeap(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c := copyAt(105, 40)
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int(after.HeapAlloc - before.HeapAlloc)
	w := c.bytes()
	t.Logf("estimated %d, held %d", w, held)
	assert.GreaterOrEqual(t, w, held*2/3, "weight %d against %d bytes held", w, held)
	assert.LessOrEqual(t, w, held*2, "weight %d against %d bytes held", w, held)
	runtime.KeepAlive(c)
}

// The copies of every tournament a federation plays at once stay in
// memory (a backlog brings their letters interleaved, and a copy dropped
// is read again from its rows), and one huge tournament does not hold
// more than their games.
func TestCache_HoldsAFederationsTournaments(t *testing.T) {
	db := opened(t, filepath.Join(t.TempDir(), "z.db"))
	federation := copyAt(127, 2)
	for k := range 64 {
		db.keep(fmt.Sprint("T", k), federation) // 64 × (127+1) games' floor: the bound exactly
	}
	for k := range 64 {
		_, ok := db.tournaments.get(fmt.Sprint("T", k))
		require.True(t, ok, "tournament %d of 64 kept", k)
	}
	db.keep("one more", copyAt(0, 1)) // a game's floor over the bound
	_, ok := db.tournaments.get("T0")
	assert.False(t, ok, "the least recently used dropped past the bound")
	db.keep("huge", copyAt(cachedGames, 2))
	_, ok = db.tournaments.get("T63")
	assert.False(t, ok, "a tournament as big as the bound leaves room for no other")
}

// Long games are kept by their bytes, not their count: of a federation's
// 64 tournaments of 127 games at move 40, some 3.6 MB each, the copies
// kept stay within cachedBytes, fewer than the 64 a bound of games kept.
func TestCache_LongGamesWithinTheBytes(t *testing.T) {
	db := opened(t, filepath.Join(t.TempDir(), "z.db"))
	long := copyAt(127, 40)
	for k := range 64 {
		db.keep(fmt.Sprint("T", k), long)
		assert.LessOrEqual(t, db.tournaments.weight, cachedBytes, "after %d tournaments", k+1)
	}
	kept := db.tournaments.order.Len()
	assert.Equal(t, cachedBytes/long.weight(), kept, "tournaments of long games kept")
	for k := 64 - kept; k < 64; k++ {
		_, ok := db.tournaments.get(fmt.Sprint("T", k))
		assert.True(t, ok, "the most recent tournament %d kept", k)
	}
}

// Only the games a letter changed are written (corr.State.Changed); a
// store opened cold, from the rows, holds the same state as the copy in
// memory after every step, the ledger lines of every game included: no
// changed game is left unsaved.
func TestCache_ChangedGamesSavedColdReadSame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db := opened(t, path)
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "example.toml"))
	require.NoError(t, err)
	src = append(src, "\n[[players]]\nnumber = 3\nname = \"Сидоров Сидор\"\nemail = \"sidorov@example.org\"\n[[games]]\nwhite = 3\nblack = 1\n[[games]]\nwhite = 2\nblack = 3\n"...)
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, db.CreateTournament(ctx, tm, src))
	err = start(ctx, db, tm.Cipher, tm.Start)
	require.NoError(t, err)
	letter := func(id, from, game string, day int, text string) Received {
		return Received{Incoming: Incoming{MessageID: id, Raw: []byte(text), From: from, Postmark: time.Date(2026, 3, day, 10, 0, 0, 0, time.UTC)},
			Subject: "[ЧР-2026-ЗФ #" + game + "]", Text: text, Auth: dmarcPass}
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"a move in 1-2", func() error {
			_, err := apply(ctx, db, tm.Cipher, letter("<a1>", "ivanov@example.org", "1-2", 1, "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"))
			return err
		}},
		{"a move in 3-1", func() error {
			_, err := apply(ctx, db, tm.Cipher, letter("<a2>", "sidorov@example.org", "3-1", 2, "ЧР-2026-ЗФ 3-1\nМой ход: 1.c3-d4\n02.03.2026 / 02.03.2026 / 02.03.2026\nВремя: 0/0"))
			return err
		}},
		{"a reply in 1-2", func() error {
			_, err := apply(ctx, db, tm.Cipher, letter("<a3>", "petrov@example.org", "1-2", 4, "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3"))
			return err
		}},
		{"a refused move in 2-3", func() error {
			_, err := apply(ctx, db, tm.Cipher, letter("<a4>", "petrov@example.org", "2-3", 5, "ЧР-2026-ЗФ 2-3\nMy move: 1.a1-h8\n05.03.2026 / 05.03.2026 / 05.03.2026\nTime: 0/0"))
			return err
		}},
		{"a break: every ledger of the player", func() error {
			_, err := apply(ctx, db, tm.Cipher, letter("<a5>", "ivanov@example.org", "3-1", 6, "ЧР-2026-ЗФ 3-1\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\nберу перерыв с 20.03.2026 по 25.03.2026\n02.03.2026 / 02.03.2026 / 06.03.2026\nВремя: 0/4"))
			return err
		}},
		{"a day: not tracked, every game compared", func() error {
			err := checked(ctx, db, tm.Cipher, timecontrol.MustDate("2026-04-30"))
			return err
		}},
	}
	for _, st := range steps {
		require.NoError(t, st.do(), st.name)
		warm, err := db.State(ctx, tm.Cipher)
		require.NoError(t, err)
		s := coldState(t, path, tm.Cipher)
		assert.Equal(t, warm, s, st.name)
		for _, g := range s.Games {
			assert.Equal(t, ledgerRows(s, *g), storedLedger(t, db, g.Code), "%s: game %s", st.name, g.Code)
		}
	}
	s, err := db.State(ctx, tm.Cipher)
	require.NoError(t, err)
	g, _ := s.Game(corr.GameCode(tm.Cipher, corr.Pairing{White: 1, Black: 2}))
	assert.Len(t, g.Plies, 2, "the moves were applied")
	assert.Len(t, s.Breaks, 1, "the break was applied")
}

// A game's row keeps its status and result columns as the game has them:
// a move writes only the state and leaves them, a resignation (2.8)
// writes them too.
func TestGameRow_StatusAndResultAsTheGame(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	columns := func() (string, string) {
		var status, result string
		require.NoError(t, db.db.QueryRow(`SELECT status, result FROM games WHERE code = 'ТЕСТ-2026 1-2'`).Scan(&status, &result))
		return status, result
	}
	for _, r := range append(slices.Clone(game12[:2]), moveLetter("<r3>", "ivanov@example.org", 7, "ТЕСТ-2026 1-2\nСдаюсь.")) {
		res, s := applyRead(t, db, cipher, r)
		require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
		g, _ := s.Game("ТЕСТ-2026 1-2")
		status, result := columns()
		assert.Equal(t, g.Status.String(), status, r.MessageID)
		assert.Equal(t, g.Result, result, r.MessageID)
	}
	status, result := columns()
	assert.Equal(t, "finished", status)
	assert.Equal(t, "0-1", result)
}

// sameLine tells a ledger line stored as a row exactly when writing the
// line out gives that row: every line of the fixtures' games after every
// letter (a break's notes among them) against every row, its own
// included, and a row differing in each column.
func TestSameLine_AsRowOf(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	var lines []timecontrol.Line
	for _, r := range game12 {
		_, s := applyRead(t, db, cipher, r)
		for _, g := range s.Games {
			lines = append(lines, ledgerLines(s, *g)...)
		}
	}
	noted := 0
	for _, ln := range lines {
		if len(ln.Notes) > 0 {
			noted++
		}
	}
	require.NotZero(t, noted, "no line with notes: the test does not test them")
	var rows []ledgerRow
	for _, ln := range lines {
		r := rowOf(ln)
		rows = append(rows, r)
		for _, changed := range []func(*ledgerRow){
			func(r *ledgerRow) { r.player = "black" + r.player },
			func(r *ledgerRow) { r.received += "x" },
			func(r *ledgerRow) { r.sent = "" },
			func(r *ledgerRow) { r.days++ },
			func(r *ledgerRow) { r.total++ },
			func(r *ledgerRow) { r.counted++ },
			func(r *ledgerRow) { r.notes += "\n" },
		} {
			c := r
			changed(&c)
			rows = append(rows, c)
		}
	}
	for i, ln := range lines {
		for j, r := range rows {
			require.Equal(t, rowOf(ln) == r, sameLine(ln, r), "line %d, row %d", i, j)
		}
	}
}

// loadIn loads tournament cipher in a write transaction of its own.
func loadIn(ctx context.Context, db *DB, cipher string) (l Tournament, err error) {
	err = db.Update(ctx, func(tx *Tx) error {
		l, err = tx.Load(ctx, cipher)
		return err
	})
	return l, err
}

// The writer's later transactions read neither the row nor the desk of a
// tournament its last commit left as stored while no other connection
// commits (PRAGMA data_version, which neither the writer's own commits
// nor the store's checkpoints change); another connection's commit has them read
// again. A row and a desk changed on the writer's own connection outside
// the store's transactions, which nothing of the store does, show
// whether they were read.
func TestCache_OwnCommitsNotReadAgain(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	var row string
	require.NoError(t, db.db.QueryRow(`SELECT state FROM tournaments WHERE cipher = ?`, cipher).Scan(&row))
	_, err = db.wc.conn.ExecContext(ctx, `UPDATE tournaments SET state = 'not read' WHERE cipher = ?`, cipher)
	require.NoError(t, err)
	_, err = db.wc.conn.ExecContext(ctx, `INSERT INTO desks (tournament_id, organiser_name, organiser_email)
		SELECT id, 'Сидоров', 'sidorov@example.org' FROM tournaments WHERE cipher = ?`, cipher)
	require.NoError(t, err)

	// (A TRUNCATE checkpoint, which the store never runs, resets the WAL
	// under the writer and counts as another connection's commit.)
	for _, checkpoint := range []string{"", "PASSIVE", "FULL", "RESTART"} {
		if checkpoint != "" {
			_, err := db.db.Exec(`PRAGMA wal_checkpoint(` + checkpoint + `)`)
			require.NoError(t, err)
		}
		l, err := loadIn(ctx, db, cipher)
		require.NoError(t, err, "the copy as committed, after a checkpoint %s", checkpoint)
		g, _ := l.State.Game("ТЕСТ-2026 1-2")
		assert.Len(t, g.Plies, 1)
		assert.Empty(t, l.Desk.Organiser.Name, "the desk known empty, after a checkpoint %s", checkpoint)
	}

	_, err = db.db.Exec(`UPDATE desks SET organiser_name = 'Смирнов'`) // another connection
	require.NoError(t, err)
	_, err = loadIn(ctx, db, cipher)
	require.ErrorContains(t, err, "state", "the row read again")
	_, err = db.db.Exec(`UPDATE tournaments SET state = ? WHERE cipher = ?`, row, cipher)
	require.NoError(t, err)
	l, err := loadIn(ctx, db, cipher)
	require.NoError(t, err)
	assert.Equal(t, "Смирнов", l.Desk.Organiser.Name, "the desk read again")
}

// A letter that failed, and its group with it, leaves no copy of what it
// wrote for the writer's later transactions, nor the copy it loaded
// marked as stored: the next transaction sees the tournament as its rows
// hold it.
func TestCache_FailedLetterNotKept(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	g, err := db.Group(ctx)
	require.NoError(t, err)
	defer g.Rollback()
	undone := errors.New("undone")
	err = each(g, func(tx *Tx) error {
		acceptedIn(t, tx, cipher, game12[1])
		return undone
	})
	require.ErrorIs(t, err, undone)
	require.ErrorIs(t, g.Commit(), undone)

	l, err := loadIn(ctx, db, cipher)
	require.NoError(t, err)
	gm, _ := l.State.Game("ТЕСТ-2026 1-2")
	assert.Len(t, gm.Plies, 1, "the undone move is not kept")
	res, err := apply(ctx, db, cipher, game12[1])
	require.NoError(t, err)
	require.True(t, res.Fresh)
	assert.True(t, res.Outcome.Accepted, res.Outcome.Reason)
}

// A tournament loaded again after its transaction saved it is what the
// transaction wrote, not the copy the writer's last commit left as
// stored: its holds, day checks and desk rulings load a tournament once a
// step, and one Tx may run several.
func TestCache_LoadAfterSaveInOneTransaction(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0]) // leaves its copy as stored
	require.NoError(t, err)
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		acceptedIn(t, tx, cipher, game12[1])
		l, err := tx.Load(ctx, cipher)
		require.NoError(t, err)
		g, _ := l.State.Game("ТЕСТ-2026 1-2")
		assert.Len(t, g.Plies, 2, "the move this transaction saved")
		return nil
	}))
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	g, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Len(t, g.Plies, 2)
}

// A write transaction that panics (a step's bug, which an HTTP server
// recovers from) is rolled back, and the copies it loaded are forgotten
// with it: a copy it brought up to date in place (the games' rows and
// ledger lines, p.games) does not stand for the rows rolled back.
func TestCache_PanickedTransactionForgotten(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	func() {
		defer func() { assert.Equal(t, "a step's bug", recover()) }()
		db.Update(ctx, func(tx *Tx) error {
			acceptedIn(t, tx, cipher, game12[1])
			panic("a step's bug")
		})
	}()
	res, s := applyRead(t, db, cipher, game12[1])
	require.True(t, res.Fresh)
	require.True(t, res.Outcome.Accepted, res.Outcome.Reason)
	g, _ := s.Game("ТЕСТ-2026 1-2")
	assert.Equal(t, ledgerRows(s, g), storedLedger(t, db, g.Code), "the ledger's lines written again")
}
