package storage

import (
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
	// the connection's data_version version (sendersCurrent).
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
			db.wc = writerConn{conn: c, stmts: map[string]driver.Stmt{}}
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
		return nil
	})
	db.wc.conn.Close()
	db.wc = writerConn{}
}

// sendersCurrent makes the senders' answers those of the store as the
// write transaction sees it, checked once a transaction: they are
// forgotten when another connection has written since they were asked
// (PRAGMA data_version, which the connection's own writes leave as it is:
// CreateTournament, the one writer of tournaments and players, forgets
// them itself).
func (db *DB) sendersCurrent(ctx context.Context) error {
	if db.w.sendersChecked && db.wc.senders != nil {
		return nil
	}
	var v int64
	err := db.queryRaw(ctx, `PRAGMA data_version`, nil, func(row []driver.Value) (err error) {
		v, err = rawInt(row[0])
		return err
	})
	if err != nil {
		return err
	}
	if db.wc.senders == nil || v != db.wc.version {
		db.wc.senders, db.wc.version = newLRU[senderTournaments](cachedSenders), v
	}
	db.w.sendersChecked = true
	return nil
}

// rawInt and rawString read a value of a raw row (queryRaw) whose column
// is INTEGER or TEXT NOT NULL, failing when the store holds something
// else (a NULL, another type) instead of reading it as a zero.
func rawInt(v driver.Value) (int64, error) {
	if n, ok := v.(int64); ok {
		return n, nil
	}
	return 0, fmt.Errorf("storage: an integer expected, the store holds %T", v)
}

func rawString(v driver.Value) (string, error) {
	switch s := v.(type) {
	case string:
		return s, nil
	case []byte:
		return string(s), nil
	}
	return "", fmt.Errorf("storage: a text expected, the store holds %T", v)
}

// raw reports whether tx is the write transaction, on the writer's
// connection.
func (db *DB) raw(tx *sql.Tx) bool { return tx != nil && tx == db.w.tx && db.wc.conn != nil }

// execRaw runs query with args on the writer's connection, in its
// transaction (raw).
func (db *DB) execRaw(ctx context.Context, query string, args []any) (sql.Result, error) {
	var res driver.Result
	err := db.wc.conn.Raw(func(dc any) error {
		st, err := db.wc.prepared(ctx, dc, query)
		if err != nil {
			return err
		}
		nv, err := db.wc.values(args)
		if err != nil {
			return err
		}
		defer clear(nv) // no letter's bytes kept till the next statement
		res, err = st.(driver.StmtExecContext).ExecContext(ctx, nv)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// queryRaw runs query with args on the writer's connection, in its
// transaction (raw), and gives each row's values to row, which must copy
// what it keeps of them and run no statement (the connection is held
// meanwhile).
func (db *DB) queryRaw(ctx context.Context, query string, args []any, row func([]driver.Value) error) error {
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
