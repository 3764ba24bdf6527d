package storage

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"time"
)

// The write transactions (tx, Group) run on one connection of the pool
// kept for them, the writer's (its mutex serializes them anyway), so that
// the statements a letter runs in them (exec, and stored's look-up) run on
// it beneath database/sql: the driver's statements, prepared once for the
// connection's life, given the values as the driver takes them. In a
// transaction database/sql converts every argument through reflection,
// and watches the transaction's context from a goroutine of its own for
// every query; for a letter's short statements that cost about as much as
// the statements (measured in docs/developers.md).

// writerConn is the writer's connection and its driver statements; only
// the writer's holder uses it.
type writerConn struct {
	conn  *sql.Conn
	stmts map[string]driver.Stmt
	args  []driver.NamedValue // a statement's values, reused
	// senders are senderCiphers' answers, by address, as the store was at
	// the connection's data_version version (writerCurrent).
	senders *lru[senderTournaments]
	version int64
}

// beginWrite begins a write transaction on the writer's connection,
// opened when there is none; the caller holds writer. A connection that
// fails to begin is given back to the pool, and one the pool closed
// (sql.ErrConnDone) replaced at once.
// The transaction ends when the writer commits or rolls it back, never by
// itself when ctx ends: database/sql would roll it back then from a
// goroutine of its own and keep the connection, so that the next statement
// run beneath it would run outside any transaction, committed alone. The
// statements still end with their own contexts, and so the steps they are
// of.
func (db *DB) beginWrite(ctx context.Context) (*sql.Tx, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if db.closed.Load() {
		return nil, errStoreClosed
	}
	for again := true; ; again = false {
		if db.wc.conn == nil {
			c, err := db.db.Conn(ctx)
			if err != nil {
				return nil, err
			}
			if err := noAutoCheckpoint(ctx, c); err != nil {
				c.Close()
				return nil, err
			}
			db.wc = writerConn{conn: c, stmts: map[string]driver.Stmt{}}
			db.epoch++ // its data_version is not the last one's
		}
		tx, err := db.wc.conn.BeginTx(context.WithoutCancel(ctx), nil)
		if err == nil {
			return tx, nil
		}
		db.closeWriter()
		if !again || !errors.Is(err, sql.ErrConnDone) {
			return nil, err
		}
	}
}

// errStoreClosed: a write begun after Close.
var errStoreClosed = errors.New("storage: the store is closed")

// unlockWriter ends the writer's turn; after Close it first gives the
// writer's connection back, which nothing would do later.
func (db *DB) unlockWriter() {
	if db.closed.Load() {
		db.closeWriter()
	}
	db.writer.Unlock()
}

// closeWriter closes the writer's statements and gives its connection
// back to the pool; the caller holds writer, or the store is closing.
func (db *DB) closeWriter() {
	if db.wc.conn == nil {
		return
	}
	db.wc.conn.Raw(func(any) error {
		for _, st := range db.wc.stmts {
			st.Close()
		}
		// Discarded, not given back to the pool: its automatic
		// checkpoints are off (noAutoCheckpoint), and a pool writer on it
		// would neither checkpoint nor be counted by the checkpointer.
		return driver.ErrBadConn
	})
	db.wc.conn.Close() // already closed by Raw; ends it in any case
	db.wc = writerConn{}
}

// sendersCurrent makes the senders' answers those of the store as the
// write transaction sees it: they are forgotten when another connection
// has written since they were asked (writerCurrent; CreateTournament, the
// one writer of tournaments and players, forgets them itself).
func (db *DB) sendersCurrent(ctx context.Context) error {
	if err := db.writerCurrent(ctx); err != nil {
		return err
	}
	if db.wc.senders == nil {
		db.wc.senders = newLRU[senderTournaments](cachedSenders)
	}
	return nil
}

// writerCurrent reads the writer's PRAGMA data_version, once a
// transaction: when another connection committed since it was last read,
// the senders' answers and the copies known as stored (cache.go) are
// forgotten. The connection's own commits leave it as it is.
func (db *DB) writerCurrent(ctx context.Context) error {
	if db.w.checked {
		return nil
	}
	var v int64
	err := db.queryRaw(ctx, `PRAGMA data_version`, nil, func(row []driver.Value) error {
		return scanValue(&v, row[0])
	})
	if err != nil {
		return err
	}
	if v != db.wc.version {
		db.wc.senders, db.wc.version = nil, v
		db.epoch++
	}
	db.w.checked = true
	return nil
}

// raw reports whether tx is the write transaction, on the writer's
// connection.
func (db *DB) raw(tx *sql.Tx) bool { return tx != nil && tx == db.w.tx && db.wc.conn != nil }

// execRaw runs query with args on the writer's connection, in its
// transaction (raw).
func (db *DB) execRaw(ctx context.Context, query string, args []any) (sql.Result, error) {
	var res driver.Result
	err := db.onWriter(ctx, query, args, func(st driver.Stmt, nv []driver.NamedValue) (err error) {
		res, err = st.(driver.StmtExecContext).ExecContext(ctx, nv)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// onWriter runs fn with query prepared on the writer's connection and args
// converted as database/sql converts them; the values are cleared after
// it, so that no letter's bytes are kept till the next statement.
func (db *DB) onWriter(ctx context.Context, query string, args []any, fn func(driver.Stmt, []driver.NamedValue) error) error {
	return db.wc.conn.Raw(func(dc any) error {
		st, err := db.wc.prepared(ctx, dc, query)
		if err != nil {
			return err
		}
		nv, err := db.wc.values(args)
		if err != nil {
			return err
		}
		defer clear(nv)
		return fn(st, nv)
	})
}

// eachRow runs query with args on q and gives each row's values to row,
// which must copy what it keeps of them and run no statement: in the
// write transaction beneath database/sql (queryRaw), elsewhere through
// database/sql's prepared statement, the values as Rows.Scan gives them
// to an *any (a []byte copied). rawRow's Scan reads them either way.
func (db *DB) eachRow(ctx context.Context, q querier, query string, args []any, row func([]driver.Value) error) error {
	if tx, ok := q.(*sql.Tx); ok && db.raw(tx) {
		return db.queryRaw(ctx, query, args, row)
	}
	st, err := db.stmt(ctx, q, query)
	if err != nil {
		return err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals, dest := make([]driver.Value, len(cols)), make([]any, len(cols))
	for i := range dest {
		dest[i] = new(any)
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		for i, d := range dest {
			vals[i] = *d.(*any)
		}
		if err := row(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}

// queryRaw runs query with args on the writer's connection, in its
// transaction (raw), and gives each row's values to row, which must copy
// what it keeps of them and run no statement (the connection is held
// meanwhile).
func (db *DB) queryRaw(ctx context.Context, query string, args []any, row func([]driver.Value) error) error {
	return db.onWriter(ctx, query, args, func(st driver.Stmt, nv []driver.NamedValue) error {
		rows, err := st.(driver.StmtQueryContext).QueryContext(ctx, nv)
		if err != nil {
			return err
		}
		defer rows.Close()
		dest := make([]driver.Value, len(rows.Columns()))
		for {
			err := rows.Next(dest)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := row(dest); err != nil {
				return err
			}
		}
	})
}

// prepared is query prepared on the connection dc, once.
func (w *writerConn) prepared(ctx context.Context, dc any, query string) (driver.Stmt, error) {
	if st, ok := w.stmts[query]; ok {
		return st, nil
	}
	st, err := dc.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	w.stmts[query] = st
	return st, nil
}

// values are args as the driver takes them, converted as database/sql
// converts them (driver.DefaultParameterConverter: the driver checks no
// values of its own), the common types without reflection.
func (w *writerConn) values(args []any) ([]driver.NamedValue, error) {
	nv := w.args[:0]
	for i, a := range args {
		var v driver.Value
		switch x := a.(type) {
		case nil, int64, string, []byte, bool, float64, time.Time:
			v = x
		case int:
			v = int64(x)
		case uint32: // a mailbox's UIDs
			v = int64(x)
		case Disposition: // every letter's row
			v = string(x)
		default:
			var err error
			if v, err = driver.DefaultParameterConverter.ConvertValue(a); err != nil {
				return nil, err
			}
		}
		nv = append(nv, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	w.args = nv
	return nv, nil
}

// rawRow is the first row of a query run on the writer's connection in its
// transaction (queryRow), scanned as *sql.Row scans it.
type rawRow struct {
	vals []driver.Value
	err  error
}

// errFirstRow ends a query after its first row (queryRowRaw).
var errFirstRow = errors.New("storage: the first row is read")

// queryRowRaw runs query with args as queryRaw does and keeps its first
// row; no row is sql.ErrNoRows on Scan, as with database/sql.
func (db *DB) queryRowRaw(ctx context.Context, query string, args []any) *rawRow {
	r := &rawRow{err: sql.ErrNoRows}
	err := db.queryRaw(ctx, query, args, func(row []driver.Value) error {
		r.vals, r.err = make([]driver.Value, len(row)), nil
		for i, v := range row {
			if b, ok := v.([]byte); ok {
				v = bytes.Clone(b) // the driver's buffer is reused
			}
			r.vals[i] = v
		}
		return errFirstRow
	})
	if err != nil && !errors.Is(err, errFirstRow) {
		r.err = err
	}
	return r
}

// Scan copies the row's values into dest as database/sql's Row.Scan does.
func (r *rawRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	if len(dest) != len(r.vals) {
		return fmt.Errorf("sql: expected %d destination arguments in Scan, not %d", len(r.vals), len(dest))
	}
	for i, d := range dest {
		if err := scanValue(d, r.vals[i]); err != nil {
			return fmt.Errorf("sql: Scan error on column index %d: %w", i, err)
		}
	}
	return nil
}

// scanValue stores v in dest as database/sql converts it (convertAssign,
// which the sql.Null types' Scan runs) for the destinations the store
// scans into; any other is refused.
func scanValue(dest any, v driver.Value) error {
	switch d := dest.(type) {
	case *string:
		return scanInto(d, v)
	case *int64:
		return scanInto(d, v)
	case *int:
		return scanInto(d, v)
	case *bool:
		return scanInto(d, v)
	case *[]byte:
		if v == nil {
			*d = nil
			return nil
		}
		return scanInto(d, v)
	}
	return fmt.Errorf("storage: no scan into %T beneath database/sql", dest)
}

// scanInto stores v, not NULL, in d through sql.Null's Scan.
func scanInto[T any](d *T, v driver.Value) error {
	if v == nil {
		return fmt.Errorf("converting NULL to %T is unsupported", *d)
	}
	var n sql.Null[T]
	if err := n.Scan(v); err != nil {
		return err
	}
	*d = n.V
	return nil
}
