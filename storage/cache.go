package storage

import (
	"context"
	"database/sql"
	"time"

	"zaochnik/corr"
)

// The store keeps each tournament's state as last committed in memory, so
// that a letter or a day neither reads nor decodes it again, and writes
// only the rows that changed. The database stays the truth: every
// transaction reads the tournament's row, whose state carries a revision
// that every write bumps, and a copy whose row differs (another process
// wrote, or a write of this one is not yet recorded) is read again. A copy
// is recorded only after its transaction commits and dropped when one fails.

// committed is a tournament as last committed.
type committed struct {
	id    int64
	row   string // tournaments.state as stored, revision included
	rev   int64
	state corr.State
	games map[string]gameRow // by game code
	loc   *time.Location     // the tournament's time zone, loaded once
}

// gameRow is what the store knows of a game's rows.
type gameRow struct {
	id int64
	// ledger is the game's ledger_lines as stored; valid only when known.
	ledger []ledgerRow
	known  bool
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
	v, ok := db.tournaments.Load(cipher)
	if !ok {
		return nil, false
	}
	c := v.(*committed)
	return c, c.id == id && c.row == row
}

// keep records c as tournament cipher's committed state; call it only
// after the transaction that wrote c committed.
func (db *DB) keep(cipher string, c *committed) {
	if c != nil {
		db.tournaments.Store(cipher, c)
	}
}

// forget drops the copy of tournament cipher after a failed transaction.
func (db *DB) forget(cipher string) { db.tournaments.Delete(cipher) }

// forgetAll drops every copy after a failed group (group.go).
func (db *DB) forgetAll() { db.tournaments.Clear() }

// stmt returns query prepared once for the database, bound to q when q is
// a transaction: the hot statements are not parsed again for every letter.
func (db *DB) stmt(ctx context.Context, q querier, query string) (*sql.Stmt, error) {
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
	if tx, ok := q.(*sql.Tx); ok {
		return tx.StmtContext(ctx, st), nil
	}
	return st, nil
}

// exec runs a prepared statement in tx.
func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	st, err := db.stmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// queryRow runs a prepared query for one row on q.
func (db *DB) queryRow(ctx context.Context, q querier, query string, args ...any) *sql.Row {
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
