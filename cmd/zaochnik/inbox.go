package main

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"zaochnik/mailbox"
	"zaochnik/referee"
)

// errStopping refuses letters once the daemon is shutting down: the reader
// offers them again after the restart.
var errStopping = errors.New("the daemon is stopping; the letter waits in the mailbox")

// shellInbox is the referee as the IMAP reader's Inbox: the reader hands
// it each letter read at the edge (under the referee's Reading: MIME,
// RFC 3834, the trusted Authentication-Results), the referee decides it
// from those values (size, automatic letters, who wrote it) and whether
// letters may be received at all (referee.Ready); the shell wakes the
// sender after each letter and records what /healthz shows.
type shellInbox struct {
	ref      *referee.Referee
	kick     func()
	store    *storeHealth // notes the store's answers for /healthz
	stopping atomic.Bool
	ready    atomic.Bool // the store holds a tournament (tournaments are never removed)

	mu        sync.Mutex
	lastCheck time.Time // the reader last read the watermark: it is alive and connected
	lastFetch time.Time // the last letter handed over
	lastBytes time.Time // bytes of a letter last arrived: a slow letter keeps the reader alive
	accepted  int
	refused   int
}

// Watermark implements mailbox.Inbox. The reader asks it at every look at
// the mailbox, so its time is the reader's heartbeat.
func (in *shellInbox) Watermark(ctx context.Context, mailbox string) (uint32, uint32, error) {
	v, u, err := in.ref.DB.Watermark(ctx, mailbox)
	if in.store.noteRead(err) == nil {
		in.mu.Lock()
		in.lastCheck = time.Now() // the process's health, not game time
		in.mu.Unlock()
	}
	return v, u, err
}

// Accept implements mailbox.Inbox: the letters go to the referee in one
// group (referee.ReceiveAll). The group's transaction runs to its end even
// when the daemon is told to stop meanwhile (the one in flight is
// finished); letters offered after that are declined.
func (in *shellInbox) Accept(ctx context.Context, mbox string, uidValidity uint32, letters []mailbox.Fetched) ([]bool, error) {
	if in.stopping.Load() {
		return nil, errStopping
	}
	ctx = context.WithoutCancel(ctx)
	if err := in.store.noteRead(in.holdsTournament(ctx)); err != nil {
		return nil, err
	}
	ls := make([]referee.Letter, len(letters))
	for i, f := range letters {
		ls[i] = fetched(mbox, uidValidity, f)
	}
	outs, err := in.ref.ReceiveAll(ctx, ls)
	refused := make([]bool, len(outs))
	for i, o := range outs {
		refused[i] = o.Refused()
	}
	in.handed(refused...)
	return refused, in.store.note(err)
}

// fetched is letter f of mailbox mbox as the referee takes it, as the
// reader read it (the reader's Reading is the referee's): it is not read
// again.
func fetched(mbox string, uidValidity uint32, f mailbox.Fetched) referee.Letter {
	return referee.Letter{Mailbox: mbox, UIDValidity: uidValidity, UID: f.UID, Raw: f.Raw, Mail: f.Mail, Unreadable: f.Unreadable}
}

// decoded is letter l, not fetched by the reader (rebuild reads the
// folders), as the referee takes it: decoded and read once (the
// referee's Reading: its RFC 3834 status and its trusted
// Authentication-Results come with it), unless it is over the referee's
// size limit and is not read.
func decoded(ref *referee.Referee, l referee.Letter) referee.Letter {
	l.Mail, l.Unreadable = ref.Reading.DecodeWithin(l.Raw, ref.MaxSize())
	return l
}

// Oversized implements mailbox.Inbox.
func (in *shellInbox) Oversized(ctx context.Context, mbox string, uidValidity uint32, header mailbox.Fetched, size int64) error {
	if in.stopping.Load() {
		return errStopping
	}
	ctx = context.WithoutCancel(ctx)
	if err := in.store.noteRead(in.holdsTournament(ctx)); err != nil {
		return err
	}
	if err := in.store.note(in.ref.Oversized(ctx, fetched(mbox, uidValidity, header), size)); err != nil {
		return err
	}
	in.handed(true)
	return nil
}

// holdsTournament is referee.Ready, asked until it is so.
func (in *shellInbox) holdsTournament(ctx context.Context) error {
	if in.ready.Load() {
		return nil
	}
	if err := in.ref.Ready(ctx); err != nil {
		return err
	}
	in.ready.Store(true)
	return nil
}

// handed records letters handed over (refused or not) and wakes the sender.
func (in *shellInbox) handed(refused ...bool) {
	if len(refused) == 0 {
		return
	}
	in.mu.Lock()
	in.lastFetch = time.Now()
	for _, r := range refused {
		if r {
			in.refused++
		} else {
			in.accepted++
		}
	}
	in.mu.Unlock()
	in.kick()
}

// progress is the reader's ReaderOptions.Progress: another part of a
// letter arrived, so the reader is alive while a slow letter takes longer
// than /healthz allows between looks at the mailbox.
func (in *shellInbox) progress() {
	in.mu.Lock()
	in.lastBytes = time.Now()
	in.mu.Unlock()
}

// seen is what /healthz reports of the reader: alive is the later of its
// last look at the mailbox and the last bytes of a letter that arrived.
func (in *shellInbox) seen() (lastCheck, alive, lastFetch time.Time, accepted, refused int) {
	in.mu.Lock()
	defer in.mu.Unlock()
	alive = in.lastCheck
	if in.lastBytes.After(alive) {
		alive = in.lastBytes
	}
	return in.lastCheck, alive, in.lastFetch, in.accepted, in.refused
}
