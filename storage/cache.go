package storage

import (
	"container/list"
	"context"
	"database/sql"
	"reflect"
	"sync"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
)

// The store keeps each tournament's state as last committed in memory, so
// that a letter or a day neither reads nor decodes it again, and writes
// only the rows that changed. The database stays the truth: every
// transaction reads the tournament's row, whose state carries a revision
// that every write bumps, and a copy whose row differs (another process
// wrote, or a write of this one is not yet recorded) is read again. A copy
// is recorded only after its transaction commits and dropped when one fails.

// A later write transaction of this process reads neither the row nor the
// desk of a tournament whose copy its last commits left as stored, while
// nobody else wrote: the writer's connection's PRAGMA data_version
// changes when another connection commits, never for its own commits
// (nor for a checkpoint), so while it stays as it was the store holds
// what this process committed (writerCurrent). A copy is marked so
// (asOf, asStored) after a commit of a transaction that records every
// tournament it writes (writing.tracked); another connection's commit, a
// transaction that failed or records nothing forgets every mark
// (DB.epoch).

// The copies are bounded (cachedGames, parsedFiles), so that memory
// does not grow with the store: a big store's tournaments come and go.
// The tournaments' copies are bounded by the games they hold, not by
// their count: a backlog after a restart brings the letters of every
// tournament in play interleaved, and a copy dropped before its
// tournament's next letter is read again from its rows (its file, every
// game's row, its claims: about half a millisecond for a tournament of
// 105 games), so the bound must hold every tournament a federation plays
// at once (64 tournaments of 127 games: cachedGames),
// while one huge tournament still cannot hold more than that many games
// in memory. When more come round than that, lru keeps most of them from
// round to round (cycling), and the parsed files, small, are kept for
// four times as many tournaments, so that a copy read again from its
// rows does not parse its file again.
//
// A game's copy grows with the game, though: some 27 KB at move 40 (its
// plies, replies, letters' ids and ledger lines as stored; a day ledger
// kept to be extended, 23 KB more, only for the state's last few games
// written: corr's keptLedgers), so that cachedGames such games would be
// over 200 MB.
// So a copy weighs the bytes its games hold, as weight estimates them,
// but a game at least gameFloorBytes: the bound (cachedBytes, 128 MiB)
// keeps no more games than cachedGames, as many as before in their first
// moves and at move 20 (some 14 KB a game estimated, now that a state
// keeps few day ledgers), about 4,700 at move 40. It is not tighter, near the
// daemon's soft memory limit of 32 MiB (cmd/zaochnik/gc.go): a backlog of
// 2,100 games at move 20 then comes round through the copies, and
// reading a tournament again from its rows costs five to eight times the
// collector's work that keeping it saves (docs/developers.md, "The
// committed copies by their bytes").
const (
	cachedGames   = 8192 // games in the committed copies kept, at most
	parsedFiles   = 256  // tournament files kept parsed (about 4.5 KB each for 15 players)
	cachedSenders = 1024 // senders' tournaments kept (senderCiphers)
)

// What a committed copy holds, in bytes, as weight estimates it: the
// structs' sizes with their strings and some room for the lists' growth
// (a tournament of 105 games at move 40 without its kept ledgers: 2.9 MB
// estimated, 2.6 MB on the heap).
const (
	copyBytes      = 1024     // the copy and its state without games
	gameBytes      = 512      // a game: corr.Game, its code, its gameRow
	plyBytes       = 48       // a ply and its text
	replyBytes     = 64       // a reply (timecontrol.Reply)
	ledgerRowBytes = 176      // a stored ledger line (ledgerRow), strings included; one a reply
	letterIDBytes  = 64       // a letter's Message-ID
	keptLineBytes  = 288      // a line of a kept day ledger, its notes included
	gameFloorBytes = 16 << 10 // what a game weighs at least (cachedBytes)
	cachedBytes    = cachedGames * gameFloorBytes
)

// weight is what a committed copy counts against cachedBytes: its bytes,
// estimated from what grows with the games, and at least gameFloorBytes
// for each game and one more (the copy). A game's stored ledger lines
// are counted one a reply whether the copy holds them yet or not (they
// come with the game's next write), so that the weight costs a pass over
// the games' slices, not over the map.
func (c *committed) weight() int {
	return max(c.bytes(), (len(c.games)+1)*gameFloorBytes)
}

// bytes estimates what the copy holds.
func (c *committed) bytes() int {
	w := copyBytes + len(c.games)*gameBytes + c.state.KeptLedgerLines()*keptLineBytes
	for _, g := range c.state.Games {
		w += len(g.Plies)*plyBytes + len(g.Replies)*(replyBytes+ledgerRowBytes) +
			(len(g.Letters[0])+len(g.Letters[1]))*letterIDBytes
	}
	return w
}

// committed is a tournament as last committed.
type committed struct {
	id    int64
	row   string // tournaments.state as stored, revision included
	rev   int64
	state corr.State
	games map[string]gameRow // by game code
	loc   *time.Location     // the tournament's time zone, from its parsed file (parsedFile)
	// asOf is the DB.epoch in which the writer's commit left the copy as
	// stored (0: not known), with its desk empty when emptyDesk; only the
	// writer's holder reads or sets them (asStored).
	asOf      uint64
	emptyDesk bool
}

// gameRow is what the store knows of a game's rows.
type gameRow struct {
	id int64
	// ledger is the game's ledger_lines as stored; valid only when known.
	ledger []ledgerRow
	known  bool
	// sum is the row's ledger_sum, the hash of the stored lines as the
	// last write left them (ledgersum.go); 0 when not known.
	sum int64
}

// ledgerRow is one row of ledger_lines, without its game and number.
type ledgerRow struct {
	player, received, sent string
	days, total, counted   int
	notes                  string
}

// cached returns the committed copy of tournament cipher if it is still
// the one stored as row.
func (db *DB) cached(cipher string, id int64, row string) (*committed, bool) {
	c, ok := db.tournaments.get(cipher)
	if !ok {
		return nil, false
	}
	return c, c.id == id && c.row == row
}

// keep records c as tournament cipher's committed state; call it only
// after the transaction that wrote c committed.
func (db *DB) keep(cipher string, c *committed) {
	if c != nil {
		db.tournaments.put(cipher, c)
	}
}

// keepUnlessNewer is keep for a copy read by a reader's snapshot (view),
// which may be of an older commit than the copy kept: that copy, of a
// later revision of the same tournament, stays, and the writer does not
// read the tournament from its rows again for a reader.
func (db *DB) keepUnlessNewer(cipher string, c *committed) {
	db.tournaments.putUnless(cipher, c, func(kept *committed) bool { return kept.id == c.id && kept.rev > c.rev })
}

// forget drops the copy of tournament cipher after a failed transaction.
func (db *DB) forget(cipher string) { db.tournaments.drop(cipher) }

// forgetAll drops every copy after a failed group (group.go).
func (db *DB) forgetAll() { db.tournaments.clear() }

// lru keeps values by key up to a total weight of max (each value's
// weigh, 1 without), dropping the least recently used (got or first put);
// the value last put is kept whatever its weight.
//
// A plain LRU keeps nothing when its keys come round in a cycle longer
// than it holds (a backlog's tournaments interleaved, more games than
// cachedGames): each key is dropped just before it comes again. So a key
// put again soon after it was dropped (among the last ghostKeys dropped:
// the cache is cycling) goes in at the least recently used end, where the
// next key put pushes it out unless it is used first, and the values
// already kept stay and are found on the next round; one such key in
// promoteEvery goes in at the front, as a plain LRU puts it, so that a
// working set that changed still gets in. It gets in slowly when it
// shrank to fit after a cycle: the values the cycle left stay until the
// keys put at the front push them out (60 of a backlog's 115 tournaments,
// which fit, read some ten times as often as under a plain LRU before
// all were kept). A key put for the first time, or long after it was
// dropped, goes in at the front.
type lru[V any] struct {
	mu     sync.Mutex
	max    int
	weigh  func(V) int              // nil: each value weighs 1
	weight int                      // of the values kept
	items  map[string]*list.Element // of lruItem[V]
	order  list.List                // the most recently used first
	// dropped is the count of keys dropped for room; ghosts holds, of the
	// keys recently dropped, that count when each went.
	dropped uint64
	ghosts  map[string]uint64
	// returned counts the keys put again soon after they were dropped
	// (promoteEvery).
	returned uint64
}

const (
	// ghostKeys are the last keys dropped for room that count as dropped
	// soon before (cycling); evict holds up to twice as many before it
	// forgets the older.
	ghostKeys    = 1024
	promoteEvery = 16 // of the keys put again soon, one goes to the front (lru)
)

type lruItem[V any] struct {
	key string
	v   V
	w   int
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, items: map[string]*list.Element{}, ghosts: map[string]uint64{}}
}

// newWeighedLRU is an lru whose values weigh weigh(v) each.
func newWeighedLRU[V any](max int, weigh func(V) int) *lru[V] {
	c := newLRU[V](max)
	c.weigh = weigh
	return c
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(lruItem[V]).v, true
}

func (c *lru[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(key, v)
}

// putUnless puts v unless the value kept under key makes keep(kept)
// true; the two in one hold of the lock.
func (c *lru[V]) putUnless(key string, v V, keep func(kept V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok && keep(e.Value.(lruItem[V]).v) {
		return
	}
	c.putLocked(key, v)
}

// putLocked is put; c.mu is held.
func (c *lru[V]) putLocked(key string, v V) {
	w := 1
	if c.weigh != nil {
		w = c.weigh(v)
	}
	if e, ok := c.items[key]; ok {
		// Replaced where it stands: a value is used by get, and put again
		// after its use (a tournament written after it was read), which
		// must not take a key just read in at the least recently used end
		// (cycling) to the front.
		c.weight += w - e.Value.(lruItem[V]).w
		e.Value = lruItem[V]{key, v, w}
		for c.weight > c.max && c.order.Len() > 1 {
			if b := c.order.Back(); b != e {
				c.evict(b)
			} else {
				c.evict(b.Prev())
			}
		}
		return
	}
	for c.weight+w > c.max && c.order.Len() > 0 {
		c.evict(c.order.Back())
	}
	it := lruItem[V]{key, v, w}
	if c.cycling(key) {
		c.items[key] = c.order.PushBack(it)
	} else {
		c.items[key] = c.order.PushFront(it)
	}
	c.weight += w
}

// cycling reports whether key, about to be put, goes in at the least
// recently used end: it was dropped for room among the last ghostKeys, and
// is not the one in promoteEvery of those that goes to the front. c.mu is
// held.
func (c *lru[V]) cycling(key string) bool {
	at, ok := c.ghosts[key]
	if !ok {
		return false
	}
	delete(c.ghosts, key)
	if c.dropped-at > ghostKeys {
		return false
	}
	c.returned++
	return c.returned%promoteEvery != 0
}

// evict drops e for room, remembering its key among the ghosts; c.mu is
// held.
func (c *lru[V]) evict(e *list.Element) {
	key := e.Value.(lruItem[V]).key
	c.remove(e)
	c.ghosts[key] = c.dropped
	c.dropped++
	if len(c.ghosts) > 2*ghostKeys {
		for k, at := range c.ghosts {
			if c.dropped-at > ghostKeys {
				delete(c.ghosts, k)
			}
		}
	}
}

// remove drops e; c.mu is held.
func (c *lru[V]) remove(e *list.Element) {
	it := c.order.Remove(e).(lruItem[V])
	delete(c.items, it.key)
	c.weight -= it.w
}

func (c *lru[V]) drop(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.remove(e)
	}
}

func (c *lru[V]) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.items)
	clear(c.ghosts)
	c.order.Init()
	c.weight = 0
}

// writing is the process's write transaction while it runs (db.tx,
// Group): the statements bound to it and what it knows of its own writes.
// Only the holder of the writer mutex touches it.
type writing struct {
	tx *sql.Tx
	// nextOutbox is the id the outbox's next row gets (its max(id)+1, as
	// SQLite would give it), 0 when not known.
	nextOutbox int64
	// current are the tournaments' copies known to be as stored in tx, by
	// cipher: read or written in it. Nobody else writes while tx holds
	// the write lock, so the next letters of a group load them without
	// reading the tournament's row again. A nil copy is a tournament tx
	// wrote whose copy it has yet to keep: read from its rows, not taken
	// as the writer's last commits left it (asStoredCopy).
	current map[string]*committed
	// revised are the tournaments whose row tx wrote, with a revision new
	// to every other reader: the next letters of a group write the row
	// only when it changes (saveState).
	revised map[string]bool
	// emptyDesk are the tournaments (by id) whose desk tx found empty,
	// nothing before the judge, and has written nothing to since: the
	// common case, which a group's letters then do not ask again.
	emptyDesk map[int64]bool
	// checked is set once the writer's data_version was read in tx
	// (writerCurrent).
	checked bool
	// tracked is set for a transaction whose every write of a tournament's
	// rows is recorded in current and emptyDesk (Tx's: Update, Group), or
	// that writes none (the outbox's; trackedTx): its commit marks the
	// copies as stored, another's forgets the marks (asStored).
	tracked bool
	// group is set for a Group's transaction: what its letters append
	// (rows: their watermarks, events, outgoing letters and ledger lines)
	// is written once, when it commits (grouprows.go).
	group bool
	rows  appended
	// warnings are the store's warnings of tx, written once it committed
	// (warn).
	warnings []warning
	// marked is set once the commit marked the copies as stored
	// (asStored); end forgets every mark otherwise.
	marked bool
}

// watermark is a mailbox's watermark to advance (advanceWatermark).
type watermark struct {
	mailbox       string
	validity, uid uint32
}

// begin records tx as the write transaction; the caller holds writer.
func (db *DB) begin(tx *sql.Tx) {
	db.w = writing{tx: tx, current: map[string]*committed{}, revised: map[string]bool{}, emptyDesk: map[int64]bool{}}
}

// asStored marks, after the write transaction committed, the copies it
// knows as stored for the writer's later transactions (load); a
// transaction not tracked marks none, and end forgets every mark.
func (db *DB) asStored() {
	if !db.w.tracked {
		return
	}
	for _, c := range db.w.current {
		if c != nil {
			c.asOf, c.emptyDesk = db.epoch, db.w.emptyDesk[c.id]
		}
	}
	db.w.marked = true
}

// deskSaved records that tx writes tournament tid's desk, was before and
// d after: it stays known empty only when both are.
func (db *DB) deskSaved(tx *sql.Tx, tid int64, was, d adjudication.Desk) {
	if tx == db.w.tx && !(emptyDesk(was) && emptyDesk(d)) {
		delete(db.w.emptyDesk, tid)
	}
}

// emptyDesk reports a desk with nothing on it, as loadDesk reads one.
func emptyDesk(d adjudication.Desk) bool { return reflect.DeepEqual(d, adjudication.Desk{}) }

// isCurrent records c as tournament cipher's copy as stored in tx (nil:
// not known, tx writes it), when tx is the write transaction.
func (db *DB) isCurrent(q querier, cipher string, c *committed) {
	if tx, ok := q.(*sql.Tx); ok && tx == db.w.tx {
		db.w.current[cipher] = c
	}
}

// end forgets the write transaction; the caller holds writer. Unless its
// commit marked the copies as stored (asStored), every mark is forgotten:
// the transaction failed, was rolled back or panicked, or was not tracked.
func (db *DB) end() {
	if !db.w.marked {
		db.epoch++
	}
	db.w = writing{}
}

// stmt returns query prepared once for the database, bound to q when q is
// a transaction or a snapshot: the statements are not parsed again for
// every call. (The write transaction's run beneath database/sql, on the
// writer's connection's own prepared statements: writer.go.)
func (db *DB) stmt(ctx context.Context, q querier, query string) (*sql.Stmt, error) {
	tx, isTx := q.(*sql.Tx)
	s, isView := q.(snapshot)
	v, ok := db.stmts.Load(query)
	if !ok {
		st, err := db.db.PrepareContext(ctx, query)
		if err != nil {
			return nil, err
		}
		if v, ok = db.stmts.LoadOrStore(query, st); ok {
			st.Close()
		}
	}
	st := v.(*sql.Stmt)
	switch {
	case isTx:
		return tx.StmtContext(ctx, st), nil
	case isView:
		return s.tx.StmtContext(ctx, st), nil
	}
	return st, nil
}

// exec runs a prepared statement in tx: the write transaction's on the
// writer's connection beneath database/sql (writer.go).
func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if db.raw(tx) {
		return db.execRaw(ctx, query, args)
	}
	st, err := db.stmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// oneRow is a query's first row: *sql.Row, or rawRow.
type oneRow interface{ Scan(dest ...any) error }

// queryRow runs a prepared query for one row on q: the write
// transaction's on the writer's connection beneath database/sql.
func (db *DB) queryRow(ctx context.Context, q querier, query string, args ...any) oneRow {
	if tx, ok := q.(*sql.Tx); ok && db.raw(tx) {
		return db.queryRowRaw(ctx, query, args)
	}
	st, err := db.stmt(ctx, q, query)
	if err != nil {
		return q.QueryRowContext(ctx, query, args...) // reports the same error on Scan
	}
	return st.QueryRowContext(ctx, args...)
}

// closeStmts closes the prepared statements.
func (db *DB) closeStmts() {
	db.stmts.Range(func(k, v any) bool {
		v.(*sql.Stmt).Close()
		db.stmts.Delete(k)
		return true
	})
}
