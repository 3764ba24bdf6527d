package storage

import (
	"context"
	"database/sql"
)

// A reader outside the write transaction (the desk's pages, the commands:
// DB.State, DB.Desk) reads a tournament by several statements: its row,
// its games and their lists, its claims, its desk. Outside a transaction
// each statement sees the store as it was when it began, so a commit
// falling between two of them would give a state no commit left (a
// tournament's row a letter behind its games, a desk a ruling ahead of
// the state). They run in one read transaction instead (view), on a
// connection of the pool, never the writer's: in WAL mode every statement
// of a read transaction reads the snapshot its first one took, and the
// writer neither waits for it nor is waited for.
//
// A view is not an *sql.Tx: the store tells its write transaction by that
// type, comparing it with the writer's (db.w.tx, which only the writer's
// holder may read), and a reader doing so would race with the writer.

// snapshot is a read transaction; it runs the store's queries as a
// querier.
type snapshot struct{ tx *sql.Tx }

func (s snapshot) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return s.tx.QueryRowContext(ctx, query, args...)
}

func (s snapshot) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.tx.QueryContext(ctx, query, args...)
}

// view runs fn in a read transaction: what fn reads is one commit's
// store. It begins deferred (ReadOnly: not the DSN's IMMEDIATE, which
// would take the write lock) and is rolled back, having written nothing.
func (db *DB) view(ctx context.Context, fn func(q snapshot) error) error {
	tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(snapshot{tx})
}
