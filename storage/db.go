// Package storage keeps zaochnik's state in SQLite (modernc.org/sqlite, no
// cgo): tournaments, games, every letter's raw bytes, events, ledger lines,
// the outbox and the overstep claims.
//
// Write transactions begin IMMEDIATE (the DSN sets _txlock), so two writers
// never deadlock upgrading a read lock; the journal is WAL, so readers never
// wait for them. Everything a letter causes (the game's new state, events,
// ledger lines, outgoing letters) is committed in the one transaction that
// marks the letter processed: a crash never half-applies a letter, and a
// letter is never applied twice (Message-ID and mailbox UID are unique).
package storage

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is an open store.
type DB struct {
	db *sql.DB
	// Now returns the current instant; tests and replay set it. It stamps
	// storage times (stored_at, outbox attempts), never dates of play.
	Now func() time.Time
	// MessageIDKey, when set, makes the Message-IDs of outgoing letters an
	// HMAC of their number under it instead of random (see messageID).
	MessageIDKey []byte
	// HoldDays is how many days a held letter waits for its sender's
	// confirmation; 0 is DefaultHoldDays.
	HoldDays int
	// Log receives the store's warnings (a mail server reusing UIDs); nil
	// is slog's default logger.
	Log *slog.Logger

	parsed      *lru[parsedFile] // tournament files as read, by their SHA-256
	tournaments *lru[*committed] // by cipher (cache.go)
	stmts       sync.Map         // query -> *sql.Stmt, prepared once
	rowsSQL     rowsStatements   // multi-row INSERTs (manyRows)
	// writer is held by the process's write transaction (tx, Group):
	// writers queue on it, first come first served when they contend,
	// instead of polling SQLite's lock from its busy handler, which a
	// writer that begins again at once (the reader's groups) would win
	// every time. Other processes still meet the busy timeout.
	writer sync.Mutex
	w      writing    // the write transaction of the writer's holder (cache.go)
	wc     writerConn // the connection it runs on (writer.go)
	// epoch marks the copies known as stored after the writer's commits
	// (committed.asOf, asStored); raised, never reset, to forget them all.
	epoch uint64
	mac   idMAC         // the writer's holder's, for messageID
	ckpt  *checkpointer // checkpoint.go
	// closed is set by Close: a write begun after it fails, and a writer
	// at work when it came gives its connection back when it ends.
	closed atomic.Bool
}

// Open opens (creating if needed) the database file at path and brings its
// schema up to date. Only the commands that create a tournament from its
// file use it; the daemon uses OpenChecked, every other command OpenExisting.
func Open(path string) (*DB, error) { return open(path, "rwc") }

// ErrNoStore is returned (wrapped, with the path and what to do) by
// OpenExisting and OpenChecked when the file is missing, empty, not a database, damaged or
// without zaochnik's schema.
var ErrNoStore = errors.New("no usable zaochnik store")

// OpenExisting opens the store at path as Open does but never creates one:
// a missing file, an empty (0 bytes) one, a file that is not an SQLite
// database and a database without zaochnik's schema are refused with
// ErrNoStore. A truncated or mistaken file is so never taken for a new,
// empty store that would refuse every letter. The commands that read the
// store use it; the daemon uses OpenChecked.
func OpenExisting(path string) (*DB, error) { return openExisting(path, false) }

// OpenChecked is OpenExisting that also reads the whole file once with
// PRAGMA quick_check (about 0.3 s for 40 MB) and refuses a damaged one.
func OpenChecked(path string) (*DB, error) { return openExisting(path, true) }

func openExisting(path string, quick bool) (*DB, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("storage: %s: %w: the file does not exist; create the store with zaochnik tournament create, or restore the backup", path, ErrNoStore)
	case err != nil:
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	case fi.Size() == 0:
		return nil, fmt.Errorf("storage: %s: %w: the file is empty (0 bytes), truncated or never written; restore the backup", path, ErrNoStore)
	}
	if err := check(path, quick); err != nil {
		return nil, fmt.Errorf("storage: %s: %w: %w", path, ErrNoStore, err)
	}
	return open(path, "rw")
}

// check reads path without changing it: an SQLite database that holds
// zaochnik's schema and, when quick, passes PRAGMA quick_check.
func check(path string, quick bool) error {
	sqldb, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer sqldb.Close()
	var version int
	if err := sqldb.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("not a readable SQLite database (%v); restore the backup", err)
	}
	if quick {
		if err := quickCheck(sqldb); err != nil {
			return err
		}
	}
	var tables int
	if err := sqldb.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('tournaments', 'letters', 'outbox')`).Scan(&tables); err != nil {
		return err
	}
	if version == 0 || tables != 3 {
		return errors.New("the database holds no zaochnik schema (another program's file, or a store never created); give the right file, or restore the backup")
	}
	return nil
}

// quickCheck runs PRAGMA quick_check and names what it found wrong.
func quickCheck(sqldb *sql.DB) error {
	rows, err := sqldb.Query("PRAGMA quick_check")
	if err != nil {
		return fmt.Errorf("PRAGMA quick_check failed (%v); restore the backup", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return err
		}
		if p != "ok" {
			problems = append(problems, p)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("the database is damaged (PRAGMA quick_check: %s); restore the backup", strings.Join(problems, "; "))
	}
	return nil
}

// open opens path in the SQLite open mode (rwc creates, rw does not).
func open(path, mode string) (*DB, error) {
	q := url.Values{}
	q.Set("mode", mode)
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// FULL: a commit returns once the WAL is synced, so a letter is
	// durable before the reader files it out of INBOX and before its
	// forward leaves; NORMAL would leave the commits since the WAL was
	// last synced to a power cut or an OS crash, letters the reader had
	// filed and the sender answered, then neither stored nor read again.
	// A group of letters pays one sync (group.go). Page size (4096),
	// cache_size (2 MiB a connection) and mmap_size (0) are SQLite's
	// defaults: the writer's reads are nearly all from its cache.
	q.Add("_pragma", "synchronous(FULL)")
	// Statement journals (a statement that may fail half-way inside a
	// transaction) keep their undo pages in memory, not in a temporary
	// file written for every page they change.
	q.Add("_pragma", "temp_store(MEMORY)")
	q.Set("_txlock", "immediate")
	sqldb, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	db := &DB{db: sqldb, Now: time.Now, parsed: newLRU[parsedFile](parsedFiles), tournaments: newWeighedLRU(cachedBytes, (*committed).weight)}
	if err := db.migrate(context.Background()); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	if err := db.upgradeDesks(context.Background()); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	db.startCheckpoints(checkpointPages, restartPages)
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error {
	db.closed.Store(true)
	db.closeStmts()
	// The checkpointer is waited for unless a writer is at work (a group
	// not ended), whose mutex it may be waiting for.
	idle := db.writer.TryLock()
	if idle {
		db.writer.Unlock()
	}
	db.stopCheckpoints(idle)
	// A writer still at work keeps its connection until it ends
	// (unlockWriter), and the pool closes it then.
	if db.writer.TryLock() {
		db.unlockWriter()
	}
	return db.db.Close()
}

// migrate applies, each in its own transaction, the embedded migrations
// numbered above the file's PRAGMA user_version. A store of a later
// version than the last migration is refused: a migration may move what
// an older version reads (0011 moved the games' lists out of games.state),
// and that version would read the games without it and write them so.
func (db *DB) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	if err := numberedInTurn(names); err != nil {
		return err
	}
	if err := laterSchema(ctx, db.db, len(names)); err != nil {
		return err
	}
	for i, name := range names {
		base, num := strings.TrimPrefix(name, "migrations/"), i+1 // numberedInTurn
		err := db.tx(ctx, func(tx *sql.Tx) error {
			var version int
			if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
				return err
			}
			if num <= version {
				return nil
			}
			if num != version+1 {
				return fmt.Errorf("migration %s: the database is at version %d; migrations must be numbered without gaps", base, version)
			}
			body, err := migrations.ReadFile(name)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", base, err)
			}
			_, err = tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", num))
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// numberedInTurn fails unless the sorted migration files names are
// numbered 1, 2, 3... each once: two branches that each added the same
// number would otherwise be merged into a build that skips the second
// file on every store (its number at or below the store's version).
func numberedInTurn(names []string) error {
	for i, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: the name must start with its number", base)
		}
		if num != i+1 {
			return fmt.Errorf("migration %s: numbered %d where %d is due; the migrations must be numbered from 1, each once, without gaps", base, num, i+1)
		}
	}
	return nil
}

// laterSchema fails when the store's schema is of a later version than
// last, the last this build migrates to (its migrations are numbered from
// 1 without gaps).
func laterSchema(ctx context.Context, q *sql.DB, last int) error {
	var version int
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if version > last {
		return fmt.Errorf("the store's schema is of version %d, later than this zaochnik's (%d): run the zaochnik that wrote it, or restore a backup of this version", version, last)
	}
	return nil
}

// tx runs fn in a write transaction, committing when it returns nil.
func (db *DB) tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	db.writer.Lock()
	defer db.unlockWriter()
	tx, err := db.beginWrite(ctx)
	if err != nil {
		return err
	}
	db.begin(tx)
	defer db.end()
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	db.walWritten()
	db.asStored()
	db.warned()
	return nil
}

// trackedTx is tx for fn that records every tournament it writes (Tx's),
// or writes none (the outbox's): its commit leaves the copies it knows
// marked as stored, where another transaction's forgets every mark
// (writing.tracked, cache.go).
func (db *DB) trackedTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		db.w.tracked = true
		return fn(tx)
	})
}

// stamp is the current instant as stored: RFC 3339 UTC, whole seconds.
func (db *DB) stamp() string { return db.Now().UTC().Truncate(time.Second).Format(time.RFC3339) }

// ErrNotFound is returned (wrapped, with what was looked for) when a
// tournament, game, claim or letter does not exist.
var ErrNotFound = errors.New("not found")
