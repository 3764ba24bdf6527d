package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Group commit: the letters the reader fetched together are stored in one
// write transaction, each under a SAVEPOINT of its own. A letter that fails
// is rolled back to its savepoint and nothing else of it stays; the letters
// before it commit together with their watermarks. One commit, one WAL
// write, serves the whole group.

// Group is a write transaction shared by several letters, each under a
// savepoint of its own: a letter's steps run on its Tx (Group.Letter), so
// they see the group's earlier letters.
// A Group is used by one goroutine.
type Group struct {
	db   *DB
	tx   *sql.Tx
	done bool
	// letter is the Tx of the letter whose savepoint is open (Letter,
	// until Done), nil between letters: the savepoint has one name, so a
	// second one opened inside it would be released in its place.
	letter *Tx
	// rows is how many rows (watermarks among them) the group had
	// appended when the current letter's savepoint was opened.
	rows appendedMark
	// broken is why a letter could not be undone to its savepoint: the
	// group then holds a half-written letter, and only rolls back.
	broken error
}

// Group begins a group transaction (BEGIN IMMEDIATE: it holds the write
// lock, and the process's writer mutex, until Commit or Rollback, so keep
// groups short).
func (db *DB) Group(ctx context.Context) (*Group, error) {
	db.writer.Lock()
	tx, err := db.beginWrite(ctx)
	if err != nil {
		db.unlockWriter()
		return nil, err
	}
	db.begin(tx)
	db.w.group, db.w.tracked = true, true
	return &Group{db: db, tx: tx}, nil
}

// Letter opens the savepoint of the group's next letter and returns the
// Tx that letter's steps run on: the group's transaction, under that
// savepoint. Done closes it; between the two nothing calls back. Letter
// fails while the previous letter is not done.
func (g *Group) Letter(ctx context.Context) (*Tx, error) {
	if err := g.open(ctx); err != nil {
		return nil, err
	}
	g.letter = &Tx{db: g.db, tx: g.tx, kept: map[string]*committed{}}
	return g.letter, nil
}

// Done closes the savepoint of letter t (Letter), whose steps ended with
// err: when err is nil it is released, and the tournaments t saved are
// kept in memory for the group's next letters; else the letter is undone
// whole. It returns err joined with its own. From then on t fails
// whatever it is asked (errLetterDone). Done of a Tx that is not the
// group's open letter closes nothing and fails.
func (g *Group) Done(ctx context.Context, t *Tx, err error) error {
	if t == nil || t != g.letter {
		return errors.Join(err, errors.New("storage: Group.Done of a Tx that is not the group's open letter"))
	}
	g.letter, t.done = nil, true
	if err == nil {
		for c, k := range t.kept {
			g.db.isCurrent(g.tx, c, k)
			g.db.keep(c, k)
		}
	}
	return g.close(ctx, err)
}

// open opens the savepoint of the group's next letter.
func (g *Group) open(ctx context.Context) error {
	if g.done {
		return errors.New("storage: the group is already committed or rolled back")
	}
	if g.broken != nil {
		return fmt.Errorf("storage: the group is broken: %w", g.broken)
	}
	if g.letter != nil {
		return errors.New("storage: Group.Letter before the group's previous letter is done")
	}
	// The savepoints are the group's own bookkeeping, run whatever the
	// letter's context says: a RELEASE skipped because that context ended
	// would leave a letter reported undone in a group that commits it.
	if _, err := g.db.exec(context.WithoutCancel(ctx), g.tx, `SAVEPOINT letter`); err != nil {
		return err
	}
	g.rows = g.db.w.rows.mark()
	return nil
}

// close closes the current letter's savepoint: undone first when err, its
// steps' error, is not nil.
func (g *Group) close(ctx context.Context, err error) error {
	if err != nil {
		err = errors.Join(err, g.undo(ctx))
	}
	if _, rerr := g.db.exec(context.WithoutCancel(ctx), g.tx, `RELEASE letter`); rerr != nil && g.broken == nil {
		// The letter's work is in the transaction, reported not stored:
		// the group must not commit it.
		g.broken = fmt.Errorf("storage: a letter's savepoint not released: %w", rerr)
		err = errors.Join(err, g.broken)
	}
	return err
}

// undo rolls the current letter back to its savepoint, with the
// watermarks it advanced, the rows it appended and what the transaction
// knew of its writes; the tournaments' copies are dropped, since one kept
// by a step of the letter may hold what was undone. The outbox's next id
// is asked again at its next use (nextOutboxID: after the rows stored and
// the earlier letters' appended).
func (g *Group) undo(ctx context.Context) error {
	g.db.undone()
	g.db.forgetAll()
	g.db.w.rows.undo(g.rows)
	ctx = context.WithoutCancel(ctx) // the group's bookkeeping (open)
	if _, err := g.db.exec(ctx, g.tx, `ROLLBACK TO letter`); err != nil {
		g.broken = fmt.Errorf("storage: a letter not undone to its savepoint: %w", err)
		return g.broken
	}
	return nil
}

// Commit commits the group. When it fails nothing of the group is stored,
// and the tournaments' copies in memory, which may hold its work, are
// dropped. A group holding a letter it could not undo, or one not done
// (Letter without Done), is rolled back whole instead, and Commit says
// why: its letters are read again.
func (g *Group) Commit() error {
	if g.done {
		return nil
	}
	if g.letter != nil && g.broken == nil {
		g.broken = errors.New("storage: Group.Commit with a letter not done")
	}
	if g.broken != nil {
		g.Rollback()
		return g.broken
	}
	g.done = true
	ctx := context.Background()
	err := g.db.writeAppended(ctx, g.tx)
	if err == nil {
		err = g.tx.Commit()
	} else {
		g.tx.Rollback()
	}
	if err == nil {
		g.db.walWritten()
		g.db.asStored()
	}
	g.db.end()
	g.db.unlockWriter()
	if err != nil {
		g.db.forgetAll()
	}
	return err
}

// Rollback undoes the group unless it was committed.
func (g *Group) Rollback() {
	if g.done {
		return
	}
	g.done = true
	if g.letter != nil {
		g.letter.done, g.letter = true, nil
	}
	g.tx.Rollback()
	g.db.end()
	g.db.unlockWriter()
	g.db.forgetAll()
}
