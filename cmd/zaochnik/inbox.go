package main

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"zaochnik/mailbox"
	"zaochnik/storage"
)

// errStopping refuses letters once the daemon is shutting down: the reader
// offers them again after the restart.
var errStopping = errors.New("the daemon is stopping; the letter waits in the mailbox")

// errNoTournament keeps letters in the mailbox while the store holds no
// tournament: refused now, a letter would be filed away where a store
// restored later never sees it.
var errNoTournament = errors.New("the store holds no tournament; the letter waits in the mailbox (create the tournament, or restore the store)")

// shellInbox is the store as the IMAP reader's Inbox, with what the shell
// decides before the referee sees a letter: automatic letters (RFC 3834) are
// kept unanswered, letters failing sender authentication are kept refused.
// After each letter it wakes the sender, and it records what /healthz shows.
type shellInbox struct {
	db         *storage.DB
	authservID string
	own        []string // the server's addresses
	kick       func()
	log        *slog.Logger
	store      *storeHealth // notes the store's answers for /healthz
	stopping   atomic.Bool
	ready      atomic.Bool // the store holds a tournament (tournaments are never removed)

	mu        sync.Mutex
	lastCheck time.Time // the reader last read the watermark: it is alive and connected
	lastFetch time.Time // the last letter handed over
	accepted  int
	refused   int
}

// Watermark implements mailbox.Inbox. The reader asks it at every look at
// the mailbox, so its time is the reader's heartbeat.
func (in *shellInbox) Watermark(ctx context.Context, mailbox string) (uint32, uint32, error) {
	v, u, err := in.db.Watermark(ctx, mailbox)
	if in.store.noteRead(err) == nil {
		in.mu.Lock()
		in.lastCheck = time.Now() // the process's health, not game time
		in.mu.Unlock()
	}
	return v, u, err
}

// Accept implements mailbox.Inbox. The letter's transaction runs to its end
// even when the daemon is told to stop meanwhile (the one in flight is
// finished); letters offered after that are declined.
func (in *shellInbox) Accept(ctx context.Context, mbox string, uidValidity, uid uint32, raw []byte) (bool, error) {
	if in.stopping.Load() {
		return false, errStopping
	}
	ctx = context.WithoutCancel(ctx)
	if err := in.store.noteRead(in.holdsTournament(ctx)); err != nil {
		return false, err
	}
	refused, err := in.accept(ctx, mbox, uidValidity, uid, raw)
	if in.store.note(err) != nil {
		return false, err
	}
	in.mu.Lock()
	in.lastFetch = time.Now()
	if refused {
		in.refused++
	} else {
		in.accepted++
	}
	in.mu.Unlock()
	in.kick()
	return refused, nil
}

// holdsTournament returns errNoTournament until the store holds one.
func (in *shellInbox) holdsTournament(ctx context.Context) error {
	if in.ready.Load() {
		return nil
	}
	cs, err := in.db.Ciphers(ctx)
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		return errNoTournament
	}
	in.ready.Store(true)
	return nil
}

func (in *shellInbox) accept(ctx context.Context, mbox string, uidValidity, uid uint32, raw []byte) (bool, error) {
	dec, err := mailbox.Decode(raw)
	if err != nil {
		return in.db.Accept(ctx, mbox, uidValidity, uid, raw) // kept, refused as unreadable by the store
	}
	if auto, why := dec.IsAutomatic(in.own...); auto {
		return true, in.keep(ctx, dec, mbox, uidValidity, uid, raw, storage.Ignored, "automatic letter, not answered (RFC 3834): "+why)
	}
	if err := mailbox.CheckAuthResults(dec, in.authservID); err != nil {
		return true, in.keep(ctx, dec, mbox, uidValidity, uid, raw, storage.Refused, "sender authentication failed, not answered: "+err.Error())
	}
	return in.db.Accept(ctx, mbox, uidValidity, uid, raw)
}

// keep stores a letter the referee must not see, with its disposition.
// Both steps are idempotent, so a crash between them is mended when the
// reader offers the letter again.
func (in *shellInbox) keep(ctx context.Context, dec *mailbox.Incoming, mbox string, uidValidity, uid uint32, raw []byte, d storage.Disposition, reason string) error {
	postmark := dec.Postmark
	if postmark.IsZero() {
		postmark = in.db.Now()
	}
	id, was, fresh, err := in.db.StoreLetter(ctx, storage.Incoming{MessageID: dec.MessageID, Mailbox: mbox, UIDValidity: uidValidity, UID: uid,
		Raw: raw, Postmark: postmark, From: dec.From.Addr})
	if err != nil || (!fresh && was != storage.Pending) {
		return err
	}
	in.log.Info("letter kept, not applied", "from", dec.From.Addr, "message_id", dec.MessageID, "reason", reason)
	return in.db.SetDisposition(ctx, id, d, reason)
}

// seen is what /healthz reports of the reader.
func (in *shellInbox) seen() (lastCheck, lastFetch time.Time, accepted, refused int) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.lastCheck, in.lastFetch, in.accepted, in.refused
}
