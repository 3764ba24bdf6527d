package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Tx is a write transaction of the store as a use case sees it: rows to
// find and write, nothing decided. A letter's Tx in a Group (Group.Letter)
// runs in the group's transaction, committed with the group, and fails
// whatever it is asked once Group.Done closed it.
type Tx struct {
	db      *DB
	tx      *sql.Tx
	touched []string              // tournaments loaded, dropped from memory if the transaction fails
	kept    map[string]*committed // tournaments saved, kept in memory once it committed
	// done is set when the group's letter is closed (Group.Done): what
	// it would do then would be another letter's work.
	done bool
}

// errLetterDone is what a group letter's Tx answers after Group.Done.
var errLetterDone = errors.New("storage: a group letter's Tx used after Group.Done")

// usable fails once t may no longer be used (errLetterDone).
func (t *Tx) usable() error {
	if t.done {
		return errLetterDone
	}
	return nil
}

// Update runs fn in one write transaction, committed when fn returns nil.
// When it fails, or fn panics, the tournaments fn loaded leave memory:
// their copies may hold what was rolled back (saveState brings a copy's
// games up to date in place).
func (db *DB) Update(ctx context.Context, fn func(*Tx) error) error {
	t := &Tx{db: db}
	stored := false
	defer func() {
		if !stored {
			for _, c := range t.touched {
				db.forget(c)
			}
		}
	}()
	err := db.trackedTx(ctx, func(tx *sql.Tx) error {
		t.tx, t.touched, t.kept = tx, nil, map[string]*committed{}
		if err := fn(t); err != nil {
			return err
		}
		// Recorded while the writer's lock is held: a group's later
		// letters take these copies without reading them again.
		for c, k := range t.kept {
			db.isCurrent(tx, c, k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	stored = true
	for c, k := range t.kept {
		db.keep(c, k)
	}
	return nil
}

// StoreLetter stores a received letter with how its sender was
// authenticated (a corr.Auth… method) and advances its mailbox's
// watermark. A letter stored before (same Message-ID, or same mailbox UID
// holding the same bytes) is not stored again: fresh is false and d is
// its disposition.
func (t *Tx) StoreLetter(ctx context.Context, in Incoming, auth string) (id int64, d Disposition, fresh bool, err error) {
	if err := t.usable(); err != nil {
		return 0, "", false, err
	}
	sum := sha256Hex(in.Raw)
	in = in.named(sum)
	if err := t.db.advanceWatermark(ctx, t.tx, in.Mailbox, in.UIDValidity, in.UID); err != nil {
		return 0, "", false, err
	}
	id, d, found, reused, err := t.db.stored(ctx, t.tx, in, sum)
	if found || err != nil {
		return id, d, false, err
	}
	if err := t.db.release(ctx, t.tx, reused, in); err != nil {
		return 0, "", false, err
	}
	return t.insertLetter(ctx, in, sum, auth)
}

// insertLetter stores letter in (named, sum its bytes' hash), Pending.
func (t *Tx) insertLetter(ctx context.Context, in Incoming, sum, auth string) (id int64, d Disposition, fresh bool, err error) {
	r := letterRow{in: in, sum: sum, auth: auth}
	err = t.settle(ctx, &r, letterOutcome{d: Pending})
	return r.id, Pending, true, err
}

// Named returns in with a Message-ID: its own, else one made of its
// bytes, so that a letter without one is still stored once.
func (in Incoming) Named() Incoming {
	if in.MessageID != "" {
		return in
	}
	return in.named(sha256Hex(in.Raw))
}

// named is Named with sum, the hash of in's bytes, computed already.
func (in Incoming) named(sum string) Incoming {
	if in.MessageID == "" {
		in.MessageID = "sha256-" + sum + "@zaochnik.invalid"
	}
	return in
}

// Tournament is a tournament as loaded for a change: its state and desk,
// which the caller may change and give back to Save.
type Tournament struct {
	loaded
	Desk adjudication.Desk
	desk adjudication.Desk // as read, so that Save writes what changed
}

// Day is the date of play at instant at, in the tournament's zone.
func (l Tournament) Day(at time.Time) timecontrol.Date {
	return timecontrol.DateOf(at.In(l.from.loc))
}

// Load reads tournament cipher's state and desk.
func (t *Tx) Load(ctx context.Context, cipher string) (Tournament, error) {
	if err := t.usable(); err != nil {
		return Tournament{}, err
	}
	t.touched = append(t.touched, cipher)
	l, err := t.db.load(ctx, t.tx, cipher)
	if err != nil {
		return Tournament{}, err
	}
	d, err := t.db.loadDesk(ctx, t.tx, l.id)
	return Tournament{loaded: l, Desk: d, desk: d}, err
}

// saveDesk writes what changed of l's desk. A desk the step left as it
// was loaded (the same lists: a move letter's) is not compared further.
func (t *Tx) saveDesk(ctx context.Context, l Tournament) error {
	if sameDesk(l.desk, l.Desk) {
		return nil
	}
	t.db.deskSaved(t.tx, l.id, l.desk, l.Desk)
	return saveDesk(ctx, t.tx, l.id, l.desk, l.Desk)
}

// sameDesk reports whether desk d is was as loaded: the same organiser
// and the same lists, the same elements of the same arrays. What it finds
// the same, saveDesk's comparison would (an element changed in place is
// changed in both); a desk a step changed through new lists is compared
// whole.
func sameDesk(was, d adjudication.Desk) bool {
	return was.Organiser == d.Organiser && corr.SameList(was.Adjournments, d.Adjournments) && corr.SameList(was.Withdrawals, d.Withdrawals) &&
		corr.SameList(was.Sanctions, d.Sanctions) && corr.SameList(was.Forfeits, d.Forfeits)
}

// SaveDesk writes what a decision at the desk changed of tournament l on
// day: the desk, the outcome's events and outgoing letters; the state is
// left as stored.
func (t *Tx) SaveDesk(ctx context.Context, l Tournament, day timecontrol.Date, out corr.Outcome) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := t.saveDesk(ctx, l); err != nil {
		return err
	}
	return t.db.commitOutcome(ctx, t.tx, l.id, 0, day, out, l.from.games)
}

// Save writes what stored letter id (0: none) changed of tournament l on
// day: the letter's disposition d, the new state and desk (the games the
// outcome cancels marked so, 1.15.8), the outcome's events, ledger lines
// and outgoing letters.
func (t *Tx) Save(ctx context.Context, l Tournament, next corr.State, id int64, d Disposition, day timecontrol.Date, out corr.Outcome) error {
	if err := t.usable(); err != nil {
		return err
	}
	var r *letterRow
	if id != 0 {
		r = &letterRow{id: id}
	}
	return t.save(ctx, l, next, r, d, day, out)
}

// save is Save for the letter of row r (nil: none), a fresh one inserted
// with its disposition.
func (t *Tx) save(ctx context.Context, l Tournament, next corr.State, r *letterRow, d Disposition, day timecontrol.Date, out corr.Outcome) error {
	var id int64
	if r != nil {
		var gid any
		if g, ok := l.from.games[out.Game]; ok {
			gid = g.id
		} else if out.Game != "" {
			var g int64
			if err := t.db.queryRow(ctx, t.tx, `SELECT id FROM games WHERE code = ?`, out.Game).Scan(&g); err == nil {
				gid = g
			}
		}
		problems := "null" // encoding/json's for none, as the column always kept it
		if out.Problems != nil {
			b, err := json.Marshal(out.Problems)
			if err != nil {
				return err
			}
			problems = string(b)
		}
		if err := t.settle(ctx, r, letterOutcome{tid: l.id, d: d, reason: out.Reason, applied: true, gid: gid, problems: problems}); err != nil {
			return err
		}
		id = r.id
	}
	if err := t.saveDesk(ctx, l); err != nil {
		return err
	}
	prev, err := t.db.cancelGames(ctx, t.tx, l.loaded, out.Cancelled)
	if err != nil {
		return err
	}
	kept, err := t.db.saveState(ctx, t.tx, next, prev)
	if err != nil {
		return err
	}
	t.kept[l.State.Tournament.Cipher] = kept
	return t.db.commitOutcome(ctx, t.tx, l.id, id, day, out, kept.games)
}
