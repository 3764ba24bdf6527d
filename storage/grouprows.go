package storage

import (
	"context"
	"database/sql"
	"errors"

	"zaochnik/corr"
)

// The rows a group's letters only append, and nothing of the group reads
// back by their tables (events, outgoing letters with their documents,
// ledger lines, the games' lists' chunks, and the letters' watermarks), wait
// in memory and are written when the group commits: a few multi-row
// statements for the whole group instead of four for every letter. They
// are written, their watermarks last, in the group's one transaction, so
// a crash still stores all of a letter or nothing; a group rolled back
// drops them (DB.end).
// The one reader of such rows inside a group, the thread of a reply to a
// letter queued by an earlier letter of the group (threadGame), is answered
// from memory (queuedGame); a tournament read again from its rows in a
// group (its copy not known) has its games' chunks written first
// (listsPending).

// appended is what a group's letters appended, in order, to write when the
// group commits (writeAppended).
type appended struct {
	events []any // eventColumns values a row
	outbox []queuedRow
	ledger []ledgerOp
	lists  []listOp    // the games' lists' chunks (gamelists.go)
	marks  []watermark // the letters' watermarks, written last (writeMarks)
	// sent are the Message-IDs of outbox, with their rows' games (nil:
	// none), for threadGame.
	sent map[string]any
}

// queuedRow is an outgoing letter waiting in appended, its id and
// Message-ID chosen (enqueueAll explains why).
type queuedRow struct {
	id        int64
	messageID string
	row       outRow
	now       string
	files     []corr.File
}

// ledgerOp is a step of saveLedger: the game's lines past after deleted
// (del), or its lines from seq on written over those of the same number.
type ledgerOp struct {
	gid   int64
	del   bool
	after int
	seq   int
	lines []ledgerRow
}

// ledgerPending reports whether tx is a group's transaction in which a
// letter's ledger lines of game gid wait for the commit: the lines stored
// are then not the game's.
func (db *DB) ledgerPending(tx *sql.Tx, gid int64) bool {
	if !db.deferring(tx) {
		return false
	}
	for _, op := range db.w.rows.ledger {
		if op.gid == gid {
			return true
		}
	}
	return false
}

// eventColumns is how many values an event's row has.
const eventColumns = 7

// deferring reports whether tx is a group's transaction, whose appended
// rows wait for its commit.
func (db *DB) deferring(tx *sql.Tx) bool { return tx == db.w.tx && db.w.group }

// queueAppended appends outgoing letters rs with their documents,
// numbered as enqueueAll numbers them.
func (db *DB) queueAppended(ctx context.Context, tx *sql.Tx, rs []outRow, files [][]corr.File, now string) error {
	qs, err := db.numbered(ctx, tx, rs, files, now)
	if err != nil {
		return err
	}
	a := &db.w.rows
	if a.sent == nil {
		a.sent = map[string]any{}
	}
	for _, q := range qs {
		a.outbox = append(a.outbox, q)
		a.sent[q.messageID] = q.row.gid
	}
	return nil
}

// numbered gives outgoing letters rs, with their documents files (files[i]
// of rs[i]; nil is none), the outbox's next ids in tx and their
// Message-IDs, made from the ids (see messageID), and takes the ids.
func (db *DB) numbered(ctx context.Context, tx *sql.Tx, rs []outRow, files [][]corr.File, now string) ([]queuedRow, error) {
	next, err := db.nextOutboxID(ctx, tx)
	if err != nil {
		return nil, err
	}
	qs := make([]queuedRow, len(rs))
	for i, r := range rs {
		qs[i] = queuedRow{id: next, messageID: db.messageID(next), row: r, now: now}
		if files != nil {
			qs[i].files = files[i]
		}
		next++
	}
	if tx == db.w.tx {
		db.w.nextOutbox = next
	}
	return qs, nil
}

// nextOutboxID is the id of the outbox's next row in tx: after the rows
// stored and those appended.
func (db *DB) nextOutboxID(ctx context.Context, tx *sql.Tx) (int64, error) {
	if next := db.w.nextOutbox; next != 0 && tx == db.w.tx {
		return next, nil
	}
	var next int64
	if err := db.queryRow(ctx, tx, `SELECT coalesce(max(id), 0) + 1 FROM outbox`).Scan(&next); err != nil {
		return 0, err
	}
	if q := db.w.rows.outbox; len(q) > 0 {
		next = max(next, q[len(q)-1].id+1)
	}
	return next, nil
}

// queuedGame answers threadGame for an outgoing letter appended in tx:
// found when messageID is one, with its game's code ("" when it has none
// or the game was cancelled since).
func (db *DB) queuedGame(ctx context.Context, tx *sql.Tx, messageID string) (code string, found bool, err error) {
	gid, ok := db.w.rows.sent[messageID]
	if !db.deferring(tx) || !ok {
		return "", false, nil
	}
	if gid == nil {
		return "", true, nil
	}
	err = db.queryRow(ctx, tx, `SELECT code FROM games WHERE id = ? AND status != 'cancelled'`, gid).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	return code, true, err
}

// writeAppended writes the rows a group's letters appended, in the order
// they were, and forgets them.
func (db *DB) writeAppended(ctx context.Context, tx *sql.Tx) error {
	a := &db.w.rows
	defer func() { *a = appended{} }()
	if err := db.writeEvents(ctx, tx, a.events); err != nil {
		return err
	}
	if err := db.writeQueued(ctx, tx, a.outbox); err != nil {
		return err
	}
	if err := db.writeLedgerOps(ctx, tx, a.ledger); err != nil {
		return err
	}
	if err := db.writeListOps(ctx, tx, a.lists); err != nil {
		return err
	}
	return db.writeMarks(ctx, tx, a.marks)
}

// rowsAtOnce is how many of n rows the next multi-row statement writes:
// max at most, else the largest power of two not above n, so that a
// table's statements are of a few sizes, each prepared once (a group
// writes any number of rows).
func rowsAtOnce(n, max int) int {
	if n >= max {
		return max
	}
	k := 1
	for k*2 <= n {
		k *= 2
	}
	return k
}

// insertRows inserts the rows of args, k values a row, by the statement
// head ("INSERT INTO t (columns) VALUES"), max rows at most a statement.
func (db *DB) insertRows(ctx context.Context, tx *sql.Tx, head string, k, max int, args []any) error {
	for len(args) > 0 {
		n := rowsAtOnce(len(args)/k, max)
		if _, err := db.exec(ctx, tx, db.manyRows(head, n, k), args[:n*k]...); err != nil {
			return err
		}
		args = args[n*k:]
	}
	return nil
}

// writeEvents inserts events (eventColumns values a row), 64 rows at most
// a statement.
func (db *DB) writeEvents(ctx context.Context, tx *sql.Tx, events []any) error {
	return db.insertRows(ctx, tx, `INSERT INTO events (tournament_id, game_id, letter_id, date, kind, clause, detail) VALUES`, eventColumns, 64, events)
}

// writeQueued inserts outgoing letters qs, outboxRows at most a
// statement, then their documents.
func (db *DB) writeQueued(ctx context.Context, tx *sql.Tx, qs []queuedRow) error {
	args := make([]any, 0, 14*len(qs))
	for _, q := range qs {
		r := q.row
		args = append(args, q.id, q.messageID, r.tid, r.gid, r.lid, r.to, r.kind, r.subject, r.body, r.inReplyTo, r.attach, r.confirms, q.now, q.now)
	}
	if err := db.insertRows(ctx, tx, `INSERT INTO outbox (id, message_id, tournament_id, game_id, letter_id, to_addr, kind, subject, body, in_reply_to, attach, confirms, queued, next_attempt)
		VALUES`, 14, outboxRows, args); err != nil {
		return err
	}
	for _, q := range qs {
		if err := insertFiles(ctx, tx, q.id, q.files); err != nil {
			return err
		}
	}
	return nil
}

// writeLedgerOps carries out saveLedger's steps ops in order, the lines of
// consecutive writes (of any games) in statements of ledgerRowsAtOnce
// lines at most (insertRows splits them): a line written twice, by two
// letters of one game, is left as the later wrote it.
func (db *DB) writeLedgerOps(ctx context.Context, tx *sql.Tx, ops []ledgerOp) error {
	const ledgerRowsAtOnce = 64
	args := make([]any, 0, 9*ledgerRowsAtOnce)
	flush := func() error {
		err := db.insertRows(ctx, tx, `INSERT OR REPLACE INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			VALUES`, 9, ledgerRowsAtOnce, args)
		args = args[:0]
		return err
	}
	for _, op := range ops {
		if op.del {
			if err := flush(); err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `DELETE FROM ledger_lines WHERE game_id = ? AND seq > ?`, op.gid, op.after); err != nil {
				return err
			}
			continue
		}
		for i, ln := range op.lines {
			args = append(args, op.gid, op.seq+i, ln.player, ln.received, ln.sent, ln.days, ln.total, ln.counted, ln.notes)
		}
	}
	return flush()
}
