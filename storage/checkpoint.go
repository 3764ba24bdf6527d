package storage

import (
	"context"
	"database/sql"
	"sync/atomic"

	"modernc.org/sqlite"
)

// SQLite checkpoints the WAL (copies its pages into the database file and
// syncs it, so that the WAL can start over) in the connection whose commit
// brings it past wal_autocheckpoint pages: that commit, the reader's
// group most often, pays the copy. The writer's connection has automatic
// checkpoints off, and the store's checkpointer, a goroutine on a
// connection of its own, runs them on the other core:
//   - once the writer's commits have written checkpointPages pages to the
//     WAL since the last checkpoint began, a PASSIVE one beside the writer:
//     it waits for nobody and copies what no reader still needs;
//   - when the WAL then still holds restartPages frames or more, a second
//     PASSIVE one holding the writer's mutex, between two of its
//     transactions. SQLite starts the WAL over only at a write transaction
//     that began with the WAL copied whole; a writer that begins again as
//     soon as it commits (the reader's groups) never finds it so after a
//     checkpoint run beside it, and the WAL would grow for as long as
//     letters arrive. The second pass copies only the frames of the
//     commits since the first, so the writer waits little.
//
// A reader holding an old snapshot still keeps its frames in the WAL, as
// with SQLite's own checkpoints, until it ends. Closing the store's last
// connection checkpoints the WAL and removes it (SQLite does).
const (
	checkpointPages = 1000 // SQLite's wal_autocheckpoint default
	restartPages    = 4 * checkpointPages
)

// checkpointer is the store's background checkpointer.
type checkpointer struct {
	pages   int64         // checkpointPages, but for tests
	restart int64         // restartPages, but for tests
	written atomic.Int64  // pages the writer wrote since the last checkpoint began
	wake    chan struct{} // a checkpoint is due
	stop    chan struct{} // closed by Close
	done    chan struct{} // closed when the goroutine ends
}

// startCheckpoints starts the checkpointer, due after pages written and
// holding the writer for a WAL of restart frames (checkpointPages and
// restartPages; tests take fewer).
func (db *DB) startCheckpoints(pages, restart int64) {
	db.ckpt = &checkpointer{pages: pages, restart: restart,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go db.checkpoints(db.ckpt)
}

// checkpoints is the checkpointer's goroutine.
func (db *DB) checkpoints(c *checkpointer) {
	defer close(c.done)
	for {
		select {
		case <-c.stop:
			return
		case <-c.wake:
		}
		if db.closed.Load() {
			return // a commit's wake-up raced Close
		}
		c.written.Store(0)
		frames, err := db.checkpoint()
		if err == nil && frames >= c.restart {
			db.writer.Lock()
			select {
			case <-c.stop:
			default:
				_, err = db.checkpoint()
			}
			db.unlockWriter()
		}
		if err != nil && !db.closed.Load() {
			db.logger().Warn("storage: background checkpoint failed; the WAL grows until one succeeds", "err", err)
		}
	}
}

// checkpoint runs a PASSIVE checkpoint on a connection of the pool (never
// the writer's, which the writer holds) and returns how many frames the
// WAL holds.
func (db *DB) checkpoint() (frames int64, err error) {
	var busy, copied int64
	err = db.db.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
	return frames, err
}

// walWritten counts the pages the writer's connection wrote to the WAL
// (SQLite's cache writes: in WAL mode, the frames it appended) and wakes
// the checkpointer when they are due; the caller holds writer, after a
// commit.
func (db *DB) walWritten() {
	c := db.ckpt
	if c == nil || db.wc.conn == nil {
		return
	}
	var n int
	db.wc.conn.Raw(func(dc any) error {
		if s, ok := dc.(sqlite.DBStatus); ok {
			n, _, _ = s.Status(sqlite.DBStatusCacheWrite, true)
		}
		return nil
	})
	if c.written.Add(int64(n)) >= c.pages {
		select {
		case c.wake <- struct{}{}:
		default:
		}
	}
}

// stopCheckpoints ends the checkpointer, once; when wait, after its
// checkpoint at work (the caller must not hold writer then).
func (db *DB) stopCheckpoints(wait bool) {
	if db.ckpt == nil {
		return
	}
	select {
	case <-db.ckpt.stop:
	default:
		close(db.ckpt.stop)
	}
	if wait {
		<-db.ckpt.done
	}
}

// noAutoCheckpoint turns SQLite's automatic checkpoints off on the
// writer's new connection.
func noAutoCheckpoint(ctx context.Context, c *sql.Conn) error {
	_, err := c.ExecContext(ctx, `PRAGMA wal_autocheckpoint = 0`)
	return err
}
