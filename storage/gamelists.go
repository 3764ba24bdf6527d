package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"zaochnik/corr"
)

// A game's plies, its ledger's replies and the Message-IDs of each side's
// accepted letters grow by a few items with every letter, about 325 bytes
// of games.state a move, so that past move 12 or so a row written whole
// filled overflow pages, and every letter wrote them all again. They are
// rows of game_lists instead (migration 0011), one an item, clustered by
// game: a letter writes the items that changed or came (a ply, the reply
// it closed and the one it opened, its Message-ID), the games row keeps
// the rest and stays small. Each item is its JSON as gameJSON writes it
// in a list, so that a game read back (gameWithLists) is the JSON it
// always was, read by readGameJSON.

// The lists of game_lists.list.
const (
	listPlies   = 0
	listReplies = 1
	listLetters = 2 // White's; Black's is listLetters+1
)

// withoutLists is g without the lists game_lists keeps: what games.state
// holds.
func withoutLists(g corr.Game) corr.Game {
	g.Plies, g.Replies, g.Letters = nil, nil, [2][]string{}
	return g
}

// listItem is an item's row: its list, its place and its JSON.
type listItem struct {
	list, seq int
	item      string
}

// changedItems are game g's items that are not old's (had: old is
// stored; else every item of g), and for each list the length to cut its
// stored items to (-1: none to cut).
func changedItems(g, old corr.Game, had bool) (items []listItem, cut [4]int) {
	cut = [4]int{-1, -1, -1, -1}
	var b []byte
	add := func(list, from, n int, old int, item func(b []byte, i int) []byte) {
		if had && old > n {
			cut[list] = n
		}
		for i := from; i < n; i++ {
			b = item(b[:0], i)
			items = append(items, listItem{list: list, seq: i, item: string(b)})
		}
	}
	from := func(n int, same func(i int) bool) int {
		k := 0
		for had && k < n && same(k) {
			k++
		}
		return k
	}
	k := from(min(len(g.Plies), len(old.Plies)), func(i int) bool { return g.Plies[i] == old.Plies[i] })
	add(listPlies, k, len(g.Plies), len(old.Plies), func(b []byte, i int) []byte { return appendPly(b, g.Plies[i]) })
	k = from(min(len(g.Replies), len(old.Replies)), func(i int) bool { return g.Replies[i] == old.Replies[i] })
	add(listReplies, k, len(g.Replies), len(old.Replies), func(b []byte, i int) []byte { return appendReply(b, g.Replies[i]) })
	for side := range 2 {
		now, was := g.Letters[side], old.Letters[side]
		k = from(min(len(now), len(was)), func(i int) bool { return now[i] == was[i] })
		add(listLetters+side, k, len(now), len(was), func(b []byte, i int) []byte { return appendString(b, now[i]) })
	}
	return items, cut
}

// listRowsAtOnce is how many items a statement of writeListOps writes at
// most.
const listRowsAtOnce = 64

// listOp is a step of saveLists: game gid's items of list from seq on
// deleted (del; list -1: of every list), or items written over those of
// the same place.
type listOp struct {
	gid       int64
	del       bool
	list, seq int
	items     []listItem
}

// saveLists brings the list rows of game gid up to date with g, which was
// old (had: old is stored; else the game's rows, if any, are all written
// again): the items past a list's new end deleted, the changed and the new
// ones written over those of the same place. In a group they are written
// when it commits (grouprows.go), the items of all its letters in a few
// statements.
func (db *DB) saveLists(ctx context.Context, tx *sql.Tx, gid int64, g, old corr.Game, had bool) error {
	ops := listOps(gid, g, old, had)
	if db.deferring(tx) {
		db.w.rows.lists = append(db.w.rows.lists, ops...)
		return nil
	}
	return db.writeListOps(ctx, tx, ops)
}

// listOps are saveLists' steps for game gid, g, which was old (had: old
// is stored).
func listOps(gid int64, g, old corr.Game, had bool) []listOp {
	items, cut := changedItems(g, old, had)
	ops := make([]listOp, 0, 2)
	if !had {
		ops = append(ops, listOp{gid: gid, del: true, list: -1})
	}
	for list, n := range cut {
		if n >= 0 {
			ops = append(ops, listOp{gid: gid, del: true, list: list, seq: n})
		}
	}
	if len(items) > 0 {
		ops = append(ops, listOp{gid: gid, items: items})
	}
	return ops
}

// writeListOps carries out saveLists' steps ops in order, the items of
// consecutive writes (of any games) in statements of listRowsAtOnce items
// at most (insertRows splits them): an item written twice, by two
// letters of one game, is left as the later wrote it.
func (db *DB) writeListOps(ctx context.Context, tx *sql.Tx, ops []listOp) error {
	args := make([]any, 0, 4*listRowsAtOnce)
	flush := func() error {
		err := db.insertRows(ctx, tx, `INSERT OR REPLACE INTO game_lists (game_id, list, seq, item) VALUES`, 4, listRowsAtOnce, args)
		args = args[:0]
		return err
	}
	for _, op := range ops {
		if op.del {
			if err := flush(); err != nil {
				return err
			}
			var err error
			if op.list < 0 {
				_, err = db.exec(ctx, tx, `DELETE FROM game_lists WHERE game_id = ?`, op.gid)
			} else {
				_, err = db.exec(ctx, tx, `DELETE FROM game_lists WHERE game_id = ? AND list = ? AND seq >= ?`, op.gid, op.list, op.seq)
			}
			if err != nil {
				return err
			}
			continue
		}
		for _, it := range op.items {
			args = append(args, op.gid, it.list, it.seq, it.item)
		}
	}
	return flush()
}

// listsPending writes, in a group's transaction, the list rows its letters
// have yet to write, so that the games read from their rows in it
// (read) are whole.
func (db *DB) listsPending(ctx context.Context, q querier) error {
	tx, ok := q.(*sql.Tx)
	if !ok || !db.deferring(tx) || len(db.w.rows.lists) == 0 {
		return nil
	}
	ops := db.w.rows.lists
	db.w.rows.lists = nil
	return db.writeListOps(ctx, tx, ops)
}

// gameList reads into lists a list of a row of readGamesQuery: its
// number and its items' JSON joined by commas by SQLite, in their order
// (both NULL: the game has no list's items). A game's lists are read by
// the statement that reads its row, a row a list, not one an item: outside
// a transaction (DB.State) each statement sees its own snapshot, and the
// lists read apart could be a commit behind or ahead of the row.
func gameList(lists *[4]string, list, items driver.Value) error {
	if list == nil && items == nil {
		return nil
	}
	n, ok := list.(int64)
	if !ok || n < 0 || n > 3 {
		return fmt.Errorf("storage: a game's list is not one of its lists: %v", list)
	}
	switch v := items.(type) {
	case string:
		lists[n] = v
	case []byte:
		lists[n] = string(v)
	default:
		return fmt.Errorf("storage: a game's list %d is not text: %T", n, items)
	}
	return nil
}

// gameWithLists is the JSON of a game whose games.state is state and
// whose lists' items, joined, are lists (nil: none): state with the
// lists' fields added at its end, as readGameJSON reads them in any order.
func gameWithLists(state string, lists *[4]string) string {
	if lists == nil || len(state) < 2 || state[len(state)-1] != '}' {
		return state
	}
	b := make([]byte, 0, len(state)+len(lists[0])+len(lists[1])+len(lists[2])+len(lists[3])+48)
	b = append(b, state[:len(state)-1]...)
	const o = 0 // the object's '{'
	if l := lists[listPlies]; l != "" {
		b = append(append(append(key(b, o, "Plies"), '['), l...), ']')
	}
	if l := lists[listReplies]; l != "" {
		b = append(append(append(key(b, o, "Replies"), '['), l...), ']')
	}
	if w, bl := lists[listLetters], lists[listLetters+1]; w != "" || bl != "" {
		b = append(key(b, o, "Letters"), '[')
		for i, l := range [2]string{w, bl} {
			if i > 0 {
				b = append(b, ',')
			}
			if l == "" {
				b = append(b, "null"...)
				continue
			}
			b = append(append(append(b, '['), l...), ']')
		}
		b = append(b, ']')
	}
	return string(append(b, '}'))
}
