package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"zaochnik/corr"
)

// A game's plies, its ledger's replies and the Message-IDs of each side's
// accepted letters grow by a few items with every letter, about 325 bytes
// of games.state a move, so that past move 12 or so a row written whole
// filled overflow pages, and every letter wrote them all again. Migration
// 0011 made them rows of their own, one an item; a tournament read from
// its rows then read 2 to 2.5 times as long as before, its games' items
// grouped back into lists by SQLite (docs/developers.md, "cold reads and
// the lists in chunks"). Since migration 0013 each list is cut in chunks
// of listChunk items: the chunks before the one of its last item, which a
// letter seldom changes, are rows of game_chunks (a chunk a row, its
// items joined by commas); the rest, the tail, is kept in the games row
// (its lists column) that every letter writes anyway. A letter so writes
// its row, no longer than a few chunks whatever the move, and a chunk row
// every listChunk items of a list; a game read back is its row and its
// chunks, none in its first four moves. Each item is its JSON as gameJSON writes it
// in a list, so that a game read back (gameWithLists) is the JSON it
// always was, read by readGameJSON.

// The lists of a game, numbered as game_chunks.list.
const (
	listPlies   = 0
	listReplies = 1
	listLetters = 2 // White's; Black's is listLetters+1
)

// listChunk is how many items a chunk holds: 8 replies, the longest
// items (some 70 bytes), stay within what a row of a WITHOUT ROWID table
// keeps on its page (about 1,000 bytes of 4,096), and a tail of at most 8
// items a list keeps the games row within a page.
const listChunk = 8

// sealedChunks is how many chunks of a list of n items are rows of
// game_chunks: every whole chunk before the last item's, so that the
// last item, the one a letter changes (the reply it closes), is in the
// tail, and a list's tail is never empty.
func sealedChunks(n int) int {
	if n == 0 {
		return 0
	}
	return (n - 1) / listChunk
}

// withoutLists is g without the lists the store keeps apart from its
// state: what games.state holds.
func withoutLists(g corr.Game) corr.Game {
	g.Plies, g.Replies, g.Letters = nil, nil, [2][]string{}
	return g
}

// gameList is one of a game's lists as the store writes it, and the old
// game's (as stored) beside it.
type gameList struct {
	g, old *corr.Game
	list   int
}

// listsOf are g's lists, old's as stored beside them.
func listsOf(g, old *corr.Game) [4]gameList {
	return [4]gameList{{g, old, listPlies}, {g, old, listReplies}, {g, old, listLetters}, {g, old, listLetters + 1}}
}

// size is the length of game g's list.
func (l gameList) size(g *corr.Game) int {
	switch l.list {
	case listPlies:
		return len(g.Plies)
	case listReplies:
		return len(g.Replies)
	}
	return len(g.Letters[l.list-listLetters])
}

// same reports whether item i of the list is the old game's; both have it.
func (l gameList) same(i int) bool {
	switch l.list {
	case listPlies:
		return l.g.Plies[i] == l.old.Plies[i]
	case listReplies:
		return l.g.Replies[i] == l.old.Replies[i]
	}
	side := l.list - listLetters
	return l.g.Letters[side][i] == l.old.Letters[side][i]
}

// item appends item i of the list as JSON.
func (l gameList) item(b []byte, i int) []byte {
	switch l.list {
	case listPlies:
		return appendPly(b, l.g.Plies[i])
	case listReplies:
		return appendReply(b, l.g.Replies[i])
	}
	return appendString(b, l.g.Letters[l.list-listLetters][i])
}

// appendItems appends l's items from..to, joined by commas.
func (l gameList) appendItems(b []byte, from, to int) []byte {
	for i := from; i < to; i++ {
		if i > from {
			b = append(b, ',')
		}
		b = l.item(b, i)
	}
	return b
}

// listsColumn is game g's games.lists: empty when its lists are, else
// for each list its count of sealed chunks, a space and its tail's items,
// the lists apart by newlines, which no item's JSON holds.
func listsColumn(g *corr.Game) string {
	if len(g.Plies)+len(g.Replies)+len(g.Letters[0])+len(g.Letters[1]) == 0 {
		return ""
	}
	var buf [1024]byte
	b := buf[:0]
	for i, l := range listsOf(g, nil) {
		if i > 0 {
			b = append(b, '\n')
		}
		n := l.size(g)
		c := sealedChunks(n)
		b = append(strconv.AppendInt(b, int64(c), 10), ' ')
		b = l.appendItems(b, c*listChunk, n)
	}
	return string(b)
}

// readListsColumn reads a games.lists column: each list's count of
// sealed chunks and its tail.
func readListsColumn(col string) (chunks [4]int, tails [4]string, err error) {
	if col == "" {
		return chunks, tails, nil
	}
	rest := col
	for i := range 4 {
		seg := rest
		if i < 3 {
			var ok bool
			if seg, rest, ok = strings.Cut(rest, "\n"); !ok {
				return chunks, tails, fmt.Errorf("storage: a game's lists column has %d lists, not 4", i+1)
			}
		}
		n, items, ok := strings.Cut(seg, " ")
		c, err := strconv.Atoi(n)
		if !ok || err != nil || c < 0 {
			return chunks, tails, fmt.Errorf("storage: a game's list %d does not start with its count of chunks: %.40q", i, seg)
		}
		chunks[i], tails[i] = c, items
	}
	return chunks, tails, nil
}

// listChunkRow is a row of game_chunks: a list's chunk by its number,
// its items' JSON joined.
type listChunkRow struct {
	list, chunk int
	items       string
}

// changedChunks are the chunks of game g that are not old's (had: old
// is stored; else every chunk of g), and for each list the count to cut
// its stored chunks to (-1: none to cut).
func changedChunks(g, old *corr.Game, had bool) (rows []listChunkRow, cut [4]int) {
	cut = [4]int{-1, -1, -1, -1}
	var b []byte
	for list, l := range listsOf(g, old) {
		n, was := sealedChunks(l.size(g)), 0
		if had {
			was = sealedChunks(l.size(old))
		}
		for c := range n {
			if c < was && l.sameRange(c*listChunk, (c+1)*listChunk) {
				continue
			}
			b = l.appendItems(b[:0], c*listChunk, (c+1)*listChunk)
			rows = append(rows, listChunkRow{list: list, chunk: c, items: string(b)})
		}
		if n < was {
			cut[list] = n
		}
	}
	return rows, cut
}

// sameRange reports whether l's items from..to are the old list's; both
// hold them.
func (l gameList) sameRange(from, to int) bool {
	for i := from; i < to; i++ {
		if !l.same(i) {
			return false
		}
	}
	return true
}

// chunkRowsAtOnce is how many chunks a statement of writeListOps writes
// at most.
const chunkRowsAtOnce = 64

// listOp is a step of saveLists: game gid's chunks of list from chunk on
// deleted (del; list -1: of every list), or chunks written over those of
// the same place.
type listOp struct {
	gid         int64
	del         bool
	list, chunk int
	rows        []listChunkRow
}

// saveLists brings the chunk rows of game gid up to date with g, which
// was old (had: old is stored; else the game's chunks, if any, are all
// written again): the chunks past a list's new count deleted, the changed
// and the new ones written over those of the same place. In a group they
// are written when it commits (grouprows.go), the chunks of all its
// letters in a few statements. The tails are the games row's (listsColumn).
func (db *DB) saveLists(ctx context.Context, tx *sql.Tx, gid int64, g, old corr.Game, had bool) error {
	ops := listOps(gid, g, old, had)
	if len(ops) == 0 {
		return nil
	}
	if db.deferring(tx) {
		db.w.rows.lists = append(db.w.rows.lists, ops...)
		return nil
	}
	return db.writeListOps(ctx, tx, ops)
}

// listOps are saveLists' steps for game gid, g, which was old (had: old
// is stored).
func listOps(gid int64, g, old corr.Game, had bool) []listOp {
	rows, cut := changedChunks(&g, &old, had)
	var ops []listOp
	if !had {
		ops = append(ops, listOp{gid: gid, del: true, list: -1})
	}
	for list, n := range cut {
		if n >= 0 {
			ops = append(ops, listOp{gid: gid, del: true, list: list, chunk: n})
		}
	}
	if len(rows) > 0 {
		ops = append(ops, listOp{gid: gid, rows: rows})
	}
	return ops
}

// writeListOps carries out saveLists' steps ops in order, the chunks of
// consecutive writes (of any games) in statements of chunkRowsAtOnce rows
// at most (insertRows splits them): a chunk written twice, by two letters
// of one game, is left as the later wrote it.
func (db *DB) writeListOps(ctx context.Context, tx *sql.Tx, ops []listOp) error {
	args := make([]any, 0, 4*chunkRowsAtOnce)
	flush := func() error {
		err := db.insertRows(ctx, tx, `INSERT OR REPLACE INTO game_chunks (game_id, list, chunk, items) VALUES`, 4, chunkRowsAtOnce, args)
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
				_, err = db.exec(ctx, tx, `DELETE FROM game_chunks WHERE game_id = ?`, op.gid)
			} else {
				_, err = db.exec(ctx, tx, `DELETE FROM game_chunks WHERE game_id = ? AND list = ? AND chunk >= ?`, op.gid, op.list, op.chunk)
			}
			if err != nil {
				return err
			}
			continue
		}
		for _, r := range op.rows {
			args = append(args, op.gid, r.list, r.chunk, r.items)
		}
	}
	return flush()
}

// listsPending writes, in a group's transaction, the chunk rows its
// letters have yet to write, so that the games read from their rows in it
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
