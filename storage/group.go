package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Group commit: the letters the reader fetched together are stored in one
// write transaction; one commit, one WAL write, serves the whole group. A
// letter runs under no savepoint of its own: a SAVEPOINT and a RELEASE a
// letter, and SQLite's copy of every page a letter changed first into the
// savepoint's journal, cost about 5 % of the receive path (measured in
// docs/developers.md), for a failure that is rare (the store's own: a
// full disk, an I/O error, a bug). A letter whose steps fail rolls the
// whole group back instead; its caller takes the group's earlier letters
// again in a group of their own (referee.ReceiveAll), so that what is
// stored is as if the failed letter alone had been undone.

// Group is a write transaction shared by several letters: a letter's steps
// run on its Tx (Group.Letter), so they see the group's earlier letters.
// A Group is used by one goroutine.
type Group struct {
	db   *DB
	tx   *sql.Tx
	done bool
	// letter is the Tx of the letter open (Letter, until Done), nil
	// between letters.
	letter *Tx
	// failed is why the group was rolled back before its Commit: a
	// letter's steps failed (Done), or a letter was not done (Commit).
	failed error
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

// Letter returns the Tx the group's next letter's steps run on: the
// group's transaction. Done closes it; between the two nothing calls back.
// Letter fails while the previous letter is not done, and once the group
// is committed or rolled back.
func (g *Group) Letter() (*Tx, error) {
	switch {
	case g.failed != nil:
		return nil, fmt.Errorf("storage: the group is rolled back: %w", g.failed)
	case g.done:
		return nil, errors.New("storage: the group is already committed or rolled back")
	case g.letter != nil:
		return nil, errors.New("storage: Group.Letter before the group's previous letter is done")
	}
	g.letter = &Tx{db: g.db, tx: g.tx, kept: map[string]*committed{}}
	return g.letter, nil
}

// Done closes letter t (Letter), whose steps ended with err: when err is
// nil, the tournaments t saved are kept in memory for the group's next
// letters; else the whole group is rolled back at once, its earlier
// letters with it (none of them is stored: Commit fails), and err is
// returned. From then on t fails whatever it is asked (errLetterDone).
// Done of a Tx that is not the group's open letter closes nothing and
// fails.
func (g *Group) Done(t *Tx, err error) error {
	if t == nil || t != g.letter {
		return errors.Join(err, errors.New("storage: Group.Done of a Tx that is not the group's open letter"))
	}
	g.letter, t.done = nil, true
	if err != nil {
		g.fail(fmt.Errorf("storage: a letter of the group failed: %w", err))
		return err
	}
	for c, k := range t.kept {
		g.db.isCurrent(g.tx, c, k)
		g.db.keep(c, k)
	}
	return nil
}

// fail rolls the group back, before its Commit, for why.
func (g *Group) fail(why error) {
	g.failed = why
	g.Rollback()
}

// Commit commits the group. When it fails nothing of the group is stored,
// and the tournaments' copies in memory, which may hold its work, are
// dropped. A group rolled back already because a letter failed (Done),
// or holding one not done (Letter without Done), is not committed, and
// Commit says why: its letters are read again.
func (g *Group) Commit() error {
	if g.letter != nil {
		g.fail(errors.New("storage: Group.Commit with a letter not done"))
	}
	if g.failed != nil {
		return g.failed
	}
	if g.done {
		return nil
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
		g.db.warned()
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
